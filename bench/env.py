"""Environment steps per second through the PettingZoo AEC API with random legal actions.

Each step is what a training loop does: ``env.last()`` (the observation vector and the action
mask of the agent to move), a random legal action id from the mask, ``env.step(action)``.  The
steps of agents that are done (``step(None)``) are not counted.  One core.

    python bench/env.py --steps 200000
    python bench/env.py --steps 200000 --rules pub --reward seeger
    python bench/env.py --api batch --steps 200000     # BatchEnv, 64 games a batch
    python bench/env.py --api search --steps 200000    # SkatState: tensor, legal ids, apply
    python bench/env.py --api games --steps 2000000    # GameBatch (numpy): whole games, 1024
    python bench/env.py --api fast --steps 2000000     # CardPlayBatch (numpy), 1024 games
    python bench/env.py --api openspiel --steps 200000 # OpenSpiel's C++ skat, observation as numpy
    python bench/env.py --api compare --steps 1000000 --clock cpu --write-docs docs/env.md

The last line is ``steps/s: X``.  ``compare`` is the benchmark of docs/env.md (*Speed beside
OpenSpiel*): OpenSpiel's C++ ``skat``, ``GameBatch``, ``CardPlayBatch``, ``python_skat`` and,
as a reference, OpenSpiel without the observation, in ``--rounds`` interleaved rounds in one
process; what it counts is a *player step*: one decision of a seat for which the simulator
hands over the observation vector and the legal-action mask as numpy arrays and takes a random
legal action (chance steps, the deal, are not counted).  It prints a Markdown table (between
markers; ``--write-docs PATH`` puts it into PATH), then ``games / openspiel: X`` and ``fast /
openspiel: X`` (ratios of the median player steps/s).  ``--clock cpu`` times
with this process's CPU time instead of the wall clock (steadier on a shared machine).
``games`` picks a random legal action id for every game at once from the 640-wide mask (a
small loop compiled with numba, else numpy), ``fast`` a random legal card (numpy); ``openspiel`` reads
``observation_tensor()`` and ``legal_actions_mask()`` into numpy arrays at every player move and
picks a random legal action, chance outcomes drawn at random and not counted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from skat.env import BatchEnv, SkatGame, aec_env
from skat.env.fast import CardPlayBatch
from skat.env.game_batch import GameBatch

clock = time.perf_counter
"""The clock of the runs: wall time, or this process's CPU time with ``--clock cpu``."""


