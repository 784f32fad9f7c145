"""Outside engines in the arena (``exec:``), the researchers' options (an oracle's contract,
passed-in games void, blind mode) and the arena on Ray."""

from __future__ import annotations

import contextlib
import shutil
import sys
from pathlib import Path

import pytest

from skat.ai.arena import ARRANGEMENTS, Options, deal_of, run_arena
from skat.ai.engine import EngineError, EngineTimeout, ExecEngine
from skat.cli.main import main
from skat.core.actions import ActionParseError, Discard, parse_action
from skat.core.cards import Card, CardParseError

ENGINES = Path(__file__).parent / "engines"
SCRIPTED = f"{sys.executable} {ENGINES / 'scripted.py'}"
PATIENT = 600.0
"""Seconds an engine may take to start and answer in these tests: a program that answers
(or fails) does so long before, on the busiest machine; only the ``sleep`` engine waits."""
PATIENCE = Options(engine_timeout=PATIENT)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_full_duplicate_match_against_an_engine_in_javascript() -> None:
    names = ["heuristic", f"exec:{ENGINES / 'first_legal.js'}"]
    report = run_arena(names, deals=2, seed=3, options=PATIENCE)
    assert report.games == 2 * len(ARRANGEMENTS)
    assert [s.seat_games for s in report.stats] == [18, 18]
    assert report.fallbacks == 0 and len(report.deal_diffs) == 2


def _cards(words: list[str]) -> set[Card]:
    """The cards a line names (a declaration such as ``HO`` is no card)."""
    out: set[Card] = set()
    for word in words:
        with contextlib.suppress(ActionParseError, CardParseError, ValueError):
            action = parse_action(word)
            if isinstance(action, Card):
                out.add(action)
            elif isinstance(action, Discard):
                out |= set(action.cards)
    return out


def _games(folder: Path) -> list[list[str]]:
    """The lines each engine program received, game by game (each starts with ``hello``)."""
    games: list[list[str]] = []
    for log in sorted(folder.iterdir()):
        for line in log.read_text().splitlines():
            if line.startswith("hello"):
                games.append([])
            games[-1].append(line)
    return games


def _check_seat_saw_only_its_own(lines: list[str], seed: int) -> None:
    """No line before ``end`` names a card the seat could not see, judged from the deal."""
    hello = dict(w.split("=", 1) for w in lines[0].split()[2:])
    seat = int(hello["seat"])
    deal = deal_of(seed, int(hello["game"].split("-")[2]))
    may_see = set(deal.hands[seat])
    for line in lines[1:]:
        words = line.split()
        if words[0] == "end":
            break
        if words[:2] == ["move", str(seat)] and words[2] == "s":
            may_see |= set(deal.skat)  # it picked up the skat itself
        if words[0] in ("open", "claim") or (words[0] == "move" and len(words[2]) == 2):
            may_see |= _cards(words[2:])  # a card played, a hand laid open: public
        if words[0] == "move" and words[1] != str(seat) and "." in words[2]:
            pytest.fail(f"seat {seat} was shown another seat's discard: {line}")
        hidden = _cards(words[1:]) - may_see
        assert not hidden, f"seat {seat} was sent hidden cards {hidden}: {line}"


@pytest.mark.parametrize(("contract", "seed"), [("oracle", 5), ("bid", 4)])
def test_blind_mode_never_sends_an_engine_a_hidden_card(
    tmp_path: Path, monkeypatch, contract: str, seed: int
) -> None:
    monkeypatch.setenv("ENGINE_LOG", str(tmp_path))
    options = Options(contract=contract, blind=True, engine_timeout=PATIENT)
    report = run_arena(["heuristic", f"exec:{SCRIPTED}"], deals=2, seed=seed, options=options)
    games = _games(tmp_path)
    assert len(games) == 9 * (len(report.deal_diffs) + report.void_deals)
    for lines in games:
        assert "players=" not in lines[0]  # blind: no agent names
        assert lines[-1].startswith("end declarer=")
        _check_seat_saw_only_its_own(lines, seed=seed)


