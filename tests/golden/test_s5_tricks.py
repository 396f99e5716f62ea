"""Golden tests for rules §5 (tricks): §5.1 leading, §5.2 throw validity, §5.3 following,
§5.4 who wins the trick (and the points)."""

import pytest
from golden_helpers import canon, check_deal, lead_of, moves, play, position, same

import duidiao

# -- §5.1 leading ---------------------------------------------------------------------------


def test_s5_1_declarer_leads_the_first_trick():
    """§5.1: "The declarer leads the first trick". A whole deal with East declaring: East is to
    play."""
    text = check_deal(
        "chifeng level=A trump=S declarer=E "
        "S=BJ,QH,7H,5H,3H,2H,AD,KD,KD,JD,3D,2D,AS,AS,QS,JS,9S,8S,8S,2S,JC,TC,TC,8C,5C "
        "E=SJ,SJ,AH,TH,8H,6H,4H,4H,QD,TD,TD,9D,5D,TS,TS,9S,7S,6S,5S,AC,QC,JC,7C,6C,4C "
        "N=KH,JH,9H,7H,5H,QD,JD,7D,6D,6D,4D,2D,KS,KS,QS,JS,4S,KC,QC,9C,8C,5C,3C,3C,2C "
        "W=BJ,KH,QH,TH,9H,6H,3H,2H,AD,9D,8D,7D,5D,4D,7S,6S,4S,3S,3S,2S,AC,9C,7C,6C,2C "
        "kitty=AH,3D,JH,8H,5S,KC,8D,4C"
    )
    p = duidiao.Position.parse(text)
    assert p.turn == "E"


def test_s5_1_winner_of_a_trick_leads_the_next():
    """§5.1: "the winner of each trick leads the next." East wins the first trick with AS and
    leads the second (won by West, who would lead the third)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=3S,2C E=AS,4C N=4S,6C W=6S,8C turn=S points=0"
    )
    p = play(p, "3S", "AS", "4S", "6S")
    assert p.tricks[-1].winner == "E"
    assert p.turn == "E"
    p = play(p, "4C", "6C", "8C", "2C")
    assert p.tricks[-1].leader == "E"
    assert [str(x) for x in p.tricks[-1].plays] == ["4C", "6C", "8C", "2C"]
    assert p.tricks[-1].winner == "W"


# -- §5.2 throw validity ----------------------------------------------------------------------


def test_s5_2_clean_throw_stands_when_nobody_can_beat_a_component():
    """§5.2 清甩: "no other player (all three, partner included) holds, in that suit, a
    combination of the same shape that beats one of its components". South throws AS,AS,QS;
    the kings and the other ace are gone; East's QS is equal, not higher, and nobody holds a
    spade pair: nothing beats AS,AS or QS. (East's QS rules out 浑甩: it is the clean rule
    that applies.)"""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,QS E=QS,JS,2D N=3S,2C,3C W=9S,4D,6D turn=S points=0"
    )
    p = p.play("AS,AS,QS")
    assert same(p.current_trick.plays[0], "AS,AS,QS")
    # §5.3: East has two spades for three cards: both, and one more card
    assert moves(p) == canon("QS,JS,2D")
    p = play(p, "QS,JS,2D", "3S,2C,3C", "9S,4D,6D")
    assert p.tricks[-1].winner == "S"


def test_s5_2_throw_fails_when_partner_can_beat_a_component():
    """§5.2: "no other player (all three, partner included) holds ... a higher single".
    South's throw AS,QS fails because his partner North holds KS; QS is played instead. The
    failed throw costs nothing: `throw_penalty` is 0 in the chifeng presets."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,QS E=2D,3D N=KS,2C W=4D,6D turn=S points=0"
    )
    p = p.play("AS,QS")
    assert same(p.current_trick.plays[0], "QS")
    assert same(p.hands["S"], "AS")
    p = p.play("2D")
    assert moves(p) == canon("KS")
    p = play(p, "KS", "4D")
    assert p.tricks[-1].winner == "N"
    assert p.points == 0


