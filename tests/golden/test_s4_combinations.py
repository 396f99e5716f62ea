"""Golden tests for rules §4 (combinations: singles, pairs, tractors, throws)."""

import pytest
from golden_helpers import canon, lead_of, moves, play, position, same

import duidiao

# -- pairs ----------------------------------------------------------------------------------


def test_s4_offsuit_level_cards_of_two_suits_are_not_a_pair():
    """§4: "Pair (对子): two identical faces (same rank and same suit) ... Two different off-suit
    level cards (5♠ 5♣) are not a pair." At level 5 South holds 5S,5C,5D,5D: his leads are the
    three singles and the pair 5D,5D; 5S,5C would be a throw of trumps, which is never allowed."""
    p = position(
        "chifeng level=5 trump=H declarer=S "
        "S=5S,5C,5D,5D E=2S,3S,4S,6S N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    assert moves(p) == canon("5S", "5C", "5D", "5D,5D")
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("5S,5C")


def test_s4_two_offsuit_level_cards_do_not_beat_a_trump_pair():
    """§4: "Two different off-suit level cards (5♠ 5♣) are not a pair." On the trump pair 3H,3H
    (level 5, hearts trump) East's 5S,5C are two higher trumps but not a pair: they do not
    beat it; North's 4H,4H does."""
    p = position(
        "chifeng level=5 trump=H declarer=S "
        "S=3H,3H E=5S,5C N=4H,4H W=2C,3C turn=S points=0"
    )
    p = play(p, "3H,3H", "5S,5C", "4H,4H", "2C,3C")
    assert p.tricks[-1].winner == "N"


# -- tractors -------------------------------------------------------------------------------


def test_s4_side_tractor_skips_the_level_rank():
    """§4: "Side suit and the natural cards of the trump suit: adjacent in rank with the level
    rank removed (at level 5, 66-44 is a tractor)." South leads 6S,6S,4S,4S; it stands as a
    tractor (as a throw it would fail: East's 7S,7S beats 4S,4S) and East's higher tractor
    8S,8S,7S,7S beats it. North's single QS rules out 浑甩 for a throw."""
    p = position(
        "chifeng level=5 trump=H declarer=S "
        "S=6S,6S,4S,4S E=8S,8S,7S,7S N=QS,2D,3D,4D W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "6S,6S,4S,4S", "8S,8S,7S,7S", "QS,2D,3D,4D", "2C,3C,4C,6C")
    assert same(lead_of(p), "6S,6S,4S,4S")
    assert p.tricks[-1].winner == "E"


def test_s4_trump_natural_tractor_skips_the_level_rank():
    """§4: "Side suit and the natural cards of the trump suit: adjacent in rank with the level
    rank removed". At level 7 with hearts trump, 8H,8H,6H,6H is a tractor, a legal lead (two
    trump pairs that are not a tractor could not be led together: trumps are never thrown)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=8H,8H,6H,6H E=2S,3S,4S,6S N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    assert moves(p) == canon("8H", "6H", "8H,8H", "6H,6H", "8H,8H,6H,6H")


def test_s4_tractor_ace_low():
    """§4: "A is the top (AA-KK is the highest tractor of a suit) and may also stand below 2
    (AA-22 is the lowest tractor ...): option ace_low_tractor (on)." South leads AS,AS,2S,2S:
    it stands as a tractor (as a throw, East's 3S,3S would beat 2S,2S and force it), and
    East's 4S,4S,3S,3S, a higher tractor, beats it (§5.4: AA-22's top pair is 22). North's
    single QS rules out 浑甩 for a throw."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,2S,2S E=4S,4S,3S,3S N=QS,2D,3D,4D W=2C,3C,4C,6C turn=S points=0"
    )
    assert canon("AS,AS,2S,2S") <= moves(p)
    p = play(p, "AS,AS,2S,2S", "4S,4S,3S,3S", "QS,2D,3D,4D", "2C,3C,4C,6C")
    assert same(lead_of(p), "AS,AS,2S,2S")
    assert p.tricks[-1].winner == "E"


def test_s4_tractor_ace_low_is_the_lowest():
    """§4: "AA-22 is the lowest tractor"; §5.4: "AA-22's top pair is 22". On South's 3S,3S,4S,4S,
    East's AS,AS,2S,2S does not win."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=4S,4S,3S,3S E=AS,AS,2S,2S N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "4S,4S,3S,3S", "AS,AS,2S,2S", "2D,3D,4D,6D", "2C,3C,4C,6C")
    assert p.tricks[-1].winner == "S"


def test_s4_kk_aa_22_is_not_a_tractor():
    """§4: "An ace is used at one end only: KK-AA-22 is not a tractor." and "A throw is
    decomposed into components: take the longest tractor available first (highest first among
    equal length), then pairs". KS,KS,AS,AS,2S,2S is a throw of AA-KK and 22; East's 3S,3S
    beats the pair 22 (and North's single QS rules out 浑甩), so the throw fails and 2S,2S
    is played (§5.2)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=KS,KS,AS,AS,2S,2S E=3S,3S,2D,3D,4D,6D N=QS,2C,3C,4C,6C,8C "
        "W=8D,9D,JD,QD,AD,JC turn=S points=0"
    )
    p = p.play("KS,KS,AS,AS,2S,2S")
    assert same(p.current_trick.plays[0], "2S,2S")
    assert same(p.hands["S"], "KS,KS,AS,AS")


def test_s4_kk_aa_22_is_trumped_as_tractor_plus_pair():
    """§4: "KK-AA-22 is not a tractor"; its format is the 2-tractor AA-KK and the pair 22.
    §5.4 "Trumping": a void East's 3H,3H,4H,4H,9H,9H (a trump 2-tractor and a pair, no
    3-tractor) has the lead's format and beats it. Nobody else holds a spade: the throw
    stands."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=KS,KS,AS,AS,2S,2S E=3H,3H,4H,4H,9H,9H N=2C,3C,4C,6C,8C,9C "
        "W=2D,3D,4D,6D,8D,9D turn=S points=0"
    )
    p = play(p, "KS,KS,AS,AS,2S,2S", "3H,3H,4H,4H,9H,9H", "2C,3C,4C,6C,8C,9C",
             "2D,3D,4D,6D,8D,9D")
    assert same(lead_of(p), "KS,KS,AS,AS,2S,2S")
    assert p.tricks[-1].winner == "E"


def test_s4_throw_decomposition_takes_the_longest_tractor_first():
    """§4: "take the longest tractor available first (highest first among equal length), then
    pairs, then singles." AS,AS,KS,KS,3S,3S,2S,2S is the 3-tractor AA-22-33 plus the pair KK
    (not AA-KK plus 33-22). East's 5S,5S,4S,4S beats 33-22 but no 3-tractor and no pair KK:
    nobody can beat a component, and the throw stands (North's QS rules out 浑甩)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,KS,KS,3S,3S,2S,2S E=5S,5S,4S,4S,2D,3D,4D,6D "
        "N=QS,2C,3C,4C,6C,8C,9C,JC W=JD,QD,AD,2H,3H,4H,6H,8H turn=S points=0"
    )
    p = p.play("AS,AS,KS,KS,3S,3S,2S,2S")
    assert same(p.current_trick.plays[0], "AS,AS,KS,KS,3S,3S,2S,2S")
    p = play(p, "5S,5S,4S,4S,2D,3D,4D,6D", "QS,2C,3C,4C,6C,8C,9C,JC",
             "JD,QD,AD,2H,3H,4H,6H,8H")
    assert p.tricks[-1].winner == "S"


def test_s4_level_two_low_ace_is_adjacent_to_three():
    """§4: "where it [the level rank] is 2, a low ace is adjacent to 3." At level 2, AS,AS,3S,3S
    is a tractor: it stands (as a throw East's 4S,4S would beat 3S,3S) and East's 5S,5S,4S,4S
    beats it. North's single QS rules out 浑甩 for a throw."""
    p = position(
        "chifeng level=2 trump=H declarer=S levels=NS:2,EW:2 "
        "S=AS,AS,3S,3S E=5S,5S,4S,4S N=QS,4D,6D,7D W=3C,4C,6C,7C turn=S points=0"
    )
    p = play(p, "AS,AS,3S,3S", "5S,5S,4S,4S", "QS,4D,6D,7D", "3C,4C,6C,7C")
    assert same(lead_of(p), "AS,AS,3S,3S")
    assert p.tricks[-1].winner == "E"


def test_s4_level_ace_has_no_low_ace():
    """§4: "Where the level rank is A, there is no ace in the suit and this option does
    nothing". At level A, KS,KS,2S,2S is a throw of two pairs, not a tractor: East's 3S,3S
    beats 2S,2S (and North's JS, one of the top three ranks K, Q, J, rules out 浑甩), so the
    throw fails and 2S,2S is played."""
    p = position(
        "chifeng level=A trump=H declarer=S "
        "S=KS,KS,2S,2S E=3S,3S,2D,3D N=JS,4D,6D,7D W=2C,3C,4C,6C turn=S points=0"
    )
    p = p.play("KS,KS,2S,2S")
    assert same(p.current_trick.plays[0], "2S,2S")


def test_s4_trump_level_pair_and_small_joker_pair_tractor():
    """§4: "the trump-suit level pair is adjacent to the SJ pair ... so 主级-SJ and 主级-SJ-BJ are
    tractors." At level 7 (hearts), South leads 7H,7H,SJ,SJ as a tractor (trumps cannot be
    thrown, so only a tractor may be led); East's two pairs BJ,BJ and AH,AH, not a tractor,
    do not beat it, nor North's lower tractor 3H,3H,2H,2H."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7H,7H,SJ,SJ E=BJ,BJ,AH,AH N=3H,3H,2H,2H W=2C,3C,4C,6C turn=S points=0"
    )
    assert canon("7H,7H,SJ,SJ") <= moves(p)
    p = play(p, "7H,7H,SJ,SJ", "BJ,BJ,AH,AH", "3H,3H,2H,2H", "2C,3C,4C,6C")
    assert same(lead_of(p), "7H,7H,SJ,SJ")
    assert p.tricks[-1].winner == "S"


def test_s4_joker_tractors_and_level_pair_sj_bj():
    """§4: "SJ-pair–BJ-pair is a tractor (连对王)"; "主级-SJ and 主级-SJ-BJ are tractors". South's
    leads from 7H,7H,SJ,SJ,BJ,BJ: three singles, three pairs, and the tractors 7H7H-SJSJ,
    SJSJ-BJBJ and 7H7H-SJSJ-BJBJ (not 7H7H-BJBJ: not adjacent)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7H,7H,SJ,SJ,BJ,BJ E=2S,3S,4S,6S,8S,9S N=2D,3D,4D,6D,8D,9D "
        "W=2C,3C,4C,6C,8C,9C turn=S points=0"
    )
    assert moves(p) == canon(
        "7H", "SJ", "BJ", "7H,7H", "SJ,SJ", "BJ,BJ",
        "7H,7H,SJ,SJ", "SJ,SJ,BJ,BJ", "7H,7H,SJ,SJ,BJ,BJ",
    )


