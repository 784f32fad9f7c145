"""Train Skat card play with Deep Monte-Carlo (DouZero's method) in numpy, then evaluate it in
``skat arena`` on duplicate deals.

The learner is :mod:`skat.env.learn`: Q(s, a) for each card from a small MLP, trained on the
reward each seat was paid at the end of its game (Seeger-Fabian points, the arena's measure,
divided by 100).  Every training game starts at the first card with the contract three
heuristic players bid and declared (``BatchEnv(contract="heuristic")``, the contracts of
``skat arena --contract oracle``); ``--sim cardplay`` steps ``CardPlayBatch`` (one contract,
pure numpy) instead.  ``--mode selfplay`` learns from all three seats; ``--mode fixed`` seats
the learner once per game against two ``--opponent`` players.

Every ``--eval-every`` CPU-minutes the checkpoint plays ``--eval-deals`` duplicate deals of
``skat arena --contract oracle`` against ``--eval-against``: that is the curve (a CSV and an
SVG plot, ``--curve``).  At the end it plays ``--final-deals`` deals against random and
against the heuristic.  The checkpoint (``--checkpoint``) loads in the arena as
``skat.env.learn:dmc`` with ``SKAT_DMC_CHECKPOINT=<path>``.

    nice -n 15 python examples/train_dmc.py --minutes 60 --checkpoint dmc.npz --curve docs/images/dmc

The last lines are the arena's ``diff: +X ± Y TP/game (95% CI), deals: N``, the first against
random, the last against the heuristic.  Time is this process's CPU time (one core); the
evaluation's is not counted in ``--minutes``.
"""

from __future__ import annotations

import os

# One BLAS thread: a 64-row matrix product split over threads of a busy machine waits for
# them (30 ms instead of 1 ms a forward pass); set before numpy is imported.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import csv  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from skat.ai.arena import Options, make_agent, run_arena  # noqa: E402
from skat.env.fast import CardPlayBatch  # noqa: E402
from skat.env.learn import CHECKPOINT_ENV, DmcTrainer, Mlp, OracleStarts, TrainLog, features  # noqa: E402

AGENT = "skat.env.learn:dmc"
"""The trained agent's name in the arena (``module:callable``)."""


def arena(against: str, deals: int, seed: int) -> tuple[float, float, str]:
    """The arena at oracle contracts: (diff, ci, last line) of the checkpoint against
    ``against``."""
    report = run_arena([AGENT, against], deals=deals, seed=seed, options=Options(contract="oracle"))
    return report.diff, report.ci95, report.last_line()


