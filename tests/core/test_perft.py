"""Perft: the number of legal card-play sequences from fixed positions, checked in.

``tests/data/perft.json`` holds, for a few fixed deals and contracts (suit games, Grand, Null),
the number of legal card-play sequences of exactly 1, 2, 3, 6 and 9 cards from the first lead
(a game that ends earlier -- a Null the declarer loses -- contributes nothing past its end), and
for two endgames the number of complete play-outs to the end of the game.  The numbers were
computed by the independent brute-force counter below, written from ISkO 4 without
``skat.core``; the tests check that ``GameState.legal_actions`` reproduces them.

Regenerate (only when a position is added) with ``python -m tests.core.test_perft``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skat.core import Deal, GameState

DATA = Path(__file__).resolve().parent.parent / "data" / "perft.json"
DEPTHS = (1, 2, 3, 6, 9)


# ----------------------------------------------------------------------------- brute force
# An independent model of the card play: cards are strings "CJ", "HT", ...; nothing from
# skat.core is used here.

JACK_ORDER = "CSHD"  # CJ SJ HJ DJ


def _strength(card: str, game: str) -> int:
    """Higher wins within the card's effective suit."""
    suit, rank = card[0], card[1]
    if game == "N":
        return "789TJQKA".index(rank)
    if rank == "J":
        return 100 - JACK_ORDER.index(suit)  # CJ 100 > SJ > HJ > DJ 97
    return "789QKTA".index(rank)  # A 10 K Q 9 8 7


def _effective_suit(card: str, game: str) -> str:
    """'T' for trumps, else the printed suit."""
    if game == "N":
        return card[0]
    if card[1] == "J" or card[0] == game:
        return "T"
    return card[0]


def _trick_winner(cards: list[str], game: str) -> int:
    led = _effective_suit(cards[0], game)
    best = 0
    for i in (1, 2):
        ci, cb = cards[i], cards[best]
        ei, eb = _effective_suit(ci, game), _effective_suit(cb, game)
        if ei == eb:
            if _strength(ci, game) > _strength(cb, game):
                best = i
        elif ei == "T" or (ei == led and eb != "T"):
            best = i
    return best


class BruteForce:
    """The card play from the first lead: hands by seat, the game letter, the declarer."""

    def __init__(self, hands: list[list[str]], game: str, declarer: int) -> None:
        self.hands = [sorted(h) for h in hands]
        self.game = game
        self.declarer = declarer
        self.leader = 0
        self.trick: list[str] = []
        self.tricks = 0
        self.over = False

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def legal(self) -> list[str]:
        hand = self.hands[self.to_move()]
        if self.trick:
            led = _effective_suit(self.trick[0], self.game)
            follow = [c for c in hand if _effective_suit(c, self.game) == led]
            if follow:
                return follow
        return list(hand)

    def play(self, card: str) -> tuple[Any, ...]:
        """Play a card; returns what ``unplay`` needs."""
        assert not self.over and card in self.legal(), card
        seat = self.to_move()
        saved = (self.leader, list(self.trick), self.tricks, self.over)
        self.hands[seat] = [c for c in self.hands[seat] if c != card]
        self.trick.append(card)
        if len(self.trick) == 3:
            winner = (self.leader + _trick_winner(self.trick, self.game)) % 3
            self.leader, self.trick = winner, []
            self.tricks += 1
            if self.tricks == 10 or (self.game == "N" and winner == self.declarer):
                self.over = True
        return (seat, card, saved)

    def unplay(self, undo: tuple[Any, ...]) -> None:
        seat, card, (self.leader, self.trick, self.tricks, self.over) = undo
        self.hands[seat] = sorted([*self.hands[seat], card])

    def count(self, depth: int) -> int:
        """Sequences of exactly ``depth`` cards."""
        if depth == 0:
            return 1
        if self.over:
            return 0
        n = 0
        for card in self.legal():
            undo = self.play(card)
            n += self.count(depth - 1)
            self.unplay(undo)
        return n

    def endings(self) -> int:
        """Complete play-outs to the end of the game."""
        if self.over:
            return 1
        n = 0
        for card in self.legal():
            undo = self.play(card)
            n += self.endings()
            self.unplay(undo)
        return n


def brute_force(position: dict[str, Any]) -> BruteForce:
    """The brute-force model at the first lead (plus the position's prefix of cards)."""
    tokens = position["deal"].replace("|", " ").split()
    hands = [tokens[0:10], tokens[10:20], tokens[20:30]]
    skat = tokens[30:32]
    d = position["declarer"]
    if position["discard"]:
        hands[d] = [c for c in hands[d] + skat if c not in position["discard"].split()]
    bf = BruteForce(hands, position["game"], d)
    for card in position["prefix"].split():
        bf.play(card)
    return bf


# ----------------------------------------------------------------------------- the engine


def engine(position: dict[str, Any]) -> GameState:
    state = GameState(Deal.parse(position["deal"]))
    for action in f"{position['actions']} {position['prefix']}".split():
        state.apply(action)
    return state


