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
  return el("img", { src: `/cards/${name || "back"}.svg`, alt: name ? cardName(name) : "card", "data-card": name || "back", ...extra });
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
