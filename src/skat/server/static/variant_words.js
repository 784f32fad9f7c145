// The words of the variants' pages (variant.html) and of the lobby's box for them, added to
// common.js's tables: [German, English]. Both pages load it.
"use strict";

const VARIANT_WORDS = {
  dummyName: ["Strohmann", "Dummy"],
  dummyDown: ["10 Karten verdeckt", "10 cards face down"],
  forDummy: ["Spiel eine Karte des Strohmanns", "Play a card of the dummy's"],
  offForehand: ["Vorhand (sagt an)", "Forehand (declares)"],
  offDealer: ["Geber", "Dealer"],
  turnedUp: ["Aufgedeckt", "Turned up"],
  putAway: ["Diese zwei drücken", "Put these two away"],
  pickTwo: ["Zwei Karten zum Drücken wählen", "Choose two cards to put away"],
  confirmQ: ["Wirklich: {what}?", "Really: {what}?"],
  confirmYes: ["Ja, so", "Yes, that"],
  confirmNo: ["Nein", "No"],
  moreBids: ["höher reizen", "higher bids"],
  gameOf: ["Spiel {n} von {m}", "game {n} of {m}"],
  waitingPlayers: ["Warten auf Mitspieler: schick ihnen den Link", "Waiting for players: send them the link"],
  joinAs: ["Dein Name", "Your name"],
  takeSeat: ["Platz nehmen", "Take the place"],
  joinButton: ["Mitspielen", "Join"],
  cardsLeft: ["Karten", "cards"],
  youWord: ["du", "you"],
  thinkingOf: ["überlegt", "is thinking"],
  resultOf: ["Ergebnis von Spiel {n}", "Result of game {n}"],
  inviteLink: ["Einladungslink", "Invitation link"],
};
for (const [key, [de, en]] of Object.entries(VARIANT_WORDS)) { WORDS.de[key] = de; WORDS.en[key] = en; }

const VARIANT_LOBBY_WORDS = {
  playVariant: ["Varianten: Skat zu zweit, Tournee-Skat", "Variants: Skat for two, Tournee Skat"],
  variant: ["Variante", "Variant"],
  variant_strohmann: ["Strohmann (zu zweit, mit Strohmann)", "Strohmann (two players and a dummy)"],
  variant_officers: ["Offiziersskat (zu zweit)", "Officers' Skat (two players)"],
  variant_tournee: ["Tournee-Skat (zu dritt)", "Tournee Skat (three players)"],
  opponents: ["Gegner", "Opponents"],
  opp_people: ["Menschen (kommen über den Link)", "people (they join with the link)"],
  variantPlayers: ["Spieler am Tisch", "Players at the table"],
  yourNameV: ["Dein Name", "Your name"],
};
for (const [key, [de, en]] of Object.entries(VARIANT_LOBBY_WORDS)) { WORDS.de[key] = de; WORDS.en[key] = en; }
