"""Random playouts with the reference rules: the benchmark baseline of the C++ playouts."""

from __future__ import annotations

import random

from duidiao.reference.cards import HAND_SIZES, NO_TRUMP, SUITS, Context, RefRules, full_deck
from duidiao.reference.plays import legal_follows, simple_leads, trick_points, trick_winner


def deal(rng: random.Random, decks: int = 2) -> tuple[list[list[str]], list[str]]:
    """Shuffle the cards of ``decks`` packs and deal them one at a time, seat 0 first (§6.1,
    §11.1): 25 to each seat and 8 for the kitty with two decks (the default), 12 and 6 with
    one, 39 and 6 with three."""
    deck = full_deck(decks)
    rng.shuffle(deck)
    dealt = 4 * HAND_SIZES[decks]
    hands = [deck[s:dealt:4] for s in range(4)]
    return hands, deck[dealt:]


def random_context(rng: random.Random, rules: RefRules) -> Context:
    """A random level of the rules' ladder and a random trump: a suit, or no trump (``"NT"``)
    where the declaring allows a hand without trumps (§10.6, §11.7: every declaring but
    Chifeng's)."""
    trumps = SUITS if rules.declaring == "chifeng" else (*SUITS, NO_TRUMP)
    return Context(rules, rng.choice(rules.levels), rng.choice(trumps))


def random_playout(rng: random.Random, preset: str) -> int:
    """Play one random hand of any preset (the eight of §9, §10, §11.10) to the end choosing
    uniformly among the legal non-throw plays (leads: singles, pairs, triples, tractors,
    Titanics; follows: every legal follow) and return a checksum: the sum over tricks of
    (trick number + 1) * (winner seat + 1) + points."""
    rules = RefRules.preset(preset)
    hands, _kitty = deal(rng, rules.decks)
    ctx = random_context(rng, rules)
    leader = rng.randrange(4)
    checksum = 0
    trick = 0
    while hands[leader]:
        plays: list[tuple[str, ...]] = []
        for k in range(4):
            seat = (leader + k) % 4
            if k == 0:
                options = sorted(simple_leads(ctx, hands[seat]))
            else:
                options = sorted(legal_follows(ctx, hands[seat], plays[0]))
            play = rng.choice(options)
            for c in play:
                hands[seat].remove(c)
            plays.append(play)
        winner = (leader + trick_winner(ctx, plays)) % 4
        checksum += (trick + 1) * (winner + 1) + trick_points(plays)
        leader = winner
        trick += 1
    return checksum
