// The history viewer: a finished game move by move, every card's double-dummy analysis.
"use strict";

const [, , TABLE, NUMBER] = location.pathname.split("/");
let H = null;
let at = 0;

function playerName(seat) {
  if (H.variant) return variantName(seat);  // variant_history.js
  return H.players ? H.players[seat] : roleName(seat);
}

function moveText(i) {
  const step = H.steps[i];
  if (!step.event) return t("web.start");
  if (H.variant) return variantMove(step);
  const [seat, action] = step.event;
  let what = action;
  if (/^[CSHD][789TJQKA]$/.test(action)) what = cardName(action);
  else if (action === "p") what = t("web.pass");
  else if (action === "y") what = t("web.hold");
  else if (action === "s") what = t("web.pickUp");
  else if (/^[CSHD][789TJQKA]\.[CSHD][789TJQKA]$/.test(action)) what = `${t("web.discard")} ${action.split(".").map(cardName).join(", ")}`;
  else if (step.contract && H.steps[i - 1] && !H.steps[i - 1].contract) what = packWords(step[`contract_${lang()}`] || step.contract);
  return `${playerName(seat)}: ${what}`;
}

function render() {
  if (!H) return;
  const step = H.steps[at];
  document.getElementById("slider").value = String(at);
  const hands = document.getElementById("hands");
  if (H.variant) hands.replaceChildren(...variantHands(step));
  else hands.replaceChildren(...step.hands.map((cards, seat) => el("div", { class: "row", "data-seat": seat },
    el("strong", { text: `${playerName(seat)} · ${roleName(seat)}${step.declarer === seat ? " ★" : ""}` }),
    ...cards.map((c) => cardImg(c)))),
  el("div", { class: "row" }, el("strong", { text: `${t("web.skatWord")}:` }), ...(step.skat || []).map((c) => cardImg(c)),
    step.trick.length ? el("strong", { text: ` · ${t("web.trickWord")}:` }) : null, ...step.trick.map((c) => cardImg(c))));
  document.getElementById("now").textContent =
    `${at}/${H.steps.length - 1} · ${moveText(at)} · ${t("web.points")} ${step.points[0]}:${step.points[1]}`;
  const m = H.analysis && at > 0 ? H.analysis.moves[at - 1] : null;
  document.getElementById("move-analysis").textContent = m
    ? `${cardName(m.card)}: ${t("web.playedVal")} ${m.played}, ${t("web.bestWas")} ${m.best} (${m.best_cards.map(cardName).join(", ")})${m.loss ? ` – ${t("web.lossWord")} ${m.loss}` : " ✓"}`
    : "";
  for (const li of document.querySelectorAll("#moves li")) li.classList.toggle("cur", Number(li.dataset.i) === at);
}

function drawMoves() {
  const list = document.getElementById("moves");
  list.replaceChildren(...H.steps.map((_, i) => {
    const m = H.analysis && i > 0 ? H.analysis.moves[i - 1] : null;
    const li = el("li", { "data-i": String(i), text: moveText(i) });
    if (m && m.loss) li.append(" ", el("span", { class: "loss", text: `(−${m.loss})` }));
    li.addEventListener("click", () => { at = i; render(); });
    return li;
  }));
}

function downloads() {  // drawn again on every language change
  const variant = H && H.variant;  // a variant's record is JSON only (ISS cannot hold it)
  document.getElementById("downloads").replaceChildren(
    el("a", { href: `/api/tables/${TABLE}/games/${NUMBER}.json`, text: t("web.downloadJson") }), " · ",
    ...(variant ? [] : [el("a", { href: `/api/tables/${TABLE}/games/${NUMBER}.iss`, text: t("web.downloadIss") }), " · "]),
    el("a", { href: `/table/${TABLE}`, text: t("web.sheet") }), " · ",
    el("button", { id: "again", text: t("web.fromHere"), onclick: () => playAgain(TABLE, NUMBER, Math.min(at, H ? H.steps.length - 2 : 0)) }));
}

