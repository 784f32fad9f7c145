"""`skat play` in the plain line mode, driven by a script through pipes (no terminal)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from skat.ai.arena import default_level
from skat.cli.main import main
from skat.series import load_series

from .lineplayer import Policy, converse


def play_lines(args: list[str], policy: Policy, cwd: Path) -> list[str]:
    """Every line ``skat play`` printed while ``policy`` answered its questions."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=str(cwd),
    )
    assert proc.stdin is not None and proc.stdout is not None

    def read_line() -> str | None:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        return line.rstrip("\n") if line else None

    def write(answer: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(answer + "\n")
        proc.stdin.flush()

    try:
        seen = converse(read_line, write, policy)
    finally:
        proc.stdin.close()
        proc.wait(timeout=300)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    return seen


def run_script(args: list[str], script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``skat play ARGS`` with ``script`` as its whole input."""
    return subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "play", *args],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=str(cwd),
        timeout=300,
    )


def test_line_mode_questions_are_single_lines_ending_in_a_marker(tmp_path: Path) -> None:
    policy = Policy(max_bid=30, reviews=0)
    lines = play_lines(["--seed", "1", "--games", "1", "--no-analysis"], policy, tmp_path)
    assert lines[0].startswith(f"skat play · seed 1 · rules isko · level {default_level()}")
    questions = [line for line in lines if line.endswith(" >")]
    assert len(questions) == len(policy.log) >= 12
    assert not any("\x1b" in line for line in lines)  # no colour, no cursor movement
    assert sum("takes the trick" in line or "take the trick" in line for line in lines) == 10


def test_line_mode_from_a_script_on_stdin(tmp_path: Path) -> None:
    """A plain script: all pass, then quit at the next question; the end of the input at its
    question ends the series and says that nothing was saved."""
    proc = run_script(["--seed", "4", "--games", "2"], "p\nhint\nfish\nquit\n", tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout.splitlines()
    assert "You pass" in out
    assert any(line.startswith("hint: ") for line in out)
    assert "not a bid, card or command: 'fish' (help lists them)" in out
    assert out[-2:] == [
        "sure? (y/n) >",
        "the input ended: the series was not saved (skat play --save FILE keeps a series)",
    ]


def test_an_unknown_answer_after_the_game_is_named_with_the_choices(tmp_path: Path) -> None:
    """Give up as a defender, then answer the question after the game with nonsense."""
    proc = run_script(["--seed", "4", "--games", "2"], "p\nconcede\ny\nfish\nq\n", tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "'fish'? Enter: next game · r: review · save FILE · q: quit" in proc.stdout.splitlines()


def test_the_same_seed_plays_the_same_session(tmp_path: Path) -> None:
    args = ["--seed", "11", "--games", "2", "--no-analysis"]
    first = play_lines(args, Policy(max_bid=24, reviews=0), tmp_path)
    second = play_lines(args, Policy(max_bid=24, reviews=0), tmp_path)
    assert first == second
    other = play_lines(["--seed", "12", *args[2:]], Policy(max_bid=24, reviews=0), tmp_path)
    assert other != first


def test_illegal_cards_are_refused_with_the_reason(tmp_path: Path) -> None:
    # seed 1: Ann leads the jack of clubs; Rearhand must follow trump and holds no CJ
    policy = Policy(max_bid=0, reviews=0, extra={"play a card": ["CJ", "DT"]})
    lines = play_lines(["--seed", "1", "--games", "1", "--no-analysis"], policy, tmp_path)
    assert "You do not hold ♣J" in lines
    assert any(
        line.startswith("♦10 may not be played: you must follow ♣J (legal: ") for line in lines
    )


def test_save_and_load_resume_the_series(tmp_path: Path) -> None:
    saved = tmp_path / "series.json"
    script = f"p\nsave {saved}\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "play", "--seed", "6", "--games", "2"],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=str(tmp_path),
        timeout=300,
    )
    assert f"saved to {saved}" in proc.stdout
    series = load_series(saved)
    assert series.seed == 6 and series.current is not None and series.current.history
    lines = play_lines(
        ["--load", str(saved), "--no-analysis"], Policy(max_bid=0, reviews=0), tmp_path
    )
    assert lines[0].startswith("skat play · seed 6")
    assert "You pass" in lines[2:4]  # the resumed game tells what was said before
    assert any("the series is over" in line for line in lines)


def test_autosave_and_records_after_every_game(tmp_path: Path) -> None:
    saved, records = tmp_path / "s.json", tmp_path / "g.jsonl"
    play_lines(
        [
            "--seed",
            "2",
            "--games",
            "2",
            "--no-analysis",
            "--save",
            str(saved),
            "--records",
            str(records),
        ],
        Policy(max_bid=20, reviews=0),
        tmp_path,
    )
    assert len(load_series(saved).records) == 2
    games = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 2 and all(g["format"] == "skat-game" for g in games)
    assert [g["meta"]["id"] for g in games] == ["2-1", "2-2"]
    assert main(["play", "--review", str(records), "--id", "2-2", "--no-analysis"]) == 0


def test_german_words_and_german_cards(tmp_path: Path) -> None:
    args = ["--seed", "1", "--lang", "de", "--deck", "german", "--games", "1"]
    proc = run_script(args, "hilfe\np\n", tmp_path)
    out = proc.stdout
    assert "Karte (CJ, ♣J, Eichel-Unter oder Nummer;" in out  # the help in the pack's names
    assert "Du passt" in out and "Hinterhand" in out
    assert "Ei-U" in out or "Gr-U" in out or "Rt-U" in out or "Sc-U" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "nope"], "unknown level 'nope'"),
        (["--games", "0"], "--games must be 1 or more, not 0"),
        (["--rules", "nope"], "unknown rules preset 'nope'"),
        (["--load", "/nonexistent/x.json"], "/nonexistent/x.json"),
        (["--save", "/nonexistent/x.json"], "/nonexistent/x.json: no such directory"),
        (["--records", "/nonexistent/x.jsonl"], "/nonexistent/x.jsonl: no such directory"),
    ],
)
def test_bad_options_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skat play: error: ") and message in err


def test_a_damaged_saved_series_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skat-series", "version": 1, "players": 3}', encoding="utf-8")
    assert main(["play", "--load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skat play: error: ")


def test_review_a_recorded_game(capsys: pytest.CaptureFixture[str]) -> None:
    real = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"
    assert main(["play", "--review", str(real), "--id", "9", "--no-analysis"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ID 9:"
    assert out[1].startswith("  review: vaun, Clubs Hand — with 2, game 3, hand 4")
    assert out[2].split()[:2] == ["Forehand", "jeff"] and out[5] == "  skat: ♠J ♦8"
    tricks = [line for line in out if line[:5].strip().rstrip(".").isdigit()]
    assert len(tricks) == 10 and tricks[-1].strip().startswith("10. Montana ♥A")
    assert main(["play", "--review", str(real), "--id", "nope"]) == 2


def test_a_failed_claim_at_the_terminal_is_lost_every_trick_from_it_to_the_defenders(
    tmp_path: Path,
) -> None:
    # the reproduction: the claim after trick 5 fails at trick 9; ISkO 4.4 gives the
    # defenders tricks 6 to 10, those the declarer won in the open play-out too: lost Schneider
    script = "48\ns\n8 9\ng\ny\nDA\n1\n1\n1\n1\nclaim\ny\n\n\n"
    out = run_script(["--seed", "11", "--games", "1", "--plain"], script, tmp_path).stdout
    assert "You lose Grand with 26 card points" in out
    row = next(line for line in out.splitlines() if line.lstrip().startswith("1  You"))
    assert row.split()[-3:] == ["-288", "0", "0"] and "+120" not in out
