// The table page of a variant (Strohmann, Officers' Skat, Tournee Skat): the same WebSocket
// protocol as Skat's table (hello, act with the move counter, state), the variant's own view
// (skat.server.variant_view): the dummy's cards, the Officers' piles, the turned card. Only
// legal moves are offered; every word of an action comes from the server (labels).
"use strict";

const TABLE = decodeURIComponent(location.pathname.split("/").pop());
const CARD = /^[CSHD][789TJQKA]$/;
const PAIR = /^[CSHD][789TJQKA]\.[CSHD][789TJQKA]$/;
const SHOWN_BIDS = 6;
const SPOKEN = /^(\d+|p|y)$/;  // bids, passing, holding: said at once; every other choice asks once
let S = null, pending = false, picked = [], dialogShown = 0, allBids = false;
const tableLink = new TableLink(TABLE, { receive, closed: () => { pending = false; } });
let chosen = null;  // a declaration waiting for its confirmation (every irreversible choice asks once)


// ------------------------------------------------------------------ connection

function receive(msg) {
  if (msg.type === "state") {
    if (S && msg.counter < S.counter) return;
    wholeSheet(msg, S);
    const old = S;
    S = msg;
    pending = false;
    chosen = null;
    if (!S.game || !S.game.legal.some((a) => PAIR.test(a))) picked = [];
    if (old && old.game && S.game && old.series.number !== S.series.number) allBids = false;
    setConn(t("web.online"), false);
    // a game just finished before this player's eyes: its result in a dialog until "Continue"
    if (S.last && old && (!old.last || old.last.number !== S.last.number)) dialogShown = S.last.number;
    if (S.series.over && old && !old.series.over) dialogShown = S.last ? S.last.number : -1;
    render();
  } else if (msg.type === "error") {
    pending = false;
    toast(msg.message);
    tableLink.refused(msg);
    if (S) render();
  } else if (msg.type === "welcome") {
    document.body.dataset.you = msg.you === null ? "spectator" : String(msg.you);
    if (msg.you === null && location.hash === "#join") {
      history.replaceState(null, "", location.pathname);
      showJoin(true);
    }
  }
}

function send(action) {
  if (!S || pending || !tableLink.act(action, S.counter)) return;
  pending = true;
  render();
}

// ------------------------------------------------------------------ names

function playerAt(seat) { return S.game.players[seat]; }

function nameAt(seat) {
  const p = playerAt(seat);
  if (p === null || p === undefined) return t("web.dummyName");
  return p === S.you ? `${S.players[p].name} (${t("web.youWord")})` : S.players[p].name;
}

function roleAt(seat) {
  if (S.variant === "officers") return seat === 0 ? t("web.offForehand") : t("web.offDealer");
  return roleName(seat);
}

function label(action) {
  const words = S.game.labels[lang()] || {};
  if (CARD.test(action)) return cardName(action);
  return packWords(words[action] || action);
}

// ------------------------------------------------------------------ drawing

function cardButton(name, legal, where) {
  const b = el("button", { class: `card${legal ? " legal" : ""}${picked.includes(name) ? " picked" : ""}`,
    "data-card": name, "data-where": where, disabled: !legal || pending, "aria-label": cardName(name) }, cardImg(name));
  if (legal) b.addEventListener("click", () => cardClicked(name));
  return b;
}

function cardClicked(name) {
  const g = S.game;
  if (g.legal.some((a) => PAIR.test(a))) {  // putting two away: choose, then confirm
    picked = picked.includes(name) ? picked.filter((c) => c !== name) : [...picked, name].slice(-2);
    render();
    return;
  }
  send(name);
}

function pairAction() {
  if (picked.length !== 2) return null;
  return S.game.legal.find((a) => PAIR.test(a) && a.split(".").every((c) => picked.includes(c))) || null;
}

function backs(n) {
  const row = el("div", { class: "vt-row small", "aria-label": `${n} ${t("web.cardBacks")}` });
  for (let i = 0; i < n; i++) row.append(cardImg(null));
  return row;
}

function seatBox(seat, ...children) {
  const g = S.game;
  const mover = g.to_move === seat || (g.mover === seat && !g.for_dummy);
  const p = playerAt(seat);
  const info = p !== null && p !== undefined ? S.players[p] : null;
  const dot = info ? el("span", { class: `dot${info.online || info.kind !== "human" ? " on" : ""}` }) : null;
  return el("div", { class: `vt-seat${mover ? " to-move" : ""}`, "data-seat": String(seat) },
    el("div", { class: "who" }, dot, el("span", { text: nameAt(seat) }), el("span", { class: "role", text: roleAt(seat) })),
    ...children);
}