def test_s5_2_one_card_of_a_pair_counts_as_a_single():
    """§5.2: "Holds" means anywhere in the hand: one card of a pair counts as a single". South
    throws AS,AS,JS; East holds the pair KS,KS, one of which beats JS: the throw fails and JS
    is played."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,JS E=KS,KS,2D N=2C,3C,4C W=4D,6D,8D turn=S points=0"
    )
    p = p.play("AS,AS,JS")
    assert same(p.current_trick.plays[0], "JS")
    assert same(p.hands["S"], "AS,AS")


def test_s5_2_pair_inside_a_tractor_counts_as_a_pair():
    """§5.2: "a pair inside a tractor as a pair". South throws AS,9S,9S; East's tractor
    JS,JS,TS,TS holds the pair JS,JS, which beats 9S,9S (North's single KS rules out 浑甩):
    the throw fails and 9S,9S is played."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,9S,9S,2C E=JS,JS,TS,TS N=KS,2D,3D,4D W=3C,4C,6C,8C turn=S points=0"
    )
    p = p.play("AS,9S,9S")
    assert same(p.current_trick.plays[0], "9S,9S")


def test_s5_2_two_tractor_inside_a_three_tractor_counts():
    """§5.2: "a 2-tractor inside a 3-tractor as a 2-tractor". South throws AS,4S,4S,3S,3S (the
    tractor 44-33 and the single AS); East's TS,TS,9S,9S,8S,8S holds higher 2-tractors: the
    throw fails and 4S,4S,3S,3S is played."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,4S,4S,3S,3S,2C E=TS,TS,9S,9S,8S,8S N=KS,2D,3D,4D,6D,8D "
        "W=3C,4C,6C,8C,9C,JC turn=S points=0"
    )
    p = p.play("AS,4S,4S,3S,3S")
    assert same(p.current_trick.plays[0], "4S,4S,3S,3S")


def test_s5_2_hunshuai_stands_though_a_lower_card_beats_a_component():
    """§5.2 浑甩: "none of the other three players holds any card of the suit's three highest ranks
    (A, K, Q ...)" and "浑甩 is meant literally: while no other hand holds the suit's three top
    ranks, any throw of the suit stands." All spade A, K, Q are gone; South throws JS,3S and it
    stands although East's 9S beats 3S; East cannot beat the throw (§5.4)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=JS,3S E=9S,2D N=2C,3C W=4D,6D turn=S points=0"
    )
    p = p.play("JS,3S")
    assert same(p.current_trick.plays[0], "JS,3S")
    assert moves(p) == canon("9S,2D")
    p = play(p, "9S,2D", "2C,3C", "4D,6D")
    assert p.tricks[-1].winner == "S"


def test_s5_2_hunshuai_top_ranks_skip_the_level_rank():
    """§5.2 浑甩: "(A, K, Q; where one of those is the level rank, the next rank down takes its
    place)". At level Q the top spade ranks are A, K, J; North's QS is a trump, not a spade.
    No other hand holds a spade A, K or J, so South's 9S,3S stands although East's TS beats
    9S."""
    p = position(
        "chifeng level=Q trump=H declarer=S "
        "S=9S,3S E=TS,2D N=QS,2C W=4D,6D turn=S points=0"
    )
    p = p.play("9S,3S")
    assert same(p.current_trick.plays[0], "9S,3S")
    p = play(p, "TS,2D", "QS,2C", "4D,6D")
    assert p.tricks[-1].winner == "S"


def test_s5_2_hunshuai_ruled_out_by_the_rank_below_a_level_rank():
    """§5.2 浑甩: "where one of those is the level rank, the next rank down takes its place".
    At level Q, East's JS is one of the top three spades: no 浑甩; JS beats both singles of
    South's 9S,3S, and the lowest failing component, 3S, is played."""
    p = position(
        "chifeng level=Q trump=H declarer=S "
        "S=9S,3S E=JS,2D N=2C,3C W=4D,6D turn=S points=0"
    )
    p = p.play("9S,3S")
    assert same(p.current_trick.plays[0], "3S")
    assert moves(p) == canon("JS")


