"""``skat arena --variant V`` with ``--jobs``, ``--out`` and ``--resume`` (issue 36): the
figures do not depend on the processes, every game is a record that replays, and a run cut
off (a half-written last line, an unfinished deal) goes on to the file and the figures of one
run never interrupted; a file of another run is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from .variantdriver import run_skat

ARENA = ["arena", "--agents", "heuristic,random", "--deals", "4", "--seed", "3"]


@pytest.mark.parametrize(("variant", "games"), [("strohmann", 2), ("tournee", 6)])
def test_two_processes_give_the_figures_of_one_and_every_game_replays(
    variant: str, games: int, tmp_path: Path
) -> None:
    one = run_skat([*ARENA, "--variant", variant, "--jobs", "1"], tmp_path)
    two = run_skat([*ARENA, "--variant", variant, "--jobs", "2", "--out", "a.jsonl"], tmp_path)
    assert one.returncode == 0 and two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    assert len((tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()) == 4 * games
    check = run_skat(["replay", "--check", "a.jsonl"], tmp_path)
    assert f"checked: {4 * games}, agree: {4 * games}, differ: 0" in check.stdout


def test_a_run_cut_off_goes_on_to_the_file_and_figures_of_one_run(tmp_path: Path) -> None:
    whole = run_skat([*ARENA, "--variant", "officers", "--jobs", "1", "--out", "a.jsonl"], tmp_path)
    assert whole.returncode == 0
    lines = (tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    # deal 0 and 1 whole, one game of deal 2, and half of the next line (a killed run)
    (tmp_path / "b.jsonl").write_text("".join(lines[:5]) + lines[5][:40], encoding="utf-8")
    again = run_skat(
        [*ARENA, "--variant", "officers", "--jobs", "1", "--out", "b.jsonl", "--resume"], tmp_path
    )
    assert again.returncode == 0, again.stderr
    assert "b.jsonl: 2 games of unfinished deals dropped" in again.stderr
    assert again.stdout == whole.stdout
    assert (tmp_path / "b.jsonl").read_bytes() == (tmp_path / "a.jsonl").read_bytes()


def test_a_file_of_another_run_or_kept_games_are_refused_in_one_line(tmp_path: Path) -> None:
    first = run_skat([*ARENA, "--variant", "officers", "--jobs", "1", "--out", "a.jsonl"], tmp_path)
    assert first.returncode == 0
    before = (tmp_path / "a.jsonl").read_bytes()
    agents = [*ARENA[:2], "heuristic,pimc", *ARENA[3:]]
    other = run_skat([*agents, "--variant", "officers", "--out", "a.jsonl", "--resume"], tmp_path)
    assert other.returncode == 2
    assert other.stderr.strip() == (
        'skat arena: error: a.jsonl is another run\'s: agents is ["heuristic", "random"] there,'
        ' ["heuristic", "pimc"] here'
    )
    kept = run_skat([*ARENA, "--variant", "officers", "--out", "a.jsonl"], tmp_path)
    assert kept.returncode == 2 and "a.jsonl already holds games: --resume" in kept.stderr
    assert (tmp_path / "a.jsonl").read_bytes() == before
