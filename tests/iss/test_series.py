"""Three ``skat iss`` clients with different agents play a series on ``skat serve --iss-port``;
what they and the server recorded replays with ``skat replay --check``."""

from __future__ import annotations

import subprocess
from pathlib import Path
from urllib.request import urlopen

import pytest
from tests.iss.conftest import Live, bins

from skat.cli.main import main


def _client(live: Live, user: str, agent: str, pw: Path, tmp: Path, *extra: str) -> list[str]:
    return bins(
        ["iss", "--server", f"127.0.0.1:{live.iss}", "--user", user, "--password-file", str(pw),
         "--agent", agent, "--games", "2", "--records", str(tmp / f"{user}.iss"), *extra]
    )  # fmt: skip


def test_three_clients_play_a_series_and_the_records_replay(
    live: Live, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pw = tmp_path / "pw"
    pw.write_text("secret\n")
    logs = [(tmp_path / f"{u}.log").open("w") for u in ("s_b", "s_c")]
    joiners = [
        subprocess.Popen(_client(live, u, a, pw, tmp_path), stderr=log)
        for (u, a), log in zip((("s_b", "random"), ("s_c", "pimc-easy")), logs, strict=True)
    ]
    creator = subprocess.run(
        _client(live, "s_a", "heuristic", pw, tmp_path, "--invite", "s_b,s_c"),
        capture_output=True,
        text=True,
        timeout=480,
    )
    assert creator.returncode == 0, creator.stderr
    for proc, log in zip(joiners, logs, strict=True):
        assert proc.wait(timeout=240) == 0, Path(log.name).read_text()
        log.close()
    records = [tmp_path / f"{u}.iss" for u in ("s_a", "s_b", "s_c")]
    texts = [r.read_text() for r in records]
    assert texts[0] == texts[1] == texts[2] and texts[0].count("\n") == 2
    assert main(["replay", "--check", str(records[0])]) == 0  # skat replay --check
    assert "checked: 2, agree: 2" in capsys.readouterr().out
    # the server stored the same records
    game_id = texts[0].split("ID[")[1].split("]")[0]
    table = game_id.rsplit("-", 1)[0]
    with urlopen(f"http://127.0.0.1:{live.web}/api/tables/{table}/games/1.iss") as r:
        assert r.read().decode().strip() == texts[0].splitlines()[0]