def test_s5_2_failed_throw_forces_lowest_failing_component():
    """§5.2 **Decision** (failed_throw): "The leader must instead play the component that fails —
    among the components some other player can beat, the one whose top card ... is lowest in
    power. That component is then the lead: the followers follow it, and §5.4 uses its format."
    South throws AS,JS,9S,4S,4S: AS and 4S,4S cannot be beaten, JS (by East's KS) and 9S (by
    KS and West's TS) can. 9S is played (not the lowest component 4S,4S, which does not fail),
    and East's KS wins the single-card trick."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,JS,9S,4S,4S E=KS,2D,3D,4D,6D N=2C,3C,4C,6C,8C "
        "W=TS,8D,9D,JD,QD turn=S points=0"
    )
    p = p.play("AS,JS,9S,4S,4S")
    assert same(p.current_trick.plays[0], "9S")
    assert same(p.hands["S"], "AS,JS,4S,4S")
    assert moves(p) == canon("KS")
    p = play(p, "KS", "2C")
    assert moves(p) == canon("TS")
    p = p.play("TS")
    assert p.tricks[-1].winner == "E"


def test_s5_2_failed_throw_tractor_ranks_by_its_top_pair_in_tractor_order():
    """§5.2: "the one whose top card (a tractor's top pair, in tractor order) is lowest in power";
    §5.4: "AA-22's top pair is 22". South throws AS,AS,2S,2S,5S: East's 4S,4S,3S,3S beats the
    tractor AA-22, West's 6S (and North's KS) beats 5S. AA-22 ranks by 22, below 5S: it is
    played, and East's higher tractor wins."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,2S,2S,5S E=4S,4S,3S,3S,2D N=KS,2C,3C,4C,6C "
        "W=6S,4D,6D,8D,9D turn=S points=0"
    )
    p = p.play("AS,AS,2S,2S,5S")
    assert same(p.current_trick.plays[0], "AS,AS,2S,2S")
    assert moves(p) == canon("4S,4S,3S,3S")
    p = play(p, "4S,4S,3S,3S", "KS,2C,3C,4C", "6S,4D,6D,8D")
    assert p.tricks[-1].winner == "E"


# -- §5.3 following -------------------------------------------------------------------------


def test_s5_3_must_follow_suit_when_able():
    """§5.3: "If the follower holds at least that many cards of the led effective suit, every card
    played must be of that suit." On 5S, East (3S, KS, AH, BJ) must play a spade."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=5S,2C,3C,4C E=3S,KS,AH,BJ N=2D,3D,4D,6D W=8D,9D,JD,QD turn=S points=0"
    )
    p = p.play("5S")
    assert moves(p) == canon("3S", "KS")
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("BJ")


def test_s5_3_fill_up_when_short():
    """§5.3: "If fewer, the follower plays all of them and fills up with any cards." On 9S,9S,
    East with one spade (KS) plays it and any one other card."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=9S,9S,2C E=KS,2D,3H N=4C,6C,8C W=4D,6D,8D turn=S points=0"
    )
    p = p.play("9S,9S")
    assert moves(p) == canon("KS,2D", "KS,3H")
    with pytest.raises(duidiao.IllegalMoveError):
        p.play("2D,3H")


def test_s5_3_plays_exactly_as_many_cards_as_led():
    """§5.3: "Each follower plays exactly as many cards as were led." """
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=9S,9S,2C E=KS,QS,3H N=4C,6C,8C W=4D,6D,8D turn=S points=0"
    )
    p = p.play("9S,9S")
    for bad in ("KS", "KS,QS,3H"):
        with pytest.raises(duidiao.IllegalMoveError):
            p.play(bad)


def test_s5_3_pair_lead_followed_by_two_singles_chifeng():
    """§5.3 **Chifeng**: "there is no obligation to follow a pair with a pair" ([000]
    "任何情况下如果上家出对，下家根据情况可以跟对，也可以不跟对"); must_follow_format is off. On
    9S,9S, East (JS, QS, TS, TS) may play any two spades, the pair TS,TS or two singles; the
    two singles JS,QS do not beat the pair (§5.4)."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=9S,9S,2C,3C E=JS,QS,TS,TS N=4C,6C,8C,9C W=4D,6D,8D,9D turn=S points=0"
    )
    p = p.play("9S,9S")
    assert moves(p) == canon("JS,QS", "JS,TS", "QS,TS", "TS,TS")
    p = play(p, "JS,QS", "4C,6C", "4D,6D")
    assert p.tricks[-1].winner == "S"


def test_s5_3_tractor_lead_need_not_be_followed_with_pairs():
    """§5.3 **Chifeng**: "(连对也一样)" — no obligation to follow a tractor with a tractor or
    pairs. On 6S,6S,5S,5S, East (2S, 2S, AS, KS, QS) may play any four of his spades."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=6S,6S,5S,5S,2C E=2S,2S,AS,KS,QS N=2D,3D,4D,6D,8D W=3C,4C,6C,8C,9C turn=S points=0"
    )
    p = p.play("6S,6S,5S,5S")
    assert moves(p) == canon("2S,2S,AS,KS", "2S,2S,AS,QS", "2S,2S,KS,QS", "2S,AS,KS,QS")


