"""Matches of climbing hands (rules §12.3, §13.2): the first drawer moves on, the scores add
up, each hand is the one its seed deals."""

from __future__ import annotations

import pytest

from duidiao.play.climbing.games import deal, seats_of
from duidiao.play.climbing.match import ClimbingMatch
from duidiao.play.errors import IllegalMoveError
from duidiao.search.climbing.bots import make_bot


def finish(game) -> None:
    bot = make_bot("heuristic", 1)
    while game.to_act is not None:
        game.apply(bot.choose(game.observe()))


@pytest.mark.parametrize("preset", ["gouji-basic", "baohuang-basic"])
def test_a_match_adds_up_its_hands(preset: str) -> None:
    match = ClimbingMatch(preset, seed=8, hands=3)
    seats = seats_of(preset)
    drawers = []
    want = dict.fromkeys(match.totals, 0)
    while not match.over:
        game = match.deal()
        drawers.append(game.first_drawer)
        # the hand is the one its seed deals
        seed, first = match.hand_of(match.hand_number)
        assert first == seats[game.first_drawer]
        again = deal(preset, seed=seed, first_drawer=first)
        assert again.cards_dealt() == game.cards_dealt()
        finish(game)
        match.take(game)
        for key, value in game.result()[1].items():
            want[key] += value
    assert match.hand_number == 3 and match.totals == want
    assert [(d - drawers[0]) % len(seats) for d in drawers] == [0, 1, 2]
    assert len(match.results) == 3


def test_a_match_is_played_in_order() -> None:
    match = ClimbingMatch("gouji-basic", seed=1, hands=1)
    game = match.deal()
    with pytest.raises(ValueError, match="hand 1 is not over"):
        match.deal()
    with pytest.raises(IllegalMoveError):
        match.take(game)  # not over yet
    finish(game)
    match.take(game)
    with pytest.raises(ValueError, match="no hand is in play"):
        match.take(game)
    assert match.over
    with pytest.raises(ValueError, match="the match is over"):
        match.deal()


def test_bad_settings_are_named() -> None:
    with pytest.raises(ValueError, match="not a climbing preset"):
        ClimbingMatch("chifeng", seed=1)
    with pytest.raises(ValueError, match="hands: a positive number"):
        ClimbingMatch("gouji", seed=1, hands=0)
    assert not ClimbingMatch("gouji", seed=1).over  # endless until stopped
