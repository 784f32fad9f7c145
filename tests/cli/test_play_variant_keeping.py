"""What ``skat play --variant`` keeps (issue 36): the PIMC level, the review after a game
by its letter, ``--records`` (replayed by ``skat replay --check``, listed by ``skat list``,
reviewed by ``skat play --review``), ``--save``/``--load`` (a series resumed where it was
left ends as the one played through), and one-line errors for a damaged saved series."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .variantdriver import play_variant_lines, run_skat


def _totals(lines: list[str], n: int) -> list[str]:
    """The lines of the list after game ``n`` (``You: 12`` …)."""
    at = lines.index(f"The list after game {n}:")
    return [line.strip() for line in lines[at + 1 :] if line.startswith("  ") and ": " in line][:3]


@pytest.mark.parametrize("variant", ["strohmann", "officers", "tournee"])
def test_the_pimc_level_plays_a_variant_to_its_end(variant: str, tmp_path: Path) -> None:
    args = ["--variant", variant, "--plain", "--seed", "5", "--games", "1", "--level", "pimc"]
    lines, status = play_variant_lines(args, tmp_path)
    assert status == 0 and lines[-1] == "End of the series."
    assert any(line.startswith("Result: ") for line in lines)


def test_the_review_of_a_game_is_a_letter_after_it(tmp_path: Path) -> None:
    args = ["--variant", "tournee", "--plain", "--seed", "4", "--games", "1"]
    lines, status = play_variant_lines(args, tmp_path, first={"After game 1 >": ["b"]})
    assert status == 0 and lines[-1] == "End of the series."
    assert "  a) end of the series" in lines and "  b) review of the game" in lines
    review = lines.index(next(line for line in lines if line.startswith("  Review")))
    assert lines[review + 1].lstrip().startswith("Forehand")  # each hand as dealt
    assert any(line.lstrip().startswith("Skat: ") for line in lines[review:])
    tricks = [line for line in lines[review:] if re.match(r"^\s+\d+\. ", line)]
    assert tricks and all("→" in line for line in tricks)
    assert lines.count("After game 1 >") == 2  # the question again after the review


def test_quitting_after_a_game_is_asked_once(tmp_path: Path) -> None:
    args = ["--variant", "officers", "--plain", "--seed", "4", "--games", "3"]
    lines, status = play_variant_lines(
        args, tmp_path, first={"After game 1 >": ["c", "c"], "Quit the series? (y/n) >": ["n"]}
    )
    assert status == 0
    assert lines.count("Quit the series? (y/n) >") == 2  # "n" plays on, "y" (the driver) ends
    assert lines[-4:-3] == ["Series ended."] and "The list after game 1:" in lines
    assert "Officers' Skat · game 2 of 3 · seed 4" not in lines


def test_a_saved_series_resumes_where_it_was_left_as_if_played_through(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    whole.mkdir()
    common = ["--variant", "officers", "--plain", "--seed", "4", "--games", "3"]
    straight, status = play_variant_lines([*common, "--records", "r.jsonl"], whole)
    assert status == 0
    parts = tmp_path / "parts"
    parts.mkdir()
    first, status = play_variant_lines(
        [*common, "--records", "r.jsonl", "--save", "s.json"],
        parts,
        first={"After game 1 >": ["c", "y"]},
    )
    assert (
        status == 0
        and "The series is saved in s.json: skat play --load s.json goes on with it." in first
    )
    saved = json.loads((parts / "s.json").read_text(encoding="utf-8"))
    assert saved["played"] == 1 and saved["variant"] == "officers"
    # --load alone: the variant, seed, games, level and records file are the saved ones
    rest, status = play_variant_lines(["--load", "s.json", "--plain"], parts)
    assert status == 0 and rest[0] == "Officers' Skat · game 2 of 3 · seed 4"
    assert _totals(rest, 3) == _totals(straight, 3)
    assert json.loads((parts / "s.json").read_text(encoding="utf-8"))["played"] == 3
    assert (parts / "r.jsonl").read_text(encoding="utf-8") == (whole / "r.jsonl").read_text(
        encoding="utf-8"
    )
    over = run_skat(["play", "--load", "s.json", "--plain"], parts)
    assert over.returncode == 2
    assert (
        over.stderr.strip() == "skat play: error: the series in s.json is over (all 3 games played)"
    )


@pytest.mark.parametrize("variant", ["strohmann", "officers", "tournee"])
def test_the_records_of_a_series_replay_list_and_review(variant: str, tmp_path: Path) -> None:
    args = ["--variant", variant, "--plain", "--seed", "6", "--games", "2", "--records", "r.jsonl"]
    lines, status = play_variant_lines(args, tmp_path)
    assert status == 0
    records = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(r)["meta"]["id"] for r in records] == ["6-1", "6-2"]
    check = run_skat(["replay", "--check", "r.jsonl"], tmp_path)
    assert check.returncode == 0 and "checked: 2, agree: 2, differ: 0" in check.stdout
    listed = run_skat(["list", "r.jsonl"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    head, *rows = listed.stdout.splitlines()
    total = next(r for r in rows if r.strip().startswith("total"))
    # the list's totals are the session's: each person's column
    people = head.split()[-(len(total.split()) - 1) :]
    session = dict(t.split(": ") for t in _totals(lines, 2))
    assert {p: int(v) for p, v in zip(people, total.split()[1:], strict=True)} == {
        p: int(v) for p, v in session.items() if p in people
    }
    assert "Dummy" not in head  # the Strohmann dummy has no column
    review = run_skat(["play", "--review", "r.jsonl"], tmp_path)
    assert review.returncode == 0, review.stderr
    out = review.stdout.splitlines()
    assert out.count("ID 6-1:") == 1 and out.count("ID 6-2:") == 1
    assert sum(line.startswith("  Review") for line in out) == 2
    one = run_skat(["--lang", "de", "play", "--review", "r.jsonl", "--id", "6-2"], tmp_path)
    assert one.stdout.splitlines()[0] == "ID 6-2:" and "Rückblick" in one.stdout


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (
            '{"format": "skat-variant-series", "version": 1',
            "not a saved series of a variant (skat play --variant ... --save)",
        ),
        (
            '{"format": "skat-variant-series", "version": 7, "variant": "officers"}',
            "version: 7 is not a version this skat reads (1)",
        ),
        (
            '{"format": "skat-variant-series", "version": 1, "variant": "officers", "seed": 1,'
            ' "games": 2, "played": 5, "totals": [0, 0]}',
            "played: 5 games, but the series has 2",
        ),
        (
            '{"format": "skat-variant-series", "version": 1, "variant": "tournee", "seed": 1,'
            ' "games": 2, "played": 1, "totals": [0, "x", 0]}',
            "totals: a list of 3 whole numbers (one per player)",
        ),
    ],
)
def test_a_damaged_saved_series_is_one_line_and_stays_as_it_was(
    content: str, why: str, tmp_path: Path
) -> None:
    path = tmp_path / "s.json"
    path.write_text(content, encoding="utf-8")
    proc = run_skat(["play", "--load", "s.json", "--plain"], tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"skat play: error: cannot load s.json: {why}"
    assert path.read_text(encoding="utf-8") == content


def test_a_saved_series_of_another_variant_is_refused(tmp_path: Path) -> None:
    _, status = play_variant_lines(
        ["--variant", "officers", "--plain", "--seed", "2", "--games", "2", "--save", "s.json"],
        tmp_path,
        first={"After game 1 >": ["c", "y"]},
    )
    assert status == 0
    proc = run_skat(["play", "--variant", "tournee", "--load", "s.json"], tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "skat play: error: s.json is a saved series of officers, not of tournee"
    )
