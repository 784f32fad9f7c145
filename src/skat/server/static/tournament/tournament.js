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

// German and English: the page's English texts are looked up in DE (text nodes and
// options as they stand in the HTML, and the texts this script writes through tr()); the
// language is the one the other pages of skat serve use (localStorage "skat.lang").
const LANG = (() => {
  const stored = localStorage.getItem("skat.lang");
  if (stored === "de" || stored === "en") return stored;
  return (navigator.language || "de").toLowerCase().startsWith("de") ? "de" : "en";
})();
const DE = {
  "Tournaments": "Turniere", "new tournament": "neues Turnier", "standings": "Tabelle",
  "table": "Tisch", "director": "Turnierleitung",
  "Start a tournament or a club evening": "Turnier oder Vereinsabend anlegen",
  "Name": "Name", "Series": "Serien",
  "Deals per player a series (12: 48 games at a 4-table, 36 at a 3-table)":
    "Gebergänge je Spieler und Serie (12: 48 Spiele am Vierertisch, 36 am Dreiertisch)",
  "Time limit a series in minutes (empty: none; games not started are struck)":
    "Zeitlimit je Serie in Minuten (leer: keines; nicht begonnene Spiele entfallen)",
  "Rules": "Regeln", "Team mates": "Mannschaftsspieler", "at different tables": "an verschiedenen Tischen",
  "at one table": "an einem Tisch", "seated freely": "frei gesetzt",
  "Players, one a line:": "Spieler, einer je Zeile:", "(or add them later)": "(oder später eintragen)",
  "Create": "Anlegen", "Or start from a tournament file of": "Oder aus einer Turnierdatei von",
  "(money, prizes and tie-breaks as set there, series seated and lists entered so far):":
    "beginnen (Geld, Preise und Wertung wie dort, bisherige Setzungen und Listen):",
  "You get the director's link: keep it secret, it manages the tournament.":
    "Sie erhalten den Link der Turnierleitung: geheim halten, er verwaltet das Turnier.",
  "PDF": "PDF", "printable page": "Druckansicht", "Corrections": "Korrekturen",
  "Declarer": "Alleinspieler", "Game": "Spiel", "Hand": "Hand", "Ouvert": "Ouvert",
  "Outcome": "Ausgang", "won": "gewonnen", "lost": "verloren", "Value": "Wert",
  "Bid (if above the value)": "Reizwert (wenn über dem Wert)", "Enter game": "Spiel eintragen",
  "Take back the last game": "Letztes Spiel zurücknehmen", "Closing total": "Endsumme",
  "Each player checks the totals below and confirms.": "Jeder Spieler prüft die Summen unten und bestätigt.",
  "Live standings (public)": "Live-Tabelle (öffentlich)", "PDF:": "PDF:",
  "table lists and player cards": "Tischlisten und Spielerkarten", "all sheets": "alle Blätter",
  "JSON archive": "JSON-Archiv", "Keep this page's address secret: it manages the tournament.":
    "Die Adresse dieser Seite geheim halten: sie verwaltet das Turnier.",
  "Players": "Spieler", "One a line:": "Einer je Zeile:", "Save players": "Spieler speichern",
  "Seat the next series": "Nächste Serie setzen", "by lot": "ausgelost",
  "by standings (strong with strong)": "nach Tabelle (stark zu stark)", "Seat": "Setzen",
  "Ties": "Gleichstand", "more games won, fewer lost, then the lot (DSkV)": "mehr gewonnene, weniger verlorene Spiele, dann das Los (DSkV)",
  "best series, then more games won": "beste Serie, dann mehr gewonnene Spiele",
  "last series, then more games won": "letzte Serie, dann mehr gewonnene Spiele",
  "Players who withdraw": "Ausscheidende Spieler", "later series count 0": "spätere Serien zählen 0",
  "removed from the standings": "aus der Wertung genommen",
  "Address players reach": "Adresse für die Spieler", "Save address": "Adresse speichern",
  "Override: the reason to seat with lists missing (logged)": "Ausnahme: Grund, trotz fehlender Listen zu setzen (protokolliert)",
  "Enter or correct a list": "Liste eintragen oder berichtigen", "One game a line:": "Ein Spiel je Zeile:",
  "(the bid last);": "(Reizwert zuletzt);", "for the table's own sums.": "für die Summen des Tisches.",
  "Reason (logged)": "Grund (wird protokolliert)", "Save the list": "Liste speichern",
  "Lists with problems": "Listen mit Fehlern", "Correction log": "Korrekturprotokoll",
  "seed (empty: drawn)": "Startwert (leer: gezogen)", "none": "keine", "done": "erledigt",
  "all passed": "eingepasst", "Grand": "Grand", "Clubs ♣": "Kreuz ♣", "Spades ♠": "Pik ♠",
  "Hearts ♥": "Herz ♥", "Diamonds ♦": "Karo ♦", "Null": "Null", "no game yet": "noch kein Spiel",
  "final results (published)": "Endergebnis (veröffentlicht)",
  "live: lists count as far as they are entered": "live: die Listen zählen, so weit sie eingetragen sind",
  "The list is confirmed and counts.": "Die Liste ist bestätigt und zählt.",
  "The series is locked.": "Die Serie ist gesperrt.", "Publish results": "Ergebnis veröffentlichen",
  "Withdraw publication": "Veröffentlichung zurücknehmen", "table link": "Tisch-Link",
  "no list": "keine Liste",
  // the sheets' column names and words (skat.tournament.report)
  "place": "Platz", "player": "Spieler", "club": "Verein", "team": "Mannschaft", "points": "Punkte",
  "game": "Spiel", "dealer": "Geber", "declarer": "Alleinspieler", "contract": "Spiel (ISS)",
  "outcome": "Ausgang", "value": "Wert", "seat": "Platz am Tisch", "total": "Summe",
  "passed": "eingepasst", "members": "Mitglieder", "prize": "Preis",
};
function tr(text) { return LANG === "de" ? DE[text] ?? text : text; }
function say2(en, de) { return LANG === "de" ? de : en; }

