"""Replay ISS records with the engine and check their results.

:func:`replay` plays a record's moves on a :class:`~skat.core.state.GameState` under the
rules of its server (``PC[ISS2]`` → ``iss2``, all others → ``iss``) and computes the
``R[...]`` fields the way the server writes them; :func:`check` compares those with the
record.  The server's conventions (``FORMAT.md``) are followed:

- ``w TI.n`` / ``w LE.n`` during the play: the declarer's → he resigns; a defender's → the
  defenders resign.  Before a declaration: a penalty record (``d:-1 penalty`` during the
  auction; ``d:<declarer> penalty`` once the declarer is known, the mark on him if he is at
  fault, else on both defenders).
- Hidden cards in the deal (a player's view) cannot be replayed: :class:`SkipRecord`.
- ``??`` card plays count only when the game ends right after them by ``TI``/``LE``.

>>> from skat.records.iss import parse_iss_line
>>> rec = parse_iss_line(
...     "(;GM[Skat]PC[International Skat Server]ID[1]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9."
...     "DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s w H8.CK "
...     "2 D.ST.H8 0 SA 1 S7 2 DA 2 RE ]R[d:2 loss v:-54 m:-2 bidok p:32 t:1 s:0 z:0] ;)")
>>> game = replay(rec)
>>> game.summary()
'ID 1: Rearhand D, bid 18: without 2, game 3, × Diamonds 9 = 27 (resigned), lost 2 × 27 = −54'
>>> check(rec)
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from skat.core.actions import (
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    Action,
    Bid,
    Declare,
    Discard,
    Resign,
)
from skat.core.cards import CARDS, Card, CardSet
from skat.core.contracts import Contract
from skat.core.deal import Deal
from skat.core.language import N_, say
from skat.core.rules import ISS, Rules
from skat.core.scoring import Result
from skat.core.seats import seat_name
from skat.core.state import DECLARE, DISCARD, PLAY, SKAT, GameState, Phase
from skat.records.iss import IssRecord, IssResult, engine_result, record_rules, rules_for

__all__ = [
    "FieldDiff",
    "Replay",
    "ReplayError",
    "SkipRecord",
    "check",
    "compare",
    "replay",
    "replay_moves",
    "rules_for",
]


class ReplayError(ValueError):
    """The engine cannot replay the record: an illegal or malformed move, a skat that does
    not match the deal, moves after the end, or a record that stops before the end."""


class SkipRecord(ReplayError):
    """The record cannot be replayed fully, e.g. its deal hides cards (``??``)."""


@dataclass
class Replay:
    """A replayed record.

    ``state`` is the engine's game; ``moves`` the record's moves that were replayed (server
    moves included); ``events`` the same as JSON events ``(seat, text)`` (the deal and the
    skat shown after ``s`` left out, ``w TI.n`` as ``(n, "TI")``); ``ended_by`` is ``TI``,
    ``LE`` or ``RE`` when the game ended that way (``ended_seat`` the seat), ``fields`` the
    ``R[...]`` fields computed with the engine, ``penalty`` true for a penalty record.
    """

    state: GameState
    moves: list[tuple[str, str]]
    events: list[tuple[int, str]]
    fields: IssResult
    ended_by: str | None = None
    ended_seat: int | None = None
    label: str = "record"
    players: tuple[str, str, str] | None = None
    pickup_at: int | None = None
    skat_shown: bool = False

    def iss_moves(self) -> list[tuple[str, str]]:
        """The moves for an ISS record: :attr:`moves` with ``w <skat>`` after the pick-up."""
        moves = list(self.moves)
        if self.pickup_at is not None and not self.skat_shown:
            tokens = self.moves[0][1].replace("|", ".").replace(" ", ".").split(".")
            skat_cards = [t for t in tokens if t][-2:]  # as dealt, in the record's order
            skat = ".".join(skat_cards)
            moves.insert(self.pickup_at + 1, ("w", skat))
        return moves

    @property
    def result(self) -> Result | None:
        """The engine's result (``None`` for a penalty record)."""
        return self.state.result

    @property
    def penalty(self) -> bool:
        """True when the game ended before a declaration by a timeout or a player leaving."""
        return self.fields.outcome == "penalty"

    def summary(self, lang: str = "en") -> str:
        """One line: the record, the declarer, the contract and the result explained in
        ``lang`` (``en``, ``de``, ``da`` …)."""
        r = self.state.result
        if self.penalty:
            seat = self.ended_seat if self.ended_seat is not None else -1
            key = _PENALTY[self.ended_by == "TI", self.state.declarer is None]
            return say(lang, key, label=self.label, who=self._who(seat, lang))
        assert r is not None
        if r.passed:
            return f"{self.label}: {r.explain(lang)}"
        assert r.declarer is not None and r.contract is not None
        who = self._who(r.declarer, lang)
        bid = say(lang, "score.bid")
        gone = self.ended_by in ("TI", "LE") and self.ended_seat is not None
        explained = (replace(r, resigned=False) if gone else r).explain(lang)
        text = f"{self.label}: {who} {r.contract}, {bid} {r.bid}: {explained}"
        if gone and self.ended_seat is not None:
            text += f" ({self._who(self.ended_seat, lang)} {self._gone(lang)})"
        return text

    def _gone(self, lang: str) -> str:
        """How the game ended early: timed out or left."""
        return say(lang, N_("record.timed_out") if self.ended_by == "TI" else N_("record.left"))

    def _who(self, seat: int, lang: str = "en") -> str:
        name = seat_name(seat, lang)
        if 0 <= seat < 3 and self.players and self.players[seat]:
            return f"{name} ({self.players[seat]})"
        return name


