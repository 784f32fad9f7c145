// skat serve: the tournament pages (start, director, table, live standings).
// The director's and a table's key travel in the address after '#' (never sent to a server)
// and then in the X-Key header of this page's requests.
"use strict";

const T = {
  id: (location.pathname.split("/")[2] || ""),
  key: decodeURIComponent(location.hash.slice(1)),
  version: -1,
};

const $ = (sel) => document.querySelector(sel);

// The words of the page come from the catalogs (common.js: t(), the HTML's data-t); the
// server's sheets name their columns and words (place, player, won …): tw() says them.
function tw(word) {
  const key = `tour.${word.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 48)}`;
  const said = tc(key);  // listed in skat.server.webwords.COMPUTED
  return said === key ? word : said;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : String(c ?? ""));
  return node;
}

async function api(path, body) {
  const init = { headers: { "X-Key": T.key, "X-Skat-Lang": lang(), "Content-Type": "application/json" } };
  if (body !== undefined) { init.method = "POST"; init.body = JSON.stringify(body); }
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw Object.assign(new Error(data.error || `HTTP ${r.status}`), { status: r.status });
  return data;
}

// The server words its reasons, a list's problems and a sheet's notes in the page's language
// (the X-Skat-Lang header; `problems_in`, `notes_in`): the page shows them as they come.
function notesOf(sheet) {
  return (sheet.notes_in && sheet.notes_in[lang()]) || sheet.notes;
}

function say(where, text, ok) {
  const box = $(where);
  box.textContent = text || "";
  box.className = ok ? "ok-note" : "error";
}

const CELL_WORDS = new Set(["passed", "won", "lost", "total", "guest"]);  // not names: the rest may be

// A sheet of skat.tournament.report as an HTML table (numbers right-aligned); on a phone a
// column empty in every row (no team, no Kontra said) is left out, so the rest fits.
function sheetTable(sheet, id) {
  const phone = window.matchMedia("(max-width: 560px)").matches;
  const word = (h) => phone && h === "place" ? "#" : tw(h).replace(/^series (\d+)$/,
    (_, k) => phone ? `S${k}` : t("tour.seriesN", { n: k }));
  const keep = sheet.header.map((_, i) => !phone || !sheet.rows.length ||
    sheet.rows.some((r) => r[i] !== "" && r[i] !== null));
  const kept = (cells) => cells.filter((_, i) => keep[i]);
  const head = el("tr", {}, ...kept(sheet.header).map((h) => el("th", {}, word(h))));
  const rows = sheet.rows.map((r) => el("tr", {}, ...kept(r).map((c) =>
    el("td", typeof c === "number" ? { class: "num" } : {}, CELL_WORDS.has(c) ? tw(c) : c))));
  const table = el("table", { class: "list", ...(id ? { id } : {}) }, el("thead", {}, head),
    el("tbody", {}, ...rows));
  const notes = notesOf(sheet).map((n) => el("p", { class: "muted" }, n));
  return el("div", { class: "sheet" }, el("h3", {}, sheet.title), table, ...notes);
}

// Poll every `ms` and call `draw` when the tournament changed (its version grew).
function poll(path, draw, ms) {
  const tick = async () => {
    try {
      const data = await api(`${path}?since=${T.version}`);
      if (data.version !== T.version) { T.version = data.version; draw(data); }
      $("#status").textContent = "";
    } catch (e) { $("#status").textContent = e.message; }
  };
  tick();
  return setInterval(tick, ms);
}

// ------------------------------------------------------------------ start a tournament

function startPage() {
  fetch("/api/options").then((r) => r.json()).then((o) => {
    for (const p of o.presets) $("#rules").append(el("option", { value: p }, p));
    $("#rules").value = o.presets.includes("tournament") ? "tournament" : o.presets[0];
  });
  $("#create").addEventListener("click", async () => {
    const players = $("#players").value.split("\n").map((l) => l.trim()).filter(Boolean)
      .map((l) => { const [name, club, team, cats] = l.split(",").map((x) => (x || "").trim());
        return { name, club, team, categories: cats ? cats.split("+") : [] }; });
    try {
      const got = await api("/api/t", { name: $("#name").value, series: $("#series").value,
        deals: $("#deals").value, time_limit: $("#time-limit").value, rules: $("#rules").value,
        kontra: $("#kontra").value, teams: $("#teams").value, players,
        tiebreaks: $("#tiebreaks").value, leavers: $("#leavers").value });
      location.href = got.director;
    } catch (e) { say("#msg", e.message); }
  });
  $("#archive").addEventListener("change", async () => {
    try {
      const archive = JSON.parse(await $("#archive").files[0].text());
      location.href = (await api("/api/t", { archive })).director;
    } catch (e) { say("#msg", e.message); }
  });
}

