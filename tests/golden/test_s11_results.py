"""Rules §11.12's kitty multipliers and bands played by the engine (the reference checks them
too: tests/test_reference_wider.py): G34 (the multiplier min(64, 2^k), k the cards of the
winning play's largest component, §11.9), G35 (huanle's component against tractor's power)
and G36–G37 (the bands of 20 × decks points)."""

from __future__ import annotations

import pytest

from duidiao import Card, Cards, Position

FILLERS = [f"{r}{s}" for s in "HD" for r in "34679"]  # low plain cards: no point, no trump


def last_trick(play: str, head: str, decks: int, kitty: str, level: str) -> Position:
    """The last trick, E (a defender) to lead ``play``; S, N and W hold as many low hearts and
    diamonds (never a level card, a point or a trump), the kitty ``kitty`` buried by S."""
    lead = Cards(play)
    n = len(lead)
    pool = [Card(c) for c in FILLERS if c[0] != level for _ in range(decks)]
    hands = {seat: Cards(pool[i * n:(i + 1) * n]) for i, seat in enumerate("SNW")}
    assert all(len(h) == n for h in hands.values())
    buried = Cards(kitty)
    known = lead | buried | hands["S"] | hands["N"] | hands["W"]
    gone = Cards.deck(decks) - known
    return Position(f"{head} S={hands['S']} E={lead} N={hands['N']} W={hands['W']} "
                    f"kitty={buried} gone={gone} points=0 trick=E:")


def multiplier(play: str, head: str = "three-deck level=2 trump=S declarer=S levels=NS:2,EW:2",
               decks: int = 3, level: str = "2") -> int:
    kitty = "KS,TS,5S,3S,4S,6S" if decks == 3 else "KS,TS,5S,3S,4S,6S,7S,8S"
    position = last_trick(play, head, decks, kitty, level)
    for _ in range(4):  # E leads, the others follow with what they hold
        move = str(position.legal_moves()[0]) if position.turn != "E" else play
        position, _ = position.played(position.parse_move(move))
    result = position.result()
    assert result.kitty_points == 25
    return int(result.kitty_multiplier)


@pytest.mark.parametrize(("play", "times"), [
    ("4C,4C,4C,5C,5C,5C", 64),  # a Titanic: 6 cards, 2^6
    ("4C,4C,5C,5C,6C,6C", 64),  # a tractor of three pairs
    ("4C,4C,5C,5C", 16),
    ("5C,5C,5C", 8),
    ("AC,KC,QC,JC,TC,9C,8C,7C,7C", 4),  # a throw: its largest component is the pair
    ("AC,KC,QC,JC", 2),
    ("AC,AC,JC,JC", 4),
])
def test_s11_9_g34_the_kitty_multiplier(play: str, times: int) -> None:
    assert multiplier(play) == times


def test_s11_9_g34_a_three_titanic_is_capped_at_64() -> None:
    head = "three-deck level=5 trump=S declarer=S levels=NS:5,EW:5"
    assert multiplier("3C,3C,3C,4C,4C,4C,6C,6C,6C", head, level="5") == 64  # not 512


def test_s11_9_g35_component_against_power() -> None:
    """Trumps 9S,9S,8S,8S,7S,2S winning the last trick: ×16 under huanle (the largest
    component is a 4-card tractor), ×8 under tractor (2^(1+2): a tractor of length 2)."""
    play = "9S,9S,8S,8S,7S,3S"  # (3S for the 2S of the example: 2 is the level here)
    head = "{} level=T trump=S declarer=N levels=NS:T,EW:T"
    huanle = multiplier_trump(play, head.format("huanle"))
    tractor = multiplier_trump(play, head.format("tractor"))
    assert (huanle, tractor) == (16, 8)


def multiplier_trump(play: str, head: str) -> int:
    """E, a defender, leads trumps in the last trick of a two-deck hand."""
    kitty = "KC,TC,5C,3C,4C,6C,7C,8C"
    position = last_trick(play, head, 2, kitty, "T")
    for _ in range(4):
        move = str(position.legal_moves()[0]) if position.turn != "E" else play
        position, _ = position.played(position.parse_move(move))
    result = position.result()
    assert result.kitty_points == 25
    return int(result.kitty_multiplier)


def result_at(points: int, preset: str, decks: int) -> tuple[str, int]:
    """The outcome and the climb (of the declarers, or of the defenders who take over) when
    the defenders took ``points`` and the declarers won the last trick (no kitty bonus)."""
    head = f"{preset} level=2 trump=S declarer=S levels=NS:2,EW:2"
    hands = Cards("AS,3H,4H,6H")
    rest = sorted(Cards.deck(decks) - hands, key=lambda c: (c.points, str(c)))
    kitty = Cards(rest[: 8 if decks == 2 else 6])  # no point in it: no bonus to weigh
    gone = Cards.deck(decks) - hands - kitty
    position = Position(f"{head} S=AS E=3H N=4H W=6H kitty={kitty} gone={gone} "
                        f"points={points} trick=S:")
    for move in ("AS", "3H", "4H", "6H"):
        position, _ = position.played(position.parse_move(move))
    r = position.result()
    assert r.points == points
    ladder = "23456789TJQKA"
    climbs = {team: ladder.index(str(r.levels[team])) for team in ("NS", "EW")}  # from 2
    return str(r.outcome), max(climbs.values())


@pytest.mark.parametrize(("points", "outcome", "climb"), [
    (0, "guangpai", 3), (55, "xiaoguang", 2), (60, "dacheng", 1), (115, "dacheng", 1),
    (120, "dapo", 0), (175, "dapo", 0), (180, "dapo_climb", 1), (240, "dapo_climb", 2),
    (300, "dapo_climb", 3),
])
def test_s11_9_g36_three_decks_bands_of_60(points: int, outcome: str, climb: int) -> None:
    assert result_at(points, "three-deck", 3) == (outcome, climb)


@pytest.mark.parametrize(("points", "outcome", "climb"), [
    (15, "xiaoguang", 2), (35, "dacheng", 1), (40, "dapo", 0), (60, "dapo_climb", 1),
    (100, "dapo_climb", 3),
])
def test_s11_9_g37_one_deck_bands_of_20(points: int, outcome: str, climb: int) -> None:
    assert result_at(points, "one-deck", 1) == (outcome, climb)
