"""A game at a table made over ISS ends as the International Skat Server ends it when a
player runs out of time (``w TI.<seat>``) or leaves (``w LE.<seat>``), in every phase:

- before the declaration nothing was played: a penalty record (``d:-1 penalty`` in the
  auction, ``d:<declarer> penalty`` once the declarer is known), the mark on the seat at
  fault, 0 on the list for everyone (the record's ``v:0``);
- during the play the declarer's resignation (his fault) or the defenders' (a defender's).

Every such record replays with ``skat replay --check``, the ending is stored in the table's
log (a restart gives the same table) and the table goes on with the next game after
``ready``.  A series ended by the ``ready`` timeout is over in the database too.  The ISS
facts: the real records of ``tests/data/iss/real.sgf`` (``1 p w TI.2`` → ``d:-1 penalty
p2:1 to:2``; ``w LE.2`` in the auction; ``w LE.1`` in the play, the declarer wins).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.request import urlopen

import pytest
from tests.iss.conftest import Line, Live, table_of
from tests.iss.goskat_like import GoSkatLike
from tests.server.live import free_port, server

from skat.core.deal import Deal
from skat.iss.codes import to_engine
from skat.iss.feed import Feed, end_record
from skat.records.iss import IssRecord, parse_iss_line
from skat.records.replay import check
from skat.server.table import ENDED, ActionRefused, Table, TableConfig

CLOCK = 5  # the shortest move clock skat serve takes


def _table(games: int = 3) -> Table:
    config = TableConfig.parse({"rules": "iss", "games": games, "seats": ["human"] * 3}, seed=3)
    return Table("7", config, claims=dict.fromkeys(range(3), "-"))  # every place taken


def _play(table: Table, moves: list[str]) -> None:
    """Apply moves by whoever is to move (``*``: the first legal action)."""
    for text in moves:
        player = table.to_move()
        state = table.state
        assert player is not None and state is not None
        if text == "*":
            text = str(state.legal_actions()[0])
        table.apply(player, table.check(player, text, table.counter))


def _end(table: Table, how: str, player: int | None = None) -> IssRecord:
    """End the current game by ``player``'s (default: the one to move) TI/LE: its record."""
    player = table.to_move() if player is None else player
    assert player is not None
    applied = table.end_game(player, table.check_end(player, how, table.counter))
    assert applied.finished is not None and applied.record is not None
    number = applied.record.number
    return parse_iss_line(end_record(table, applied.finished, number, table.endings[number]))


def _fields(record: IssRecord) -> str:
    return str(record.result)


PENALTIES = [  # moves before the timeout, the seat that times out, the R[...] fields
    ([], 1, "d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:1 p2:0 l:-1 to:1 r:0"),
    (["18", "y", "p"], 2, "d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:1 l:-1 to:2"),
    (["p", "p"], 0, "d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1 p1:0 p2:0 l:-1 to:0"),
    (["p", "p", "18"], 0, "d:0 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1 p1:0 p2:0 l:-1 to:0"),
    (["p", "p", "18", "s"], 0, "d:0 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1 p1:0 p2:0"),
]


@pytest.mark.parametrize(("moves", "seat", "fields"), PENALTIES)
def test_a_timeout_before_the_declaration_is_a_penalty_record_with_the_mark_at_fault(
    moves: list[str], seat: int, fields: str
) -> None:
    table = _table()
    _play(table, moves)
    record = _end(table, "TI")
    assert record.moves[-1] == ("w", f"TI.{seat}")
    assert _fields(record).startswith(fields)
    assert check(record) == []  # what skat replay --check does
    assert table.series.records[0].entries == (0, 0, 0)  # no game was played: v:0
    assert table.series.number == 2 and table.state is not None  # the next game is dealt


def test_leaving_in_the_auction_is_a_penalty_record_naming_the_seat_that_left() -> None:
    table = _table()
    _play(table, ["18"])
    rear = table.series.seats[2]  # not his turn: a player may leave at any time
    record = _end(table, "LE", rear)
    assert record.moves[-1] == ("w", "LE.2")
    assert "d:-1 penalty" in _fields(record) and "p2:1" in _fields(record)
    assert "l:2 to:-1" in _fields(record) and check(record) == []


