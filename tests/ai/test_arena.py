"""The arena: duplicate deals, Seeger-Fabian points computed by hand from the games' results,
results independent of the number of processes, the CLI's output and records."""

from __future__ import annotations

import io
import math
import re
import sys
import types
from pathlib import Path

import pytest

from skat.ai.arena import (
    ARRANGEMENTS,
    GameOutcome,
    deal_of,
    iter_arena,
    labels,
    make_agent,
    run_arena,
)
from skat.ai.random_agent import RandomAgent
from skat.cli.main import main
from skat.core import Rules
from skat.core.actions import Action
from skat.core.state import View
from skat.records.jsonrecord import load_json

LAST_LINE = re.compile(r"^diff: [+-]\d+\.\d\d ± (\d+\.\d\d|inf) TP/game \(95% CI\), deals: \d+$")


def seeger_by_hand(outcome: GameOutcome) -> list[int]:
    """Tournament points of the three seats, from the rules: won + value + 50 (the list score
    already holds the Kontra multiplier), lost − 2 × value − 50 and 40 to each other seat; a
    Ramsch writes its own scores; a passed-in game nothing."""
    r = outcome.result
    if r.ramsch is not None:
        return list(r.ramsch_scores)
    if r.declarer is None:
        return [0, 0, 0]
    out = [40, 40, 40]
    if r.won:
        out = [0, 0, 0]
        out[r.declarer] = r.score + 50
    else:
        assert r.score == -2 * r.value * r.multiplier
        out[r.declarer] = r.score - 50
    return out


def test_six_arrangements_seat_each_agent_in_each_seat_equally() -> None:
    assert len(set(ARRANGEMENTS)) == 6
    for seat in range(3):
        assert sum(a[seat] for a in ARRANGEMENTS) == 3
    assert all(0 in a and 1 in a for a in ARRANGEMENTS)


@pytest.mark.parametrize("rules", ["isko", "pub"])
def test_statistics_are_exact(rules: str) -> None:
    outcomes = list(iter_arena(["heuristic", "random"], deals=3, seed=11, rules=Rules.parse(rules)))
    report = run_arena(["heuristic", "random"], deals=3, seed=11, rules=Rules.parse(rules))
    assert report.games == 18
    totals = [0, 0]
    seat_games = [0, 0]
    diffs = []
    won = [0, 0]
    lost = [0, 0]
    for deal in outcomes:
        assert len(deal) == 6
        per = [0, 0]
        for g in deal:
            assert g.seats == ARRANGEMENTS[g.arrangement]
            tp = seeger_by_hand(g)
            assert list(g.tp) == tp
            for seat, who in enumerate(g.seats):
                per[who] += tp[seat]
                seat_games[who] += 1
            r = g.result
            if r.declarer is not None and r.contract is not None:
                who = g.seats[r.declarer]
                won[who] += r.won
                lost[who] += not r.won
        totals[0] += per[0]
        totals[1] += per[1]
        diffs.append(per[0] / 9 - per[1] / 9)
    a, b = report.stats
    assert (a.seat_games, b.seat_games) == (27, 27) == tuple(seat_games)
    assert (a.tp, b.tp) == tuple(totals)
    assert a.tp_per_game == pytest.approx(totals[0] / 27)
    assert a.tp_per_list == pytest.approx(36 * totals[0] / 27)
    assert (a.won, a.lost, b.won, b.lost) == (won[0], lost[0], won[1], lost[1])
    assert report.deal_diffs == pytest.approx(diffs)
    mean = sum(diffs) / 3
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 2)
    assert report.diff == pytest.approx(mean)
    assert report.ci95 == pytest.approx(1.96 * sd / math.sqrt(3))
    assert report.last_line() == (
        f"diff: {mean:+.2f} ± {1.96 * sd / math.sqrt(3):.2f} TP/game (95% CI), deals: 3"
    )


