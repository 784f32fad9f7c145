"""The `skat` command: every subcommand's help, and `skat solve`, `skat list`, `skat rules`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from skat.ai.dds import Position, brute_force
from skat.cli.main import COMMANDS, build_parser, main, subcommands
from skat.core import GameState, Rules
from skat.records.jsonrecord import dumps, state_to_json
from skat.series import Series, save_series

SEVEN_TRICKS = "G decl=0 hands=CJ.SJ.HA.HT.HK.H8.H7/CA.CT.CK.CQ.C9.SA.ST/HJ.DJ.C8.C7.S8.S7.HQ"
REAL = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"
DEAL = (
    "CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
    "HJ DJ C8 C7 S8 S7 HQ H9 DA DT DK DQ"
)


def _names() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return sorted(sub.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", _names())
def test_every_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: skat {name}") and len(out.splitlines()) > 3


def test_the_command_has_play_solve_list_and_rules() -> None:
    assert {"play", "solve", "list", "rules"} <= set(_names())
    assert len(_names()) == len(COMMANDS)
    assert [module.NAME for module in subcommands()] == list(COMMANDS)


def test_a_subcommand_imports_only_its_own_module() -> None:
    # `skat value` starts without loading the server, the solver or the other commands
    code = (
        "import sys; from skat.cli.main import main; main(['value', 'CH', '--matadors', '1', '--points', '74']);"
        " print(sorted(m for m in sys.modules if m.startswith('skat.cli.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    loaded = done.stdout.splitlines()[-1]
    assert "'skat.cli.value'" in loaded, done.stderr
    assert not {"'skat.cli.serve'", "'skat.cli.arena'", "'skat.cli.play'"} & set(
        loaded.strip("[]").split(", ")
    )


# ---------------------------------------------------------------------- skat solve


def test_solve_a_position_agrees_with_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    text = "S decl=1 lead=2 trick=SA hands=CJ.S7/SK.HA/ST points=0:0"
    assert main(["solve", text]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = brute_force(Position.parse(text))
    assert out[0] == "Spades, declarer Middlehand, Forehand to play"
    assert out[1].startswith(
        f"double-dummy value {expected}: the card points the declarer ends with, skat included"
    )
    assert out[3] == "best line:" and out[4].startswith("  trick 9: Rearhand SA  Forehand ")


def test_solve_a_deal_with_the_skat_put_away(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "--deal", DEAL, "--game", "H", "--declarer", "0", "--discard", "D7 D8"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hearts, declarer Forehand, Forehand to play"
    tricks = [line for line in out if line.startswith("  trick ")]
    assert len(tricks) == 10 and tricks[0].startswith("  trick 1: Forehand ")
    assert "D7" not in " ".join(tricks) and "DK" in " ".join(tricks)  # D7 lies in the skat


def test_solve_a_recorded_game_after_some_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--record", str(REAL), "--id", "9", "--after", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ID 9: Clubs Hand, after 6 cards"
    assert out[4] == "best line:" and out[5].startswith("  trick 3: Forehand ")
    assert out[-1].startswith("  trick 10: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give one of: a position, --deal"),
        (["X decl=0"], "a position starts with its game type"),
        (["--deal", DEAL, "--game", "H"], "--deal needs --game and --declarer"),
        (["--deal", DEAL, "--game", "H", "--declarer", "0", "--discard", "CA CT"], "--discard"),
        (["--record", str(REAL), "--id", "8"], "ID 8: no card play"),
    ],
)
def test_solve_bad_input_is_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


# ---------------------------------------------------------------------- skat list


def _records(path: Path, games: int) -> list[GameState]:
    rng = random.Random(5)
    states = []
    with path.open("w", encoding="utf-8") as fh:
        for seed in range(games):
            g = GameState(seed=seed)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
            states.append(g)
            names = [("Ann", "Ben", "Cid")[(seed + s) % 3] for s in range(3)]
            fh.write(dumps(state_to_json(g, {"players": names})) + "\n")
    return states


def test_list_of_records_sums_each_players_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    states = _records(path, 6)
    assert main(["list", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[-3:] == ["Ann", "Ben", "Cid"]
    total = next(line for line in out if line.strip().startswith("total"))
    expected = {"Ann": 0, "Ben": 0, "Cid": 0}
    for seed, g in enumerate(states):
        r = g.result
        assert r is not None
        if r.declarer is not None:
            expected[("Ann", "Ben", "Cid")[(seed + r.declarer) % 3]] += r.score
    assert [int(x) for x in total.split()[1:]] == list(expected.values())


def test_list_seeger_fabian_adds_fifty_and_forty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    states = _records(path, 4)
    assert main(["list", str(path), "--sheet", "seeger"]) == 0
    out = capsys.readouterr().out.splitlines()
    total = next(line for line in out if line.strip().startswith("total"))
    plain = sum(g.result.score for g in states if g.result and g.result.declarer is not None)
    won = sum(1 for g in states if g.result and g.result.declarer is not None and g.result.won)
    lost = sum(1 for g in states if g.result and g.result.declarer is not None and not g.result.won)
    assert sum(int(x) for x in total.split()[1:]) == plain + 50 * won - 50 * lost + 80 * lost


def test_list_of_a_saved_series(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    series = Series(["Ann", "Ben", "Cid"], Rules.parse("isko"), seed=3, games=3)
    rng = random.Random(2)
    while not series.is_over:
        series.play(lambda g: rng.choice(g.legal_actions()))
    path = tmp_path / "friday.json"
    save_series(series, path)
    assert main(["list", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    total = next(line for line in out if line.strip().startswith("total"))
    assert [int(x) for x in total.split()[1:]] == series.totals


def test_list_of_iss_records_with_many_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", str(REAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[-1] == "entry"  # too many players for columns: the ranking totals
    assert any(line.strip().startswith("1. ") for line in out)


def test_list_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps({"format": "nope"}) + "\n", encoding="utf-8")
    assert main(["list", str(empty)]) == 2
    assert capsys.readouterr().err.endswith("skat list: error: no game to list\n")


# ---------------------------------------------------------------------- skat rules


def test_rules_lists_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in ("isko", "tournament", "iss", "old", "pub", "danish"):
        assert f"\n  {name} " in out
    assert "pub         isko, kontra=on, supra=on, ramsch=ramsch" in out


def test_rules_of_a_preset_mark_what_differs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "pub", "--brief"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rules pub"
    kontra = next(line for line in lines if line.split()[1:2] == ["kontra"])
    claim = next(line for line in lines if line.split()[:1] == ["claim"])
    assert kontra.startswith("* kontra") and " on " in kontra
    assert claim.startswith("  claim ") and claim.split()[1] == "isko"  # as in isko: no mark


def test_rules_bad_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 2
    assert "unknown rules preset 'nope'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("position", "verdict"),
    [
        ("G decl=0 hands=CJ.SJ/HA.H7/HK.S7 schwarz", "the declarer takes every trick (wins)"),
        ("G decl=0 hands=SJ.HA/CJ.H7/HT.S7 schwarz", "cannot take every trick (loses)"),
        ("N decl=0 hands=D7.D8/DA.DK/DQ.DJ", "stays without a trick (wins)"),
        ("N decl=0 hands=DA.D8/D7.DK/DQ.DJ", "must take a trick (loses)"),
    ],
)
def test_solve_speaks_the_verdict_of_schwarz_and_null(
    position: str, verdict: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", position]) == 0
    assert verdict in capsys.readouterr().out.splitlines()[1]


def test_skat_value_lists_every_game_with_its_simple_and_hand_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ISkO 5: CJ DJ AH 10H KH 8H 7H 9D 8D 7D, skat AS QS: Hearts 20, Hearts Hand 30,
    Grand 48; Null 23/35, Null Ouvert 46/59."""
    assert main(["value", "--cards", "CJ DJ HA HT HK H8 H7 D9 D8 D7", "--skat", "SA SQ"]) == 0
    rows = {line[:22].strip(): line[22:].split() for line in capsys.readouterr().out.splitlines()}
    assert rows["Hearts (with 1)"] == ["20", "30"] and rows["Grand (with 1)"] == ["48", "72"]
    assert rows["Null"] == ["23", "35"] and rows["Null Ouvert"] == ["46", "59"]


