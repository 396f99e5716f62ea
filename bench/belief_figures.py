"""What the learned belief (docs/belief.md) does to the sampled worlds: at play decisions of
self-play, worlds are weighed by exp(X x the sum of the model's log-factors of their hidden
cards' places), drawn two ways: uniformly ("weigh", as `pimc:belief=X` did before its draw),
and tilted towards the belief with the tilt divided out of the weights ("draw", as
`pimc:belief=X` does: docs/sampler.md). For each X: the share of the hidden cards the weighted
worlds place where they truly are, and the effective sample size of the weights (median over
the decisions).

    python bench/belief_figures.py --bots expert --preset chifeng --hands 8

The model is the one the bots load (the shipped file, or $DUIDIAO_BELIEF).
"""

from __future__ import annotations

import argparse

import numpy as np

import duidiao
from duidiao import _core
from duidiao.play.cards import SEATS
from duidiao.search import belief

WEIGHTS = (0, 0.1, 0.2, 0.3, 0.5, 1.0)
_FACE_BITS = np.arange(54, dtype=np.uint64)


def copies(planes: object) -> np.ndarray:
    """(..., copies) bit planes -> (..., 54) copies of each face."""
    p = np.asarray(planes, dtype=np.uint64)
    return ((p[..., None] >> _FACE_BITS) & np.uint64(1)).sum(axis=-2).astype(np.int16)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expert", help="the bot in every seat")
    parser.add_argument("--preset", default="chifeng")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--worlds", type=int, default=1024)
    parser.add_argument("--every", type=int, default=9, help="look at every n-th decision")
    args = parser.parse_args()
    ways = ("weigh", "draw")
    right: dict[tuple[float, str], list[float]] = {(x, w): [] for x in WEIGHTS for w in ways}
    ess: dict[tuple[float, str], list[float]] = {(x, w): [] for x in WEIGHTS for w in ways}
    for hand in range(args.hands):
        game = duidiao.Game.deal(1000 + hand, rules=args.preset, declarer=SEATS[hand % 4])
        bots = [duidiao.make_bot(args.bots, seed=s) for s in range(4)]
        step = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            s = SEATS.index(seat)
            obs = game.observe(seat)
            if game.phase == "play" and step % args.every == 4 and len(game.held(seat)) > 3:
                assert obs.core is not None
                view = obs.core.view
                factors = belief.log_factors(obs)
                truth = np.zeros((4, 54), np.int16)
                known = [copies(np.array(view.hand((s + rel) % 4))) for rel in range(4)]
                for rel in range(1, 4):
                    held = game.held(SEATS[(s + rel) % 4])
                    truth[rel - 1] = copies(np.array(held.masks)) - known[rel]
                if not view.kitty_known:
                    truth[3] = copies(np.array(game.kitty.masks))
                for x in WEIGHTS:
                    for way in ways:
                        sampler = _core.WorldSampler(view, s)
                        if way == "draw" and x > 0:
                            sampler.tilt(np.asarray(factors, np.float32).reshape(-1).tolist(), x)
                        masks, tilts = sampler.sample_tilted_masks(args.worlds, 7 * hand + step)
                        worlds = copies(masks)
                        hidden = np.zeros((args.worlds, 4, 54), np.int16)
                        for rel in range(1, 4):
                            hidden[:, rel - 1] = worlds[:, (s + rel) % 4] - known[rel]
                        if not view.kitty_known:
                            hidden[:, 3] = worlds[:, 4]
                        log_weight = x * (hidden * factors.T[None]).sum(axis=(1, 2)) - tilts
                        placed = np.minimum(hidden, truth[None]).sum(axis=(1, 2))
                        placed = placed / max(truth.sum(), 1)
                        w = np.exp(log_weight - log_weight.max())
                        w /= w.sum()
                        right[x, way].append(float((w * placed).sum()))
                        ess[x, way].append(float(1 / (w * w).sum()))
            game.apply(bots[s].decide(obs))
            step += 1
    print(f"{args.preset}, {args.bots} in every seat, {len(right[0, 'weigh'])} decisions, "
          f"{args.worlds} worlds each")
    for x in WEIGHTS:
        print(f"belief={x}: hidden cards placed right {np.mean(right[x, 'weigh']):.1%} weighed, "
              f"{np.mean(right[x, 'draw']):.1%} drawn; effective worlds (median) "
              f"{np.median(ess[x, 'weigh']):.0f} weighed, {np.median(ess[x, 'draw']):.0f} drawn")


if __name__ == "__main__":
    main()
