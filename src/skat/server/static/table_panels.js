// The table page's panels beside and over the felt: the side panel (the last trick, the score
// sheet, the log), the result of a game (with a claim's hands and the tricks played out after
// it), the waiting table (its places, the invitation, the start with computers) and the end of
// the series.  Loaded before table.js, whose state (S, TABLE, levels) and helpers they use
// when called.

function renderSide() {
  const g = S.game;
  const last = document.getElementById("last-trick");
  const lt = g.tricks.length ? g.tricks[g.tricks.length - 1] : null;
  fill(last, el("h3", { text: `${t("web.lastTrick")}${lt ? ` → ${seatName(lt.winner)} (${lt.points})` : ""}` }),
    el("div", { class: "last" }, ...(lt ? lt.cards.map((c) => cardImg(c)) : [])));
  renderSheet(document.getElementById("sheet"));
  const log = document.getElementById("log");
  fill(log, el("h3", { text: t("web.log") }),
    el("ol", {}, ...g.history.map(([s, a], i) => el("li", { class: autoNote(g.auto, i) ? "auto" : "", text: spoken(s, a) + autoNote(g.auto, i) }))));
  log.scrollTop = log.scrollHeight;
}

function renderSheet(box) {
  const sr = S.series;
  const head = el("tr", {}, el("th", { text: "#", scope: "col" }), el("th", { text: t("web.game"), scope: "col" }),
    ...S.players.map((p) => el("th", { class: "num name", text: p.name, title: p.name, scope: "col" })));
  // compact enough for the side panel: the declarer and the running totals on a second, small line
  const rows = sr.rows.map((r) => el("tr", {},
    el("td", { text: String(r.number) }),
    el("td", {}, el("span", { text: packWords(r[`game_${lang()}`]) }),
      r.declarer !== null ? el("small", { class: "sub", text: S.players[r.declarer].name }) : null),
    ...r.entries.map((e, i) => el("td", { class: "num" },
      el("span", { text: e ? `${e > 0 ? "+" : ""}${e}` : "" }),
      e ? el("small", { class: "sub", text: String(r.totals[i]) }) : null))));
  const total = el("tr", {}, el("th", {}), el("th", { text: t("web.total") }), ...sr.totals.map((x) => el("th", { class: "num", text: String(x) })));
  const dealing = S.dealing;
  const proof = dealing ? el("p", { class: "muted commit", id: "commitment" },
    el("span", { text: `${t("web.commitment")}${dealing.game ? ` (${t("web.game")} ${dealing.game})` : ""}: ` }),
    el("code", { title: dealing.commitment || dealing.series, text: (dealing.commitment || dealing.series).slice(0, 16) + "…" }),
    dealing.seed !== undefined ? el("span", { text: t("web.seedSalt", { seed: dealing.seed, salt: dealing.salt }) }) : null) : null;
  const whole = sr.rows.length ? el("p", {}, el("a", { href: `/api/tables/${TABLE}/series.zip`, id: "download-series", text: t("web.downloadSeries") })) : null;
  fill(box, el("h3", { text: t("web.sheet") }),
    el("table", { class: "list", id: "sheet-table" }, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, total)),
    whole, proof);
}

function doubled(kontra) {
  // Kontra/Re/Supra on a list row, as players write it (when the server's row says so)
  if (!kontra) return "";
  if (typeof kontra === "string") return ` ${kontra}`;
  const word = doublingWord(kontra);
  return word ? ` ${word}` : "";
}

function seenKey() { return `skat.seen.${TABLE}`; }

