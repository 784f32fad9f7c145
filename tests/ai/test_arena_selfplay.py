"""``skat selfplay``: self-play records to files, the same whatever backend plays them."""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.ai.selfplay import iter_selfplay, selfplay_deal
from skat.cli.main import main
from skat.records.jsonrecord import load_json


def _lines(folder: Path) -> list[str]:
    return [
        line for f in sorted(folder.glob("games-*.jsonl")) for line in f.read_text().splitlines()
    ]


def test_selfplay_writes_one_record_a_game_in_files_of_per_file(tmp_path: Path, capsys) -> None:
    code = main(["selfplay", "--agent", "random", "--deals", "5", "--per-file", "2",
                 "--seed", "3", "--out", str(tmp_path), "--jobs", "1"])  # fmt: skip
    assert code == 0 and "5 games of random" in capsys.readouterr().out
    assert sorted(f.name for f in tmp_path.iterdir()) == [
        "games-000000.jsonl", "games-000001.jsonl", "games-000002.jsonl", "selfplay.json"
    ]  # fmt: skip
    lines = _lines(tmp_path)
    assert len(lines) == 5
    first = load_json(lines[0])
    assert first.state.deal == selfplay_deal(3, 0) and first.state.is_over


def test_selfplay_records_do_not_depend_on_the_number_of_processes(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    for folder, jobs in ((one, "1"), (two, "2")):
        assert main(["selfplay", "--agent", "heuristic", "--deals", "3", "--seed", "9",
                     "--out", str(folder), "--jobs", jobs]) == 0  # fmt: skip
    assert _lines(one) == _lines(two)


def test_selfplay_split_runs_join_to_the_whole_run() -> None:
    whole = list(iter_selfplay("random", deals=4, seed=2, recorder=lambda s, m: str(s.history)))
    parts = [
        *iter_selfplay("random", deals=2, seed=2, recorder=lambda s, m: str(s.history)),
        *iter_selfplay("random", deals=2, first=2, seed=2, recorder=lambda s, m: str(s.history)),
    ]
    assert parts == whole


def test_selfplay_bad_agent_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    assert main(["selfplay", "--agent", "nobody", "--deals", "1", "--out", str(tmp_path)]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err


@pytest.mark.ray
def test_selfplay_on_ray_gives_the_same_records(tmp_path: Path, ray_local) -> None:
    from skat.cli.arena import record  # importable by Ray's workers, unlike this module

    local = list(iter_selfplay("heuristic", deals=3, seed=1, recorder=record))
    on_ray = list(iter_selfplay("heuristic", deals=3, seed=1, recorder=record, jobs=2, ray="local"))
    assert on_ray == local