def svg_plot(points: list[tuple[float, float, float]], title: str, path: Path) -> None:
    """A line plot with 95 % error bars as a hand-written SVG (no matplotlib needed)."""
    w, h, left, bottom, top, right = 640, 360, 60, 40, 30, 20
    xs = [p[0] for p in points] or [0.0]
    lows = [p[1] - p[2] for p in points] or [0.0]
    highs = [p[1] + p[2] for p in points] or [1.0]
    x0, x1 = 0.0, max(max(xs), 1e-9)
    y0, y1 = min(min(lows), 0.0), max(max(highs), 0.0)
    y0, y1 = y0 - 0.05 * (y1 - y0 + 1), y1 + 0.05 * (y1 - y0 + 1)

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * (w - left - right)

    def sy(y: float) -> float:
        return h - bottom - (y - y0) / (y1 - y0) * (h - bottom - top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="18" text-anchor="middle">{title}</text>',
        f'<line x1="{left}" y1="{sy(0):.1f}" x2="{w - right}" y2="{sy(0):.1f}" stroke="#999"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="black"/>',
        f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="black"/>',
        f'<text x="{w / 2}" y="{h - 8}" text-anchor="middle">training CPU-minutes</text>',
        f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" '
        'text-anchor="middle">TP/game difference (95 % CI)</text>',
    ]
    for k in range(6):
        y = y0 + (y1 - y0) * k / 5
        parts.append(f'<text x="{left - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{y:+.0f}</text>')
        x = x0 + (x1 - x0) * k / 5
        parts.append(
            f'<text x="{sx(x):.1f}" y="{h - bottom + 16}" text-anchor="middle">{x:.3g}</text>'
        )
    line = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y, _ in points)
    parts.append(f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    for x, y, ci in points:
        parts.append(
            f'<line x1="{sx(x):.1f}" y1="{sy(y - ci):.1f}" x2="{sx(x):.1f}" '
            f'y2="{sy(y + ci):.1f}" stroke="#1f77b4"/>'
        )
        parts.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="#1f77b4"/>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="training CPU-minutes")
    parser.add_argument("--sim", choices=("heuristic", "cardplay"), default="heuristic")
    parser.add_argument("--contract", default="G", help="--sim cardplay: the contract")
    parser.add_argument("--mode", choices=("selfplay", "fixed"), default="selfplay")
    parser.add_argument("--opponent", default="heuristic", help="--mode fixed: the opponents")
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--repeat", type=int, default=4, help="games per heuristic start")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--eps", type=float, default=0.05, help="exploration")
    parser.add_argument("--train-every", type=int, default=4096, help="decisions a round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checkpoint", type=Path, default=Path("dmc.npz"))
    parser.add_argument("--resume", action="store_true", help="go on from --checkpoint")
    parser.add_argument("--report-every", type=float, default=1.0, help="CPU-minutes")
    parser.add_argument("--eval-every", type=float, default=0.0, help="CPU-minutes (0: never)")
    parser.add_argument("--eval-deals", type=int, default=100)
    parser.add_argument("--eval-against", default="random")
    parser.add_argument("--final-deals", type=int, default=300)
    parser.add_argument("--curve", type=Path, default=None, help="write CURVE.csv, CURVE.svg")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    if args.resume and args.checkpoint.exists():
        net, meta = Mlp.load(args.checkpoint)
        done_minutes = float(meta.get("cpu_minutes", 0.0))
        print(f"resumed from {args.checkpoint} at {done_minutes:.1f} CPU-min")
    else:
        from skat.env.learn import FEATURES

        net, done_minutes = Mlp.new(FEATURES, 32, args.hidden, rng), 0.0
    if args.sim == "heuristic":
        sim = OracleStarts(args.games, repeat=args.repeat, seed=args.seed, reward="seeger")
    else:
        sim = CardPlayBatch(args.games, contract=args.contract, reward="seeger", seed=args.seed)
    opponent = None
    if args.mode == "fixed":
        name = args.opponent

        def opponent(seed: int) -> object:  # type: ignore[misc]
            return make_agent(name, seed)

    trainer = DmcTrainer(
        sim,
        net,
        mode=args.mode,
        opponent=opponent,  # type: ignore[arg-type]
        eps=args.eps,
        lr=args.lr,
        train_every=args.train_every,
        seed=args.seed,
    )
    os.environ[CHECKPOINT_ENV] = str(args.checkpoint.resolve())
    curve: list[tuple[float, float, float]] = []
    rows: list[list[object]] = []

    def save(minutes: float) -> None:
        net.save(args.checkpoint, cpu_minutes=minutes, hidden=args.hidden)

    def report(line: TrainLog) -> None:
        minutes = done_minutes + line.cpu_minutes
        print(
            f"{minutes:6.1f} CPU-min: games {line.games}, decisions {line.decisions}, "
            f"loss {line.loss:.4f}, {line.steps_per_s:,.0f} decisions/s",
            flush=True,
        )
        rows.append([f"{minutes:.2f}", line.games, line.decisions, f"{line.loss:.5f}", "", ""])

    def write_curve() -> None:
        """The curve so far (rewritten after every evaluation: a run stopped keeps it)."""
        if args.curve is None:
            return
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        with open(args.curve.with_suffix(".csv"), "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["cpu_minutes", "games", "decisions", "loss", "diff", "ci95"])
            out.writerows(rows)
        title = f"DMC card play vs {args.eval_against}, skat arena --contract oracle"
        svg_plot(curve, title, args.curve.with_suffix(".svg"))

    budget = args.minutes * 60.0
    every = args.eval_every * 60.0 if args.eval_every > 0 else budget
    spent = 0.0
    wall = time.perf_counter()
    while spent < budget - 1e-9:
        chunk = min(every, budget - spent)
        trainer.run(chunk, report_every=args.report_every * 60.0, on_report=report)
        spent += chunk
        save(done_minutes + spent / 60.0)
        if args.eval_every > 0:
            diff, ci, last = arena(args.eval_against, args.eval_deals, seed=1000 + len(curve))
            curve.append((done_minutes + spent / 60.0, diff, ci))
            rows.append(
                [f"{done_minutes + spent / 60:.2f}", "", "", "", f"{diff:.2f}", f"{ci:.2f}"]
            )
            print(f"  eval vs {args.eval_against}: {last}", flush=True)
        write_curve()
    loop = trainer.decisions / max(budget, 1e-9)
    sim_share = trainer.sim_seconds / max(budget, 1e-9)
    print(
        f"trained {trainer.games} games, {trainer.decisions} decisions in "
        f"{args.minutes:.1f} CPU-min ({time.perf_counter() - wall:.0f} s wall with evaluations)"
    )
    print(
        f"whole loop: {loop:,.0f} learner decisions/s; the simulator's step took "
        f"{100 * sim_share:.0f} % of the CPU time ({trainer.decisions / max(trainer.sim_seconds, 1e-9):,.0f} "
        "decisions per simulator CPU-second)"
    )
    if args.curve is not None:
        print(f"curve: {args.curve.with_suffix('.csv')}, {args.curve.with_suffix('.svg')}")
    if args.final_deals > 0:
        for against in ("random", "heuristic"):
            print(f"vs {against}: {arena(against, args.final_deals, seed=1)[2]}", flush=True)
    _ = features  # the features the checkpoint expects: skat.env.learn.features


if __name__ == "__main__":
    main()
