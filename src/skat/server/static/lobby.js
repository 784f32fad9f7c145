// The lobby: create a table, list running and finished tables, join or watch.
"use strict";

let OPTIONS = { presets: ["isko"], computers: ["heuristic"], rules: { options: [], excluded: {} } };

// The rules form: one control per option of skat.core.rules (the server sends them), filled
// from the core's reading of the rules string (/api/rules): choosing a rule set fills every
// control with its values; a control changed writes the string for experts, and a string
// typed there sets the controls. The page itself knows no rule.
const MAIN_RULES = ["kontra", "supra", "ramsch", "bock", "spitze", "score_sheet"];
const FORM = { base: {}, values: {}, excluded: [], asked: 0, timer: null };

function ruleOptions() { return OPTIONS.rules.options; }

function valueLabel(option, value) {
  // a number is itself; a word (and each word of a set, "6060" too) has its words
  return option.kind !== "set" && /^\d+$/.test(value) ? value : tc(`web.val_${option.name}_${value}`);
}

function ruleControl(o) {
  const id = `rule-${o.name}`;
  const title = lang() === "en" ? o.doc : undefined;  // the core's words are English
  if (o.kind === "switch") {
    return el("label", { class: "inline rule", title, "data-rule-box": o.name },
      el("input", { type: "checkbox", id, "data-rule": o.name }), el("span", { text: tc(`web.opt_${o.name}`) }));
  }
  if (o.kind === "set") {
    const box = el("fieldset", { class: "rule rule-set", id, title, "data-rule": o.name, "data-rule-box": o.name },
      el("legend", { text: tc(`web.opt_${o.name}`) }));
    for (const v of o.choices) {
      box.append(el("label", { class: "inline" }, el("input", { type: "checkbox", value: v }), el("span", { text: valueLabel(o, v) })));
    }
    return box;
  }
  const control = o.kind === "choice"
    ? el("select", { id, "data-rule": o.name }, ...o.choices.map((v) => el("option", { value: v, text: valueLabel(o, v) })))
    : el("input", { type: "number", id, min: "0", step: "1", inputmode: "numeric", "data-rule": o.name });
  return el("label", { class: "rule", title, "data-rule-box": o.name }, el("span", { text: tc(`web.opt_${o.name}`) }), control);
}

function controlValue(o) {
  const node = document.getElementById(`rule-${o.name}`);
  if (o.kind === "switch") return node.checked ? "on" : "off";
  if (o.kind === "set") {
    const on = [...node.querySelectorAll("input:checked")].map((i) => i.value).sort();
    return on.length ? on.join("+") : "none";
  }
  return String(node.value).trim();
}

function setControl(o, value) {
  const node = document.getElementById(`rule-${o.name}`);
  if (o.kind === "switch") node.checked = value === "on";
  else if (o.kind === "set") {
    const on = value === "none" ? [] : value.split("+");
    for (const box of node.querySelectorAll("input")) box.checked = on.includes(box.value);
  } else node.value = value;
}

function applies(o, values) {
  // an option whose prerequisite is off does nothing (its needs: [option, value]; "on" is
  // anything but off)
  if (!o.needs) return true;
  const [name, want] = o.needs;
  return want === "on" ? !["off", "0"].includes(values[name]) : values[name] === want;
}

function drawRules() {
  const main = document.getElementById("rules-main-grid"), more = document.getElementById("rules-more-grid");
  main.replaceChildren();
  more.replaceChildren();
  for (const name of MAIN_RULES) {
    const o = ruleOptions().find((x) => x.name === name);
    if (o) main.append(ruleControl(o));
  }
  for (const o of ruleOptions()) if (!MAIN_RULES.includes(o.name)) more.append(ruleControl(o));
  for (const node of document.querySelectorAll("[data-rule]")) {
    node.addEventListener("change", () => controlChanged(node.dataset.rule));
  }
  if (Object.keys(FORM.values).length) fillRules({ values: FORM.values, excluded: FORM.excluded }, true);
}

function fillRules(answer, keepText) {
  FORM.values = answer.values;
  FORM.excluded = answer.excluded;
  for (const o of ruleOptions()) {
    if (answer.values[o.name] === undefined) continue;
    setControl(o, answer.values[o.name]);
    const excluded = answer.excluded.includes(o.name);
    const off = excluded || !applies(o, answer.values);
    const box = document.querySelector(`[data-rule-box="${o.name}"]`);
    box.classList.toggle("off", off);
    for (const input of box.querySelectorAll("input, select")) input.disabled = off;
    if (box.matches("input, select, fieldset")) box.disabled = off;
    box.title = excluded ? t("web.excludedBy") : (lang() === "en" ? o.doc : "");
  }
  if (answer.rules) document.getElementById("rules-played").textContent = `${t("web.rulesOf")}: ${answer.rules}`;
  if (!keepText && answer.options !== undefined) document.getElementById("options").value = answer.options;
  rulesError("");
}