// ------------------------------------------------------------------ live standings

function standingsPage() {
  poll(`/api/t/${T.id}`, drawStandings, 1000);
}

function drawStandings(v) {
  document.title = `${v.name} – ${t("tour.standings")}`;
  $("#title").textContent = v.name;
  $("#state").textContent = (v.published ? t("tour.final_results_published") : t("tour.live_lists_count_as_far_as_they_are_entered"));
  $("#progress").replaceChildren(...v.progress.map((p) => el("span",
    { class: "tag" + (p.final ? " final" : "") },
    `S${p.series} ${t("tour.tableShort")}${p.table} ${p.entered}/${p.planned}${p.final ? " ✓" : ""}`)));
  const pick = $("#view");
  const chosen = pick.value;
  const sheets = [...v.standings, ...v.groups];
  pick.replaceChildren(...sheets.map((s, i) => el("option", { value: i }, s.title)));
  pick.value = chosen && chosen < sheets.length ? chosen : 0;
  const show = () => $("#sheet").replaceChildren(sheetTable(sheets[pick.value], "standings"));
  pick.onchange = show;
  show();
  $("#log").replaceChildren(...v.log.map(logLine));
  $("#log-box").hidden = !v.log.length;
  $("#pdf").href = `/api/t/${T.id}/export.pdf?sheets=standings`;
  $("#html").href = `/api/t/${T.id}/export.html`;
}

function logLine(c) {
  return el("li", {}, `${c.at}: ${t("tour.seriesTable", { series: c.series, table: c.table })}: ${c.reason}`,
    el("br"), el("span", { class: "muted" }, `${c.before || t("tour.no_list")} → ${c.after}`));
}

// ------------------------------------------------------------------ a table

function tablePage() {
  const [, , , , series, table] = location.pathname.split("/");
  const path = `/api/t/${T.id}/table/${series}/${table}`;
  T.tablePath = path;
  for (const [v, name] of [["G", t("tour.Grand")], ["C", t("tour.Clubs")], ["S", t("tour.Spades")],
    ["H", t("tour.Hearts")], ["D", t("tour.Diamonds")], ["N", t("tour.Null")]]) $("#kind").append(el("option", { value: v }, name));
  $("#enter").addEventListener("click", (event) => {
    // the second tap of a double tap (its click count is 2) is not a new game, also when
    // it comes after the first one's answer
    if (event.detail > 1) return;
    send(enterAction());
  });
  $("#undo").addEventListener("click", () => send({ action: "undo" }));
  poll(path, drawTable, 3000);
}

// Every entry carries a client id, kept until the server acknowledged it: a double tap or a
// retry after a lost answer sends the same id, and the server stores the game once.
function enterAction() {
  if (!T.entryId) T.entryId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const declarer = $("#declarer").value;
  // all passed: the value and bid still go along, so a filled-in game is refused, not lost
  if (!declarer) return { action: "game", declarer: null, value: $("#value").value, bid: $("#bid").value, entry: T.entryId };
  const mods = ($("#hand").checked ? "H" : "") + ($("#ouvert").checked ? "O" : "");
  return { action: "game", declarer, contract: $("#kind").value + mods,
    won: $("#won").value === "won", value: $("#value").value, bid: $("#bid").value,
    kontra: Number($("#kontra").value || 0), entry: T.entryId };
}

