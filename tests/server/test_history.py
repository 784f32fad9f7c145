"""The history viewer's "how could I have won": the best line from the first card that gave
value away is legal, plays the game to its end and starts with one of the best cards."""

from __future__ import annotations

import random

from skat.core import GameState
from skat.records.jsonrecord import dumps, state_to_json
from skat.server.history import analysis_of


def test_the_best_line_starts_with_a_best_card_and_plays_to_the_end() -> None:
    rng = random.Random(4)
    game = GameState(seed=4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    analysis = analysis_of(dumps(state_to_json(game)))["analysis"]
    best = analysis["best_line"]
    assert best is not None
    first = analysis["moves"][best["step"]]
    assert first["loss"] > 0 and best["moves"][0][1] in first["best_cards"]
    replay = GameState(game.deal, game.rules)
    for ev in game.history[: best["step"]]:
        replay.apply(ev.action, ev.seat)
    for seat, card in best["moves"]:
        assert replay.to_move == seat
        replay.apply(card, seat)
    assert replay.is_over


def _played(rules: str, seed: int, *, forced_ramsch: bool = False, first: str = "") -> GameState:
    from skat.core import Rules

    rng = random.Random(seed)
    game = GameState(seed=seed, rules=Rules.parse(rules), ramsch=forced_ramsch)
    if first:
        game.apply(first)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_grand_hand_declared_in_a_schieberamsch_round_is_analysed() -> None:
    # pub: Ramsch rounds are Schieberamsch, where a seat may play Grand Hand instead; the
    # analysis replays the game from its forced Ramsch (not from an auction)
    game = _played("pub", 3, forced_ramsch=True, first="GH")
    analysis = analysis_of(dumps(state_to_json(game)))["analysis"]
    assert analysis["summary"].startswith("double dummy: Forehand")
    assert any(m is not None for m in analysis["moves"])


def test_every_finished_game_of_every_preset_analyses_or_says_why_not() -> None:
    from skat.core import PRESETS

    for name, rules in PRESETS.items():
        games = [_played(name, 7)]
        if rules.ramsch != "off":
            games.append(_played(name, 1, first="p"))  # all pass (or a Ramsch), whatever comes
        if rules.ramsch_rounds:
            games.append(_played(name, 5, forced_ramsch=True))
        for game in games:
            analysis = analysis_of(dumps(state_to_json(game)))["analysis"]
            summary = analysis["summary"]
            if not any(m is not None for m in analysis["moves"]):  # why not, in one line
                assert "analys" in summary and "\n" not in summary, (name, summary)


def _played_plain(seed: int) -> GameState:
    rng = random.Random(seed)
    game = GameState(seed=seed)
    while not game.is_over:
        game.apply(rng.choice([a for a in game.legal_actions() if str(a) != "SC"]))
    return game


def test_the_answer_comes_first_and_says_what_was_reachable() -> None:
    """ "How could I have won?": a verdict before any line; when no line wins against best
    defence, the best the declarer could reach (the solver's value of the game)."""
    from skat.ai.dds import analyse

    seen: set[str] = set()
    for seed in range(40):
        game = _played_plain(seed)
        if game.contract is None or game.result is None or game.contract.game_type.letter == "N":
            continue
        out = analysis_of(dumps(state_to_json(game)))["analysis"]
        verdict = out["verdict"]["en"]
        value = analyse(game).value
        if out["could_win"] is False and not game.result.won:
            assert verdict.startswith("No line wins against best defence"), verdict
            if "every trick" not in verdict:  # Schwarz announced: no card points to reach
                assert f"could reach was {value} card points" in verdict, verdict
            assert out["best_line"] is not None  # then the line that reaches it
            seen.add("hopeless")
        elif out["could_win"] and not game.result.won:
            assert verdict.startswith("The game could be won"), verdict
            seen.add("could")
        if seen == {"hopeless", "could"}:
            break
    assert seen == {"hopeless", "could"}, seen
