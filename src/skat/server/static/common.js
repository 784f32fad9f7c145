// skat serve: what every page shares: the language (German/English), card images, names.
"use strict";

const WORDS = {
  de: {
    lobby: "Lobby", create: "Tisch anlegen", rules: "Regeln", options: "Optionen (z. B. kontra=on)",
    games: "Spiele (Gebergänge)", clock: "Zugzeit in s (0 = aus)", showPoints: "Augen des Alleinspielers während des Spiels zeigen (sonst erst in der Nachschau)", seat: "Platz", human: "Mensch",
    name: "Name", running: "Laufende Tische", finished: "Beendete Tische", none: "keine",
    newer: "Neuere Tische", older: "Ältere Tische", page: "Seite",
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
    games: "Games (dealer turns)", clock: "Move clock in s (0 = off)", showPoints: "Show the declarer's card points during play (otherwise only in the review)", seat: "Place", human: "Human",
    name: "Name", running: "Running tables", finished: "Finished tables", none: "none",
    newer: "Newer tables", older: "Older tables", page: "Page",
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
  "level_pimc-fast": ["Schnell (PIMC)", "fast (PIMC)"],
  level_pimc: ["Stark (PIMC)", "strong (PIMC)"],
  "level_pimc-easy": ["Leicht (PIMC)", "easy (PIMC)"],
  "level_pimc-medium": ["Mittel (PIMC)", "medium (PIMC)"],
  "level_pimc-hard": ["Schwer (PIMC)", "hard (PIMC)"],
  "level_pimc-expert": ["Experte (PIMC)", "expert (PIMC)"],
  "level_pimc-learned": ["Schwer, gelerntes Modell (PIMC)", "hard, learned model (PIMC)"],
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
  // the card packs (Settings)
  pack: ["Kartenbild", "Card pack"],
  pack_french: ["Französisch (zweifarbig)", "French (two colours)"],
  pack_four: ["Turnierbild (vierfarbig)", "Tournament (four colours)"],
  pack_german: ["Deutsch (Eichel, Grün, Rot, Schellen)", "German (Acorns, Leaves, Hearts, Bells)"],
  // the lobby's rules form: the rule set, the options of skat.core.rules, the text for experts
  rulesPreset: ["Regelwerk", "Rule set"],
  mainRules: ["Die wichtigsten Regeln", "The main rules"],
  moreRules: ["Alle weiteren Regeln", "All other rules"],
  rulesText: ["Regeln als Text (für Kenner, z. B. kontra=on)", "Rules as text (for experts, e.g. kontra=on)"],
  rulesOf: ["Gespielt wird", "Played as"],
  excludedBy: ["nicht in diesem Regelwerk", "not in this rule set"],
  preset_isko: ["isko – Internationale Skatordnung", "isko – International Skat Order"],
  preset_tournament: ["tournament – Turnier (Seeger-Fabian)", "tournament – tournament (Seeger-Fabian)"],
  preset_iss: ["iss – wie auf ISS", "iss – as on ISS"],
  preset_iss2: ["iss2 – wie auf ISS2", "iss2 – as on ISS2"],
  preset_old: ["old – Skatordnung vor 1998", "old – the Skat order before 1998"],
  preset_online: ["online – Online-Skatordnung", "online – online Skat order"],
  preset_pub: ["pub – Kneipe (Kontra, Ramsch, Bock)", "pub – pub table (Kontra, Ramsch, Bock)"],
  preset_danish: ["danish – Dänische Skat-Union", "danish – Danish Skat Union"],
  opt_claim: ["Karten zeigen", "Showing one's cards"],
  opt_resign: ["Aufgeben der Gegenspieler", "Defenders giving up"],
  opt_resign_levels: ["Wertung beim Aufgeben", "Score when a party gives up"],
  opt_declarer_resign: ["Aufgeben des Alleinspielers", "Declarer giving up"],
  opt_lost_hand_single: ["Verlorene Handspiele einfach (vor 1998)", "Lost Hand games count single (before 1998)"],
  opt_grand_ouvert_base: ["Grundwert Grand Ouvert", "Base value of Grand Ouvert"],
  opt_kontra: ["Kontra und Re", "Kontra and Re"],
  opt_kontra_timing: ["Kontra bis", "Kontra until"],
  opt_kontra_eligibility: ["Kontra sagen darf", "Who may say Kontra"],
  opt_supra: ["Supra und Resupra", "Supra and Resupra"],
  opt_ramsch: ["Wenn alle passen", "When all pass"],
  opt_ramsch_skat: ["Skat im Ramsch an", "The skat in Ramsch goes to"],
  opt_jungfrau: ["Jungfrau (kein Stich) verdoppelt", "Jungfrau (no trick) doubles"],
  opt_durchmarsch: ["Durchmarsch (alle Stiche) gewinnt 120", "Durchmarsch (every trick) wins 120"],
  opt_jungfrau_penalty: ["Strafe je Jungfrau (0: verdoppeln)", "Penalty per Jungfrau (0: double)"],
  opt_ramsch_loss: ["Im Ramsch verliert", "In Ramsch the loss goes to"],
  opt_ramsch_tens: ["Zehnen im Ramsch", "Tens in Ramsch"],
  opt_ramsch_ten_points: ["Augen einer Zehn im Ramsch", "Card points of a ten in Ramsch"],
  opt_schieberamsch_jacks: ["Buben schieben erlaubt", "Jacks may be passed on"],
  opt_schieberamsch_grand_hand: ["Grand Hand statt Schieberamsch", "Grand Hand instead of Schieberamsch"],
  opt_spitze: ["Spitze ansagen", "Spitze announcements"],
  opt_schenken: ["Schenken vor dem ersten Stich", "Conceding before the first trick (Schenken)"],
  opt_open_play: ["Offenlegen nach dem Ausspiel", "Laying open after the first lead"],
  opt_open_value: ["Wert des Offenlegens", "Value of laying open"],
  opt_auto_concede: ["Kleinste Spiele sofort gewonnen", "Lowest games conceded at once"],
  opt_jump_delay: ["Wartezeit nach Sprunggebot (s)", "Wait after a jump bid (s)"],
  opt_disconnect_concede: ["Wartezeit bei Verbindungsabbruch (s, 0: warten)", "Wait for a lost connection (s, 0: wait)"],
  opt_show_skat: ["Skat vorzeigen (eine Stufe)", "Showing the skat (one level)"],
  opt_bid_jumps: ["Sprunggebote", "Jump bids"],
  opt_score_sheet: ["Liste", "Score sheet"],
  opt_seeger_bonus: ["Seeger-Fabian: Punkte für ein verlorenes Spiel an", "Seeger-Fabian: points for a lost game to"],
  opt_bock: ["Bockrunden", "Bock rounds"],
  opt_bock_triggers: ["Bock nach", "Bock after"],
  opt_ramsch_rounds: ["Ramschrunden nach Bock", "Ramsch rounds after Bock"],
  opt_ramsch_rounds_every: ["Ramschrunde nach jeder n-ten Bockrunde", "Ramsch round after every n-th Bock round"],
  opt_ramsch_rounds_kind: ["Spiele der Ramschrunde", "Games of a Ramsch round"],
  opt_pot: ["Topf je Spieler (0: keiner)", "Pot a player (0: none)"],
  val_claim_isko: ["bindend (ISkO)", "binding (ISkO)"],
  val_claim_iss: ["nicht bindend (ISS)", "not binding (ISS)"],
  val_resign_one: ["einer genügt (ISkO)", "one is enough (ISkO)"],
  val_resign_both: ["beide (ISS)", "both (ISS)"],
  val_resign_after_claim: ["beide, nach Zeigen einer (ISS2)", "both, after a claim one (ISS2)"],
  val_resign_levels_isko: ["einfach oder Schneider (ISkO)", "simple or Schneider (ISkO)"],
  val_resign_levels_rest: ["alle übrigen Stiche (ISS)", "every remaining trick (ISS)"],
  val_declarer_resign_isko: ["allein mit 9 Karten (ISkO)", "alone while holding 9 cards (ISkO)"],
  val_declarer_resign_any: ["jederzeit (ISS)", "at any time (ISS)"],
  val_kontra_timing_trick: ["zur eigenen ersten Karte", "the defender's first card"],
  val_kontra_timing_lead: ["zum ersten Ausspiel", "the first lead"],
  val_kontra_eligibility_any: ["jeder Gegenspieler", "either defender"],
  val_kontra_eligibility_bid: ["wer gereizt hat", "a defender who bid"],
  val_ramsch_off: ["neu geben", "a new deal"],
  val_ramsch_ramsch: ["Ramsch", "Ramsch"],
  val_ramsch_schieberamsch: ["Schieberamsch", "Schieberamsch"],
  val_ramsch_gewinner: ["Gewinner-Ramsch", "Gewinner-Ramsch"],
  val_ramsch_skat_last_trick: ["den letzten Stich", "the last trick"],
  val_ramsch_skat_loser: ["den Verlierer", "the loser"],
  val_ramsch_loss_highest: ["wer die meisten Augen hat", "the most card points"],
  val_ramsch_loss_everyone: ["jeder seine Augen", "everyone his own points"],
  val_ramsch_tens_high: ["hoch (A 10 K D)", "high (A 10 K Q)"],
  val_ramsch_tens_low: ["niedrig (A K D 10)", "low (A K Q 10)"],
  val_open_value_level: ["eine Stufe mehr", "one level more"],
  val_open_value_double: ["doppelt", "double"],
  val_score_sheet_plain: ["einfach", "plain"],
  val_score_sheet_seeger: ["Seeger-Fabian", "Seeger-Fabian"],
  val_score_sheet_bierlachs: ["Bierlachs", "Bierlachs"],
  val_score_sheet_danish: ["dänisch", "Danish"],
  val_seeger_bonus_all: ["alle anderen", "every other player"],
  val_seeger_bonus_active: ["die beiden Gegenspieler", "the two defenders"],
  val_bock_triggers_6060: ["60:60 verloren", "a lost 60:60"],
  val_bock_triggers_kontra_re: ["Kontra und Re", "Kontra and Re"],
  val_bock_triggers_grand_hand: ["gewonnener Grand Hand", "a won Grand Hand"],
  val_bock_triggers_value100: ["Spiel ab 100", "a game worth 100 or more"],
  val_bock_triggers_list_total: ["Listenstand wie 111 oder 300", "a list total like 111 or 300"],
  val_ramsch_rounds_kind_same: ["wie beim Einpassen", "as when all pass"],
  val_ramsch_rounds_kind_schieberamsch: ["Schieberamsch", "Schieberamsch"],
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
  // the player's pack (Settings); the corner letters follow the language: J/Q/K in English,
  // B/D/K in German (the German pack: U/O/K)
  return el("img", { src: name ? `/cards/${name}.svg?pack=${settings().pack}&lang=${lang()}` : "/cards/back.svg",
    alt: name ? cardName(name) : t("cardBack"), "data-card": name || "back", ...extra });
}

function levelName(kind) {  // a computer level in words
  return kind === "human" ? t("human") : `${t("computer")}: ${t(`level_${kind}`)}`;
}

// ------------------------------------------------------------------ settings: theme, sound, pause

const SETTINGS_KEY = "skat.settings";
const PACKS = ["french", "german", "four"];  // the card packs: French, German, the four-colour tournament pack

function settings() {
  let s = {};
  try { s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { s = {}; }
  return { theme: s.theme || "normal", sound: s.sound === true, pause: Number.isFinite(s.pause) ? s.pause : 1200,
    pack: PACKS.includes(s.pack) ? s.pack : "four" };
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
  const pack = el("select", { id: "pack", "aria-label": t("pack") },
    ...PACKS.map((v) => el("option", { value: v, text: t(`pack_${v}`) })));
  pack.value = s.pack;
  pack.addEventListener("change", () => {  // the cards and the suits' names change: draw again
    saveSettings({ pack: pack.value });
    document.dispatchEvent(new Event("langchange"));
  });
  const parts = [theme, el("label", { class: "inline" }, el("span", { text: t("pack") }), pack)];
  if (extra) {
    const sound = el("input", { type: "checkbox", id: "sound" });
    sound.checked = s.sound;
    sound.addEventListener("change", () => saveSettings({ sound: sound.checked }));
    const pause = el("input", { type: "number", id: "pause", min: "0", max: "5000", step: "100", value: String(s.pause), style: "width:5.5rem" });
    pause.addEventListener("change", () => saveSettings({ pause: Math.max(0, Math.min(5000, Number(pause.value) || 0)) }));
    parts.push(el("label", { class: "inline" }, sound, el("span", { text: t("sound") })),
      el("label", { class: "inline" }, el("span", { text: t("pause") }), pause));
  }
  const open = Boolean(container.querySelector("details.settings[open]"));  // drawn again: stays open
  const focused = container.contains(document.activeElement) ? document.activeElement.id : "";  // and keeps the focus
  container.replaceChildren(el("details", { class: "settings", open }, el("summary", { text: t("settings") }),
    el("div", { class: "settings-body" }, ...parts)));
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
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

// the names of suits and ranks in each pack: the French names (the two French packs) and the
// German pack's (skat.core.cards: Suit.german_pack, Rank.german_pack)
const PACK_NAMES = {
  french: {
    suits: { de: { C: "Kreuz", S: "Pik", H: "Herz", D: "Karo" }, en: { C: "Clubs", S: "Spades", H: "Hearts", D: "Diamonds" } },
    ranks: {
      de: { J: "Bube", A: "Ass", T: "Zehn", K: "König", Q: "Dame", 9: "Neun", 8: "Acht", 7: "Sieben" },
      en: { J: "Jack", A: "Ace", T: "Ten", K: "King", Q: "Queen", 9: "Nine", 8: "Eight", 7: "Seven" },
    },
  },
  german: {
    suits: { de: { C: "Eichel", S: "Grün", H: "Rot", D: "Schellen" }, en: { C: "Acorns", S: "Leaves", H: "Hearts", D: "Bells" } },
    ranks: {
      de: { J: "Unter", A: "Daus", T: "Zehn", K: "König", Q: "Ober", 9: "Neun", 8: "Acht", 7: "Sieben" },
      en: { J: "Unter", A: "Ace", T: "Ten", K: "King", Q: "Ober", 9: "Nine", 8: "Eight", 7: "Seven" },
    },
  },
};

function packNames() { return PACK_NAMES[settings().pack === "german" ? "german" : "french"]; }

// SUIT_NAMES[lang][letter] and RANK_NAMES[lang][letter] name the cards of the player's pack
const SUIT_NAMES = { get de() { return packNames().suits.de; }, get en() { return packNames().suits.en; } };
const RANK_NAMES = { get de() { return packNames().ranks.de; }, get en() { return packNames().ranks.en; } };

function packWords(text) {
  // the core's words (a declaration, a result) with the suits named as the player's pack names them
  if (!text || settings().pack !== "german") return text;
  let out = text;
  for (const l of ["de", "en"]) {
    for (const letter of "CSHD") {
      const from = PACK_NAMES.french.suits[l][letter], to = PACK_NAMES.german.suits[l][letter];
      if (from !== to) out = out.replace(new RegExp(`(^|[^\\p{L}])${from}(?![\\p{L}])`, "gu"), `$1${to}`);
    }
  }
  return out;
}

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

// ------------------------------------------------------------------ a table's socket

// The connection of a table page (table.js, variant.js): hello with the place's token kept in
// this browser, a new socket after a growing pause when one closes.  ``page.receive(msg)``
// gets every message, ``page.closed()`` runs when the socket closes (before the next try).
class TableLink {
  constructor(table, page) { this.table = table; this.page = page; this.ws = null; this.backoff = 500; }

  place() {  // {player, token} of this browser's place at the table, or null
    try { return JSON.parse(localStorage.getItem(tokenKey(this.table)) || "null"); } catch { return null; }
  }

  open() {
    setConn(t("connecting"), false);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = this.ws = new WebSocket(`${scheme}://${location.host}/ws/${this.table}`);
    ws.onopen = () => {
      this.backoff = 500;
      const mine = this.place();
      ws.send(JSON.stringify(mine && mine.token ? { type: "hello", token: mine.token } : { type: "hello" }));
    };
    ws.onmessage = (event) => this.page.receive(JSON.parse(event.data));
    ws.onclose = () => {
      setConn(t("offline"), true);
      this.page.closed();
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 5000);
    };
  }

  reopen() {  // a place just taken: hello again with its token
    this.ws.onclose = null;
    this.ws.close();
    this.open();
  }

  refused(msg) {  // an error message: a token the table does not know is forgotten; no table: no retries
    if (msg.code === "forbidden" && this.place()) localStorage.removeItem(tokenKey(this.table));
    if (msg.code === "not_found") { this.ws.onclose = null; setConn(msg.message, true); }
  }

  act(action, counter) {  // false: not connected, nothing sent
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify({ type: "act", action, counter }));
    return true;
  }
}

// A state message with the whole score sheet: its new rows (``series.first`` on) after the rows
// of ``kept`` (the state before), as the server sends each connection only what it lacks.
function wholeSheet(msg, kept) {
  if (msg.series.first) msg.series.rows = (kept ? kept.series.rows.slice(0, msg.series.first) : []).concat(msg.series.rows);
  return msg;
}

function setConn(text, off) {
  const node = document.getElementById("conn");
  node.textContent = text;
  node.classList.toggle("off", off);
}

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
