"""``skat selfplay`` keeps an interrupted run and goes on with ``--resume`` (issue 31): every
game is written as it ends, Ctrl-C is one line, a half-written last line is played again, and
the files of an interrupted and resumed run are those of a run never interrupted."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skat.cli import selfplay as selfplay_cli
from skat.cli.main import main

SRC = Path(__file__).resolve().parents[2] / "src"


def _run(out: Path, *more: str, deals: int = 5) -> int:
    return main(["selfplay", "--agent", "random", "--deals", str(deals), "--per-file", "2",
                 "--seed", "3", "--out", str(out), "--jobs", "1", *more])  # fmt: skip


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("games-*.jsonl"))}


def _interrupt_after(games: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C as the next game after ``games`` is played."""
    real = selfplay_cli.iter_selfplay

    def interrupted(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for number, line in enumerate(real(*args, **kwargs)):
            if number == games:
                raise KeyboardInterrupt
            yield line

    monkeypatch.setattr(selfplay_cli, "iter_selfplay", interrupted)


@pytest.fixture
def whole(tmp_path: Path) -> dict[str, bytes]:
    """The files of the run never interrupted."""
    assert _run(tmp_path / "whole") == 0
    return _files(tmp_path / "whole")


def test_ctrl_c_is_one_line_and_keeps_every_game_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _interrupt_after(3, monkeypatch)
    assert _run(tmp_path / "run") == 130
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert last.startswith("skat selfplay: interrupted after 3 of 5 games, all kept in ")
    assert last.endswith("--resume goes on") and "Traceback" not in err
    lines = b"".join(_files(tmp_path / "run").values()).splitlines()
    assert len(lines) == 3 and all(json.loads(line)["meta"] for line in lines)


def test_resume_after_ctrl_c_gives_the_files_of_a_run_never_interrupted(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    whole: dict[str, bytes],
) -> None:
    with monkeypatch.context() as patch:
        _interrupt_after(3, patch)
        assert _run(tmp_path / "run") == 130
    capsys.readouterr()
    assert _run(tmp_path / "run", "--resume") == 0
    assert "3 of 5 games done, 2 to play" in capsys.readouterr().err
    assert _files(tmp_path / "run") == whole


def test_a_half_written_last_game_is_played_again(
    tmp_path: Path, whole: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """A kill in the middle of a line: resume cuts it off and plays that game again."""
    assert _run(tmp_path / "run", deals=3) == 0
    last = tmp_path / "run" / "games-000001.jsonl"
    last.write_bytes(last.read_bytes()[:-40])
    assert _run(tmp_path / "run", "--resume") == 0
    assert "2 of 5 games done, 3 to play" in capsys.readouterr().err
    assert _files(tmp_path / "run") == whole


def test_a_folder_with_games_is_refused_without_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path / "run", deals=3) == 0
    before = _files(tmp_path / "run")
    assert _run(tmp_path / "run") == 2
    assert "already holds self-play games: --resume goes on" in capsys.readouterr().err
    assert _files(tmp_path / "run") == before


def test_resume_refuses_a_run_of_other_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path / "run", deals=3) == 0
    before = _files(tmp_path / "run")
    assert main(["selfplay", "--agent", "random", "--deals", "5", "--per-file", "2",
                 "--seed", "4", "--out", str(tmp_path / "run"), "--resume"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert "holds another run's games (seed: DIR has 3, this run 4)" in err
    assert _files(tmp_path / "run") == before


def test_resume_of_a_complete_run_plays_nothing(
    tmp_path: Path, whole: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path / "whole", "--resume") == 0
    assert "5 of 5 games done, 0 to play" in capsys.readouterr().err
    assert _files(tmp_path / "whole") == whole


def test_progress_is_a_line_a_tenth_on_stderr_when_not_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path / "run", deals=10) == 0
    captured = capsys.readouterr()
    progress = [line.split(" (")[0] for line in captured.err.splitlines()]
    assert progress == [f"skat selfplay: {n}/10 games" for n in range(1, 11)]
    assert captured.out.startswith("selfplay: 10 games of random")


def test_progress_is_a_bar_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    assert _run(tmp_path / "run", deals=4) == 0
    text = screen.getvalue()
    assert text.startswith("\r[") and "] 4/4 games" in text and text.endswith("\n")
    assert text.count("\n") == 1


def _ctrl_c_as_from_a_terminal() -> None:
    """The command's SIGINT as a shell in a terminal starts it: the default.  A test run
    started in the background of a shell without job control inherits SIGINT ignored (bash
    does that to ``cmd &``), and so would the command: Python then installs no
    KeyboardInterrupt, and the run went on for 600 s after its "Ctrl-C"."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_a_real_run_with_workers_is_one_line(tmp_path: Path) -> None:
    """SIGINT to the process group of ``skat selfplay --jobs 2``, as a terminal's Ctrl-C:
    exit 130, one line on stderr (no worker's traceback), every complete game kept."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "skat.cli.main", "selfplay", "--agent", "heuristic",
               "--deals", "100000", "--out", str(out), "--jobs", "2"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(
        command,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_ctrl_c_as_from_a_terminal,
    )
    try:
        deadline = time.monotonic() + 600  # a bound for a busy machine, not a measure
        while time.monotonic() < deadline and proc.poll() is None:
            if sum(len(data.splitlines()) for data in _files(out).values()) >= 2:
                break
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    (line,) = [
        x for x in err.splitlines() if not x.startswith("skat selfplay: ") or "interrupted" in x
    ]
    assert "interrupted after" in line and "--resume goes on" in line
    for data in _files(out).values():
        assert data.endswith(b"\n")
        for game in data.splitlines():
            json.loads(game)
