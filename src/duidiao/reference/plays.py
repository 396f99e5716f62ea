"""Tricks (rules §5, §10.3–§10.5, §11.4–§11.6): legal leads and follows, throw validity, the
trick winner, points.

Every play is a tuple of card strings sorted with ``sorted()``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

from duidiao.reference.cards import Context, card_points, notation_index
from duidiao.reference.combinations import (
    Component,
    counts,
    decompose,
    kind_order,
    longest_run,
    pairs_in,
    runs_in,
    shape,
    single_component,
    titanics_in,
    triples_in,
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
    """The leads that are one component: every single, pair, triple, tractor and Titanic the
    hand holds (§4, §11.3)."""
    leads: set[Play] = set()
    for suit, cards in by_suit(ctx, hand).items():
        leads.update((c,) for c in cards)
        leads.update((f, f) for f in pairs_in(ctx, cards, suit))
        if 3 in ctx.widths:
            leads.update((f, f, f) for f in triples_in(ctx, cards, suit))
        for copies in ctx.widths:
            for t in runs_in(ctx, cards, suit, copies):
                leads.add(tuple(sorted(f for f in t for _ in range(copies))))
    return leads


def legal_leads(ctx: Context, hand) -> set[Play]:
    """Every legal lead (§5.1, §10.2): singles, pairs and tractors of any effective suit, and
    every throw (any multiset of >= 2 cards of one side suit, or of the trumps with
    ``throws_in_trumps``, §11.4). In such a suit this is simply every non-empty
    sub-multiset."""
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
    one card is a single; two or more cards are either exactly one component (a pair, triple,
    tractor or Titanic), or else a throw, and both are legal. A face held c times is taken
    0..c times, so the suit gives
    prod(c + 1) - 1 leads (the empty choice taken out); no non-throw case has to be subtracted,
    since singles, pairs and tractors are leads too and each multiset is counted once. Where
    the suit may not be thrown (Chifeng trumps): its faces, pairs, triples, tractors and
    Titanics (as card multisets), counted directly.
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
            if 3 in ctx.widths:
                total += len(triples_in(ctx, cards, suit))
            for copies in ctx.widths:
                total += len({tuple(sorted(t)) for t in runs_in(ctx, cards, suit, copies)})
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


# -- §5.3, §10.4, §11.5 following ---------------------------------------------------------------
# The reasons a follow is refused (``follow_refusal``): the count, the cards, the suit (§5.3),
# then the duties of §10.4 and §11.5 under ``must_follow_format``.
REFUSALS = (
    "wrong_count",  # not as many cards as were led
    "not_held",  # cards the hand does not hold
    "not_followed",  # cards of the led suit kept back while other cards are played (§5.3)
    "titanic_not_followed",  # §11.5 duty 2.1
    "tractor_not_followed",  # §10.4's tractor duty, §11.5 duties 2.2 and 3
    "triples_not_followed",  # §11.5's count duty: t* triples
    "pairs_not_followed",  # §10.4's pair duty, §11.5's count duty: the pair slots
)


@dataclass(frozen=True)
class FollowDuty:
    """What a follower holding more cards of the led suit than were led must play (§10.4,
    §11.5), for a play P of the led suit:

    - ``titanic``: L > 0 when P must be a Titanic of length L (§11.5 duty 2.1);
    - ``tractor``: L > 0 when P must contain a tractor of length L (§10.4, §11.5 duties 2.2, 3);
    - ``triples``: t*, the faces P must play three times (the count duty);
    - ``pairs``: how many other faces P must play two or more times (the count duty's pair
      slots, §10.4's min(P, Q) when nothing is tripled).
    """

    titanic: int = 0
    tractor: int = 0
    triples: int = 0
    pairs: int = 0


def _follow_split(ctx: Context, hand, lead) -> tuple[str, Counter, Counter, int]:
    """(the led effective suit, its cards in the hand, the other cards, how many of the others
    must fill up)."""
    suit = ctx.effective_suit(lead[0])
    same = Counter(c for c in hand if ctx.effective_suit(c) == suit)
    other = Counter(c for c in hand if ctx.effective_suit(c) != suit)
    return suit, same, other, len(lead) - sum(same.values())


def follow_duty(ctx: Context, same: Counter, lead) -> FollowDuty:
    """The duty of a follower whose cards of the led suit are ``same`` (more than were led),
    §10.4 and §11.5. None without ``must_follow_format``.

    Counting (§11.5): tri(H) the faces held three times; two(H) the faces held at least twice
    (a triple's face once); with ``protect_triples`` two(H) counts only the faces held exactly
    twice, and a tractor "held" must be built from such faces. Of the lead's format, t is its
    triples (a Titanic of length L counts L), p its pairs (a tractor of length L counts L).

    1. A lone Titanic of length L: a Titanic of length L if the follower holds one at least
       that long; else a tractor of length L (the other L cards free) if it holds one at least
       that long; else the count duty with t = L, p = 0.
    2. A lone tractor of length L: §10.4's tractor duty (L if a tractor at least that long is
       held, else m if the longest held has 2 <= m < L), and the count duty.
    3. Anything else (a single, a pair, a triple, a throw): the count duty, t* = min(t,
       tri(H)) triples, and besides them min(p + t - t*, two(H) - t*) faces played two or
       more times (under ``protect_triples`` the second term is the faces H holds exactly
       twice).

    What "holds a tractor of length n" and "plays one" mean where the trump order branches
    (off-suit level pairs, §10.2, §11.2): n pairs of n distinct faces standing on n
    consecutive positions of one chain of the suit's order (``runs_in``); faces sharing a
    position are never adjacent. A play contains one when the faces it plays two or more
    times do.
    """
    if not ctx.rules.must_follow_format:
        return FollowDuty()
    suit = ctx.effective_suit(lead[0])
    protect = ctx.rules.protect_triples
    comps = decompose(ctx, lead)
    lone = comps[0] if len(comps) == 1 else None
    held_tractor = longest_run(ctx, same.elements(), suit, 2, exact=protect)
    if lone is not None and lone.triples >= 2:
        length = lone.triples
        if longest_run(ctx, same.elements(), suit, 3) >= length:
            return FollowDuty(titanic=length)
        if held_tractor >= length:
            return FollowDuty(tractor=length)
    tractor = 0
    if lone is not None and lone.pairs >= 2:
        length = lone.pairs
        if held_tractor >= length:
            tractor = length
        elif held_tractor >= 2:
            tractor = held_tractor
    t = sum(c.triples for c in comps)
    p = sum(c.pairs for c in comps)
    tri = sum(1 for n in same.values() if n >= 3)
    t_star = min(t, tri)
    if protect:
        second = sum(1 for n in same.values() if n == 2)
    else:
        second = sum(1 for n in same.values() if n >= 2) - t_star
    return FollowDuty(tractor=tractor, triples=t_star, pairs=min(p + t - t_star, second))


def _duties(ctx: Context, same: Counter, lead, suit: str) -> tuple[int, int]:
    """The two-deck duties of §10.4 as (the pairs the play must hold, the tractor length it
    must contain, 0 for none): ``follow_duty`` without triples."""
    duty = follow_duty(ctx, same, lead)
    return duty.pairs, duty.tractor


def duty_breach(ctx: Context, duty: FollowDuty, play, suit: str) -> str | None:
    """The name of the first duty a play all of the led suit breaks, or None (§11.5)."""
    have = counts(play)
    if duty.titanic:
        if len(have) == duty.titanic and longest_run(ctx, play, suit, 3) == duty.titanic:
            return None
        return "titanic_not_followed"
    if duty.tractor and longest_run(ctx, play, suit, 2) < duty.tractor:
        return "tractor_not_followed"
    if sum(1 for n in have.values() if n >= 3) < duty.triples:
        return "triples_not_followed"
    if sum(1 for n in have.values() if n >= 2) < duty.triples + duty.pairs:
        return "pairs_not_followed"
    return None


def _follow_choices(ctx: Context, same: Counter, n: int, duty: FollowDuty, suit: str):
    """For a follower with more than ``n`` cards of the led suit: the plays as choices
    (D, T, U, k): D the faces played two or more times, T the faces of D that may be played
    three times (held three times), U the faces left to play once, and k how many of them.
    A play is D, j faces of T tripled, and k = n - 2|D| - j faces of U; each play is one such
    choice, so the plays number the sum over D and j of C(|T|, j) C(|U|, k). Yields
    (D, T, j, U, k) for every D and j that meet the duty."""
    faces = sorted(same)
    if duty.titanic:
        seen = set()
        for run in titanics_in(ctx, same.elements(), suit):
            if len(run) == duty.titanic and frozenset(run) not in seen:
                seen.add(frozenset(run))
                yield run, run, len(run), [], 0
        return
    doubles = [f for f in faces if same[f] >= 2]
    for size in range(duty.triples + duty.pairs, n // 2 + 1):
        for doubled in combinations(doubles, size):
            if duty.tractor:
                cards = [f for f in doubled for _ in range(2)]
                if longest_run(ctx, cards, suit, 2) < duty.tractor:
                    continue
            tripled = [f for f in doubled if same[f] >= 3]
            singles = [f for f in faces if f not in doubled]
            for j in range(duty.triples, min(len(tripled), n - 2 * size) + 1):
                k = n - 2 * size - j
                if k <= len(singles):
                    yield doubled, tripled, j, singles, k


def legal_follows(ctx: Context, hand, lead) -> set[Play]:
    """Every legal follow to ``lead`` (§5.3, §10.4, §11.5): as many cards as led, all of the
    led effective suit if the hand holds that many (with ``must_follow_format``, meeting the
    duty of ``follow_duty``), else all of them plus any fill-up."""
    suit, same, other, fill = _follow_split(ctx, hand, lead)
    if fill > 0:
        base = tuple(same.elements())
        return {tuple(sorted(base + p)) for p in sub_multisets(other, fill)}
    if not ctx.rules.must_follow_format:
        return set(sub_multisets(same, len(lead)))
    duty = follow_duty(ctx, same, lead)
    out: set[Play] = set()
    for doubled, tripled, j, singles, k in _follow_choices(ctx, same, len(lead), duty, suit):
        pairs = [f for f in doubled for _ in range(2)]
        for thirds in combinations(tripled, j):
            for chosen in combinations(singles, k):
                out.add(tuple(sorted(pairs + list(thirds) + list(chosen))))
    return out


def _count_by_numbers(same: Counter, n: int, duty: FollowDuty) -> int:
    """The plays of ``n`` cards of ``same`` meeting a pure count duty (no Titanic or tractor
    duty), counted from how many faces are held once, twice and three times: a faces held
    twice and b held three times are played two or more times, j of those b three times, and
    the rest of the n cards are single cards of the other faces."""
    n2 = sum(1 for c in same.values() if c == 2)
    n3 = sum(1 for c in same.values() if c >= 3)
    faces = len(same)
    total = 0
    for a in range(n2 + 1):
        for b in range(n3 + 1):
            if a + b < duty.triples + duty.pairs or 2 * (a + b) > n:
                continue
            for j in range(duty.triples, b + 1):
                k = n - 2 * (a + b) - j
                if k < 0:
                    break
                total += comb(n2, a) * comb(n3, b) * comb(b, j) * comb(faces - a - b, k)
    return total


def count_legal_follows(ctx: Context, hand, lead) -> int:
    """``len(legal_follows(ctx, hand, lead))`` without listing (see ``_follow_choices``)."""
    suit, same, other, fill = _follow_split(ctx, hand, lead)
    if fill > 0:
        return count_sub_multisets(other, fill)
    if not ctx.rules.must_follow_format:
        return count_sub_multisets(same, len(lead))
    duty = follow_duty(ctx, same, lead)
    if not duty.titanic and not duty.tractor:
        return _count_by_numbers(same, len(lead), duty)
    return sum(
        comb(len(tripled), j) * comb(len(singles), k)
        for _, tripled, j, singles, k in _follow_choices(ctx, same, len(lead), duty, suit)
    )


def follow_refusal(ctx: Context, hand, lead, play) -> str | None:
    """None if ``play`` is a legal follow to ``lead`` from ``hand``, else why not: one of
    ``REFUSALS`` (§5.3, §10.4, §11.5)."""
    if len(play) != len(lead):
        return "wrong_count"
    if not contains(hand, play):
        return "not_held"
    suit = ctx.effective_suit(lead[0])
    held = sum(1 for c in hand if ctx.effective_suit(c) == suit)
    played = sum(1 for c in play if ctx.effective_suit(c) == suit)
    if played != min(held, len(lead)):
        return "not_followed"
    if not ctx.rules.must_follow_format or held <= len(lead):
        return None
    same = Counter(c for c in hand if ctx.effective_suit(c) == suit)
    return duty_breach(ctx, follow_duty(ctx, same, lead), play, suit)


def is_legal_follow(ctx: Context, hand, lead, play) -> bool:
    return follow_refusal(ctx, hand, lead, play) is None


def follow_facts(ctx: Context, lead, play) -> frozenset[str]:
    """What a legal follow shows to everyone about the follower's cards of the led suit left
    after it (§5.3, §10.4, §11.5), from the lead and the play alone:

    - ``"void"``: fewer cards of the led suit than were led (§5.3);
    - ``"no_triples"``: fewer triples than the lead's t under the count duty: all the
      follower's triples were played (t* = tri(H));
    - ``"no_pairs"``: fewer faces played two or more times than the lead's p + t under the
      count duty: every face held twice or more was (two(H) <= two(P)), so no pair is left.
      Not with ``protect_triples``, where a kept triple is allowed.

    The count duty is known to have applied unless the lead is a lone Titanic and the play is
    a Titanic or holds a tractor of its length (the follower may then have had the Titanic or
    the tractor instead, §11.5 duties 2.1 and 2.2).
    """
    suit = ctx.effective_suit(lead[0])
    if sum(1 for c in play if ctx.effective_suit(c) == suit) < len(lead):
        return frozenset({"void"})
    if not ctx.rules.must_follow_format:
        return frozenset()
    comps = decompose(ctx, lead)
    if len(comps) == 1 and comps[0].triples >= 2:
        if longest_run(ctx, play, suit, 2) >= comps[0].triples:  # a Titanic holds one too
            return frozenset()
    have = counts(play)
    t = sum(c.triples for c in comps)
    p = sum(c.pairs for c in comps)
    facts = set()
    if sum(1 for n in have.values() if n >= 3) < t:
        facts.add("no_triples")
    if not ctx.rules.protect_triples and sum(1 for n in have.values() if n >= 2) < p + t:
        facts.add("no_pairs")
    return frozenset(facts)


# -- §5.2 throw validity ------------------------------------------------------------------------
def beaten_by(ctx: Context, comp: Component, cards, suit: str) -> bool:
    """Whether ``cards`` (one other player's hand) hold, in ``suit``, a combination of the
    component's shape that beats it (§5.2, §10.3, §11.4): a higher single, a higher pair, a
    higher triple, or a higher tractor or Titanic of the same length. "Holds" is a
    sub-multiset: the single cards of pairs, a pair out of a triple, sub-tractors, a tractor
    out of a Titanic, shorter Titanics inside longer ones all count."""
    top = ctx.power(comp.top)
    mine = [c for c in cards if ctx.effective_suit(c) == suit]
    if comp.length == 1:
        have = counts(mine)
        return any(n >= comp.copies and ctx.power(f) > top for f, n in have.items())
    return any(
        len(t) == comp.length and ctx.power(t[-1]) > top
        for t in runs_in(ctx, mine, suit, comp.copies)
    )


def component_order(ctx: Context, comp: Component):
    """Lower is lower (§5.2, §10.3, §11.4): the top card's power; between components of
    equal power the one with more cards is the lower, and between two of the same size the
    one first in notation order H, D, S, C (its top face's suit)."""
    return (ctx.power(comp.top), -len(comp.cards), notation_index(comp.top))


def throw_status(ctx: Context, leader: int, cards, hands) -> tuple[str, Component | None]:
    """("qing", None) for 清甩, ("hun", None) for 浑甩, or ("failed", forced component).

    A trump throw (§10.3) is judged like a side suit's, except that 浑甩 never applies to it
    (§5.2 speaks of a side suit's three top ranks). With triples (§11.4) a higher triple beats
    a triple and a Titanic at least as long with a higher top triple beats a Titanic.
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


# -- §5.4, §10.5, §11.6 the trick winner -------------------------------------------------------
Kind = tuple[int, int]  # (copies, length) of a component, as ``Component.kind``


def _primary_value(ctx: Context, play, kinds: tuple[Kind, ...]) -> int | None:
    """The best power of the primary component over every partition of ``play`` (cards of
    one effective suit) into components of the kinds ``kinds`` (§5.4, §10.5, §11.6), or None
    when no partition exists ("is not of the format").

    A part is a combination of its kind: a single is any card; a pair or a triple is two or
    three copies of one face (a triple may give a pair and a single, never different faces
    joined); a tractor or Titanic is a run of exactly its length. The primary component is
    the highest kind in ``kind_order`` (the longest Titanic, else the longest tractor, else a
    triple, else a pair, else a single); the play's value is the highest top among its parts
    of that kind, the best over every partition.
    """
    if len(play) != sum(copies * length for copies, length in kinds):
        return None
    kinds = tuple(sorted(kinds, key=kind_order, reverse=True))
    primary = kinds[0]
    runs = [k for k in kinds if k[1] >= 2]
    n_triples = sum(1 for k in kinds if k == (3, 1))
    n_pairs = sum(1 for k in kinds if k == (2, 1))
    suit = ctx.effective_suit(play[0])

    def rest_value(have: Counter) -> int | None:
        # Triples, pairs and singles from what is left (its size is theirs). A face held
        # three times is a triple or a pair (and a single); one held twice is a pair.
        three = [f for f, n in have.items() if n >= 3]
        two = [f for f, n in have.items() if n >= 2]
        if n_triples > len(three) or n_triples + n_pairs > len(two):
            return None
        if primary == (3, 1):
            return max(ctx.power(f) for f in three)
        if primary == (2, 1):
            return max(ctx.power(f) for f in two)
        if primary == (1, 1):
            return max(ctx.power(c) for c in have.elements())
        return -1

    @cache
    def best(rest: tuple[tuple[str, int], ...], i: int) -> int | None:
        # Place the runs from ``runs[i]`` on; returns the best top power among the parts of
        # the primary kind placed from here on (-1 if none), None if impossible.
        have = Counter(dict(rest))
        if i == len(runs):
            return rest_value(have)
        copies, length = runs[i]
        result = None
        for t in runs_in(ctx, have.elements(), suit, copies):
            if len(t) != length:
                continue
            left = have.copy()
            for f in t:
                left[f] -= copies
            sub = best(tuple(sorted((+left).items())), i + 1)
            if sub is None:
                continue
            value = max(ctx.power(t[-1]), sub) if runs[i] == primary else sub
            result = value if result is None else max(result, value)
        return result

    return best(tuple(sorted(Counter(play).items())), 0)


def _partition_primary(ctx: Context, play, fmt: tuple[int, ...]) -> int | None:
    """``_primary_value`` for a two-deck format written as pair counts (0 a single, 1 a pair,
    n >= 2 a tractor of n pairs)."""
    return _primary_value(ctx, play, tuple((1, 1) if k == 0 else (2, k) for k in fmt))


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
    """The index (0..3) of the play that wins the trick (§5.4, §10.5, §11.6). ``plays[0]`` is
    the lead (already resolved: a failed throw is its forced component).

    ``trump_compare="format"`` (§5.4, §11.6): a play not all of one effective suit, or of
    neither the led suit nor trumps, never wins. After a lead that is one component, a later
    play of the led suit that is one component of the same type and length (§11.6: a triple
    for a triple, a Titanic of the same length for a Titanic) with a higher top beats the
    winner while that is a play of the led suit. A trump play "of the format" (partition
    semantics, ``_primary_value``) beats every play of a side suit led; between trump plays
    the primary component decides and the earlier play wins ties. A throw is never beaten in
    its own suit, a trump throw included. ``"structure"``: see ``_structure_winner``."""
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
        if comp is None or comp.kind != comps[0].kind:
            return None
        return ctx.power(comp.top)

    def trump_value(play) -> int | None:
        if suit == "T" or any(ctx.effective_suit(c) != "T" for c in play):
            return None
        return _primary_value(ctx, tuple(sorted(play)), fmt)

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
