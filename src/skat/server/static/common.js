// skat serve: what every page shares: the language (German/English), card images, names.
"use strict";

const WORDS = {
  de: {
    lobby: "Lobby", create: "Tisch anlegen", rules: "Regeln", options: "Optionen (z. B. kontra=on)",
    games: "Spiele (Gebergänge)", clock: "Zugzeit in s (0 = aus)", seat: "Platz", human: "Mensch",
    name: "Name", running: "Laufende Tische", finished: "Beendete Tische", none: "keine",
    join: "Mitspielen", watch: "Zuschauen", open: "Öffnen", players: "Spieler", played: "gespielt",
    free: "frei", history: "Verlauf", seats4: "4 Spieler (Geber setzt aus)",
    forehand: "Vorhand", middlehand: "Mittelhand", rearhand: "Hinterhand", dealer: "Geber",
    yourTurn: "Du bist dran", waitingFor: "Warten auf", pass: "Passe", hold: "Ja", bid: "Reizen",
    pickUp: "Skat aufnehmen", discard: "Drücken", declare: "Ansagen", selectTwo: "Zwei Karten zum Drücken wählen",
    kontra: "Kontra", rekontra: "Re", supra: "Supra", resupra: "Resupra",
   
    lastTrick: "Letzter Stich", sheet: "Liste", log: "Spielverlauf",
    result: "Ergebnis", next: "Weiter", seriesOver: "Die Serie ist zu Ende", standings: "Endstand",
    spectator: "Zuschauer", invite: "Einladungslink kopieren", copied: "Link kopiert",
    connecting: "Verbinde …", offline: "Verbindung verloren – verbinde neu …", online: "verbunden",
    declarer: "Alleinspieler", bidNow: "Gebot", game: "Spiel", points: "Augen", total: "Summe",
    won: "gewonnen", lost: "verloren", passedIn: "eingepasst", ramsch: "Ramsch", download: "Herunterladen",
    analysis: "Analyse", loading: "Lade …", prev: "Zurück", nextMove: "Vor", start: "Anfang", end: "Ende",
    bestWas: "bester Wert", playedVal: "gespielt", lossWord: "verschenkt", couldWin: "Das Spiel war zu gewinnen",
    couldNot: "Das Spiel war nicht zu gewinnen", jumpTo: "Sprung auf", seeAll: "Alle Karten",
    belowBid: "weniger als der Reizwert: überreizt, wenn nicht mehr Spitzen oder Schneider dazukommen",
    estimate: "Schätzung: die Buben im Skat können die Spitzen ändern", declareAnyway: "Trotzdem ansagen?",
    skatWord: "Skat", says: "sagt", handWord: "Hand", tricks: "Stiche", sitsOut: "setzt aus (gibt)",
    createFailed: "Anlegen fehlgeschlagen", full: "Kein Platz frei", moveClock: "Zeit",
  },
  en: {
    lobby: "Lobby", create: "Create table", rules: "Rules", options: "Options (e.g. kontra=on)",
    games: "Games (dealer turns)", clock: "Move clock in s (0 = off)", seat: "Place", human: "Human",
    name: "Name", running: "Running tables", finished: "Finished tables", none: "none",
    join: "Join", watch: "Watch", open: "Open", players: "Players", played: "played",
    free: "free", history: "History", seats4: "4 players (the dealer sits out)",
    forehand: "Forehand", middlehand: "Middlehand", rearhand: "Rearhand", dealer: "Dealer",
    yourTurn: "Your turn", waitingFor: "Waiting for", pass: "Pass", hold: "Hold", bid: "Bid",
    pickUp: "Pick up the skat", discard: "Discard", declare: "Declare", selectTwo: "Choose two cards to put away",
    kontra: "Kontra", rekontra: "Re", supra: "Supra", resupra: "Resupra",
   
    lastTrick: "Last trick", sheet: "Score sheet", log: "Game log",
    result: "Result", next: "Continue", seriesOver: "The series is over", standings: "Final standings",
    spectator: "Spectator", invite: "Copy invite link", copied: "Link copied",
    connecting: "Connecting …", offline: "Connection lost – reconnecting …", online: "connected",
    declarer: "Declarer", bidNow: "Bid", game: "Game", points: "Points", total: "Total",
    won: "won", lost: "lost", passedIn: "passed in", ramsch: "Ramsch", download: "Download",
    analysis: "Analysis", loading: "Loading …", prev: "Back", nextMove: "Next", start: "Start", end: "End",
    bestWas: "best value", playedVal: "played", lossWord: "lost", couldWin: "The game could be won",
    couldNot: "The game could not be won", jumpTo: "Jump to", seeAll: "All cards",
    belowBid: "below the bid: overbid unless more matadors or Schneider come",
    estimate: "estimate: jacks in the skat can change the matadors", declareAnyway: "Declare it anyway?",
    skatWord: "Skat", says: "says", handWord: "Hand", tricks: "Tricks", sitsOut: "sits out (deals)",
    createFailed: "Could not create the table", full: "No free place", moveClock: "Clock",
  },
};