def test_s5_3_mixed_play_is_a_discard_and_never_wins():
    """§5.3: "A play that is not all of the led suit and not all trumps is a discard (垫牌) and
    never wins." On 3S,3S East has one spade, 4S, and must add his BJ: 4S,BJ is a discard and
    does not beat the pair."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=3S,3S E=4S,BJ N=2C,3C W=2D,3D turn=S points=0"
    )
    p = p.play("3S,3S")
    assert moves(p) == canon("4S,BJ")
    p = play(p, "4S,BJ", "2C,3C", "2D,3D")
    assert p.tricks[-1].winner == "S"


def test_s5_3_side_suit_discard_never_wins():
    """§5.3: a discard "never wins": on 3S, a void East's AD does not win."""
    p = position("chifeng level=7 trump=H declarer=S S=3S E=AD N=2C W=2D turn=S points=0")
    p = play(p, "3S", "AD", "2C", "2D")
    assert p.tricks[-1].winner == "S"


# -- §5.4 who wins the trick ------------------------------------------------------------------


def test_s5_4_higher_single_beats_a_single():
    """§5.4: "a higher single on a single" """
    p = position("chifeng level=7 trump=H declarer=S S=3S E=9S N=5S W=KS turn=S points=0")
    p = play(p, "3S", "9S", "5S", "KS")
    assert p.tricks[-1].winner == "W"


def test_s5_4_singles_never_beat_pairs():
    """§5.4: "Singles never beat pairs". East's AS,KS does not beat 4S,4S."""
    p = position(
        "chifeng level=7 trump=H declarer=S S=4S,4S E=AS,KS N=2D,3D W=2C,3C turn=S points=0"
    )
    p = play(p, "4S,4S", "AS,KS", "2D,3D", "2C,3C")
    assert p.tricks[-1].winner == "S"


def test_s5_4_higher_pair_beats_a_pair():
    """§5.4: "a higher pair on a pair" """
    p = position(
        "chifeng level=7 trump=H declarer=S S=4S,4S E=6S,6S N=QS,QS W=JS,JS turn=S points=0"
    )
    p = play(p, "4S,4S", "6S,6S", "QS,QS", "JS,JS")
    assert p.tricks[-1].winner == "N"


def test_s5_4_pairs_never_beat_tractors():
    """§5.4: "pairs never beat tractors". On 4S,4S,3S,3S East's AS,AS,QS,QS (two pairs, not
    adjacent) does not win."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=4S,4S,3S,3S E=AS,AS,QS,QS N=2D,3D,4D,6D W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "4S,4S,3S,3S", "AS,AS,QS,QS", "2D,3D,4D,6D", "2C,3C,4C,6C")
    assert p.tricks[-1].winner == "S"


def test_s5_4_two_tractor_never_beats_three_tractor():
    """§5.4: "a 2-tractor never beats a 3-tractor." On 5S,5S,4S,4S,3S,3S East's
    AS,AS,KS,KS,9S,9S (AA-KK and a pair) does not win."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=5S,5S,4S,4S,3S,3S E=AS,AS,KS,KS,9S,9S N=2D,3D,4D,6D,8D,9D "
        "W=2C,3C,4C,6C,8C,9C turn=S points=0"
    )
    p = play(p, "5S,5S,4S,4S,3S,3S", "AS,AS,KS,KS,9S,9S", "2D,3D,4D,6D,8D,9D",
             "2C,3C,4C,6C,8C,9C")
    assert p.tricks[-1].winner == "S"


