"""A minimal ISS client written from the protocol document alone (``indie_client.py``, which
does not import skat) plays a full game against the server with two ``skat iss`` clients."""

from __future__ import annotations

from tests.iss.conftest import ClientThread, Live
from tests.iss.indie_client import IndieClient, is_card


def test_an_independent_client_plays_a_full_game(live: Live) -> None:
    indie = IndieClient(live.iss, "indie", "pw1")
    others = [
        ClientThread(live.iss, u, a, games=1) for u, a in (("i_b", "heuristic"), ("i_c", "random"))
    ]
    indie.create(["i_b", "i_c"])
    record = indie.play_one_game()
    assert record.startswith("(;GM[Skat]") and record.endswith(";)")
    dealt = next(line for line in indie.lines if " play w " in line and "|" in line)
    own = set(dealt.split()[5].split("|")[indie.seat].split("."))
    assert own <= set(record.split("MV[w ")[1].split()[0].split("."))
    # before the end it saw only its own cards and the cards played (never the skat)
    played = {
        line.split()[5] for line in indie.lines if " play " in line and is_card(line.split()[5])
    }
    assert indie.seen_before_end <= own | played
    for other in others:
        other.join(timeout=240)
        assert other.played == 1
    indie.close()
