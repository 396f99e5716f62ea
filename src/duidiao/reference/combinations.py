"""Combinations (牌型, rules §4, §10.2, §11.3): singles, pairs, tractors, triples, Titanics,
and the format of a throw.

A component is a single, a pair (1 pair), a tractor (n >= 2 pairs), a triple (1 triple, only
with three decks) or a Titanic (泰坦尼克, n >= 2 triples on n consecutive positions of the
order). A throw's format is its decomposition into components (§11.3): the longest Titanic
first (the highest first among equal lengths), again with what is left; then tractors the same
way; then triples, pairs and singles, highest first. Without triples this is §4's and §10.2's
rule. Where the trump order branches (§10.2: several off-suit level pairs could extend a run),
the run takes the off-suit face first in notation order H, D, S, C.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

from duidiao.reference.cards import Context, notation_index

KIND_NAMES = ("single", "pair", "triple", "tractor", "titanic")


@dataclass(frozen=True)
class Component:
    """One component of a play.

    ``pairs`` = 0 (a single, or a triple or Titanic), 1 (a pair) or n >= 2 (a tractor of n
    pairs); ``triples`` = 0, 1 (a triple) or n >= 2 (a Titanic of n triples, §11.3). So the
    sums of ``pairs`` and of ``triples`` over a format are §11.5's p and t.

    ``faces`` lists the faces low to high in the order of positions (one face for a single, a
    pair or a triple); ``top`` is the top face, whose power is the component's power (§5.4).
    """

    pairs: int
    faces: tuple[str, ...]
    triples: int = 0

    @property
    def copies(self) -> int:
        """Cards of each face: 1 (single), 2 (pair, tractor) or 3 (triple, Titanic)."""
        return 3 if self.triples else 2 if self.pairs else 1

    @property
    def length(self) -> int:
        """Faces (positions) of the component: 1, or a tractor's or Titanic's length."""
        return len(self.faces)

    @property
    def kind(self) -> tuple[int, int]:
        """The type and length (copies, length): what must match for a play to be "of" a
        component (§11.6)."""
        return (self.copies, self.length)

    @property
    def name(self) -> str:
        """The kind's name: single, pair, triple, tractor or titanic."""
        if self.length >= 2:
            return "titanic" if self.copies == 3 else "tractor"
        return ("single", "pair", "triple")[self.copies - 1]

    @property
    def top(self) -> str:
        return self.faces[-1]

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(f for f in self.faces for _ in range(self.copies))

    def __str__(self) -> str:
        return "-".join(f * self.copies for f in reversed(self.faces))


def make_component(copies: int, faces) -> Component:
    """The component of ``copies`` cards of each of ``faces`` (low to high)."""
    faces = tuple(faces)
    n = len(faces)
    if copies == 1:
        return Component(0, faces)
    if copies == 2:
        return Component(n, faces)
    return Component(0, faces, triples=n)


def kind_order(kind: tuple[int, int]) -> tuple[bool, int, int]:
    """Larger is ranked higher (§11.3 Decision, §11.6 primary component): Titanic > tractor >
    triple > pair > single, and the longer first among Titanics or among tractors."""
    copies, length = kind
    return (length >= 2, copies, length)


def counts(cards) -> Counter:
    """The multiset of cards as a Counter face -> copies."""
    return Counter(cards)


def runs_in(ctx: Context, cards, suit: str, copies: int = 2, exact: bool = False):
    """Every run (>= 2 positions) of effective suit ``suit`` in which ``cards`` hold at least
    ``copies`` of each face (exactly ``copies`` with ``exact``), sub-runs included, each as
    its faces low to high in the order of positions: tractors for ``copies=2`` (a pair may come
    out of a triple, §11.4), Titanics for ``copies=3``."""
    have = counts(cards)

    def enough(f: str) -> bool:
        return have[f] == copies if exact else have[f] >= copies

    found = set()
    for chain in ctx.tractor_chains(suit):
        held = [tuple(f for f in pos if enough(f)) for pos in chain]
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


def tractors_in(ctx: Context, cards, suit: str) -> list[tuple[str, ...]]:
    """Every tractor (>= 2 pairs) of effective suit ``suit`` that ``cards`` hold, sub-tractors
    included (and tractors out of triples), each as its faces low to high in tractor order."""
    return runs_in(ctx, cards, suit, 2)


def titanics_in(ctx: Context, cards, suit: str) -> list[tuple[str, ...]]:
    """Every Titanic (>= 2 triples on consecutive positions, §11.3) of effective suit ``suit``
    that ``cards`` hold, shorter ones inside longer ones included."""
    return runs_in(ctx, cards, suit, 3)