function renderOverlay() {
  const box = document.getElementById("overlay");
  const last = S.last;
  const seen = Number(localStorage.getItem(seenKey()) || 0);
  if (!last || last.number <= seen) { box.replaceChildren(); return; }
  const claim = last.claim ? claimView(last) : null;
  const hands = claim ? [claim] : last.deal.hands ? last.deal.hands.map((h, seat) => el("div", {},
    el("div", { class: "muted", text: `${S.players[last.seats[seat]].name} · ${roleName(seat)}` }),
    el("div", { class: "hands" }, ...h.map((c) => cardImg(c))))) : [];
  const mark = last.declarer === null ? "" : last.won ? "won" : "lost";
  const dialog = el("div", { class: "dialog", id: "result", role: "dialog", "aria-modal": "true", "aria-labelledby": "result-title" },
    el("h2", { id: "result-title", text: `${t("web.result")} – ${t("web.game")} ${last.number}` }),
    el("div", { class: `spoken ${mark}`, id: "spoken", text: packWords(last[`text_${lang()}`]) }),
    ...hands,
    last.deal.skat ? el("div", {}, el("div", { class: "muted", text: t("web.skatWord") }), el("div", { class: "hands" }, ...last.deal.skat.map((c) => cardImg(c)))) : null,
    el("p", {}, el("a", { href: `/history/${TABLE}/${last.number}`, target: "_blank", text: `${t("web.history")} / ${t("web.analysis")}` }), " · ",
      el("a", { href: `/history/${TABLE}/${last.number}#best`, target: "_blank", id: "how-win", text: t("web.howWin") }), " · ",
      el("a", { href: `/api/tables/${TABLE}/games/${last.number}.json`, text: t("web.downloadJson") }), " · ",
      el("a", { href: `/api/tables/${TABLE}/games/${last.number}.iss`, text: t("web.downloadIss") })),
    last.dealing ? el("p", { class: "muted commit", id: "revealed" },
      el("span", { text: `${t("web.commitment")}: ` }), el("code", { text: last.dealing.commitment }), el("br"),
      el("span", { text: `${t("web.reveal")}: ` }), el("code", { text: last.dealing.nonce }), el("br"),
      el("span", { text: t("web.verifyHow") })) : null,
    el("p", { class: "dialog-buttons" },
      el("button", { class: "primary", id: "continue", text: t("web.next"), onclick: () => { localStorage.setItem(seenKey(), String(last.number)); render(); } }), " ",
      el("button", { id: "play-again", text: t("web.playAgain"), onclick: () => { localStorage.setItem(seenKey(), String(last.number)); playAgain(TABLE, last.number, 0); } })));
  const had = document.getElementById("result");
  fill(box, el("div", { class: "overlay" }, dialog));
  if (!had || !had.contains(document.activeElement)) document.getElementById("continue").focus();
}

function claimView(last) {
  // the claim in the result: who claimed, whether it held, every hand open as it was then,
  // and the tricks the table played out after it
  const c = last.claim;
  const name = (seat) => S.players[last.seats[seat]].name;
  return el("div", { class: "claim", id: "claim" },
    el("p", { class: `claim-verdict ${c.held ? "won" : "lost"}`, id: "claim-verdict", text: `${name(c.seat)} ${t("web.claimedWord")}: ${(c.held ? t("web.claimHeld") : t("web.claimFailed"))}` }),
    el("div", { class: "muted", text: t("web.cardsAtClaim") }),
    ...c.hands.map((h, seat) => el("div", { "data-seat": seat },
      el("div", { class: "muted", text: `${name(seat)} · ${roleName(seat)}${seat === c.seat ? " ★" : ""}` }),
      el("div", { class: "hands" }, ...h.map((card) => cardImg(card))))),
    c.trick.length ? el("div", {}, el("div", { class: "muted", text: t("web.trickWord") }), el("div", { class: "hands" }, ...c.trick.map((card) => cardImg(card)))) : null,
    c.tricks.length ? el("div", {}, el("div", { class: "muted", text: t("web.playedOut") }),
      el("ol", { class: "claim-tricks", id: "claim-tricks" }, ...c.tricks.map((tr) => el("li", {
        text: `${tr.cards.map((card, i) => `${name((tr.leader + i) % 3)} ${cardName(card)}`).join(", ")} → ${name(tr.winner)}` })))) : null);
}

