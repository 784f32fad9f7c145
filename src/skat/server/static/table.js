// The table page: one WebSocket, the state the server sends, the controls for this place.
"use strict";

const TABLE = location.pathname.split("/").filter(Boolean).pop();
let S = null;            // the latest state message
let pending = false;     // an action was sent and is not answered yet
const tableLink = new TableLink(TABLE, { receive, closed: () => { pending = false; } });
let picked = [];         // cards chosen to put away
let receivedAt = 0;
let prev = null;         // the state before the latest: what changed is announced
let decl = { key: "", hand: false, game: null };  // the staged declaration
let held = null;         // a completed trick shown for a moment: {trick, number, until}
let shownTrick = [];     // the cards of the trick drawn last (a new one slides in)
let levels = ["heuristic"];  // the computer levels a waiting table can be started with
let startLevel = "heuristic";  // the one chosen

// ------------------------------------------------------------------ the site's own dialog

function ask({ title, text = "", ok, cancel = t("web.cancel"), input = null, danger = false }) {
  // a question in the page (no browser confirm()/prompt()): resolves to true (or the text typed
  // into ``input``) when answered with ``ok``, to null when cancelled (Escape too)
  return new Promise((resolve) => {
    const before = document.activeElement;
    let host = document.getElementById("ask");
    if (!host) { host = el("div", { id: "ask" }); document.body.append(host); }
    const field = input ? el("input", { type: "text", id: "ask-input", maxlength: "40", "aria-label": input.label, readonly: input.readonly || undefined }) : null;
    if (field) field.value = input.value || "";
    const onKey = (e) => { if (e.key === "Escape") { e.preventDefault(); done(null); } };
    function done(value) {
      host.replaceChildren();
      document.removeEventListener("keydown", onKey, true);
      if (before && before.isConnected && before.focus) before.focus();
      resolve(value);
      if (S) render();
    }
    const yes = el("button", { class: `primary ${danger ? "danger" : ""}`, id: "ask-ok", text: ok,
      onclick: () => { if (!field || input.readonly || field.value.trim()) done(field && !input.readonly ? field.value.trim() : true); } });
    const no = cancel ? el("button", { id: "ask-cancel", text: cancel, onclick: () => done(null) }) : null;
    const dialog = el("div", { class: "dialog", id: "ask-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "ask-title", "aria-describedby": text ? "ask-text" : undefined },
      el("h2", { id: "ask-title", text: title }),
      text ? el("p", { id: "ask-text", text }) : null,
      field ? el("label", { class: "ask-field" }, el("span", { text: input.label }), field) : null,
      el("p", { class: "dialog-buttons" }, yes, " ", no));
    fill(host, el("div", { class: "overlay" }, dialog));
    document.addEventListener("keydown", onKey, true);
    if (field) {
      field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); yes.click(); } });
      field.focus();
      field.select();
    } else yes.focus();
  });
}

function endQuestion(action) {
  // the question before an irreversible way to end the game (asked once, in the page)
  const g = S.game;
  if (action === "SC") {
    const declarer = g.declarer === S.seat;
    return { title: t("web.claimTitle"), text: (declarer ? t("web.claimAsk") : t("web.claimAskDefender")), ok: t("web.claimDo") };
  }
  return { title: `${label(action)}?`, text: t("web.cannotUndo"), ok: label(action), danger: action.startsWith("RE.") };
}

