"""Properties of whole hands over thousands of games (rules §6; the issue's acceptance):
cards are conserved through every phase, no observation holds a card its seat could not know,
and a saved record replays to the same result.

The games are driven decision by decision through `_core.Game` with C++ bots (random and
heuristic, all three presets), so that every observation can be checked against the truth.
"""

from __future__ import annotations

import random

import pytest

_core = pytest.importorskip("duidiao._core")

from duidiao import Game, Record, make_bot, play_hand  # noqa: E402
from duidiao.search.players import core_bot_step  # noqa: E402

HANDS = 2000
PRESETS = ("chifeng", "chifeng-classic", "chifeng-10")
DECLARE, BURY, GRAB, XIAOSA, PLAY, OVER = range(6)


def size(masks: tuple[int, int]) -> int:
    # (bin().count, not int.bit_count: the package supports Python 3.9)
    return bin(masks[0]).count("1") + bin(masks[1]).count("1")


def within(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Is the multiset a contained in b?"""
    return a[0] & ~b[0] == 0 and a[1] & ~b[1] == 0


def played_cards(game: _core.Game) -> int:
    hand = game.hand()
    n = sum(size(p) for _, plays, _, _ in hand.tricks() for p in plays)
    return n + sum(size(p) for p in hand.trick())


def check_conservation(game: _core.Game) -> None:
    held = sum(size(game.held(s)) for s in range(4))
    phase = game.phase
    if phase == DECLARE:
        assert held == game.drawn  # the rest is still in the deck or the kitty
    elif phase == BURY:
        assert held == 108  # the declarer holds the kitty
    else:
        assert held + size(game.kitty) + (played_cards(game) if phase >= PLAY else 0) == 108


def check_observation(game: _core.Game, seat: int) -> None:
    obs = game.observe(seat)
    assert obs.hand == game.held(seat)
    for other in range(4):
        assert obs.hand_size(other) == size(game.held(other))
        # What a seat is told another holds is true, and no more than was shown.
        assert within(obs.exposed(other), game.held(other))
        assert obs.exposed(other) == game.exposed(other)
    if not obs.kitty_visible:
        assert obs.kitty == (0, 0)
    if seat != game.declarer or game.dry:
        assert obs.original_kitty == (0, 0)
    if obs.phase >= PLAY:
        view = obs.view
        for other in range(4):
            if other == seat:
                assert view.hand(other) == game.held(other) and view.unknown(other) == 0
            else:
                assert within(view.hand(other), game.exposed(other))
                assert size(view.hand(other)) + view.unknown(other) == size(game.held(other))


def play_checked(rng: random.Random, index: int) -> _core.Game:
    rules = _core.Rules.preset(PRESETS[index % 3])
    deck = list(range(54)) * 2
    rng.shuffle(deck)
    declarer = -1 if index % 4 == 0 else rng.randrange(4)
    level = rng.randrange(13)
    first = declarer if declarer >= 0 else rng.randrange(4)
    levels = (0, 0) if declarer < 0 else (level, rng.randrange(13))
    game = _core.Game(rules, deck, first, declarer, *levels)
    kinds = ("random", "heuristic")
    bots = [_core.Bot(kinds[(index >> s) & 1], index * 4 + s) for s in range(4)]
    while game.phase != OVER:
        check_conservation(game)
        seat = game.to_act
        check_observation(game, seat)
        core_bot_step(game, bots)
    check_conservation(game)
    return game


# The first hands in every job; the thousands where slow tests run (not under the sanitizers).
SOME_OR_THOUSANDS = pytest.mark.parametrize(
    "hands", [range(300), pytest.param(range(300, HANDS), marks=pytest.mark.slow)],
    ids=["300", str(HANDS)],
)


@SOME_OR_THOUSANDS
def test_s6_thousands_of_hands_conserve_cards_and_hide_them(hands: range) -> None:
    """§6: 108 cards through dealing, declaring, the kitty, 抢牌, 潇洒 and play; every
    observation true and limited to what its seat may know."""
    outcomes = set()
    for i in hands:
        rng = random.Random(f"hand-properties/{i}")
        game = play_checked(rng, i)
        result = game.result()
        outcomes.add(result.outcome.name)
        assert result.points % 5 == 0 and 0 <= result.points <= 200
    assert {"dacheng", "dapo", "gulupo"} <= outcomes  # the games were varied


@SOME_OR_THOUSANDS
def test_thousands_of_records_replay_to_the_same_result(hands: range) -> None:
    """A saved record replays to the same result, for thousands of hands."""
    for seed in hands:
        preset = PRESETS[seed % 3]
        declarer = None if seed % 5 == 0 else "SENW"[seed % 4]
        game = Game.deal(seed=seed, rules=preset, declarer=declarer)
        kind = "heuristic" if seed % 2 else "random"
        play_hand(game, [make_bot(kind, seed * 4 + s) for s in range(4)])
        record = Record.from_game(game)
        back = Record.from_json(record.to_json())
        assert back.replay().result() == game.result()
