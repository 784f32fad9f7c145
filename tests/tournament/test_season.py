"""A club championship over many evenings (a season): different attendance each evening (a
late arrival within one too), the register with member numbers and guests, all series or
each player's best N counting; the season's standing equals an independent calculation
written here from the games entered (Seeger-Fabian by hand, Kontra and Re doubling the
score), through the library and through ``skat season`` with ``skat tournament``."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.tournament import (
    EVENING_RULES,
    Format,
    GameEntry,
    Member,
    Player,
    Season,
    TableList,
    Tournament,
    TournamentError,
    format_list,
    save,
    season_dumps,
    season_loads,
    season_sheet,
    season_standings,
    seat_by_lot,
)

# (game, values it can be won with, values it can be lost with): all legal under the rules
GAMES = (("G", (48, 72, 96), (48, 72)), ("C", (24, 36, 48), (24, 36)), ("H", (20, 30), (20,)),
         ("N", (23,), (23,)), ("S", (22, 33), (22,)))  # fmt: skip
Played = dict[str, list[tuple[int, int, int, int]]]
"""name -> (evening, points, won, lost) of each series played, in order."""


def random_games(players: Sequence[str], count: int, rng: random.Random) -> list[GameEntry]:
    """Games a table could have played: the dealer of a 4-table sits out."""
    n = len(players)
    out = []
    for k in range(count):
        if rng.random() < 0.2:
            out.append(GameEntry(None))
            continue
        playing = [p for i, p in enumerate(players) if n == 3 or i != k % n]
        code, wins, losses = rng.choice(GAMES)
        won = rng.random() < 0.7
        value = rng.choice(wins if won else losses)
        out.append(
            GameEntry(rng.choice(playing), code, won, value, kontra=rng.choice((0, 0, 1, 2)))
        )
    return out


def by_hand(players: Sequence[str], games: Iterable[GameEntry]) -> dict[str, tuple[int, int, int]]:
    """(points, won, lost) per player of one list, by the Seeger-Fabian rule written out."""
    points = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    lost = dict.fromkeys(players, 0)
    for g in games:
        if g.declarer is None:
            continue
        times = 2**g.kontra
        if g.won:
            points[g.declarer] += g.value * times + 50
            won[g.declarer] += 1
        else:
            points[g.declarer] += -2 * g.value * times - 50
            lost[g.declarer] += 1
            for p in players:
                if p != g.declarer:
                    points[p] += 40 if len(players) == 3 else 30
    return {p: (points[p], won[p], lost[p]) for p in players}


def play_evening(
    name: str, arrivals: Sequence[Sequence[str]], seed: int, played: Played, index: int
) -> Tournament:
    """An evening of ``len(arrivals)`` series (deals 1 a player): ``arrivals[k]`` join
    before series k + 1; every list entered; ``played`` gets each player's series by hand."""
    rng = random.Random(seed)
    t = Tournament(name, (), Format(len(arrivals), 1), EVENING_RULES)
    for k, new in enumerate(arrivals, 1):
        t = t.with_players([*t.players, *map(Player, new)])
        t = t.with_seating(k, seat_by_lot(t.active(k), seed=seed + k))
        for table in t.round(k).seating.tables:
            games = random_games(table.players, len(table.players), rng)
            t = t.with_list(TableList(k, table.number, table.players, tuple(games)))
            for p, (pts, w, lo) in by_hand(table.players, games).items():
                played.setdefault(p, []).append((index, pts, w, lo))
    return t


REGISTER = (Member("Anna", "1"), Member("Ben", "2"), Member("Cora", "3"), Member("Dirk", "4"),
            Member("Eva", "5"), Member("Fritz", "6"), Member("Gero", "7"),
            Member("Ida", guest=True))  # fmt: skip


def season_of_three(played: Played) -> list[Tournament]:
    return [
        play_evening("March", [("Anna", "Ben", "Cora", "Dirk", "Eva", "Fritz", "Gero"), ()],
                     11, played, 0),
        play_evening("April", [("Anna", "Ben", "Cora"), ()], 22, played, 1),
        play_evening("May", [("Ben", "Dirk", "Eva", "Fritz", "Hans", "Ida"), ("Jana",)],
                     33, played, 2),
    ]  # fmt: skip