def test_s4_offsuit_level_pair_is_not_part_of_a_tractor_chifeng():
    """§4 **Decision** (chifeng presets): "off-suit level pairs are never part of a tractor ...
    and the trump-suit level pair is not adjacent to the trump A pair." At level 7 (hearts)
    South holds 7S,7S,7H,7H,AH,AH,KH,KH: the only tractor is AH,AH,KH,KH; 7S7S-7H7H,
    7H7H-AHAH and 7S7S-AHAH are not tractors, so they cannot be led (trumps are never
    thrown)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7S,7S,7H,7H,AH,AH,KH,KH E=2S,3S,4S,6S,8S,9S,TS,JS "
        "N=2D,3D,4D,6D,8D,9D,TD,JD W=2C,3C,4C,6C,8C,9C,TC,JC turn=S points=0"
    )
    assert moves(p) == canon(
        "7S", "7H", "AH", "KH", "7S,7S", "7H,7H", "AH,AH", "KH,KH", "AH,AH,KH,KH",
    )
    for bad in ("7S,7S,7H,7H", "7H,7H,AH,AH", "7S,7S,AH,AH"):
        with pytest.raises(duidiao.IllegalMoveError):
            p.play(bad)


def test_s4_offsuit_level_pair_not_in_tractor_with_sj_pair():
    """§4 **Decision** (chifeng): "off-suit level pairs are never part of a tractor"; only the
    trump-suit level pair is adjacent to the SJ pair. At level 7 (hearts), 7D,7D,SJ,SJ is
    not a tractor and cannot be led."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7D,7D,SJ,SJ E=2S,3S,4S,6S N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    assert moves(p) == canon("7D", "SJ", "7D,7D", "SJ,SJ")
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("7D,7D,SJ,SJ")