function pileRow(piles, player, start, clickable) {
  const g = S.game;
  const row = el("div", { class: "vt-row piles", "data-row": `${player}-${start}` });
  for (const pile of piles.slice(start, start + 4)) {
    if (pile.top) {
      const legal = clickable && g.legal.includes(pile.top);
      const box = el("div", { class: "pile", "data-top": pile.top });
      if (pile.hidden) box.append(cardImg(null, { class: "under" }));
      box.append(cardButton(pile.top, legal, "pile"));
      row.append(box);
    } else if (pile.hidden) {
      row.append(el("div", { class: "pile", "data-top": "" }, cardImg(null, { class: "alone" })));
    } else {
      row.append(el("div", { class: "pile empty" }));
    }
  }
  return row;
}

function handRow(cards, legalSet, where) {
  const row = el("div", { class: "vt-row", id: where === "hand" ? "hand" : undefined });
  for (const c of cards) row.append(cardButton(c, legalSet.has(c), where));
  return row;
}

function drawOthers() {
  const g = S.game, box = document.getElementById("others");
  box.replaceChildren();
  const seats = g.players.length;
  const legal = new Set(g.legal.filter((a) => CARD.test(a)));
  for (let seat = 0; seat < seats; seat++) {
    if (seat === S.seat) continue;
    if (S.variant === "officers") {
      box.append(seatBox(seat, pileRow(g.piles[seat], seat, 4, false), pileRow(g.piles[seat], seat, 0, false)));
    } else if (S.variant === "strohmann" && seat === g.dummy) {
      const cards = g.dummy_hand
        ? el("div", { id: "dummy" }, handRow(g.dummy_hand, g.for_dummy ? legal : new Set(), "dummy"))
        : el("div", { id: "dummy" }, el("div", { class: "muted", text: t("web.dummyDown") }), backs(g.dummy_left));
      box.append(seatBox(seat, cards));
    } else {
      const left = 10 - g.tricks.length - (inTrick(seat) ? 1 : 0);
      const open = g.open_hand && seat === g.declarer ? handRow(g.open_hand, new Set(), "open") : backs(Math.max(0, left));
      box.append(seatBox(seat, open));
    }
  }
}

function inTrick(seat) {
  const g = S.game, n = g.players.length;
  return g.trick.some((_, k) => (g.trick_leader + k) % n === seat);
}

function drawCenter() {
  const g = S.game;
  const status = document.getElementById("status");
  const mine = g.legal.length > 0;
  if (mine) status.textContent = g.for_dummy ? t("web.forDummy") : t("web.yourTurn");
  else if (g.mover !== null && g.mover !== undefined) status.textContent = `${t("web.waitingFor")} ${nameAt(g.mover)}`;
  else status.textContent = "";
  const contract = document.getElementById("contract");
  contract.replaceChildren();
  if (g.contract) {
    contract.append(el("span", { text: `${t("web.game")}: ${packWords(g[`contract_${lang()}`])} · ${t("web.declarer")}: ${nameAt(g.declarer)}` }));
  } else if (g.bid) {
    contract.append(el("span", { text: `${t("web.bidNow")}: ${g.bid}` }));
  }
  const turned = document.getElementById("turned");
  turned.replaceChildren();
  if (S.variant === "tournee" && g.turned && g.turned.length) {
    turned.append(el("span", { text: `${t("web.turnedUp")}:` }), ...g.turned.map((c) => cardImg(c)));
  }
  const trick = document.getElementById("trick");
  trick.replaceChildren();
  const n = g.players.length;
  let shown = g.trick, leader = g.trick_leader;
  if (!shown.length && g.tricks.length) {  // the last trick stays until the next card
    const last = g.tricks[g.tricks.length - 1];
    shown = last.cards; leader = last.leader;
  }
  shown.forEach((c, k) => trick.append(el("figure", {}, cardImg(c), el("figcaption", { text: nameAt((leader + k) % n) }))));
  trick.classList.toggle("done", !g.trick.length);
}

function drawMine() {
  const g = S.game, box = document.getElementById("mine");
  box.replaceChildren();
  box.classList.toggle("to-move", g.legal.length > 0);
  if (S.seat === null || S.seat === undefined) {  // a spectator, or a player who sits out
    if (S.you !== null && S.you !== undefined) {
      box.append(el("div", { class: "who", id: "sitting-out" }, el("span", { text: S.players[S.you].name }), el("span", { class: "role", text: t("web.sitsOut") })));
    }
    return;
  }
  const legal = new Set(g.legal.filter((a) => CARD.test(a)));
  const pair = g.legal.some((a) => PAIR.test(a));
  box.append(el("div", { class: "who" }, el("span", { text: nameAt(S.seat) }), el("span", { class: "role", text: roleAt(S.seat) })));
  if (S.variant === "officers") {
    box.append(pileRow(g.piles[S.seat], S.seat, 0, true), pileRow(g.piles[S.seat], S.seat, 4, true));
    return;
  }
  const hand = g.hand || [];
  const choosable = pair ? new Set(hand) : (g.for_dummy ? new Set() : legal);
  box.append(handRow(hand, choosable, "hand"));
}

