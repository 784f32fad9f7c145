"""The ``skat iss`` client's decisions from the lines it reads (no socket: what it sends is
kept): after its own pick-up it waits for the skat's cards before it puts two away."""

from __future__ import annotations

from skat.ai.agent import SafeAgent
from skat.core.actions import Action, Bid, Discard, PickUp
from skat.core.cards import CardSet
from skat.core.state import Phase, View
from skat.iss.client import ClientOptions, IssClient

HAND = "CJ SJ CA CT CK C9 SA HA H8 D8"


class _PutsAwayTheSkat:
    """Bids, picks up, and puts away the two cards it was not dealt (the skat as it sees it)."""

    def choose(self, view: View) -> Action:
        if view.phase == Phase.DISCARD:
            return Discard.of(*(view.hand - CardSet.parse(HAND)))
        legal = view.legal_actions
        return next((a for a in legal if a == PickUp() or str(a) == "18"), legal[0])


class _Kept(IssClient):
    def __init__(self) -> None:
        options = ClientOptions("127.0.0.1", 0, "u", "pw")
        super().__init__(options, SafeAgent(_PutsAwayTheSkat()), lambda _: None)
        self.sent: list[str] = []
        self.table = "t"

    def send(self, line: str) -> None:
        self.sent.append(line)


def test_after_its_own_pick_up_the_client_waits_for_the_skat() -> None:
    client = _Kept()
    hidden = ".".join(["??"] * 10)
    deal = ".".join(HAND.split())
    for line in ("table .t u start 1 u 0 b 0 c 0", f"table .t u play w {deal}|{hidden}|{hidden}|??.?? 0 0 0",
                 "table .t u play 1 p 0 0 0", "table .t u play 2 p 0 0 0"):  # fmt: skip
        client.handle(line)
    assert client.sent == ["table .t u play 18"]
    client.handle("table .t u play 0 18 0 0 0")
    assert client.sent[-1] == "table .t u play s"
    client.handle("table .t u play 0 s 0 0 0")
    assert client.sent[-1] == "table .t u play s"  # nothing yet: the skat is not known
    client.handle("table .t u play w C7.S7 0 0 0")
    move = client.sent[-1].split()[-1]
    assert move.split(".")[1:] in (["C7", "S7"], ["S7", "C7"]), move  # the real skat


def test_a_refused_move_gets_one_fallback_not_a_loop_of_them() -> None:
    client = _Kept()
    hidden = ".".join(["??"] * 10)
    deal = ".".join(HAND.split())
    client.handle("table .t u start 1 u 0 b 0 c 0")
    client.handle(f"table .t u play w {deal}|{hidden}|{hidden}|??.?? 0 0 0")
    client.handle("table .t u play 1 p 0 0 0")
    client.handle("table .t u play 2 p 0 0 0")
    assert client.sent == ["table .t u play 18"]
    for _ in range(3):  # the server refuses whatever it sends
        client.handle("table .t u error _illegal no")
    assert len(client.sent) == 2 and client.sent[1].split()[-1] in ("18", "p")


def test_the_client_answers_only_the_last_position_it_was_told() -> None:
    """After a reconnection the server tells the game so far again: none of the positions
    already past is answered (a stale move that happened to be legal would be played)."""
    client = _Kept()
    hidden = ".".join(["??"] * 10)
    deal = ".".join(HAND.split())
    told = ["table .t u start 1 u 0 b 0 c 0", f"table .t u play w {deal}|{hidden}|{hidden}|??.?? 0 0 0",
            "table .t u play 1 p 0 0 0", "table .t u play 2 p 0 0 0", "table .t u play 0 18 0 0 0"]  # fmt: skip
    for i, line in enumerate(told):
        client.handle(line, settled=lambda i=i: i == len(told) - 1)  # more lines were waiting
    assert client.sent == ["table .t u play s"]  # its turn at the last position only


class _Jumps:
    """Bids the highest value it may."""

    def choose(self, view: View) -> Action:
        bids = [a for a in view.legal_actions if isinstance(a, Bid)]
        return max(bids, key=lambda b: b.value) if bids else view.legal_actions[0]


def test_step_bids_bid_the_next_value_of_the_ladder_only() -> None:
    hidden = ".".join(["??"] * 10)
    deal = ".".join(HAND.split())
    sent = {}
    for step in (False, True):
        client = _Kept()
        client.agent = SafeAgent(_Jumps())
        client.o.step_bids = step
        client.handle("table .t u start 1 b 0 u 0 c 0")
        client.handle(f"table .t u play w {hidden}|{deal}|{hidden}|??.?? 0 0 0")
        sent[step] = client.sent
    assert sent[True] == ["table .t u play 18"]  # Middlehand opens with the lowest bid
    assert sent[False] != sent[True]  # the agent alone jumps