# -- throws ---------------------------------------------------------------------------------


def test_s4_trumps_can_never_be_thrown():
    """§4: "Throw (甩牌): two or more cards of one **side** suit led together ... Trumps can never
    be thrown ([000] "主牌不能甩")." BJ with AH (two trumps, no pair) is not a lead."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=BJ,AH,KS E=2S,3S,4S N=2D,3D,4D W=2C,3C,4C turn=S points=0"
    )
    assert moves(p) == canon("BJ", "AH", "KS")
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("BJ,AH")


def test_s4_side_suit_throw_is_a_lead():
    """§4: "Throw (甩牌): two or more cards of one side suit led together that are not a single
    pair or tractor." §5.1: "A lead is a single, a pair, a tractor (any effective suit) or a
    throw (side suit only)." South (AS,KS,QD,3H,3H,4H, hearts trump): the five singles, the
    pair 3H,3H and the throw AS,KS; nothing of two suits, no trump throw."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,KS,QD,3H,3H,4H E=2S,3S,4S,6S,8S,9S N=2D,3D,4D,6D,8D,9D "
        "W=2C,3C,4C,6C,8C,9C turn=S points=0"
    )
    assert moves(p) == canon("AS", "KS", "QD", "3H", "4H", "3H,3H", "AS,KS")


