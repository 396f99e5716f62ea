"""``Game`` and the seat's ``Observation`` name the same legal moves, in the same order and the
same text, at every ply of self-play hands — under every preset and at every level of its
ladder (the two number levels differently: the game by the rules' ladder, the cards by rank) —
and ``Game.play`` returns cards the seat held. The short version runs everywhere; the long one
plays 50 hands a preset (13 with three packs), each level at least once."""

from __future__ import annotations

import pytest

pytest.importorskip("duidiao._core")

import duidiao  # noqa: E402
from duidiao import Game  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402

MOST_MOVES = 3000  # a ply with more (a trump-rich lead of the standard game) is compared by count


def check_hand(preset: str, seed: int, level: str) -> int:
    """Play one hand with heuristic bots, comparing at every ply; returns the plies checked."""
    game = Game.deal(seed=seed, rules=preset, declarer="SENW"[seed % 4],
                     levels={"NS": level, "EW": level})
    bot = duidiao.make_bot("heuristic", seed=seed)
    plies = 0
    while not game.is_over:
        if game.phase != "play":
            play_step(game, bot)
            continue
        seat = game.to_act
        assert seat is not None
        observation = game.observe(seat)
        count = observation.position.count_legal_moves()
        if count <= MOST_MOVES:
            ours = [str(m) for m in game.legal_moves()]
            theirs = [str(m) for m in observation.legal_moves()]
            assert ours == theirs, (preset, seed, level, plies)
        else:
            assert len(game.legal_moves()) == count
        held = game.held(seat)
        choice = bot.play(observation, observation.legal_moves())
        played = game.play(choice)
        assert played.cards.issubset(held), (preset, seed, level, str(played), str(held))
        assert str(played) == str(observation.position.parse_move(played.cards))
        plies += 1
    return plies


def hands(per_preset: int) -> list[tuple[str, int, str]]:
    out = []
    for preset in duidiao.GAME_PRESETS:
        ladder = duidiao.Rules.preset(preset).ladder_letters
        out += [(preset, seed, ladder[seed % len(ladder)]) for seed in range(per_preset)]
    return out


@pytest.mark.parametrize(("preset", "seed", "level"), hands(3))
def test_game_and_observation_agree(preset: str, seed: int, level: str) -> None:
    assert check_hand(preset, seed, level) > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", duidiao.GAME_PRESETS)
def test_game_and_observation_agree_over_many_hands(preset: str) -> None:
    ladder = duidiao.Rules.preset(preset).ladder_letters
    # Each of the 13 levels at least three times (50 > 39); three packs, whose hands take six
    # times as long, each level once.
    hands = 13 if duidiao.Rules.preset(preset).decks == 3 else 50
    for seed in range(hands):
        check_hand(preset, 100 + seed, ladder[seed % len(ladder)])