def test_s5_4_tractors_compared_by_top_pair_aa22_lowest():
    """§5.4: "a higher tractor of the same length on a tractor (compared by their top pair)" and
    "A tractor's power is that of its top pair in tractor order: AA-22's top pair is 22." On
    4S,4S,3S,3S East's AS,AS,2S,2S does not win; North's 6S,6S,5S,5S (level 7) does."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=4S,4S,3S,3S E=AS,AS,2S,2S N=6S,6S,5S,5S W=2C,3C,4C,6C turn=S points=0"
    )
    p = play(p, "4S,4S,3S,3S", "AS,AS,2S,2S", "6S,6S,5S,5S", "2C,3C,4C,6C")
    assert p.tricks[-1].winner == "N"


def test_s5_4_a_throw_cannot_be_beaten_in_its_suit():
    """§5.4: "A throw can never be beaten in its own suit ([001] "甩牌不能用同样花色的牌去管")."
    South's 9S,9S,3S stands by 浑甩 (no spade A, K, Q outside); East's JS,JS,TS is higher in
    every component but does not win."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=9S,9S,3S E=JS,JS,TS N=2D,3D,4D W=2C,3C,4C turn=S points=0"
    )
    p = play(p, "9S,9S,3S", "JS,JS,TS", "2D,3D,4D", "2C,3C,4C")
    assert same(lead_of(p), "9S,9S,3S")
    assert p.tricks[-1].winner == "S"


def test_s5_4_trumping_a_pair_with_a_trump_pair():
    """§5.4 Trumping (杀牌): "a follower void in it whose play is all trumps and can be partitioned
    into the lead's format ... beats any play of the led suit." A void East's 3H,3H (hearts
    trump) beats 9S,9S."""
    p = position(
        "chifeng level=7 trump=H declarer=S S=9S,9S E=3H,3H N=2C,3C W=2D,3D turn=S points=0"
    )
    p = play(p, "9S,9S", "3H,3H", "2C,3C", "2D,3D")
    assert p.tricks[-1].winner == "E"


def test_s5_4_two_unpaired_trumps_do_not_trump_a_pair():
    """§5.4 Trumping: the trump play must "be partitioned into the lead's format (... same number
    of pairs ...)". On 9S,9S, a void East's 3H,4H and a void West's BJ,SJ are two unpaired
    trumps each: neither beats the pair."""
    p = position(
        "chifeng level=7 trump=H declarer=S S=9S,9S E=3H,4H N=2C,3C W=BJ,SJ turn=S points=0"
    )
    p = play(p, "9S,9S", "3H,4H", "2C,3C", "BJ,SJ")
    assert p.tricks[-1].winner == "S"


def test_s5_4_trump_pair_may_stand_for_two_singles():
    """§5.4 Trumping: "a trump pair may stand for two singles". South's throw AS,KS (nobody else
    holds a spade) is beaten by a void East's 3H,3H."""
    p = position(
        "chifeng level=7 trump=H declarer=S S=AS,KS E=3H,3H N=2C,3C W=2D,3D turn=S points=0"
    )
    p = play(p, "AS,KS", "3H,3H", "2C,3C", "2D,3D")
    assert same(lead_of(p), "AS,KS")
    assert p.tricks[-1].winner == "E"


def test_s5_4_trumping_a_throw_needs_its_format():
    """§5.4 Trumping: "(same tractor lengths, same number of pairs, the rest singles)". On the
    throw AS,AS,KS (a pair and a single), a void East's 4H,6H,8H has no pair and does not beat
    it; a void West's 2H,2H,3H does."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,KS E=4H,6H,8H N=2C,3C,4C W=2H,2H,3H turn=S points=0"
    )
    p = play(p, "AS,AS,KS", "4H,6H,8H", "2C,3C,4C", "2H,2H,3H")
    assert same(lead_of(p), "AS,AS,KS")
    assert p.tricks[-1].winner == "W"


def test_s5_4_trumping_a_tractor_needs_a_trump_tractor():
    """§5.4 Trumping: "same tractor lengths". On 6S,6S,5S,5S, a void East's 9H,9H,3H,3H (two trump
    pairs, not adjacent) does not trump; a void North's 8H,8H,6H,6H (a tractor at level 7) does;
    a void West's QH,QH,TH,TH (J missing) is no tractor and does not overtrump."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=6S,6S,5S,5S E=9H,9H,3H,3H N=8H,8H,6H,6H W=QH,QH,TH,TH turn=S points=0"
    )
    p = play(p, "6S,6S,5S,5S", "9H,9H,3H,3H", "8H,8H,6H,6H", "QH,QH,TH,TH")
    assert p.tricks[-1].winner == "N"


