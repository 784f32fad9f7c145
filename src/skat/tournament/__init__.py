"""Clubs and tournaments: players, seating, the tables' lists and their check, standings with
tie-breaks, team and category rankings, loss money and prizes, printable sheets and exports.
Uses :mod:`skat.core` for every game value and list entry and :mod:`skat.series` for the
seating order at a table.

>>> from skat.tournament import (Player, Tournament, Format, seat_by_lot, GameEntry, TableList,
...                              check_list, standings, dumps, loads)
>>> t = Tournament("Friday", tuple(Player(n) for n in ("Anna", "Ben", "Cora")), Format(series=1))
>>> t = t.with_seating(1, seat_by_lot(t.players, seed=1))
>>> table = t.round(1).seating.tables[0]
>>> games = (GameEntry(table.players[1], "G", True, 72),) + (GameEntry(None),) * 35
>>> t = t.with_list(TableList(1, 1, table.players, games))
>>> [(s.place, s.points) for s in standings(t).rows]
[(1, 122), (2, 0), (2, 0)]
>>> loads(dumps(t)) == t
True

See ``docs/tournament.md`` for organisers.
"""

from skat.tournament.archive import TournamentFileError, dumps, load, loads, save, to_dict
from skat.tournament.check import check_list, unchecked
from skat.tournament.export import from_csv, read_ods, to_csv, workbook, write_ods
from skat.tournament.games import Problem, Scored, score_game
from skat.tournament.kontra import SETTINGS as KONTRA_SETTINGS
from skat.tournament.kontra import setting_of as kontra_setting
from skat.tournament.kontra import with_kontra
from skat.tournament.listtext import ListTextError, format_list, parse_list
from skat.tournament.model import (
    LEAVERS,
    TEAM_MODES,
    Format,
    GameEntry,
    Money,
    Player,
    Round,
    Seating,
    Table,
    TableList,
    Tournament,
    TournamentError,
)
from skat.tournament.money import (
    Fees,
    Prize,
    format_cents,
    loss_money,
    parse_cents,
    player_fees,
    prize_list,
    table_fees,
)
from skat.tournament.pdf import to_pdf
from skat.tournament.points import TablePoints, game_entries, table_points
from skat.tournament.render import to_html, to_text
from skat.tournament.report import (
    Sheet,
    category_sheet,
    groups_sheet,
    list_sheet,
    money_sheet,
    player_cards,
    prize_sheet,
    seating_sheet,
    standings_sheet,
)
from skat.tournament.season import (
    EVENING_RULES,
    GUESTS,
    SEASON_TIEBREAKS,
    Evening,
    Member,
    Season,
    SeasonStanding,
    SeasonStandings,
    season_dumps,
    season_loads,
    season_sheet,
    season_standings,
)
from skat.tournament.seating import (
    SeatingError,
    seat_by_lot,
    seat_by_plan,
    seat_by_standings,
    table_sizes,
)
from skat.tournament.standings import (
    DSKV_TIEBREAKS,
    TIEBREAKS,
    GroupStanding,
    SeriesResult,
    Standing,
    Standings,
    category_standings,
    group_standings,
    rank,
    series_results,
    standings,
)
from skat.tournament.values import outcomes

__all__ = [
    "DSKV_TIEBREAKS",
    "EVENING_RULES",
    "GUESTS",
    "KONTRA_SETTINGS",
    "LEAVERS",
    "SEASON_TIEBREAKS",
    "TEAM_MODES",
    "TIEBREAKS",
    "Evening",
    "Fees",
    "Format",
    "GameEntry",
    "GroupStanding",
    "ListTextError",
    "Member",
    "Money",
    "Player",
    "Prize",
    "Problem",
    "Round",
    "Scored",
    "Season",
    "SeasonStanding",
    "SeasonStandings",
    "Seating",
    "SeatingError",
    "SeriesResult",
    "Sheet",
    "Standing",
    "Standings",
    "Table",
    "TableList",
    "TablePoints",
    "Tournament",
    "TournamentError",
    "TournamentFileError",
    "category_sheet",
    "category_standings",
    "check_list",
    "dumps",
    "format_cents",
    "format_list",
    "from_csv",
    "game_entries",
    "group_standings",
    "groups_sheet",
    "kontra_setting",
    "list_sheet",
    "load",
    "loads",
    "loss_money",
    "money_sheet",
    "outcomes",
    "parse_cents",
    "parse_list",
    "player_cards",
    "player_fees",
    "prize_list",
    "prize_sheet",
    "rank",
    "read_ods",
    "save",
    "score_game",
    "season_dumps",
    "season_loads",
    "season_sheet",
    "season_standings",
    "seat_by_lot",
    "seat_by_plan",
    "seat_by_standings",
    "seating_sheet",
    "series_results",
    "standings",
    "standings_sheet",
    "table_fees",
    "table_points",
    "table_sizes",
    "to_csv",
    "to_dict",
    "to_html",
    "to_pdf",
    "to_text",
    "unchecked",
    "with_kontra",
    "workbook",
    "write_ods",
]
