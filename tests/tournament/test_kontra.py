"""Kontra and Re on a tournament list (club evenings play with Kontra; the DSkV's lists do
not): the tournament's setting, the entry (typed list, CLI, phone form, director), the check
that recomputes the doubled score, the refusal with its reason where the tournament forbids
it, and the standings and exports that carry it.

Each expected figure is written out here from the Seeger-Fabian list rule: a won game
+ score + 50, a lost one − score − 50 where the score is the value (lost: twice the value)
times 2 for Kontra, 4 for Re, 8 for Supra, 16 for Resupra; for a lost game each other
player at a 3-table + 40."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import running
from tests.server.conftest import storage_where  # noqa: F401  (the fixture, both backends)

from skat.cli.main import main
from skat.core import Rules
from skat.server.tournament_desk import Desk, DeskError
from skat.server.tournament_store import WebState
from skat.tournament import (
    Format,
    GameEntry,
    Player,
    Seating,
    Table,
    TableList,
    Tournament,
    check_list,
    dumps,
    format_list,
    list_sheet,
    loads,
    parse_list,
    standings,
    table_points,
    to_csv,
    with_kontra,
)

PLAYERS = ("Anna", "Ben", "Cora")
EVENING = with_kontra("tournament", "on")  # a club evening: Kontra and Re
TO_RESUPRA = with_kontra("tournament", "supra")


def seeger(value: int, won: bool, times: int) -> tuple[int, int]:
    """(the declarer's entry, each other player's entry) written out by hand."""
    if won:
        return value * times + 50, 0
    return -2 * value * times - 50, 40


def _list(*games: GameEntry) -> TableList:
    return TableList(1, 1, PLAYERS, games)


def test_kontra_doubles_the_score_not_the_value() -> None:
    rules = Rules.parse(EVENING)
    tl = _list(GameEntry("Ben", "G", True, 48, kontra=1))
    assert check_list(tl, rules, planned=1) == ()
    got = table_points(tl, rules)
    assert got.points == (0, seeger(48, True, 2)[0], 0) == (0, 146, 0)
    assert got.won == (0, 1, 0)


def test_re_quadruples_a_lost_game_and_the_others_get_their_bonus_once() -> None:
    rules = Rules.parse(EVENING)
    tl = _list(GameEntry("Cora", "C", False, 24, kontra=2))
    declarer, other = seeger(24, False, 4)
    assert table_points(tl, rules).points == (other, other, declarer) == (40, 40, -242)


def test_supra_and_resupra_where_the_rules_name_them() -> None:
    rules = Rules.parse(TO_RESUPRA)
    tl = _list(GameEntry("Anna", "H", True, 30, kontra=3), GameEntry("Ben", "S", False, 22,
                                                                      kontra=4))  # fmt: skip
    assert check_list(tl, rules, planned=2) == ()
    anna, _ = seeger(30, True, 8)
    ben, other = seeger(22, False, 16)
    assert table_points(tl, rules).points == (anna + other, ben, other)


def test_an_overbid_with_kontra_is_lost_with_the_overbid_value_doubled() -> None:
    """Kontra doubles the score; the overbid is still decided on the value (ISkO 5.4:
    Clubs bid 30 is lost with 36)."""
    rules = Rules.parse(EVENING)
    ok = _list(GameEntry("Anna", "C", False, 36, bid=30, kontra=1))
    assert check_list(ok, rules, planned=1) == ()
    assert table_points(ok, rules).points[0] == seeger(36, False, 2)[0] == -194
    wrong = _list(GameEntry("Anna", "C", False, 24, bid=30, kontra=1))  # the bid not reached
    assert [str(p) for p in check_list(wrong, rules, planned=1)] == [
        "game 1: a game lost below the bid (24 < 30) is lost overbid with 36"
    ]


def test_kontra_where_the_tournament_forbids_it_is_refused_with_the_reason() -> None:
    dskv = Rules.parse("tournament")
    tl = _list(GameEntry("Ben", "G", True, 48, kontra=1))
    (problem,) = check_list(tl, dskv, planned=1)
    assert str(problem) == (
        "game 1: Kontra is not allowed in this tournament (rules tournament: no Kontra on the list)"
    )
    assert problem.in_german() == (
        "Spiel 1: Kontra ist in diesem Turnier nicht erlaubt (Regeln tournament: kein Kontra "
        "auf der Liste)"
    )
    assert table_points(tl, dskv).points == (0, 0, 0)  # a refused game counts nothing


def test_supra_where_only_kontra_and_re_are_allowed_is_refused() -> None:
    (problem,) = check_list(_list(GameEntry("Ben", "G", True, 48, kontra=3)),
                            Rules.parse(EVENING), planned=1)  # fmt: skip
    assert problem.reason.startswith("Supra is not allowed in this tournament")
    assert "nur Kontra und Re" in problem.in_german()


def test_a_passed_in_game_has_no_kontra() -> None:
    (problem,) = check_list(_list(GameEntry(None, kontra=1)), Rules.parse(EVENING), planned=1)
    assert str(problem) == "game 1: a passed-in game has no Kontra"


def test_the_typed_list_and_the_archive_keep_kontra() -> None:
    games, _ = parse_list("Ben G won 48 Kontra\nCora C lost 36 30 re\npassed", PLAYERS)
    assert [g.kontra for g in games] == [1, 2, 0]
    assert format_list(games) == "Ben G won 48 Kontra\nCora C lost 36 30 Re\npassed"
    t = Tournament("Evening", tuple(map(Player, PLAYERS)), Format(1, 1), EVENING)
    t = t.with_seating(1, Seating((Table(1, PLAYERS),)))
    t = t.with_list(TableList(1, 1, PLAYERS, games))
    assert loads(dumps(t)) == t
    data = json.loads(dumps(t))
    assert data["series"][0]["lists"][0]["games"][0] == ["Ben", "G", True, 48, None, 1]
    assert data["series"][0]["lists"][0]["games"][2] == [None, "", False, 0, None]  # as before


def _evening(rules: str = EVENING) -> Tournament:
    t = Tournament("Evening", tuple(map(Player, PLAYERS)), Format(1, 1), rules)
    return t.with_seating(1, Seating((Table(1, PLAYERS),)))


def test_standings_and_exports_carry_kontra() -> None:
    games = (GameEntry("Anna", "G", True, 48, kontra=1), GameEntry("Ben", "C", False, 24,
             kontra=2), GameEntry(None))  # fmt: skip
    t = _evening().with_list(TableList(1, 1, PLAYERS, games))
    anna_won, _ = seeger(48, True, 2)
    ben_lost, bonus = seeger(24, False, 4)
    want = {"Anna": anna_won + bonus, "Ben": ben_lost, "Cora": bonus}
    assert {s.name: s.points for s in standings(t).rows} == want
    sheet = list_sheet(t, 1, 1)
    assert sheet.header[:7] == ("game", "dealer", "declarer", "contract", "outcome", "value",
                                "kontra")  # fmt: skip
    assert [r[6] for r in sheet.rows] == ["Kontra", "Re", "", ""]
    assert sheet.rows[-1][7:] == (want["Anna"], want["Ben"], want["Cora"])
    assert to_csv(sheet).splitlines()[1] == f"1,Anna,Anna,G,won,48,Kontra,{anna_won},0,0"
    dskv = list_sheet(_evening("tournament").with_list(TableList(1, 1, PLAYERS, (
        GameEntry("Anna", "G", True, 48),))), 1, 1)  # fmt: skip
    assert "kontra" not in dskv.header  # the DSkV's list as it always was


# ---------------------------------------------------------------------- the CLI


def _cli(tmp: Path, *args: str, text: str | None = None, lang: str = "en") -> int:
    if text is not None:
        (tmp / "list.txt").write_text(text, encoding="utf-8")
    return main(["--lang", lang, "tournament", *args])


def _cli_evening(tmp: Path, *kontra: str) -> str:
    path = str(tmp / "evening.json")
    assert _cli(tmp, "new", path, "Friday", "--series", "1", "--deals", "1", *kontra) == 0
    assert _cli(tmp, "players", path, "--add", "Anna", "--add", "Ben", "--add", "Cora") == 0
    assert _cli(tmp, "seat", path, "--by", "plan", "--plan", str(tmp / "plan.txt")) == 0
    return path


def test_the_cli_enters_kontra_on_a_club_evening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "plan.txt").write_text("Anna, Ben, Cora\n")
    path = _cli_evening(tmp_path, "--kontra", "on")
    assert json.loads(Path(path).read_text())["rules"] == "tournament,kontra=on"
    lst = str(tmp_path / "list.txt")
    text = "Ben G won 48 Kontra\nCora C lost 24 Re\npassed\n"
    assert _cli(tmp_path, "enter", path, "--series", "1", "--table", "1", "--list", lst,
                text=text) == 0  # fmt: skip
    capsys.readouterr()
    assert _cli(tmp_path, "standings", path, "--format", "csv") == 0
    rows = {r.split(",")[1]: int(r.split(",")[4]) for r in capsys.readouterr().out.splitlines()[1:]
            if r and r[0].isdigit()}  # fmt: skip
    ben, _ = seeger(48, True, 2)
    cora, bonus = seeger(24, False, 4)
    assert rows == {"Ben": ben + bonus, "Cora": cora, "Anna": bonus}


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "game 1: Kontra is not allowed in this tournament (rules tournament: no Kontra"),
        ("de", "Spiel 1: Kontra ist in diesem Turnier nicht erlaubt (Regeln tournament: kein"),
    ],
)
def test_the_cli_refuses_kontra_on_a_dskv_list_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, reason: str
) -> None:
    (tmp_path / "plan.txt").write_text("Anna, Ben, Cora\n")
    path = _cli_evening(tmp_path)  # the default: the DSkV's lists, no Kontra
    lst = str(tmp_path / "list.txt")
    capsys.readouterr()
    assert _cli(tmp_path, "enter", path, "--series", "1", "--table", "1", "--list", lst,
                text="Ben G won 48 Kontra\npassed\npassed\n", lang=lang) == 1  # fmt: skip
    assert reason in capsys.readouterr().out
    capsys.readouterr()
    assert _cli(tmp_path, "standings", path, "--format", "csv") == 0
    assert ",Ben,,,0," in capsys.readouterr().out  # the refused list does not count


# ---------------------------------------------------------------------- the web


def _desk(rules: str) -> Desk:
    desk = Desk("t1", Tournament("Friday", tuple(map(Player, PLAYERS)), Format(1, 1), rules),
                WebState.new("k"))  # fmt: skip
    desk.t = desk.t.with_seating(1, Seating((Table(1, PLAYERS),)))
    return desk


def test_the_phone_form_enters_kontra_where_allowed() -> None:
    desk = _desk(EVENING)
    assert desk.table_view(1, 1)["kontra"] == 2  # the form offers Kontra and Re
    desk.enter(1, 1, GameEntry("Ben", "G", True, 48, kontra=1), "e1")
    assert desk.table_view(1, 1)["list"]["rows"][-1][-3:] == [0, 146, 0]


def test_the_phone_form_refuses_kontra_where_forbidden() -> None:
    desk = _desk("tournament")
    assert desk.table_view(1, 1)["kontra"] == 0  # no Kontra choice on the form
    with pytest.raises(DeskError, match="Kontra is not allowed in this tournament") as got:
        desk.enter(1, 1, GameEntry("Ben", "G", True, 48, kontra=1), "e1")
    assert got.value.status == 422
    assert desk.t.round(1).list_of(1) is None  # nothing stored


def test_the_director_sets_kontra_and_cannot_forbid_it_under_a_list_that_has_it() -> None:
    desk = _desk("tournament")
    desk.set_kontra("on")
    assert desk.t.rules == EVENING and desk.view()["kontra"] == "on"
    desk.correct(1, 1, "Ben G won 48 Re", "paper list")
    with pytest.raises(DeskError, match="series 1 table 1 has a game with Re"):
        desk.set_kontra("off")
    assert desk.t.rules == EVENING


def _api(client: TestClient, path: str, key: str, status: int = 200, **body: Any) -> Any:
    r = client.post(path, json=body, headers={"X-Key": key})
    assert r.status_code == status, r.text
    return r.json()


def test_the_web_api_carries_kontra_from_creation_to_the_list(storage_where: str) -> None:  # noqa: F811
    with running(storage_where) as client:
        r = client.post("/api/t", json={"name": "Friday", "series": 1, "deals": 1,
                                        "kontra": "on", "players": list(PLAYERS)})  # fmt: skip
        assert r.status_code == 201, r.text
        tid, key = r.json()["id"], r.json()["key"]
        d = _api(client, f"/api/t/{tid}/director", key, action="seat", series=1, seed=1)
        assert d["kontra"] == "on" and d["rules"] == EVENING
        url = d["rounds"][0]["tables"][0]["url"]
        path, tkey = url.split("/t/", 1)[1].split("#")
        players = d["rounds"][0]["tables"][0]["players"]
        got = _api(client, f"/api/t/{path}", tkey, action="game", declarer=players[1],
                   contract="G", won=True, value=48, kontra="Re", entry="a")  # fmt: skip
        assert got["kontra"] == 2 and got["list"]["rows"][-1][-3:] == [0, 48 * 4 + 50, 0]
        refused = _api(client, f"/api/t/{path}", tkey, 422, action="game", declarer=players[2],
                       contract="G", won=True, value=48, kontra=3, entry="b")  # fmt: skip
        assert refused["error"].startswith("game 2: Supra is not allowed in this tournament")
        _api(client, f"/api/t/{path}", tkey, 400, action="game", declarer=players[2],
             contract="G", won=True, value=48, kontra="double", entry="c")  # fmt: skip
