"""Train the belief model (skat.ai.belief) on the data of scripts/belief_data.py.

Needs the optional extra ``learn`` (torch).  Seeded: the same data and arguments give the same
weights on the same torch build.  Writes the weights as float16 (``w0``, ``b0``, … with
``w[i]`` of shape [in, out]) for :meth:`skat.ai.belief.BeliefModel.load`.

    python scripts/train_belief.py --data train.npz --out src/skat/ai/data/belief.npz
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import torch
from torch import nn

from skat.ai.belief import FEATURES, MASKS, PLACES


def load(path: str) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, np.ndarray]:
    """Inputs (uint8 bits and float16 numbers, made float per batch by :func:`inputs`),
    constraint masks, labels and game indices of a data file."""
    with np.load(path) as d:
        masks = d["masks"]
        rest = d["rest"]
        label = d["label"].astype(np.int64)
        game = d["game"]
    assert masks.shape[1] == MASKS and MASKS * 32 + rest.shape[1] == FEATURES
    bits = np.empty((len(masks), MASKS, 32), dtype=np.uint8)
    shifts = np.arange(32, dtype=np.uint32)
    for i in range(0, len(masks), 65536):
        bits[i : i + 65536] = (masks[i : i + 65536, :, None] >> shifts) & 1
    allowed = bits[:, 5:8, :].transpose(0, 2, 1).astype(bool)  # may-masks of the 3 places
    x = np.concatenate([bits.reshape(len(masks), -1), rest.view(np.uint8)], axis=1)
    return torch.from_numpy(x), torch.from_numpy(allowed), torch.from_numpy(label), game


def inputs(x: torch.Tensor) -> torch.Tensor:
    """Float inputs from the packed rows of :func:`load`."""
    n = MASKS * 32
    rest = x[:, n:].contiguous().view(torch.float16).float()
    return torch.cat([x[:, :n].float(), rest], dim=1)


def model_of(hidden: int) -> nn.Sequential:
    """The perceptron: FEATURES → hidden → hidden → 32 × 3 logits."""
    return nn.Sequential(
        nn.Linear(FEATURES, hidden),
        nn.ReLU(),
        nn.Linear(hidden, hidden),
        nn.ReLU(),
        nn.Linear(hidden, 32 * PLACES),
    )


def loss_of(
    net: nn.Module, x: torch.Tensor, allowed: torch.Tensor, y: torch.Tensor
) -> torch.Tensor:
    """Mean cross-entropy per hidden card, the logits masked by the constraints."""
    logits = net(inputs(x)).view(-1, 32, PLACES).masked_fill(~allowed, -1e9)
    flat = logits.reshape(-1, PLACES)
    target = y.reshape(-1)
    keep = target >= 0
    return nn.functional.cross_entropy(flat[keep], target[keep])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--hidden", type=int, default=160)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args(argv)
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    x, allowed, y, game = load(a.data)
    val = game >= np.quantile(game, 0.95)  # the last games: a check on over-fitting
    tr = torch.from_numpy(~val)
    vl = torch.from_numpy(val)
    xt, at, yt = x[tr], allowed[tr], y[tr]
    net = model_of(a.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, a.epochs)
    gen = torch.Generator().manual_seed(a.seed)
    for epoch in range(a.epochs):
        net.train()
        order = torch.randperm(len(xt), generator=gen)
        for i in range(0, len(order), a.batch):
            b = order[i : i + a.batch]
            opt.zero_grad()
            loss_of(net, xt[b], at[b], yt[b]).backward()
            opt.step()
        sched.step()
        net.eval()
        with torch.no_grad():
            v = loss_of(net, x[vl], allowed[vl], y[vl]).item()
        print(f"epoch {epoch + 1}: validation log-loss {v:.4f} per card", file=sys.stderr)
    weights = {}
    linears = [m for m in net if isinstance(m, nn.Linear)]
    for i, lin in enumerate(linears):
        weights[f"w{i}"] = lin.weight.detach().numpy().T.astype(np.float16)
        weights[f"b{i}"] = lin.bias.detach().numpy().astype(np.float16)
    np.savez_compressed(a.out, **weights)
    print(f"{a.out}: {sum(w.size for w in weights.values())} weights, {len(xt)} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
