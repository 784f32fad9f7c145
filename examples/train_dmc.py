"""Train Skat card play in numpy: behaviour cloning of the heuristic as a warm start, then Deep
Monte-Carlo (DouZero's method); evaluate it in ``skat arena`` on duplicate deals.

The learner is :mod:`skat.env.learn`: Q(s, a) for each card from a small MLP, trained on the
reward each seat was paid at the end of its game (Seeger-Fabian points, the arena's measure,
divided by 100).  Every training game starts at the first card with the contract three
heuristic players bid and declared (``BatchEnv(contract="heuristic")``, the contracts of
``skat arena --contract oracle``); ``--sim cardplay`` steps ``CardPlayBatch`` (one contract,
pure numpy) instead.  ``--mode selfplay`` learns from all three seats; ``--mode fixed`` seats
the learner once per game against two ``--opponent`` players.

The budget, ``--minutes`` CPU-minutes of this process (and of its children, none by default),
is spent in three phases: ``--imitate`` minutes in which the heuristic plays every card of the
self-play games and the network learns to rank its card first (the data are generated as they
are learned: nothing is stored), ``--dagger`` minutes in which the network plays and the
heuristic still names its card (DAgger), and the rest plain DMC self-play.

Every ``--eval-every`` CPU-minutes the checkpoint plays ``--eval-deals`` duplicate deals of
``skat arena --contract oracle`` against ``--eval-against``: that is the curve (``--curve``
writes CURVE.csv, CURVE.svg and, with Pillow installed, CURVE.png).  At the end it plays
``--final-deals`` deals against random and against the heuristic.  The checkpoint
(``--checkpoint``) plays in the arena as ``dmc:PATH``.

    nice -n 15 python examples/train_dmc.py --minutes 60 --checkpoint dmc.npz --curve docs/images/dmc

The last lines are the arena's ``diff: +X ± Y TP/game (95% CI), deals: N``, the first against
random, the last against the heuristic.  The evaluations' CPU time is not counted in
``--minutes``.
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

from skat.ai.agent import Agent  # noqa: E402
from skat.ai.arena import Options, make_agent, run_arena  # noqa: E402
from skat.env.fast import CardPlayBatch  # noqa: E402
from skat.env.learn import FEATURES, DmcTrainer, Mlp, OracleStarts, TrainLog  # noqa: E402


def arena(checkpoint: Path, against: str, deals: int, seed: int) -> tuple[float, float, str]:
    """The arena at oracle contracts: (diff, ci, last line) of the checkpoint against
    ``against``."""
    agent = f"dmc:{checkpoint}"
    report = run_arena([agent, against], deals=deals, seed=seed, options=Options(contract="oracle"))
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


def png_plot(
    points: list[tuple[float, float, float]],
    title: str,
    path: Path,
    phases: list[float],
    minutes: float,
) -> bool:
    """The curve as a PNG with Pillow (installed with reportlab, the ``club`` extra) over 0 to
    ``minutes``; False, and nothing written, without it.  Dashed lines mark where the phases
    change."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return False
    w, h, left, bottom, top, right = 720, 400, 64, 48, 36, 20
    xs = [p[0] for p in points] or [0.0]
    lows = [p[1] - p[2] for p in points] or [0.0]
    highs = [p[1] + p[2] for p in points] or [1.0]
    x1 = max(max(xs + phases + [minutes]), 1e-9)
    y0, y1 = min(min(lows), 0.0), max(max(highs), 0.0)
    y0, y1 = y0 - 0.05 * (y1 - y0 + 1), y1 + 0.05 * (y1 - y0 + 1)

    def sx(x: float) -> float:
        return left + x / x1 * (w - left - right)

    def sy(y: float) -> float:
        return h - bottom - (y - y0) / (y1 - y0) * (h - bottom - top)

    image = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(image)
    draw.text((w / 2, 12), title, fill="black", anchor="mt")
    draw.line([(left, top), (left, h - bottom), (w - right, h - bottom)], fill="black")
    draw.line([(left, sy(0)), (w - right, sy(0))], fill="#999999")
    for at in phases:
        for y in range(top, h - bottom, 8):
            draw.line([(sx(at), y), (sx(at), y + 4)], fill="#bbbbbb")
    for k in range(6):
        y, x = y0 + (y1 - y0) * k / 5, x1 * k / 5
        draw.text((left - 6, sy(y)), f"{y:+.1f}", fill="black", anchor="rm")
        draw.text((sx(x), h - bottom + 6), f"{x:.3g}", fill="black", anchor="mt")
    draw.text((w / 2, h - 14), "training CPU-minutes", fill="black", anchor="mm")
    draw.text((6, top - 22), "TP/game difference (95% CI)", fill="black")
    if len(points) > 1:
        draw.line([(sx(x), sy(y)) for x, y, _ in points], fill="#1f77b4", width=2)
    for x, y, ci in points:
        draw.line([(sx(x), sy(y - ci)), (sx(x), sy(y + ci))], fill="#1f77b4")
        draw.ellipse([sx(x) - 3, sy(y) - 3, sx(x) + 3, sy(y) + 3], fill="#1f77b4")
    image.save(path)
    return True


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the budget's clock)."""
    t = os.times()
    return time.process_time() + t.children_user + t.children_system


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="training CPU-minutes")
    parser.add_argument(
        "--imitate", type=float, default=0.0, help="CPU-minutes the teacher plays (cloning)"
    )
    parser.add_argument(
        "--dagger", type=float, default=0.0, help="CPU-minutes the teacher labels (DAgger)"
    )
    parser.add_argument(
        "--teacher", default="heuristic", help="the agent that plays or labels (any arena name)"
    )
    parser.add_argument("--temperature", type=float, default=0.1, help="cloning's softmax")
    parser.add_argument("--imitation", type=float, default=1.0, help="cloning's weight")
    parser.add_argument(
        "--late-labels",
        type=float,
        default=1.0,
        help="DAgger: share of the decisions from the sixth trick on the teacher labels",
    )
    parser.add_argument("--sim", choices=("heuristic", "cardplay"), default="heuristic")
    parser.add_argument("--contract", default="G", help="--sim cardplay: the contract")
    parser.add_argument("--mode", choices=("selfplay", "fixed"), default="selfplay")
    parser.add_argument("--opponent", default="heuristic", help="--mode fixed: the opponents")
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--repeat", type=int, default=4, help="games per heuristic start")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--epochs", type=int, default=1, help="passes over each round's data")
    parser.add_argument("--eps", type=float, default=0.05, help="exploration")
    parser.add_argument("--train-every", type=int, default=4096, help="decisions a round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checkpoint", type=Path, default=Path("dmc.npz"))
    parser.add_argument(
        "--resume", action="store_true", help="go on from --checkpoint up to --minutes in all"
    )
    parser.add_argument("--report-every", type=float, default=1.0, help="CPU-minutes")
    parser.add_argument("--eval-every", type=float, default=0.0, help="CPU-minutes (0: never)")
    parser.add_argument("--eval-deals", type=int, default=100)
    parser.add_argument("--eval-against", default="random")
    parser.add_argument("--final-deals", type=int, default=300)
    parser.add_argument(
        "--curve", type=Path, default=None, help="write CURVE.csv, CURVE.svg, CURVE.png"
    )
    args = parser.parse_args(argv)
    if args.imitate < 0 or args.dagger < 0 or args.imitate + args.dagger > args.minutes:
        parser.error("--imitate and --dagger are at least 0 and fit into --minutes together")
    if not 0.0 <= args.late_labels <= 1.0:
        parser.error(f"--late-labels must be between 0 and 1, not {args.late_labels}")
    for option, name in (("--teacher", args.teacher), ("--opponent", args.opponent)):
        try:
            make_agent(name, 0)
        except ValueError as e:
            parser.error(f"{option}: {e}")
    return args


