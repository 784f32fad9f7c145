"""Verifiable dealing: the commitments the table publishes open with what the record and
the series' end reveal, and ``skat verify`` checks them (a changed card is caught)."""

from __future__ import annotations

import json
from pathlib import Path

from skat.cli.main import main
from skat.records.jsonrecord import state_to_json
from skat.server.protocol import dealing_view, revealed, state_message
from skat.server.table import Table, TableConfig


def _play_one_game(table: Table) -> None:
    number = table.series.number
    while table.series.number == number:
        player = table.to_move()
        assert player is not None and table.state is not None
        action = table.check(player, str(table.state.legal_actions()[0]), table.counter)
        table.apply(player, action)


def _record(tmp_path: Path, seed: int = 4) -> tuple[Path, dict[str, object], Table]:
    config = TableConfig.parse({"games": 1, "seats": ["human"] * 3}, seed=seed)
    table = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
    before = dealing_view(table)
    assert "seed" not in json.dumps(state_message(table, 0))  # not before the series ends
    _play_one_game(table)
    names = list(table.players)
    series = {"id": "t", "game": 1, "dealer": names[0], "players": names}
    meta = {"series": series, "dealing": revealed(table, 1)}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state_to_json(table.finished_games[0], meta)))
    return path, before, table


def test_the_commitment_published_before_the_game_opens_with_the_record(tmp_path: Path) -> None:
    path, before, table = _record(tmp_path)
    assert main(["verify", str(path), "--commitment", str(before["commitment"])]) == 0
    after = dealing_view(table)  # the series is over: seed and salt revealed
    assert after["series"] == before["series"] and after["seed"] == "4"
    code = main(["verify", str(path), "--seed", "4", "--salt", str(after["salt"]),
                 "--series", str(before["series"])])  # fmt: skip
    assert code == 0


def test_verify_finds_a_changed_card(tmp_path: Path) -> None:
    path, before, _ = _record(tmp_path)
    data = json.loads(path.read_text())
    data["meta"]["dealing"]["nonce"] = "0" * 64  # another nonce: the hash no longer opens
    path.write_text(json.dumps(data))
    assert main(["verify", str(path), "--commitment", str(before["commitment"])]) == 1


def test_verify_finds_another_seed(tmp_path: Path) -> None:
    path, _, table = _record(tmp_path)
    salt = str(dealing_view(table)["salt"])
    assert main(["verify", str(path), "--seed", "5", "--salt", salt]) == 1


def test_verify_says_in_one_line_what_is_missing(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("[]")
    assert main(["verify", str(bad)]) == 2
    assert main(["verify", str(tmp_path / "none.json")]) == 2
