"""Golden tests for rules §3 (levels, level cards, trumps) and §3.1 (order of power)."""

from golden_helpers import canon, moves, play, position


def single_trick(level: str, trump: str, s: str, e: str, n: str, w: str) -> str:
    """Each seat holds one card, South leads, the four cards are played in turn: the winner.

    The position is ``chifeng level=<level> trump=<trump> declarer=S S=<s> E=<e> N=<n> W=<w>
    turn=S points=0``, everything else gone."""
    p = position(
        f"chifeng level={level} trump={trump} declarer=S "
        f"S={s} E={e} N={n} W={w} turn=S points=0"
    )
    p = play(p, s, e, n, w)
    assert p.tricks[-1].leader == "S"
    return p.tricks[-1].winner


# -- §3 -------------------------------------------------------------------------------------


def test_s3_offsuit_level_card_leads_as_a_trump():
    """§3: "The cards of that rank are level cards (级牌), all eight of them trumps." and
    "Following, voids and leads all use effective suits". South leads 7S at level 7 (hearts
    trump): it is a trump lead, so East (4S, 3H) must play his trump 3H, not the spade; North
    (5S, 7D) must play the level card 7D; West (6S, 7C) the level card 7C."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7S,2C E=4S,3H N=5S,7D W=6S,7C turn=S points=0"
    )
    p = p.play("7S")
    assert moves(p) == canon("3H")
    p = p.play("3H")
    assert moves(p) == canon("7D")
    p = p.play("7D")
    assert moves(p) == canon("7C")
    p = p.play("7C")
    # the three off-suit level cards are equal, the first played (7S) wins (§3.1)
    assert p.tricks[-1].winner == "S"


def test_s3_offsuit_level_card_does_not_follow_its_printed_suit():
    """§3: "an off-suit level card is a trump, not a card of its printed suit." On a lead of AS
    at level 7 (hearts trump), East holding 7S,4D is void in spades (7S is a trump): he may
    play either card, and his 7S trumps the ace. North holding 3S,7C must play 3S."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=AS,2C E=7S,4D N=3S,7C W=8C,9C turn=S points=0"
    )
    p = p.play("AS")
    assert moves(p) == canon("7S", "4D")
    p = p.play("7S")
    assert moves(p) == canon("3S")
    p = play(p, "3S", "8C")
    assert p.tricks[-1].winner == "E"


