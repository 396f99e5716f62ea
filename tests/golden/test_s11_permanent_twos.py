"""Rules §11.12's G44 played by the engine: with `permanent_twos` (2 为常主, §11.2) the twos are
trumps between the aces and the level cards, and tractors run through them. A tractor lead is
told from two pairs by what E must follow with: holding the tractor KH,KH,QH,QH and the pair
7H,7H, E must answer a tractor with its tractor, and two pairs with any two pairs."""

from __future__ import annotations

import pytest

from duidiao import Cards, Position

HEAD = "huanle with=permanent_twos level=T trump={trump} declarer=S levels=NS:T,EW:T"


def follow(lead: str, e_hand: str, trump: str = "H") -> Position:
    e, led = Cards(e_hand), Cards(lead)
    k, m = len(e), len(led)
    rest = sorted(Cards.deck(2) - e - led, key=lambda c: (c.suit != "C" or c.rank in "2T", str(c)))
    hidden = (k - m) + 2 * k + 8
    gone = Cards(rest[hidden:])
    return Position(f"{HEAD.format(trump=trump)} S=?{k - m} E={e} N=?{k} W=?{k} kitty=?8 "
                    f"gone={gone} points=0 trick=S:{led}")


E_HAND = "KH,KH,QH,QH,7H,7H"


@pytest.mark.parametrize(("lead", "tractor"), [
    ("AH,AH,2S,2S", True),  # the ace, then an off-suit 2
    ("2S,2S,2H,2H", True),  # an off-suit 2, then the trump suit's
    ("2H,2H,TS,TS", True),  # the trump suit's 2, then an off-suit level card
    ("2S,2S,2D,2D", False),  # two off-suit 2s are equal
    ("AH,AH,2H,2H", False),  # the off-suit 2s lie between
])
def test_s11_2_g44_tractors_through_the_permanent_twos(lead: str, tractor: bool) -> None:
    position = follow(lead, E_HAND)
    assert position.is_legal("KH,KH,QH,QH")
    assert position.is_legal("KH,KH,7H,7H") is not tractor, lead


def test_s11_2_g44_under_no_trump_the_twos_run_into_the_level_cards() -> None:
    """Under NT, 2S,2S,TS,TS is a tractor: E must answer with one of its two."""
    position = follow("2S,2S,TS,TS", "TC,TC,SJ,SJ,BJ,BJ", trump="NT")
    assert position.is_legal("SJ,SJ,BJ,BJ") and position.is_legal("TC,TC,SJ,SJ")
    assert not position.is_legal("TC,TC,BJ,BJ")
