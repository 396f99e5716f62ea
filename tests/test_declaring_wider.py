"""欢乐升级's declaring and 反底 in the core's Game against the reference's reducers (rules §11.7,
§11.8, §11.9): on random deals with random choices, the declarations and counters the core
offers are exactly those the reference accepts, and the stake's doublings agree."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import duidiao.reference as ref
from duidiao import _core, _core3
from duidiao.reference.declaring import declaration_kind

SUITS = "HDSC"
RANKS = "23456789TJQKA"
SMALL, BIG = 52, 53


def card_name(face: int) -> str:
    return "SJ" if face == SMALL else "BJ" if face == BIG else RANKS[face % 13] + SUITS[face // 13]


def held_cards(planes) -> list[str]:
    return [card_name(f) for f in range(54) for plane in planes if plane >> f & 1]


def planes_of(faces, n: int) -> tuple[int, ...]:
    planes = [0] * n
    for face, k in Counter(faces).items():
        for i in range(k):
            planes[i] |= 1 << face
    return tuple(planes)


def shown(core, suit: int, kind: int, level_rank: int) -> tuple[str, ...]:
    return tuple(sorted(held_cards(core.declaration_cards(suit, kind, level_rank))))


def candidates(hand: list[str], level: str, decks: int) -> set[tuple[str, ...]]:
    """Every declaration a hand could show (copies of one level card or of one joker)."""
    have = Counter(hand)
    out = set()
    for face, n in have.items():
        if face in ("SJ", "BJ") or face[0] == level:
            for k in range(1, min(n, decks) + 1):
                out.add((face,) * k)
    return out


@pytest.mark.parametrize("preset", ["one-deck", "huanle", "three-deck"])
def test_core_declaring_and_counters_agree_with_the_reference(preset: str) -> None:
    core = _core3 if preset == "three-deck" else _core
    rules = core.Rules.preset(preset)
    ref_rules = ref.RefRules.preset(preset)
    decks = rules.decks
    seen = Counter()
    for deal in range(60):
        rng = random.Random(f"{preset}:{deal}")
        deck = [i % 54 for i in range(54 * decks)]
        rng.shuffle(deck)
        level = rng.randrange(13)
        letter = RANKS[level]  # the 2-A ladder: level i has rank i
        game = core.Game(
            rules, deck, first_drawer=deal % 4, declarer=deal % 4, level_ns=level, level_ew=level
        )
        state = ref.Declaring()
        rnd = None
        rate = rng.choice([0.02, 0.1, 0.5])
        while game.phase != core.Phase.over:
            phase, seat = game.phase, game.to_act
            hand = held_cards(game.held(seat))
            if phase in (core.Phase.declare, core.Phase.counter):
                options = (
                    game.declare_options()
                    if phase == core.Phase.declare
                    else game.counter_options()
                )
                offered = {shown(core, s, k, level) for s, k in options}
                if phase == core.Phase.declare:
                    accepted = {
                        c
                        for c in candidates(hand, letter, decks)
                        if declaration_kind(ref_rules, letter, state, seat, c) is not None
                    }
                else:
                    assert rnd is not None
                    # the core passes for a seat with no counter open without asking it
                    while rnd.to_act != seat and not rnd.over:
                        assert not any(
                            ref.may_counter(ref_rules, letter, rnd, rnd.to_act, c)
                            for c in candidates(held_cards(game.held(rnd.to_act)), letter, decks)
                        ), "the core skipped a seat that could counter"
                        rnd = ref.pass_counter(rnd, rnd.to_act)
                    assert rnd.to_act == seat
                    accepted = {
                        c
                        for c in candidates(hand, letter, decks)
                        if ref.may_counter(ref_rules, letter, rnd, seat, c)
                    }
                assert offered == accepted, (phase, seat, hand)
                if options and rng.random() < (rate if phase == core.Phase.declare else 0.5):
                    suit, kind = rng.choice(options)
                    cards = shown(core, suit, kind, level)
                    if phase == core.Phase.declare:
                        game.declare(suit, kind)
                        state = ref.declare(ref_rules, letter, state, seat, cards)
                    else:
                        game.counter(suit, kind)
                        rnd = ref.counter(ref_rules, letter, rnd, seat, cards)
                        seen["counters"] += 1
                else:
                    game.decline()
                    if phase == core.Phase.counter:
                        rnd = ref.pass_counter(rnd, seat)
            elif phase == core.Phase.bury:
                if rnd is None:
                    rnd = ref.counter_round(state, game.declarer)
                faces = [f for f in range(54) for plane in game.held(seat) if plane >> f & 1]
                game.bury(
                    planes_of(
                        rng.sample(faces, len(faces) - rules_hand(rules)), len(game.held(seat))
                    )
                )
            else:
                if rnd is not None and game.phase == core.Phase.play:
                    # the counters not asked were seats with none open: the reference passes them
                    while not rnd.over and not any(
                        ref.may_counter(ref_rules, letter, rnd, rnd.to_act, c)
                        for c in candidates(held_cards(game.held(rnd.to_act)), letter, decks)
                    ):
                        rnd = ref.pass_counter(rnd, rnd.to_act)
                    assert rnd.over
                    assert game.doublings == rnd.doublings
                    assert (
                        game.trump == "HDSC".index(rnd.trump)
                        if rnd.trump != "NT"
                        else game.trump == 4
                    )
                    rnd = None
                    seen["hands"] += 1
                game.play(rng.choice(game.hand().legal_moves()))
        if not ref_rules.counter_bury:
            assert game.doublings == state.doublings
        assert game.result().stake == (2**game.doublings if rules.stakes else 1)
    assert seen["hands"] > 0
    if ref_rules.counter_bury:
        assert seen["counters"] > 0


def rules_hand(rules) -> int:
    """The cards a seat holds after burying (rules §11.1)."""
    return {1: 12, 2: 25, 3: 39}[rules.decks]