def test_s5_4_overtrumping():
    """§5.4 Overtrumping (盖杀): "between two such trump plays, the higher one wins". On AS,
    East trumps with 3H, North overtrumps with 5H, West's 4H is lower."""
    p = position("chifeng level=7 trump=H declarer=S S=AS E=3H N=5H W=4H turn=S points=0")
    p = play(p, "AS", "3H", "5H", "4H")
    assert p.tricks[-1].winner == "N"


def test_s5_4_overtrump_equal_power_earlier_play_stands():
    """§5.4 Overtrumping: "Equal power: the earlier play stands." On AD (level 7, hearts trump)
    East trumps with 7S, North's 7C is an equal off-suit level card: East wins."""
    p = position("chifeng level=7 trump=H declarer=S S=AD E=7S N=7C W=3D turn=S points=0")
    p = play(p, "AD", "7S", "7C", "3D")
    assert p.tricks[-1].winner == "E"


def test_s5_4_overtrump_compared_by_primary_component():
    """§5.4 Overtrumping: "compared by the primary component: the longest tractor if the format
    has one, else the highest pair if it has pairs". On the throw AS,AS,KS (pair + single),
    East trumps with 3H,3H,AH, North overtrumps with 4H,4H,2H: its pair 44 beats 33 though
    East's single AH is higher. West's 5H,6H,8H has no pair."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,KS E=3H,3H,AH N=4H,4H,2H W=5H,6H,8H turn=S points=0"
    )
    p = play(p, "AS,AS,KS", "3H,3H,AH", "4H,4H,2H", "5H,6H,8H")
    assert p.tricks[-1].winner == "N"


def test_s5_4_overtrump_primary_component_best_over_partitions():
    """§5.4 Overtrumping: "each taken as the best available over every partition of the play
    into the format." On AS,AS,KS,QS (a pair and two singles), East's 3H,3H,9H,9H is best read
    as the pair 99 (+ 3, 3), which North's 8H,8H,AH,KH (pair 88) and West's 2H,2H,4H,5H (pair
    22) do not beat."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,AS,KS,QS E=3H,3H,9H,9H N=8H,8H,AH,KH W=2H,2H,4H,5H turn=S points=0"
    )
    p = play(p, "AS,AS,KS,QS", "3H,3H,9H,9H", "8H,8H,AH,KH", "2H,2H,4H,5H")
    assert same(lead_of(p), "AS,AS,KS,QS")
    assert p.tricks[-1].winner == "E"


def test_s5_4_trick_points_count_for_the_defenders_only():
    """§5.4: "The winner of the trick collects its point cards. Points count only for the defenders
    (拣分): points in tricks won by the declaring team are simply out of play." South (declarer)
    wins 5S + TS (15 points): the defenders still have 0. West wins KS: they have 10."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,2S E=5S,AD N=TS,3C W=4S,KS turn=S points=0"
    )
    p = play(p, "AS", "5S", "TS", "4S")
    assert p.tricks[-1].winner == "S"
    assert p.points == 0
    p = play(p, "2S", "AD", "3C", "KS")
    assert p.tricks[-1].winner == "W"
    assert p.points == 10


def test_s5_2_offsuit_level_card_does_not_beat_a_thrown_component():
    """§5.2: "holds, in that suit, a combination ... that beats one of its components" — at level K
    East's KS is a trump, not a spade (§3), so it does not beat South's QS. West's JS (one of the
    top three spade ranks A, Q, J at level K) rules out 浑甩 but does not beat QS: the throw
    AS,QS stands."""
    p = position(
        "chifeng level=K trump=H declarer=S "
        "S=AS,QS E=KS,2D N=2C,3C W=JS,4D turn=S points=0"
    )
    p = p.play("AS,QS")
    assert same(p.current_trick.plays[0], "AS,QS")
    p = play(p, "KS,2D", "2C,3C", "JS,4D")
    assert p.tricks[-1].winner == "S"


def test_s5_3_trump_lead_is_followed_with_level_cards_and_trump_suit_cards():
    """§5.3 with §3 effective suits: on the trump pair 3H,3H (level 7, hearts), East holds exactly
    two trumps, 7S (a level card) and 4H: he must play both, not his AS."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=3H,3H,2C E=7S,4H,AS N=2D,3D,4D W=4C,6C,8C turn=S points=0"
    )
    p = p.play("3H,3H")
    assert moves(p) == canon("7S,4H")