def test_a_defender_leaving_before_the_declaration_marks_both_defenders() -> None:
    table = _table()
    _play(table, ["p", "p", "18"])  # Forehand is the declarer, to take up the skat
    record = _end(table, "LE", table.series.seats[1])
    assert record.moves[-1] == ("w", "LE.1")
    assert _fields(record).startswith("d:0 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:1 p2:1")
    assert "l:1 to:-1" in _fields(record) and check(record) == []


@pytest.mark.parametrize("how", ["TI", "LE"])
def test_in_the_play_the_declarer_at_fault_loses_and_defenders_at_fault_lose(how: str) -> None:
    table = _table(games=2)
    _play(table, ["p", "p", "18", "GH"])  # Forehand plays a Grand Hand at 18
    declarer = _end(table, how)  # Forehand leads: his fault, he resigns
    _play(table, ["p", "p", "18", "GH", "*"])
    defender = _end(table, how)  # Middlehand's turn: the defenders resign
    gone = "l" if how == "LE" else "to"
    assert declarer.moves[-1] == ("w", f"{how}.0") and defender.moves[-1] == ("w", f"{how}.1")
    assert _fields(declarer).startswith("d:0 loss") and f"{gone}:0" in _fields(declarer)
    assert _fields(defender).startswith("d:0 win") and f"{gone}:1" in _fields(defender)
    assert ("0", "RE") not in declarer.moves  # told as TI/LE, not as the resignations
    assert check(declarer) == [] and check(defender) == []
    assert table.is_over


def test_an_ending_is_kept_in_the_log_so_a_restart_gives_the_same_table() -> None:
    table = _table()
    log: list[tuple[int, str]] = []
    for text in ("18", "y"):
        player = table.to_move()
        assert player is not None
        log.append((player, text))
        _play(table, [text])
    player = table.to_move()
    assert player is not None
    ending = table.check_end(player, "TI", table.counter)
    log.append((player, str(ending)))
    table.end_game(player, ending)
    assert str(ending) == f"{ENDED} TI.1"  # Middlehand, to bid again
    again = _table()
    again.replay(log)
    assert (again.counter, again.series.number, again.endings) == (
        table.counter,
        table.series.number,
        table.endings,
    )
    record = again.series.records[0]
    assert record.entries == (0, 0, 0) and record.events == (
        (1, "18"),
        (0, "y"),
    )


REAL = Path(__file__).parents[1] / "data" / "iss" / "real.sgf"


def _real_endings_before_the_declaration() -> list[IssRecord]:
    records = [parse_iss_line(ln) for ln in REAL.read_text().splitlines() if ln.startswith("(")]
    return [r for r in records if r.result is not None and r.result.outcome == "penalty"]


@pytest.mark.parametrize("real", _real_endings_before_the_declaration(), ids=lambda r: r.id)
def test_the_server_writes_the_real_iss_penalty_records_field_for_field(real: IssRecord) -> None:
    """The real ISS's own records of a timeout or a player leaving in the auction, played
    again on a table with their deal: the server's record has the same moves and result."""
    deal = real.moves[0][1]
    data = {"rules": "iss", "games": 1, "seats": ["human"] * 3, "deal": deal}
    table = Table("8", TableConfig.parse(data, seed=1), claims=dict.fromkeys(range(3), "-"))
    *moves, (_, ending) = real.moves[1:]
    for who, move in moves:
        state = table.state
        assert state is not None
        player = table.series.seats[int(who)]
        for text in to_engine(move, state.phase, int(who)):
            table.apply(player, table.check(player, text, table.counter))
    how, _, seat = ending.partition(".")
    ours = _end(table, how, table.series.seats[int(seat)])
    assert Deal.parse(ours.moves[0][1]) == Deal.parse(deal)  # each hand sorted
    assert ours.moves[1:] == real.moves[1:]
    assert real.result is not None and ours.result is not None
    assert {k: ours.result.fields[k] for k in real.result.fields} == real.result.fields


def test_a_client_cannot_send_an_ending_as_a_move() -> None:
    table = _table()
    player = table.to_move()
    with pytest.raises(ActionRefused):
        table.check(player, f"{ENDED} TI.1", table.counter)


