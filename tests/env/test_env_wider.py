"""The learning environments under the wider family (rules §11, docs/env.md): the three-pack
declarations numbered after the old actions (so the two-pack presets keep theirs: the fixture
of tests/env/test_encoding_fixture.py), 反底 through the declaration actions, counts of three in
the planes, OpenSpiel's deal and sizes from the rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from duidiao import Game, Rules
from duidiao.play.declarations import DeclareOption
from duidiao.research.encoding import (
    DECLARE,
    NUM_ACTIONS,
    NUM_ACTIONS_MAX,
    PASS,
    WIDE_DECLARE,
    Chooser,
    action_name,
    declare_action,
    num_actions,
)


def test_the_action_numbers_of_three_packs_come_after_the_old_ones() -> None:
    assert (DECLARE, NUM_ACTIONS, WIDE_DECLARE, NUM_ACTIONS_MAX) == (56, 91, 91, 106)
    assert [num_actions(Rules.preset(p)) for p in ("chifeng", "shanghai", "one-deck", "huanle",
                                                   "three-deck")] == [91, 91, 91, 91, 106]
    assert declare_action(DeclareOption("H", "single")) == 56  # as ever
    assert declare_action(DeclareOption("S", "triple")) == 91 + 3 * 2
    assert declare_action(DeclareOption("NT", "three_big_jokers")) == 105
    assert action_name(105) == "declare three_big_jokers NT"
    with pytest.raises(ValueError, match="0..105"):
        action_name(106)


@pytest.mark.parametrize("preset", ["one-deck", "huanle", "three-deck"])
def test_random_actions_play_whole_hands(preset: str) -> None:
    """Legal actions at random to the end of the hand (no declaration, so that any pair may
    counter): every mask leads to a decision, 反底 included, and the planes count a face up to
    the packs."""
    rng = random.Random(preset)
    rules = Rules.preset(preset)
    counters = 0
    for hand in range(20):  # until a counter was made (反底 needs a pair of level cards)
        if hand >= 3 and (counters or not rules.counter_bury):
            break
        chooser = Chooser(Game.deal(hand, rules=preset, declarer="S"))
        assert chooser.num_actions == num_actions(rules)
        game = chooser.game
        while not game.is_over:
            mask = chooser.legal_mask()
            assert mask.shape == (num_actions(rules),) and mask.any()
            if game.phase == "declare":  # nobody declares: any pair may counter (§11.8)
                action = PASS
            elif game.phase == "counter" and rng.random() < 0.7:
                wanted = [a for a in np.flatnonzero(mask) if a >= DECLARE]
                action = int(wanted[0]) if wanted else int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(rng.choice(np.flatnonzero(mask)))
            chooser.step(action)
            planes = game.planes(game.to_act or "S")
            assert planes.max() <= max(2, rules.decks) and planes.min() >= 0
        counters += len(game.counters)
        assert game.result().stake == game.stake
    if rules.counter_bury:
        assert counters >= 1


def test_openspiel_plays_the_wider_family() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import duidiao.research.env.openspiel as duidiao_spiel

    for preset, decks in (("one-deck", 1), ("huanle", 2), ("three-deck", 3)):
        game = pyspiel.load_game(duidiao_spiel.GAME_NAME, {"preset": preset})
        rules = Rules.preset(preset)
        assert game.num_distinct_actions() == num_actions(rules)
        state = game.new_initial_state()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 54 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        rng = random.Random(preset)
        while not state.is_terminal():
            if state.is_chance_node():
                faces, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(faces, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.game.deck) == 54 * decks
        assert abs(state.returns()[0]) <= game.max_utility()
        if rules.counter_bury:
            with pytest.raises(NotImplementedError, match="反底"):
                state.resample_from_infostate(0, random.Random(1).random)