def test_a_hand_checked_game() -> None:
    """Deal 2 of seed 2 (random against random), scored by hand from the cards (ISkO 3.2-3.4,
    5.4) and Seeger-Fabian (lost: -2 x value - 50, +40 to each other seat):

    Forehand CJ CA C8 C7 ST S9 S7 HK H8 D7, Middlehand SJ DJ CT SK SQ S8 H7 DK DQ D8,
    Rearhand HJ CK CQ C9 SA HA H9 DA DT D9, skat HT HQ.  Rearhand and Middlehand lack CJ:
    Rearhand plays "without 2" (CJ SJ missing), Middlehand "without 1".
    """
    (deal,) = list(iter_arena(["random", "random"], deals=1, seed=2))
    assert str(deal_of(2, 0)) == (
        "CJ CA C8 C7 ST S9 S7 HK H8 D7 | SJ DJ CT SK SQ S8 H7 DK DQ D8 | "
        "HJ CK CQ C9 SA HA H9 DA DT D9 | HT HQ"
    )
    expected = {
        # Spades: without 2, game 3 x 11 = 33 < bid 240: overbid, the lowest multiple of 11
        # reaching 240 is 242, lost double
        0: (2, "S", 240, -484, [40, 40, -534]),
        # Grand Ouvert: without 1, game 2, hand 3, schneider 4, announced 5, schwarz 6,
        # announced 7, ouvert 8 x 24 = 192 >= bid 156, lost: -384
        1: (1, "GO", 156, -384, [40, -434, 40]),
        # Grand Ouvert: without 2 ... ouvert 9 x 24 = 216 = the bid, lost: -432
        3: (2, "GO", 216, -432, [40, 40, -482]),
        # Grand Hand Schwarz announced: without 2 ... announced 8 x 24 = 192 < bid 204: the
        # lowest multiple of 24 reaching 204 is 216, lost: -432
        4: (2, "GHSZ", 204, -432, [40, 40, -482]),
        # Diamonds Hand Schwarz announced: 8 x 9 = 72 < bid 264: 30 x 9 = 270, lost: -540
        5: (2, "DHSZ", 264, -540, [40, 40, -590]),
    }
    for i, (declarer, contract, bid, score, tp) in expected.items():
        r = deal[i].result
        assert (r.declarer, str(r.contract), r.bid, r.score) == (declarer, contract, bid, score)
        assert list(deal[i].tp) == tp


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = list(iter_arena(["heuristic", "random"], deals=4, seed=5, jobs=1))
    two = list(iter_arena(["heuristic", "random"], deals=4, seed=5, jobs=2))
    assert [[(g.events, g.tp) for g in d] for d in one] == [
        [(g.events, g.tp) for g in d] for d in two
    ]
    r1 = run_arena(["heuristic", "random"], deals=4, seed=5, jobs=1)
    r2 = run_arena(["heuristic", "random"], deals=4, seed=5, jobs=2)
    assert r1.last_line() == r2.last_line()
    assert r1.table() == r2.table()


def test_same_deals_for_every_arrangement_and_labels() -> None:
    (deal,) = list(iter_arena(["random", "random"], deals=1, seed=9))
    first_events = {g.events[0].seat for g in deal}
    assert first_events == {1}  # every game starts with Middlehand's call on the same deal
    assert labels(["random", "random"]) == ("random#1", "random#2")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("nobody", 1)
    with pytest.raises(ValueError, match="two agents"):
        run_arena(["random"], deals=1)


# ------------------------------------------------------------------------------ the CLI


