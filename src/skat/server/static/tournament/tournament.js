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
  "Arrivals, leavers, substitutes": "Nachzügler, Ausscheidende, Ersatzspieler",
  "season": "Saison", "new season": "neue Saison", "Start a season (club championship)": "Saison anlegen (Vereinsmeisterschaft)",
  "What counts": "Was zählt", "all series": "alle Serien", "each player's best series:": "die besten Serien jedes Spielers:",
  "Best series": "Beste Serien", "Guests": "Gäste", "ranked with the members, marked": "mit den Mitgliedern gewertet, markiert",
  "listed after the members": "nach den Mitgliedern aufgeführt", "Series an evening": "Serien je Abend",
  "Deals per player a series": "Gebergänge je Spieler und Serie",
  "The register, one a line:": "Das Mitgliederverzeichnis, einer je Zeile:", ", a guest": ", ein Gast",
  "You get the director's link: keep it secret, it manages the season.": "Sie erhalten den Link der Leitung: geheim halten, er verwaltet die Saison.",
  "Evenings": "Abende", "Start an evening": "Abend beginnen", "Date": "Datum", "Who came:": "Wer ist gekommen:",
  "Guests not in the register, one a line:": "Gäste, die nicht im Verzeichnis stehen, einer je Zeile:",
  "Start the evening": "Abend beginnen", "Or add a tournament of this server: its id": "Oder ein Turnier dieses Servers hinzufügen: seine Kennung",
  "Add": "Hinzufügen", "Register": "Mitgliederverzeichnis", "Save the register": "Verzeichnis speichern",
  "players": "Spieler", "no.": "Nr.", "guest": "Gast", "counted": "gezählt",
  "Add a late arrival": "Nachzügler aufnehmen", "after series": "nach Serie", "Withdraw": "Ausscheiden",
  "Substitute": "Ersetzen", "name, club, team": "Name, Verein, Mannschaft",
  "last played": "zuletzt gespielt", "the substitute's name": "Name des Ersatzspielers",
  "Kontra on the lists": "Kontra auf den Listen", "no (DSkV tournament)": "nein (DSkV-Turnier)",
  "Kontra and Re (club evening)": "Kontra und Re (Vereinsabend)",
  "Kontra, Re, Supra and Resupra": "Kontra, Re, Supra und Resupra", "Save": "Speichern",
  "Kontra": "Kontra", "kontra": "Kontra", "no Kontra": "kein Kontra",
  "(the bid after the value),": "(Reizwert nach dem Wert),", "(Kontra, Re last);": "(Kontra, Re zuletzt);",
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
  [/^a passed-in game has no Kontra$/, () => "ein eingepasstes Spiel hat kein Kontra"],
  [/^(Kontra|Re|Supra|Resupra) is not allowed in this tournament \(rules (\S+): (no Kontra on the list|Kontra and Re only)\)$/,
    (m) => `${m[1]} ist in diesem Turnier nicht erlaubt (Regeln ${m[2]}: ${m[3] === "no Kontra on the list" ? "kein Kontra auf der Liste" : "nur Kontra und Re"})`],
  [/^there is no Kontra level (\S+) \(0 to 4\)$/, (m) => `Kontra-Stufe ${m[1]} gibt es nicht (0 bis 4)`],
  [/^series (\d+) table (\d+) has a game with (\S+): correct it first$/,
    (m) => `Serie ${m[1]} Tisch ${m[2]} hat ein Spiel mit ${m[3]}: erst berichtigen`],
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

const CELL_WORDS = new Set(["passed", "won", "lost", "total", "guest"]);  // not names: the rest may be