async function send(action) {
  if (T.sending) return;  // one request at a time (a double tap)
  T.sending = true;
  $("#enter").disabled = true;
  try {
    const v = await api(T.tablePath, action);
    T.version = v.version;
    drawTable(v);
    say("#msg", action.action === "game" ? t("tour.gameCounted", { n: v.entered }) : "", true);
    if (action.action === "game") { $("#value").value = ""; $("#bid").value = ""; $("#kontra").value = "0"; T.entryId = null; }
  } catch (e) {
    say("#msg", e.message);
    // refused by the server (4xx): a new entry next; no answer (a network error, whatever the
    // browser calls it: "Failed to fetch", "Load failed", ...) or a server error: the game may
    // be stored, so the same id goes again and the server stores it once
    if (action.action === "game" && e.status >= 400 && e.status < 500) T.entryId = null;
  } finally { T.sending = false; $("#enter").disabled = false; }
}

function drawTable(v) {
  const where = t("tour.seriesCommaTable", { series: v.series, table: v.table });
  document.title = `${v.name} – ${where}`;
  $("#title").textContent = `${v.name}: ${where}`;
  $("#players").textContent = v.players.join(" · ");
  const keep = $("#declarer").value;
  $("#declarer").replaceChildren(el("option", { value: "" }, t("tour.all_passed")),
    ...v.players.map((p) => el("option", { value: p }, p)));
  if (v.players.includes(keep)) $("#declarer").value = keep;
  drawKontra(v.kontra || 0);
  const done = v.entered >= v.planned;
  $("#next").textContent = done ? t("tour.allEntered", { n: v.planned })
    : t("tour.nextGame", { n: v.entered + 1, of: v.planned, dealer: v.dealer });
  const closed = v.locked || v.confirmed.length > 0;
  $("#entry").hidden = done || closed;
  const phone = window.matchMedia("(max-width: 560px)").matches;
  $("#list").replaceChildren(!v.list ? el("p", { class: "muted" }, t("tour.no_game_yet"))
    : phone ? compactList(v.list, v.players) : sheetTable(v.list, "table-list"));
  $("#confirm-box").hidden = !done;
  $("#confirm").replaceChildren(...v.players.map((p) => el("button", {
    class: v.confirmed.includes(p) ? "done" : "primary", "data-player": p,
    onclick: () => send({ action: "confirm", player: p }) },
  v.confirmed.includes(p) ? `${p} ✓` : t("tour.confirms", { player: p }))));
  $("#final").textContent = (v.final ? t("tour.The_list_is_confirmed_and_counts") :
    v.locked ? t("tour.The_series_is_locked") : "");
}

// A table's list on a phone: the game in one column ("Cora G won 48 Kontra"), then every
// player's entry under his first name (the full name where two share it), all on screen.
function compactList(sheet, players) {
  const at = sheet.header.length - players.length;
  const kontra = sheet.header.indexOf("kontra");
  const first = players.map((p) => p.split(" ")[0]);
  const short = players.map((p, i) => (first.filter((f) => f === first[i]).length > 1 ? p : first[i]));
  const game = (r) => r[0] === "total" ? t("tour.total") : r[2] === "passed" ? t("tour.passed")
    : [r[2].split(" ")[0], r[3], tw(r[4]), r[5], kontra >= 0 ? r[kontra] : ""].filter((x) => x !== "").join(" ");
  const head = el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, t("tour.game")),
    ...short.map((n, i) => el("th", { class: "num", title: players[i] }, n)));
  const rows = sheet.rows.map((r) => el("tr", r[0] === "total" ? { class: "total" } : {},
    el("td", { class: "num" }, r[0] === "total" ? "" : r[0]), el("td", {}, game(r)),
    ...r.slice(at).map((c) => el("td", { class: "num" }, c))));
  const notes = notesOf(sheet).map((n) => el("p", { class: "error" }, n));
  return el("div", { class: "sheet" }, el("h3", {}, sheet.title),
    el("table", { class: "list compact", id: "table-list" }, el("thead", {}, head), el("tbody", {}, ...rows)), ...notes);
}

// The Kontra choice of a table whose tournament allows it (up to Re, or to Resupra).
function drawKontra(top) {
  $("#kontra-box").hidden = top === 0;
  if ($("#kontra").options.length === top + 1) return;
  const names = ["no Kontra", "Kontra", "Re", "Supra", "Resupra"].slice(0, top + 1);
  $("#kontra").replaceChildren(...names.map((n, i) => el("option", { value: i }, tw(n))));
}