function drawActions() {
  const g = S.game, box = document.getElementById("actions");
  box.replaceChildren();
  if (!g.legal.length) return;
  if (g.legal.some((a) => PAIR.test(a))) {
    const action = pairAction();
    box.append(el("span", { class: "label", text: t("web.pickTwo") }));
    const b = el("button", { class: "primary", id: "put-away", text: t("web.putAway"), disabled: !action || pending });
    b.addEventListener("click", () => { const a = pairAction(); if (a) { picked = []; send(a); } });
    box.append(b);
    return;
  }
  if (chosen && g.legal.includes(chosen)) {
    box.append(el("span", { class: "label", text: t("web.confirmQ", { what: label(chosen) }) }),
      el("button", { class: "primary", id: "confirm", text: t("web.confirmYes"), onclick: () => { const a = chosen; chosen = null; send(a); } }),
      el("button", { id: "cancel", text: t("web.confirmNo"), onclick: () => { chosen = null; render(); } }));
    return;
  }
  const others = g.legal.filter((a) => !CARD.test(a));
  const bids = others.filter((a) => /^\d+$/.test(a));
  const shown = allBids ? others : others.filter((a) => !bids.slice(SHOWN_BIDS).includes(a));
  for (const a of shown) {
    const b = el("button", { "data-action": a, text: label(a), disabled: pending });
    b.addEventListener("click", () => { if (SPOKEN.test(a)) send(a); else { chosen = a; render(); } });
    box.append(b);
  }
  if (!allBids && bids.length > SHOWN_BIDS) {
    box.append(el("button", { id: "more-bids", text: t("web.moreBids"), onclick: () => { allBids = true; render(); } }));
  }
}

function drawResult() {
  const box = document.getElementById("result");
  box.replaceChildren();
  const last = S.last;
  if (!last) return;
  box.append(el("h2", { text: t("web.resultOf", { n: last.number }) }),
    el("p", { class: `vt-result ${last.won ? "won" : "lost"}`, id: "spoken", text: packWords(last[`text_${lang()}`]) }));
  if (last.points) box.append(el("p", { class: "muted", text: `${t("web.cardPoints")}: ${last.points[0]} : ${last.points[1]}` }));
  const link = el("a", { href: `/api/tables/${TABLE}/games/${last.number}.json`, text: t("web.downloadJson") });
  const history = el("a", { href: historyLink(last.number), target: "_blank", id: "last-history", text: t("web.history") });
  box.append(el("p", {}, history, " · ", link));
}

function historyLink(number) { return `/history/${TABLE}/${number}`; }  // the game move by move

function drawSheet() {
  const box = document.getElementById("sheet");
  const sheet = S.series;
  const names = S.players.map((p) => p.name);
  const head = el("tr", {}, el("th", { text: "#" }), el("th", { text: t("web.game") }),
    ...names.map((n) => el("th", { class: "name", title: n, text: n })));
  const rows = sheet.rows.map((r) => el("tr", {},
    el("td", {}, el("a", { href: historyLink(r.number), target: "_blank", class: "game-history", title: t("web.history"), text: String(r.number) })),
    el("td", {}, el("span", { text: r.declarer !== null ? names[r.declarer] : "" }), el("small", { class: "sub", text: packWords(r[`game_${lang()}`]) })),
    ...r.entries.map((e, i) => el("td", { class: "num", text: `${e || ""}`, title: String(r.totals[i]) }))));
  const total = el("tr", { class: "total" }, el("td", {}), el("td", { text: t("web.total") }),
    ...sheet.totals.map((x) => el("td", { class: "num", text: String(x) })));
  box.replaceChildren(el("h2", { text: t("web.sheet") }),
    el("table", { class: "list", id: "sheet-table" }, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, total)));
}

function drawLog() {
  const box = document.getElementById("log");
  box.replaceChildren(el("h2", { text: t("web.log") }));
  if (!S.game) return;
  const list = el("ol", {});
  for (const [seat, action] of S.game.history.slice(-24)) {
    const words = action === null ? "…" : CARD.test(action) ? cardName(action) : label(action);
    list.append(el("li", { text: `${nameAt(seat)}: ${words}` }));
  }
  box.append(list);
}

