"""Rules §10.4, the following duties of ``must_follow_format``, in the core against the
reference on positions built to exercise them (tests/differential.py meets them only now and
then: random deals seldom give a follower pairs, let alone a tractor, under a pair or tractor
lead), and the core's refusals when the follower's hand is partly hidden."""

from __future__ import annotations

import dataclasses
import os
import random
import sys
from collections import Counter

import pytest

core = pytest.importorskip("duidiao._core")

sys.path.insert(0, os.path.dirname(__file__))
import differential  # noqa: E402
from differential import LEVELS, SUITS, from_set, ref, to_set  # noqa: E402

from duidiao.reference.combinations import tractors_in  # noqa: E402
from duidiao.reference.plays import _duties  # noqa: E402

VARIANTS = [
    {},
    {"level_tractor_bridge": True, "ace_low_tractor": False},
    {"level_tractor_bridge": True},
]


def _deal(rng: random.Random, options: dict):
    """A position in which South leads a pair, a tractor or a throw of one effective suit and
    East holds many cards of it, many of them paired: (core hand, reference context, hands,
    lead)."""
    rules = dataclasses.replace(ref.RefRules.preset("chifeng"), must_follow_format=True, **options)
    level, trump = rng.randrange(13), rng.randrange(4)
    ctx = ref.Context(rules, LEVELS[level], SUITS[trump])
    suit = rng.choice([s for s in "HDSCT" if s != SUITS[trump]])
    deck = ref.full_deck()
    of_suit = sorted({c for c in deck if ctx.effective_suit(c) == suit})
    kinds = ["pair", "tractor", "tractor"] + (["throw"] if suit != "T" else [])
    kind = rng.choice(kinds)
    if kind == "tractor":
        tractors = tractors_in(ctx, [c for c in of_suit for _ in range(2)], suit)
        faces = list(rng.choice([t for t in tractors if len(t) <= 4]))
        lead = [f for f in faces for _ in range(2)]
    elif kind == "pair":
        lead = [rng.choice(of_suit)] * 2
    else:
        faces = rng.sample(of_suit, rng.randint(2, 5))
        lead = [f for f in faces for _ in range(rng.choice((1, 2, 2)))]
    for c in lead:
        deck.remove(c)
    # East: faces of the suit, mostly both copies.
    east: list[str] = []
    for f in rng.sample(of_suit, len(of_suit)):
        n = min(deck.count(f), rng.choice((0, 1, 2, 2, 2)))
        if len(east) + n > 16:
            break
        east += [f] * n
        for _ in range(n):
            deck.remove(f)
    size = max(len(lead), len(east)) + rng.randint(0, 3)
    rng.shuffle(deck)
    others = [c for c in deck if ctx.effective_suit(c) != suit]
    while len(east) < size:
        c = others.pop()
        deck.remove(c)
        east.append(c)
    fill = size - len(lead)  # South's cards besides the lead
    south = lead + deck[:fill]
    north, west = deck[fill : fill + size], deck[fill + size : fill + 2 * size]
    rest = deck[fill + 2 * size :]
    kitty, gone = rest[:8], rest[8:]
    hands = [sorted(south), sorted(east), sorted(north), sorted(west)]
    crules = differential.core_rules(core, "chifeng", {"must_follow_format": True, **options})
    hand = core.Hand(
        crules, level, trump, 0, 0, [to_set(h) for h in hands], [0] * 4, to_set(kitty), True,
        False, 0, [0] * 4, 25 - size, gone=to_set(gone),
    )
    return hand, ctx, hands, lead


