"""The climbing games' PettingZoo environment (docs/env.md, "The climbing games"): PettingZoo's
own API and seed tests for 够级 (six agents) and 保皇 (five), every legal answer reachable by its
actions, rewards, refusals, and observations that hold nothing their seat may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from duidiao.play.climbing.games import PRESETS, deal, seats_of  # noqa: E402
from duidiao.play.climbing.tokens import pile_of  # noqa: E402
from duidiao.play.errors import IllegalMoveError  # noqa: E402
from duidiao.research.climbing.encoding import (  # noqa: E402
    CALL,
    CALLED,
    DONE,
    NUM_ACTIONS,
    WORD,
    WORDS,
    Chooser,
    action_name,
    decision_actions,
    observation_planes,
    plane_names,
    vector_of,
)
from duidiao.research.env import env, raw_env  # noqa: E402


@pytest.mark.parametrize("preset", ["gouji", "baohuang"])
def test_pettingzoo_api_test_passes(preset: str) -> None:
    e = env(preset=preset)
    assert len(e.possible_agents) == len(seats_of(preset))
    api_test(e, num_cycles=300)


@pytest.mark.parametrize("preset", ["gouji-basic", "baohuang-basic"])
def test_the_same_seed_plays_the_same_hand(preset: str) -> None:
    seed_test(lambda: env(preset=preset), num_cycles=200)


def random_hand(e, seed: int) -> int:
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("reward", ["margin", "score"])
def test_rewards_are_the_hand_result(preset: str, reward: str) -> None:
    e = raw_env(preset=preset, reward=reward)
    rng = np.random.default_rng(7)
    e.reset(seed=7)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        obs, _r, terminated, truncated, info = e.last()
        if terminated or truncated:
            rewards[agent] = e._cumulative_rewards[agent]
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    places, scores = e.game.result()
    assert info == {"places": places, "scores": scores}
    seats = seats_of(preset)
    for i, seat in enumerate(seats):
        if preset.startswith("gouji"):
            own = next(t for t in scores if seat in t)
            other = next(t for t in scores if seat not in t)
            want = scores[own] - (scores[other] if reward == "margin" else 0)
        else:
            want = scores[seat]
        assert rewards[f"player_{i}"] == want
    if reward == "margin":
        assert sum(rewards.values()) == 0
    # (保皇's early end, rules §13.6, may end a hand with some seats still holding cards.)
    assert places and set(places) <= set(seats) and len(set(places)) == len(places)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_legal_answer_is_reached_by_its_actions(preset: str) -> None:
    """At every decision of a hand, each legal answer's actions pass the mask one by one and
    the last completes the decision; one of them is then made through the actions, and the game
    records exactly that answer."""
    game = deal(preset, seed=11)
    rng = random.Random(11)
    answers = 0
    while game.to_act is not None:
        legal = game.legal()
        chooser = Chooser(game)
        for answer in rng.sample(legal, min(len(legal), 12)):
            actions = decision_actions(game, answer)
            for action in actions[:-1]:
                assert chooser.legal_mask()[action], (answer, action_name(action))
                assert not chooser.step(action)
            assert chooser.legal_mask()[actions[-1]], (answer, action_name(actions[-1]))
            chooser.chosen[:] = 0
            answers += 1
        answer = rng.choice(legal)
        for action in decision_actions(game, answer):
            done = chooser.step(action)
        assert done and game.history[-1][2] == answer
    assert answers > 100


def test_the_mask_never_leads_to_a_dead_end() -> None:
    """Whatever legal actions are taken, a DONE or a word is eventually legal (runs of random
    masked actions over whole hands of both games)."""
    for preset in ("gouji", "baohuang"):
        for seed in range(3):
            chooser = Chooser(deal(preset, seed=seed))
            rng = random.Random(seed)
            while chooser.game.to_act is not None:
                mask = chooser.legal_mask()
                assert mask.any(), chooser.chosen
                chooser.step(rng.choice(np.flatnonzero(mask).tolist()))


def test_observations_hold_only_what_the_seat_may_know() -> None:
    """Known cards of other seats never exceed what they hold; in 够级 only the 上班 player's
    shown 3s and (挑牌) a teammate's small hand are known; in 保皇 only the emperor's shown copies
    of the called face; the own hand is the seat's own."""
    for preset in PRESETS:
        seats = seats_of(preset)
        n = len(seats)
        row = {name: i for i, name in enumerate(plane_names(n))}
        game = deal(preset, seed=5)
        rng = random.Random(5)
        checked = 0
        while game.to_act is not None:
            if game.position is not None and rng.random() < 0.2:
                call = getattr(game.position, "call", None)
                for me, seat in enumerate(seats):
                    planes = observation_planes(game, seat)
                    own = vector_of(game.position.hands[me], call)
                    assert np.array_equal(planes[row["hand"]], own)
                    for k in range(1, n):
                        s = (me + k) % n
                        known = planes[row[f"known_{k}"]]
                        held = vector_of(game.position.hands[s], call)
                        assert (known <= held).all()
                        assert planes[row["sizes"], k] == game.position.hands[s].size
                        if not known.any():
                            continue
                        if preset.startswith("gouji"):
                            teammate_small = k % 2 == 0 and game.position.hands[s].size <= 10
                            assert teammate_small or (known[1:] == 0).all(), (seat, k, known)
                        else:
                            assert (known[:CALLED] == 0).all() and s == game.position.emperor
                    checked += 1
            game.apply(rng.choice(game.legal()))
        assert checked > 20, preset


def test_the_set_to_beat_is_the_last_set_of_the_round() -> None:
    game = deal("gouji-basic", seed=2)
    rng = random.Random(2)
    row = plane_names(6).index("to_beat")
    while game.to_act is not None:
        if game.position is not None:
            sets = [(s, a) for s, a in game.position.actions if a[0] == 0]
            planes = observation_planes(game, game.to_act)
            want = vector_of(pile_of(sets[-1][1]), None) if sets else np.zeros(16)
            assert np.array_equal(planes[row], want)
        game.apply(rng.choice(game.legal()))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env(preset="baohuang")
    e.reset(seed=3)
    before = e.observe(e.agent_selection)
    mask = before["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError, match=f"action {illegal} .* is not legal for"):
        e.step(illegal)
    with pytest.raises(ValueError, match=f"action {NUM_ACTIONS} is not 0..{NUM_ACTIONS - 1}"):
        e.step(NUM_ACTIONS)
    with pytest.raises(ValueError, match="an action is needed"):
        e.step(None)
    with pytest.raises(ValueError, match="an action is a whole number 0..81, not 3.5"):
        e.step(3.5)
    with pytest.raises(ValueError, match="not True"):
        e.step(True)
    after = e.observe(e.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"preset": "gouji", "reward": "points"}, "reward: 'points' is not one of margin, score"),
        ({"preset": "baohuang", "render_mode": "rgb"}, "render_mode: 'rgb'"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)


def test_action_names() -> None:
    assert [action_name(a) for a in (0, 12, 14, CALLED, DONE, WORD, CALL, CALL + 51, CALL + 53)] \
        == ["+3", "+2", "+BJ", "+called", "done", "pass", "call 3H", "call 2C", "call BJ"]
    assert len(WORDS) == CALL - WORD and NUM_ACTIONS == CALL + 54
    with pytest.raises(ValueError, match="action: 82 is not 0..81"):
        action_name(82)


def test_render_shows_the_result() -> None:
    e = raw_env(preset="gouji-basic", render_mode="ansi")
    random_hand(e, 4)
    text = e.render()
    assert text is not None and "result:" in text and "over" in text