// ------------------------------------------------------------------ the director

function directorPage() {
  const path = `/api/t/${T.id}/director`;
  T.directorPath = path;
  $("#save-players").addEventListener("click", () => direct({ action: "players",
    players: $("#player-list").value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
      const [name, club, team, cats] = l.split(",").map((x) => (x || "").trim());
      return { name, club, team, categories: cats ? cats.split("+") : [] }; }) }));
  $("#seat").addEventListener("click", () => direct({ action: "seat", by: $("#seat-by").value,
    seed: $("#seed").value, ...($("#seat-override").value.trim() ? { override: $("#seat-override").value } : {}) }));
  $("#publish").addEventListener("click", () => direct({ action: "publish", published: !T.published }));
  $("#save-address").addEventListener("click", () => direct({ action: "settings", address: $("#address").value }));
  $("#late-add").addEventListener("click", () => {
    const [name, club, team] = $("#late-name").value.split(",").map((x) => (x || "").trim());
    if (!name) return;
    direct({ action: "players", players: [...T.director.player_list, { name, club, team }] })
      .then((ok) => { if (ok) $("#late-name").value = ""; });
  });
  $("#leave").addEventListener("click", () => direct({ action: "withdraw", name: $("#leave-name").value,
    after: $("#leave-after").value }).then((ok) => { if (ok) $("#leave-after").value = ""; }));
  $("#sub").addEventListener("click", () => direct({ action: "substitute", series: T.director.rounds.length,
    old: $("#sub-old").value, new: { name: $("#sub-new").value.trim() } })
    .then((ok) => { if (ok) $("#sub-new").value = ""; }));
  $("#save-kontra").addEventListener("click", () => direct({ action: "settings", kontra: $("#kontra-setting").value }));
  $("#correct").addEventListener("click", () => direct({ action: "correct",
    series: $("#fix-series").value, table: $("#fix-table").value, text: $("#fix-text").value,
    reason: $("#fix-reason").value, base: T.base }));
  // the list as it is now: fetched afresh when the director picks a table
  const refill = async () => { try { drawDirector(await api(path), true); } catch (e) { say("#msg", e.message); } };
  $("#fix-table").addEventListener("change", refill);
  $("#fix-series").addEventListener("change", refill);
  setInterval(async () => {  // the tables' progress: redraw when something changed
    if (document.activeElement && ["TEXTAREA", "INPUT"].includes(document.activeElement.tagName)) return;
    try {
      const pub = await api(`/api/t/${T.id}?since=${T.version}`);
      if (pub.version !== T.version) drawDirector(await api(path));
    } catch (e) { $("#status").textContent = e.message; }
  }, 3000);
  api(path).then(drawDirector, (e) => say("#msg", e.message));
}

async function direct(action) {
  try { drawDirector(await api(T.directorPath, action), true); say("#msg", t("tour.done"), true); return true; }
  catch (e) { say("#msg", e.message); return false; }
}