@pytest.mark.parametrize("options", VARIANTS, ids=["chifeng", "bridge", "bridge+ace_low"])
def test_follows_agree_with_the_reference(options: dict) -> None:
    rng = random.Random(f"duties:{sorted(options.items())}")
    duties = tractors = 0
    for _ in range(400):
        hand, ctx, hands, lead = _deal(rng, options)
        played = list(from_set(hand.play(to_set(lead))))
        assert sorted(played) == sorted(ref.resolve_lead(ctx, 0, lead, hands))
        east = hands[1]
        same = Counter(c for c in east if ctx.effective_suit(c) == ctx.effective_suit(played[0]))
        if sum(same.values()) >= len(played):
            pairs, tractor = _duties(ctx, same, played, ctx.effective_suit(played[0]))
            duties += pairs > 0
            tractors += tractor > 0
        count = ref.count_legal_follows(ctx, east, played)
        assert hand.count_legal_moves() == count
        listed = [from_set(m) for m in hand.legal_moves()]
        assert len(listed) == len(set(listed)) == count
        if count <= 3000:
            assert set(listed) == ref.legal_follows(ctx, east, played)
        # Plays of the right size, legal or not: the core refuses exactly the illegal ones, and
        # names a duty when the suit was followed.
        suit = ctx.effective_suit(played[0])
        mine = [c for c in east if ctx.effective_suit(c) == suit]
        for _ in range(6):
            pool = mine if len(mine) >= len(played) and rng.random() < 0.8 else east
            play = tuple(sorted(rng.sample(pool, len(played))))
            legal = ref.is_legal_follow(ctx, east, played, play)
            try:
                hand.copy().play(to_set(play))
                refused = None
            except ValueError as exc:
                refused = exc
            assert (refused is None) == legal, (play, refused)
            if refused is not None and pool is mine:
                assert refused.reason in ("pairs_not_followed", "tractor_not_followed")
    assert duties > 150 and tractors > 40, (duties, tractors)


def _hidden(known: str, secret: str, lead: str):
    """South leads `lead` (level 7, hearts trump); East holds `known` and, hidden, `secret`: the
    other hands are written out and the kitty known, so East's hidden cards are the only cards
    not accounted for, but the core does not know which they are."""
    rules = core.Rules.preset("chifeng")
    rules.must_follow_format = True
    ctx = ref.Context(ref.RefRules.preset("chifeng"), "7", "H")
    lead_cards, east, hidden = lead.split(","), known.split(","), secret.split(",")
    deck = ref.full_deck()
    for c in lead_cards + east + hidden:
        deck.remove(c)
    suit = ctx.effective_suit(lead_cards[0])
    rest = [c for c in deck if ctx.effective_suit(c) != suit]
    n, size = len(east) + len(hidden), len(lead_cards)
    south = lead_cards + rest[: n - size]
    north, west = rest[n - size : 2 * n - size], rest[2 * n - size : 3 * n - size]
    kitty = rest[3 * n - size : 3 * n - size + 8]
    gone = rest[3 * n - size + 8 :] + [c for c in deck if ctx.effective_suit(c) == suit]
    hand = core.Hand(
        rules, LEVELS.index("7"), SUITS.index("H"), 0, 0,
        [to_set(south), to_set(east), to_set(north), to_set(west)], [0, len(hidden), 0, 0],
        to_set(kitty), True, False, 0, [0] * 4, 25 - n, gone=to_set(gone),
    )
    hand.play(to_set(lead_cards))
    return hand


def _verdict(hand, play: str) -> str:
    """"legal", or the reason the core gives for refusing the play."""
    try:
        hand.copy().play(to_set(play.split(",")))
    except ValueError as exc:
        return str(exc.reason)
    return "legal"


def test_hidden_cards_refuse_only_what_the_known_cards_prove() -> None:
    # East is known to hold TS,TS: two singles do not follow 9S,9S (QS from its hidden cards).
    hand = _hidden("TS,TS,JS", "QS,2S", "9S,9S")
    assert _verdict(hand, "JS,QS") == "pairs_not_followed"
    assert _verdict(hand, "TS,TS") == "legal"
    # Known: one T. Two singles may follow, for all the core knows (East holds QS,QS hidden).
    hand = _hidden("TS", "QS,QS,2S", "9S,9S")
    assert _verdict(hand, "TS,QS") == "legal"
    assert _verdict(hand, "QS,QS") == "legal"
    # A known tractor 6S6S-5S5S must answer QQ-JJ.
    hand = _hidden("6S,6S,5S,5S", "8S,AS", "QS,QS,JS,JS")
    assert _verdict(hand, "6S,6S,8S,AS") == "tractor_not_followed"
    # A known pair with hidden cards beside it proves the pair, not a tractor; but what is played
    # from the hidden cards is known: 8S,8S played shows the tractor 8S8S-6S6S (level 7).
    hand = _hidden("6S,6S", "AS,KS,8S,8S", "QS,QS,JS,JS")
    assert _verdict(hand, "6S,6S,AS,KS") == "legal"
    assert _verdict(hand, "AS,KS,8S,6S") == "pairs_not_followed"
    assert _verdict(hand, "AS,KS,8S,8S") == "tractor_not_followed"
    assert _verdict(hand, "8S,8S,6S,6S") == "legal"