// The words added for the table's declaration, accessibility, settings and learning: [German, English]
const MORE_WORDS = {
  cardPoints: ["Augen", "card points"],
  downloadJson: ["JSON herunterladen", "Download JSON"],
  downloadIss: ["ISS herunterladen", "Download ISS"],
  playHand: ["Hand spielen", "Play Hand"],
  chooseGame: ["Spiel wählen", "Choose the game"],
  announcements: ["Ansagen", "Announcements"],
  noAnnounce: ["keine Ansage", "no announcement"],
  schneiderA: ["Schneider angesagt", "Schneider announced"],
  schwarzA: ["Schwarz angesagt", "Schwarz announced"],
  ouvertA: ["Ouvert (offen, Schwarz)", "Ouvert (open, Schwarz)"],
  ouvertN: ["Ouvert (offen)", "Ouvert (open)"],
  playIt: ["Spielen", "Play"],
  valueWord: ["Wert", "value"],
  back: ["Zurück", "Back"],
  thinks: ["denkt nach …", "is thinking …"],
  trickWord: ["Stich", "Trick"],
  cardBack: ["verdeckte Karte", "face-down card"],
  cardBacks: ["verdeckte Karten", "face-down cards"],
  bidsSay: ["reizt", "bids"],
  jumpBid: ["Reizwert zum Springen", "Bid to jump to"],
  jumpSay: ["Auf den gewählten Reizwert springen", "Jump to the chosen bid"],
  takesTrick: ["bekommt den Stich", "takes the trick"],
  yourTurnSay: ["Du bist dran", "Your turn"],
  seeger: ["Seeger-Fabian", "Seeger-Fabian"],
  display: ["Darstellung", "Display"],
  themeNormal: ["Normal", "Normal"],
  themeLarge: ["Große Schrift", "Large print"],
  themeContrast: ["Hoher Kontrast", "High contrast"],
  sound: ["Töne", "Sounds"],
  pause: ["Pause nach dem Stich (ms)", "Pause after a trick (ms)"],
  settings: ["Einstellungen", "Settings"],
  sitsOutNow: ["setzt aus", "sits out"],
  level_random: ["Zufall", "random"],
  level_heuristic: ["Regelspieler", "rule player"],
  level_pimc: ["Stark (PIMC)", "strong (PIMC)"],
  "level_pimc-easy": ["Leicht (PIMC)", "easy (PIMC)"],
  "level_pimc-medium": ["Mittel (PIMC)", "medium (PIMC)"],
  "level_pimc-hard": ["Schwer (PIMC)", "hard (PIMC)"],
  "level_pimc-expert": ["Experte (PIMC)", "expert (PIMC)"],
  computer: ["Computer", "Computer"],
  commitment: ["Kartenverteilung festgelegt (sha256)", "Deal committed (sha256)"],
  reveal: ["Geheimwert (nonce)", "Secret (nonce)"],
  verifyHow: ["Prüfen mit: skat verify <Spiel>.json", "Check with: skat verify <game>.json"],
  playAgain: ["Dieses Spiel nochmal spielen", "Play this deal again"],
  howWin: ["Wie hätte ich gewinnen können?", "How could I have won?"],
  fromHere: ["Ab hier nochmal spielen", "Play again from here"],
  bestFrom: ["Bestes Spiel aller Seiten (alle Karten offen) ab Zug", "Best play by everyone (all cards open) from move"],
  dealCards: ["Karten", "Cards"],
  cardsTable: ["Tisch", "Table"],
  handOf: ["Hand von", "Hand of"],
  declarerPts: ["Augen des Alleinspielers", "declarer's card points"],
};
for (const [key, [de, en]] of Object.entries(MORE_WORDS)) { WORDS.de[key] = de; WORDS.en[key] = en; }

function lang() {
  const stored = localStorage.getItem("skat.lang");
  if (stored === "de" || stored === "en") return stored;
  return (navigator.language || "de").toLowerCase().startsWith("de") ? "de" : "en";
}

function t(key) {
  return (WORDS[lang()] || WORDS.en)[key] || WORDS.en[key] || key;
}

function setLang(value) {
  localStorage.setItem("skat.lang", value);
  document.documentElement.lang = value;
  document.dispatchEvent(new Event("langchange"));
}