function drawDirector(d, refill) {
  T.version = d.version; T.published = d.published; T.director = d;
  document.title = `${d.name} – ${t("tour.director")}`;
  $("#title").textContent = `${d.name} (${t("tour.director")})`;
  $("#public").href = `/t/${T.id}`;
  $("#about").textContent = t("tour.about", { players: d.players, series: d.series, rules: d.rules }) +
    (d.published ? t("tour.published") : "");
  $("#publish").textContent = (d.published ? t("tour.Withdraw_publication") : t("tour.Publish_results"));
  $("#address-warning").hidden = !d.address_warning;
  $("#address-warning").textContent = d.address_warning ? t("tour.addressWarning", { address: d.address }) : "";
  if (document.activeElement !== $("#address")) $("#address").value = d.address || "";
  if (document.activeElement !== $("#kontra-setting")) $("#kontra-setting").value = d.kontra || "off";
  $("#pdf").href = `/api/t/${T.id}/export.pdf`;
  $("#pdf-tables").href = `/api/t/${T.id}/export.pdf?sheets=tables`;
  $("#pdf-standings").href = `/api/t/${T.id}/export.pdf?sheets=standings`;
  $("#ods").href = `/api/t/${T.id}/export.ods`;
  $("#json").href = `/api/t/${T.id}/export.json`;
  $("#players-box").hidden = d.rounds.length > 0;
  $("#player-list").value = d.player_list.map((p) => [p.name, p.club, p.team,
    p.categories.join("+")].join(", ").replace(/(, )+$/, "")).join("\n");
  $("#seat-box").hidden = d.rounds.length >= d.series;
  drawOpen(d);
  $("#rounds").replaceChildren(...d.rounds.map(roundBox));
  $("#fix-box").hidden = d.rounds.length === 0;
  const s = $("#fix-series"), keep = s.value;
  s.replaceChildren(...d.rounds.map((r) => el("option", { value: r.series }, t("tour.seriesN", { n: r.series }))));
  if (keep) s.value = keep;
  if (refill || !$("#fix-text").value || T.base === $("#fix-text").value) fillCorrection();
  $("#problems").replaceChildren(...(d.problems.length ? ((d.problems_in && d.problems_in[lang()]) || d.problems) : [t("tour.none")]).map((p) => el("li", {}, p)));
  $("#log").replaceChildren(...d.log.map(logLine));
}

// Late arrivals, leavers and substitutes once the first series is seated.
function drawOpen(d) {
  $("#open-box").hidden = d.rounds.length === 0;
  const playing = d.player_list.filter((p) => p.left === null || p.left === undefined);
  for (const id of ["#leave-name", "#sub-old"]) {
    const keep = $(id).value;
    $(id).replaceChildren(...playing.map((p) => el("option", { value: p.name }, p.name)));
    if (playing.some((p) => p.name === keep)) $(id).value = keep;
  }
  const status = d.player_list.filter((p) => p.joined > 1 || (p.left !== null && p.left !== undefined));
  $("#player-status").replaceChildren(...status.map((p) => el("li", {}, p.name + ": " + [
    p.joined > 1 ? t("tour.fromSeries", { n: p.joined }) : "",
    p.left === 0 ? t("tour.didNotCome")
      : p.left ? t("tour.leftAfter", { n: p.left }) : "",
  ].filter(Boolean).join(", "))));
}

function roundBox(r) {
  const lock = el("button", { class: r.locked ? "danger" : "",
    onclick: () => direct({ action: "lock", series: r.series, locked: !r.locked }) },
  r.locked ? t("tour.unlock", { n: r.series })
    : t("tour.lock", { n: r.series }));
  const cards = r.tables.map((tab) => el("div", { class: "table-card" },
    el("h3", {}, t("tour.tableN", { n: tab.table })), el("p", {}, tab.players.join(" · ")),
    el("img", { src: `/api/t/qr.svg?text=${encodeURIComponent(tab.url)}`, alt: t("tour.qrOf", { n: tab.table }) }),
    el("p", {}, el("a", { href: tab.url, class: "table-link", target: "_blank" }, t("tour.table_link")))));
  return el("section", { class: "box" }, el("h2", {}, `${t("tour.SeriesN", { n: r.series })} `, lock),
    el("div", { class: "cards" }, ...cards), sheetTable(r.seating));
}

function fillCorrection() {
  const d = T.director, series = Number($("#fix-series").value);
  const round = d.rounds.find((r) => r.series === series);
  if (!round) return;
  const keep = $("#fix-table").value;
  $("#fix-table").replaceChildren(...round.tables.map((tab) => el("option", { value: tab.table }, `${t("tour.table")} ${tab.table}`)));
  if (keep && round.tables.some((tab) => String(tab.table) === keep)) $("#fix-table").value = keep;
  const tab = round.tables.find((x) => String(x.table) === $("#fix-table").value);
  $("#fix-text").value = T.base = tab ? tab.text : "";
}

// ------------------------------------------------------------------ a season

// "name, number" or "name, , guest" a line: the register as the API takes it.
function memberLines(text) {
  return text.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
    const [name, number, guest] = l.split(",").map((x) => (x || "").trim());
    return { name, number, guest: /^(guest|gast|ja|yes|x)$/i.test(guest || "") };
  });
}