def test_the_feed_tells_the_timeout_then_the_penalty_record_then_the_next_game() -> None:
    table = _table()
    feed = Feed(table, 0, "a", endings=table.endings)
    feed.update()
    _play(table, ["18"])
    _end(table, "TI")
    lines = feed.update()
    kinds = [" ".join(line.split()[3:5]) for line in lines]
    assert kinds == [
        "play 1",
        "play w",
        "end (;GM[Skat]ID[7-1]P0[Player",
        "go",
        "start 2",
        "play w",
    ]
    assert lines[1] == "table .7 a play w TI.0 0 0 0"
    assert "|" in lines[-1] and feed.update() == []  # the next game's deal


# ---------------------------------------------------------------------- on a live server


@pytest.fixture(scope="module")
def clocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """A server with the shortest move clock and a ready timeout of 30 s."""
    data = tmp_path_factory.mktemp("iss-endings")
    web, iss = free_port(), free_port()
    while iss == web:
        iss = free_port()
    options = ("--iss-port", str(iss), "--iss-games", "4", "--rate", "200",
               "--iss-clock", str(CLOCK), "--iss-ready-timeout", "30")  # fmt: skip
    with server(str(data), web, 0.0, options):
        yield Live(web, iss, data)


def _seated(live: Live, *users: str) -> tuple[str, dict[str, Line]]:
    """A table of three test connections, each ready; (name, Forehand/Middle/Rearhand)."""
    lines = [Line(live.iss, u) for u in users]
    name = table_of(*lines)
    order = lines[0].until("start").split()[5::2]
    for line in lines[1:]:
        line.until("start")
    by_user = {line.user: line for line in lines}
    return name, {"0": by_user[order[0]], "1": by_user[order[1]], "2": by_user[order[2]]}


def _until_end(line: Line) -> list[str]:
    """The lines of the table from now to the game's ``end``, moves and ending only."""
    out = []
    while True:
        words = line.read().split()
        if words[:1] == ["table"] and words[3] in ("play", "end"):
            out.append(" ".join(words[3:]))
            if words[3] == "end":
                return out


def test_transcript_a_seat_silent_in_the_auction_ends_the_game_by_ti_and_the_table_goes_on(
    clocked: Live,
) -> None:
    name, seat = _seated(clocked, "eb_a", "eb_b", "eb_c")
    seat["1"].send(f"table .{name} {seat['1'].user} play 18")
    told = _until_end(seat["0"])  # Forehand does not answer within the clock
    clock = f"{CLOCK} {CLOCK} {CLOCK}"
    assert told[0].startswith("play w ") and told[0].count("|") == 3  # the deal
    assert told[1:3] == [f"play 1 18 {clock}", f"play w TI.0 {clock}"]
    assert len(told) == 4  # then the end, nothing else: no cautious move for him
    record = parse_iss_line(told[3].split(" ", 1)[1])
    assert record.moves[1:] == [("1", "18"), ("w", "TI.0")]
    assert str(record.result).startswith("d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1")
    assert check(record) == []
    for other in (seat["1"], seat["2"]):
        assert _until_end(other)[-1] == told[-1]  # the same record for every seat
    for line in seat.values():  # the next game waits for every ready, then comes
        line.send(f"table .{name} {line.user} ready")
    for line in seat.values():
        assert line.until("start").split()[4] == "2"
        line.close()
    with urlopen(f"http://127.0.0.1:{clocked.web}/api/tables/{name}/games/1.iss") as answer:
        assert answer.read().decode().strip() == told[3].split(" ", 1)[1]


def test_a_declarer_silent_before_declaring_ends_the_game_with_his_penalty(
    clocked: Live,
) -> None:
    name, seat = _seated(clocked, "ed_a", "ed_b", "ed_c")
    for s, bid in (("1", "p"), ("2", "p"), ("0", "18")):
        seat[s].send(f"table .{name} {seat[s].user} play {bid}")
        seat[s].until("play", s, bid)
    seat["0"].send(f"table .{name} {seat['0'].user} play s")  # picks up, never discards
    told = _until_end(seat["1"])
    assert told[-2].split()[:3] == ["play", "w", "TI.0"]
    record = parse_iss_line(told[-1].split(" ", 1)[1])
    assert ("0", "s") in record.moves and "d:0 penalty" in str(record.result)
    assert "p0:1 p1:0 p2:0" in str(record.result) and check(record) == []
    for line in seat.values():
        line.close()


