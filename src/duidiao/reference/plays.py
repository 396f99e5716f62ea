"""Tricks (rules §5, §10.3–§10.5): legal leads and follows, throw validity, the trick winner,
points.

Every play is a tuple of card strings sorted with ``sorted()``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb

from duidiao.reference.cards import Context, card_points, notation_index
from duidiao.reference.combinations import (
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
def _throwable(ctx: Context, suit: str) -> bool:
    """Whether any multiset of the effective suit may be led: side suits always, trumps with
    ``throws_in_trumps`` (§4, §10.2)."""
    return suit != "T" or ctx.rules.throws_in_trumps


def simple_leads(ctx: Context, hand) -> set[Play]:
    """The leads that are one component: every single, pair and tractor the hand holds."""
    leads: set[Play] = set()
    for suit, cards in by_suit(ctx, hand).items():
        leads.update((c,) for c in cards)
        leads.update((f, f) for f in pairs_in(ctx, cards, suit))
        for t in tractors_in(ctx, cards, suit):
            leads.add(tuple(sorted(f for f in t for _ in range(2))))
    return leads


def legal_leads(ctx: Context, hand) -> set[Play]:
    """Every legal lead (§5.1, §10.2): singles, pairs and tractors of any effective suit, and
    every throw (any multiset of >= 2 cards of one side suit, or of the trumps with
    ``throws_in_trumps``). In such a suit this is simply every non-empty sub-multiset."""
    leads: set[Play] = set()
    for suit, cards in by_suit(ctx, hand).items():
        if _throwable(ctx, suit):
            leads.update(sub_multisets(Counter(cards)))
            continue
        leads.update(simple_leads(ctx, cards))
    return leads


def count_legal_leads(ctx: Context, hand) -> int:
    """``len(legal_leads(ctx, hand))`` without enumerating the throws.

    Where a suit may be thrown, a legal lead of it is any non-empty sub-multiset of its cards:
    one card is a single; two or more cards are either exactly one pair or tractor, or else a
    throw, and both are legal. A face held c times is taken 0..c times, so the suit gives
    prod(c + 1) - 1 leads (the empty choice taken out); no non-throw case has to be subtracted,
    since singles, pairs and tractors are leads too and each multiset is counted once. Where
    the suit may not be thrown (Chifeng trumps): its faces, its pairs and its tractors (as
    card multisets), counted directly.
    """
    total = 0
    for suit, cards in by_suit(ctx, hand).items():
        if _throwable(ctx, suit):
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
    if not _throwable(ctx, suits.pop()):
        return single_component(ctx, play) is not None
    return True


# -- §5.3, §10.4 following ---------------------------------------------------------------------
def _follow_split(ctx: Context, hand, lead) -> tuple[str, Counter, Counter, int]:
    """(the led effective suit, its cards in the hand, the other cards, how many of the others
    must fill up)."""
    suit = ctx.effective_suit(lead[0])
    same = Counter(c for c in hand if ctx.effective_suit(c) == suit)
    other = Counter(c for c in hand if ctx.effective_suit(c) != suit)
    return suit, same, other, len(lead) - sum(same.values())


def _duties(ctx: Context, same: Counter, lead, suit: str) -> tuple[int, int]:
    """The format duties of §10.4 for a follower holding ``same`` (at least as many cards of
    the led suit as were led): (the pairs the play must hold, the tractor length it must
    contain, 0 for none).

    - pairs: min(P, Q), P the pairs of the lead (the sum of its components' pairs: a tractor
      of length L counts L), Q the faces the follower holds twice in the suit;
    - a tractor, when the lead is one tractor of length L (not a throw): L if the follower
      holds a tractor of length >= L, else m if its longest tractor has length m, 2 <= m < L.

    What "holds a tractor of length n" and "plays one" mean where the trump order branches
    (off-suit level pairs, §10.2): a tractor is n pairs of n distinct faces standing on n
    consecutive positions of one chain of the suit's tractor order (``tractors_in``). The three
    off-suit level pairs share one position: any one of them may fill it, but never two in one
    tractor, and two of them are never adjacent. The follower holds a tractor of length n when
    the faces it holds twice contain such a run (whichever branch); a play contains one when
    the faces it plays twice do. A play answering an L-tractor has 2L cards, so "contains an
    L-tractor" means the play is exactly an L-tractor, of any branch.
    """
    comps = decompose(ctx, lead)
    lead_pairs = sum(c.pairs for c in comps)
    held_pairs = sum(1 for n in same.values() if n >= 2)
    tractor = 0
    if len(comps) == 1 and comps[0].pairs >= 2:
        length = comps[0].pairs
        longest = max((len(t) for t in tractors_in(ctx, same.elements(), suit)), default=0)
        if longest >= length:
            tractor = length
        elif longest >= 2:
            tractor = longest
    return min(lead_pairs, held_pairs), tractor


def _pair_set_ok(ctx: Context, doubled, suit: str, pairs: int, tractor: int) -> bool:
    """Whether a play whose faces played twice are ``doubled`` meets the duties."""
    if len(doubled) < pairs:
        return False
    if tractor:
        cards = [f for f in doubled for _ in range(2)]
        return any(len(t) >= tractor for t in tractors_in(ctx, cards, suit))
    return True


def _format_choices(ctx: Context, same: Counter, lead, suit: str):
    """For a follower with enough of the led suit under ``must_follow_format``: every
    (faces played twice, faces left to play once, how many of those) a legal play is made
    of. A play of the suit is one such choice of a pair set S and a set U of distinct faces
    outside S, |U| = size - 2|S|, and each play is one choice, so the plays are counted as the
    sum over valid S of C(F - |S|, size - 2|S|), F the faces held in the suit."""
    size = len(lead)
    pairs, tractor = _duties(ctx, same, lead, suit)
    faces = sorted(same)
    doubles = [f for f in faces if same[f] >= 2]
    for k in range(pairs, size // 2 + 1):
        for doubled in combinations(doubles, k):
            if _pair_set_ok(ctx, doubled, suit, pairs, tractor):
                yield doubled, [f for f in faces if f not in doubled], size - 2 * k


def legal_follows(ctx: Context, hand, lead) -> set[Play]:
    """Every legal follow to ``lead`` (§5.3, §10.4): as many cards as led, all of the led
    effective suit if the hand holds that many (with ``must_follow_format``, meeting the
    duties of ``_duties``), else all of them plus any fill-up."""
    suit, same, other, fill = _follow_split(ctx, hand, lead)
    if fill > 0:
        base = tuple(same.elements())
        return {tuple(sorted(base + p)) for p in sub_multisets(other, fill)}
    if not ctx.rules.must_follow_format:
        return set(sub_multisets(same, len(lead)))
    out: set[Play] = set()
    for doubled, singles, k in _format_choices(ctx, same, lead, suit):
        pairs = [f for f in doubled for _ in range(2)]
        for chosen in combinations(singles, k):
            out.add(tuple(sorted(pairs + list(chosen))))
    return out


def count_legal_follows(ctx: Context, hand, lead) -> int:
    """``len(legal_follows(ctx, hand, lead))`` without listing (see ``_format_choices``)."""
    suit, same, other, fill = _follow_split(ctx, hand, lead)
    if fill > 0:
        return count_sub_multisets(other, fill)
    if not ctx.rules.must_follow_format:
        return count_sub_multisets(same, len(lead))
    return sum(comb(len(singles), k) for _, singles, k in _format_choices(ctx, same, lead, suit))


def is_legal_follow(ctx: Context, hand, lead, play) -> bool:
    if len(play) != len(lead) or not contains(hand, play):
        return False
    suit = ctx.effective_suit(lead[0])
    held = sum(1 for c in hand if ctx.effective_suit(c) == suit)
    played = sum(1 for c in play if ctx.effective_suit(c) == suit)
    if played != min(held, len(lead)):
        return False
    if not ctx.rules.must_follow_format or held < len(lead):
        return True
    same = Counter(c for c in hand if ctx.effective_suit(c) == suit)
    pairs, tractor = _duties(ctx, same, lead, suit)
    doubled = [f for f, n in counts(play).items() if n == 2]
    return _pair_set_ok(ctx, doubled, suit, pairs, tractor)


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


def component_order(ctx: Context, comp: Component):
    """Lower is lower (§5.2, §10.3): the top card's power; between components of equal power
    the one with more cards is the lower, and between two of the same size the one first in
    notation order H, D, S, C (its top face's suit)."""
    return (ctx.power(comp.top), -len(comp.cards), notation_index(comp.top))


def throw_status(ctx: Context, leader: int, cards, hands) -> tuple[str, Component | None]:
    """("qing", None) for 清甩, ("hun", None) for 浑甩, or ("failed", forced component).

    A trump throw (§10.3) is judged like a side suit's, except that 浑甩 never applies to it
    (§5.2 speaks of a side suit's three top ranks).
    """
    suit = ctx.effective_suit(cards[0])
    others = [hands[s] for s in range(4) if s != leader]
    comps = decompose(ctx, cards)
    failing = [c for c in comps if any(beaten_by(ctx, c, h, suit) for h in others)]
    if not failing:
        return "qing", None
    if ctx.rules.muddy_throws and suit != "T":
        tops = {r + suit for r in ctx.top_three_ranks()}
        if not any(c in tops for h in others for c in h):
            return "hun", None
    # Rules §5.2 / §10.3: the failing component lowest in power, or the lowest of them all.
    candidates = comps if ctx.rules.failed_throw == "lowest" else failing
    return "failed", min(candidates, key=lambda c: component_order(ctx, c))


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


def _structure_winner(ctx: Context, plays) -> int:
    """§10.5 ``trump_compare="structure"``, applied literally to every lead, throws included.

    A play competes when it is all of the led suit or all trumps and its decomposition has
    exactly the lead's components (as many singles, pairs and tractors of each length; a trump
    pair does not stand for two singles). Among the plays that compete, trumps beat the led
    suit, and within one suit the play whose highest card (by power) is higher wins; equal
    power keeps the earlier play. The lead always competes.

    On a throw lead this is the same test, not §5.4's "never beaten in its own suit": a play
    of the throw's own suit with the same components and a higher highest card takes the
    trick. After a throw that stood as 清甩 that cannot happen (without the ace-low tractor:
    the play's highest card sits in a component beating the throw's component of the same
    kind, so the throw would have failed); a play that only ties the throw's highest card
    leaves the trick to the throw, the earlier play. Trumps with exactly the throw's
    components beat a side-suit throw; a trump throw led is beaten by a higher trump play of
    the same components (which, again, a standing throw rules out).
    """
    lead = list(plays[0])
    suit = ctx.effective_suit(lead[0])
    lead_shape = shape(decompose(ctx, lead))

    def value(play) -> tuple[int, int] | None:
        suits = {ctx.effective_suit(c) for c in play}
        if len(suits) != 1:
            return None
        own = suits.pop()
        if own not in (suit, "T") or shape(decompose(ctx, play)) != lead_shape:
            return None
        return (1 if own != suit else 0, max(ctx.power(c) for c in play))

    winner, best = 0, value(lead)
    for i in range(1, 4):
        v = value(list(plays[i]))
        if v is not None and (best is None or v > best):
            winner, best = i, v
    return winner


def trick_winner(ctx: Context, plays) -> int:
    """The index (0..3) of the play that wins the trick (§5.4, §10.5). ``plays[0]`` is the lead
    (already resolved: a failed throw is its forced component).

    ``trump_compare="format"`` (§5.4): as below, for trump leads too (a throw is never beaten
    in its own suit, a trump throw included). ``"structure"``: see ``_structure_winner``."""
    if ctx.rules.trump_compare == "structure":
        return _structure_winner(ctx, plays)
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