function translatePage() {
  document.documentElement.lang = LANG;
  if (LANG !== "de") return;
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.nodeValue.trim().replace(/\s+/g, " ");
    if (text && DE[text] !== undefined) {
      const [lead, trail] = [n.nodeValue.match(/^\s*/)[0], n.nodeValue.match(/\s*$/)[0]];
      n.nodeValue = lead + DE[text] + trail;
    }
  }
  for (const x of document.querySelectorAll("[placeholder]")) x.placeholder = tr(x.placeholder);
}

function langSwitch() {
  const box = $("#lang");
  for (const value of ["de", "en"]) {
    box.append(el("button", { class: LANG === value ? "on" : "", "data-lang": value,
      onclick: () => { localStorage.setItem("skat.lang", value); location.reload(); } },
    value.toUpperCase()));
  }
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
  const init = { headers: { "X-Key": T.key, "Content-Type": "application/json" } };
  if (body !== undefined) { init.method = "POST"; init.body = JSON.stringify(body); }
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw Object.assign(new Error(reason(data.error || `HTTP ${r.status}`)), { status: r.status });
  return data;
}

// The server's reasons in German on German pages: each pattern of the list check and the
// desk's refusals, with the parts (names, values) carried over; an unknown reason stays as is.
const DE_REASONS = [
  [/^game (\d+): (.*)$/, (m) => `Spiel ${m[1]}: ${reasonDe(m[2])}`],
  [/^(\d+) is no value of a (won|lost) (\S+) \(\S+ (?:won|lost) is worth (.*)\)$/,
    (m) => `${m[1]} ist kein Wert eines ${m[2] === "won" ? "gewonnenen" : "verlorenen"} ${m[3]} (möglich: ${m[4]})`],
  [/^(.*) dealt game (\d+) and sits out at a 4-table$/, (m) => `${m[1]} gab Spiel ${m[2]} und setzt am Vierertisch aus`],
  [/^'(.*)' does not sit at this table$/, (m) => `${m[1]} sitzt nicht an diesem Tisch`],
  [/^a passed-in game has no game, value or winner$/, () => "ein eingepasstes Spiel hat kein Spiel, keinen Wert und keinen Gewinner"],
  [/^a game (won|lost) below the bid \((\d+) < (\d+)\) is lost overbid with (\d+)$/,
    (m) => `ein Spiel unter dem Reizwert (${m[2]} < ${m[3]}) ist überreizt verloren mit ${m[4]}`],
  [/^(\d+) is no bid$/, (m) => `${m[1]} ist kein Reizwert`],
  [/^(\d+) games, a table of (\d+) plays (\d+)$/, (m) => `${m[1]} Spiele, ein Tisch mit ${m[2]} spielt ${m[3]}`],
  [/^all passed, but the (value|bid) (\S+) is filled in: .*$/,
    (m) => `eingepasst, aber ${m[1] === "value" ? "der Wert" : "der Reizwert"} ${m[2]} ist eingetragen: Alleinspieler wählen oder das Feld leeren`],
  [/^the list is not complete: a table of (\d+) plays (\d+)$/, (m) => `die Liste ist nicht vollständig: ein Tisch mit ${m[1]} spielt ${m[2]}`],
  [/^series (\d+) is locked$/, (m) => `Serie ${m[1]} ist gesperrt`],
  [/^no game to take back$/, () => "kein Spiel zum Zurücknehmen"],
  [/^the list ended after game (\d+): (.*) left during the series$/,
    (m) => `die Liste endete nach Spiel ${m[1]}: ${m[2]} ist während der Serie ausgeschieden`],
  [/^series (\d+) table (\d+) has (\d+) games entered: take back those after game (\d+) first$/,
    (m) => `Serie ${m[1]} Tisch ${m[2]} hat ${m[3]} Spiele eingetragen: erst die Spiele nach Spiel ${m[4]} zurücknehmen`],
  [/^the closing total is being confirmed: only the director corrects it$/, () => "die Endsumme wird bestätigt: nur die Turnierleitung berichtigt sie"],
  [/^this is not the key of this table$/, () => "das ist nicht der Schlüssel dieses Tischs"],
  [/^this is not the director's key$/, () => "das ist nicht der Schlüssel der Turnierleitung"],
  [/^no such tournament$/, () => "kein solches Turnier"],
  [/^series (\d+) cannot be seated by standings: (.*?)( \(or seat it with an override.*)?$/,
    (m) => `Serie ${m[1]} kann nicht nach Tabelle gesetzt werden: ${m[2].split("; ").map(reasonDe).join("; ")}` +
      (m[3] ? " (oder mit Ausnahme und Grund setzen, der protokolliert wird)" : "")],
  [/^series (\d+) table (\d+): (.*)$/, (m) => `Serie ${m[1]} Tisch ${m[2]}: ${reasonDe(m[3])}`],
  [/^no list entered$/, () => "keine Liste eingetragen"],
  [/^the tournament is very busy: send it again$/, () => "das Turnier ist gerade sehr beschäftigt: bitte noch einmal senden"],
];

function reasonDe(text) {
  for (const [pattern, make] of DE_REASONS) {
    const m = text.match(pattern);
    if (m) return make(m);
  }
  return text;
}

function reason(text) {
  if (LANG !== "de") return text;
  if (/^series \d+ cannot be seated by standings/.test(text)) return reasonDe(text);  // holds "; " itself
  return text.split("; ").map(reasonDe).join("; ");
}

function say(where, text, ok) {
  const box = $(where);
  box.textContent = text || "";
  box.className = ok ? "ok-note" : "error";
}

const CELL_WORDS = new Set(["passed", "won", "lost", "total"]);  // not names: the rest may be

// A sheet of skat.tournament.report as an HTML table (numbers right-aligned).
function sheetTable(sheet, id) {
  const word = (h) => tr(h).replace(/^series (\d+)$/, (_, k) => `${say2("series", "Serie")} ${k}`);
  const head = el("tr", {}, ...sheet.header.map((h) => el("th", {}, word(h))));
  const rows = sheet.rows.map((r) => el("tr", {}, ...r.map((c) =>
    el("td", typeof c === "number" ? { class: "num" } : {}, CELL_WORDS.has(c) ? tr(c) : c))));
  const table = el("table", { class: "list", ...(id ? { id } : {}) }, el("thead", {}, head),
    el("tbody", {}, ...rows));
  const notes = sheet.notes.map((n) => el("p", { class: "muted" }, n));
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
        deals: $("#deals").value, time_limit: $("#time-limit").value, rules: $("#rules").value, teams: $("#teams").value, players,
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
  document.title = `${v.name} – ${tr("standings")}`;
  $("#title").textContent = v.name;
  $("#state").textContent = tr(v.published ? "final results (published)"
    : "live: lists count as far as they are entered");
  $("#progress").replaceChildren(...v.progress.map((p) => el("span",
    { class: "tag" + (p.final ? " final" : "") },
    `S${p.series} ${say2("T", "Ti")}${p.table} ${p.entered}/${p.planned}${p.final ? " ✓" : ""}`)));
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
  return el("li", {}, `${c.at}: ${say2("series", "Serie")} ${c.series} ${tr("table")} ${c.table}: ${c.reason}`,
    el("br"), el("span", { class: "muted" }, `${c.before || tr("no list")} → ${c.after}`));
}

// ------------------------------------------------------------------ a table

function tablePage() {
  const [, , , , series, table] = location.pathname.split("/");
  const path = `/api/t/${T.id}/table/${series}/${table}`;
  T.tablePath = path;
  for (const [v, name] of [["G", "Grand"], ["C", "Clubs ♣"], ["S", "Spades ♠"],
    ["H", "Hearts ♥"], ["D", "Diamonds ♦"], ["N", "Null"]]) $("#kind").append(el("option", { value: v }, tr(name)));
  $("#enter").addEventListener("click", () => send(enterAction()));
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
    won: $("#won").value === "won", value: $("#value").value, bid: $("#bid").value, entry: T.entryId };
}

async function send(action) {
  if (T.sending) return;  // one request at a time (a double tap)
  T.sending = true;
  $("#enter").disabled = true;
  try {
    const v = await api(T.tablePath, action);
    T.version = v.version;
    drawTable(v);
    say("#msg", action.action === "game" ? say2(`game ${v.entered} counted`, `Spiel ${v.entered} gezählt`) : "", true);
    if (action.action === "game") { $("#value").value = ""; $("#bid").value = ""; T.entryId = null; }
  } catch (e) {
    say("#msg", e.message);
    // refused by the server (4xx): a new entry next; no answer (a network error, whatever the
    // browser calls it: "Failed to fetch", "Load failed", ...) or a server error: the game may
    // be stored, so the same id goes again and the server stores it once
    if (action.action === "game" && e.status >= 400 && e.status < 500) T.entryId = null;
  } finally { T.sending = false; $("#enter").disabled = false; }
}

function drawTable(v) {
  const where = say2(`series ${v.series}, table ${v.table}`, `Serie ${v.series}, Tisch ${v.table}`);
  document.title = `${v.name} – ${where}`;
  $("#title").textContent = `${v.name}: ${where}`;
  $("#players").textContent = v.players.join(" · ");
  const keep = $("#declarer").value;
  $("#declarer").replaceChildren(el("option", { value: "" }, tr("all passed")),
    ...v.players.map((p) => el("option", { value: p }, p)));
  if (v.players.includes(keep)) $("#declarer").value = keep;
  const done = v.entered >= v.planned;
  $("#next").textContent = done ? say2(`all ${v.planned} games entered`, `alle ${v.planned} Spiele eingetragen`)
    : say2(`game ${v.entered + 1} of ${v.planned}, dealer ${v.dealer}`,
      `Spiel ${v.entered + 1} von ${v.planned}, Geber ${v.dealer}`);
  const closed = v.locked || v.confirmed.length > 0;
  $("#entry").hidden = done || closed;
  $("#list").replaceChildren(v.list ? sheetTable(v.list, "table-list") : el("p", { class: "muted" }, tr("no game yet")));
  $("#confirm-box").hidden = !done;
  $("#confirm").replaceChildren(...v.players.map((p) => el("button", {
    class: v.confirmed.includes(p) ? "done" : "primary", "data-player": p,
    onclick: () => send({ action: "confirm", player: p }) },
  v.confirmed.includes(p) ? `${p} ✓` : say2(`${p} confirms`, `${p} bestätigt`))));
  $("#final").textContent = tr(v.final ? "The list is confirmed and counts." :
    v.locked ? "The series is locked." : "");
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
  try { drawDirector(await api(T.directorPath, action), true); say("#msg", tr("done"), true); }
  catch (e) { say("#msg", e.message); }
}

function drawDirector(d, refill) {
  T.version = d.version; T.published = d.published; T.director = d;
  document.title = `${d.name} – ${tr("director")}`;
  $("#title").textContent = `${d.name} (${tr("director")})`;
  $("#public").href = `/t/${T.id}`;
  $("#about").textContent = say2(`${d.players} players, ${d.series} series, rules ${d.rules}`,
    `${d.players} Spieler, ${d.series} Serien, Regeln ${d.rules}`) +
    (d.published ? say2(", results published", ", Ergebnis veröffentlicht") : "");
  $("#publish").textContent = tr(d.published ? "Withdraw publication" : "Publish results");
  $("#address-warning").hidden = !d.address_warning;
  $("#address-warning").textContent = d.address_warning ? say2(d.address_warning,
    `Die Tischlinks und QR-Codes zeigen auf ${d.address}, das die Handys der Spieler nicht erreichen: ` +
    "die Adresse eintragen, unter der die Spieler den Server erreichen (z. B. http://192.168.1.20:8080)") : "";
  if (document.activeElement !== $("#address")) $("#address").value = d.address || "";
  $("#pdf").href = `/api/t/${T.id}/export.pdf`;
  $("#pdf-tables").href = `/api/t/${T.id}/export.pdf?sheets=tables`;
  $("#pdf-standings").href = `/api/t/${T.id}/export.pdf?sheets=standings`;
  $("#ods").href = `/api/t/${T.id}/export.ods`;
  $("#json").href = `/api/t/${T.id}/export.json`;
  $("#players-box").hidden = d.rounds.length > 0;
  $("#player-list").value = d.player_list.map((p) => [p.name, p.club, p.team,
    p.categories.join("+")].join(", ").replace(/(, )+$/, "")).join("\n");
  $("#seat-box").hidden = d.rounds.length >= d.series;
  $("#rounds").replaceChildren(...d.rounds.map(roundBox));
  $("#fix-box").hidden = d.rounds.length === 0;
  const s = $("#fix-series"), keep = s.value;
  s.replaceChildren(...d.rounds.map((r) => el("option", { value: r.series }, `${say2("series", "Serie")} ${r.series}`)));
  if (keep) s.value = keep;
  if (refill || !$("#fix-text").value || T.base === $("#fix-text").value) fillCorrection();
  $("#problems").replaceChildren(...(d.problems.length ? d.problems : [tr("none")]).map((p) => el("li", {}, p)));
  $("#log").replaceChildren(...d.log.map(logLine));
}

function roundBox(r) {
  const lock = el("button", { class: r.locked ? "danger" : "",
    onclick: () => direct({ action: "lock", series: r.series, locked: !r.locked }) },
  r.locked ? say2(`Unlock series ${r.series}`, `Serie ${r.series} freigeben`)
    : say2(`Lock series ${r.series}`, `Serie ${r.series} sperren`));
  const cards = r.tables.map((t) => el("div", { class: "table-card" },
    el("h3", {}, `${say2("Table", "Tisch")} ${t.table}`), el("p", {}, t.players.join(" · ")),
    el("img", { src: `/api/t/qr.svg?text=${encodeURIComponent(t.url)}`, alt: `QR code of table ${t.table}` }),
    el("p", {}, el("a", { href: t.url, class: "table-link", target: "_blank" }, tr("table link")))));
  return el("section", { class: "box" }, el("h2", {}, `${say2("Series", "Serie")} ${r.series} `, lock),
    el("div", { class: "cards" }, ...cards), sheetTable(r.seating));
}

function fillCorrection() {
  const d = T.director, series = Number($("#fix-series").value);
  const round = d.rounds.find((r) => r.series === series);
  if (!round) return;
  const keep = $("#fix-table").value;
  $("#fix-table").replaceChildren(...round.tables.map((t) => el("option", { value: t.table }, `${tr("table")} ${t.table}`)));
  if (keep && round.tables.some((t) => String(t.table) === keep)) $("#fix-table").value = keep;
  const t = round.tables.find((x) => String(x.table) === $("#fix-table").value);
  $("#fix-text").value = T.base = t ? t.text : "";
}

document.addEventListener("DOMContentLoaded", () => {
  translatePage();
  langSwitch();
  ({ start: startPage, standings: standingsPage, table: tablePage, director: directorPage })[
    document.body.dataset.page]();
});