def test_leaving_the_table_in_the_auction_ends_the_game_by_le(clocked: Live) -> None:
    name, seat = _seated(clocked, "el_a", "el_b", "el_c")
    seat["2"].send(f"table .{name} {seat['2'].user} leave")  # not his turn: any time
    told = _until_end(seat["0"])
    assert told[-2].split()[:3] == ["play", "w", "LE.2"]
    record = parse_iss_line(told[-1].split(" ", 1)[1])
    assert str(record.result).startswith("d:-1 penalty")
    assert "p2:1" in str(record.result) and "l:2 to:-1" in str(record.result)
    assert check(record) == []
    for line in seat.values():
        line.close()


def test_logging_out_in_the_play_ends_the_game_by_le_and_the_declarer_wins(
    clocked: Live,
) -> None:
    name, seat = _seated(clocked, "eo_a", "eo_b", "eo_c")
    for s, move in (("1", "p"), ("2", "p"), ("0", "18"), ("0", "GH")):
        seat[s].send(f"table .{name} {seat[s].user} play {move}")
        seat[s].until("play", s, move)
    seat["1"].send("exit")  # a defender logs out during the play
    told = _until_end(seat["0"])
    assert told[-2].split()[:3] == ["play", "w", "LE.1"]
    record = parse_iss_line(told[-1].split(" ", 1)[1])
    assert str(record.result).startswith("d:0 win") and "l:1 to:-1" in str(record.result)
    assert ("1", "RE") not in record.moves and check(record) == []
    for line in seat.values():
        line.close()


def test_goskat_like_bot_killed_in_the_bidding_loses_by_ti_and_the_others_play_on(
    clocked: Live,
) -> None:
    a = GoSkatLike(clocked.iss, "ek_a", 2, ("ek_b", "ek_c"))
    while a.out.table < 0 and a.is_alive() and not a.out.crash:
        a.join(0.05)
    b = GoSkatLike(clocked.iss, "ek_b", 2, ("ek_a", "ek_c"))
    dead = GoSkatLike(clocked.iss, "ek_c", 2, ("ek_a", "ek_b"), die_in_bidding=True)
    dead.join(120)
    again = GoSkatLike(clocked.iss, "ek_c", 1, ("ek_a", "ek_b"))  # it creates again
    for bot in (a, b, again):
        bot.join(300)
        assert not bot.is_alive() and bot.out.crash == "" and bot.out.refused == []
    assert again.out.table == a.out.table
    ends = a.out.ends
    assert b.out.ends == ends and again.out.ends == ends[1:] and len(ends) == 2
    first = parse_iss_line(ends[0])
    seat = first.players.index("ek_c") if first.players else -1
    assert a.out.timeouts == [f"TI.{seat}"] and first.moves[-1] == ("w", f"TI.{seat}")
    assert "penalty" in str(first.result) and f"p{seat}:1" in str(first.result)
    assert all(check(parse_iss_line(e)) == [] for e in ends)


def test_a_series_ended_by_the_ready_timeout_stays_over_after_a_restart(tmp_path: Path) -> None:
    web, iss = free_port(), free_port()
    while iss == web:
        iss = free_port()
    options = ("--iss-port", str(iss), "--iss-games", "4", "--rate", "200",
               "--iss-ready-timeout", "2")  # fmt: skip
    with server(str(tmp_path), web, 0.0, options):
        name, seat = _seated(Live(web, iss, tmp_path), "eo_x", "eo_y", "eo_z")
        for s, move in (("1", "p"), ("2", "p"), ("0", "p")):  # passed in: game 1 is over
            seat[s].send(f"table .{name} {seat[s].user} play {move}")
            seat[s].until("play", s, move)
        for line in seat.values():  # nobody says ready for game 2
            assert line.until("destroy") == f"destroy .{name}"
            line.close()
    db = next(tmp_path.glob("*.sqlite3"))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT finished FROM tables WHERE id = ?", (name,)).fetchone() == (1,)
    with server(str(tmp_path), web, 0.0, options):
        with urlopen(f"http://127.0.0.1:{web}/api/tables") as answer:
            listed = json.loads(answer.read())["tables"]
        assert [t["over"] for t in listed if t["id"] == name] == [True]
        again = Line(iss, "eo_x")
        again.send("create / 3")  # not given the old table: its series is over
        assert again.until("create").split()[1] != f".{name}"
        again.close()