// A sheet of skat.tournament.report as an HTML table (numbers right-aligned); on a phone a
// column empty in every row (no team, no Kontra said) is left out, so the rest fits.
function sheetTable(sheet, id) {
  const phone = window.matchMedia("(max-width: 560px)").matches;
  const word = (h) => phone && h === "place" ? "#" : tr(h).replace(/^series (\d+)$/,
    (_, k) => phone ? `S${k}` : `${say2("series", "Serie")} ${k}`);
  const keep = sheet.header.map((_, i) => !phone || !sheet.rows.length ||
    sheet.rows.some((r) => r[i] !== "" && r[i] !== null));
  const kept = (cells) => cells.filter((_, i) => keep[i]);
  const head = el("tr", {}, ...kept(sheet.header).map((h) => el("th", {}, word(h))));
  const rows = sheet.rows.map((r) => el("tr", {}, ...kept(r).map((c) =>
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
    say("#msg", action.action === "game" ? say2(`game ${v.entered} counted`, `Spiel ${v.entered} gezählt`) : "", true);
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
  const where = say2(`series ${v.series}, table ${v.table}`, `Serie ${v.series}, Tisch ${v.table}`);
  document.title = `${v.name} – ${where}`;
  $("#title").textContent = `${v.name}: ${where}`;
  $("#players").textContent = v.players.join(" · ");
  const keep = $("#declarer").value;
  $("#declarer").replaceChildren(el("option", { value: "" }, tr("all passed")),
    ...v.players.map((p) => el("option", { value: p }, p)));
  if (v.players.includes(keep)) $("#declarer").value = keep;
  drawKontra(v.kontra || 0);
  const done = v.entered >= v.planned;
  $("#next").textContent = done ? say2(`all ${v.planned} games entered`, `alle ${v.planned} Spiele eingetragen`)
    : say2(`game ${v.entered + 1} of ${v.planned}, dealer ${v.dealer}`,
      `Spiel ${v.entered + 1} von ${v.planned}, Geber ${v.dealer}`);
  const closed = v.locked || v.confirmed.length > 0;
  $("#entry").hidden = done || closed;
  const phone = window.matchMedia("(max-width: 560px)").matches;
  $("#list").replaceChildren(!v.list ? el("p", { class: "muted" }, tr("no game yet"))
    : phone ? compactList(v.list, v.players) : sheetTable(v.list, "table-list"));
  $("#confirm-box").hidden = !done;
  $("#confirm").replaceChildren(...v.players.map((p) => el("button", {
    class: v.confirmed.includes(p) ? "done" : "primary", "data-player": p,
    onclick: () => send({ action: "confirm", player: p }) },
  v.confirmed.includes(p) ? `${p} ✓` : say2(`${p} confirms`, `${p} bestätigt`))));
  $("#final").textContent = tr(v.final ? "The list is confirmed and counts." :
    v.locked ? "The series is locked." : "");
}

// A table's list on a phone: the game in one column ("Cora G won 48 Kontra"), then every
// player's entry under his first name (the full name where two share it), all on screen.
function compactList(sheet, players) {
  const at = sheet.header.length - players.length;
  const kontra = sheet.header.indexOf("kontra");
  const first = players.map((p) => p.split(" ")[0]);
  const short = players.map((p, i) => (first.filter((f) => f === first[i]).length > 1 ? p : first[i]));
  const game = (r) => r[0] === "total" ? tr("total") : r[2] === "passed" ? tr("passed")
    : [r[2].split(" ")[0], r[3], tr(r[4]), r[5], kontra >= 0 ? r[kontra] : ""].filter((x) => x !== "").join(" ");
  const head = el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, tr("game")),
    ...short.map((n, i) => el("th", { class: "num", title: players[i] }, n)));
  const rows = sheet.rows.map((r) => el("tr", r[0] === "total" ? { class: "total" } : {},
    el("td", { class: "num" }, r[0] === "total" ? "" : r[0]), el("td", {}, game(r)),
    ...r.slice(at).map((c) => el("td", { class: "num" }, c))));
  const notes = sheet.notes.map((n) => el("p", { class: "error" }, reason(n)));
  return el("div", { class: "sheet" }, el("h3", {}, sheet.title),
    el("table", { class: "list compact", id: "table-list" }, el("thead", {}, head), el("tbody", {}, ...rows)), ...notes);
}

// The Kontra choice of a table whose tournament allows it (up to Re, or to Resupra).
function drawKontra(top) {
  $("#kontra-box").hidden = top === 0;
  if ($("#kontra").options.length === top + 1) return;
  const names = ["no Kontra", "Kontra", "Re", "Supra", "Resupra"].slice(0, top + 1);
  $("#kontra").replaceChildren(...names.map((n, i) => el("option", { value: i }, tr(n))));
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
  try { drawDirector(await api(T.directorPath, action), true); say("#msg", tr("done"), true); return true; }
  catch (e) { say("#msg", e.message); return false; }
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
  s.replaceChildren(...d.rounds.map((r) => el("option", { value: r.series }, `${say2("series", "Serie")} ${r.series}`)));
  if (keep) s.value = keep;
  if (refill || !$("#fix-text").value || T.base === $("#fix-text").value) fillCorrection();
  $("#problems").replaceChildren(...(d.problems.length ? d.problems.map(reason) : [tr("none")]).map((p) => el("li", {}, p)));
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
    p.joined > 1 ? say2(`from series ${p.joined}`, `ab Serie ${p.joined}`) : "",
    p.left === 0 ? say2("did not come", "nicht erschienen")
      : p.left ? say2(`left after series ${p.left}`, `ausgeschieden nach Serie ${p.left}`) : "",
  ].filter(Boolean).join(", "))));
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
    try { const s = await api(T.seasonPath, action); drawSeason(s); say("#msg", tr("done"), true); return s; }
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
      say2("the evening's director page (keep it secret)", "die Turnierleitung des Abends (geheim halten)")));
  });
  api(T.seasonPath).then(drawSeason, (e) => say("#msg", e.message));
}