def engine_count(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    n = 0
    for action in state.legal_actions():
        state.apply(action)
        n += engine_count(state, depth - 1)
        state.undo()
    return n


def engine_endings(state: GameState) -> int:
    if state.is_over:
        return 1
    n = 0
    for action in state.legal_actions():
        state.apply(action)
        n += engine_endings(state)
        state.undo()
    return n


# ----------------------------------------------------------------------------- tests


def positions() -> list[dict[str, Any]]:
    if not DATA.exists():  # only while generating the file
        return []
    return list(json.loads(DATA.read_text(encoding="utf-8"))["positions"])


POSITIONS = positions()
IDS = [p["name"] for p in POSITIONS]


def test_the_perft_file_covers_a_suit_game_grand_and_null() -> None:
    games = {p["game"] for p in POSITIONS}
    assert {"G", "N"} <= games and games & set("CSHD")
    assert any(p["discard"] for p in POSITIONS) and any("endings" in p for p in POSITIONS)


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_the_position_is_the_one_described(position: dict[str, Any]) -> None:
    state = engine(position)
    assert state.declarer == position["declarer"]
    assert state.contract is not None and state.contract.game_type.letter == position["game"]
    bf = brute_force(position)
    assert [set(bf.hands[s]) for s in range(3)] == [
        {c.name for c in state.hand(s)} for s in range(3)
    ]
    assert bf.to_move() == state.to_move


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_legal_actions_reproduce_the_perft_counts(position: dict[str, Any]) -> None:
    state = engine(position)
    for depth, expected in position["counts"].items():
        assert engine_count(state, int(depth)) == expected, depth
    if "endings" in position:
        assert engine_endings(state) == position["endings"]
    assert len(state.history) == len(f"{position['actions']} {position['prefix']}".split())


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_the_brute_force_counter_still_gives_the_checked_in_counts(
    position: dict[str, Any],
) -> None:
    bf = brute_force(position)
    for depth, expected in position["counts"].items():
        if int(depth) <= 6:  # the deeper counts were checked when the file was written
            assert bf.count(int(depth)) == expected, depth
    if "endings" in position:
        assert bf.endings() == position["endings"]


def test_the_brute_force_rules_agree_with_rules_md_on_sample_tricks() -> None:
    assert _trick_winner(["HA", "H7", "C7"], "C") == 2  # the lowest trump beats the led ace
    assert _trick_winner(["SA", "ST", "SJ"], "H") == 2  # a jack is a trump in a suit game
    assert _trick_winner(["CA", "DJ", "CT"], "G") == 1
    assert _trick_winner(["HT", "HJ", "CA"], "N") == 1  # Null: J above 10, no trumps
    assert _trick_winner(["H7", "SA", "DA"], "D") == 2
    assert _trick_winner(["H7", "SA", "CA"], "D") == 0


# ----------------------------------------------------------------------------- generation

SPECS = [  # name, deal seed, actions up to the first lead, declarer, game, discard, prefix cards
    ("hearts-hand-forehand", 1, "18 y p p HH", 0, "H", "", 0),
    ("diamonds-pickup-middlehand", 11, "18 p p s {discard} D", 1, "D", "first two", 0),
    ("grand-hand-rearhand", 2, "p 18 p GH", 2, "G", "", 0),
    ("null-hand-forehand", 3, "18 y p p NH", 0, "N", "", 0),
    ("clubs-hand-endgame", 4, "18 y p p CH", 0, "C", "", 21),
    ("null-endgame", 3, "18 y p p NH", 0, "N", "", 12),
]


def _alive_prefix(bf: BruteForce, n: int) -> list[str] | None:  # pragma: no cover
    if n == 0:
        return []
    for card in bf.legal():
        undo = bf.play(card)
        rest = None if bf.over else _alive_prefix(bf, n - 1)
        bf.unplay(undo)
        if rest is not None:
            return [card, *rest]
    return None


def _generate() -> dict[str, Any]:  # pragma: no cover - run by hand
    import random

    out = []
    for name, seed, actions, declarer, game, discard, prefix_len in SPECS:
        deal = Deal.random(random.Random(seed))
        if discard:
            twelve = sorted([*(c.name for c in deal.hands[declarer]), *(c.name for c in deal.skat)])
            discard = f"{twelve[0]}.{twelve[1]}"
            actions = actions.format(discard=discard)
        position: dict[str, Any] = {
            "name": name,
            "deal": str(deal),
            "actions": actions,
            "declarer": declarer,
            "game": game,
            "discard": discard.replace(".", " "),
            "prefix": "",
        }
        # the prefix: the first sequence (in card order) that keeps the game going
        prefix = _alive_prefix(brute_force(position), prefix_len)
        if prefix is None:
            raise RuntimeError(f"{name}: no prefix keeps the game alive")
        position["prefix"] = " ".join(prefix)
        bf = brute_force(position)
        remaining = 30 - prefix_len
        position["counts"] = {str(d): bf.count(d) for d in DEPTHS if d <= remaining}
        if prefix_len:
            position["endings"] = bf.endings()
        out.append(position)
        print(name, position["counts"], position.get("endings"))
    return {
        "description": (
            "Legal card-play sequences of exactly N cards from the position (a game that ends"
            " earlier contributes nothing past its end); 'endings' counts complete play-outs."
            " Written by the brute-force counter of tests/core/test_perft.py."
        ),
        "positions": out,
    }


if __name__ == "__main__":  # pragma: no cover
    DATA.write_text(json.dumps(_generate(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
