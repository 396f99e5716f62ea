"""The PettingZoo AEC environment (docs/env.md): PettingZoo's own API and seed tests for every
preset, rewards, refusals, and that no observation holds a card its seat may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from duidiao import Cards, Game, make_bot  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402
from duidiao.research.encoding import (  # noqa: E402
    DONE,
    NUM_ACTIONS,
    PASS,
    PLANES,
    card_counts,
    observation_planes,
    player_actions,
)
from duidiao.research.encoding import ENV_PRESETS as GAME_PRESETS  # noqa: E402
from duidiao.research.env import env, raw_env  # noqa: E402

SEATS = "SENW"


@pytest.mark.parametrize("preset", GAME_PRESETS)
def test_pettingzoo_api_test_passes(preset: str) -> None:
    api_test(env(preset=preset), num_cycles=1000)


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_the_same_seed_plays_the_same_hand(preset: str) -> None:
    seed_test(lambda: env(preset=preset), num_cycles=300)


def random_hand(e, seed: int) -> int:
    """Plays a hand with uniformly random legal actions; returns the number of steps."""
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


@pytest.mark.parametrize("reward", ["margin", "score", "points"])
def test_rewards_are_the_hand_result(reward: str) -> None:
    e = raw_env(preset="chifeng", reward=reward)
    rng = np.random.default_rng(3)
    e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        obs, _r, terminated, truncated, _info = e.last()
        if terminated or truncated:
            result = e.infos[agent]["result"]
            totals[agent] = e._cumulative_rewards[agent]
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = result.scores
    declarers = SEATS.index(e.game.declarer) % 2
    for i, agent in enumerate(e.possible_agents):
        team, other = ("NS", "EW") if i % 2 == 0 else ("EW", "NS")
        expected = {
            "margin": scores[team] - scores[other],
            "score": scores[team],
            "points": result.points if i % 2 != declarers else -result.points,
        }[reward]
        assert totals[agent] == expected
    if reward != "score":
        assert sum(totals.values()) == 0


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env(preset="chifeng", declarer="S")
    e.reset(seed=11)
    while e.game.phase == "declare":
        e.step(PASS if e.last()[0]["action_mask"][PASS] else DONE)
    # the declarer buries: DONE is not legal before 8 cards are chosen
    assert e.game.phase == "bury"
    before = e.observe(e.agent_selection)
    with pytest.raises(ValueError, match="action 54 \\(done\\) is not legal for S in the bury"):
        e.step(DONE)
    with pytest.raises(ValueError, match="action 91 is not 0..90"):
        e.step(NUM_ACTIONS)
    with pytest.raises(ValueError, match="an action is needed"):
        e.step(None)
    with pytest.raises(ValueError, match="an action is a whole number 0..90, not 3.5"):
        e.step(3.5)
    with pytest.raises(ValueError, match="not True"):
        e.step(True)
    after = e.observe(e.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"preset": "bridge"}, "preset: 'bridge' is not one of"),
        ({"reward": "money"}, "reward: 'money' is not one of margin, score, points"),
        ({"declarer": "X"}, "declarer: 'X' is not 'random', a seat"),
        ({"levels": {"NS": "Z", "EW": "3"}}, "levels: NS: 'Z' is not a level"),
        ({"levels": {"NS": "5", "EW": "3"}, "declarer": None}, "needs one level for both"),
        ({"render_mode": "rgb"}, "render_mode: 'rgb'"),
        ({"levels": {"NS": "23", "EW": "3"}}, "levels: NS: '23' is not a level"),
        ({"levels": {"NS": 5, "EW": 3}}, "levels: NS: 5 is not a level"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)


def test_an_unknown_agent_is_named() -> None:
    e = raw_env()
    e.reset(seed=1)
    with pytest.raises(ValueError, match="agent: 'player_9' is not one of player_0"):
        e.observe("player_9")


def test_render_shows_the_hand() -> None:
    e = raw_env(preset="chifeng", render_mode="ansi")
    random_hand(e, 5)
    text = e.render()
    assert text is not None and "result:" in text and "over" in text


# -- no hidden card ------------------------------------------------------------------------------
def expected_rows(game, seat: str, chosen: Cards) -> dict[str, Cards]:
    """What the card rows must be for ``seat``, from the whole game: its own cards, the public
    cards (exposed, played, a face-up kitty, the 抢牌 offer) and the kitty it buried or took."""
    me = SEATS.index(seat)

    def rel(s: str) -> int:
        return (SEATS.index(s) - me) % 4

    rows = {"hand": game.held(seat), "chosen": chosen}
    for s in SEATS:
        rows[f"exposed_{rel(s)}"] = game.exposed(s)
        rows[f"played_{rel(s)}"] = Cards()
        rows[f"trick_{rel(s)}"] = Cards()
    plays = [d for d in game.history if d.action == "play"]
    in_trick = len(plays) % 4  # every trick has four plays
    for i, d in enumerate(plays):
        key = f"trick_{rel(d.seat)}" if i >= len(plays) - in_trick else f"played_{rel(d.seat)}"
        rows[key] = rows[key] | d.cards
    declarer = game.declarer == seat and game.phase != "declare"
    took = declarer and bool(game.original_kitty) and not game.dry  # 干巴锅: nobody takes it
    rows["kitty"] = game.kitty if game.kitty_public or (took and game.phase != "bury") else Cards()
    rows["original_kitty"] = game.original_kitty if took else Cards()
    rows["declarer_or_kitty"] = (
        Cards.from_masks(*game.core.declarer_or_kitty) if seat != game.declarer else Cards()
    )
    return rows


def check_rows(game, seat: str, planes: np.ndarray, chosen: Cards) -> None:
    expected = expected_rows(game, seat, chosen)
    rows = [PLANES.index(name) for name in expected]
    if not np.array_equal(planes[rows], card_counts(list(expected.values()))):
        for name, cards in expected.items():
            row = planes[PLANES.index(name)]
            assert np.array_equal(row, card_counts(cards)), f"{seat} row {name}: {row} != {cards}"
    offer = planes[PLANES.index("grab_offer")]
    if game.phase == "grab":
        assert offer[game.grab_offer.id] == 1 and offer.sum() == 1
    else:
        assert offer.sum() == 0


def test_the_environment_observes_no_hidden_card() -> None:
    """Through the environment itself: every decision's observation (the seat to act's and
    another seat's), and the masks of the bots' actions."""
    rng = random.Random(1)
    checked = 0
    for hand in range(2 * len(GAME_PRESETS)):
        e = raw_env(preset=GAME_PRESETS[hand % len(GAME_PRESETS)], declarer=rng.choice(["S", None]))
        bots = [make_bot("heuristic", seed=4 * hand + s) for s in range(4)]
        e.reset(seed=hand)
        queue: list[int] = []
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent]:
                e.step(None)
                continue
            for who in (agent, rng.choice(e.possible_agents)):
                seat = SEATS[e.possible_agents.index(who)]
                acting = who == agent
                planes = e.observe(who)["observation"]
                check_rows(e.game, seat, planes, e.chosen if acting else Cards())
                # the planes are docs/env.md's function of the seat's information set
                base = observation_planes(e.game.observe(seat), e.chosen if acting else None)
                assert np.array_equal(planes, base)
            checked += 1
            if not queue:
                queue = player_actions(e.game, bots[e.possible_agents.index(agent)])
            action = queue.pop(0)
            assert e.observe(agent)["action_mask"][action] == 1
            e.step(action)
    assert checked > 10 * 150


def leak_check(hands: int, seed: int) -> int:
    """Heuristic hands of every preset: at each decision, the observation planes of the seat to
    act and of another seat hold exactly their own cards and the public ones."""
    rng = random.Random(seed)
    checked = 0
    for hand in range(hands):
        preset = GAME_PRESETS[hand % len(GAME_PRESETS)]
        declarer = rng.choice([None, *SEATS])
        levels = None if declarer is None else {"NS": rng.choice("2345"), "EW": rng.choice("2345")}
        game = Game.deal(seed + hand, rules=preset, declarer=declarer, levels=levels)
        bots = [make_bot("heuristic", seed=seed + 4 * hand + s) for s in range(4)]
        decision = 0
        while not game.is_over:
            # the seat to act at every other decision, another seat at every fifth
            seats = set() if decision % 2 else {game.to_act}
            if decision % 5 == 0:
                seats.add(rng.choice(SEATS))
            for seat in seats:
                check_rows(game, seat, observation_planes(game.observe(seat)), Cards())
                checked += 1
            decision += 1
            play_step(game, bots[SEATS.index(game.to_act)])
    return checked


def test_no_observation_holds_a_hidden_card() -> None:
    assert leak_check(hands=50, seed=1) > 50 * 50


@pytest.mark.slow
def test_no_observation_holds_a_hidden_card_over_2000_hands() -> None:
    assert leak_check(hands=2000, seed=1000) > 2000 * 50
