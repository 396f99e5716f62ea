"""Whole hands of the wider family (rules §11): one deck, 欢乐升级 with 反底 and stakes, three
decks — dealt, declared, buried, countered and played through Python's one door, recorded and
replayed."""

from __future__ import annotations

import json

import pytest

import duidiao
from duidiao.play.decisions import Decision, ask, decide, step
from duidiao.play.enums import Phase
from duidiao.play.observation import Observation

WIDER = ("one-deck", "huanle", "three-deck")


def _until(game: duidiao.Game, phase: str, bot: object) -> duidiao.Game:
    while game.phase not in (phase, "over"):
        step(game, bot)
    return game


def counter_point(preset: str = "huanle", seeds: int = 300) -> duidiao.Game:
    """A game at its 反底 round (rules §11.8) where the seat to act may counter."""
    bot = duidiao.make_bot("heuristic")
    for seed in range(seeds):
        game = duidiao.Game.deal(seed=seed, rules=preset, declarer="S")
        _until(game, "counter", bot)
        while game.phase == "counter":
            if game.declare_options():
                return game
            step(game, bot)
    raise AssertionError(f"no seat could counter in {seeds} deals of {preset}")


@pytest.mark.parametrize("preset", WIDER)
def test_whole_hand_played_recorded_and_replayed(preset: str) -> None:
    bot = duidiao.make_bot("heuristic")
    sizes = duidiao.Rules.preset(preset).sizes
    for seed in range(3):
        game = duidiao.Game.deal(seed=seed, rules=preset, declarer=None if seed else "E")
        _until(game, "play", bot)
        # rules §11.1: every seat holds its hand, the kitty is buried
        assert sorted(len(c) for c in game.hands.values()) == [sizes.hand_cards] * 4
        assert len(game.kitty) == sizes.kitty_cards
        _until(game, "over", bot)
        result = game.result()
        assert result.stake == game.stake
        record = duidiao.Record.from_game(game)
        again = duidiao.Record.from_json(record.to_json())
        assert again == record
        assert again.replay().result() == result


def test_counter_doubles_the_stake_and_hands_the_kitty_over() -> None:
    game = counter_point()
    seat = game.to_act
    assert seat is not None
    before, declarer = game.stake, game.declarer
    option = game.declare_options()[0]
    record = game.apply(Decision.counter_(seat, option.suit, option.kind))
    assert record.to_dict() == {"seat": seat, "counter": option.suit, "kind": option.kind}
    # rules §11.8: the counter's player takes the kitty and buries again; the trump is its
    assert game.phase == "bury" and game.to_act == seat
    assert game.trump == option.suit
    assert game.declarer == declarer  # a counter changes the declarer not
    assert game.stake == 2 * before  # rules §11.9 (huanle has stakes)
    assert [(c.seat, c.suit, c.kind) for c in game.counters] == [(seat, option.suit, option.kind)]
    sizes = game.rules.sizes
    assert len(game.held(seat)) == sizes.hand_cards + sizes.kitty_cards
    bot = duidiao.make_bot("heuristic")
    step(game, bot)  # the new burier buries
    assert game.kitty_burier == seat
    _until(game, "over", bot)
    assert game.result().stake == game.stake >= 2
    replayed = duidiao.Record.from_json(duidiao.Record.from_game(game).to_json()).replay()
    assert replayed.result() == game.result() and replayed.counters == game.counters


def test_counter_observation_round_trips_and_lists_the_counters() -> None:
    game = counter_point()
    seat = game.to_act
    assert seat is not None
    obs = game.observe(seat)
    assert obs.phase == Phase.COUNTER
    assert obs.declare_options() == game.declare_options()
    data = json.loads(json.dumps(obs.to_dict()))
    assert data["stake"] == game.stake and data["kitty_burier"] == game.kitty_burier
    again = Observation.from_dict(data)
    assert again.declare_options() == obs.declare_options()
    assert again.stake == obs.stake and again.counters == obs.counters
    # a built-in bot decides from either, the same way
    bot = duidiao.make_bot("heuristic")
    assert decide(bot, again) == decide(bot, obs) == ask(bot, game)


def test_a_counter_not_open_is_refused_and_changes_nothing() -> None:
    game = counter_point()
    seat = game.to_act
    assert seat is not None
    stake, history = game.stake, len(game.history)
    with pytest.raises(duidiao.IllegalMoveError, match="single H is not open"):
        game.apply(Decision.counter_(seat, "H", "single"))
    with pytest.raises(duidiao.IllegalMoveError, match="not a kind"):
        game.apply(Decision.counter_(seat, "H", "quad"))
    with pytest.raises(duidiao.IllegalMoveError, match="counter"):
        game.apply(Decision.declare_(seat, "H", "pair"))
    assert game.stake == stake and len(game.history) == history


def test_a_phase_player_counters_through_its_declare_method() -> None:
    class Counterer:
        asked: list[str] = []

        def declare(self, obs: Observation, options: list) -> object:
            self.asked.append(str(obs.phase))
            return options[-1] if obs.phase == "counter" and options else None

        def bury(self, obs: Observation) -> duidiao.Cards:
            return duidiao.Cards(sorted(obs.hand)[: obs.rules.sizes.kitty_cards])

        def grab(self, obs: Observation) -> None:
            return None

        def xiaosa(self, obs: Observation, takeable: duidiao.Cards) -> None:
            return None

        def play(self, obs: Observation, moves: list) -> object:
            return moves[0]

    game = counter_point()
    player = Counterer()
    decision = decide(player, game.observe(game.to_act or "S"))
    assert decision.action == "counter" and player.asked == ["counter"]
    game.apply(decision)
    assert game.counters and game.stake >= 2


def test_the_counter_record_and_wire_forms() -> None:
    d = Decision.from_dict({"seat": "E", "counter": "S", "kind": "pair"})
    assert d == Decision.counter_("E", "S", "pair")
    assert Decision.from_dict({"seat": "E", "pass": "counter"}) == Decision.pass_("E", "counter")
    assert Decision.from_choice("E", {"action": "counter", "suit": "nt", "kind": "big_jokers"}) \
        == Decision.counter_("E", "NT", "big_jokers")
    with pytest.raises(ValueError, match="counter: missing field 'kind'"):
        Decision.from_choice("E", {"action": "counter", "suit": "S"})
    with pytest.raises(ValueError, match="kind 'quad' is not one of"):
        Decision.from_dict({"seat": "E", "counter": "S", "kind": "quad"})