def test_engine_is_told_the_other_agents_names_when_not_blind(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ENGINE_LOG", str(tmp_path))
    run_arena(["heuristic", f"exec:{SCRIPTED}"], deals=1, seed=2, options=PATIENCE)
    assert all("players=" in game[0] for game in _games(tmp_path))


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("garbage", "answered 'hello there', which is no move"),
        ("illegal", "played the illegal move 'CJ'"),
        ("crash", "exited (status 3) without answering"),
    ],
)
def test_bad_engine_output_is_a_one_line_error_naming_engine_and_move(mode, says) -> None:
    # the engines answer (wrongly) or exit, however long the machine takes to start them
    options = PATIENCE
    with pytest.raises(EngineError) as info:
        run_arena(["random", f"exec:{SCRIPTED} {mode}"], deals=1, options=options)
    message = str(info.value)
    assert "\n" not in message and says in message
    assert message.startswith(f"engine exec:{SCRIPTED} {mode} (seat ") and "'ask " in message


def test_cli_bad_engine_exits_2_with_one_line(capsys) -> None:
    patience = ["--engine-timeout", str(PATIENT)]
    code = main(
        ["arena", "--agents", f"heuristic,exec:{SCRIPTED} garbage", "--deals", "1", *patience]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "which is no move" in err
    code = main(["arena", "--agents", "heuristic,exec:./no-such-bot", "--deals", "1"])
    assert code == 2 and "engine program not found" in capsys.readouterr().err


def test_oracle_contract_fixes_declarer_and_game_in_every_arrangement() -> None:
    options = Options(contract="oracle")
    played = []
    report = run_arena(
        ["random", "random"], deals=3, seed=11, options=options, on_deal=played.append
    )
    for outcomes in played:
        contracts = {(g.result.declarer, str(g.result.contract)) for g in outcomes}
        assert len(contracts) == 1
        # the auction is the oracle's: the same events until the first card
        firsts = {
            g.events[: next(i for i, e in enumerate(g.events) if isinstance(e.action, Card))]
            if any(isinstance(e.action, Card) for e in g.events)
            else g.events
            for g in outcomes
        }
        assert len(firsts) == 1
    assert report.void_passed


def test_void_passed_games_count_for_nobody() -> None:
    plain = run_arena(["heuristic", "heuristic"], deals=3, seed=1)
    void = run_arena(["heuristic", "heuristic"], deals=3, seed=1, options=Options(void_passed=True))
    assert plain.passed > 0 and void.passed == plain.passed
    assert sum(s.seat_games for s in void.stats) == 3 * (plain.games - plain.passed)
    assert sum(s.tp for s in void.stats) == sum(s.tp for s in plain.stats)


def test_unknown_contract_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="contract is one of bid, oracle"):
        run_arena(["random", "random"], deals=1, options=Options(contract="best"))


def test_exec_engine_first_decision() -> None:
    from skat.core.state import GameState

    state = GameState(seed=3)
    engine = ExecEngine(SCRIPTED, name="bot", timeout=PATIENT)
    try:
        assert engine.choose(state.view(state.to_move)) in state.view(1).legal_actions
    finally:
        engine.close()
    assert engine.sent[0].startswith("hello 1 seat=1 rules=isko")
    assert engine.sent[1] == f"hand {state.hand(1)}"


@pytest.mark.ray
def test_arena_on_ray_gives_the_same_figures_as_one_process(ray_local) -> None:
    names = ["heuristic", f"exec:{SCRIPTED}"]
    one = run_arena(names, deals=3, seed=4, jobs=1, options=PATIENCE)
    on_ray = run_arena(names, deals=3, seed=4, jobs=2, ray="local", options=PATIENCE)
    assert on_ray.deal_diffs == one.deal_diffs
    assert [s.tp for s in on_ray.stats] == [s.tp for s in one.stats]