function langSwitch(container) {
  container.classList.add("lang");
  container.replaceChildren();
  for (const value of ["de", "en"]) {
    const b = el("button", { text: value.toUpperCase(), "data-lang": value });
    if (lang() === value) b.classList.add("on");
    b.addEventListener("click", () => { setLang(value); langSwitch(container); });
    container.append(b);
  }
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function cardImg(name, extra = {}) {
  // the corner letters follow the language: J/Q/K in English, B/D/K in German
  return el("img", { src: `/cards/${name || "back"}.svg${name && lang() === "en" ? "?lang=en" : ""}`,
    alt: name ? cardName(name) : t("cardBack"), "data-card": name || "back", ...extra });
}

function levelName(kind) {  // a computer level in words
  return kind === "human" ? t("human") : `${t("computer")}: ${t(`level_${kind}`)}`;
}

// ------------------------------------------------------------------ settings: theme, sound, pause

const SETTINGS_KEY = "skat.settings";

function settings() {
  let s = {};
  try { s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { s = {}; }
  return { theme: s.theme || "normal", sound: s.sound === true, pause: Number.isFinite(s.pause) ? s.pause : 1200 };
}

function saveSettings(change) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings(), ...change }));
  applyTheme();
}

function applyTheme() {
  const theme = settings().theme;
  document.body.classList.toggle("theme-large", theme === "large");
  document.body.classList.toggle("theme-contrast", theme === "contrast");
}

function settingsBox(container, extra = true) {
  // display theme (normal, large print, high contrast); on the table also sounds and the pause
  const s = settings();
  const theme = el("select", { id: "theme", "aria-label": t("display") },
    ...["normal", "large", "contrast"].map((v) => el("option", { value: v, text: t(`theme${v[0].toUpperCase()}${v.slice(1)}`) })));
  theme.value = s.theme;
  theme.addEventListener("change", () => saveSettings({ theme: theme.value }));
  const parts = [theme];
  if (extra) {
    const sound = el("input", { type: "checkbox", id: "sound" });
    sound.checked = s.sound;
    sound.addEventListener("change", () => saveSettings({ sound: sound.checked }));
    const pause = el("input", { type: "number", id: "pause", min: "0", max: "5000", step: "100", value: String(s.pause), style: "width:5.5rem" });
    pause.addEventListener("change", () => saveSettings({ pause: Math.max(0, Math.min(5000, Number(pause.value) || 0)) }));
    parts.push(el("label", { class: "inline" }, sound, el("span", { text: t("sound") })),
      el("label", { class: "inline" }, el("span", { text: t("pause") }), pause));
  }
  container.replaceChildren(el("details", { class: "settings" }, el("summary", { text: t("settings") }),
    el("div", { class: "settings-body" }, ...parts)));
  applyTheme();
}

let audio = null;

function beep(kind) {
  // optional sounds (off by default), made with WebAudio: no sound files
  if (!settings().sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    const tone = { card: 440, trick: 330, turn: 660, result: 523 }[kind] || 440;
    osc.frequency.value = tone;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  } catch { /* no audio: silence */ }
}

function say(text) {
  // the ARIA live region: every event is read out by screen readers
  const node = document.getElementById("live");
  if (!node || !text) return;
  const line = el("div", { text });
  node.append(line);
  while (node.childNodes.length > 8) node.firstChild.remove();
}

const SUIT_NAMES = { de: { C: "Kreuz", S: "Pik", H: "Herz", D: "Karo" }, en: { C: "Clubs", S: "Spades", H: "Hearts", D: "Diamonds" } };
const RANK_NAMES = {
  de: { J: "Bube", A: "Ass", T: "Zehn", K: "König", Q: "Dame", 9: "Neun", 8: "Acht", 7: "Sieben" },
  en: { J: "Jack", A: "Ace", T: "Ten", K: "King", Q: "Queen", 9: "Nine", 8: "Eight", 7: "Seven" },
};

function cardName(name) {
  const l = lang();
  return `${SUIT_NAMES[l][name[0]]} ${RANK_NAMES[l][name[1]]}`;
}

function roleName(seat) {
  return [t("forehand"), t("middlehand"), t("rearhand")][seat] || "";
}

function toast(text, ms = 3500) {
  const node = el("div", { class: "toast", role: "status", text });
  document.body.append(node);
  setTimeout(() => node.remove(), ms);
}

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function tokenKey(tableId) { return `skat.token.${tableId}`; }

async function playAgain(tableId, number, moves) {
  // a new table with the same cards, places and computer levels, the first ``moves`` kept
  let mine = null;
  try { mine = JSON.parse(localStorage.getItem(tokenKey(tableId)) || "null"); } catch { mine = null; }
  try {
    const made = await api(`/api/tables/${tableId}/games/${number}/again`, { moves, player: mine ? mine.player : null });
    if (made.token) localStorage.setItem(tokenKey(made.id), JSON.stringify({ token: made.token, player: made.player }));
    location.href = made.url;
  } catch (e) { toast(e.message); }
}