def expected(
    played: Played, best: int | None, guests: set[str], apart: bool
) -> list[tuple[int | None, str, int, int, int, int, int]]:
    """(place, name, points, won, lost, played, counted), ranked by points, more won, fewer
    lost; equal lines share the place; guests after the members, without a place, when
    apart.  Sorted by place and name (the order among equal lines is no rule)."""
    lines = []
    for name, series in played.items():
        chosen = sorted(series, key=lambda s: (-s[1], -s[2], s[3]))[:best]
        lines.append((name, sum(s[1] for s in chosen), sum(s[2] for s in chosen),
                      sum(s[3] for s in chosen), len(series), len(chosen)))  # fmt: skip
    out: list[tuple[int | None, str, int, int, int, int, int]] = []
    members = [x for x in lines if not (apart and x[0] in guests)]
    rest = [x for x in lines if apart and x[0] in guests]
    for group, placed in ((members, True), (rest, False)):
        group.sort(key=lambda x: (-x[1], -x[2], x[3]))
        place = 0
        for i, x in enumerate(group):
            if i == 0 or group[i - 1][1:4] != x[1:4]:
                place = i + 1
            out.append((place if placed else None, *x))
    return ordered(out)


def ordered(rows: Iterable[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """By place (guests apart last), then name."""
    return sorted(rows, key=lambda r: (r[0] is None, r[0] or 0, r[1]))


def got(season: Season, evenings: Sequence[Tournament]) -> list[tuple[object, ...]]:
    return ordered((r.place, r.name, r.points, r.won, r.lost, r.played, r.counted)
                   for r in season_standings(season, evenings).rows)  # fmt: skip


@pytest.mark.parametrize("best", [None, 3, 1])
def test_the_season_standing_counts_all_series_or_the_best_n(best: int | None) -> None:
    played: Played = {}
    evenings = season_of_three(played)
    season = Season("Club 2026", REGISTER, best=best)
    assert got(season, evenings) == expected(played, best, set(), apart=False)
    assert {len(s) for s in played.values()} >= {1, 2, 4, 6}  # attendance differs


def test_guests_are_marked_and_ranked_apart_when_the_season_says_so() -> None:
    played: Played = {}
    evenings = season_of_three(played)
    guests = {"Hans", "Ida", "Jana"}  # Ida a registered guest, Hans and Jana unregistered
    season = Season("Club 2026", REGISTER, best=2, guests="apart")
    assert got(season, evenings) == expected(played, 2, guests, apart=True)
    rows = season_standings(season, evenings).rows
    assert {r.name for r in rows if r.guest} == guests
    assert [r.number for r in rows if r.name in ("Anna", "Gero")] != ["", ""]
    sheet = season_sheet(season, evenings)
    assert sheet.header[9:] == ("March", "April", "May")
    assert [r[3] for r in sheet.rows if r[2] == "Ida"] == ["guest"]
    assert [r[0] for r in sheet.rows if r[3] == "guest"] == ["", "", ""]  # apart: no place


def test_each_evening_shows_the_points_of_those_who_came() -> None:
    played: Played = {}
    evenings = season_of_three(played)
    rows = {r.name: r.evenings for r in season_standings(Season("S", REGISTER), evenings).rows}
    for name, series in played.items():
        want = [None, None, None]
        for evening, pts, _, _ in series:
            want[evening] = (want[evening] or 0) + pts
        assert rows[name] == tuple(want)
    assert rows["Gero"][1:] == (None, None) and rows["Jana"][:2] == (None, None)


def test_a_list_that_does_not_count_yet_is_named_and_left_out() -> None:
    played: Played = {}
    evenings = season_of_three(played)
    t = evenings[1]
    tl = t.round(2).lists[0]
    evenings[1] = t.with_list(TableList(2, tl.table, tl.players, tl.games[:-1]))  # one short
    st = season_standings(Season("S", REGISTER), evenings)
    assert st.pending == ("April: series 2 table 1",)
    anna = next(r for r in st.rows if r.name == "Anna")
    assert anna.played == len(played["Anna"]) - 1


def test_the_season_file_reloads_and_refuses_junk_with_one_line() -> None:
    season = Season("Club 2026", REGISTER, best=3, guests="apart")
    assert season_loads(season_dumps(season)) == season
    with pytest.raises(TournamentError, match=r"^season file: best: a whole number"):
        season_loads(season_dumps(season).replace('"best": 3', '"best": "three"'))
    with pytest.raises(TournamentError, match="member 'Anna' is entered twice"):
        Season("S", (Member("Anna"), Member("Anna", "9")))


# ---------------------------------------------------------------------- skat season


def _skat(*args: str) -> int:
    return main(list(args))


def test_skat_season_from_the_register_to_the_csv_standing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = str(tmp_path / "club.json")
    (tmp_path / "register.csv").write_bytes(
        "Name;Mitgliedsnummer;Gast\nAnna;1;\nBen;2;\nJürgen;3;\nIda;;ja\n".encode("cp1252")
    )
    assert _skat("season", "new", season, "Club 2026", "--best", "1", "--deals", "1") == 0
    assert _skat("season", "members", season, "--import", str(tmp_path / "register.csv")) == 0
    assert _skat("season", "members", season, "--add", "Cora", "--number", "4") == 0
    # evening 1 started by skat season, seated and entered with skat tournament
    assert _skat("season", "evening", season, "03-06", "--players", "Anna,Ben,Jürgen") == 0
    evening = str(tmp_path / "club-03-06.json")
    (tmp_path / "plan.txt").write_text("Anna, Ben, Jürgen\n", encoding="utf-8")
    played: Played = {}
    rng = random.Random(5)
    for k in (1, 2):
        assert _skat("tournament", "seat", evening, "--by", "plan", "--plan",
                     str(tmp_path / "plan.txt")) == 0  # fmt: skip
        games = random_games(("Anna", "Ben", "Jürgen"), 3, rng)
        (tmp_path / "list.txt").write_text(format_list(games), encoding="utf-8")
        assert _skat("tournament", "enter", evening, "--series", str(k), "--table", "1",
                     "--list", str(tmp_path / "list.txt")) == 0  # fmt: skip
        for p, (pts, w, lo) in by_hand(("Anna", "Ben", "Jürgen"), games).items():
            played.setdefault(p, []).append((0, pts, w, lo))
    # evening 2: a tournament file run elsewhere (a guest not in the register came)
    other = play_evening("03-13", [("Ben", "Cora", "Ida", "Kai")], 8, played, 1)
    save(other, tmp_path / "march13.json")
    assert _skat("season", "evening", season, "03-13", "--file", "march13.json") == 0
    capsys.readouterr()
    assert _skat("season", "standings", season, "--format", "csv") == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:9] == ["place", "no.", "player", "guest", "points", "won", "lost", "series",
                           "counted"] and rows[0][9:] == ["03-06", "03-13"]  # fmt: skip
    shown = [(int(r[0]), r[2], int(r[4]), int(r[5]), int(r[6]), int(r[7]), int(r[8]))
             for r in rows[1:]]  # fmt: skip
    assert ordered(shown) == expected(played, 1, set(), apart=False)
    marks = {r[2]: (r[1], r[3]) for r in rows[1:]}
    assert marks["Jürgen"] == ("3", "") and marks["Ida"] == ("", "guest")
    assert marks["Kai"] == ("", "guest")  # not in the register: a guest


def test_skat_season_refuses_bad_input_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = str(tmp_path / "club.json")
    assert _skat("season", "standings", season) == 2
    assert "no season file" in capsys.readouterr().err
    assert _skat("season", "new", season, "Club", "--best", "0") == 2
    assert "best: a number of series from 1" in capsys.readouterr().err
    assert _skat("season", "new", season, "Club") == 0
    assert _skat("season", "evening", season, "03-06") == 2
    assert "needs --players" in capsys.readouterr().err
    (tmp_path / "bad.csv").write_text("Anna;1;;extra\n", encoding="utf-8")
    assert _skat("season", "members", season, "--import", str(tmp_path / "bad.csv")) == 2
    assert "register CSV line 1: 4 columns" in capsys.readouterr().err
    assert season_loads(Path(season).read_text()).members == ()  # nothing imported