_PENALTY: Final = {
    (True, True): N_("record.penalty.timed_out_auction"),
    (True, False): N_("record.penalty.timed_out_declaring"),
    (False, True): N_("record.penalty.left_auction"),
    (False, False): N_("record.penalty.left_declaring"),
}
"""A penalty record's words by (timed out, during the auction)."""


def replay(record: IssRecord, rules: Rules | None = None) -> Replay:
    """Replay a record: its first move must be the deal ``w <32 cards>``.  The rules are
    ``rules`` if given, else the record's (:func:`~skat.records.iss.record_rules`).

    Raises :class:`SkipRecord` when the deal hides cards and :class:`ReplayError` (one line,
    naming the move) when a move cannot be replayed.
    """
    moves = record.moves
    if not moves or moves[0][0] != "w":
        raise ReplayError("the first move must be the deal 'w <32 cards>'")
    deal_text = moves[0][1]
    if "??" in deal_text:
        raise SkipRecord("the deal hides cards (??): a player's view cannot be replayed")
    try:
        deal = _parse_deal(deal_text)
    except ValueError as exc:
        raise ReplayError(f"move 1 (the deal): {exc}") from None
    rules = rules or record_rules(record)
    rep = _Replayer(deal, rules, moves[0]).run(moves[1:], 2, "move {n} ({who} {text})")
    rep.label = record.label
    rep.players = record.players
    return rep


def replay_moves(
    deal: Deal,
    moves: Iterable[tuple[str, str]],
    rules: Rules = ISS,
    *,
    first: int = 1,
    where: str = "move {n} ({who} {text})",
) -> Replay:
    """Replay the moves after the deal (``(who, text)`` pairs as in :class:`IssRecord`).

    Messages name a move by ``where`` (with ``n``, counted from ``first``, ``who`` and
    ``text``).  The replay's :attr:`Replay.moves` start with the deal ``w <cards>``.
    """
    return _Replayer(deal, rules).run(moves, first, where)