def test_cli_prints_the_table_and_the_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    code = main(
        [
            "arena",
            "--agents",
            "heuristic,random",
            "--deals",
            "2",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert LAST_LINE.match(lines[-1]), lines[-1]
    assert lines[-1].endswith("deals: 2")
    assert any(line.startswith("heuristic ") for line in lines)
    assert any(line.startswith("random ") for line in lines)
    records = out.read_text(encoding="utf-8").splitlines()
    assert len(records) == 12
    for text in records:
        game = load_json(text)  # replays and checks the recorded result
        assert game.meta["players"][0] in ("heuristic", "random")
    report = run_arena(["heuristic", "random"], deals=2, seed=1)
    assert lines[-1] == report.last_line()


def test_cli_last_line_with_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--agents", "random,random", "--deals", "1", "--jobs", "1"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert LAST_LINE.match(last) and "± inf" in last


def test_cli_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["arena", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "--agents" in out and "--jobs" in out and "diff:" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--agents", "heuristic"],
        ["--agents", "heuristic,nobody"],
        ["--agents", "random,random", "--deals", "0"],
        ["--agents", "random,random", "--jobs", "0"],
        ["--agents", "random,random", "--rules", "nonsense"],
    ],
)
def test_cli_user_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skat arena: error:") and len(err.splitlines()) == 1


def test_cli_records_to_stdout_come_before_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--agents", "random,heuristic", "--deals", "1", "--jobs", "1", "--out", "-"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(line.startswith("{") for line in lines[:6])
    assert lines[6].startswith("arena: random (A) vs heuristic (B)")
    assert LAST_LINE.match(lines[-1])


def test_progress_is_a_bar_on_a_terminal_and_lines_otherwise() -> None:
    from skat.cli.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    term, pipe = Terminal(), io.StringIO()
    for stream in (term, pipe):
        bar = Progress(3, stream, command="skat arena", unit="deals")
        for _ in range(3):
            bar.step()
        bar.close()
    assert term.getvalue().startswith("\r[") and "3/3 deals" in term.getvalue()
    assert term.getvalue().endswith("\n") and term.getvalue().count("\n") == 1
    shown = [line.split(" (")[0] for line in pipe.getvalue().splitlines()]
    assert shown == ["skat arena: 1/3 deals", "skat arena: 2/3 deals", "skat arena: 3/3 deals"]


# ------------------------------------------------------------------------------ fallbacks


class Clumsy:
    """Fails its first decision in every game, then plays at random."""

    def __init__(self, seed: int = 0) -> None:
        self.inner = RandomAgent(seed)
        self.asked = 0

    def choose(self, view: View) -> Action:
        self.asked += 1
        if self.asked == 1:
            raise RuntimeError("lost in thought")
        return self.inner.choose(view)


@pytest.fixture
def clumsy(monkeypatch: pytest.MonkeyPatch) -> str:
    """The agent name ``arena_clumsy:Clumsy`` (``--jobs 1`` only: it lives in this process)."""
    module = types.ModuleType("arena_clumsy")
    module.Clumsy = Clumsy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "arena_clumsy", module)
    return "arena_clumsy:Clumsy"


def test_fallbacks_are_counted_on_the_last_line(clumsy: str) -> None:
    report = run_arena([clumsy, "random"], deals=2, seed=3)
    asked = sum(
        1
        for outcomes in iter_arena([clumsy, "random"], deals=2, seed=3)
        for g in outcomes
        for seat, who in enumerate(g.seats)
        if who == 0 and any(e.seat == seat for e in g.events)
    )
    assert report.fallbacks == report.stats[0].fallbacks == asked > 0
    assert report.stats[1].fallbacks == 0
    assert report.last_line().endswith(f", deals: 2, fallbacks: {asked}")
    assert not LAST_LINE.match(report.last_line())
    assert LAST_LINE.match(run_arena(["random", "random"], deals=2, seed=3).last_line())


def test_cli_fails_on_fallbacks_unless_allowed(
    clumsy: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "--agents", f"{clumsy},random", "--deals", "2", "--seed", "3", "--jobs", "1"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    last = captured.out.splitlines()[-1]
    assert re.search(r", deals: 2, fallbacks: [1-9]\d*$", last), last
    said = [x for x in captured.err.splitlines() if not re.match(r"skat arena: \d+/2 deals", x)]
    assert "--allow-fallbacks" in captured.err and len(said) == 1
    assert main([*argv, "--allow-fallbacks"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == last


def test_cli_budget_is_optional_and_positive(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--agents", "heuristic,random", "--deals", "1", "--jobs", "1"]
    assert main([*argv, "--budget", "60"]) == 0
    with_budget = capsys.readouterr().out.splitlines()[-1]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-1] == with_budget
    assert main([*argv, "--budget", "0"]) == 2
    assert "--budget must be positive" in capsys.readouterr().err
