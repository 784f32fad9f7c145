// The lobby's box for the variants: a Strohmann, Officers' Skat or Tournee Skat table
// (skat.server.variant_table) against computer players, or with people who join by the link.
"use strict";

const VARIANT_PLACES = { strohmann: [2], officers: [2], tournee: [3, 4, 5] };
const VARIANT_LEVELS = ["heuristic", "pimc", "random"];  // skat.server.variant_table.LEVELS
function variantTitle(name) {  // the lobby list's name of a variant table
  return name in VARIANT_PLACES ? tc(`web.variantTitle.${name}`) : name;
}

function drawVariantChoices() {
  const variant = document.getElementById("variant");
  const was = variant.value || "strohmann";
  const names = { strohmann: t("web.variant_strohmann"), officers: t("web.variant_officers"), tournee: t("web.variant_tournee") };
  variant.replaceChildren(...Object.keys(VARIANT_PLACES).map((v) => el("option", { value: v, text: names[v] })));
  variant.value = was;
  const opp = document.getElementById("variant-opponents");
  const chosen = opp.value || "heuristic";
  opp.replaceChildren(
    ...VARIANT_LEVELS.map((k) => el("option", { value: k, text: levelName(k) })),
    el("option", { value: "human", text: t("web.opp_people") }));
  opp.value = chosen;
  drawPlayerCount();
}

function drawPlayerCount() {
  // Tournee Skat is played by three to five (the others sit out each game), the others by two
  const counts = VARIANT_PLACES[document.getElementById("variant").value];
  const select = document.getElementById("variant-players");
  const was = Number(select.value);
  select.replaceChildren(...counts.map((n) => el("option", { value: String(n), text: String(n) })));
  if (counts.includes(was)) select.value = String(was);
  select.disabled = counts.length === 1;
}

async function createVariant(event) {
  event.preventDefault();
  const error = document.getElementById("variant-error");
  error.textContent = "";
  const variant = document.getElementById("variant").value;
  const kind = document.getElementById("variant-opponents").value;
  const name = document.getElementById("variant-name").value.trim();
  const seats = [name ? { kind: "human", name } : { kind: "human" }];
  const places = Number(document.getElementById("variant-players").value) || VARIANT_PLACES[variant][0];
  for (let i = 1; i < places; i++) seats.push({ kind });
  const body = { variant, games: Number(document.getElementById("variant-games").value), seats };
  try {
    const made = await api("/api/tables", body);
    if (made.token) localStorage.setItem(tokenKey(made.id), JSON.stringify({ token: made.token, player: made.player }));
    if (name) localStorage.setItem("skat.name", name);
    location.href = made.url;
  } catch (e) {
    error.textContent = `${t("web.createFailed")}: ${e.message}`;
  }
}

function startVariantBox() {
  drawVariantChoices();
  const field = document.getElementById("variant-name");
  field.value = field.value || localStorage.getItem("skat.name") || "";
  document.getElementById("variant-form").addEventListener("submit", createVariant);
  document.getElementById("variant").addEventListener("change", drawPlayerCount);
  document.addEventListener("langchange", drawVariantChoices);
}

startVariantBox();