def aec(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    env = aec_env(rules=rules, reward=reward)
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = games = 0
    start = clock()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            done += 1
        games += 1
        env.reset()
    return clock() - start, done, games


def batch(steps: int, rules: str, reward: str, seed: int, n: int = 64) -> tuple[float, int, int]:
    env = BatchEnv(n, rules=rules, reward=reward, seed=seed)
    _, mask, _ = env.reset()
    rng = random.Random(seed)
    done = 0
    start = clock()
    while done < steps:
        actions = []
        for m in mask:
            legal = np.flatnonzero(m)
            actions.append(int(legal[rng.randrange(len(legal))]))
        _, mask, _, _, _ = env.step(actions)
        done += n
    return clock() - start, done, env.games_finished


def _spiel_games(
    new_state: Callable[[], Any], observe: Callable[[Any], object], steps: int, seed: int
) -> tuple[float, int, int]:
    """Random games through OpenSpiel's state interface: at each player move ``observe(state)``,
    the legal actions, a random one applied; chance outcomes drawn at random, not counted."""
    rng = random.Random(seed)
    done = games = 0
    start = clock()
    while done < steps:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            observe(state)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
        games += 1
    return clock() - start, done, games


def search(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    """The OpenSpiel-style state: per move the information-state tensor, the legal ids, apply
    (as ``bench/openspiel_skat.py --observe`` does for OpenSpiel); chance steps not counted."""
    game = SkatGame(rules=rules, reward=reward)

    def observe(state: Any) -> object:
        return state.information_state_tensor(state.current_player())

    return _spiel_games(game.new_initial_state, observe, steps, seed)


def fast(
    steps: int, rules: str, reward: str, seed: int, n: int = 1024, contract: str = "G"
) -> tuple[float, int, int]:
    """CardPlayBatch: ``n`` games of card play, a random legal card each, drawn in numpy."""
    env = CardPlayBatch(n, contract=contract, rules=rules, reward=reward, seed=seed)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(seed)
    done = 0
    start = clock()
    while done < steps:
        actions = (rng.random((n, 32)) * mask[:, :32]).argmax(axis=1)
        _, mask, _, _, _ = env.step(actions)
        done += n
    return clock() - start, done, env.games_finished


def _kth_legal(mask: npt.NDArray[np.int8], u: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """Row by row: the ``int(u * count)``-th legal id of the row (a uniform random legal id)."""
    rows, ids = np.nonzero(mask)  # row by row
    counts = np.bincount(rows, minlength=len(mask))
    k = (u * counts).astype(np.int64)
    out: npt.NDArray[np.intp] = ids[np.cumsum(counts) - counts + k]
    return out


def _compiled_kth_legal() -> Callable[..., npt.NDArray[np.intp]]:
    """:func:`_kth_legal` compiled with numba (the ``research`` extra), else the numpy one."""
    try:
        import numba  # type: ignore[import-untyped, unused-ignore]
    except ImportError:  # pragma: no cover - numba is in the research extra
        return _kth_legal

    @numba.njit(cache=False)  # type: ignore[untyped-decorator, unused-ignore]
    def kth(mask: Any, u: Any) -> Any:
        n, m = mask.shape
        out = np.empty(n, np.int64)
        for i in range(n):
            count = 0
            for j in range(m):
                count += mask[i, j]
            k = int(u[i] * count)
            for j in range(m):
                if mask[i, j]:
                    if k == 0:
                        out[i] = j
                        break
                    k -= 1
        return out

    return kth  # type: ignore[no-any-return, unused-ignore]


def random_legal(rng: np.random.Generator, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """A uniform random legal id in every row of ``mask`` at once."""
    global _kth
    if _kth is None:
        _kth = _compiled_kth_legal()
        _kth(mask[:1], np.zeros(1))  # compiled before the clock starts
    return _kth(mask, rng.random(len(mask)))


_kth: Callable[..., npt.NDArray[np.intp]] | None = None


def whole_games(
    steps: int, rules: str, reward: str, seed: int, n: int = 1024
) -> tuple[float, int, int]:
    """GameBatch: ``n`` whole games, a random legal action id each, drawn in numpy."""
    env = GameBatch(n, rules=rules, reward=reward, seed=seed)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(seed)
    random_legal(rng, mask)  # compiled before the clock starts
    done = 0
    start = clock()
    while done < steps:
        _, mask, _, _, _ = env.step(random_legal(rng, mask))
        done += n
    return clock() - start, done, env.games_finished


def openspiel(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    """OpenSpiel's C++ ``skat`` from Python: per player move the observation tensor and the
    legal-actions mask as numpy arrays, a random legal action (``rules``/``reward`` unused)."""
    import pyspiel  # type: ignore[import-untyped, unused-ignore]

    game = pyspiel.load_game("skat")

    def observe(state: Any) -> object:
        obs = np.asarray(state.observation_tensor(), dtype=np.float32)
        return obs, np.asarray(state.legal_actions_mask(), dtype=np.int8)

    return _spiel_games(game.new_initial_state, observe, steps, seed)


def _report(api: str, seconds: float, steps: int, games: int) -> float:
    print(f"{api}: steps: {steps}, games: {games}, seconds: {seconds:.2f}")
    print(f"{api}: games/s: {games / seconds:,.0f}")
    print(f"{api}: steps/s: {steps / seconds:,.0f}")
    return steps / seconds


def openspiel_actions(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    """OpenSpiel's C++ ``skat`` with the legal actions only (no observation, no mask): a
    reference, not the benchmark's measure."""
    import pyspiel  # type: ignore[import-untyped, unused-ignore]

    game = pyspiel.load_game("skat")
    return _spiel_games(game.new_initial_state, lambda state: None, steps, seed)


def python_skat(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    """This package's game through OpenSpiel's Python-game API (``python_skat``): per player
    move the information-state tensor and the legal-actions mask as numpy arrays."""
    import pyspiel  # type: ignore[import-untyped, unused-ignore]

    import skat.env.openspiel  # noqa: F401  (registers python_skat)

    game = pyspiel.load_game(f"python_skat(rules={rules},reward={reward})")

    def observe(state: Any) -> object:
        player = state.current_player()
        obs = np.asarray(state.information_state_tensor(player), dtype=np.float32)
        return obs, np.asarray(state.legal_actions_mask(player), dtype=np.int8)

    return _spiel_games(game.new_initial_state, observe, steps, seed)


COMPARED: list[tuple[str, str, Callable[..., tuple[float, int, int]], float]] = [
    (
        "openspiel",
        "OpenSpiel `skat` (C++, stepped from Python), observation (299 floats) and mask",
        openspiel,
        0.1,
    ),
    ("games", "`GameBatch`, 1024 whole games, observation (2083 floats) and mask", whole_games, 1),
    (
        "fast",
        "`CardPlayBatch`, 1024 games of Grand (card play only), observation and mask",
        fast,
        1,
    ),
    (
        "python_skat",
        "`python_skat` (this package's game in OpenSpiel's Python API), tensor (2083) and mask",
        python_skat,
        0.004,
    ),
    (
        "openspiel-actions",
        "*reference, not the measure:* OpenSpiel `skat` (C++), legal actions only, no observation",
        openspiel_actions,
        0.2,
    ),
]
"""The simulators of ``--api compare``: key, row label, run, share of ``--steps`` a round."""

BLOCK_START = "<!-- bench/env.py --api compare: start -->"
BLOCK_END = "<!-- bench/env.py --api compare: end -->"
"""The markers of the block of docs/env.md that ``--write-docs`` rewrites."""


def _versions() -> str:
    import platform

    parts = [f"Python {platform.python_version()}", f"numpy {np.__version__}"]
    try:
        from importlib.metadata import version

        parts.append(f"open_spiel {version('open_spiel')}")
    except Exception:  # pragma: no cover - open_spiel is optional
        parts.append("open_spiel not installed")
    return ", ".join(parts)


def compare(args: argparse.Namespace) -> str:
    """Every simulator of :data:`COMPARED`, interleaved in ``--rounds`` rounds in this process;
    returns the Markdown block (also printed) and prints the two ratio lines last."""
    import datetime
    import os
    import statistics

    load_before = os.getloadavg()
    runs: dict[str, list[tuple[float, int, int]]] = {key: [] for key, *_ in COMPARED}
    for r in range(args.rounds):
        for key, _, run, share in COMPARED:
            steps = max(int(args.steps * share), 200)
            runs[key].append(run(steps, args.rules, args.reward, args.seed + r))
            _report(key, *runs[key][-1])
    load_after = os.getloadavg()
    rate = {k: [st / sec for sec, st, _ in v] for k, v in runs.items()}
    games = {k: [g / sec for sec, _, g in v] for k, v in runs.items()}
    per_game = {
        k: sum(st for _, st, _ in v) / max(sum(g for _, _, g in v), 1) for k, v in runs.items()
    }
    med = {k: statistics.median(v) for k, v in rate.items()}
    base = rate["openspiel"]
    clock_name = "CPU time of this process" if args.clock == "cpu" else "wall clock"
    lines = [
        BLOCK_START,
        f"Measured {datetime.date.today().isoformat()} with "
        f"`python bench/env.py --api compare --steps {args.steps} --rounds {args.rounds} "
        f"--clock {args.clock}` ({clock_name}; {args.rounds} rounds, each simulator once a "
        f"round in the order of the table); {os.cpu_count()} cores shared with other jobs, load "
        f"average {load_before[0]:.1f} before and {load_after[0]:.1f} after; {_versions()}.",
        "",
        "| simulator | steps a game | player steps/s (median) | games/s (median) "
        "| ÷ OpenSpiel, median (rounds) |",
        "|---|---|---|---|---|",
    ]
    for key, label, _, _ in COMPARED:
        ratios = ", ".join(f"{a / b:.2f}" for a, b in zip(rate[key], base, strict=True))
        finished = sum(g for _, _, g in runs[key])
        lines.append(
            f"| {label} | {f'{per_game[key]:.1f}' if finished else '–'} | {med[key]:,.0f} "
            f"| {statistics.median(games[key]):,.0f} | {med[key] / med['openspiel']:.2f} "
            f"({ratios}) |"
        )
    lines.append(BLOCK_END)
    block = "\n".join(lines)
    print(block)
    print(f"games / openspiel: {med['games'] / med['openspiel']:.1f}")
    print(f"fast / openspiel: {med['fast'] / med['openspiel']:.1f}")
    return block


def write_docs(path: str, block: str) -> None:
    """Replace the marked block of ``path`` (docs/env.md) by ``block``."""
    from pathlib import Path

    doc = Path(path)
    text = doc.read_text()
    at, end = text.find(BLOCK_START), text.find(BLOCK_END)
    if at < 0 or end < at:
        raise SystemExit(f"{path}: no block between {BLOCK_START} and {BLOCK_END}")
    doc.write_text(text[:at] + block + text[end + len(BLOCK_END) :])
    print(f"wrote the table into {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--reward", default="list")
    parser.add_argument("--seed", type=int, default=1)
    apis = ("aec", "batch", "search", "games", "fast", "openspiel", "compare")
    parser.add_argument("--api", choices=apis, default="aec")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--rounds", type=int, default=3, help="compare: rounds")
    parser.add_argument("--write-docs", metavar="PATH", help="compare: rewrite PATH's table")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.api == "compare":
        block = compare(args)
        if args.write_docs:
            write_docs(args.write_docs, block)
        return
    run = {
        "aec": aec,
        "batch": batch,
        "search": search,
        "games": whole_games,
        "fast": fast,
        "openspiel": openspiel,
    }[args.api]
    seconds, steps, games = run(args.steps, args.rules, args.reward, args.seed)
    print(f"api: {args.api}, rules: {args.rules}, reward: {args.reward}")
    print(f"steps: {steps}, games: {games}, seconds: {seconds:.2f}")
    print(f"games/s: {games / seconds:,.0f}")
    print(f"steps/s: {steps / seconds:,.0f}")


if __name__ == "__main__":
    main()
