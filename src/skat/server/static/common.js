// skat serve: what every page shares: the language and its words, card images, names.
"use strict";

// The page's words come from the server's message catalogs (skat.server.webwords,
// GET /api/words/<lang>): the language chosen with the switch (kept in this browser), else the
// browser's, else English.  t(key, {values}) and tn(key, plural, n, {values}) say them.
const CATALOGS = {};  // language -> {lang, languages, words, plurals}

function catalogOf(want) {
  if (!CATALOGS[want]) {  // asked once a page and language, before the page draws anything
    let data = null;
    try {
      const request = new XMLHttpRequest();
      request.open("GET", `/api/words/${encodeURIComponent(want)}`, false);
      request.send();
      if (request.status === 200) data = JSON.parse(request.responseText);
    } catch { data = null; }
    CATALOGS[want] = data || { lang: "en", languages: ["en"], words: {}, plurals: {} };
  }
  return CATALOGS[want];
}

function wanted() {
  const stored = localStorage.getItem("skat.lang");
  return stored || navigator.language || "en";
}

function lang() { return catalogOf(wanted()).lang; }

function filled(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all)) : text;
}

function t(key, values) {
  const words = catalogOf(wanted()).words;
  return filled(key in words ? words[key] : key, values);
}

function tc(key, values) {
  // a message named by a computed key (a computer level, a rules option, a card): each one is
  // listed in skat.server.webwords.COMPUTED, where the catalogs' tools find it
  return t(key, values);
}

function tn(key, plural, n, values) {
  // the plural forms of the page's languages: one, and every other number (n != 1)
  const forms = catalogOf(wanted()).plurals[key] || [key, plural];
  return filled(forms[n === 1 ? 0 : Math.min(1, forms.length - 1)], { n, ...values });
}

function setLang(value) {
  localStorage.setItem("skat.lang", value);
  document.documentElement.lang = lang();
  document.dispatchEvent(new Event("langchange"));
}

function langSwitch(container) {
  // every language the server has a catalog of
  container.classList.add("lang");
  container.replaceChildren();
  for (const value of catalogOf(wanted()).languages) {
    const b = document.createElement("button");  // (the tournament pages have an el() of their own)
    b.textContent = value.toUpperCase();
    b.dataset.lang = value;
    if (lang() === value) b.classList.add("on");
    b.addEventListener("click", () => { setLang(value); langSwitch(container); });
    container.append(b);
  }
}

function translatePage() {
  // the words of the page's HTML: data-t (its text), data-t-label (its aria-label),
  // data-t-placeholder (its placeholder), data-t-value (a field's first value) and
  // data-t-title (the page's title)
  document.documentElement.lang = lang();
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  for (const node of document.querySelectorAll("[data-t-value]")) if (node.value === node.defaultValue) node.value = t(node.dataset.tValue);
  const title = document.querySelector("title[data-t-title]");  // "Skat – <its word>"
  if (title) document.title = `Skat – ${t(title.dataset.tTitle)}`;
}

document.documentElement.lang = lang();

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
    alt: name ? cardName(name) : t("web.cardBack"), "data-card": name || "back", ...extra });
}

function levelName(kind) {  // a computer level in words
  return kind === "human" ? t("web.human") : `${t("web.computer")}: ${tc(`web.level_${kind}`)}`;
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
  const theme = el("select", { id: "theme", "aria-label": t("web.display") },
    ...["normal", "large", "contrast"].map((v) => el("option", { value: v, text: tc(`web.theme${v[0].toUpperCase()}${v.slice(1)}`) })));
  theme.value = s.theme;
  theme.addEventListener("change", () => saveSettings({ theme: theme.value }));
  const pack = el("select", { id: "pack", "aria-label": t("web.pack") },
    ...PACKS.map((v) => el("option", { value: v, text: tc(`web.pack_${v}`) })));
  pack.value = s.pack;
  pack.addEventListener("change", () => {  // the cards and the suits' names change: draw again
    saveSettings({ pack: pack.value });
    document.dispatchEvent(new Event("langchange"));
  });
  const parts = [theme, el("label", { class: "inline" }, el("span", { text: t("web.pack") }), pack)];
  if (extra) {
    const sound = el("input", { type: "checkbox", id: "sound" });
    sound.checked = s.sound;
    sound.addEventListener("change", () => saveSettings({ sound: sound.checked }));
    const pause = el("input", { type: "number", id: "pause", min: "0", max: "5000", step: "100", value: String(s.pause), style: "width:5.5rem" });
    pause.addEventListener("change", () => saveSettings({ pause: Math.max(0, Math.min(5000, Number(pause.value) || 0)) }));
    parts.push(el("label", { class: "inline" }, sound, el("span", { text: t("web.sound") })),
      el("label", { class: "inline" }, el("span", { text: t("web.pause") }), pause));
  }
  const open = Boolean(container.querySelector("details.settings[open]"));  // drawn again: stays open
  const focused = container.contains(document.activeElement) ? document.activeElement.id : "";  // and keeps the focus
  container.replaceChildren(el("details", { class: "settings", open }, el("summary", { text: t("web.settings") }),
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

// the names of suits and ranks in the player's pack: the French names (the two French packs)
// or the German pack's (skat.core.cards: Suit.german_pack, Rank.german_pack)
function packKind() { return settings().pack === "german" ? "german" : "french"; }

function suitName(letter) { return tc(`web.suit.${packKind()}.${letter}`); }

function rankName(letter) { return tc(`web.rank.${packKind()}.${letter}`); }

function packWords(text) {
  // the core's words (a declaration, a result) with the suits named as the player's pack names them
  if (!text || packKind() !== "german") return text;
  let out = text;
  for (const letter of "CSHD") {
    const from = tc(`web.suit.french.${letter}`), to = tc(`web.suit.german.${letter}`);
    if (from !== to) out = out.replace(new RegExp(`(^|[^\\p{L}])${from}(?![\\p{L}])`, "gu"), `$1${to}`);
  }
  return out;
}

function cardName(name) {
  return t("web.card", { suit: suitName(name[0]), rank: rankName(name[1]) });
}

function doublingWord(kontra) {  // Kontra, Re, Supra, Resupra (1 to 4); "" for none
  return ["", t("web.kontra"), t("web.rekontra"), t("web.supra"), t("web.resupra")][kontra] || "";
}

function roleName(seat) {
  return [t("web.forehand"), t("web.middlehand"), t("web.rearhand")][seat] || "";
}

function toast(text, ms = 3500) {
  const node = el("div", { class: "toast", role: "status", text });
  document.body.append(node);
  setTimeout(() => node.remove(), ms);
}

async function api(path, body) {
  // the server's refusals come in the page's language
  const headers = { "X-Skat-Lang": lang() };
  const options = body === undefined ? { headers } : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
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
    setConn(t("web.connecting"), false);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = this.ws = new WebSocket(`${scheme}://${location.host}/ws/${this.table}?lang=${lang()}`);
    ws.onopen = () => {
      this.backoff = 500;
      const mine = this.place();
      ws.send(JSON.stringify(mine && mine.token ? { type: "hello", token: mine.token, lang: lang() } : { type: "hello", lang: lang() }));
    };
    ws.onmessage = (event) => this.page.receive(JSON.parse(event.data));
    ws.onclose = () => {
      setConn(t("web.offline"), true);
      this.page.closed();
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 5000);
    };
  }

  relang() {  // the page's language changed: the server's refusals follow it
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify({ type: "lang", lang: lang() }));
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
