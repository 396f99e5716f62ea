"""§10.5: who wins the trick under the two ways plays compete, `format` (tractor, as §5.4) and
`structure` (shanghai), on [004]'s examples.

The standard presets are not playable from a position string yet, so these are Chifeng
positions (level 3, hearts trump) built with `trump_compare` and trump throws set. South leads
a spade throw that stands (every higher spade is gone); East and North are void in spades and
trump it; West discards.
"""

from __future__ import annotations

import pytest
from golden_helpers import complete

from duidiao import Cards, Rules
from duidiao.play.notation import parse_record
from duidiao.play.position import _build

LOW_DIAMONDS = ["2D", "4D", "6D", "7D", "8D", "9D"]


def _winner(lead: str, east: str, north: str, compare: str) -> str:
    """The seat that wins South's `lead` followed by East's and North's trumps."""
    n = len(lead.split(","))
    west = ",".join(LOW_DIAMONDS[:n])
    text = complete(
        f"chifeng level=3 trump=H declarer=S S={lead} E={east} N={north} W={west}"
        " turn=S points=0"
    )
    rules = Rules.preset("chifeng").replace(trump_compare=compare, throws_in_trumps=True)
    hand = _build(parse_record(text), rules, 0)
    for cards in (lead, east, north, west):
        c = Cards(cards)
        played = hand.play(c.masks, False)
        assert Cards.from_masks(*played) == c, f"{cards} was not played as given"
    _leader, _plays, winner, _points = hand.tricks()[-1]  # the winner is a seat
    return "SENW"[winner]


BOTH = ["format", "structure"]


@pytest.mark.parametrize("compare", BOTH)
def test_s10_5_9988_7_2_beats_AK_5544(compare: str) -> None:
    """§10.5 `format`: "trumps 9988+7+2 beat AK+5544 but not AA+5544"; `structure`: the same
    components (a tractor and two singles), so the trumps beat the spades."""
    assert _winner("AS,KS,5S,5S,4S,4S", "9H,9H,8H,8H,7H,2H", "6D,7D,8D,9D,TD,JD", compare) == "E"


@pytest.mark.parametrize("compare", BOTH)
def test_s10_5_9988_7_2_does_not_beat_AA_5544(compare: str) -> None:
    """§10.5: not over AA+5544 — no split of 9988+7+2 holds a pair beside the tractor."""
    assert _winner("AS,AS,5S,5S,4S,4S", "9H,9H,8H,8H,7H,2H", "6D,7D,8D,9D,TD,JD", compare) == "S"


@pytest.mark.parametrize("compare, winner", [("format", "N"), ("structure", "E")])
def test_s10_5_on_44_5(compare: str, winner: str) -> None:
    """§10.5 `format`: "77+9 beats 44+5, and 88+4 beats 77+9" (the pair decides); `structure`:
    both compete (a pair and a single), and "the play with the higher highest card wins": 77+9's
    9 over 88+4's 8."""
    assert _winner("4S,4S,5S", "7H,7H,9H", "8H,8H,4H", compare) == winner


@pytest.mark.parametrize("compare, winner", [("format", "E"), ("structure", "S")])
def test_s10_5_on_5_6_7(compare: str, winner: str) -> None:
    """§10.5 `format`: "on 5+6+7, 77+9 beats and 88+4 does not" (a trump pair stands for two
    singles); `structure`: "A trump pair does not stand for two singles" — neither competes."""
    assert _winner("5S,6S,7S", "7H,7H,9H", "8H,8H,4H", compare) == winner


@pytest.mark.parametrize("compare", BOTH)
def test_s10_5_a_standing_throw_tied_keeps_the_trick(compare: str) -> None:
    """§10.5: "Between plays of equal power the earlier wins." South's A+33 stands (East's 22
    beats no pair, its A no single); East's A+22 has the same components and an equal highest
    card under `structure`, and under `format` a throw is never beaten in its own suit."""
    lead, east = "AS,3S,3S", "AS,2S,2S"
    text = complete(
        f"chifeng level=4 trump=H declarer=S S={lead} E={east} N=6D,7D,8D W=6C,7C,8C"
        " turn=S points=0"
    )
    rules = Rules.preset("chifeng").replace(trump_compare=compare)
    hand = _build(parse_record(text), rules, 0)
    for cards in (lead, east, "6D,7D,8D", "6C,7C,8C"):
        c = Cards(cards)
        assert Cards.from_masks(*hand.play(c.masks, False)) == c
    assert hand.tricks()[-1][2] == 0  # South's throw