@pytest.mark.parametrize(
    ("cards", "clubs", "grand", "note"),
    [
        # ten cards, skat unseen: with the jack of clubs (ISkO 3.2) "with 1": Clubs 2 x 12,
        # Clubs Hand 3 x 12, Grand 2 x 24, Grand Hand 3 x 24
        ("CJ DJ HA HT HK H8 H7 D9 D8 D7", ["24", "36"], ["48", "72"], True),
        # without the jack of clubs, the jack of spades first: "without 1"
        ("SJ DJ HA HT HK H8 H7 D9 D8 D7", ["24", "36"], ["48", "72"], True),
        # "without 2": the two top jacks are missing
        ("HJ DJ HA HT HK H8 H7 D9 D8 D7", ["36", "48"], ["72", "96"], True),
        # all twelve: CJ SJ HJ in hand and skat make "with 3"
        ("CJ SJ HA HT HK H8 H7 D9 D8 D7 HJ S7", ["48", "60"], ["96", "120"], False),
    ],
)
def test_skat_value_lists_every_game_for_ten_cards_too(
    cards: str, clubs: list[str], grand: list[str], note: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["value", "--cards", cards]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line[:22].strip().split(" (")[0]: line[22:].split() for line in lines[1:8]}
    assert rows["Clubs"] == clubs and rows["Grand"] == grand
    assert rows["Null"] == ["23", "35"] and rows["Null Ouvert"] == ["46", "59"]
    assert (lines[-1] == "the skat unseen: the matadors of these 10 cards (a jack in the skat "
            "can change them)") is note  # fmt: skip


