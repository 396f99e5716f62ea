"""Train the learned belief (docs/belief.md) from self-play data (``duidiao selfplay --out``):
a network from a seat's observation planes to, for every face, where its hidden copies are —
with the seat rel 1, 2 or 3 from it, or in the kitty. numpy only; reproducible from a seed.

    python -m duidiao.research.belief_training RUN [RUN ...] --out belief.npz [--seed S]

The runs' play decisions are the examples (the decisions' ``holders`` column is the truth).
The hands are split by hand into training and a held-out tenth; the model card (in the file
and printed) gives the held-out cross-entropy per hidden card against the uniform guess of
the constraints the planes show (each other seat's hidden cards and known voids).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from duidiao import _core
from duidiao.play.observation import PLANE_NAMES, PLANES_VERSION
from duidiao.research.data import load
from duidiao.search.belief import BeliefWeights, write

__all__ = ["Examples", "examples", "train", "main"]

_FACES = 54
_HOLDERS = 4
_PLAY = 4  # the play phase (docs/data.md)
_ROW = {name: i for i, name in enumerate(PLANE_NAMES)}


@dataclass
class Examples:
    """Inputs ``x`` (n, 54, features: the core's ``belief_features``), hidden copies by place
    ``t`` (n, 54, 4), the hand each came from, and the uniform guess ``prior`` (n, 54, 4) the
    constraints alone give."""

    x: np.ndarray
    t: np.ndarray
    hand: np.ndarray
    prior: np.ndarray


def _suit_of_faces(planes: np.ndarray) -> np.ndarray:
    """Effective suit 0–4 (H D S C, trumps) of each face, from the trumps plane: (n, 54)."""
    natural = np.minimum(np.arange(_FACES) // 13, 3)  # jokers (52, 53) are always trumps
    suit = np.broadcast_to(natural, planes.shape[:1] + (_FACES,)).copy()
    suit[planes[:, _ROW["trumps"], :] > 0] = 4
    return suit


def examples(runs: Sequence[str | Path]) -> tuple[Examples, list[str]]:
    """The play decisions of the runs as examples, and the runs' presets."""
    xs, ts, hands, priors, presets = [], [], [], [], []
    offset = 0
    for run in runs:
        data = load(run)
        if "holders" not in data.decisions:
            raise ValueError(f"{run}: the run has no holders column (written before it was added)")
        presets.append(str(data.meta.get("preset")))
        d = data.decisions
        play = d["phase"] == _PLAY
        obs = d["observation"][play]
        holders = d["holders"][play].astype(np.int16)
        exposed = obs[:, [_ROW[f"exposed_{r}"] for r in (1, 2, 3)], :]
        t = np.empty((len(obs), _FACES, _HOLDERS), dtype=np.float32)
        t[:, :, :3] = np.transpose(holders[:, 1:4, :] - exposed, (0, 2, 1))
        kitty_seen = obs[:, _ROW["kitty"], :].sum(axis=1) > 0
        t[:, :, 3] = np.where(kitty_seen[:, None], 0, holders[:, 4, :])
        if (t < 0).any():
            raise ValueError(f"{run}: holders below the known cards (a damaged run)")
        # The uniform guess: a place's share of the hidden cards, among the places not void in
        # the face's suit.
        sizes = obs[:, _ROW["counts"], 0:4] * 33
        room = np.empty((len(obs), _HOLDERS), dtype=np.float32)
        room[:, :3] = sizes[:, 1:4] - exposed.sum(axis=2)
        room[:, 3] = np.where(kitty_seen, 0, 8)
        voids = obs[:, _ROW["voids"], :20].reshape(-1, 4, 5)[:, 1:4, :]  # rel 1..3 x suit
        suit = _suit_of_faces(obs)
        void_at = np.take_along_axis(voids[:, :, None, :].repeat(_FACES, 2),
                                     suit[:, None, :, None].repeat(3, 1), axis=3)[..., 0]
        allowed = np.ones((len(obs), _FACES, _HOLDERS), dtype=np.float32)
        allowed[:, :, :3] = np.transpose(1 - void_at, (0, 2, 1))
        prior = allowed * np.maximum(room, 0)[:, None, :]
        prior /= np.maximum(prior.sum(axis=2, keepdims=True), 1e-9)
        xs.append(_core.belief_features(obs))
        ts.append(t)
        hands.append(d["hand"][play] + offset)
        priors.append(prior)
        offset += int(d["hand"].max(initial=-1)) + 1
    return Examples(np.concatenate(xs), np.concatenate(ts), np.concatenate(hands),
                    np.concatenate(priors)), presets


def _forward(layers: Layers, x: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """The network on every face of examples x (n, 54, features): the activations of the layers
    (faces as rows) and the log-factors (n, 54 x 4)."""
    acts = [x.reshape(-1, x.shape[-1])]
    for i, (w, b) in enumerate(layers):
        z = acts[-1] @ w + b
        acts.append(np.maximum(z, 0) if i + 1 < len(layers) else z)
    return acts, acts[-1].reshape(len(x), -1)


def _log_softmax(z: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """The model's log-chances: the uniform guess moved by the network's log-factors z."""
    z = z.reshape(len(z), _FACES, _HOLDERS) + np.log(np.maximum(prior, 1e-6))
    z = z - z.max(axis=2, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=2, keepdims=True))


def cross_entropy(log_p: np.ndarray, t: np.ndarray) -> float:
    """Mean −log p over the hidden copies (nats a card)."""
    return float(-(t * log_p).sum() / max(t.sum(), 1))


Layers = list[list[np.ndarray]]


def train(ex: Examples, hidden: Sequence[int] = (64,), epochs: int = 12, batch: int = 256,
          rate: float = 1e-3, decay: float = 1e-4, seed: int = 0,
          log: Any = None) -> tuple[Layers, dict[str, Any]]:
    """Adam on the cross-entropy; the hands split 9:1 by a hash of their number and the seed.
    Returns the layers and the figures of the model card."""
    rng = np.random.default_rng(seed)
    held_out = (np.random.default_rng(seed + 1).random(int(ex.hand.max()) + 1) < 0.1)[ex.hand]
    tr, va = np.flatnonzero(~held_out), np.flatnonzero(held_out)
    sizes = [ex.x.shape[2], *hidden, _HOLDERS]
    layers = [[(rng.standard_normal((a, b)) * np.sqrt(2 / a)).astype(np.float32),
               np.zeros(b, dtype=np.float32)] for a, b in zip(sizes, sizes[1:])]
    layers[-1][0][:] = 0  # it starts as the uniform guess
    best: tuple[float, Layers] = (np.inf, [])
    m = [[np.zeros_like(p) for p in layer] for layer in layers]
    v = [[np.zeros_like(p) for p in layer] for layer in layers]
    step = 0

    def held_out_loss() -> float:
        total, cards = 0.0, 0.0
        for i in range(0, len(va), 4096):
            rows = va[i:i + 4096]
            _, z = _forward(layers, ex.x[rows])
            total += float(-(ex.t[rows] * _log_softmax(z, ex.prior[rows])).sum())
            cards += float(ex.t[rows].sum())
        return total / max(cards, 1)

    history = []
    for epoch in range(epochs):
        order = rng.permutation(tr)
        for i in range(0, len(order), batch):
            rows = order[i:i + batch]
            acts, z = _forward(layers, ex.x[rows])
            t = ex.t[rows]
            log_p = _log_softmax(z, ex.prior[rows])
            cards = max(float(t.sum()), 1.0)
            # d(−sum t log softmax)/dz = p * sum_h t − t, per face
            grad = (np.exp(log_p) * t.sum(axis=2, keepdims=True) - t).reshape(-1, _HOLDERS) / cards
            step += 1
            for k in range(len(layers) - 1, -1, -1):
                w, b = layers[k]
                gw = acts[k].T @ grad
                gb = grad.sum(axis=0)
                if k > 0:
                    grad = (grad @ w.T) * (acts[k] > 0)
                gw += decay * w
                for j, g in enumerate((gw, gb)):
                    m[k][j] = 0.9 * m[k][j] + 0.1 * g
                    v[k][j] = 0.999 * v[k][j] + 0.001 * g * g
                    mh = m[k][j] / (1 - 0.9 ** step)
                    vh = v[k][j] / (1 - 0.999 ** step)
                    layers[k][j] -= (rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        loss = held_out_loss()
        history.append(round(loss, 4))
        if loss < best[0]:  # the best epoch on the held-out hands is kept
            best = (loss, [[p.copy() for p in layer] for layer in layers])
        if log:
            print(f"epoch {epoch + 1}/{epochs}: held-out {loss:.4f} nats a hidden card", file=log)
    layers = best[1]
    prior_loss = cross_entropy(np.log(np.maximum(ex.prior[va], 1e-9)), ex.t[va])
    card = {
        "examples": int(len(tr)), "held_out_examples": int(len(va)),
        "held_out_nats": round(best[0], 4), "uniform_nats": round(prior_loss, 4),
        "epochs": epochs, "hidden": list(hidden), "batch": batch, "rate": rate, "decay": decay,
        "seed": seed,
        "history": history,
    }
    return layers, card


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duidiao.research.belief_training",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="folders written by duidiao selfplay --out")
    parser.add_argument("--out", required=True, help="the weights file to write (.npz)")
    parser.add_argument("--hidden", default="64", help="hidden layer widths, comma-separated")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        hidden = tuple(int(h) for h in args.hidden.split(","))
        start = time.monotonic()
        ex, presets = examples(args.runs)
        print(f"{len(ex.x)} play decisions from {len(args.runs)} runs ({', '.join(presets)})",
              file=sys.stderr)
        layers, card = train(ex, hidden=hidden, epochs=args.epochs, seed=args.seed, log=sys.stderr)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    card.update({"runs": [str(Path(r).name) for r in args.runs], "presets": presets,
                 "seconds": round(time.monotonic() - start, 1)})
    write(args.out, BeliefWeights(PLANES_VERSION, tuple(sorted(set(presets))),
                                  tuple((w, b) for w, b in layers), card))
    print(f"wrote {args.out}: held-out {card['held_out_nats']} nats a hidden card, "
          f"uniform guess {card['uniform_nats']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