def longest_run(ctx: Context, cards, suit: str, copies: int = 2, exact: bool = False) -> int:
    """The length of the longest run of ``runs_in``, 0 for none."""
    return max((len(t) for t in runs_in(ctx, cards, suit, copies, exact)), default=0)


def pairs_in(ctx: Context, cards, suit: str) -> list[str]:
    """Faces of effective suit ``suit`` held at least twice (a triple holds a pair)."""
    return sorted(f for f, n in counts(cards).items() if n >= 2 and ctx.effective_suit(f) == suit)


def triples_in(ctx: Context, cards, suit: str) -> list[str]:
    """Faces of effective suit ``suit`` held three times."""
    return sorted(f for f, n in counts(cards).items() if n >= 3 and ctx.effective_suit(f) == suit)


def as_run(ctx: Context, cards, copies: int) -> tuple[str, ...] | None:
    """The run (tractor for ``copies=2``, Titanic for 3) that exactly these cards form (faces
    low to high), or None."""
    have = counts(cards)
    if len(have) < 2 or any(n != copies for n in have.values()):
        return None
    suits = {ctx.effective_suit(f) for f in have}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    best = None
    for t in runs_in(ctx, cards, suit, copies):
        if len(t) == len(have) and (best is None or ctx.power(t[-1]) > ctx.power(best[-1])):
            best = t
    return best


def as_tractor(ctx: Context, cards) -> tuple[str, ...] | None:
    """The tractor that exactly these cards form (faces low to high), or None."""
    return as_run(ctx, cards, 2)


def as_titanic(ctx: Context, cards) -> tuple[str, ...] | None:
    """The Titanic that exactly these cards form (faces low to high), or None (§11.3)."""
    return as_run(ctx, cards, 3)


def single_component(ctx: Context, cards) -> Component | None:
    """The play as one component (a single, a pair, a triple, a tractor or a Titanic), or None
    if it is not one."""
    cards = list(cards)
    if len(cards) == 1:
        return Component(0, (cards[0],))
    if len(set(cards)) == 1 and len(cards) in ctx.widths:
        return make_component(len(cards), (cards[0],))
    for copies in ctx.widths:
        t = as_run(ctx, cards, copies)
        if t is not None:
            return make_component(copies, t)
    return None


def _run_key(ctx: Context, t: tuple[str, ...]):
    """Larger is taken first (§4, §10.2, §11.3): longer, then a higher top, then (the same
    positions of the order, only the off-suit face differing) the faces first in notation
    order H, D, S, C."""
    return (len(t), ctx.power(t[-1]), tuple(-notation_index(f) for f in t))


def _face_order(ctx: Context, face: str):
    """Highest first; equal power (off-suit level cards, or level cards under NT, or the 2s
    under ``permanent_twos``) in notation order H, D, S, C."""
    return (-ctx.power(face), notation_index(face))


def decompose(ctx: Context, cards) -> list[Component]:
    """The format of a play of one effective suit (§4, §10.2, §11.3), its own components:

    1. Titanics, the longest first, the highest first among equal lengths (of runs through one
       branch of the trump order, the one whose off-suit face is first in notation order
       H, D, S, C), again and again with what is left;
    2. then tractors from what is left, chosen the same way;
    3. then triples, pairs and singles, each highest first; faces of equal power in notation
       order.

    So 3C,3C,3C,4C,4C is the tractor 4C4C-3C3C and the single 3C (the type order of §11.3).
    """
    rest = counts(cards)
    suit = ctx.effective_suit(next(iter(rest)))
    parts: list[Component] = []
    for copies in ctx.widths:
        while True:
            runs = runs_in(ctx, rest.elements(), suit, copies)
            if not runs:
                break
            best = max(runs, key=lambda t: _run_key(ctx, t))
            parts.append(make_component(copies, best))
            for f in best:
                rest[f] -= copies
        rest = +rest
    for copies in ctx.widths:
        held = [f for f, n in rest.items() if n == copies]
        for f in sorted(held, key=lambda f: _face_order(ctx, f)):
            parts.append(make_component(copies, (f,)))
            rest[f] -= copies
    for f in sorted((+rest).elements(), key=lambda f: _face_order(ctx, f)):
        parts.append(make_component(1, (f,)))
    return parts


def shape(components: list[Component]) -> tuple[tuple[int, int], ...]:
    """A format as the sorted kinds (copies, length) of its components, highest first in the
    type order of ``kind_order``."""
    return tuple(sorted((c.kind for c in components), key=kind_order, reverse=True))


def lead_format(ctx: Context, cards) -> list[str]:
    """The decomposition of a lead in readable form, e.g. ``["AHAH-KHKH", "9H9H", "7H"]``."""
    return [str(c) for c in decompose(ctx, cards)]
