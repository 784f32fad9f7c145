"""Check speed and memory of reading and checking ISS records.

Generates N random games (random legal moves by the engine under the ``iss`` rules, now and
then the declarer shows his cards or a party resigns), writes them with the ISS writer to a
temporary ``.sgf.bz2``, then streams the file through the reader and ``check`` the way
``skat replay --check`` does, and prints records/s and the peak RSS at a few points, so that
flat memory is visible (the peak must not grow with the number of records read).

    python bench/replay.py --records 100000

The last line is ``records/s: X``.
"""

from __future__ import annotations

import argparse
import bz2
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from skat.core import ISS, Deal, GameState, Resign
from skat.records.iss import RecordError, read_iss, write_iss
from skat.records.replay import ReplayError, check


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far, in MB (ru_maxrss is KB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def random_game(rng: random.Random) -> GameState:
    """A game of random legal moves; sometimes the cards are shown or a party resigns."""
    state = GameState(Deal.random(rng), ISS)
    while not state.is_over:
        ends = state.end_actions()
        if ends and rng.random() < 0.02:
            action = rng.choice(ends)
            seat = action.seat if isinstance(action, Resign) else state.declarer
            state.apply(action, seat)
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def generate(path: Path, n: int, seed: int) -> float:
    """Write ``n`` random records to ``path`` (bz2); returns the seconds it took."""
    rng = random.Random(seed)
    start = time.perf_counter()
    with bz2.open(path, "wt", encoding="utf-8") as f:
        for i in range(n):
            line = write_iss(
                random_game(rng),
                place="International Skat Server",
                id=str(i + 1),
                players=("p0", "p1", "p2"),
                date="2026-01-01/00:00:00/UTC",
            )
            f.write(line + "\n")
    return time.perf_counter() - start


def check_file(path: Path, n: int) -> tuple[int, int, int, int, float]:
    """Stream and check every record; prints the peak RSS at 10%, 50% and 100%."""
    checked = agree = differ = skipped = 0
    marks = {max(1, n // 10), max(1, n // 2)}
    start = time.perf_counter()
    for item in read_iss(path):
        if isinstance(item, RecordError):
            skipped += 1
            continue
        checked += 1
        try:
            diffs = check(item)
        except ReplayError as exc:
            differ += 1
            print(f"{item.label}: {exc}")
            continue
        if diffs:
            differ += 1
            print(f"{item.label}: " + "; ".join(str(d) for d in diffs))
        else:
            agree += 1
        if checked in marks:
            print(f"  after {checked:>9,} records: peak RSS {peak_rss_mb():.1f} MB")
    elapsed = time.perf_counter() - start
    print(f"  after {checked:>9,} records: peak RSS {peak_rss_mb():.1f} MB")
    return checked, agree, differ, skipped, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10000, help="number of games (10000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.sgf.bz2"
        gen = generate(path, args.records, args.seed)
        size = path.stat().st_size
        print(
            f"generated {args.records:,} records in {gen:.1f} s "
            f"({args.records / gen:,.0f}/s), {size / 1e6:.1f} MB bz2; "
            f"peak RSS {peak_rss_mb():.1f} MB"
        )
        checked, agree, differ, skipped, elapsed = check_file(path, args.records)
    print(f"checked: {checked}, agree: {agree}, differ: {differ}, skipped: {skipped}")
    print(f"seconds: {elapsed:.2f}, peak RSS: {peak_rss_mb():.1f} MB")
    print(f"records/s: {checked / elapsed:,.0f}")


if __name__ == "__main__":
    main()