def make_trainer(args: argparse.Namespace) -> tuple[DmcTrainer, float]:
    """The trainer of the command line and the CPU-minutes its network has trained before."""
    rng = np.random.default_rng(args.seed)
    if args.resume and args.checkpoint.exists():
        net, meta = Mlp.load(args.checkpoint)
        done_minutes = float(meta.get("cpu_minutes", 0.0))
        print(f"resumed from {args.checkpoint} at {done_minutes:.1f} CPU-min")
        args.seed += round(done_minutes * 1000)  # new games, not the first ones again
    else:
        net, done_minutes = Mlp.new(FEATURES, 32, args.hidden, rng), 0.0
    if args.sim == "heuristic":
        sim = OracleStarts(args.games, repeat=args.repeat, seed=args.seed, reward="seeger")
    else:
        sim = CardPlayBatch(args.games, contract=args.contract, reward="seeger", seed=args.seed)
    opponent = None
    if args.mode == "fixed":
        name = args.opponent

        def opponent(seed: int) -> Agent:
            return make_agent(name, seed)

    trainer = DmcTrainer(
        sim,
        net,
        mode=args.mode,
        opponent=opponent,
        eps=args.eps,
        lr=args.lr,
        epochs=args.epochs,
        train_every=args.train_every,
        seed=args.seed,
        imitation=args.imitation,
        temperature=args.temperature,
        late_labels=args.late_labels,
    )
    return trainer, done_minutes


def phase_at(args: argparse.Namespace, minutes: float) -> tuple[str, float]:
    """The phase at ``minutes`` of training (imitate, dagger, dmc) and where it ends."""
    if minutes < args.imitate - 1e-9:
        return "imitate", args.imitate
    if minutes < args.imitate + args.dagger - 1e-9:
        return "dagger", args.imitate + args.dagger
    return "dmc", args.minutes


def _point(minutes: float, diff: float, ci: float) -> tuple[float, float, float]:
    """A point of the plot (an evaluation of 1 deal has no interval: drawn without)."""
    return minutes, diff, ci if np.isfinite(ci) else 0.0