def test_cli_ray_without_ray_is_a_one_line_error(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: import ray fails
    assert main(["arena", "--agents", "random,random", "--deals", "2", "--ray"]) == 2
    assert "pip install 'skat[cluster]'" in capsys.readouterr().err


@pytest.mark.ray
def test_engine_error_on_ray_stays_one_line(ray_local) -> None:
    # Ray started by the caller (the fixture): the arena joins it and leaves it running
    with pytest.raises(EngineError, match=r"^engine exec:\S+ \S+ garbage \(seat \d") as info:
        run_arena(
            ["random", f"exec:{SCRIPTED} garbage"], deals=2, jobs=2, ray="auto", options=PATIENCE
        )
    assert "\n" not in str(info.value)
    assert ray_local.is_initialized()


def test_a_slow_answer_is_waited_for_once_more_not_the_end_of_the_game() -> None:
    # the engine sleeps half a second before its first answer; each wait is 0.05 s, and it
    # may wait as often as it takes (a busy machine): the answer counts, no fallback
    from skat.core.state import GameState

    state = GameState(seed=3)
    view = state.view(state.to_move)
    engine = ExecEngine(f"{SCRIPTED} late", name="late", timeout=0.05, retries=100_000)
    try:
        assert engine.choose(view) in view.legal_actions
    finally:
        engine.close()
    assert engine.retried >= 1


def test_an_engine_that_never_answers_times_out_after_its_retry() -> None:
    from skat.core.state import GameState

    state = GameState(seed=3)
    engine = ExecEngine(f"{SCRIPTED} sleep", name="sleepy", timeout=0.05)
    try:
        with pytest.raises(EngineTimeout, match=r"^engine sleepy \(seat 1\) gave no answer"):
            engine.choose(state.view(state.to_move))
    finally:
        assert engine.process is not None
        engine.process.kill()
    assert engine.retried == 1


def test_a_timed_out_engine_is_replaced_by_the_heuristic_and_counted(caplog) -> None:
    # the run goes on to the end: every game played, the stand-in's decisions are fallbacks
    report = run_arena(
        ["random", f"exec:{SCRIPTED} sleep"], deals=1, options=Options(engine_timeout=0.1)
    )
    assert report.games == len(ARRANGEMENTS) and [s.seat_games for s in report.stats] == [9, 9]
    assert report.stats[1].fallbacks > 0 and report.stats[0].fallbacks == 0
    assert report.last_line().endswith(f"fallbacks: {report.fallbacks}")
    said = caplog.text
    assert "waiting once more" in said and "the heuristic plays the rest of this game" in said


def test_cli_engine_timeouts_are_fallbacks_not_the_end_of_the_run(capsys) -> None:
    agents = f"heuristic,exec:{SCRIPTED} sleep"
    common = ["arena", "--agents", agents, "--deals", "1", "--engine-timeout", "0.1"]
    assert main(common) == 1
    captured = capsys.readouterr()
    assert "fallbacks:" in captured.out and "--allow-fallbacks accepts that" in captured.err
    assert main([*common, "--allow-fallbacks"]) == 0


def test_an_engine_has_a_short_name_in_the_table() -> None:
    report = run_arena(["heuristic", f"exec:{SCRIPTED}"], deals=1, seed=3, options=PATIENCE)
    assert report.stats[1].name == "scripted"
    named = run_arena(["heuristic", f"my bot=exec:{SCRIPTED}"], deals=1, seed=3, options=PATIENCE)
    assert named.stats[1].name == "my_bot"
    head, *rows = named.table().splitlines()[:3]
    assert all(len(row) == len(head) for row in rows)  # the columns stay in line


def test_two_engines_of_one_program_are_told_apart() -> None:
    report = run_arena(
        [f"exec:{SCRIPTED}", f"exec:{SCRIPTED} play"], deals=1, seed=3, options=PATIENCE
    )
    assert [s.name for s in report.stats] == ["scripted#1", "scripted#2"]


def test_resume_an_arena_with_an_engine_from_its_partial_file(tmp_path, capsys) -> None:
    out = tmp_path / "games.jsonl"
    patience = ["--engine-timeout", str(PATIENT)]
    agents = ["--agents", f"heuristic,exec:{SCRIPTED}", "--seed", "6", *patience]
    assert main(["arena", *agents, "--deals", "3"]) == 0
    whole = capsys.readouterr().out
    assert main(["arena", *agents, "--deals", "2", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["arena", *agents, "--deals", "3", "--out", str(out), "--resume"]) == 0
    captured = capsys.readouterr()
    assert "2 of 3 deals done, 1 to play" in captured.err
    assert captured.out.splitlines()[1:] == whole.splitlines()[1:]
    assert "scripted" in captured.out
