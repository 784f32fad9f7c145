"""No input silently loses a game: a late bid never declares, every irreversible act asks once
saying what it means, and a mistyped choice can be taken back.  In-process (fast)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.core import Contract
from skat.series import Series

from .test_play_session import TO_DECLARE, session


def play_main(args: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``skat play ARGS`` in-process in the plain mode with ``script`` as its input."""
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(script.encode()), "utf-8"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--plain", *args]) == 0
    return out.getvalue().splitlines()


def test_a_bid_typed_after_the_others_passed_does_not_declare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`printf '18\\n20\\n' | skat play --plain --seed 5 --games 1`: Ann passes at 18, the 20
    meant as the next bid reaches the declaration and must not choose a game."""
    lines = play_main(["--seed", "5", "--games", "1"], "18\n20\n", monkeypatch)
    assert (
        "20 is no choice here: the bidding is over (bid 18); s picks up the skat, h plays Hand"
        in lines
    )
    assert not any(line.startswith("You play ") for line in lines)
    assert not any(line[:4].strip().isdigit() for line in lines if "≈" in line)  # no numbers


def test_a_hand_game_is_chosen_by_letters_and_confirmed_once_with_its_value() -> None:
    # seed 1: you win the auction at 23; h = Hand, s = Spades, then z = Schwarz announced
    s, ui = session(["18", "20", "22", "23", "h", "s", "z", "n", "b", "b", "s", "CQ SK"])
    sure = [x for x in ui.out if x.startswith("» You declare ")]
    assert sure == [
        "» You declare Spades Hand Schwarz announced: worth ≈77 with your cards (bid 23); "
        "it cannot be taken back."
    ]
    assert ui.prompts[4:9] == [
        "pick up the skat (s) or play Hand (h)",
        "choose the game: g c s h d n · b back",
        "Spades: Enter = Hand ≈33 · s Schneider ≈55 · z Schwarz ≈77 · o Ouvert ≈88 · b back",
        "sure? (y/n)",
        "choose the game: g c s h d n · b back",  # "n": back to the games, nothing declared
    ]
    assert ui.prompts[9] == "pick up the skat (s) or play Hand (h)"  # "b": back once more
    assert "You pick up the skat" in ui.out
    assert s.series.records == []  # the input ended in the game: nothing was declared


def test_concede_says_what_is_lost_with_the_cores_value_and_asks_once() -> None:
    s, ui = session([*TO_DECLARE, "G", "y", "concede", "n", "concede", "y"])
    means = [x for x in ui.out if x.startswith("» You give up: ")]
    assert len(means) == 2
    r = s.series.records[0].result
    assert r.resigned and not r.won and r.contract == Contract.parse("G")
    assert means[0] == "» You give up: " + r.explain(names=("Ann", "Bob", "You")).replace(
        "You loses", "You lose"
    )


def test_quit_asks_once_and_no_keeps_playing() -> None:
    _, ui = session(["quit", "n", "p", "quit", "y"])
    assert (
        ui.out.count(
            "» You quit: the game in progress ends unfinished "
            "(the series is not saved: type save FILE to keep it)."
        )
        == 2
    )
    assert "You pass" in ui.out and ui.out[-1] == "» bye"


def test_the_only_legal_card_is_played_with_enter() -> None:
    """Pass, then play: Enter when one card is legal, else the first legal card."""
    from skat.cli.session import Options, Session
    from skat.core import Rules

    from .test_play_session import Script

    class Player(Script):
        enters = 0

        def ask(self, prompt: str) -> str | None:
            self.prompts.append(prompt)
            if prompt == "play a card":
                legal = self.screens[-1].legal.split(": ", 1)[1].split(" · ")[0].split()
                if len(legal) == 1:
                    self.enters += 1
                    return ""
                return legal[0]
            return "p" if prompt.startswith("bid ") else None

    ui = Player([])
    series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=1, games=1)
    Session(series, ui, Options(level="heuristic", seed=1, review_analysis=False)).run()
    assert ui.enters >= 1 and len(series.records) == 1  # the game was played to its end
    assert ui.prompts.count("play a card") == 10  # no Enter was refused or asked again


def test_a_computer_at_a_slow_level_shows_that_it_is_thinking() -> None:
    ui_out = _run_level("pimc-easy", ["p"])
    assert any(
        x.startswith("… Ann is thinking…") or x.startswith("… Bob is thinking…") for x in ui_out
    )
    assert not any("thinking" in x for x in _run_level("heuristic", ["p"]))


def _run_level(level: str, answers: list[str]) -> list[str]:
    from skat.cli.session import Options, Session
    from skat.core import Rules

    from .test_play_session import Script

    ui = Script(answers)
    series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=1, games=1)
    Session(series, ui, Options(level=level, seed=1, review_analysis=False)).run()
    return ui.out


def test_load_restores_level_words_pack_list_and_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved, records = tmp_path / "friday.json", tmp_path / "games.jsonl"
    args = [
        "--seed",
        "4",
        "--games",
        "2",
        "--lang",
        "de",
        "--deck",
        "german",
        "--level",
        "random",
        "--sheet",
        "seeger",
        "--records",
        str(records),
    ]
    play_main([*args, "--save", str(saved)], "p\naufgeben\nj\n\nq\n", monkeypatch)
    assert json.loads(saved.read_text(encoding="utf-8"))["play"]["level"] == "random"
    lines = play_main(["--load", str(saved)], "p\naufgeben\nj\n\n", monkeypatch)
    assert lines[0].startswith("skat play · Startwert 4") and "Stufe random" in lines[0]
    assert "Du passt" in lines and any("Ei-" in x or "Gr-" in x for x in lines)
    assert len(records.read_text(encoding="utf-8").splitlines()) == 2  # both games recorded
    assert any(x.startswith("die Serie ist zu Ende · Liste (Seeger-Fabian)") for x in lines)


def test_play_a_recorded_deal_again_from_a_move_with_the_recorded_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = tmp_path / "games.jsonl"
    args = ["--seed", "4", "--games", "1", "--level", "random", "--records", str(records)]
    first = play_main(args, "p\nconcede\ny\n\n", monkeypatch)
    data = json.loads(records.read_text(encoding="utf-8"))
    assert data["meta"]["level"] == "random" and data["meta"]["id"] == "4-1"
    again = play_main(["--replay", str(records), "--from", "2"], "p\nconcede\ny\n\n", monkeypatch)
    assert again[0] == "skat play · ID 4-1 again from move 2 · level random"
    assert again[1] == f"— the deal again from move 2 of {len(data['events'])} —"
    assert again[2] == first[2]  # move 1 is the recorded one, told as it happened
    assert any(x.startswith("recorded: ") for x in again)
    assert any(x.startswith("result: ") for x in again)


def test_replay_from_a_move_after_the_end_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "games.jsonl"
    play_main(
        ["--seed", "4", "--games", "1", "--records", str(records)], "p\nconcede\ny\n\n", monkeypatch
    )
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b""), "utf-8"))
    assert main(["play", "--plain", "--replay", str(records), "--from", "999"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--from 999: the game has moves 1 to" in err[0]


def test_bock_is_explained_with_its_reason_and_the_ramsch_round_after_it() -> None:
    from skat.cli.session import Options, Session
    from skat.core import Result, Rules

    from .test_play_session import Script

    series = Series(("You", "Ann", "Bob"), Rules.parse("pub"), seed=1, games=6)
    grand = Result(Contract.parse("GH"), declarer=0, won=True, value=120, score=120, points=90)
    series.add(grand)
    s = Session(series, Script([]), Options(level="random", seed=1))
    assert s._rounds_lines() == [
        "Bock: the next 3 games count double, because a Grand Hand was won and the game was "
        "worth 100 or more. Then 3 games of Ramsch (a Ramsch round)."
    ]
    assert s._game_header(s.seating.human).startswith(
        "— game 2 of 6 (Bock: this game counts double) · "
    )


def test_the_list_names_the_whole_game_and_kontra_and_the_header_keeps_the_totals() -> None:
    from skat.cli.screen import fit
    from skat.cli.session import Options, Session
    from skat.core import GameState, Result, Rules

    from .test_play_session import Script

    series = Series(("You", "Ann", "Bob"), Rules.parse("pub"), seed=1, games=6)
    schwarz = Contract.parse("DHSZ")
    series.add(Result(schwarz, declarer=1, won=True, value=63, score=63, points=120))
    kontra = Result(
        Contract.parse("H"),
        declarer=2,
        won=False,
        value=30,
        score=-120,
        points=50,
        multiplier=2,
        kontra=1,
    )
    series.add(kontra)
    s = Session(series, Script([]), Options(level="random", seed=123456789))
    assert [r.game("en") for r in s.sheet_rows()] == ["Diamonds Hand Schwarz", "Hearts Kontra"]
    header = s.screen(GameState(series.deal, rules=series.rules)).header
    assert fit(header, 80).startswith("Skat · game 3 of 6")
    assert "You 0  Ann " in fit(header, 80) and " Bob " in fit(header, 80)  # never cut


def test_one_card_left_is_said_in_the_singular() -> None:
    from skat.cli.board import Seating, table_lines
    from skat.cli.cardtext import CardStyle
    from skat.core import Card, Discard, GameState

    g = GameState(seed=1)
    for call in ("p", "p", "18", "s"):
        g.apply(call)
    g.apply(Discard.of(*list(g.hand(g.to_move))[:2]))
    g.apply("G")
    while len(g.tricks) < 9:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, Card)))
    view = g.view(g.to_move)
    line = table_lines(view, Seating(("A", "B", "C"), view.seat), CardStyle(), "en")[0]
    assert line.count(" 1 card · ") == 2 and "cards" not in line


def test_a_series_does_not_end_in_the_middle_of_a_bock_round() -> None:
    from skat.cli.session import Options, Session
    from skat.core import Result, Rules

    from .test_play_session import Script

    series = Series(("You", "Ann", "Bob"), Rules.parse("pub"), seed=1, games=2)
    grand = Result(Contract.parse("GH"), declarer=0, won=True, value=120, score=120, points=90)
    series.add(grand)  # starts a Bock round of 3 games
    series.add(Result(Contract.parse("H"), declarer=1, won=True, value=30, score=30, points=70))
    assert series.is_over and series.records[-1].kind == "bock"
    ui = Script([])
    s = Session(series, ui, Options(level="random", seed=1))
    assert s._finish_round() and not series.is_over and series.planned == 4
    assert ui.out == ["» The Bock round is played to its end: 2 more game(s)."]
    fresh = Series(("You", "Ann", "Bob"), Rules.parse("pub"), seed=1, games=1)
    fresh.add(grand)  # the round is not begun: the series may end
    assert fresh.is_over and not Session(fresh, ui, Options(seed=1))._finish_round()
