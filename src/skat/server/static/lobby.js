// The lobby: create a table, list running and finished tables, join or watch.
"use strict";

let OPTIONS = { presets: ["isko"], computers: ["heuristic"] };

function translate() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  document.title = `Skat – ${t("lobby")}`;
}

function seatRow(i, kind, name) {
  const select = el("select", { name: `kind${i}`, id: `kind${i}` });
  select.append(el("option", { value: "human", text: t("human") }));
  for (const c of OPTIONS.computers) select.append(el("option", { value: c, text: levelName(c) }));
  select.value = kind;
  const input = el("input", { name: `name${i}`, id: `name${i}`, placeholder: `${t("name")} ${i + 1}`, value: name || "", maxlength: "40" });
  select.setAttribute("aria-label", `${t("seat")} ${i + 1}`);
  input.setAttribute("aria-label", `${t("name")} ${i + 1}`);
  return el("label", {}, el("span", { text: `${t("seat")} ${i + 1}` }), select, input);
}

function drawSeats() {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("label")].map((l) => [l.querySelector("select").value, l.querySelector("input").value]);
  const n = document.getElementById("four").checked ? 4 : 3;
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const [kind, name] = old[i] || [i === 0 ? "human" : "heuristic", ""];
    box.append(seatRow(i, kind, name));
  }
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const preset = document.getElementById("preset").value;
  const extra = document.getElementById("options").value.trim().replace(/\s+/g, "");
  const seats = [...document.querySelectorAll("#seats label")].map((l) => {
    const kind = l.querySelector("select").value;
    const name = l.querySelector("input").value.trim();
    return name ? { kind, name } : { kind };
  });
  const body = {
    rules: extra ? `${preset},${extra}` : preset,
    games: Number(document.getElementById("games").value),
    clock: Number(document.getElementById("clock").value),
    seats,
  };
  try {
    const made = await api("/api/tables", body);
    if (made.token) localStorage.setItem(tokenKey(made.id), JSON.stringify({ token: made.token, player: made.player }));
    location.href = made.url;
  } catch (e) {
    error.textContent = `${t("createFailed")}: ${e.message}`;
  }
}

async function join(id) {
  try {
    const got = await api(`/api/tables/${id}/join`, {});
    localStorage.setItem(tokenKey(id), JSON.stringify(got));
    location.href = `/table/${id}`;
  } catch (e) {
    toast(e.message);
  }
}

function tableRow(s) {
  const names = s.players.map((p) => `${p.name}${p.kind === "human" ? "" : ` (${t(`level_${p.kind}`)})`}`).join(", ");
  const mine = localStorage.getItem(tokenKey(s.id));
  const actions = el("td");
  if (!s.over) {
    if (mine) actions.append(el("a", { href: `/table/${s.id}`, text: t("open") }));
    else {
      if (s.free) actions.append(el("button", { text: t("join"), onclick: () => join(s.id) }), " ");
      actions.append(el("a", { href: `/table/${s.id}`, text: t("watch") }));
    }
  } else {
    actions.append(el("a", { href: `/table/${s.id}`, text: t("sheet") }));
  }
  return el("tr", { "data-table": s.id },
    el("td", { text: s.id }),
    el("td", { text: names }),
    el("td", { text: s.rules }),
    el("td", { class: "num", text: `${s.played}/${s.games}` }),
    el("td", { text: s.over ? "" : `${s.free} ${t("free")}` }),
    actions);
}

async function refresh() {
  let data;
  try { data = await api("/api/tables"); } catch { return; }
  for (const [id, over] of [["running", false], ["finished", true]]) {
    const rows = data.tables.filter((s) => s.over === over);
    const box = document.getElementById(id);
    if (!rows.length) { box.replaceChildren(el("p", { class: "muted", text: t("none") })); continue; }
    const head = el("tr", {}, ...["#", t("players"), t("rules"), t("played"), t("free"), t("open")].map((h) => el("th", { text: h })));
    box.replaceChildren(el("table", { class: "list" }, el("thead", {}, head), el("tbody", {}, ...rows.map(tableRow))));
  }
}

async function start() {
  langSwitch(document.getElementById("lang"));
  settingsBox(document.getElementById("settings"), false);
  try { OPTIONS = await api("/api/options"); } catch { /* the defaults */ }
  const preset = document.getElementById("preset");
  for (const p of OPTIONS.presets) preset.append(el("option", { value: p, text: p }));
  translate();
  drawSeats();
  document.getElementById("four").addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  document.addEventListener("langchange", () => { translate(); drawSeats(); refresh(); settingsBox(document.getElementById("settings"), false); });
  refresh();
  setInterval(refresh, 5000);
}

start();
