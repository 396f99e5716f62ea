"""Rules §11.12's declaring and 反底 examples played by the engine's `Game` (the reference checks
them too: tests/test_reference_wider.py): G40 (the ladder of §11.7: 反主 by suit order, 自反's
stake), G41 (反底, §11.8, with the stake of §11.9) and G43 (one deck: the first single stands)."""

from __future__ import annotations

import random

import pytest

from duidiao import Card, Cards, Game, IllegalMoveError
from duidiao.play.decisions import Decision


def crafted_deck(decks: int, placed: dict[int, str], seed: int = 0) -> list[Card]:
    """The packs in drawing order with ``placed`` cards at their draws (draw i goes to seat
    i % 4 from South), the rest shuffled around them with no level card T and no joker left."""
    deck: list[Card | None] = [None] * (54 * decks)
    for i, card in placed.items():
        deck[i] = Card(card)
    rest = list(Cards.deck(decks) - Cards([c for c in deck if c is not None]))
    random.Random(seed).shuffle(rest)
    # keep the declarable cards (T and jokers) out of every hand: into the kitty (the deck's end)
    rest.sort(key=lambda c: c.is_joker or c.rank == "T")
    slots = [i for i, c in enumerate(deck) if c is None]
    for i, card in zip(slots, rest):
        deck[i] = card
    assert all(c is not None for c in deck)
    return [c for c in deck if c is not None]


def bury_plain(game: Game) -> None:
    """The burier puts away its lowest plain cards (no level card, no joker)."""
    seat = game.to_act
    assert seat is not None
    plain = [c for c in sorted(game.held(seat)) if not c.is_joker and c.rank != "T"]
    game.bury(Cards(plain[: game.rules.sizes.kitty_cards]))


# G40: S shows TH; E TD,TD (反主); N TC,TC (♣ > ♦); S TS,TS (a 反主: its own single no longer
# stands); W holds TH, a single that cannot override; later the jokers for G41's counters.
G40 = {0: "TH", 1: "TD", 5: "TD", 2: "TC", 6: "TC", 3: "TH", 4: "TS", 8: "TS",
       9: "SJ", 13: "SJ", 12: "BJ", 16: "BJ"}
PLAN = {("S", 1): ("H", "single"), ("E", 6): ("D", "pair"), ("N", 7): ("C", "pair"),
        ("S", 9): ("S", "pair")}


def g40_game() -> Game:
    game = Game(crafted_deck(2, G40), "S", rules="huanle", levels={"NS": "T", "EW": "T"})
    asked = []
    while game.phase == "declare":
        seat, drawn = game.to_act, game.drawn
        assert seat is not None
        options = game.declare_options()
        asked.append((seat, drawn, options))
        plan = PLAN.get((seat, drawn))
        if plan is not None:
            assert plan in options, (seat, drawn, options)
            game.declare(*plan)
        else:
            game.decline()
    # W's single TH never stood a chance; E could not show TD,TD again
    assert all(o.kind != "single" for s, d, os in asked if s == "W" for o in os)
    assert all(("D", "pair") not in os for s, d, os in asked if s == "E" and d > 6)
    return game


def test_s11_7_g40_the_ladder_by_suit_and_its_stake() -> None:
    game = g40_game()
    made = [(d.seat, d.suit, d.kind) for d in game.declarations]
    assert made == [("S", "H", "single"), ("E", "D", "pair"), ("N", "C", "pair"),
                    ("S", "S", "pair")]
    assert game.declarer == "S" and game.trump == "S"  # the first hand's: the standing one
    assert game.stake == 8  # three 反主 (§11.9): S's last is no 自保 (its single was overridden)


def test_s11_8_g41_counters_double_the_stake_and_keep_the_declarer() -> None:
    game = g40_game()
    bury_plain(game)  # S buries
    assert game.phase == "counter" and game.to_act == "E"
    game.apply(Decision.counter_("E", "NT", "small_jokers"))
    assert game.stake == 16 and game.trump == "NT" and game.to_act == "E"
    bury_plain(game)
    # N and W have nothing stronger: the round comes to S, the declarer, who may counter now
    assert game.phase == "counter" and game.to_act == "S"
    assert ("H", "single") not in game.declare_options()  # a single never counters
    with pytest.raises(IllegalMoveError, match="single H is not open"):
        game.apply(Decision.counter_("S", "H", "single"))
    game.apply(Decision.counter_("S", "NT", "big_jokers"))
    bury_plain(game)
    # E, N and W pass (nobody holds anything stronger): the round ends, the play begins
    assert game.phase == "play"
    assert game.declarer == "S" and game.trump == "NT" and game.stake == 32
    assert [(c.seat, c.kind) for c in game.counters] == [("E", "small_jokers"),
                                                         ("S", "big_jokers")]


def test_s11_7_g43_one_deck_the_first_single_stands() -> None:
    game = Game(crafted_deck(1, {0: "TH", 1: "TS"}), "S", rules="one-deck",
                levels={"NS": "T", "EW": "T"})
    assert game.to_act == "S" and ("H", "single") in game.declare_options()
    game.declare("H", "single")
    while game.phase == "declare":  # E's TS is an equal rung: never open
        assert ("S", "single") not in game.declare_options()
        game.decline()
    assert game.trump == "H" and game.declarations[-1].seat == "S"


def test_s11_7_g42_three_packs_triples_above_joker_pairs() -> None:
    """G42 (rules §11.12) with three packs: W's SJ,SJ (NT) < N's TD,TD,TD (three level cards
    beat two jokers) < E's TC,TC,TC (♣ > ♦) < S's TS,TS,TS (♠ > ♣) < W's BJ,BJ,BJ: four 反主
    after the first declaration, stake 16."""
    placed = {3: "SJ", 7: "SJ", 2: "TD", 6: "TD", 10: "TD", 1: "TC", 5: "TC", 9: "TC",
              0: "TS", 4: "TS", 8: "TS", 11: "BJ", 15: "BJ", 19: "BJ"}
    plan = {("W", 8): ("NT", "small_jokers"), ("N", 11): ("D", "triple"),
            ("E", 14): ("C", "triple"), ("S", 17): ("S", "triple"),
            ("W", 20): ("NT", "three_big_jokers")}
    game = Game(crafted_deck(3, placed), "S", rules="three-deck", levels={"NS": "T", "EW": "T"})
    while game.phase == "declare":
        seat, drawn = game.to_act, game.drawn
        plan_now = plan.get((seat or "", drawn))
        if plan_now is not None:
            assert plan_now in game.declare_options(), (seat, drawn, game.declare_options())
            game.declare(*plan_now)
        else:
            game.decline()
    made = [(d.seat, d.kind) for d in game.declarations]
    assert made == [("W", "small_jokers"), ("N", "triple"), ("E", "triple"), ("S", "triple"),
                    ("W", "three_big_jokers")]
    assert game.trump == "NT" and game.declarer == "W" and game.stake == 16  # four 反主
