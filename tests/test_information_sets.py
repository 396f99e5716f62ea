"""Information sets: an observation holds nothing a seat may not know."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("duidiao._core")

from duidiao import Card, Cards, Game, Observation, make_bot  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402

SEATS = "SENW"


def check_observation(game: Game, obs: Observation) -> None:
    me = obs.seat
    assert obs.hand == game.held(me)
    for seat in SEATS:
        assert obs.hand_sizes[seat] == len(game.held(seat))
        # exposed cards are public facts and really are in the hand
        assert obs.exposed[seat] == game.exposed(seat)
        assert obs.exposed[seat] <= game.held(seat)
    # the kitty: face up after burying (or 干巴锅), else unseen; the original kitty is the
    # declarer's own knowledge only
    if obs.kitty is not None:
        assert game.kitty_public
        assert obs.kitty == game.kitty
    else:
        assert not game.kitty_public
    if obs.original_kitty is not None:
        assert me == game.declarer and not game.dry
    if obs.phase in ("play", "over"):
        position = obs.position
        assert position is not None
        for seat in SEATS:
            if seat == me:
                assert position.hands[seat] == game.held(seat)
                assert position.unknown[seat] == 0
            else:
                # nothing of another hand but its exposed cards
                assert position.hands[seat] == game.exposed(seat)
                assert position.unknown[seat] == len(game.held(seat)) - len(game.exposed(seat))
        assert position.kitty == game.kitty
        text = str(position)
        for seat in SEATS:
            if seat != me:
                hidden = game.held(seat) - game.exposed(seat)
                written = text.split(f" {seat}=")[1].split(" ")[0]
                assert written.endswith(f"?{len(hidden)}") or not hidden
    else:
        assert obs.position is None
        assert obs.tricks == () and obs.trick is None


@pytest.mark.parametrize("seed", range(12))
def test_observations_show_only_what_a_seat_may_know(seed: int) -> None:
    preset = ("chifeng", "chifeng-classic")[seed % 2]
    game = Game.deal(seed=seed, rules=preset, declarer=None if seed % 3 == 0 else "SENW"[seed % 4])
    bots = [make_bot("random", seed * 4 + s) for s in range(4)]
    step = 0
    while not game.is_over:
        if step % 3 == 0 or game.phase != "play":
            for seat in SEATS:
                check_observation(game, game.observe(seat))
        seat = game.to_act
        assert seat is not None
        play_step(game, bots[SEATS.index(seat)])
        step += 1
    for seat in SEATS:
        check_observation(game, game.observe(seat))


def hidden_swap(deck: tuple[Card, ...], first: str, a: str, b: str, level: str) -> list[Card]:
    """Swap two cards drawn by seats ``a`` and ``b``: plain side cards (no joker, no level
    card, different faces), so that nothing public changes."""
    order = [SEATS[(SEATS.index(first) + i) % 4] for i in range(100)]

    def plain(card: Card) -> bool:
        return not card.is_joker and card.rank != level

    i = next(k for k in range(100) if order[k] == a and plain(deck[k]))
    j = next(k for k in range(100) if order[k] == b and plain(deck[k]) and deck[k] != deck[i])
    swapped = list(deck)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def passive(game: Game) -> None:
    """Decline everything; the declarer buries its 8 last cards; play the first move."""
    if game.phase == "bury":
        game.bury(list(game.held(game.to_act or "S"))[-8:])
    elif game.phase == "play":
        game.play(game.legal_moves()[0])
    else:
        game.decline()


@pytest.mark.parametrize("seed", range(25))
def test_other_hidden_cards_do_not_change_an_observation(seed: int) -> None:
    """Two games differing only in E's and W's hidden cards look the same to S and N."""
    rng = random.Random(seed)
    level = "A23456789TJQK"[rng.randrange(13)]
    one = Game.deal(seed=seed, declarer="S", levels=(level, level))
    deck = hidden_swap(one.deck, "S", "E", "W", level)
    two = Game(deck, "S", declarer="S", levels=(level, level))
    assert one.deck != two.deck
    compared = 0
    while True:
        for seat in "SN":
            assert one.observe(seat) == two.observe(seat)
            position_one = one.observe(seat).position
            if position_one is not None:
                assert str(position_one) == str(two.observe(seat).position)
            compared += 1
        assert one.phase == two.phase and one.to_act == two.to_act
        if one.phase == "play" and one.to_act != "S":
            break  # E's next play may differ: the games part here
        passive(one)
        passive(two)
    assert compared > 2
    # and the hidden hands really differed
    assert one.held("E") != two.held("E") and one.held("W") != two.held("W")


def test_bot_sees_core_observation_only() -> None:
    """The observation a built-in bot is handed is the seat's own (its hand, not others')."""
    game = Game.deal(seed=4, declarer="W")
    obs = game.observe("E")
    assert Cards.from_masks(*obs.core.hand) == game.held("E")
    for seat in "SNW":
        assert Cards.from_masks(*obs.core.exposed("SENW".index(seat))) == game.exposed(seat)