function drawDialog() {
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren();
  if (!dialogShown) return;
  const last = S.last;
  const box = el("div", { class: "vt-box", role: "dialog", "aria-modal": "true", id: "result-dialog" });
  if (last) {
    box.append(el("h2", { text: t("web.resultOf", { n: last.number }) }),
      el("p", { class: "vt-spoken", text: packWords(last[`text_${lang()}`]) }));
    if (last.points) box.append(el("p", { text: `${t("web.cardPoints")}: ${last.points[0]} : ${last.points[1]}` }));
    if (last.last_trick) {
      const n = last.seats.length, lt = last.last_trick;
      const who = (seat) => { const p = last.seats[seat]; return p === null ? t("web.dummyName") : S.players[p].name; };
      box.append(el("p", { text: t("web.lastTrick") }), el("div", { class: "vt-trick" },
        ...lt.cards.map((c, k) => el("figure", {}, cardImg(c), el("figcaption", { text: who((lt.leader + k) % n) })))));
    }
  }
  if (S.series.over) {
    box.append(el("h2", { id: "series-end", text: t("web.seriesOver") }));
    const order = S.players.map((p, i) => [p.name, S.series.totals[i]]).sort((a, b) => b[1] - a[1]);
    box.append(el("table", { class: "list" }, el("tbody", {}, ...order.map(([n, x], k) =>
      el("tr", {}, el("td", { text: `${k + 1}.` }), el("td", { text: n }), el("td", { class: "num", text: String(x) }))))));
  }
  const ok = el("button", { class: "primary", id: "continue", text: t("web.next") });
  ok.addEventListener("click", () => { dialogShown = 0; render(); });
  box.append(el("p", {}, ok));
  overlay.append(el("div", { class: "vt-dialog" }, box));
  ok.focus();
}

function drawJoinButton() {
  const button = document.getElementById("join");
  const free = S.players.some((p) => p.kind === "human" && !p.claimed);
  button.hidden = !(S.you === null && free);
  button.textContent = t("web.joinButton");
}

function drawWaiting() {
  // the table waits for its people: the link they join with, and who is there already
  const link = `${location.origin}/table/${TABLE}`;
  const places = S.players.map((p) => el("li", { text: `${p.name}: ${p.claimed || p.kind !== "human" ? (p.online || p.kind !== "human" ? t("web.online") : "–") : t("web.free")}` }));
  document.getElementById("others").append(el("div", { class: "vt-seat vt-waiting" },
    el("label", {}, el("span", { text: t("web.inviteLink") }), el("input", { id: "invite-link", value: link, readonly: true, size: "44" })),
    el("ul", {}, ...places)));
}

function render() {
  if (!S) return;
  const title = S[`title_${lang()}`];
  document.title = `${title} – Skat`;
  document.getElementById("title").textContent = title;
  document.getElementById("info").textContent = `${title} · ${t("web.gameOf", { n: S.series.number, m: S.series.planned })}`;
  document.getElementById("invite").textContent = t("web.invite");
  drawJoinButton();
  for (const id of ["others", "mine", "actions", "turned", "trick", "contract"]) document.getElementById(id).replaceChildren();
  const status = document.getElementById("status");
  if (S.waiting) { status.textContent = t("web.waitingPlayers"); drawWaiting(); }
  else if (!S.game) status.textContent = t("web.seriesOver");
  if (S.game) { drawOthers(); drawCenter(); drawMine(); drawActions(); }
  drawResult();
  drawSheet();
  drawLog();
  drawDialog();
}

// ------------------------------------------------------------------ joining

function showJoin(on) {
  const form = document.getElementById("join-form");
  form.hidden = !on;
  document.getElementById("join-label").textContent = t("web.joinAs");
  document.getElementById("join-ok").textContent = t("web.takeSeat");
  if (on) {
    const field = document.getElementById("join-name");
    field.value = localStorage.getItem("skat.name") || "";
    field.focus();
  }
}

async function joinSubmitted(event) {
  event.preventDefault();
  const name = document.getElementById("join-name").value.trim();
  if (!name) { toast(t("web.joinAs")); return; }
  try {
    const got = await api(`/api/tables/${TABLE}/join`, { name });
    localStorage.setItem("skat.name", name);
    localStorage.setItem(tokenKey(TABLE), JSON.stringify(got));
    showJoin(false);
    tableLink.reopen();
  } catch (e) { toast(e.message); }
}

async function copyInvite() {
  const link = `${location.origin}/table/${TABLE}`;
  try { await navigator.clipboard.writeText(link); toast(`${t("web.copied")}: ${link}`); }
  catch { toast(link, 8000); }
}

function start() {
  langSwitch(document.getElementById("lang"));
  settingsBox(document.getElementById("settings"));
  translatePage();
  document.addEventListener("langchange", () => { tableLink.relang(); translatePage(); settingsBox(document.getElementById("settings")); document.getElementById("invite").textContent = t("web.invite"); if (S) render(); });
  document.getElementById("join").addEventListener("click", () => showJoin(true));
  document.getElementById("join-form").addEventListener("submit", joinSubmitted);
  document.getElementById("invite").textContent = t("web.invite");
  document.getElementById("invite").addEventListener("click", copyInvite);
  tableLink.open();
}

start();