function drawBestLine() {
  // "how could I have won": the verdict first (could a line win against best defence; if
  // not, the best the declarer could reach), then from the first card that gave value away
  // the best play of all (every card open, double-dummy) to the end, move by move
  const box = document.getElementById("best-line");
  const best = H && H.analysis ? H.analysis.best_line : null;
  const verdict = H && H.analysis && H.analysis.verdict ? H.analysis.verdict[lang()] : null;
  if (!best && !verdict) { box.hidden = true; return; }
  box.hidden = false;
  const said = verdict ? el("p", { class: "verdict", id: "verdict", text: verdict }) : null;
  const parts = [el("h2", { text: t("web.howWin") }), said].filter((x) => x !== null);  // never "null"
  if (!best) { box.replaceChildren(...parts); return; }
  const button = el("button", { id: "how-win", class: "primary", text: t("web.howWin"),
    onclick: () => { at = best.step; render(); list.hidden = false; list.focus(); } });
  const list = el("ol", { class: "moves", id: "best-moves", tabindex: "0", "aria-label": t("web.howWin") },
    ...best.moves.map(([seat, card]) => el("li", { text: `${playerName(seat)}: ${cardName(card)}` })));
  list.hidden = location.hash !== "#best";
  box.replaceChildren(...parts,
    el("p", { class: "muted", text: `${t("web.bestFrom")} ${best.step}: ${playerName(best.seat)}` }), button, list);
}

function translate() {
  downloads();
  settingsBox(document.getElementById("settings"), false);
  document.getElementById("slider").setAttribute("aria-label", t("web.log"));
  translatePage();
  document.title = `${H && H.variant ? H[`title_${lang()}`] : "Skat"} – ${t("web.history")}`;
  for (const [id, text] of [["first", t("web.start")], ["prev", t("web.prev")], ["next", t("web.nextMove")], ["last", t("web.end")]]) document.getElementById(id).textContent = text;
  if (!H) return;
  const a = H.analysis;
  const verdict = a && a.could_win !== null && !a.verdict ? (a.could_win ? t("web.couldWin") : t("web.couldNot")) : "";
  document.getElementById("summary").textContent = `${H.result ? packWords(H.result[`text_${lang()}`]) : ""} ${verdict ? `· ${t("web.analysis")}: ${verdict}` : ""}`;
  const none = document.getElementById("no-analysis");  // a variant's: why there is none
  none.hidden = !H.variant;
  none.textContent = H.variant ? H[`no_analysis_${lang()}`] : "";
  document.getElementById("info").textContent = `${H.variant ? `${H[`title_${lang()}`]} · ` : ""}${TABLE} · ${t("web.game")} ${NUMBER}`;
  drawMoves();
  drawBestLine();
  render();
}

async function start() {
  langSwitch(document.getElementById("lang"));
  document.addEventListener("langchange", translate);
  document.getElementById("info").textContent = `${TABLE} · ${t("web.game")} ${NUMBER}`;
  translate();
  document.getElementById("summary").textContent = t("web.loading");
  try {
    H = await api(`/api/tables/${TABLE}/games/${NUMBER}/analysis`);
  } catch (e) {
    document.getElementById("summary").textContent = e.message;
    return;
  }
  const slider = document.getElementById("slider");
  slider.max = String(H.steps.length - 1);
  slider.addEventListener("input", () => { at = Number(slider.value); render(); });
  document.getElementById("first").onclick = () => { at = 0; render(); };
  document.getElementById("prev").onclick = () => { at = Math.max(0, at - 1); render(); };
  document.getElementById("next").onclick = () => { at = Math.min(H.steps.length - 1, at + 1); render(); };
  document.getElementById("last").onclick = () => { at = H.steps.length - 1; render(); };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") document.getElementById("next").click();
    if (e.key === "ArrowLeft") document.getElementById("prev").click();
  });
  translate();
  if (location.hash === "#best" && H.analysis && H.analysis.best_line) { at = H.analysis.best_line.step; render(); }
}

start();
