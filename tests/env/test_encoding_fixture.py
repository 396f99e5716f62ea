"""The two-pack presets' encoding is the one data were written with: the self-play part that
duidiao 66b4eed wrote (tests/fixtures/66b4eed, `duidiao selfplay --ns heuristic --ew random
--hands 2 --seed 7`) replayed action by action — each decision's planes and each step's legal
actions are what they were then, though the encoding has grown for rules §11 (docs/env.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from duidiao import Game
from duidiao.play.cards import SEATS
from duidiao.research.data import load
from duidiao.research.encoding import NUM_ACTIONS, Chooser

PART = Path(__file__).resolve().parents[1] / "fixtures" / "66b4eed" / "selfplay-part"


def test_the_old_planes_and_actions_are_unchanged() -> None:
    data = load(PART)
    decisions, steps = data.decisions, data.steps
    checked = 0
    for hand, seed in enumerate(data.hands["seed"]):
        declarer = SEATS[int(data.hands["declarer"][hand])]
        rules = "chifeng"
        ladder = "A23456789TJQK"
        levels = {"NS": ladder[int(data.hands["level_ns"][hand])],
                  "EW": ladder[int(data.hands["level_ew"][hand])]}
        game = Game.deal(int(seed), rules=rules, declarer=declarer, levels=levels)
        chooser = Chooser(game)
        assert chooser.num_actions == NUM_ACTIONS == 91
        for row in np.flatnonzero(decisions["hand"] == hand):
            seat = SEATS[int(decisions["seat"][row])]
            assert game.to_act == seat
            assert np.array_equal(game.planes(seat), decisions["observation"][row]), row
            first, count = int(decisions["first_step"][row]), int(decisions["steps"][row])
            for step in range(first, first + count):
                mask = np.packbits(chooser.legal_mask())
                assert np.array_equal(mask, steps["mask"][step]), step
                chooser.step(int(steps["action"][step]))
                checked += 1
        assert game.is_over
    assert checked == len(steps["action"]) == 363