def test_s3_jokers_and_trump_suit_cards_are_trumps():
    """§3: "Trumps (36 cards): 2 BJ, 2 SJ, 8 level cards, 24 cards of the trump suit that are not
    level cards." On a lead of SJ, East (2H, AS) must play the heart 2H (hearts are trump), North
    (BJ, KS) the big joker; West, without trumps, may play anything."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=SJ,2C E=2H,AS N=BJ,KS W=5S,6D turn=S points=0"
    )
    p = p.play("SJ")
    assert moves(p) == canon("2H")
    p = p.play("2H")
    assert moves(p) == canon("BJ")
    p = p.play("BJ")
    assert moves(p) == canon("5S", "6D")
    p = p.play("6D")
    assert p.tricks[-1].winner == "N"


def test_s3_level_is_the_declaring_teams_level():
    """§3: "The hand is played at the declaring team's level. The cards of that rank are level
    cards". At level 9 (NS declaring at 9, EW at 4), a 9 of clubs trumps a club ace, and a 4 of
    clubs is only a club."""
    p = position(
        "chifeng level=9 trump=H declarer=S levels=NS:9,EW:4 "
        "S=AC,2D E=9C,3D N=4C,2S W=5D,3S turn=S points=0"
    )
    p = p.play("AC")
    # East's 9C is a level card: a trump, so East is void in clubs and may play either card
    assert moves(p) == canon("9C", "3D")
    p = p.play("9C")
    assert moves(p) == canon("4C")
    p = play(p, "4C", "5D")
    assert p.tricks[-1].winner == "E"


# -- §3.1 -----------------------------------------------------------------------------------


def test_s3_1_big_joker_beats_small_joker():
    """§3.1: "Trumps, high to low: BJ > SJ > ..." """
    assert single_trick("7", "H", "SJ", "BJ", "2H", "3H") == "E"


def test_s3_1_small_joker_beats_trump_suit_level_card():
    """§3.1: "BJ > SJ > trump-suit level card (主级牌)" """
    assert single_trick("7", "H", "7H", "SJ", "AH", "3H") == "E"


def test_s3_1_trump_suit_level_card_beats_offsuit_level_card():
    """§3.1: "trump-suit level card (主级牌) > the three other-suit level cards (副级牌)" """
    assert single_trick("7", "H", "7S", "7H", "7D", "7C") == "E"


def test_s3_1_offsuit_level_card_beats_trump_ace():
    """§3.1: "the three other-suit level cards (副级牌, equal to each other) > trump-suit A" """
    assert single_trick("7", "H", "AH", "7C", "KH", "QH") == "E"


def test_s3_1_equal_offsuit_level_cards_first_played_wins():
    """§3.1: "the three other-suit level cards (副级牌, equal to each other)" and "Cards of equal
    power: the one played first wins (先出为大)." 7S led, then 7C and 7D: 7S wins (§2: the suit
    precedence ♥ > ♦ > ♠ > ♣ is "used only when declaring trumps", not here)."""
    assert single_trick("7", "H", "7S", "7C", "7D", "2H") == "S"


def test_s3_1_equal_offsuit_level_cards_first_to_trump_wins():
    """§3.1: "副级牌, equal to each other" and "先出为大": on AH, East's 7C beats it; North's 7D and
    West's 7S are equal to it and do not replace it."""
    assert single_trick("7", "H", "AH", "7C", "7D", "7S") == "E"


def test_s3_1_trump_suit_order_ace_down_to_two():
    """§3.1: "... > trump-suit A > K > Q > … > 2 (the level rank skipped)." """
    assert single_trick("7", "H", "6H", "8H", "KH", "AH") == "W"
    assert single_trick("7", "H", "3H", "2H", "4H", "2H") == "N"


def test_s3_1_lowest_trump_beats_side_ace():
    """§3.1: trumps rank above every side-suit card: a void East's 2H (the lowest trump) beats
    the ace of spades."""
    assert single_trick("7", "H", "AS", "2H", "KS", "QS") == "E"


def test_s3_1_side_suit_order():
    """§3.1: "Side suits, high to low: A > K > Q > J > 10 > … > 2 (the level rank skipped)." """
    assert single_trick("7", "H", "TS", "JS", "QS", "KS") == "W"
    assert single_trick("7", "H", "KS", "AS", "QS", "2S") == "E"
    assert single_trick("7", "H", "2S", "3S", "8S", "6S") == "N"


def test_s3_1_identical_cards_first_played_wins():
    """§3.1: "Cards of equal power: the one played first wins (先出为大)." """
    assert single_trick("7", "H", "AS", "AS", "KS", "3S") == "S"
    assert single_trick("7", "H", "SJ", "BJ", "2H", "BJ") == "E"


def test_s3_1_trump_suit_level_pair_beats_offsuit_level_pair():
    """§3.1: "trump-suit level card (主级牌) > the three other-suit level cards (副级牌, equal to
    each other)", for pairs too (§5.4 "a higher pair on a pair"). On the trump pair 7S,7S,
    East's 7H,7H wins; North's 7C,7C is only equal to 7S,7S."""
    p = position(
        "chifeng level=7 trump=H declarer=S "
        "S=7S,7S E=7H,7H N=7C,7C W=2D,3D turn=S points=0"
    )
    p = play(p, "7S,7S", "7H,7H", "7C,7C", "2D,3D")
    assert p.tricks[-1].winner == "E"
