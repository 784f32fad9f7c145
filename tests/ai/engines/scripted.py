#!/usr/bin/env python3
"""A Skat engine for the arena's line protocol that does not import skat.

It plays a legal action chosen at random (seeded by each game's hello line), and logs every
line it receives to a file of its own in the directory $ENGINE_LOG when that is set.  Its first argument makes
it misbehave on the first ``ask``, for the tests of the arena's errors: ``garbage``,
``illegal``, ``sleep`` (never answers), ``crash`` (exits), ``late`` (answers after half a
second).
"""

import os
import random
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "play"
folder = os.environ.get("ENGINE_LOG")
log = open(os.path.join(folder, f"{os.getpid()}.log"), "w") if folder else None  # noqa: SIM115
rng = random.Random(0)


def main() -> None:
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        words = line.split()
        if words[0] == "hello":
            rng.seed(line)
        if words[0] != "ask":
            continue
        if mode == "garbage":
            print("hello there", flush=True)
        elif mode == "illegal":
            print("SJ" if "CJ" in words else "CJ", flush=True)
        elif mode == "sleep":
            time.sleep(60)
        elif mode == "crash":
            sys.exit(3)
        elif mode == "late":
            time.sleep(0.5)
            print(rng.choice(words[1:]), flush=True)
        else:
            print(rng.choice(words[1:]), flush=True)


if __name__ == "__main__":  # (not when pytest's doctest collection imports it)
    try:
        main()
    except BrokenPipeError:  # the arena stopped (after another engine's error): nothing to say
        sys.exit(0)
