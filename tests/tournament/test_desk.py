"""The tournament desk (:mod:`skat.server.tournament_desk`) without a server: taking a game
back, locking and reopening a series, a time limit's shorter list, the reason a correction
needs, the second series seated by the standings."""

from __future__ import annotations

import pytest

from skat.server.tournament_desk import Desk, DeskError
from skat.server.tournament_store import WebState
from skat.tournament import Format, GameEntry, Player, Tournament


def desk(time_limit: int | None = None) -> Desk:
    t = Tournament("Cup", tuple(Player(n) for n in ("Anna", "Ben", "Cora")),
                   Format(series=2, deals_per_player=1, time_limit=time_limit))  # fmt: skip
    d = Desk("t1", t, WebState.new("key"))
    d.seat(1, "lot", seed=3)
    return d


def test_a_table_takes_back_its_last_game_until_the_total_is_confirmed() -> None:
    d = desk()
    players = d.t.round(1).seating.tables[0].players
    d.enter(1, 1, GameEntry(players[0], "G", True, 72))
    d.enter(1, 1, GameEntry(None))
    d.undo(1, 1)
    assert d.table_view(1, 1)["entered"] == 1
    d.enter(1, 1, GameEntry(None))
    d.enter(1, 1, GameEntry(None))
    d.confirm(1, 1, players[0])
    with pytest.raises(DeskError, match="only the director corrects it"):
        d.undo(1, 1)
    assert not d.final(1, 1)
    d.confirm(1, 1, players[1])
    d.confirm(1, 1, players[2])
    assert d.final(1, 1)


def test_a_locked_series_takes_nothing_until_reopened() -> None:
    d = desk()
    d.lock(1, True)
    with pytest.raises(DeskError, match="series 1 is locked"):
        d.enter(1, 1, GameEntry(None))
    d.lock(1, False)
    d.enter(1, 1, GameEntry(None))


def test_under_a_time_limit_a_shorter_list_may_be_confirmed() -> None:
    d = desk()
    with pytest.raises(DeskError, match="not complete: a table of 3 plays 3"):
        d.confirm(1, 1, d.t.round(1).seating.tables[0].players[0])
    d = desk(time_limit=90)
    d.enter(1, 1, GameEntry(None))
    for name in d.t.round(1).seating.tables[0].players:
        d.confirm(1, 1, name)
    assert d.final(1, 1)


def test_a_correction_needs_its_reason_and_is_final() -> None:
    d = desk()
    with pytest.raises(DeskError, match="needs its reason"):
        d.correct(1, 1, "passed\npassed\npassed", " ")
    d.correct(1, 1, "passed\npassed\npassed", "paper list")
    assert d.final(1, 1) and d.state.log[0].after.startswith("3 games, totals")


def test_the_second_series_is_seated_by_the_standings() -> None:
    d = desk()
    with pytest.raises(DeskError, match="first series cannot be seated by standings"):
        Desk("t2", Tournament("X", d.t.players), WebState.new("k")).seat(1, "standings")
    for _ in range(3):
        d.enter(1, 1, GameEntry(None))
    d.seat(2, "standings")
    assert d.t.round(2).seating.method == "standings"


def test_seating_by_standings_needs_every_list_of_the_series_before_checked() -> None:
    d = desk()
    d.enter(1, 1, GameEntry(None))  # 1 of 3 games
    with pytest.raises(DeskError) as refused:
        d.seat(2, "standings")
    assert str(refused.value) == (
        "series 2 cannot be seated by standings: series 1 table 1: 1 games, a table of 3 "
        "plays 3 (or seat it with an override and its reason, which is logged)"
    )
    assert len(d.t.rounds) == 1
    with pytest.raises(DeskError, match="an override needs its reason"):
        d.seat(2, "standings", override=" ")
    d.seat(2, "standings", override="table 1 left early, director's decision")
    assert d.t.round(2).seating.method == "standings"
    last = d.state.log[-1]
    assert (last.series, last.reason) == (2, "table 1 left early, director's decision")
    assert last.after == "seated by standings with: series 1 table 1: 1 games, a table of 3 plays 3"