// The season's standing on a phone: the member number, guest mark and series under the name;
// each evening's points stay on the evenings' pages (a season has too many for a phone).
function seasonPhone(sheet) {
  const at = (name) => sheet.header.indexOf(name);
  const head = el("tr", {}, ...["#", "player", "points", "won", "lost"].map((h) =>
    el("th", h === "player" ? {} : { class: "num" }, h === "#" ? h : tr(h))));
  const rows = sheet.rows.map((r) => {
    const about = [r[at("no.")] ? `${tr("no.")} ${r[at("no.")]}` : "", r[at("guest")] ? tr("guest") : "",
      say2(`${r[at("counted")]} of ${r[at("series")]} series`, `${r[at("counted")]} von ${r[at("series")]} Serien`)];
    return el("tr", {}, el("td", { class: "num" }, r[at("place")]),
      el("td", {}, r[at("player")], el("small", { class: "sub" }, about.filter(Boolean).join(" · "))),
      ...["points", "won", "lost"].map((h) => el("td", { class: "num" }, r[at(h)])));
  });
  return el("div", { class: "sheet" }, el("h3", {}, sheet.title),
    el("table", { class: "list", id: "standings" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    ...sheet.notes.map((n) => el("p", { class: "muted" }, n)));
}

function drawSeason(s) {
  document.title = `${s.name} – ${tr("season")}`;
  $("#title").textContent = s.name;
  const phone = window.matchMedia("(max-width: 560px)").matches;
  $("#sheet").replaceChildren(phone ? seasonPhone(s.sheet) : sheetTable(s.sheet, "standings"));
  $("#evenings").replaceChildren(...s.evenings.map((e) => el("li", {},
    el("a", { href: `/t/${e.id}` }, e.date), ` (${e.players} ${tr("players")})`)));
  $("#season-director").hidden = !s.director;
  if (!s.director) return;
  $("#members").value = s.members.map((m) => [m.name, m.number, m.guest ? "guest" : ""].join(", ")
    .replace(/(, )+$/, "")).join("\n");
  $("#came").replaceChildren(...s.members.map((m) => el("label", { class: "check" },
    el("input", { type: "checkbox", value: m.name }), ` ${m.name}`)));
}

document.addEventListener("DOMContentLoaded", () => {
  translatePage();
  langSwitch();
  ({ start: startPage, standings: standingsPage, table: tablePage, director: directorPage,
    "season-new": seasonNewPage, season: seasonPage })[document.body.dataset.page]();
});