def _parse_deal(text: str) -> Deal:
    """:meth:`Deal.parse`, with a fast path for the usual 32 dotted ISS card names."""
    tokens = text.split(".")
    if len(tokens) == 32:
        masks = [0, 0, 0, 0]
        by_name = _CARD_BY_NAME
        for i, token in enumerate(tokens):
            card = by_name.get(token)
            if card is None:
                break
            masks[min(i // 10, 3)] |= card.bit
        else:
            if masks[0] | masks[1] | masks[2] | masks[3] == 0xFFFFFFFF:
                return Deal(masks[:3], masks[3])
    return Deal.parse(text)


_CARD_BY_NAME: Final = {c.name: c for c in CARDS}
_SEAT_OF: Final = {"0": 0, "1": 1, "2": 2}


class _Replayer:
    def __init__(self, deal: Deal, rules: Rules, deal_move: tuple[str, str] | None = None) -> None:
        self.state = GameState(deal, rules)
        self.deal = deal
        self.moves: list[tuple[str, str]] = [deal_move or ("w", deal.iss())]
        self.pickup_at: int | None = None
        self.skat_shown = False
        self.events: list[tuple[int, str]] = []
        self.pending: Contract | None = None  # declared before the discards (two moves)
        self.hidden: list[int] = []  # seats that played ?? in the current trick
        self.skat_due = False  # 'w <skat>' may follow the pick-up
        self.ended_by: str | None = None
        self.ended_seat: int | None = None

    def run(self, moves: Iterable[tuple[str, str]], first: int, where: str) -> Replay:
        n = first
        for n, (who, text) in enumerate(moves, first):
            try:
                self.move(who, text)
            except SkipRecord:
                raise
            except ValueError as exc:
                place = where.format(n=n, who=who, text=text)
                raise ReplayError(f"{place}: {_line(exc)}") from None
            self.moves.append((who, text))
        state = self.state
        if self.ended_by in ("TI", "LE"):
            pass
        elif self.hidden:
            raise ReplayError("a hidden card (??) is played but the game does not end by TI/LE")
        elif self.pending is not None:
            raise ReplayError("the record ends after the declaration, before the discards")
        elif not state.is_over:
            raise ReplayError(f"the record ends before the game is over (after move {n})")
        fields = engine_result(state, ended_by=self.ended_by, seat=self.ended_seat)
        return Replay(
            state,
            self.moves,
            self.events,
            fields,
            self.ended_by,
            self.ended_seat,
            pickup_at=self.pickup_at,
            skat_shown=self.skat_shown,
        )

    # ------------------------------------------------------------------------------------

    def move(self, who: str, text: str) -> None:
        state = self.state
        if state.phase == PLAY and not self.hidden:  # fast path: a card by the seat to move
            card = _CARD_BY_NAME.get(text)
            seat_to_move = state.to_move
            if card is not None and _SEAT_OF.get(who) == seat_to_move:
                state.apply(card)
                self.events.append((seat_to_move, text))
                return
        if self.ended_by in ("TI", "LE") or state.is_over:
            raise ReplayError("a move after the end of the game")
        if who == "w":
            self.world(text)
            return
        if who not in ("0", "1", "2"):
            raise ReplayError(f"unknown mover {who!r}")
        seat = int(who)
        self.skat_due = False
        if self.hidden and text != "??":
            raise ReplayError("after a hidden card (??) only TI/LE can end the game")
        upper = text.upper()
        if upper == "RE":
            self.apply(_resignation(state, seat), seat, text)
            if state.is_over:
                self.ended_by, self.ended_seat = "RE", seat
            return
        if upper == "SC" or upper.startswith("SC."):
            self._show_cards(seat, text)
            return
        step = self._STEPS.get(state.phase)
        if step is None:
            raise ReplayError("the game is over")
        step(self, seat, text)

    def _show_cards(self, seat: int, text: str) -> None:
        """``SC`` (or ``SC.<cards>``, the declarer's hand shown): showing the cards."""
        state = self.state
        if text.upper() != "SC" and state.phase == PLAY and seat == state.declarer:
            shown = _cards(text.split(".")[1:])
            if shown != state.hand(seat):
                raise ReplayError(f"shows {shown}, but holds {state.hand(seat)}")
        self.apply(SHOW_CARDS, seat, text)

    def _card(self, seat: int, text: str) -> None:
        """A card (or a hidden one, ``??``) during the play."""
        if text == "??":
            self.hidden_card(seat)
            return
        card = Card.parse(text)
        if seat != self.state.to_move:
            self.state.validate(card, seat)  # raises with the engine's reason
        self.apply(card, None, text)

    def _bid(self, seat: int, text: str) -> None:
        """A bid, ``y`` or ``p`` of the auction."""
        low = text.lower()
        action: Action
        if low == "y":
            action = HOLD
        elif low == "p":
            action = PASS
        elif text.isdigit():
            action = Bid.of(int(text))
        else:
            raise ReplayError(f"not a bid, y or p: {text!r}")
        self.apply(action, seat, text)

    def _skat(self, seat: int, text: str) -> None:
        """``s`` (the skat picked up) or a Hand declaration."""
        if text.lower() == "s":
            self.apply(PICK_UP, seat, text)
            self.skat_due = True
            self.pickup_at = len(self.moves)
            return
        contract, cards = _declaration(text)
        self.check_seat(seat)
        if not contract.hand:
            raise ReplayError(f"{contract.describe()} needs the skat: no 's' before it")
        self.open_cards(contract, cards, seat)
        self.apply(Declare.of(contract), seat, text)

    def _discard(self, seat: int, text: str) -> None:
        """The discard: a declaration with the two cards, or the declaration and the cards as
        two moves (either order)."""
        self.check_seat(seat)
        parts = text.split(".")
        if _is_contract(parts[0]):
            contract, cards = _declaration(text)
            if self.pending is not None:
                raise ReplayError("declared twice")
            if not cards:
                self.pending = contract  # the discards follow as the next move
                self.events.append((seat, text))
                return
            self.discard_and_declare(contract, cards, seat, text)
            return
        cards = _card_list(parts)
        if self.pending is not None:
            contract, self.pending = self.pending, None
            self.discard_and_declare(contract, cards, seat, text)
            return
        if len(cards) != 2:
            raise ReplayError(f"a discard is two cards, not {len(cards)}")
        self.apply(Discard.of(cards[0], cards[1]), seat, text)

    def _declare(self, seat: int, text: str) -> None:
        """The declaration after the discard (the engine's own order)."""
        contract, cards = _declaration(text)
        self.check_seat(seat)
        self.open_cards(contract, cards, seat)
        self.apply(Declare.of(contract), seat, text)

    _STEPS: Final[dict[Phase, Callable[[_Replayer, int, str], None]]] = {
        PLAY: _card,
        Phase.BIDDING: _bid,
        SKAT: _skat,
        DISCARD: _discard,
        DECLARE: _declare,
    }

    def world(self, text: str) -> None:
        head, _, tail = text.partition(".")
        if head in ("TI", "LE"):
            if tail not in ("0", "1", "2"):
                raise ReplayError(f"{head} needs a seat 0, 1 or 2: {text!r}")
            self.end_by(head, int(tail), text)
            return
        if self.skat_due:
            self.skat_due = False
            self.skat_shown = True
            if "??" in text:
                return
            shown = _cards(text.split("."))
            if shown.mask != self.deal.skat_mask:
                raise ReplayError(
                    f"the skat shown is {shown}, but the deal's skat is {self.deal.skat}"
                )
            return
        raise ReplayError(f"unexpected server move {text!r}")

    def end_by(self, how: str, seat: int, text: str) -> None:
        state = self.state
        self.ended_by, self.ended_seat = how, seat
        self.skat_due = False
        self.events.append((seat, how))
        if state.phase != PLAY:
            return  # a penalty record: nothing more to play
        self.hidden = []
        d = state.declarer
        if seat == d:
            state.apply(_resignation(state, seat), seat)
        else:
            for s in range(3):
                if s != d and not state.is_over and Resign(s) in state.end_actions():
                    state.apply(Resign(s), s)
        if not state.is_over:  # pragma: no cover - the engine ends on both resignations
            raise ReplayError(f"{text}: the game does not end")

    def hidden_card(self, seat: int) -> None:
        state = self.state
        expected = (state.to_move + len(self.hidden)) % 3
        if seat != expected:
            raise ReplayError(f"it is {seat_name(expected)}'s turn, not {seat_name(seat)}'s")
        if len(state.current_trick) + len(self.hidden) >= 2:
            raise SkipRecord("a hidden card (??) completes a trick: its winner is unknown")
        self.hidden.append(seat)
        self.events.append((seat, "??"))

    def check_seat(self, seat: int) -> None:
        if seat != self.state.declarer:
            raise ReplayError(f"only the declarer ({seat_name(self.state.to_move)}) declares")

    def open_cards(self, contract: Contract, cards: list[Card], seat: int) -> None:
        if not cards:
            return
        if not contract.ouvert:
            raise ReplayError(f"cards listed with {contract}, which is not ouvert")
        if len(cards) != 10:
            raise ReplayError(f"an ouvert declaration lists 10 cards, not {len(cards)}")
        shown = CardSet(cards)
        if shown != self.state.hand(seat):
            raise ReplayError(f"shows {shown}, but holds {self.state.hand(seat)}")

    def discard_and_declare(
        self, contract: Contract, cards: list[Card], seat: int, text: str
    ) -> None:
        if len(cards) not in (2, 12):
            raise ReplayError(f"a declaration after the pick-up names 2 discards, not {len(cards)}")
        if contract.hand:
            raise ReplayError(f"{contract.describe()} cannot be declared after picking up the skat")
        state = self.state
        state.apply(Discard.of(cards[0], cards[1]), seat)
        try:
            self.open_cards(contract, cards[2:], seat)
            state.apply(Declare.of(contract), seat)
        except ValueError:
            state.undo()
            raise
        self.events.append((seat, text))

    def apply(self, action: Action, seat: int | None, text: str) -> None:
        self.state.apply(action, seat)
        self.events.append((self.state.history[-1].seat, text))


def _line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _is_contract(token: str) -> bool:
    try:
        Contract.parse(token)
    except ValueError:
        return False
    return True


def _declaration(text: str) -> tuple[Contract, list[Card]]:
    parts = text.split(".")
    try:
        contract = Contract.parse(parts[0])
    except ValueError:
        raise ReplayError(f"not a declaration: {text!r}") from None
    return contract, _card_list(parts[1:])


def _card_list(tokens: Sequence[str]) -> list[Card]:
    cards = [Card.parse(t) for t in tokens]
    if len(set(cards)) != len(cards):
        raise ReplayError("a card is named twice")
    return cards


def _cards(tokens: Sequence[str]) -> CardSet:
    return CardSet(_card_list([t for t in tokens if t]))


# ---------------------------------------------------------------------------------------------
# Checking


@dataclass(frozen=True)
class FieldDiff:
    """One result field where the record and the engine differ."""

    field: str
    record: object
    engine: object

    def __str__(self) -> str:
        return f"{self.field} record {_show(self.record)} engine {_show(self.engine)}"


def _show(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def compare(recorded: IssResult, computed: IssResult) -> list[FieldDiff]:
    """The fields of ``recorded`` that ``computed`` has differently (absent fields are not
    compared; ``passed`` always is).

    >>> from skat.records.iss import parse_iss_result
    >>> [str(d) for d in compare(parse_iss_result("d:1 win v:48 p:70"),
    ...                          parse_iss_result("d:1 win v:24 p:70"))]
    ['v record 48 engine 24']
    """
    if recorded.passed != computed.passed:
        return [FieldDiff("passed", recorded.passed, computed.passed)]
    if recorded.passed:
        return []
    out = []
    for key, value in recorded.fields.items():
        other = computed.fields.get(key)
        if other != value:
            out.append(FieldDiff(key, value, other))
    return out


def check(record: IssRecord, rules: Rules | None = None) -> list[FieldDiff]:
    """Replay a record and compare every ``R[...]`` field the engine determines; returns
    the differing fields (empty: the record agrees).

    Raises :class:`SkipRecord` for records without a result or with hidden cards and
    :class:`ReplayError` when the engine cannot replay the moves.
    """
    if record.result is None:
        raise SkipRecord("no result R[...] to check")
    rep = replay(record, rules)
    return compare(record.result, rep.fields)


def _resignation(state: GameState, seat: int) -> Resign:
    """A recorded resignation.  Where the rules need a defender's consent for the declarer to
    give up (ISkO, fewer than 9 cards), the record of the game ending shows it was given."""
    d = state.declarer
    if seat == d and d is not None:
        alone = Resign(seat)
        if alone not in state.end_actions():
            return Resign(seat, consent=(d + 1) % 3)
        return alone
    return Resign(seat)
