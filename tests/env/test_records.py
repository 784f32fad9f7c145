"""skat.env.records: (observation, mask, action) samples from ISS and JSON records, each record
validated by replay, deduplicated by deal."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np

from skat.core import Deal, GameState
from skat.env import action_of, encode, observation_of
from skat.env.records import Sample, samples
from skat.records import IssRecord, read_iss, replay, state_to_json

REAL = Path(__file__).parent.parent / "data" / "iss" / "real.sgf"


def _by_record(got: list[Sample]) -> dict[str, list[Sample]]:
    out: dict[str, list[Sample]] = {}
    for s in got:
        out.setdefault(s.record, []).append(s)
    return out


def test_the_real_iss_records_give_the_decisions_that_replay_each_game() -> None:
    stats: Counter[str] = Counter()
    got = list(samples(REAL, stats=stats))
    records = [r for r in read_iss(REAL) if isinstance(r, IssRecord)]
    assert stats["records"] == len(records) == 59
    assert stats["used"] + stats["duplicate"] + stats["skipped"] + stats["invalid"] == 59
    assert stats["used"] >= 50 and stats["samples"] == len(got) > 1000
    per_record = _by_record(got)
    for record in records:
        if record.label not in per_record:
            continue
        game = replay(record).state
        state = GameState(game.deal, game.rules)
        for sample in per_record[record.label]:
            assert sample.seat == state.to_move and sample.mask[sample.action] == 1
            assert int(sample.mask.sum()) == len(state.legal_actions())
            view = state.view(sample.seat)
            assert np.array_equal(sample.observation, encode(observation_of(view)))
            state.apply(action_of(sample.action))
        assert [(e.seat, e.action) for e in state.history] == [
            (e.seat, e.action) for e in game.history[: len(state.history)]
        ]


def test_a_deal_seen_before_is_used_once() -> None:
    records = list(read_iss(REAL))
    stats: Counter[str] = Counter()
    twice = list(samples(records + records[:10], stats=stats))
    assert stats["duplicate"] == 10 and len(twice) == len(list(samples(records)))


def test_a_record_whose_result_disagrees_with_the_replay_gives_nothing() -> None:
    line = next(line for line in REAL.read_text().splitlines() if "v:-96 " in line)
    stats: Counter[str] = Counter()
    assert list(samples(read_iss([line.replace("v:-96 ", "v:-90 ")]), stats=stats)) == []
    assert stats["invalid"] == 1
    assert len(list(samples(read_iss([line, "(;GM[Skat"])))) > 0


def _random_game(seed: int) -> GameState:
    rng = random.Random(seed)
    game = GameState(Deal.random(rng))
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_json_records_from_files_and_objects_give_every_decision(tmp_path: Path) -> None:
    games = [_random_game(seed) for seed in range(6)]
    records = [state_to_json(g, {"id": f"g{k}"}) for k, g in enumerate(games)]
    (tmp_path / "games.jsonl").write_text("\n".join(json.dumps(r) for r in records) + "\n")
    (tmp_path / "games.json").write_text(json.dumps(records))
    for source in (tmp_path / "games.jsonl", str(tmp_path / "games.json"), records):
        got = _by_record(list(samples(source)))
        assert sorted(got) == [f"g{k}" for k in range(6)]
        for k, g in enumerate(games):
            assert [action_of(s.action) for s in got[f"g{k}"]] == [e.action for e in g.history]
    result = records[0]["result"]
    wrong = dict(
        records[0], result=dict(result, seat_scores=[s + 1 for s in result["seat_scores"]])
    )
    stats: Counter[str] = Counter()
    assert list(samples([wrong, "not json"], stats=stats)) == [] and stats["invalid"] == 2


def _random_games(k: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    games = []
    for _ in range(k):
        state = GameState(Deal.random(rng))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        games.append(state)
    return games


def test_every_sample_carries_its_seats_reward_game_and_step() -> None:
    from skat.env import rewards

    finals = {g.label: replay(g).state for g in read_iss(REAL)}
    got = list(samples(REAL, reward="seeger"))
    penalties = 0
    for s in got:
        result = finals[s.record].result
        if result is None:  # a timeout or a player leaving before the declaration
            assert s.reward == 0.0
            penalties += 1
        else:
            assert s.reward == rewards(result, "seeger")[s.seat]
    assert 0 < penalties < len(got) / 10
    by_game = _by_record(got)
    for game in by_game.values():
        assert [s.step for s in game] == list(range(len(game)))
        assert len({s.game for s in game}) == 1
    assert sorted({s.game for s in got}) == list(range(len(by_game)))


def test_the_samples_file_holds_the_documented_arrays(tmp_path: Path) -> None:
    """``skat samples`` on an ISS file and a JSON-lines file: the npz schema of docs/env.md,
    every row equal to the sample it came from."""
    import subprocess
    import sys

    from skat.env.records import SCHEMA

    lines = tmp_path / "games.jsonl"
    lines.write_text(
        "".join(
            json.dumps(state_to_json(g, {"id": f"j{k}"})) + "\n"
            for k, g in enumerate(_random_games(4, 3))
        )
    )
    out = tmp_path / "samples.npz"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "skat.cli.main",
            "samples",
            str(REAL),
            str(lines),
            "--out",
            str(out),
            "--reward",
            "points",
        ],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{out}: ") and "of 63 games" in done.stdout
    data = np.load(out)
    assert sorted(data.files) == sorted(SCHEMA)
    expected = list(samples(REAL, reward="points")) + list(samples(lines, reward="points"))
    assert len(data["action"]) == len(expected)
    meta = json.loads(str(data["meta"]))
    assert meta["reward"] == "points" and meta["counts"]["used"] == 63
    for k in (0, 500, len(expected) - 1):
        s = expected[k]
        assert np.array_equal(data["observation"][k], s.observation.astype(np.uint8))
        assert np.array_equal(data["mask"][k], s.mask.astype(np.uint8))
        assert (data["action"][k], data["seat"][k], data["reward"][k]) == (
            s.action,
            s.seat,
            np.float32(s.reward),
        )
    assert data["record"][data["game"][-1]] == "j3"
