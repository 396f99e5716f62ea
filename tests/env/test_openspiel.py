"""duidiao as an OpenSpiel game (docs/env.md#openspiel): OpenSpiel's own random-simulation
checks, resampling from an information state, pickling, and OpenSpiel's ISMCTS playing hands
against the heuristic bot."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import duidiao.research.env.openspiel as duidiao_spiel  # noqa: E402


def load(**params: str):
    return pyspiel.load_game(duidiao_spiel.GAME_NAME, params)


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_openspiel_random_simulation_checks_pass(preset: str) -> None:
    pyspiel.random_sim_test(load(preset=preset), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["chifeng-classic", "chifeng-10", "tractor"])
def test_openspiel_random_simulation_checks_pass_for_every_preset(preset: str) -> None:
    pyspiel.random_sim_test(load(preset=preset, declarer="first"), num_sims=1, serialize=True,
                            verbose=False)


def random_states(game, rng: random.Random, rate: float):
    """The states of a random hand, each yielded with probability ``rate``."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            if rng.random() < rate:
                yield state
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("preset, declarer", [("chifeng", "E"), ("chifeng-classic", "first"),
                                              ("shanghai", "S")])
def test_a_resampled_state_looks_the_same_to_the_seat(preset: str, declarer: str) -> None:
    rng = random.Random(preset)
    checked = moved = 0
    for state in random_states(load(preset=preset, declarer=declarer), rng, 0.15):
        player = state.current_player()
        other = state.resample_from_infostate(player, rng.random)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.current_player() == player
        mine = state.game.held("SENW"[player])
        assert other.game.held("SENW"[player]) == mine
        moved += any(other.game.held(s) != state.game.held(s) for s in "SENW")
        checked += 1
    assert checked > 20 and moved > checked // 2  # the hidden cards really are redrawn


def test_any_seat_resamples_without_the_cards_another_is_choosing() -> None:
    # Mid-play, East is choosing the cards of a play one at a time: the others cannot see
    # them, so their resampled states must not hold them chosen (nor fail to be found).
    rng = random.Random(12)
    checked = 0
    for state in random_states(load(), rng, 0.3):
        if state.game.phase != "play" or not state._chooser.chosen:
            continue
        mover = state.current_player()
        for player in range(4):
            other = state.resample_from_infostate(player, rng.random)
            assert other.information_state_string(player) == state.information_state_string(
                player
            )
            if player != mover:
                assert not other._chooser.chosen
        checked += 1
    assert checked > 3
    with pytest.raises(ValueError, match="player_id: a player 0..3, not -1"):
        state.resample_from_infostate(-1, rng.random)


def test_resampling_while_dealing_forgets_the_deck() -> None:
    state = load().new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    other = state.resample_from_infostate(0, rng.random)
    assert other.is_chance_node() and len(other.history()) == 40
    assert other.information_state_string(0) == state.information_state_string(0) == ""


def test_a_state_pickles_and_clones_exactly() -> None:
    rng = random.Random(9)
    for state in random_states(load(preset="shanghai"), rng, 0.05):
        again = pickle.loads(pickle.dumps(state))
        assert again.history() == state.history()
        for player in range(4):
            assert again.information_state_string(player) == state.information_state_string(player)
        clone = state.clone()
        assert str(clone) == str(state)


def test_bad_parameters_are_named() -> None:
    with pytest.raises(Exception, match="preset: 'bridge'"):
        load(preset="bridge")
    with pytest.raises(Exception, match="declarer: 'X'"):
        load(declarer="X")
    with pytest.raises(Exception, match="level_ns: 'Z'"):
        load(level_ns="Z")
    with pytest.raises(Exception, match="level_ns: '23'"):
        load(level_ns="23")


def test_openspiel_ismcts_plays_hands_against_the_heuristic() -> None:
    margins = [
        duidiao_spiel.ismcts_hand(deal, simulations=4, ismcts_team=deal % 2) for deal in range(2)
    ]
    assert all(np.isfinite(margins))
