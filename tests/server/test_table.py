"""The table: configuration, places and tokens, the state counter, the engine's word."""

from __future__ import annotations

import random

import pytest

from skat.server.table import ActionRefused, ConfigError, Table, TableConfig

HUMANS = {"seats": ["human", "human", "human"], "games": 2}


def table(data: dict[str, object] = HUMANS, seed: int = 1) -> Table:
    return Table("t", TableConfig.parse(data, seed=seed))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a JSON object"),
        ({"rules": "nonsense"}, "rules: unknown rules preset"),
        ({"rules": 5}, "rules: a preset"),
        ({"games": 0}, "games: a whole number from 1"),
        ({"games": "3"}, "games: a whole number from 1"),
        ({"clock": -1}, "clock: seconds per move"),
        ({"seats": ["human", "human"]}, "seats: a list of 3 or 4"),
        ({"seats": ["human", "robot", "human"]}, "seats\\[1\\]: unknown player kind 'robot'"),
        ({"seats": [{"name": "A"}, {"name": "A"}, "human"]}, "its own name"),
        ({"seats": [{"name": "x" * 41}, "human", "human"]}, "seats\\[0\\].name"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_configuration_names_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        TableConfig.parse(data)


def test_a_four_table_lets_the_dealer_sit_out() -> None:
    t = table({"seats": ["human"] * 4})
    assert t.series.sitting == (0,)
    assert t.seat_of(0) is None
    assert [t.seat_of(p) for p in (1, 2, 3)] == [0, 1, 2]


def test_a_seat_belongs_to_whoever_holds_its_token() -> None:
    t = table()
    p0, tok0 = t.claim()
    p2, tok2 = t.claim(2)
    assert (p0, p2) == (0, 2)
    assert t.player_of(tok0) == 0 and t.player_of(tok2) == 2
    assert t.player_of("forged") is None and t.player_of(None) is None
    assert tok0 not in t.claims.values()  # only the hash is kept
    with pytest.raises(ActionRefused, match="not a free human place"):
        t.claim(2)
    t.claim()
    with pytest.raises(ActionRefused, match="every human place"):
        t.claim()


def test_computer_places_cannot_be_claimed() -> None:
    t = table({"seats": ["human", "random", "random"]})
    assert t.free_places() == [0]
    with pytest.raises(ActionRefused):
        t.claim(1)


def test_the_state_counter_refuses_stale_and_replayed_actions() -> None:
    t = table()
    mover = t.to_move()
    assert mover is not None
    t.apply(mover, t.check(mover, "18", 0))
    with pytest.raises(ActionRefused) as replayed:
        t.check(mover, "18", 0)
    assert replayed.value.code == "stale"
    with pytest.raises(ActionRefused) as future:
        t.check(t.to_move(), "y", 5)
    assert future.value.code == "stale"


def test_actions_out_of_turn_are_refused_and_change_nothing() -> None:
    t = table()
    mover = t.to_move()
    other = next(p for p in range(3) if p != mover)
    with pytest.raises(ActionRefused) as exc:
        t.check(other, "18", 0)
    assert exc.value.code == "not_your_turn"
    assert "turn" in exc.value.message
    assert t.counter == 0 and t.state is not None and t.state.history == []


def test_illegal_and_malformed_actions_are_refused_with_the_engines_reason() -> None:
    t = table()
    mover = t.to_move()
    with pytest.raises(ActionRefused, match="illegal: not an action"):
        t.check(mover, "jump", 0)
    with pytest.raises(ActionRefused, match="malformed"):
        t.check(mover, 18, 0)
    with pytest.raises(ActionRefused, match="malformed"):
        t.check(mover, "18", "0")
    with pytest.raises(ActionRefused, match="forbidden"):
        t.check(None, "18", 0)


def test_a_series_is_played_to_the_end_and_replays_from_its_log() -> None:
    t = table({"seats": ["human", "human", "human"], "games": 3, "rules": "pub"}, seed=8)
    rng = random.Random(3)
    log: list[tuple[int, str]] = []
    while not t.is_over:
        state = t.state
        assert state is not None
        player = t.to_move()
        assert player is not None
        text = str(rng.choice(state.legal_actions()))
        t.apply(player, t.check(player, text, t.counter))
        log.append((player, text))
    assert len(t.series.records) >= 3 and len(t.finished_games) == len(t.series.records)
    again = table({"seats": ["human", "human", "human"], "games": 3, "rules": "pub"}, seed=8)
    again.replay(log)
    assert again.is_over and again.counter == t.counter
    assert again.series.totals == t.series.totals


def test_a_damaged_log_is_one_clear_error() -> None:
    t = table()
    with pytest.raises(ConfigError, match="stored move 0"):
        t.replay([(0, "CJ")])


def test_the_seed_is_not_in_the_public_configuration_only_in_storage() -> None:
    c = TableConfig.parse(HUMANS, seed=99)
    assert c.to_dict()["seed"] == 99