def test_s4_ace_low_tractor_in_the_trump_suit_naturals():
    """§4: "Side suit and the natural cards of the trump suit: ... A is the top ... and may also
    stand below 2 (AA-22 is the lowest tractor ...). An ace is used at one end only". At level 7
    with hearts trump, AH,AH,2H,2H is a trump tractor and may be led; KH,KH,AH,AH,2H,2H is not
    a tractor (and trumps cannot be thrown), while KH,KH,AH,AH is."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=KH,KH,AH,AH,2H,2H E=2S,3S,4S,6S,8S,9S N=2D,3D,4D,6D,8D,9D "
        "W=2C,3C,4C,6C,8C,9C turn=S points=0"
    )
    assert moves(p) == canon(
        "KH", "AH", "2H", "KH,KH", "AH,AH", "2H,2H", "KH,KH,AH,AH", "AH,AH,2H,2H",
    )
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("KH,KH,AH,AH,2H,2H")


def test_s4_ace_king_is_the_highest_tractor_and_level_rank_removed_at_the_top():
    """§4: "A is the top (AA-KK is the highest tractor of a suit)" and "adjacent in rank with the
    level rank removed". At level 7, on QS,QS,JS,JS East's AS,AS,KS,KS wins. At level K, AS,AS
    and QS,QS are adjacent: on JS,JS,TS,TS East's AS,AS,QS,QS wins."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=QS,QS,JS,JS E=AS,AS,KS,KS N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "QS,QS,JS,JS", "AS,AS,KS,KS", "2D,3D,4D,6D", "2C,3C,4C,6C")
    assert p.tricks[-1].winner == "E"
    p = position(
        "chifeng level=K trump=H declarer=S "
        "S=JS,JS,TS,TS E=AS,AS,QS,QS N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "JS,JS,TS,TS", "AS,AS,QS,QS", "2D,3D,4D,6D", "2C,3C,4C,6C")
    assert p.tricks[-1].winner == "E"