def test_s5_4_trump_play_with_a_side_card_is_a_discard():
    """§5.4 Trumping needs a play that is "all trumps"; §5.3: "A play that is not all of the led
    suit and not all trumps is a discard (垫牌) and never wins." A void East's BJ,2D does not
    beat 9S,9S."""
    p = position(
        "chifeng level=7 trump=H declarer=S S=9S,9S E=BJ,2D N=2C,3C W=3D,4D turn=S points=0"
    )
    p = play(p, "9S,9S", "BJ,2D", "2C,3C", "3D,4D")
    assert p.tricks[-1].winner == "S"


def test_s5_4_higher_trump_tractor_wins():
    """§5.4: "a higher tractor of the same length on a tractor (compared by their top pair)", in
    trumps: on 4H,4H,3H,3H, East's 7H,7H,SJ,SJ (top pair SJ) wins; North's BJ,BJ,AH,AH is two
    pairs, not a tractor; West's 9H,9H,8H,8H is lower than East's."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=4H,4H,3H,3H E=7H,7H,SJ,SJ N=BJ,BJ,AH,AH W=9H,9H,8H,8H turn=S points=0"
    )
    p = play(p, "4H,4H,3H,3H", "7H,7H,SJ,SJ", "BJ,BJ,AH,AH", "9H,9H,8H,8H")
    assert p.tricks[-1].winner == "E"


def test_s5_4_overtrump_with_an_equal_level_pair_earlier_play_stands():
    """§5.4 Overtrumping: "Equal power: the earlier play stands." On AD,AD, East trumps with
    7S,7S and North's 7C,7C is equal: East wins."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AD,AD E=7S,7S N=7C,7C W=2D,3D turn=S points=0"
    )
    p = play(p, "AD,AD", "7S,7S", "7C,7C", "2D,3D")
    assert p.tricks[-1].winner == "E"


def test_s5_4_a_trump_beats_any_later_play_of_the_led_suit():
    """§5.4 Trumping: a void follower's trump play "beats any play of the led suit": on 3S, East
    trumps with 2H; North's AS, of the led suit, does not replace it."""
    p = position("chifeng level=7 trump=H declarer=S S=3S E=2H N=AS W=KS turn=S points=0")
    p = play(p, "3S", "2H", "AS", "KS")
    assert p.tricks[-1].winner == "E"


def test_s5_4_overtrumping_a_three_tractor():
    """§5.4 Trumping and overtrumping with tractors: on 6S,6S,5S,5S,4S,4S (level 7), a void
    East's 7H,7H,SJ,SJ,BJ,BJ (主级-SJ-BJ, §4) trumps it; a void North's AH,AH,KH,KH,QH,QH is a
    lower trump 3-tractor; a void West's 7D,7D,7C,7C,2H,2H has no 3-tractor (off-suit level
    pairs are never in a tractor). East wins."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=6S,6S,5S,5S,4S,4S E=7H,7H,SJ,SJ,BJ,BJ N=AH,AH,KH,KH,QH,QH "
        "W=7D,7D,7C,7C,2H,2H turn=S points=0"
    )
    p = play(p, "6S,6S,5S,5S,4S,4S", "7H,7H,SJ,SJ,BJ,BJ", "AH,AH,KH,KH,QH,QH",
             "7D,7D,7C,7C,2H,2H")
    assert p.tricks[-1].winner == "E"


def test_s5_4_overtrumping_a_three_tractor_by_the_higher_trump_tractor():
    """§5.4 Overtrumping: "compared by the primary component: the longest tractor". On
    6S,6S,5S,5S,4S,4S, East trumps with 4H,4H,3H,3H,2H,2H and North overtrumps with
    QH,QH,JH,JH,TH,TH."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=6S,6S,5S,5S,4S,4S E=4H,4H,3H,3H,2H,2H N=QH,QH,JH,JH,TH,TH "
        "W=2D,3D,4D,6D,8D,9D turn=S points=0"
    )
    p = play(p, "6S,6S,5S,5S,4S,4S", "4H,4H,3H,3H,2H,2H", "QH,QH,JH,JH,TH,TH",
             "2D,3D,4D,6D,8D,9D")
    assert p.tricks[-1].winner == "N"
