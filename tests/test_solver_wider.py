"""The double-dummy solver on the wider family (rules §11): endgames of core games of
`one-deck`, `huanle` and `three-deck` (triples, Titanics, the component multiplier, stakes),
every move's value against brute force, under both objectives."""

from __future__ import annotations

import random

import pytest

from duidiao import Rules
from duidiao.play.builds import engine_module
from duidiao.search.players import core_bot_step, make_bot

ENDGAMES = 60  # per preset, in CI


def endgames(preset: str, count: int, **options: object):
    """Endgames (1 to 3 cards in the largest hand) of core games played by core bots, every
    card known; a three-deck game is the three-copy build's. `options` change the preset's
    rules."""
    rules = Rules.preset(preset).replace(**options) if options else Rules.preset(preset)
    core = engine_module(rules)
    made = 0
    for i in range(10_000):
        rng = random.Random(f"{preset}:{i}")
        deck = [f % 54 for f in range(54 * rules.decks)]
        rng.shuffle(deck)
        seat = rng.randrange(4)
        level = rng.randrange(13)
        game = core.Game(rules.to_core(), deck, seat, seat, level, level)
        bot = ("random", "heuristic")[i % 2]
        bots = [make_bot(bot, rng.getrandbits(32)).core_for(rules) for _ in range(4)]
        while game.phase != core.Phase.over:
            if game.phase == core.Phase.play:
                hand = game.hand()
                if max(sum(bin(p).count("1") for p in hand.hand(s)) for s in range(4)) <= 3:
                    yield core, hand, (level, level)
                    made += 1
                    if made == count:
                        return
            core_bot_step(game, bots)


@pytest.mark.parametrize("preset", ["one-deck", "huanle", "three-deck"])
def test_s11_endgames_match_brute_force(preset: str) -> None:
    checked = 0
    for core, hand, levels in endgames(preset, ENDGAMES):
        for objective in ("score", "points"):
            raw = core.Solver(1.0).solve(hand, objective, *levels)
            oracle = {tuple(m): v for m, v in core.brute_force(hand, objective, *levels)}
            got = {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]}
            assert got == oracle, (preset, objective)
            # the table keyed by relative ranks (by default from 8 cards in a hand) at any size
            relative = core.Solver(1.0, relative_keys_from=0).solve(hand, objective, *levels)
            assert {tuple(m): v for m, _p, v, _lo, _hi in relative["moves"]} == oracle
            checked += len(got)
    assert checked >= ENDGAMES


@pytest.mark.parametrize("preset", ["chifeng", "tractor", "huanle", "three-deck"])
def test_permanent_twos_endgames_match_brute_force(preset: str) -> None:
    """§11.2 2 为常主 (a rules option): the 2s are trumps between the naturals and the level
    cards, the trump suit's 2 above the others. The solver orders trumps by power for its
    equivalent cards and its bounds; every move's value against brute force, both objectives,
    both kinds of table keys."""
    checked = twos = 0
    for core, hand, levels in endgames(preset, ENDGAMES, permanent_twos=True):
        held = [p for s in range(4) for p in hand.hand(s)]
        twos += any(m & 0x1 << (13 * s) for m in held for s in range(4))
        for objective in ("score", "points"):
            oracle = {tuple(m): v for m, v in core.brute_force(hand, objective, *levels)}
            for relative_keys_from in (99, 0):
                raw = core.Solver(1.0, relative_keys_from=relative_keys_from).solve(
                    hand, objective, *levels)
                got = {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]}
                assert got == oracle, (preset, objective, relative_keys_from)
            checked += len(oracle)
    assert checked >= ENDGAMES and twos > 0
