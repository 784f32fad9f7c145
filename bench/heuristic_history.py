"""The heuristic player against an earlier version of itself, taken from the git history.

    python bench/heuristic_history.py --commit 1714d32 --deals 1000 --seed 2

Writes ``src/skat/ai/heuristic.py`` as it was at ``--commit`` (the heuristic was one module
until it became the package ``skat.ai.heuristic``) to a temporary folder and runs ``skat arena
--agents heuristic,heuristic_then:HeuristicAgent`` on duplicate deals; the last line is the
current version's lead in tournament points per game with its 95 % confidence interval.  Needs
a clone with its history (``git`` on PATH).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from arena_runs import parser, run

ROOT = Path(__file__).resolve().parent.parent
OLD_PATH = "src/skat/ai/heuristic.py"


def old_source(commit: str) -> str:
    """The heuristic module's text at ``commit``; a one-line error when git cannot give it."""
    proc = subprocess.run(
        ["git", "show", f"{commit}:{OLD_PATH}"], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["git failed"])[0]
        raise SystemExit(f"heuristic_history: no {OLD_PATH} at {commit}: {first}")
    return proc.stdout


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__ or "", deals=1000, seed=2)
    p.add_argument("--commit", default="1714d32", help="the earlier version (default 1714d32)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "heuristic_then.py").write_text(old_source(args.commit), encoding="utf-8")
        sys.path.insert(0, folder)
        return run("heuristic,heuristic_then:HeuristicAgent", args)


if __name__ == "__main__":
    sys.exit(main())
