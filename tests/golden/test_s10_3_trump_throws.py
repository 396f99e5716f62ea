"""§10.2, §10.3 on a Chifeng base: throws in trumps (`throws_in_trumps`), which stand only as 清甩
(no 浑甩 in the trump group), fail to the lowest failing component or (shanghai) the lowest of
all, and are never beaten in their own suit.

The standard presets are not playable from a position string yet, so these are Chifeng
positions (level 2, hearts trump) built with the options changed.
"""

from __future__ import annotations

import pytest
from golden_helpers import complete, multiset

from duidiao import Cards, Rules
from duidiao.play.notation import parse_record
from duidiao.play.position import _build

TRUMP_THROWS = {"throws_in_trumps": True}


def _hand(south: str, east: str, options: dict[str, object]):
    """South to lead `south`; East holds `east` (and low clubs to make up five cards); North
    and West hold only diamonds and spades, so only East can beat a component."""
    fill = ["3C", "4C", "6C", "7C", "8C"][: 5 - len(east.split(","))]
    text = complete(
        f"chifeng level=2 trump=H declarer=S S={south} E={','.join([east, *fill])}"
        " N=6D,7D,8D,9D,JD W=6S,7S,8S,9S,JS turn=S points=0"
    )
    return _build(parse_record(text), Rules.preset("chifeng").replace(**options), 0)


def _lead(hand, cards: str) -> str:
    c = Cards(cards)
    return multiset(str(Cards.from_masks(*hand.play(c.masks, False))))


def test_s10_2_trumps_are_thrown_only_when_the_rules_allow() -> None:
    """§10.2: "A throw is two or more cards of one effective suit — trumps included — that are
    not a single pair or tractor." Three single trumps: 3 singles, and 4 throws with the option
    (every two of them, and all three)."""
    south = "BJ,SJ,AH,6D,7D"
    assert _hand(south, "3H", {}).count_legal_moves() == 5 + 1  # 5 singles, the throw 6D7D
    assert _hand(south, "3H", TRUMP_THROWS).count_legal_moves() == 5 + 1 + 4
    with pytest.raises(ValueError, match="trumps cannot be thrown"):
        _lead(_hand(south, "3H", {}), "SJ,AH")


def test_s10_3_a_trump_throw_nobody_can_beat_stands() -> None:
    """§10.3: "A throw stands unless another player — the partner too — holds, in its suit,
    something that beats one of its components." East's low trump beats nothing."""
    hand = _hand("BJ,SJ,AH,6D,7D", "3H", TRUMP_THROWS)
    assert _lead(hand, "BJ,SJ,AH") == multiset("BJ,SJ,AH")


def test_s10_3_no_muddy_throw_in_trumps() -> None:
    """§10.3: "There is no 浑甩" — and in the Chifeng presets 浑甩 is a rule of side suits only:
    East's KH beats the QH of the throw, though nobody else holds the trumps' top."""
    hand = _hand("AH,QH,6D,7D,8D", "KH", {**TRUMP_THROWS, "muddy_throws": True})
    assert _lead(hand, "AH,QH") == multiset("QH")


@pytest.mark.parametrize(
    "failed_throw, played",
    [
        ("lowest_failing", "SJ"),  # only the SJ fails (East's BJ); the KK pair stands
        ("lowest", "KH,KH"),  # the lowest component of all, failing or not
    ],
)
def test_s10_3_a_failed_trump_throw(failed_throw: str, played: str) -> None:
    """§10.3: "`tractor`: the failing component whose top card is lowest in power" and
    "`shanghai`: the lowest component of the whole throw, failing or not"."""
    hand = _hand("SJ,KH,KH,6D,7D", "BJ", {**TRUMP_THROWS, "failed_throw": failed_throw})
    assert _lead(hand, "SJ,KH,KH") == multiset(played)


def test_s10_5_a_standing_trump_throw_is_never_beaten_in_its_own_suit() -> None:
    """§10.5 `format`: "a throw is never beaten in its own suit". With East holding AA the
    throw fails (AA beats KK); with East's QQ it stands, and East's QQ+3 follows without taking
    the trick."""
    hand = _hand("SJ,KH,KH,6D,7D", "AH,AH,2S", TRUMP_THROWS)
    assert _lead(hand, "SJ,KH,KH") == multiset("KH,KH")
    hand = _hand("SJ,KH,KH,6D,7D", "QH,QH,3H", TRUMP_THROWS)
    assert _lead(hand, "SJ,KH,KH") == multiset("SJ,KH,KH")
    east = Cards("QH,QH,3H")
    hand.play(east.masks, False)
    for seat_cards in ("6D,7D,8D", "6S,7S,8S"):
        c = Cards(seat_cards)
        hand.play(c.masks, False)
    leader, _plays, winner, points = hand.tricks()[-1]
    assert (leader, winner, points) == (0, 0, 20)  # South's throw wins the trick, KK's 20