class Curve:
    """The training log and the evaluations, written to CURVE.csv/.svg/.png (rewritten after
    every evaluation: a run stopped keeps its curve)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.points: list[tuple[float, float, float]] = []
        self.rows: list[list[object]] = []
        old = args.curve.with_suffix(".csv") if args.curve is not None else None
        if args.resume and old is not None and old.exists():  # the curve so far goes on
            with open(old, newline="") as f:
                self.rows = [list(row) for row in csv.reader(f)][1:]
            self.points = [_point(float(r[0]), float(r[5]), float(r[6])) for r in self.rows if r[5]]

    def log(self, minutes: float, line: TrainLog, phase: str) -> None:
        teacher = self.args.teacher
        agree = "" if np.isnan(line.agreement) else f", agrees with {teacher} {line.agreement:.1%}"
        print(
            f"{minutes:6.1f} CPU-min: {phase}, games {line.games}, decisions {line.decisions}, "
            f"loss {line.loss:.4f}, {line.steps_per_s:,.0f} decisions/s{agree}",
            flush=True,
        )
        self.rows.append(
            [f"{minutes:.2f}", phase, line.games, line.decisions, f"{line.loss:.5f}", "", ""]
        )

    def evaluated(self, minutes: float, phase: str, diff: float, ci: float) -> None:
        self.points.append(_point(minutes, diff, ci))
        self.rows.append([f"{minutes:.2f}", phase, "", "", "", f"{diff:.2f}", f"{ci:.2f}"])

    def write(self) -> None:
        args = self.args
        if args.curve is None:
            return
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        with open(args.curve.with_suffix(".csv"), "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["cpu_minutes", "phase", "games", "decisions", "loss", "diff", "ci95"])
            out.writerows(self.rows)
        title = f"learned card play vs {args.eval_against}, skat arena --contract oracle"
        svg_plot(self.points, title, args.curve.with_suffix(".svg"))
        phases = [m for m in (args.imitate, args.imitate + args.dagger) if 0 < m < args.minutes]
        png = args.curve.with_suffix(".png")
        png_plot(self.points, title, png, sorted(set(phases)), args.minutes)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    trainer, done_minutes = make_trainer(args)
    teacher = make_agent(args.teacher, args.seed)
    curve = Curve(args)
    budget = max(args.minutes - done_minutes, 0.0) * 60.0  # --resume: up to --minutes in all
    every = args.eval_every * 60.0 if args.eval_every > 0 else budget
    spent, next_eval, counted = 0.0, every, 0.0
    wall = time.perf_counter()
    while spent < budget - 1e-9:
        phase, ends = phase_at(args, done_minutes + spent / 60.0)
        trainer.teacher = teacher if phase != "dmc" else None
        trainer.follow = phase == "imitate"
        chunk = min(next_eval, ends * 60.0 - done_minutes * 60.0, budget) - spent
        start = cpu_seconds()
        trainer.run(
            max(chunk, 1e-3),
            report_every=args.report_every * 60.0,
            on_report=lambda line, p=phase: curve.log(done_minutes + line.cpu_minutes, line, p),
        )
        counted += cpu_seconds() - start
        spent += chunk
        minutes = done_minutes + spent / 60.0
        trainer.net.save(args.checkpoint, cpu_minutes=minutes, hidden=args.hidden)
        if args.eval_every > 0 and spent >= next_eval - 1e-9:
            next_eval += every
            diff, ci, last = arena(
                args.checkpoint, args.eval_against, args.eval_deals, 1000 + len(curve.points)
            )
            curve.evaluated(minutes, phase, diff, ci)
            print(f"  eval vs {args.eval_against}: {last}", flush=True)
        curve.write()
    summary(args, trainer, budget, counted, time.perf_counter() - wall)
    if args.final_deals > 0:
        for against in ("random", "heuristic"):
            line = arena(args.checkpoint, against, args.final_deals, seed=1)[2]
            print(f"vs {against}: {line}", flush=True)


def summary(
    args: argparse.Namespace, trainer: DmcTrainer, budget: float, counted: float, wall: float
) -> None:
    """The figures of the training loop: decisions per CPU-second of the whole loop and of the
    simulator's step alone."""
    loop = trainer.decisions / max(budget, 1e-9)
    sim_share = trainer.sim_seconds / max(budget, 1e-9)
    sim_rate = trainer.decisions / max(trainer.sim_seconds, 1e-9)
    print(
        f"trained {trainer.games} games, {trainer.decisions} decisions in "
        f"{counted / 60:.1f} CPU-min counted ({wall:.0f} s wall with evaluations)"
    )
    print(
        f"whole loop: {loop:,.0f} learner decisions/s; the simulator's step took "
        f"{100 * sim_share:.0f} % of the CPU time ({sim_rate:,.0f} decisions per simulator "
        "CPU-second)"
    )
    if args.curve is not None:
        print(f"curve: {args.curve.with_suffix('.csv')}, .svg, .png")


if __name__ == "__main__":
    main()
