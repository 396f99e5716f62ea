"""Combinations (牌型, rules §4, §10.2): singles, pairs, tractors, and the format of a throw.

A component is a single (0 pairs), a pair (1 pair) or a tractor (n >= 2 pairs). A throw's
format is its decomposition into components: the longest tractor first (the highest first
among equal lengths), then pairs, then singles. Where the trump order branches (§10.2: several
off-suit level pairs could extend a run), the run takes the off-suit level pair first in
notation order H, D, S, C.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

from duidiao.reference.cards import Context, notation_index


@dataclass(frozen=True)
class Component:
    """One component of a play: ``pairs`` = 0 (single), 1 (pair) or n >= 2 (tractor).

    ``faces`` lists the faces low to high in tractor order (one face for a single or a pair);
    ``top`` is the top face, whose power is the component's power (§5.4).
    """

    pairs: int
    faces: tuple[str, ...]

    @property
    def top(self) -> str:
        return self.faces[-1]

    @property
    def cards(self) -> tuple[str, ...]:
        if self.pairs == 0:
            return self.faces
        return tuple(f for f in self.faces for _ in range(2))

    def __str__(self) -> str:
        return "-".join(f + f for f in reversed(self.faces)) if self.pairs else self.faces[0]


def counts(cards) -> Counter:
    """The multiset of cards as a Counter face -> copies."""
    return Counter(cards)


def tractors_in(ctx: Context, cards, suit: str) -> list[tuple[str, ...]]:
    """Every tractor (>= 2 pairs) of effective suit ``suit`` that ``cards`` hold, sub-tractors
    included, each as its faces low to high in tractor order."""
    have = counts(cards)
    found = set()
    for chain in ctx.tractor_chains(suit):
        held = [tuple(f for f in pos if have[f] >= 2) for pos in chain]
        for i in range(len(chain)):
            for j in range(i + 2, len(chain) + 1):
                if not held[j - 1]:
                    break
                if not all(held[i:j]):
                    break
                for faces in product(*held[i:j]):
                    if len(set(faces)) == len(faces):  # an ace is used at one end only
                        found.add(faces)
    return sorted(found)


def pairs_in(ctx: Context, cards, suit: str) -> list[str]:
    """Faces of effective suit ``suit`` held twice."""
    return sorted(f for f, n in counts(cards).items() if n >= 2 and ctx.effective_suit(f) == suit)


def as_tractor(ctx: Context, cards) -> tuple[str, ...] | None:
    """The tractor that exactly these cards form (faces low to high), or None."""
    have = counts(cards)
    if len(have) < 2 or any(n != 2 for n in have.values()):
        return None
    suits = {ctx.effective_suit(f) for f in have}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    best = None
    for t in tractors_in(ctx, cards, suit):
        if len(t) == len(have) and (best is None or ctx.power(t[-1]) > ctx.power(best[-1])):
            best = t
    return best


def single_component(ctx: Context, cards) -> Component | None:
    """The play as one component (a single, a pair or a tractor), or None if it is not one."""
    cards = list(cards)
    if len(cards) == 1:
        return Component(0, (cards[0],))
    if len(cards) == 2 and cards[0] == cards[1]:
        return Component(1, (cards[0],))
    t = as_tractor(ctx, cards)
    if t is not None:
        return Component(len(t), t)
    return None


def _tractor_key(ctx: Context, t: tuple[str, ...]):
    """Larger is taken first (§4, §10.2): longer, then a higher top pair, then (the same
    positions of the order, only the off-suit level pair differing) the faces first in
    notation order H, D, S, C."""
    return (len(t), ctx.power(t[-1]), tuple(-notation_index(f) for f in t))


def _face_order(ctx: Context, face: str):
    """Highest first; equal power (off-suit level cards, or level cards under NT) in notation
    order H, D, S, C."""
    return (-ctx.power(face), notation_index(face))


def decompose(ctx: Context, cards) -> list[Component]:
    """The format of a play of one effective suit (§4, §10.2): longest tractor first, the
    highest first among equal lengths (of runs through one branch of the trump order, the one
    whose off-suit level pair is first in notation order H, D, S, C), then pairs (highest
    first), then singles (highest first); faces of equal power in notation order."""
    rest = counts(cards)
    suit = ctx.effective_suit(next(iter(rest)))
    parts: list[Component] = []
    while True:
        ts = tractors_in(ctx, rest.elements(), suit)
        if not ts:
            break
        best = max(ts, key=lambda t: _tractor_key(ctx, t))
        parts.append(Component(len(best), best))
        for f in best:
            rest[f] -= 2
    rest = +rest
    for f in sorted((f for f, n in rest.items() if n == 2), key=lambda f: _face_order(ctx, f)):
        parts.append(Component(1, (f,)))
        rest[f] -= 2
    rest = +rest
    for f in sorted(rest.elements(), key=lambda f: _face_order(ctx, f)):
        parts.append(Component(0, (f,)))
    return parts


def shape(components: list[Component]) -> tuple[int, ...]:
    """A format as the sorted pair counts of its components (0 = single), longest first."""
    return tuple(sorted((c.pairs for c in components), reverse=True))


def lead_format(ctx: Context, cards) -> list[str]:
    """The decomposition of a lead in readable form, e.g. ``["AHAH-KHKH", "9H9H", "7H"]``."""
    return [str(c) for c in decompose(ctx, cards)]
