"""Tricks (rules §5): legal leads and follows, throw validity, the trick winner, points.

Every play is a tuple of card strings sorted with ``sorted()``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .cards import Context, card_points
from .combinations import (
    Component,
    counts,
    decompose,
    pairs_in,
    shape,
    single_component,
    tractors_in,
)

Play = tuple[str, ...]


# -- multisets ----------------------------------------------------------------------------------
def sub_multisets(have: Counter, size: int | None = None) -> list[Play]:
    """Every distinct sub-multiset of ``have`` (of exactly ``size`` cards if given, else every
    non-empty one), enumerated by the number of copies taken of each face."""
    faces = sorted(have)
    out: list[Play] = []

    def walk(i: int, taken: list[str], left: int) -> None:
        if size is not None and left == 0:
            out.append(tuple(sorted(taken)))
            return
        if i == len(faces):
            if size is None and taken:
                out.append(tuple(sorted(taken)))
            return
        f = faces[i]
        for k in range(min(have[f], left) + 1):
            walk(i + 1, taken + [f] * k, left - k)

    walk(0, [], size if size is not None else sum(have.values()))
    return out


def count_sub_multisets(have: Counter, size: int) -> int:
    """The number of distinct ``size``-card sub-multisets of ``have``: the coefficient of
    x^size in the product over faces of (1 + x + ... + x^copies)."""
    poly = [1]
    for n in have.values():
        new = [0] * (len(poly) + n)
        for i, c in enumerate(poly):
            for k in range(n + 1):
                new[i + k] += c
        poly = new
    return poly[size] if 0 <= size < len(poly) else 0


def contains(hand, play) -> bool:
    """Whether the multiset ``play`` is inside the multiset ``hand``."""
    have = counts(hand)
    return all(have[f] >= n for f, n in counts(play).items())


def by_suit(ctx: Context, cards) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for c in cards:
        groups.setdefault(ctx.effective_suit(c), []).append(c)
    return groups


def is_throw(ctx: Context, cards) -> bool:
    """A lead of two or more cards that is not a single pair or tractor (§4)."""
    return len(cards) >= 2 and single_component(ctx, cards) is None


# -- §5.1 leading -------------------------------------------------------------------------------
def legal_leads(ctx: Context, hand) -> set[Play]:
    """Every legal lead (§5.1): singles, pairs and tractors of any effective suit, and every
    throw (any multiset of >= 2 cards of one side suit). In a side suit this is simply every
    non-empty sub-multiset."""
    leads: set[Play] = set()
    for suit, cards in by_suit(ctx, hand).items():
        if suit != "T" or ctx.rules.throws_in_trumps:
            leads.update(sub_multisets(Counter(cards)))
            continue
        leads.update((c,) for c in cards)
        leads.update((f, f) for f in pairs_in(ctx, cards, suit))
        for t in tractors_in(ctx, cards, suit):
            leads.add(tuple(sorted(f for f in t for _ in range(2))))
    return leads


def count_legal_leads(ctx: Context, hand) -> int:
    """``len(legal_leads(ctx, hand))`` without enumerating the throws."""
    total = 0
    for suit, cards in by_suit(ctx, hand).items():
        if suit != "T" or ctx.rules.throws_in_trumps:
            n = 1
            for k in Counter(cards).values():
                n *= k + 1
            total += n - 1
        else:
            total += len(set(cards)) + len(pairs_in(ctx, cards, suit))
            total += len({tuple(sorted(t)) for t in tractors_in(ctx, cards, suit)})
    return total


def is_legal_lead(ctx: Context, hand, play) -> bool:
    if not play or not contains(hand, play):
        return False
    suits = {ctx.effective_suit(c) for c in play}
    if len(suits) != 1:
        return False
    if suits == {"T"} and not ctx.rules.throws_in_trumps:
        return single_component(ctx, play) is not None
    return True


# -- §5.3 following -----------------------------------------------------------------------------
def _follow_split(ctx: Context, hand, lead) -> tuple[Counter, Counter, int]:
    """(cards of the led suit, the other cards, how many of the others must fill up)."""
    if ctx.rules.must_follow_format:
        raise NotImplementedError("must_follow_format (the tractor preset) is not implemented")
    suit = ctx.effective_suit(lead[0])
    same = Counter(c for c in hand if ctx.effective_suit(c) == suit)
    other = Counter(c for c in hand if ctx.effective_suit(c) != suit)
    return same, other, len(lead) - sum(same.values())


def legal_follows(ctx: Context, hand, lead) -> set[Play]:
    """Every legal follow to ``lead`` (§5.3, chifeng: no format obligation): as many cards as
    led, all of the led effective suit if the hand holds that many, else all of them plus any
    fill-up."""
    same, other, fill = _follow_split(ctx, hand, lead)
    if fill <= 0:
        return set(sub_multisets(same, len(lead)))
    base = tuple(same.elements())
    return {tuple(sorted(base + p)) for p in sub_multisets(other, fill)}


def count_legal_follows(ctx: Context, hand, lead) -> int:
    same, other, fill = _follow_split(ctx, hand, lead)
    if fill <= 0:
        return count_sub_multisets(same, len(lead))
    return count_sub_multisets(other, fill)


def is_legal_follow(ctx: Context, hand, lead, play) -> bool:
    if len(play) != len(lead) or not contains(hand, play):
        return False
    suit = ctx.effective_suit(lead[0])
    held = sum(1 for c in hand if ctx.effective_suit(c) == suit)
    played = sum(1 for c in play if ctx.effective_suit(c) == suit)
    return played == min(held, len(lead))


# -- §5.2 throw validity ------------------------------------------------------------------------
def beaten_by(ctx: Context, comp: Component, cards, suit: str) -> bool:
    """Whether ``cards`` (one other player's hand) hold, in ``suit``, a combination of the
    component's shape that beats it: a higher single, a higher pair, or a higher tractor of
    the same length (sub-tractors and the single cards of pairs count)."""
    top = ctx.power(comp.top)
    mine = [c for c in cards if ctx.effective_suit(c) == suit]
    if comp.pairs == 0:
        return any(ctx.power(c) > top for c in mine)
    if comp.pairs == 1:
        return any(ctx.power(f) > top for f in pairs_in(ctx, mine, suit))
    return any(
        len(t) == comp.pairs and ctx.power(t[-1]) > top for t in tractors_in(ctx, mine, suit)
    )


def throw_status(ctx: Context, leader: int, cards, hands) -> tuple[str, Component | None]:
    """("qing", None) for 清甩, ("hun", None) for 浑甩, or ("failed", forced component)."""
    suit = ctx.effective_suit(cards[0])
    others = [hands[s] for s in range(4) if s != leader]
    comps = decompose(ctx, cards)
    failing = [c for c in comps if any(beaten_by(ctx, c, h, suit) for h in others)]
    if not failing:
        return "qing", None
    if ctx.rules.muddy_throws:
        tops = {r + suit for r in ctx.top_three_ranks()}
        if not any(c in tops for h in others for c in h):
            return "hun", None
    # Rules §5.2 / §10.3: the failing component lowest in power, or the lowest of them all.
    candidates = comps if ctx.rules.failed_throw == "lowest" else failing
    return "failed", min(candidates, key=lambda c: ctx.power(c.top))


def resolve_lead(ctx: Context, leader: int, cards, hands) -> list[str]:
    """The cards actually led (§5.2): the lead itself unless it is a throw that fails, in
    which case the failing component whose top card is lowest in power (or, with
    ``failed_throw="lowest"``, the lowest component of the throw)."""
    cards = list(cards)
    if not is_throw(ctx, cards):
        return cards
    status, forced = throw_status(ctx, leader, cards, hands)
    if status == "failed" and forced is not None:
        return list(forced.cards)
    return cards


# -- §5.4 the trick winner ----------------------------------------------------------------------
def _partition_primary(ctx: Context, play, fmt: tuple[int, ...]) -> int | None:
    """The best power of the primary component over every partition of ``play`` (all
    trumps) into the format ``fmt`` (§5.4), or None when no partition exists."""
    tractor_lengths = [n for n in fmt if n >= 2]
    n_pairs = sum(1 for n in fmt if n == 1)

    @cache
    def best(rest: tuple[tuple[str, int], ...], todo: tuple[int, ...]) -> int | None:
        # Place the tractors of ``todo`` (longest first); returns the best top power among
        # the tractors of the longest length placed so far from here on, -1 if no tractor is
        # left to place, None if impossible.
        have = Counter(dict(rest))
        if not todo:
            if len(pairs_in(ctx, have.elements(), "T")) < n_pairs:
                return None
            return -1
        length, more = todo[0], todo[1:]
        result = None
        for t in tractors_in(ctx, have.elements(), "T"):
            if len(t) != length:
                continue
            left = have.copy()
            for f in t:
                left[f] -= 2
            sub = best(tuple(sorted((+left).items())), more)
            if sub is None:
                continue
            value = ctx.power(t[-1])
            if more and more[0] == length:
                value = max(value, sub)
            result = value if result is None else max(result, value)
        return result

    have = Counter(play)
    if tractor_lengths:
        return best(tuple(sorted(have.items())), tuple(sorted(tractor_lengths, reverse=True)))
    pairs = pairs_in(ctx, play, "T")
    if len(pairs) < n_pairs:
        return None
    if n_pairs:
        return max(ctx.power(f) for f in pairs)
    return max(ctx.power(c) for c in play)


def trick_winner(ctx: Context, plays) -> int:
    """The index (0..3) of the play that wins the trick (§5.4). ``plays[0]`` is the lead
    (already resolved: a failed throw is its forced component)."""
    lead = list(plays[0])
    suit = ctx.effective_suit(lead[0])
    comps = decompose(ctx, lead)
    fmt = shape(comps)
    throw = len(comps) > 1

    def same_suit_value(play) -> int | None:
        """Power of a same-suit play that matches the lead's single component."""
        if throw or any(ctx.effective_suit(c) != suit for c in play):
            return None
        comp = single_component(ctx, play)
        if comp is None or comp.pairs != comps[0].pairs:
            return None
        return ctx.power(comp.top)

    def trump_value(play) -> int | None:
        if suit == "T" or any(ctx.effective_suit(c) != "T" for c in play):
            return None
        return _partition_primary(ctx, tuple(sorted(play)), fmt)

    # ``value`` is the power to beat; -1 for a throw, which nothing of its suit beats.
    lead_value = same_suit_value(lead)
    winner, kind, value = 0, "suit", -1 if lead_value is None else lead_value
    for i in range(1, 4):
        play = list(plays[i])
        tv = trump_value(play)
        if tv is not None:
            if kind == "suit" or tv > value:
                winner, kind, value = i, "trump", tv
            continue
        if kind != "suit" or throw:
            continue
        sv = same_suit_value(play)
        if sv is not None and sv > value:
            winner, value = i, sv
    return winner


def trick_points(plays) -> int:
    """All the point cards in the trick (§2)."""
    return sum(card_points(c) for play in plays for c in play)
