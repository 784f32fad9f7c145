"""Long arenas in pieces: ``skat arena --out FILE --resume`` after a run stopped (also by a real
SIGKILL), ``--deal-range A:B`` and ``skat arena-merge`` give the table, the last line and the
records of one uninterrupted run; other settings or other code are refused in one line."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from tests.ai.test_arena import Clumsy

from skat.ai.arena import run_arena
from skat.ai.arenafile import ArenaFileError, read_arena_file
from skat.cli.main import main
from skat.records.jsonrecord import load_json

AGENTS = ["--agents", "heuristic,random", "--seed", "3", "--jobs", "1"]


PROGRESS = re.compile(r"^skat arena: \d+/\d+ deals \(.*\)\n", re.MULTILINE)


def _arena(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``skat arena``, the progress lines left out."""
    code = main(["arena", *AGENTS, *argv])
    out, err = capsys.readouterr()
    return code, out, PROGRESS.sub("", err)


def _merge(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["arena-merge", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, bytes]:
    """One uninterrupted run of 6 deals: what it prints and the records it writes."""
    path = tmp_path_factory.mktemp("whole") / "games.jsonl"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["arena", *AGENTS, "--deals", "6", "--out", str(path)]) == 0
    return buffer.getvalue(), path.read_bytes()


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def test_resume_after_half_the_deals_prints_and_writes_what_one_run_does(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert _arena(capsys, "--deals", "3", "--out", str(path))[0] == 0
    code, out, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert code == 0
    assert out == whole[0]
    assert path.read_bytes() == whole[1]
    assert err == f"skat arena: {path}: 3 of 6 deals done, 3 to play\n"


def test_resume_of_a_finished_run_plays_nothing(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(whole[1])
    code, out, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert (code, out) == (0, whole[0])
    assert "6 of 6 deals done, 0 to play" in err
    assert path.read_bytes() == whole[1]


def test_resume_without_the_file_plays_every_deal(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    code, out, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert (code, out) == (0, whole[0])
    assert "does not exist yet" in err
    assert path.read_bytes() == whole[1]


def test_a_torn_last_line_is_dropped_with_a_one_line_notice(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(whole[1])
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"".join(lines[:14]) + lines[14][:200])  # deals 0-1, two games of 2, a cut
    args = ("--deals", "6", "--out", str(path), "--resume", "--jobs", "2")
    code, out, err = _arena(capsys, *args)
    assert (code, out) == (0, whole[0])
    assert path.read_bytes() == whole[1]
    notices = err.splitlines()
    assert notices == [
        f"skat arena: {path}: line 15 is cut off (a run killed while writing it); dropped",
        f"skat arena: {path}: deal 2 has 2 of its 6 games; they are dropped",
        f"skat arena: {path}: 2 of 6 deals done, 4 to play",
    ]
    assert "Traceback" not in err


def test_resume_after_a_sigkill_gives_the_figures_of_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real ``skat arena`` process killed with SIGKILL mid-way, then resumed."""
    argv = ["arena", "--agents", "pimc-easy,heuristic", "--seed", "5", "--jobs", "1"]
    argv += ["--deals", "4"]
    killed = tmp_path / "killed.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", *argv, "--out", str(killed)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if killed.exists() and killed.read_bytes().count(b"\n") >= 6:
            break
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL  # killed, not finished
    done = killed.read_bytes().count(b"\n")
    assert 6 <= done < 24
    assert main([*argv, "--out", str(killed), "--resume"]) == 0
    resumed, err = capsys.readouterr()
    assert "deals done" in err
    whole = tmp_path / "whole.jsonl"
    assert main([*argv, "--out", str(whole)]) == 0
    assert resumed == capsys.readouterr().out
    assert killed.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--agents", "heuristic,heuristic"], "agents: the records have heuristic,random"),
        (["--seed", "4"], "seed: the records have 3, this run 4"),
        (["--rules", "pub"], "rules: the records have isko, this run pub"),
        (["--contract", "oracle"], "contract: the records have bid, this run oracle"),
        (["--void-passed"], "void_passed: the records have no, this run yes"),
        (["--blind"], "blind: the records have no, this run yes"),
        (["--budget", "30"], "budget: the records have none, this run 30.0"),
    ],
)
def test_resume_refuses_records_of_other_settings(
    argv: list[str],
    field: str,
    whole: tuple[str, bytes],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(whole[1])
    code, _, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume", *argv)
    assert code == 2
    assert err.startswith(f"skat arena: error: {path} line 1: played with other settings: {field}")
    assert len(err.splitlines()) == 1
    assert path.read_bytes() == whole[1]  # nothing written


def _with_code(data: bytes, code: str) -> bytes:
    out = []
    for line in data.splitlines():
        record = json.loads(line)
        record["meta"]["arena"]["code"] = code
        out.append(json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    return "".join(out).encode()


def test_resume_refuses_records_of_other_code_unless_told(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(_with_code(b"".join(_lines(whole[1])[:18]), "sha256:0123456789abcdef"))
    code, _, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert code == 2
    assert err.startswith(
        f"skat arena: error: {path} line 1: played with other settings: code: the records have "
        "sha256:0123456789abcdef, this run sha256:"
    )
    assert err.endswith("; --resume-any-code accepts that knowingly\n")
    args = ("--deals", "6", "--out", str(path), "--resume", "--resume-any-code")
    code, out, _ = _arena(capsys, *args)
    assert (code, out) == (0, whole[0])


def test_resume_refuses_a_corrupt_line_that_is_not_the_last(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(whole[1])
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"".join([*lines[:3], lines[3][:100] + b"\n", *lines[4:12]]))
    code, _, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert code == 2
    assert err.startswith(f"skat arena: error: {path} line 4: not a JSON record (")
    assert len(err.splitlines()) == 1


def test_resume_refuses_a_game_that_does_not_replay(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(_lines(whole[1])[0])
    record["events"][-1][0] = (record["events"][-1][0] + 1) % 3  # the wrong seat plays
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    code, _, err = _arena(capsys, "--deals", "6", "--out", str(path), "--resume")
    assert code == 2
    assert err.startswith(f"skat arena: error: {path} line 1: events[")
    assert len(err.splitlines()) == 1


def test_resume_refuses_other_files_and_deals_outside_the_run(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(whole[1])
    code, _, err = _arena(capsys, "--deals", "4", "--out", str(path), "--resume")
    assert (code, err) == (
        2,
        f"skat arena: error: {path} holds deals that are not among this run's deals 0-3: 4-5\n",
    )
    record = json.loads(_lines(whole[1])[0])
    del record["meta"]["arena"]
    path.write_text(json.dumps(record) + "\n")
    code, _, err = _arena(capsys, "--deals", "4", "--out", str(path), "--resume")
    assert code == 2
    assert "line 1: not a record of skat arena --out with its settings (meta.arena)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--resume"], "--resume needs --out FILE"),
        (["--resume", "--out", "-"], "--resume needs --out FILE"),
        (["--resume-any-code"], "--resume-any-code goes with --resume"),
        (["--deal-range", "5:2"], "--deal-range is A:B with 0 <= A < B"),
        (["--deal-range", "3"], "--deal-range is A:B with 0 <= A < B"),
        (["--deal-range", "a:b"], "--deal-range is A:B with 0 <= A < B"),
        (["--deal-range=-1:2"], "--deal-range is A:B with 0 <= A < B"),
        (["--deal-range", "0:2", "--deals", "2"], "give --deals N or --deal-range A:B"),
    ],
)
def test_cli_errors_of_resume_and_ranges(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _arena(capsys, *argv)
    assert code == 2
    assert message in err and len(err.splitlines()) == 1


def test_a_deal_range_plays_the_deals_of_the_whole_run(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "piece.jsonl"
    code, out, _ = _arena(capsys, "--deal-range", "2:5", "--out", str(path))
    assert code == 0
    assert out.splitlines()[0].endswith(", seed 3, deals 2-4")
    assert out.splitlines()[-1].endswith("deals: 3")
    assert _lines(path.read_bytes()) == _lines(whole[1])[12:30]
    code, out, err = _arena(capsys, "--deal-range", "2:6", "--out", str(path), "--resume")
    assert code == 0
    assert "3 of 4 deals done, 1 to play" in err
    assert _lines(path.read_bytes()) == _lines(whole[1])[12:36]


def test_merged_pieces_print_what_one_run_prints(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert _arena(capsys, "--deal-range", "0:2", "--out", str(a))[0] == 0
    assert _arena(capsys, "--deal-range", "2:6", "--out", str(b))[0] == 0
    assert _merge(capsys, str(b), str(a)) == (0, whole[0], "")
    assert _merge(capsys, str(a), str(b), "--deals", "6") == (0, whole[0], "")


def test_merge_refuses_overlaps_gaps_and_other_settings(
    whole: tuple[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b, c, d = (tmp_path / f"{n}.jsonl" for n in "abcd")
    assert _arena(capsys, "--deal-range", "0:2", "--out", str(a))[0] == 0
    assert _arena(capsys, "--deal-range", "4:6", "--out", str(b))[0] == 0
    assert _arena(capsys, "--deal-range", "1:3", "--out", str(c))[0] == 0
    code, _, err = _merge(capsys, str(a), str(b))
    assert (code, err) == (
        2,
        "skat arena-merge: error: deals missing: 2-3 (play them with --deal-range 2:4)\n",
    )
    code, _, err = _merge(capsys, str(a), str(c), str(b))
    assert (code, err) == (2, f"skat arena-merge: error: deal 1 is in both {a} and {c}\n")
    code, _, err = _merge(capsys, str(a), "--deals", "3")
    assert (code, err) == (
        2,
        "skat arena-merge: error: deals missing: 2 (play them with --deal-range 2:3)\n",
    )
    other_seed = ["arena", "--agents", "heuristic,random", "--seed", "4", "--jobs", "1"]
    assert main([*other_seed, "--deal-range", "2:4", "--out", str(d)]) == 0
    capsys.readouterr()
    code, _, err = _merge(capsys, str(a), str(d), str(b))
    assert code == 2
    assert err == (
        f"skat arena-merge: error: {d} line 1: played with other settings: "
        "seed: the records have 4, the first file 3\n"
    )


def test_merge_of_nothing_or_of_no_arena_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty, other = tmp_path / "empty.jsonl", tmp_path / "other.jsonl"
    empty.write_text("")
    other.write_text('{"format": "skat-game"}\n')
    assert _merge(capsys, str(empty)) == (
        2,
        "",
        "skat arena-merge: error: no records in the files\n",
    )
    code, _, err = _merge(capsys, str(other))
    assert code == 2 and "not a record of skat arena --out" in err
    code, _, err = _merge(capsys, str(tmp_path / "missing.jsonl"))
    assert code == 2 and "No such file or directory" in err


def test_records_with_the_run_settings_still_load_as_game_records(
    whole: tuple[str, bytes],
) -> None:
    game = load_json(_lines(whole[1])[7])
    arena = game.meta["arena"]
    assert (arena["agents"], arena["seed"], arena["deal"], arena["arrangement"]) == (
        ["heuristic", "random"],
        3,
        1,
        1,
    )
    assert game.meta["id"] == "arena-3-1-1"


def test_run_arena_counts_deals_done_in_deal_order(tmp_path: Path) -> None:
    """The library: deals read back from a file (``done``) and deals played give the report
    of one run, whichever deals were played before."""
    from skat.cli.arena import record

    path = tmp_path / "g.jsonl"
    names = ["heuristic", "random"]
    whole = run_arena(names, deals=5, seed=9)
    lines: list[str] = []
    run_arena(
        names,
        deals=[1, 3],
        seed=9,
        recorder=record,
        on_deal=lambda games: lines.extend(g.record + "\n" for g in games),
    )
    path.write_text("".join(lines))
    done = read_arena_file(str(path)).complete()
    resumed = run_arena(names, deals=5, seed=9, done=done)
    assert resumed.deal_diffs == whole.deal_diffs
    assert resumed.table() == whole.table()
    assert resumed.last_line() == whole.last_line()


def test_an_arena_file_error_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ArenaFileError, match=r"nothing\.jsonl: No such file"):
        read_arena_file(str(tmp_path / "nothing.jsonl"))


def test_fallbacks_are_read_back_from_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = types.ModuleType("resume_clumsy")
    module.Clumsy = Clumsy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "resume_clumsy", module)
    argv = ["arena", "--agents", "resume_clumsy:Clumsy,random", "--seed", "3", "--jobs", "1"]
    assert main([*argv, "--deals", "3"]) == 1
    whole = capsys.readouterr().out
    assert ", fallbacks: " in whole.splitlines()[-1]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert main([*argv, "--deal-range", "0:1", "--out", str(a)]) == 1
    assert main([*argv, "--deal-range", "1:3", "--out", str(b)]) == 1
    capsys.readouterr()
    assert main(["arena-merge", str(a), str(b)]) == 1
    assert capsys.readouterr().out == whole
    assert main(["arena-merge", str(a), str(b), "--allow-fallbacks"]) == 0
    assert capsys.readouterr().out == whole


def test_an_arena_never_overwrites_a_file_of_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.jsonl"
    assert _arena(capsys, "--deals", "2", "--out", str(path))[0] == 0
    before = path.read_bytes()
    code, _out, err = _arena(capsys, "--deals", "3", "--out", str(path))
    assert code != 0 and "already holds games: --resume" in err and len(err.splitlines()) == 1
    assert path.read_bytes() == before  # the games played are kept


def test_ctrl_c_is_one_line_and_keeps_the_deals_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import skat.cli.arena as arena_cli

    real = arena_cli.run_arena

    def interrupted(*args: object, **kwargs: Any) -> object:
        deals = 0
        on_deal = kwargs["on_deal"]

        def counting(outcomes: object) -> None:
            nonlocal deals
            if deals == 2:
                raise KeyboardInterrupt
            deals += 1
            on_deal(outcomes)

        return real(*args, **{**kwargs, "on_deal": counting})

    monkeypatch.setattr(arena_cli, "run_arena", interrupted)
    path = tmp_path / "games.jsonl"
    code, out, err = _arena(capsys, "--deals", "6", "--out", str(path))
    assert code == 130 and out == ""
    assert err == (
        f"skat arena: interrupted after 2 of 6 deals, all kept in {path}; "
        "the same command with --resume goes on\n"
    )
    assert len(path.read_text().splitlines()) == 2 * 6  # two deals of six games