def test_skat_value_with_eleven_cards_is_one_clear_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["value", "--cards", "CJ DJ HA HT HK H8 H7 D9 D8 D7 SA"]) == 2
    err = capsys.readouterr().err
    assert "the declarer has 12 cards with the skat, got 11" in err and err.count("\n") == 1


def test_skat_value_explains_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "CH", "--matadors", "1", "--points", "74", "--bid", "46"]) == 0
    out = capsys.readouterr().out
    assert "with 1, game 2, hand 3, × Clubs 12 = 36 < bid 46: overbid" in out
    assert "list: −96 (lost)" in out


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("", "nothing could be checked: the files hold no record"),
        ("not a record\nneither this\n", "nothing could be checked: all 2 records were skipped"),
    ],
)
def test_replay_check_fails_when_nothing_could_be_checked(
    content: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sgf"
    path.write_text(content)
    assert main(["replay", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"skat replay: error: {reason}\n"


@pytest.mark.parametrize(
    ("argv", "who", "extra"),
    [
        (["solve", SEVEN_TRICKS], "skat solve", "ai"),
        (["analyse", str(REAL), "--limit", "1"], "skat analyse", "ai"),
    ],
)
def test_without_numba_the_solver_commands_warn_once_naming_the_extra(
    argv: list[str],
    who: str,
    extra: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from skat.cli import speed

    monkeypatch.setattr(speed, "numba_missing", lambda: True)
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err == (
        f"{who}: numba is not installed, so the double-dummy solver runs as plain Python "
        f"(about 20 times slower): pip install 'skat[{extra}]'\n"
    )


def test_a_small_position_needs_no_numba_and_says_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Up to 6 tricks left plain Python is the faster solver (tests/cli/test_solve_start.py)."""
    from skat.cli import speed

    monkeypatch.setattr(speed, "numba_missing", lambda: True)
    assert main(["solve", "G decl=0 hands=CJ.HA/HT.H7/HK.S7"]) == 0
    assert capsys.readouterr().err == ""


def test_with_numba_off_on_purpose_nothing_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    from skat.cli import speed

    monkeypatch.setenv("SKAT_NO_NUMBA", "1")
    assert not speed.numba_missing()
