"""The table: configuration, places and tokens, the state counter, the engine's word."""

from __future__ import annotations

import random

import pytest

from skat.server.table import ActionRefused, ConfigError, Table, TableConfig

HUMANS = {"seats": ["human", "human", "human"], "games": 2}


def table(data: dict[str, object] = HUMANS, seed: int = 1) -> Table:
    """A table whose human places are all taken (it waits for its players until then)."""
    t = Table("t", TableConfig.parse(data, seed=seed))
    while t.free_places():
        t.claim()
    return t


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
    t = Table("t", TableConfig.parse(HUMANS, seed=1))
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
    t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=1))
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


# ---------------------------------------------------------------------- waiting for friends

FRIEND = {"seats": [{"kind": "human", "name": "Anna"}, "human", "random"], "games": 2}


def test_a_table_waits_until_its_human_places_are_taken() -> None:
    """Nothing runs before the friend sits down: no move is taken, no computer is to move."""
    t = Table("t", TableConfig.parse(FRIEND, seed=4))
    t.claim(0)
    assert t.waiting and t.computer_to_move() is None
    mover = t.to_move()
    with pytest.raises(ActionRefused) as exc:
        t.check(mover, "p", 0)
    assert exc.value.code == "waiting"
    t.claim(1)
    assert not t.waiting


def test_everyone_names_himself_while_the_table_waits() -> None:
    t = Table("t", TableConfig.parse(FRIEND, seed=4))
    t.claim(0)
    t.claim(1)
    with pytest.raises(ActionRefused, match="sits at this table already"):
        t.check(1, "@name Anna", 0)
    with pytest.raises(ActionRefused, match="printable"):
        t.check(1, "@name  ", 0)
    # the last place taken: a name is still given before anyone moved
    t2 = Table("t", TableConfig.parse(FRIEND, seed=4))
    t2.claim(0)
    t2.apply(1, t2.check(1, "@name Bernd", 0))
    assert t2.players == ("Anna", "Bernd", "Computer 3")
    assert t2.config.seats[1].name == "Bernd" and t2.counter == 1


def test_the_creator_starts_the_table_with_computers() -> None:
    t = Table("t", TableConfig.parse({**FRIEND, "host": 0}, seed=4))
    t.claim(0)
    with pytest.raises(ActionRefused) as exc:
        t.check(1, "@start heuristic", 0)  # nobody holds place 1: not the creator anyway
    assert exc.value.code == "forbidden"
    with pytest.raises(ActionRefused, match="unknown computer level"):
        t.check(0, "@start wizard", 0)
    t.apply(0, t.check(0, "@start random", 0))
    assert not t.waiting and t.config.seats[1].kind == "random"
    assert t.players == ("Anna", "Computer 2", "Computer 3")
    mover = t.to_move()
    assert mover is not None and t.state is not None
    t.apply(mover, t.check(mover, str(t.state.legal_actions()[0]), 1))
    with pytest.raises(ActionRefused) as late:  # once the cards are played, names are fixed
        t.check(0, "@name Ann", 2)
    assert late.value.code == "started"


def test_names_starts_and_automatic_moves_replay_from_the_log() -> None:
    t = Table("t", TableConfig.parse(FRIEND, seed=4))
    t.claim(0)
    log = [(1, "@name Bernd"), (0, "@start heuristic")]
    for player, text in log:
        t.apply_stored(player, text)
    mover = t.to_move()
    assert mover is not None
    first = str(t.state.legal_actions()[0]) if t.state else ""
    t.apply(mover, t.check(mover, first, t.counter), auto="clock")
    log.append((mover, f"{first}@clock"))
    again = Table("t", TableConfig.parse(FRIEND, seed=4), claims=dict(t.claims))
    again.replay(log)
    assert again.players == t.players and again.counter == t.counter == 3
    assert again.auto == {(1, 0): "clock"}


def test_a_log_of_an_older_server_with_a_place_nobody_took_still_replays() -> None:
    """Before tables waited, a table played on with an empty human place (its clock moved)."""
    t = Table("t", TableConfig.parse(FRIEND, seed=4))
    t.claim(0)
    mover = t.to_move()
    assert mover is not None and t.state is not None
    t.replay([(mover, str(t.state.legal_actions()[0]))])
    assert t.counter == 1 and not t.waiting
