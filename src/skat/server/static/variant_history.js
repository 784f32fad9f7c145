// The history viewer's part for a variant's game (skat.server.variant_history): every card
// open, as it lay at each step: the Strohmann dummy's hand, the Officers' two layouts (each
// pile's face-up card over the face-down one), the turned cards of Tournee Skat.
"use strict";

function variantName(seat) { return H[`names_${lang()}`][seat]; }

function variantRole(seat) {
  if (H.variant === "officers") return seat === 0 ? t("web.forehand") : t("web.dealer");
  return roleName(seat);
}

function variantMove(step) {  // the event's words: a bid, a game with its value, a card
  const [seat, action] = step.event;
  const words = step[`words_${lang()}`];
  return `${variantName(seat)}: ${words ? packWords(words) : cardName(action)}`;
}

function variantSeatRow(seat, step, ...cards) {
  const star = step.declarer === seat ? " ★" : "";
  return el("div", { class: "row", "data-seat": seat },
    el("strong", { text: `${variantName(seat)} · ${variantRole(seat)}${star}` }), ...cards);
}

function variantPile(pile) {  // the face-up card above, the face-down one under it (open now)
  const under = t("web.faceDownUnder");
  return el("span", { class: `hist-pile${pile.up || pile.down ? "" : " empty"}` },
    pile.up ? cardImg(pile.up) : el("span", { class: "gap" }),
    pile.down ? cardImg(pile.down, { class: "down", title: under }) : null);
}

function variantHands(step) {
  const rows = [];
  if (H.variant === "officers") {
    for (const seat of [0, 1]) rows.push(variantSeatRow(seat, step, ...step.piles[seat].map(variantPile)));
  } else {
    step.hands.forEach((cards, seat) => rows.push(variantSeatRow(seat, step, ...cards.map((c) => cardImg(c)))));
  }
  const middle = el("div", { class: "row", id: "hist-middle" });
  if (step.skat) middle.append(el("strong", { text: `${t("web.skatWord")}:` }), ...step.skat.map((c) => cardImg(c)));
  if (step.turned && step.turned.length) {
    middle.append(el("strong", { text: ` · ${t("web.turnedUp")}:` }), ...step.turned.map((c) => cardImg(c, { class: "turned" })));
  }
  if (step.trick.length) middle.append(el("strong", { text: ` · ${t("web.trickWord")}:` }), ...step.trick.map((c) => cardImg(c)));
  rows.push(middle);
  return rows;
}