function rulesError(message) {
  document.getElementById("rules-error").textContent = message;
  const field = document.getElementById("options");
  if (message) field.setAttribute("aria-invalid", "true");
  else field.removeAttribute("aria-invalid");
}

function rulesErrorWords(data) {
  // the core's rules error worded by its kind (skat.core.rules.RULES_ERRORS) in the page's
  // language; option names, presets and values stay as typed
  const key = `web.rulesError.${data.key}`;
  if (t(key) === key) return data.message;
  const values = {};
  for (const [name, v] of Object.entries(data.params || {})) values[name] = Array.isArray(v) ? v.join(t("web.or")) : String(v);
  return t(key, values);
}

async function rulesOf(text) {
  // the core's reading of a rules string (or its one-line error, thrown)
  const response = await fetch(`/api/rules?rules=${encodeURIComponent(text)}`);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.key ? rulesErrorWords(data) : data.message || response.statusText);
  return data;
}

async function askRules(text) {
  // the same for the form: null when a later question or an edit overtook this one
  const asked = ++FORM.asked;
  try {
    const answer = await rulesOf(text);
    return asked === FORM.asked ? answer : null;
  } catch (e) {
    if (asked === FORM.asked) throw e;
    return null;
  }
}

function rulesText() {
  const preset = document.getElementById("preset").value;
  const extra = document.getElementById("options").value.trim().replace(/\s+/g, "").replace(/^,+|,+$/g, "");
  return extra ? `${preset},${extra}` : preset;
}

async function presetChanged() {
  // a rule set: every control shows its values (the core's answer), the text is emptied
  // (unless something was typed there meanwhile: then the text is read with the new set)
  const preset = document.getElementById("preset").value;
  const asked = ++FORM.asked;
  try {
    const answer = await rulesOf(preset);
    if (preset === document.getElementById("preset").value) FORM.base = answer.values;
    if (asked === FORM.asked) fillRules(answer, false);
  } catch (e) { rulesError(e.message); }
}

async function controlChanged(name) {
  // the rule set and every control that differs from it (and the one just changed: what the
  // core would otherwise imply, e.g. the skat of Gewinner-Ramsch), read by the core
  const values = Object.fromEntries(ruleOptions().map((o) => [o.name, controlValue(o)]));
  const parts = ruleOptions()
    .filter((o) => !FORM.excluded.includes(o.name) && applies(o, values))
    .filter((o) => o.name === name || values[o.name] !== FORM.base[o.name])
    .map((o) => `${o.name}=${values[o.name]}`);
  try {
    const answer = await askRules([document.getElementById("preset").value, ...parts].join(","));
    if (answer) fillRules(answer, false);
  } catch (e) { rulesError(e.message); }
}

async function textChanged(final) {
  // the string for experts: while typing the controls follow; when done it is written as
  // the core writes it
  try {
    const answer = await askRules(rulesText());
    if (answer) fillRules(answer, !final);
  } catch (e) { rulesError(e.message); }
}

function translate() {
  translatePage();
  document.title = `Skat – ${t("web.lobby")}`;
}

function seatRow(i, kind, name) {
  const select = el("select", { name: `kind${i}`, id: `kind${i}` });
  select.append(el("option", { value: "human", text: t("web.human") }));
  for (const c of OPTIONS.computers) select.append(el("option", { value: c, text: levelName(c) }));
  select.value = kind;
  const input = el("input", { name: `name${i}`, id: `name${i}`, placeholder: `${t("web.name")} ${i + 1}`, value: name || "", maxlength: "40" });
  select.setAttribute("aria-label", `${t("web.seat")} ${i + 1}`);
  input.setAttribute("aria-label", `${t("web.name")} ${i + 1}`);
  return el("label", {}, el("span", { text: `${t("web.seat")} ${i + 1}` }), select, input);
}

function drawSeats() {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("label")].map((l) => [l.querySelector("select").value, l.querySelector("input").value]);
  const n = document.getElementById("four").checked ? 4 : 3;
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const [kind, name] = old[i] || [i === 0 ? "human" : (OPTIONS.default || "heuristic"), ""];
    box.append(seatRow(i, kind, name));
  }
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const seats = [...document.querySelectorAll("#seats label")].map((l) => {
    const kind = l.querySelector("select").value;
    const name = l.querySelector("input").value.trim();
    return name ? { kind, name } : { kind };
  });
  const body = {
    rules: rulesText(),
    games: Number(document.getElementById("games").value),
    clock: Number(document.getElementById("clock").value),
    seats,
  };
  if (document.getElementById("show-points").checked) body.show_points = true;
  try {
    const made = await api("/api/tables", body);
    if (made.token) localStorage.setItem(tokenKey(made.id), JSON.stringify({ token: made.token, player: made.player }));
    location.href = made.url;
  } catch (e) {
    error.textContent = `${t("web.createFailed")}: ${e.message}`;
  }
}

