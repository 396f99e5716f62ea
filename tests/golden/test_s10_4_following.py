"""§10.4 on a Chifeng base: the following duties of `must_follow_format` — pairs for pairs,
a tractor for a tractor (or the longest one held), nothing more for a follower short of the suit
— and the trump group's tractors with `level_tractor_bridge`.

The presets that play these duties (`tractor`, `shanghai`) are not playable yet, so the positions
are Chifeng positions built with the options changed.
"""

from __future__ import annotations

import dataclasses

import pytest
from golden_helpers import canon, complete, moves, multiset

from duidiao import IllegalMoveError, NotationError, Position, Rules
from duidiao.play.notation import parse_record
from duidiao.play.position import _build, _position_from_record


def duty_position(text: str, **options: object) -> Position:
    """The position of `text` (completed by golden_helpers.complete), played under its preset
    with must_follow_format on and `options` changed."""
    record = parse_record(complete(text))
    rules = Rules.preset(record.preset).replace(**{"must_follow_format": True, **options})
    static, _ = _position_from_record(record)
    return Position._make(dataclasses.replace(static, rules=rules), _build(record, rules, 0))


def refusal(pos: Position, play: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        pos.play(play)
    return info.value


PAIR_LEAD = (
    "chifeng level=7 trump=H declarer=S "
    "S=9S,9S,2C,3C E=JS,QS,TS,TS N=4C,6C,8C,9C W=4D,6D,8D,9D turn=S points=0"
)


def test_s10_4_a_pair_is_followed_with_a_pair_when_one_is_held() -> None:
    """§10.4: "Within the led suit a follower must also play: **pairs**: at least min(P, Q)
    pairs, P the pairs in the lead ... and Q the pairs the follower holds in that suit". On
    9S,9S, East (JS, QS, TS, TS) must play its pair TS,TS; Chifeng lets it play any two spades
    (tests/golden/test_s5_tricks.py)."""
    p = duty_position(PAIR_LEAD).play("9S,9S")
    assert moves(p) == canon("TS,TS")
    error = refusal(p, "JS,QS")
    assert error.reason == "pairs_not_followed"
    assert "E must play a pair of spades (the lead has 1, E holds 1) but played none" in str(error)
    assert "E still holds the pair TS,TS" in str(error)
    # Chifeng, the same position: no duty.
    p = duty_position(PAIR_LEAD, must_follow_format=False).play("9S,9S")
    assert moves(p) == canon("JS,QS", "JS,TS", "QS,TS", "TS,TS")


def test_s10_4_a_pair_lead_without_a_pair_held_takes_any_cards_of_the_suit() -> None:
    """§10.4: "at least min(P, Q) pairs, ... Q the pairs the follower holds in that suit": East
    holds no pair of spades (Q = 0), so any two of its spades follow 9S,9S."""
    p = duty_position(
        "chifeng level=7 trump=H declarer=S "
        "S=9S,9S,2C,3C E=JS,QS,TS,3H N=4C,6C,8C,9C W=4D,6D,8D,9D turn=S points=0"
    ).play("9S,9S")
    assert moves(p) == canon("JS,QS", "JS,TS", "QS,TS")


THROW = (
    "chifeng level=7 trump=H declarer=S "
    "S=AS,AS,KS,QS,QS,2C,3C E=8S,8S,6S,6S,4S,4S,3S N=9S,9S,TS,JS,5S,2S,3D "
    "W=4D,5D,6D,8D,9D,TD,JD turn=S points=0"
)


def test_s10_4_a_throw_asks_for_all_the_pairs_of_its_components() -> None:
    """§10.4: "P the pairs in the lead (a tractor of length L counts L, a throw all the pairs of
    its components)". South throws AA+QQ+K in spades (it stands: nobody else holds an ace or a
    higher pair than QQ), P = 2. East holds three pairs: it plays two of them and one more
    spade; North holds one pair: it plays it and three other spades; West, void, plays any
    five cards."""
    p, led = duty_position(THROW).played("AS,AS,KS,QS,QS")
    assert multiset(str(led)) == multiset("AS,AS,KS,QS,QS")  # the throw stands
    assert moves(p) == canon(
        "8S,8S,6S,6S,4S", "8S,8S,6S,6S,3S", "8S,8S,4S,4S,6S",
        "8S,8S,4S,4S,3S", "6S,6S,4S,4S,8S", "6S,6S,4S,4S,3S",
    )
    error = refusal(p, "8S,8S,6S,4S,3S")
    assert error.reason == "pairs_not_followed"
    assert "E must play 2 pairs of spades (the lead has 2, E holds 3) but played 1" in str(error)
    p = p.play("8S,8S,4S,4S,3S")
    assert moves(p) == canon("9S,9S,TS,JS,5S", "9S,9S,TS,JS,2S", "9S,9S,TS,5S,2S", "9S,9S,JS,5S,2S")
    p = p.play("9S,9S,TS,JS,2S")
    assert len(moves(p)) == 21  # West: any 5 of its 7 cards


TRACTOR = (
    "chifeng level=7 trump=H declarer=S "
    "S=QS,QS,JS,JS,2C,3C,4C E=9S,9S,8S,8S,AS,AS,3S N=KS,KS,5S,5S,TS,2S,3D "
    "W=4D,5D,6D,8D,9D,TD,JD turn=S points=0"
)


def test_s10_4_a_tractor_is_followed_with_a_tractor_when_one_is_held() -> None:
    """§10.4: "**a tractor**, when the lead is a tractor of length L (not a throw): one of length
    L if the follower holds a tractor at least that long". On QQ-JJ (level 7), East must play
    its tractor 99-88 (at level 7 the 8 stands next to the 9), not AA with 99; North holds no
    tractor, so the pair duty alone: both its pairs, KK and 55."""
    p = duty_position(TRACTOR).play("QS,QS,JS,JS")
    assert moves(p) == canon("9S,9S,8S,8S")
    error = refusal(p, "AS,AS,9S,9S")
    assert error.reason == "tractor_not_followed"
    assert str(error).endswith(
        "E must follow the tractor with a tractor of 2 pairs of spades: E holds 9S,9S,8S,8S"
    )
    p = p.play("9S,9S,8S,8S")
    assert moves(p) == canon("KS,KS,5S,5S")


PARTIAL = (
    "chifeng level=7 trump=H declarer=S "
    "S=QS,QS,JS,JS,TS,TS,2C,3C E=9S,9S,8S,8S,4S,4S,2S,2S N=AS,AS,KS,6S,5S,3S,3D,4D "
    "W=KS,6S,5S,3S,5D,6D,8D,9D turn=S points=0"
)


def test_s10_4_the_longest_tractor_held_follows_a_longer_one() -> None:
    """§10.4: "else, if its longest tractor there has length m with 2 ≤ m < L, one of length m."
    On the 3-tractor QQ-JJ-TT, East's longest tractor is 99-88 (m = 2): it plays it with one of
    its other pairs (three pairs: min(P, Q) = 3), 44 or 22; three pairs without the tractor,
    or the tractor with two singles, do not follow. North (AA and four singles) plays its pair
    and its other spades; West, short of spades, plays all four and two other cards."""
    p = duty_position(PARTIAL).play("QS,QS,JS,JS,TS,TS")
    assert moves(p) == canon("9S,9S,8S,8S,4S,4S", "9S,9S,8S,8S,2S,2S")
    error = refusal(p, "9S,9S,4S,4S,2S,2S")
    assert error.reason == "tractor_not_followed"
    assert str(error).endswith(
        "E must play a tractor of 2 pairs of spades (the lead is a tractor of 3, the longest "
        "E holds has 2): E holds 9S,9S,8S,8S"
    )
    error = refusal(p, "9S,9S,8S,8S,4S,2S")
    assert error.reason == "pairs_not_followed"
    assert "E must play 3 pairs of spades (the lead has 3, E holds 4) but played 2" in str(error)
    p = p.play("9S,9S,8S,8S,2S,2S")
    assert moves(p) == canon("AS,AS,KS,6S,5S,3S")
    p = p.play("AS,AS,KS,6S,5S,3S")
    assert all(m.count("S") == 4 for m in moves(p)) and len(moves(p)) == 6


def test_s10_4_a_follower_short_of_the_suit_plays_all_of_it_and_anything() -> None:
    """§10.4: "The count and the suit are as in §5.3." (a follower who holds fewer cards of the
    led suit than were led plays all of them and makes up the number with any other cards) and
    "A follower void in the led suit plays anything." On QQ-JJ, East holds three spades, the
    pair 99 among them: it plays all three and any fourth card — a single of its diamond pair
    too, as the duties are the led suit's. West, void in spades, plays any four cards."""
    p = duty_position(
        "chifeng level=7 trump=H declarer=S "
        "S=QS,QS,JS,JS,2C E=9S,9S,3S,4D,4D N=KS,KS,AS,8S,3C W=5D,6D,8D,9D,TD turn=S points=0"
    ).play("QS,QS,JS,JS")
    assert moves(p) == canon("9S,9S,3S,4D")
    p = p.play("9S,9S,3S,4D")
    assert moves(p) == canon("KS,KS,AS,8S")
    p = p.play("KS,KS,AS,8S")
    assert len(moves(p)) == 5  # any four of West's five cards


BRIDGE = (
    "chifeng level=7 trump=H declarer=S "
    "S=7H,7H,SJ,SJ,BJ,BJ,2C,3C E=AH,AH,7D,7D,7S,7S,4H,4H N=2D,3D,4D,5D,6D,8D,9D,TD "
    "W=2S,3S,4S,5S,6S,8S,9S,TS turn=S points=0"
)
STANDARD_TRUMPS = {"level_tractor_bridge": True, "ace_low_tractor": False}


def test_s10_4_trump_tractors_with_the_level_bridge() -> None:
    """§10.4: "one of length L if the follower holds a tractor at least that long; else, if its
    longest tractor there has length m with 2 ≤ m < L, one of length m", in the trump group of
    §10.2: "the highest natural trump pair (the ace ...), an off-suit level pair, the trump
    suit's level pair, ... Two off-suit level pairs of different suits have equal power, so they
    are never adjacent." South leads the 3-tractor 7H7H-SJSJ-BJBJ (level 7, hearts trump).
    East's longest tractors are AH-7D and AH-7S (m = 2), never 7D-7S: it plays three pairs
    holding one of them. Without the bridge it holds no tractor: any three of its pairs."""
    lead = "7H,7H,SJ,SJ,BJ,BJ"
    p = duty_position(BRIDGE, **STANDARD_TRUMPS).play(lead)
    assert moves(p) == canon(
        "AH,AH,7D,7D,7S,7S", "AH,AH,7D,7D,4H,4H", "AH,AH,7S,7S,4H,4H"
    )
    error = refusal(p, "7D,7D,7S,7S,4H,4H")
    assert error.reason == "tractor_not_followed"
    # Of the equal AH-7D and AH-7S, the one first in notation order (§10.2).
    assert "the longest E holds has 2): E holds 7D,7D,AH,AH" in str(error)
    p = duty_position(BRIDGE, level_tractor_bridge=False, ace_low_tractor=False).play(lead)
    assert len(moves(p)) == 4  # any 3 of the 4 pairs


def test_s10_4_a_two_pair_trump_tractor_with_the_bridge() -> None:
    """§10.4: "one of length L if the follower holds a tractor at least that long" with §10.2's
    bridge: on 7H7H-SJSJ East must play AH-7D or AH-7S, one tractor of length 2, each listed
    once."""
    text = (
        "chifeng level=7 trump=H declarer=S S=7H,7H,SJ,SJ,2C,3C E=AH,AH,7D,7D,7S,7S "
        "N=2D,3D,4D,5D,6D,8D W=2S,3S,4S,5S,6S,8S turn=S points=0"
    )
    p = duty_position(text, **STANDARD_TRUMPS).play("7H,7H,SJ,SJ")
    assert moves(p) == canon("AH,AH,7D,7D", "AH,AH,7S,7S")


def test_s10_4_a_written_trick_that_breaks_a_duty_is_refused() -> None:
    """§10.4: "A play that breaks a duty is illegal like any other." — in a written trick too:
    the notation names the pair the seat held."""
    text = complete(
        "chifeng level=7 trump=H declarer=S "
        "S=2C,3C E=TS,TS N=4C,6C,8C,9C W=4D,6D,8D,9D trick=S:9S,9S|JS,QS points=0"
    )
    rules = Rules.preset("chifeng").replace(must_follow_format=True)
    with pytest.raises(NotationError) as info:
        _build(parse_record(text), rules, 0)
    assert str(info.value) == (
        "trick: E's play QS,JS does not follow the pairs of the lead: E held a pair of spades "
        "(TS,TS)"
    )
    text = complete(
        "chifeng level=7 trump=H declarer=S S=2C,3C,4C E=8S,8S,3S "
        "N=KS,KS,5S,5S,TS,2S,3D W=4D,5D,6D,8D,9D,TD,JD trick=S:QS,QS,JS,JS|AS,AS,9S,9S "
        "points=0"
    )
    with pytest.raises(NotationError) as info:
        _build(parse_record(text), rules, 0)
    assert str(info.value) == (
        "trick: E's play AS,AS,9S,9S does not follow the tractor: E held a tractor of spades "
        "(9S,9S,8S,8S)"
    )
