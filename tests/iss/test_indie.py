"""A minimal ISS client written from the protocol document alone (``indie_client.py``, which
does not import skat) plays a full game against the server with two ``skat iss`` clients."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.iss.conftest import Live, bins
from tests.iss.indie_client import IndieClient, is_card


def test_an_independent_client_plays_a_full_game(live: Live, tmp_path: Path) -> None:
    pw = tmp_path / "pw"
    pw.write_text("pw2\n")
    indie = IndieClient(live.iss, "indie", "pw1")
    others = [
        subprocess.Popen(
            bins(["iss", "--server", f"127.0.0.1:{live.iss}", "--user", user, "--password-file",
                  str(pw), "--agent", agent, "--games", "1"]),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        for user, agent in (("i_b", "heuristic"), ("i_c", "random"))
    ]
    indie.create(["i_b", "i_c"])
    record = indie.play_one_game()
    assert record.startswith("(;GM[Skat]") and record.endswith(";)")
    assert all(c in record for c in indie.lines[0:0])  # the record is one line
    dealt = next(line for line in indie.lines if " play w " in line and "|" in line)
    own = set(dealt.split()[5].split("|")[indie.seat].split("."))
    assert own <= set(record.split("MV[w ")[1].split()[0].split("."))
    # before the end it saw only its own cards and the cards played (never the skat)
    played = {line.split()[5] for line in indie.lines if " play " in line and is_card(line.split()[5])}
    assert indie.seen_before_end <= own | played
    for proc in others:
        assert proc.wait(timeout=120) == 0
        if proc.stderr:
            proc.stderr.close()
    indie.close()