function join(id) {
  // the table page asks the name first (everyone names himself), then takes the place
  location.href = `/table/${id}#join`;
}

function tableRow(s) {
  const names = s.players.map((p) => `${p.name}${p.kind === "human" ? "" : ` (${tc(`web.level_${p.kind}`)})`}`).join(", ");
  const mine = localStorage.getItem(tokenKey(s.id));
  const actions = el("td");
  if (!s.over) {
    if (mine) actions.append(el("a", { href: `/table/${s.id}`, text: t("web.open") }));
    else {
      if (s.free) actions.append(el("button", { text: t("web.join"), onclick: () => join(s.id) }), " ");
      actions.append(el("a", { href: `/table/${s.id}`, text: t("web.watch") }));
    }
  } else {
    actions.append(el("a", { href: `/table/${s.id}`, text: t("web.sheet") }));
  }
  return el("tr", { "data-table": s.id },
    el("td", { text: s.id }),
    el("td", { text: names }),
    el("td", { class: "rules", text: s.variant && s.variant !== "skat" ? variantTitle(s.variant) : s.rules }),
    el("td", { class: "num", text: `${s.played}/${s.games}` }),
    el("td", { text: s.over ? "" : `${s.free} ${t("web.free")}` }),
    actions);
}

// The lobby a page at a time (the server lists the running tables first, then the finished
// ones, newest first): the page shown is kept while it refreshes; Older/Newer turn it.
const PAGE = { offset: 0, limit: 50 };

async function refresh() {
  let data;
  try { data = await api(`/api/tables?limit=${PAGE.limit}&offset=${PAGE.offset}`); } catch { return; }
  for (const [id, over] of [["running", false], ["finished", true]]) {
    const rows = data.tables.filter((s) => s.over === over);
    const box = document.getElementById(id);
    if (!rows.length) { box.replaceChildren(el("p", { class: "muted", text: t("web.none") })); continue; }
    const head = el("tr", {}, ...["#", t("web.players"), t("web.rules"), t("web.played"), t("web.free"), t("web.open")].map((h) => el("th", { text: h })));
    box.replaceChildren(el("div", { class: "scroll-x" },
      el("table", { class: "list" }, el("thead", {}, head), el("tbody", {}, ...rows.map(tableRow)))));
  }
  const turn = (by) => () => { PAGE.offset = Math.max(0, PAGE.offset + by); refresh(); };
  const nav = el("nav", { class: "pager", id: "pager", "aria-label": t("web.page") });
  if (PAGE.offset > 0) nav.append(el("button", { type: "button", id: "newer", text: t("web.newer"), onclick: turn(-PAGE.limit) }));
  if (data.more) nav.append(" ", el("button", { type: "button", id: "older", text: t("web.older"), onclick: turn(PAGE.limit) }));
  document.getElementById("pages").replaceChildren(...(nav.childNodes.length ? [nav] : []));
}

async function start() {
  langSwitch(document.getElementById("lang"));
  settingsBox(document.getElementById("settings"), false);
  try { OPTIONS = await api("/api/options"); } catch { /* the defaults */ }
  const preset = document.getElementById("preset");
  const presetNames = () => {
    const was = preset.value;
    preset.replaceChildren(...OPTIONS.presets.map((p) => el("option", { value: p, text: tc(`web.preset_${p}`) })));
    if (was) preset.value = was;
  };
  presetNames();
  translate();
  drawSeats();
  drawRules();
  presetChanged();
  preset.addEventListener("change", presetChanged);
  const text = document.getElementById("options");
  text.addEventListener("input", () => {  // what is typed wins over answers still on their way
    FORM.asked++;
    clearTimeout(FORM.timer);
    FORM.timer = setTimeout(() => textChanged(false), 250);
  });
  text.addEventListener("change", () => { clearTimeout(FORM.timer); textChanged(true); });
  document.getElementById("four").addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  document.addEventListener("langchange", () => {
    translate(); presetNames(); drawSeats(); drawRules(); refresh(); settingsBox(document.getElementById("settings"), false);
    if (FORM.values.kontra !== undefined) textChanged(false);
  });
  refresh();
  setInterval(refresh, 5000);
}

start();