function fill(node, ...children) {
  // replaceChildren without the absent parts: replaceChildren(null) prints the word "null"
  node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

function autoNote(auto, index) {
  // a move the table made for its player says so (the clock, away, the claim played out)
  const why = auto ? auto[String(index)] : null;
  return why ? ` (${tc(`web.auto_${why}`)})` : "";
}

// ------------------------------------------------------------------ connection

function receive(msg) {
  if (msg.type === "state") {
    if (S && msg.counter < S.counter) return;  // an older position (a process catching up): never back
    wholeSheet(msg, S);
    S = msg;
    receivedAt = Date.now();
    pending = false;
    if (!S.game || S.game.phase !== "discard" && S.game.phase !== "push_discard") picked = [];
    const key = S.game ? `${S.series.number}:${S.game.phase}` : "";
    if (key !== decl.key) decl = { key, hand: false, game: null };
    setConn(t("web.online"), false);
    announce(prev, S);
    sayWaiting(S);
    prev = S;
    render();
  } else if (msg.type === "error") {
    pending = false;
    toast(msg.message);
    tableLink.refused(msg);
    if (S) render();
  } else if (msg.type === "welcome") {
    document.body.dataset.you = msg.you === null ? "spectator" : String(msg.you);
    if (msg.you === null && location.hash === "#join") {  // the lobby's Join: the name first
      history.replaceState(null, "", location.pathname);
      setTimeout(() => { if (S && S.players.some((p) => p.kind === "human" && !p.claimed)) joinTable(); }, 300);
    }
  }
}

function send(action) {
  if (!S || pending || !tableLink.act(action, S.counter)) return;
  pending = true;
  render();
}

// ------------------------------------------------------------------ the live region

function mineNow(state) { return !!(state && state.game && state.game.legal.length); }

function announce(old, now) {
  // every event in words for screen readers (the #live region), and the optional sounds
  const g = now.game;
  if (now.waiting) { if (!old || !old.waiting) say(t("web.waitingTitle")); return; }
  const sameGame = old && old.game && g && old.series.number === now.series.number;
  if (now.last && (!old || !old.last || old.last.number !== now.last.number)) {
    if (old && old.game && old.series.number === now.last.number) {
      now.last.events.slice(old.game.history.length).forEach(([s, a], k) =>
        say(spokenIn(old, s, a) + autoNote(now.last.auto, old.game.history.length + k)));
      const lt = now.last.last_trick;  // the game's last trick: its winner is said too
      if (lt && lt.number > old.game.tricks.length) say(`${nameIn(old, lt.winner)} ${t("web.takesTrick")} (${lt.points} ${t("web.cardPoints")})`);
    }
    if (old) { say(`${t("web.result")}: ${packWords(now.last[`text_${lang()}`])}`); beep("result"); }
  }
  if (!g) { if (old && old.game) say(t("web.seriesOver")); return; }
  if (!sameGame) {
    const dealer = now.players[now.series.dealer];
    say(`${t("web.game")} ${now.series.number}: ${now.seat !== null ? roleName(now.seat) : t("web.spectator")} · ${t("web.dealer")} ${dealer ? dealer.name : ""}`);
    if (now.seat !== null && g.hand) say(`${t("web.handOf")} ${now.players[now.you].name}: ${g.hand.map(cardName).join(", ")}`);
    // what happened before the page had the game (a computer's first bid, a reload): every
    // event before the first trick, later only the trick on the table
    const before = g.tricks.length ? g.history.slice(g.history.length - g.trick.length) : g.history;
    if (g.tricks.length) say(`${t("web.trickWord")} ${g.tricks.length + 1}`);
    for (const [s, a] of g.history.length ? before : []) say(spoken(s, a));
  } else {
    g.history.slice(old.game.history.length).forEach(([s, a], k) => {
      say(spoken(s, a) + autoNote(g.auto, old.game.history.length + k));
      if (a && isCard(a)) beep("card");
    });
    if (g.skat && !old.game.skat && now.seat !== null) say(`${t("web.skatWord")}: ${g.skat.map(cardName).join(", ")}`);
    if (g.tricks.length > old.game.tricks.length) {
      const lt = g.tricks[g.tricks.length - 1];
      say(`${seatName(lt.winner)} ${t("web.takesTrick")} (${lt.points} ${t("web.cardPoints")})`);
      beep("trick");
      const pause = settings().pause;
      if (pause > 0) {
        held = { trick: lt, number: g.tricks.length, until: Date.now() + pause };
        setTimeout(render, pause + 20);
        setTimeout(render, pause + 420);
      }
    }
    if (held && held.number === g.tricks.length && g.trick.length && Date.now() < held.until) {
      // the next lead came while the last trick is still shown: it goes at once, so the card
      // to answer is on the table before anyone may answer it
      held.until = Math.min(held.until, Date.now() + LEAD_SHOWS_MS);
      setTimeout(render, LEAD_SHOWS_MS + 20);
      setTimeout(render, LEAD_SHOWS_MS + 420);
    }
  }
  // "Your turn" whenever it becomes one's turn, also again after one's own move (one's bid
  // held, one's trick won: the next lead is one's own)
  const moved = sameGame && g.history.length > old.game.history.length;
  if (mineNow(now) && (!mineNow(old) || !sameGame || old.game.phase !== g.phase || moved)) { say(t("web.yourTurnSay")); beep("turn"); }
}

// when another player takes longer than a moment, say whom the table waits for
let waitTimer = null;
function sayWaiting(now) {
  clearTimeout(waitTimer);
  const g = now.game;
  if (!g || mineNow(now) || g.to_move === null || g.to_move === undefined || g.phase === "done") return;
  const counter = now.counter;
  waitTimer = setTimeout(() => {
    if (!S || S.counter !== counter || !S.game) return;
    const p = playerAt(g.to_move);
    if (p) say(p.kind === "human" ? `${t("web.waitingFor")} ${p.name}` : `${p.name} ${t("web.thinks")}`);
  }, WAIT_SAY_MS);
}
const WAIT_SAY_MS = 2500;
const LEAD_SHOWS_MS = 300;  // how long a held trick stays once the next lead is played

function holding() {
  // the completed trick still covers the table (the pause after a trick, then it goes to its
  // winner): nobody answers a card he cannot see yet
  const g = S && S.game;
  return !!(held && g && held.number === g.tricks.length && Date.now() < held.until + 400);
}

function nameIn(state, seat) { const p = state.players[state.seats[seat]]; return p ? p.name : "?"; }

function spokenIn(state, seat, action) {
  const keep = S;
  S = state;
  try { return spoken(seat, action); } finally { S = keep; }
}

// ------------------------------------------------------------------ helpers

function playerAt(seat) { return S.players[S.seats[seat]]; }
function seatName(seat) { const p = playerAt(seat); return p ? p.name : "?"; }
function base() {  // the seat drawn at the bottom: one's own, for a spectator the first player's
  if (S.seat !== null && S.seat !== undefined) return S.seat;
  const first = S.players.find((p) => p.seat !== null);
  return S.players[0].seat !== null ? S.players[0].seat : first ? first.seat : 0;
}
function isCard(text) { return /^[CSHD][789TJQKA]$/.test(text); }

const SUIT_ORDER = "CSHD";
const RANKS_NORMAL = "ATKQ987";
const RANKS_NULL = "AKQJT987";

function sortCards(cards, contract) {
  const kind = contract ? contract[0] : "G";
  const nul = kind === "N";
  const trump = "CSHD".includes(kind) ? kind : null;
  const key = (c) => {
    const suit = c[0], rank = c[1];
    if (!nul && rank === "J") return [0, SUIT_ORDER.indexOf(suit), 0];
    const group = suit === trump ? 1 : 2 + SUIT_ORDER.indexOf(suit);
    return [group, 0, (nul ? RANKS_NULL : RANKS_NORMAL).indexOf(rank)];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a), kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

function label(action) {
  // the core's words for the actions (sent with the game, in both languages); the page names
  // only the bids, the cards and the declarations (with their values) itself
  const g = S.game;
  if (/^\d+$/.test(action)) return `${action}`;
  const d = (g.declarations || []).find((x) => x.action === action);
  if (d) return `${packWords(d[lang()])} (${d.value})`;
  const words = (g.labels || {})[lang()] || {};
  if (words[action]) return packWords(words[action]);
  if (isCard(action)) return cardName(action);
  return action;
}

function spoken(seat, action) {
  if (action === null) return `${seatName(seat)}: ${t("web.discard")}`;
  if (isCard(action)) return `${seatName(seat)}: ${cardName(action)}`;
  if (/^\d+$/.test(action)) return `${seatName(seat)} ${t("web.bidsSay")} ${action}`;
  if (/^[CSHD][789TJQKA]\.[CSHD][789TJQKA]$/.test(action)) return `${seatName(seat)}: ${t("web.discard")} ${action.split(".").map(cardName).join(", ")}`;
  const d = contractName(action);
  return `${seatName(seat)}: ${d || label(action)}`;
}

function contractName(code) {
  if (!S.game || !S.game.contract || S.game.contract !== code) return null;
  return packWords(S.game[`contract_${lang()}`]);
}

function handCount(seat) {
  const g = S.game;
  if (seat === S.seat && g.hand) return g.hand.length;
  let played = 0;
  for (const [s, a] of g.history) if (s === seat && a && isCard(a)) played++;
  let n = 10 - played;
  if (g.phase === "discard" && g.declarer === seat) n += 2;
  if (g.phase === "push_discard" && g.to_move === seat) n += 2;
  return Math.max(n, 0);
}

function lastCall(seat) {
  const g = S.game;
  if (!["bidding", "skat", "answer", "push"].includes(g.phase)) return null;
  for (let i = g.history.length - 1; i >= 0; i--) {
    const [s, a] = g.history[i];
    if (s === seat && a !== null && !isCard(a)) return label(a);
  }
  return null;
}

// ------------------------------------------------------------------ rendering

function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  if (a.id) return `#${a.id}`;
  for (const attr of ["data-card", "data-action", "data-game"]) {
    const v = a.getAttribute(attr);
    if (v) return `${a.tagName.toLowerCase()}[${attr}="${v}"]`;
  }
  return null;
}

function render() {
  if (!S) return;
  const focused = focusKey();
  const wasBody = !document.activeElement || document.activeElement === document.body;
  draw();
  // keyboard play: keep the focus where it was; on one's turn put it on the first choice
  const again = focused ? document.querySelector(focused) : null;
  if (again && !again.disabled && again.getAttribute("aria-disabled") !== "true") again.focus();
  else if ((focused || wasBody) && !document.querySelector("#overlay .dialog, #ask .dialog") && mineNow(S) && !pending && !holding()) {
    const first = document.querySelector("#actions button.primary:not([disabled]), #hand .card.legal, #actions button:not([disabled])");
    if (first) first.focus();
  }
}

function draw() {
  renderHeader();
  if (S.waiting) { renderWaiting(); return; }
  document.getElementById("felt").classList.remove("waiting");
  if (!S.game) { renderSeriesEnd(); return; }
  renderOpponent("opp-left", (base() + 1) % 3);
  renderOpponent("opp-right", (base() + 2) % 3);
  renderCenter();
  renderMe();
  renderActions();
  renderSide();
  renderOverlay();
}

function renderHeader() {
  const sr = S.series;
  const you = S.you === null ? t("web.spectator") : S.players[S.you].name;
  const out = (sr.sitting || []).map((i) => `${S.players[i].name} ${t("web.sitsOutNow")}`);
  const info = [`${t("web.game")} ${sr.over ? sr.rows.length : sr.number} (${sr.turn}/${sr.planned})`, you, ...out];
  document.getElementById("info").textContent = info.join(" · ");
  document.getElementById("info").title = `${TABLE} · ${S.rules}`;
  document.title = `Skat – ${info.join(" · ")}`;
  const join = document.getElementById("join");
  const free = S.players.some((p) => p.kind === "human" && !p.claimed);
  join.hidden = !(S.you === null && free && !sr.over);
  join.textContent = t("web.join");
  document.getElementById("invite").textContent = t("web.invite");
}

function renderOpponent(id, seat) {
  const box = document.getElementById(id);
  const g = S.game;
  const p = playerAt(seat);
  box.classList.toggle("to-move", g.to_move === seat);
  box.dataset.seat = seat;
  const who = el("div", { class: "who" },
    el("span", { class: `dot ${p.online || p.kind !== "human" ? "on" : ""}` }),
    el("span", { text: p.name }),
    g.declarer === seat ? el("span", { class: "badge", text: t("web.declarer") }) : null,
    dealerBadge(seat));
  const kind = p.kind === "human" ? "" : ` · ${tc(`web.level_${p.kind}`)}`;
  const role = el("div", { class: "role", text: `${roleName(seat)}${kind}` });
  const parts = [who, role];
  const th = thinking(seat);
  if (th) parts.push(th);
  const call = lastCall(seat);
  if (call) parts.push(el("div", { class: "said", text: call }));
  let open = null;
  if (g.open_hand && g.declarer === seat) open = g.open_hand;
  if (g.claimer_hand && g.claimer === seat) open = g.claimer_hand;
  if (open) parts.push(el("div", { class: "open-cards" }, ...sortCards(open, g.contract).map((c) => cardImg(c))));
  else {
    const n = handCount(seat);
    parts.push(el("div", { class: "backs", role: "img", "aria-label": tn("web.backs", "web.backs.plural", n) },
      ...Array.from({ length: n }, () => cardImg(null, { alt: "" }))));
  }
  box.setAttribute("aria-label", `${p.name}, ${roleName(seat)}`);
  box.setAttribute("role", "region");
  fill(box, ...parts);
}

function thinking(seat) {  // a visible sign while a computer player chooses his move
  const g = S.game, p = playerAt(seat);
  if (g.to_move !== seat || p.kind === "human" || g.phase === "done") return null;
  return el("div", { class: "thinking", text: `${p.name} ${t("web.thinks")}` });
}

function dealerBadge(seat) {
  // the dealer: Rearhand at a 3-table (at a 4-table he sits out and the header says so)
  return S.seats[seat] === S.series.dealer ? el("span", { class: "badge dealer", title: t("web.dealer"), text: t("web.dealer") }) : null;
}

function progressText() {
  // the running trick count and the declarer's card points in the tricks he took
  const g = S.game;
  if (g.phase !== "play" && g.phase !== "answer") return "";
  const n = Math.min(g.tricks.length + 1, 10);
  let text = `${t("web.trickWord")} ${n}/10`;
  if (S.show_points && g.declarer !== null && g.declarer !== undefined) {  // a table option
    const pts = g.tricks.filter((x) => x.winner === g.declarer).reduce((a, x) => a + x.points, 0);
    text += ` · ${seatName(g.declarer)}: ${pts} ${t("web.cardPoints")}`;
  }
  return text;
}

function trickPos(seat) {
  const b = base();
  return seat === b ? "pos-me" : seat === (b + 1) % 3 ? "pos-left" : "pos-right";
}

function statusText() {
  const g = S.game;
  const mine = g.legal.length > 0;
  if (g.phase === "done") return g.result ? packWords(g.result[`text_${lang()}`]) : "";
  const moving = g.to_move === null ? "" : seatName(g.to_move);
  let text = mine ? t("web.yourTurn") : `${t("web.waitingFor")} ${moving}`;
  if (holding()) text = `${seatName(held.trick.winner)} ${t("web.takesTrick")}`;
  if (g.phase === "bidding" && g.bid) text = `${t("web.bidNow")} ${g.bid} · ${text}`;
  if (g.contract) text = `${seatName(g.declarer)}: ${packWords(g[`contract_${lang()}`])}${g.kontra ? ` · ${doublingWord(g.kontra)}` : ""} · ${text}`;
  if (g.ramsch && !g.contract) text = `${t("web.ramsch")} · ${text}`;
  return text;
}

function renderCenter() {
  const g = S.game;
  const box = document.getElementById("center");
  const parts = [el("div", { class: "status", id: "status", text: statusText() })];
  const progress = progressText();
  if (progress) parts.push(el("div", { class: "progress", id: "progress", text: progress }));
  if (g.phase === "play" || g.phase === "answer" && g.tricks.length + g.trick.length > 0) {
    const trick = el("div", { class: "trick", id: "trick", role: "img" });
    let cards = g.trick, leader = g.trick_leader, collect = null;
    const now = Date.now();
    if (held && held.number === g.tricks.length && now < held.until + 400) {
      cards = held.trick.cards; leader = held.trick.leader;  // a short look at the full trick,
      if (now >= held.until) collect = trickPos(held.trick.winner);  // then it goes to its winner
    }
    cards.forEach((c, i) => {
      const pos = trickPos((leader + i) % 3);
      const img = cardImg(c, { class: pos });
      if (collect) img.classList.add("collect", `to-${collect}`);
      else if (!shownTrick.includes(c)) img.classList.add("enter");
      trick.append(img);
    });
    shownTrick = [...cards];
    trick.setAttribute("aria-label", cards.length ? cards.map(cardName).join(", ") : t("web.trickWord"));
    parts.push(trick);
  } else if (["bidding", "skat", "push"].includes(g.phase)) {
    parts.push(el("div", { class: "skat", id: "skat" }, cardImg(g.skat ? g.skat[0] : null), cardImg(g.skat ? g.skat[1] : null)));
  } else if (g.skat && ["discard", "declare"].includes(g.phase) && S.seat === g.declarer) {
    parts.push(el("div", { class: "muted", text: `${t("web.skatWord")}: ${g.skat.map(cardName).join(", ")}` }));
  }
  fill(box, ...parts);
}

function renderMe() {
  const g = S.game;
  const box = document.getElementById("me");
  box.classList.toggle("to-move", S.seat !== null && g.to_move === S.seat);
  if (S.seat === null || S.seat === undefined) {
    // a spectator, or the player who sits out this game (the dealer at a 4-table): the seat
    // at the bottom is another player's, named as what it is
    const seat = base();
    const p = playerAt(seat);
    let open = null;
    if (g.open_hand && g.declarer === seat) open = g.open_hand;
    if (g.claimer_hand && g.claimer === seat) open = g.claimer_hand;
    const parts = [
      S.you !== null && S.you !== undefined ? el("div", { class: "sitting-out", id: "sitting-out", text: t("web.youSitOut") }) : null,
      el("div", { class: "who" }, el("span", { text: `${p.name} · ${roleName(seat)}` }),
        g.declarer === seat ? el("span", { class: "badge", text: t("web.declarer") }) : null, dealerBadge(seat)),
      el("div", { class: "hand" }, ...(open ? sortCards(open, g.contract).map((c) => cardImg(c))
        : Array.from({ length: handCount(seat) }, () => cardImg(null)))),
      thinking(seat)];
    fill(box, ...parts);
    return;
  }
  const me = S.players[S.you];
  const legalCards = new Set(g.legal.filter(isCard));
  const choosing = (g.phase === "discard" || g.phase === "push_discard") && g.legal.length > 0;
  const hand = el("div", { class: "hand", id: "hand" });
  for (const c of sortCards(g.hand, g.contract)) {
    const b = el("button", { class: "card", "data-card": c, title: cardName(c), "aria-label": cardName(c) }, cardImg(c, { alt: "" }));
    if (legalCards.has(c) && !pending && !holding()) {
      b.classList.add("legal");
      b.addEventListener("click", () => send(c));
    } else if (choosing) {
      b.classList.add("legal");
      if (picked.includes(c)) b.classList.add("picked");
      b.addEventListener("click", () => {
        picked = picked.includes(c) ? picked.filter((x) => x !== c) : [...picked, c].slice(-2);
        render();
      });
    } else {  // still reachable by keyboard, so the hand can be read; nothing happens on a click
      if (legalCards.size) b.classList.add("dim");
      b.setAttribute("aria-disabled", "true");
    }
    if (picked.includes(c)) b.setAttribute("aria-pressed", "true");
    else if (choosing) b.setAttribute("aria-pressed", "false");
    hand.append(b);
  }
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", `${t("web.handOf")} ${me.name}`);
  fill(box,
    el("div", { class: "who" }, el("span", { text: `${me.name} · ${roleName(S.seat)}` }),
      g.declarer === S.seat ? el("span", { class: "badge", text: t("web.declarer") }) : null, dealerBadge(S.seat)),
    hand);
}

function button(action, cls = "") {
  return el("button", { class: cls, "data-action": action, text: label(action), disabled: pending, onclick: () => send(action) });
}

function renderActions() {
  const g = S.game;
  const box = document.getElementById("actions");
  const parts = [];
  const legal = g.legal.filter((a) => !isCard(a));
  const bids = legal.filter((a) => /^\d+$/.test(a));
  if (g.phase === "bidding" && legal.length) {
    if (legal.includes("y")) {
      const hold = button("y", "primary");
      const wait = (S.answer_wait || 0) * 1000 - (Date.now() - receivedAt);  // a jump bid (jump_delay)
      if (wait > 0) { hold.disabled = true; setTimeout(renderActions, wait + 50); }
      parts.push(hold, button("p"));
    }
    else {
      if (bids.length) {
        const first = button(bids[0], "primary");
        first.setAttribute("aria-label", `${t("web.bid")} ${bids[0]}`);  // heard as "Bid 20", not "20"
        parts.push(el("span", { class: "label", text: t("web.bid") }), first);
        if (bids.length > 1) {
          const select = el("select", { id: "jump", "aria-label": t("web.jumpBid") }, ...bids.slice(1).map((b) => el("option", { value: b, text: b })));
          parts.push(select, el("button", { text: t("web.jumpTo"), "aria-label": t("web.jumpSay"), disabled: pending, onclick: () => send(select.value) }));
        }
      }
      parts.push(button("p"));
    }
  } else if ((g.phase === "discard" || g.phase === "push_discard") && legal.length) {
    parts.push(el("span", { class: "label", text: t("web.selectTwo") }),
      el("button", { class: "primary", id: "discard", text: t("web.discard"), disabled: picked.length !== 2 || pending, onclick: () => send(picked.join(".")) }));
  } else if (legal.length) {
    const offered = (g.declarations || []).filter((d) => legal.includes(d.action));
    const other = legal.filter((a) => !offered.some((d) => d.action === a));
    if (offered.length) parts.push(...declarationSteps(offered, other));
    else for (const a of other) parts.push(button(a, a === "s" || a === "y" ? "primary" : ""));
  }
  for (const a of g.end_actions || []) {
    const b = el("button", { class: a.startsWith("RE.") ? "danger" : "", "data-action": a, text: label(a), disabled: pending,
      onclick: async () => { if (await ask(endQuestion(a))) send(a); } });
    parts.push(b);
  }
  fill(box, ...parts);
}

// The declaration, the way players know it: pick up the skat or play Hand first, then the
// game, then the announcements the rules allow (the declarations the server sent, from the
// core), the value shown, and one button that declares.
function declarationSteps(offered, other) {
  const g = S.game;
  const parts = [];
  const handOnly = offered.filter((d) => d.hand);
  if (other.includes("s") && !decl.hand) {
    for (const a of other) parts.push(button(a, a === "s" ? "primary" : ""));
    if (handOnly.length) {
      parts.push(el("button", { id: "hand-choice", text: t("web.playHand"), disabled: pending,
        onclick: () => { decl.hand = true; render(); } }));
    }
    return parts;
  }
  for (const a of other.filter((x) => x !== "s")) parts.push(button(a));
  const choices = other.includes("s") ? handOnly : offered;
  const games = [...new Set(choices.map((d) => d.game))];
  const base = (letter) => choices.filter((d) => d.game === letter)[0];  // the plainest: no announcement
  const step = el("div", { class: "decl-step", id: "declarations", role: "group", "aria-label": t("web.chooseGame") },
    el("div", { class: "label", text: `${t("web.chooseGame")}${decl.hand ? ` (${t("web.handWord")})` : ""}` }));
  const row = el("div", { class: "decl-games", id: "games" });
  for (const letter of games) {
    const d = base(letter);
    const short = d.below_bid > 0;
    row.append(el("button", {
      "data-game": letter, "data-action": d.action, class: `${short ? "short" : ""} ${decl.game === letter ? "on" : ""}`,
      "aria-pressed": decl.game === letter ? "true" : "false", disabled: pending,
      title: [d.estimate ? t("web.estimate") : "", short ? t("web.belowBid") : ""].filter(Boolean).join("; ") || undefined,
      onclick: () => { decl.game = letter; decl.action = d.action; render(); },
    }, el("span", { text: gameWord(letter) }), el("span", { class: "val", text: `${d.estimate ? "≈ " : ""}${d.value}` })));
  }
  step.append(row);
  if (decl.game) {
    const options = choices.filter((d) => d.game === decl.game);
    if (!options.some((d) => d.action === decl.action)) decl.action = options[0].action;
    if (options.length > 1) {
      const set = el("fieldset", { class: "announce", id: "announce" }, el("legend", { text: t("web.announcements") }));
      for (const d of options) {
        const input = el("input", { type: "radio", name: "announce", value: d.action, "data-action": d.action });
        input.checked = d.action === decl.action;
        input.addEventListener("change", () => { decl.action = d.action; render(); });
        set.append(el("label", { class: "inline" }, input, el("span", { text: `${announceWord(d)} · ${d.estimate ? "≈ " : ""}${d.value}` })));
      }
      step.append(set);
    }
    const d = options.find((x) => x.action === decl.action);
    const short = d.below_bid > 0;
    step.append(el("div", { class: `decl-sum ${short ? "lost" : ""}`, id: "decl-sum",
      text: `${packWords(d[lang()])} · ${t("web.valueWord")} ${d.estimate ? "≈ " : ""}${d.value}${short ? ` < ${g.bid}: ${t("web.belowBid")}` : ""}` }));
    step.append(el("div", { class: "decl-confirm" },
      el("button", { class: `primary ${short ? "danger" : ""}`, id: "confirm-declare", "data-confirm": d.action, disabled: pending,
        text: `${t("web.playIt")}: ${packWords(d[lang()])} (${d.value})`, onclick: () => send(d.action) }),
      decl.hand ? el("button", { id: "decl-back", text: t("web.back"), onclick: () => { decl = { ...decl, hand: false, game: null }; render(); } }) : null));
  }
  parts.push(step);
  return parts;
}

function gameWord(letter) {
  if (letter === "G") return t("web.gameGrand");
  if (letter === "N") return t("web.gameNull");
  return suitName(letter);
}

function announceWord(d) {
  if (d.ouvert) return d.game === "N" ? t("web.ouvertN") : t("web.ouvertA");
  if (d.schwarz) return t("web.schwarzA");
  if (d.schneider) return t("web.schneiderA");
  return t("web.noAnnounce");
}

function tickClock() {
  const node = document.getElementById("clock");
  if (!S || S.remaining === null || S.remaining === undefined) { node.textContent = ""; return; }
  const left = Math.max(0, S.remaining - (Date.now() - receivedAt) / 1000);
  node.textContent = `⏱ ${Math.ceil(left)} s`;
  node.classList.toggle("low", left < 10);
}

async function joinTable() {
  // everyone names himself: the name is asked in the page, and kept for the next table
  const name = await ask({ title: t("web.joinTitle"), ok: t("web.takePlace"),
    input: { label: t("web.yourName"), value: localStorage.getItem("skat.name") || "" } });
  if (name) await joinAs(name, null);
}

async function joinAs(name, place) {
  name = (name || "").trim();
  if (!name) { toast(t("web.yourName")); const f = document.getElementById("my-name"); if (f) f.focus(); return; }
  try {
    const body = { name };
    if (place !== null && place !== undefined) body.place = place;
    const got = await api(`/api/tables/${TABLE}/join`, body);
    localStorage.setItem("skat.name", name);
    localStorage.setItem(tokenKey(TABLE), JSON.stringify(got));
    tableLink.reopen();
  } catch (e) { toast(e.message); }
}

async function copyInvite() {
  const link = `${location.origin}/table/${TABLE}`;
  try { await navigator.clipboard.writeText(link); toast(`${t("web.copied")}: ${link}`); }
  catch { await ask({ title: t("web.invite"), ok: "OK", cancel: null, input: { label: t("web.inviteLink"), value: link, readonly: true } }); }
}

function start() {
  langSwitch(document.getElementById("lang"));
  settingsBox(document.getElementById("settings"));
  translatePage();
  document.addEventListener("langchange", () => { tableLink.relang(); translatePage(); settingsBox(document.getElementById("settings")); document.getElementById("invite").textContent = t("web.invite"); if (S) render(); });
  document.getElementById("join").addEventListener("click", joinTable);
  document.getElementById("invite").textContent = t("web.invite");  // named before the first state
  document.getElementById("invite").addEventListener("click", copyInvite);
  api("/api/options").then((o) => {
    if (o.computers && o.computers.length) { levels = o.computers; if (o.default && levels.includes(o.default)) startLevel = o.default; if (S && S.waiting) render(); }
  }).catch(() => {});
  setInterval(tickClock, 250);
  tableLink.open();
}

start();
