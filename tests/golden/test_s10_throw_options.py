"""§10.3 on a Chifeng base: the two throw options of the standard game, `muddy_throws` (浑甩 on
or off) and `failed_throw` (the lowest failing component, or the lowest of all), on [004]'s
example: South throws 98844 in spades, and another player holds the J, or QQ, or 55.

The presets that use these values (`tractor`, `shanghai`) are not playable yet, so the positions
are Chifeng positions built with the options changed.
"""

from __future__ import annotations

import pytest
from golden_helpers import complete, multiset

from duidiao import Cards, Rules
from duidiao.play.notation import parse_record
from duidiao.play.position import _build

THROW = "9S,8S,8S,4S,4S"


def _played(east: str, options: dict[str, object]) -> str:
    """What South's lead of 98844 comes to with `east` (and low trumps) in East's hand; every
    other spade is gone, so only East could beat a component."""
    fill = ["3H", "4H", "6H", "7H"][: 5 - len(east.split(","))]
    text = complete(
        f"chifeng level=2 trump=H declarer=S S={THROW} E={','.join([east, *fill])}"
        " N=6D,7D,8D,9D,JD W=6C,7C,8C,9C,JC turn=S points=0"
    )
    hand = _build(parse_record(text), Rules.preset("chifeng").replace(**options), 0)
    throw = Cards(THROW)
    return multiset(str(Cards.from_masks(*hand.play(throw.masks, False))))


CHIFENG = {}
NO_MUDDY = {"muddy_throws": False}
LOWEST = {"muddy_throws": False, "failed_throw": "lowest"}


@pytest.mark.parametrize(
    "east, options, played",
    [
        # "if another player holds the J, the 9 must be played" — unless 浑甩 saves the throw
        ("JS", CHIFENG, THROW),  # nobody else holds A, K or Q: 浑甩, the throw stands
        ("JS", NO_MUDDY, "9S"),  # the 9 is the only failing component
        ("JS", LOWEST, "4S,4S"),  # the lowest component of all, failing or not
        # "if another holds QQ or 55, the 44"
        ("QS,QS", CHIFENG, "4S,4S"),  # East holds a Q: no 浑甩; QQ beats 88 and 44
        ("QS,QS", NO_MUDDY, "4S,4S"),
        ("QS,QS", LOWEST, "4S,4S"),
        ("5S,5S", CHIFENG, THROW),  # 浑甩 again
        ("5S,5S", NO_MUDDY, "4S,4S"),
        ("5S,5S", LOWEST, "4S,4S"),
    ],
)
def test_s10_3_failed_throw_rules_on_98844(east: str, options: dict, played: str) -> None:
    """§10.3: "`tractor`: the failing component whose top card is lowest in power ([004] throws
    98844: if another player holds the J, the 9 is played; if another holds QQ or 55, the 44).
    `shanghai`: the lowest component of the whole throw, failing or not." and "There is no 浑甩"."""
    assert _played(east, options) == multiset(played)


def test_s10_3_options_print_and_compare() -> None:
    """§9: every option prints, parses back and compares."""
    rules = Rules.preset("chifeng").replace(**LOWEST)
    assert "muddy_throws=off" in str(rules) and "failed_throw=lowest" in str(rules)
    assert rules != Rules.preset("chifeng")
    assert Rules.from_json("chifeng", rules.options_json()) == rules
    assert Rules.from_core(rules.to_core()) == rules
    with pytest.raises(ValueError, match="failed_throw: lowest_failing or lowest"):
        Rules.preset("chifeng").replace(failed_throw="highest")