function seasonNewPage() {
  $("#create").addEventListener("click", async () => {
    try {
      const got = await api("/api/t/season", { name: $("#name").value, guests: $("#guests").value,
        best: $("#count").value === "best" ? $("#best").value : "", kontra: $("#kontra").value,
        series: $("#series").value, deals: $("#deals").value, members: memberLines($("#members").value) });
      location.href = got.url;
    } catch (e) { say("#msg", e.message); }
  });
}

function seasonPage() {
  T.seasonPath = `/api/t/season/${location.pathname.split("/")[3]}`;
  const act = async (action) => {
    try { const s = await api(T.seasonPath, action); drawSeason(s); say("#msg", t("tour.done"), true); return s; }
    catch (e) { say("#msg", e.message); return null; }
  };
  $("#save-members").addEventListener("click", () => act({ action: "members", members: memberLines($("#members").value) }));
  $("#add").addEventListener("click", async () => {
    if (await act({ action: "add", date: $("#date").value, id: $("#add-id").value })) $("#add-id").value = "";
  });
  $("#start").addEventListener("click", async () => {
    const came = [...document.querySelectorAll("#came input:checked")].map((x) => x.value);
    const guests = $("#guests-came").value.split("\n").map((l) => l.trim()).filter(Boolean);
    const s = await act({ action: "evening", date: $("#date").value, players: [...came, ...guests] });
    if (s && s.evening) $("#evening-link").replaceChildren(el("a", { href: s.evening.director, target: "_blank" },
      t("tour.eveningDirector")));
  });
  api(T.seasonPath).then(drawSeason, (e) => say("#msg", e.message));
}

// The season's standing on a phone: the member number, guest mark and series under the name;
// each evening's points stay on the evenings' pages (a season has too many for a phone).
function seasonPhone(sheet) {
  const at = (name) => sheet.header.indexOf(name);
  const head = el("tr", {}, ...["#", "player", "points", "won", "lost"].map((h) =>
    el("th", h === "player" ? {} : { class: "num" }, h === "#" ? h : tw(h))));
  const rows = sheet.rows.map((r) => {
    const about = [r[at("no.")] ? `${t("tour.no")} ${r[at("no.")]}` : "", r[at("guest")] ? t("tour.guest") : "",
      t("tour.countedOf", { counted: r[at("counted")], series: r[at("series")] })];
    return el("tr", {}, el("td", { class: "num" }, r[at("place")]),
      el("td", {}, r[at("player")], el("small", { class: "sub" }, about.filter(Boolean).join(" · "))),
      ...["points", "won", "lost"].map((h) => el("td", { class: "num" }, r[at(h)])));
  });
  return el("div", { class: "sheet" }, el("h3", {}, sheet.title),
    el("table", { class: "list", id: "standings" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    ...notesOf(sheet).map((n) => el("p", { class: "muted" }, n)));
}

function drawSeason(s) {
  document.title = `${s.name} – ${t("tour.season")}`;
  $("#title").textContent = s.name;
  const phone = window.matchMedia("(max-width: 560px)").matches;
  $("#sheet").replaceChildren(phone ? seasonPhone(s.sheet) : sheetTable(s.sheet, "standings"));
  $("#evenings").replaceChildren(...s.evenings.map((e) => el("li", {},
    el("a", { href: `/t/${e.id}` }, e.date), ` (${e.players} ${t("tour.players")})`)));
  $("#season-director").hidden = !s.director;
  if (!s.director) return;
  $("#members").value = s.members.map((m) => [m.name, m.number, m.guest ? "guest" : ""].join(", ")
    .replace(/(, )+$/, "")).join("\n");
  $("#came").replaceChildren(...s.members.map((m) => el("label", { class: "check" },
    el("input", { type: "checkbox", value: m.name }), ` ${m.name}`)));
}

document.addEventListener("DOMContentLoaded", () => {
  translatePage();
  langSwitch($("#lang"));
  document.addEventListener("langchange", () => location.reload());
  ({ start: startPage, standings: standingsPage, table: tablePage, director: directorPage,
    "season-new": seasonNewPage, season: seasonPage })[document.body.dataset.page]();
});
