"""Observation planes (docs/env.md): the core's encoding against a plain Python one written from
the docs' table, at every decision of heuristic hands of every preset, for every seat."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from duidiao import Cards, Game, Rules, make_bot
from duidiao.play.cards import RANKS, SEATS, TRUMP_LETTERS, _suit_number, suit_mask
from duidiao.play.decisions import step as play_step
from duidiao.play.game import PHASES, Observation
from duidiao.play.rules import DECLARE_KINDS, GAME_PRESETS
from duidiao.research.encoding import NUM_PLANES, PLANES, card_counts, observation_planes


def python_planes(obs: Observation, chosen: Cards) -> np.ndarray:
    """docs/env.md's planes, from the Python observation's fields."""
    out = np.zeros((NUM_PLANES, 54), dtype=np.float32)
    me = SEATS.index(obs.seat)

    def rel(seat: str) -> int:
        return (SEATS.index(seat) - me) % 4

    def row(name: str) -> np.ndarray:
        return out[PLANES.index(name)]

    row("hand")[:] = card_counts(obs.hand)
    row("chosen")[:] = card_counts(chosen)
    for seat, cards in obs.exposed.items():
        row(f"exposed_{rel(seat)}")[:] = card_counts(cards)
    for trick in obs.tricks:
        for seat, play in zip(trick.seats, trick.plays):
            row(f"played_{rel(seat)}")[:] += card_counts(play)
    if obs.trick is not None:
        for seat, play in zip(obs.trick.seats, obs.trick.plays):
            row(f"trick_{rel(seat)}")[:] = card_counts(play)
    for name in ("kitty", "original_kitty", "declarer_or_kitty"):
        cards = getattr(obs, name)
        if cards:
            row(name)[:] = card_counts(cards)
    if obs.grab_offer is not None:
        row("grab_offer")[obs.grab_offer.id] = 1
    if obs.trump is not None:
        trumps = suit_mask(4, obs.level, _suit_number(obs.trump))
        row("trumps")[[f for f in range(54) if trumps >> f & 1]] = 1
    rank = RANKS.index(obs.level)
    row("level_cards")[[s * 13 + rank for s in range(4)]] = 1
    row("phase")[PHASES.index(obs.phase)] = 1
    position = obs.position  # the play's facts (voids, §10.4's no-pair facts), None before
    facts = (position.void_masks, position.no_pair_masks) if position else ((0,) * 4, (0,) * 4)
    for s, (voids, no_pairs) in enumerate(zip(*facts)):
        for e in range(5):
            row("voids")[5 * rel(SEATS[s]) + e] = voids >> e & 1
            row("no_pairs")[5 * rel(SEATS[s]) + e] = no_pairs >> e & 1
    roles = row("roles")
    if obs.declarer is not None:
        roles[rel(obs.declarer)] = 1
    if obs.trump is not None:
        roles[4 + TRUMP_LETTERS.index(obs.trump)] = 1
    roles[9 + rel(obs.first_drawer)] = 1
    roles[13] = obs.dry
    roles[14] = obs.trump_from_kitty
    if obs.trick is not None:
        roles[15 + rel(obs.trick.leader)] = 1
    ladder = obs.rules.ladder_letters
    ours, theirs = ("NS", "EW") if me % 2 == 0 else ("EW", "NS")
    row("levels")[ladder.index(obs.levels[ours])] = 1
    row("levels")[13 + ladder.index(obs.levels[theirs])] = 1
    row("levels")[26 + ladder.index(obs.level)] = 1
    counts = row("counts")
    for seat, size in obs.hand_sizes.items():
        counts[rel(seat)] = size / 33
    counts[4] = obs.points / 200
    counts[5] = len(obs.tricks) / 25
    counts[6] = obs.drawn / 100
    counts[7] = len(obs.counters) / 4  # rules §11.8
    counts[8] = math.log2(obs.stake) / 12  # rules §11.9
    standing = obs.standing_declaration  # a counter's too
    if standing is not None:
        row("standing_declaration")[rel(standing.seat)] = 1
        row("standing_declaration")[4 + TRUMP_LETTERS.index(standing.suit)] = 1
        kind = DECLARE_KINDS.index(standing.kind)  # kinds 8-10 (rules §11.7) after the count
        row("standing_declaration")[9 + kind if kind < 7 else 17 + kind - 7] = 1
        row("standing_declaration")[16] = min(len(obs.declarations) / 8, 2.0)
    return out


@pytest.mark.parametrize("preset", GAME_PRESETS)
def test_the_core_planes_are_the_documented_planes(preset: str) -> None:
    rng = random.Random(preset)
    checked = 0
    for hand in range(2):
        declarer = rng.choice([None, "S", "E", "N", "W"])
        game = Game.deal(hand, rules=preset, declarer=declarer)
        bots = [make_bot("heuristic", seed=hand * 4 + s) for s in range(4)]
        while True:
            for seat in SEATS:
                obs = game.observe(seat)
                chosen = Cards(rng.sample(list(obs.hand), min(2, len(obs.hand))))
                expected = python_planes(obs, chosen)
                got = observation_planes(obs, chosen)
                assert got.shape == (NUM_PLANES, 54) and got.dtype == np.float32
                for i, name in enumerate(PLANES):
                    assert np.allclose(got[i], expected[i]), f"{preset} {seat} {name}"
                assert np.array_equal(game.planes(seat, chosen), got)
                checked += 1
            if game.is_over:
                break
            play_step(game, bots[SEATS.index(game.to_act)])
    assert checked > 2 * 4 * 2 * Rules.preset(preset).sizes.hand_cards


def test_a_spectator_has_no_planes() -> None:
    game = Game.deal(1, declarer="S")
    with pytest.raises(ValueError, match="spectator"):
        game.observe_public().planes()