function renderWaiting() {
  // nothing is dealt out until every human place is taken (or the creator starts with
  // computers): the places, the invitation link, one's name, the start
  for (const id of ["opp-left", "opp-right", "me", "actions", "last-trick", "log"]) {
    const node = document.getElementById(id);
    node.replaceChildren();
    node.classList.remove("to-move");
  }
  document.getElementById("overlay").replaceChildren();
  document.getElementById("felt").classList.add("waiting");
  renderSheet(document.getElementById("sheet"));
  const link = `${location.origin}/table/${TABLE}`;
  const places = el("ol", { class: "places", id: "places" }, ...S.players.map((p, i) => {
    const free = p.kind === "human" && !p.claimed;
    return el("li", { "data-place": String(i), class: free ? "free" : "" },
      el("span", { class: `dot ${p.online || p.kind !== "human" ? "on" : ""}` }),
      el("strong", { text: free ? `${t("web.placeFree")} (${p.name})` : p.name }),
      el("span", { class: "muted", text: p.kind !== "human" ? ` · ${levelName(p.kind)}` : i === S.you ? ` · ${t("web.youWord")}` : "" }));
  }));
  const linkBox = el("input", { type: "text", id: "invite-link", readonly: true, value: link, "aria-label": t("web.inviteLink") });
  const parts = [el("h2", { id: "waiting-title", text: t("web.waitingTitle") }),
    el("p", { text: t("web.waitingHelp") }),
    el("div", { class: "invite-row" }, linkBox, el("button", { id: "copy-link", text: t("web.copyLink"), onclick: copyInvite })),
    places];
  const free = S.players.map((p, i) => (p.kind === "human" && !p.claimed ? i : null)).filter((i) => i !== null);
  if ((S.you === null || S.you === undefined) && free.length) {
    const name = el("input", { type: "text", id: "my-name", maxlength: "40", autocomplete: "nickname", "aria-label": t("web.yourName") });
    name.value = localStorage.getItem("skat.name") || "";
    parts.push(el("div", { class: "join-row" }, el("label", {}, el("span", { text: `${t("web.yourName")} ` }), name),
      el("button", { class: "primary", id: "take-place", text: t("web.takePlace"), onclick: () => joinAs(name.value, free[0]) })));
  }
  if (S.you !== null && S.you !== undefined && S.you === S.host && free.length) {
    const level = el("select", { id: "start-level", "aria-label": t("web.levelWord") }, ...levels.map((k) => el("option", { value: k, text: tc(`web.level_${k}`) })));
    level.value = levels.includes(startLevel) ? startLevel : levels[0];
    level.addEventListener("change", () => { startLevel = level.value; });
    parts.push(el("div", { class: "start-row" }, el("label", {}, el("span", { text: `${t("web.levelWord")} ` }), level),
      el("button", { id: "start-computers", text: t("web.startComputers"),
        onclick: async () => { if (await ask({ title: t("web.startComputers"), text: t("web.startAsk"), ok: t("web.startComputers") })) send(`@start ${level.value}`); } })));
  }
  const old = document.getElementById("waiting");
  const keep = old && old.contains(document.activeElement) ? focusKey() : null;
  const typed = document.getElementById("my-name");
  const typedValue = typed ? typed.value : null;
  fill(document.getElementById("center"), el("div", { class: "waiting-box", id: "waiting", role: "region", "aria-labelledby": "waiting-title" }, ...parts));
  if (typedValue !== null && document.getElementById("my-name")) document.getElementById("my-name").value = typedValue;
  if (keep && document.querySelector(keep)) document.querySelector(keep).focus();
}

function renderSeriesEnd() {
  for (const id of ["opp-left", "opp-right", "center", "me", "actions", "last-trick", "log"]) {
    const node = document.getElementById(id);
    node.replaceChildren();
    node.classList.remove("to-move");
  }
  renderSheet(document.getElementById("sheet"));
  const st = S.series.standings || [];
  const dialog = el("div", { class: "dialog", id: "series-end", role: "dialog", "aria-modal": "true", "aria-label": t("web.seriesOver") },
    el("h2", { text: t("web.seriesOver") }),
    el("h3", { text: t("web.standings") }),
    el("table", { class: "list" },
      el("thead", {}, el("tr", {}, ...["#", t("web.name"), t("web.total"), t("web.seeger"), ""].map((h) => el("th", { text: h, scope: "col" })))),
      el("tbody", {}, ...st.map((s) => el("tr", {},
      el("td", { text: `${s.place}.` }), el("td", { text: s.name }), el("td", { class: "num", text: String(s.total) }),
      el("td", { class: "num seeger", text: String(s.seeger) }),
      el("td", { class: "muted", text: `${s.won} ${t("web.won")}, ${s.lost} ${t("web.lost")}` }))))),
    el("p", {}, ...S.series.rows.flatMap((r) => [el("a", { href: `/history/${TABLE}/${r.number}`, text: `${t("web.game")} ${r.number}` }), " "])),
    el("p", {}, el("a", { href: `/api/tables/${TABLE}/series.zip`, id: "series-zip", text: t("web.downloadSeries") })),
    el("p", {}, el("a", { href: "/", text: t("web.lobby") })));
  const last = S.last;
  const seen = Number(localStorage.getItem(seenKey()) || 0);
  if (last && last.number > seen) { renderOverlay(); return; }
  fill(document.getElementById("overlay"), el("div", { class: "overlay" }, dialog));
}
