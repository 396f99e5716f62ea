"""Random playouts with the reference rules: the benchmark baseline of the C++ playouts."""

from __future__ import annotations

import random

from duidiao.reference.cards import NO_TRUMP, SUITS, Context, RefRules, full_deck
from duidiao.reference.plays import legal_follows, simple_leads, trick_points, trick_winner


def deal(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """Shuffle the 108 cards, deal 25 to each seat one at a time, keep 8 for the kitty."""
    deck = full_deck()
    rng.shuffle(deck)
    hands = [deck[s:100:4] for s in range(4)]
    return hands, deck[100:]


def random_playout(rng: random.Random, preset: str) -> int:
    """Play one random hand to the end choosing uniformly among the legal non-throw plays
    (leads: singles, pairs, tractors; follows: every legal follow) and return a checksum:
    the sum over tricks of (trick number + 1) * (winner seat + 1) + points."""
    rules = RefRules.preset(preset)
    hands, _kitty = deal(rng)
    trumps = (*SUITS, NO_TRUMP) if rules.declaring == "standard" else SUITS
    ctx = Context(rules, rng.choice(rules.levels), rng.choice(trumps))
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
