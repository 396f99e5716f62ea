"""Golden tests for rules §2 (cards)."""

from collections import Counter

import pytest
from golden_helpers import FACES, card_list, check_deal, complete, points_of, position

import duidiao

# A whole deal at its start: 25 cards a seat and the kitty, 108 cards in all.
DEAL = (
    "chifeng level=A trump=S declarer=S "
    "S=BJ,QH,7H,5H,3H,2H,AD,KD,KD,JD,3D,2D,AS,AS,QS,JS,9S,8S,8S,2S,JC,TC,TC,8C,5C "
    "E=SJ,SJ,AH,TH,8H,6H,4H,4H,QD,TD,TD,9D,5D,TS,TS,9S,7S,6S,5S,AC,QC,JC,7C,6C,4C "
    "N=KH,JH,9H,7H,5H,QD,JD,7D,6D,6D,4D,2D,KS,KS,QS,JS,4S,KC,QC,9C,8C,5C,3C,3C,2C "
    "W=BJ,KH,QH,TH,9H,6H,3H,2H,AD,9D,8D,7D,5D,4D,7S,6S,4S,3S,3S,2S,AC,9C,7C,6C,2C "
    "kitty=AH,3D,JH,8H,5S,KC,8D,4C"
)


def test_s2_deck_is_108_cards_54_faces_twice_200_points():
    """§2: "108 cards: two standard decks ... plus two big jokers BJ and two small jokers SJ."
    "54 distinct faces, each present exactly twice." "Point cards (分牌): 5 = 5 points,
    10 = 10, K = 10. 50 per suit, 200 in total." """
    p = duidiao.Position.parse(check_deal(DEAL))
    cards = []
    for seat in "SENW":
        cards += card_list(str(p.hands[seat]))
    cards += card_list("AH,3D,JH,8H,5S,KC,8D,4C")  # the kitty
    assert len(cards) == 108
    assert Counter(cards) == Counter({f: 2 for f in FACES})
    assert points_of(cards) == 200
    for suit in "HDSC":
        assert points_of([c for c in cards if c[1] == suit and c not in ("SJ", "BJ")]) == 50
    assert p.points == 0


def test_s2_a_face_exists_only_twice():
    """§2: "54 distinct faces, each present exactly twice." A third AS is refused."""
    text = DEAL.replace("JC,TC,TC,8C,5C ", "JC,TC,TC,8C,AS ")
    with pytest.raises(ValueError):
        duidiao.Position.parse(text)


def test_s2_a_position_has_108_cards_not_107():
    """§2: "108 cards: two standard decks". A position whose cards add up to 107 (one card
    missing from gone) is refused."""
    text = complete("chifeng level=7 trump=S declarer=S S=5H E=KH N=TH W=2H turn=S points=0")
    head, _, gone = text.partition(" gone=")
    cards = gone.split(" ")[0].split(",")
    assert len(cards) == 96
    duidiao.Position.parse(text)  # the complete position is fine
    with pytest.raises(ValueError):
        duidiao.Position.parse(head + " gone=" + ",".join(cards[1:]))


def test_s2_point_cards_five_ten_king():
    """§2: "Point cards (分牌): 5 = 5 points, 10 = 10, K = 10." South (declarer) leads 5H;
    East (a defender) wins with KH and takes 5 + 10 + 10 = 25 points; 2H scores nothing."""
    p = position("chifeng level=7 trump=S declarer=S S=5H E=KH N=TH W=2H turn=S points=0")
    p = p.play("5H").play("KH").play("TH").play("2H")
    assert p.tricks[-1].winner == "E"
    assert p.tricks[-1].points == 25
    assert p.points == 25


def test_s2_pair_needs_two_identical_faces():
    """§2: "Two identical faces are a pair." §4: "Pair (对子): two identical faces (same rank
    and same suit)". On a lead of 9H,9H, East's QH,KH (two hearts, higher, not identical) is
    no pair and does not beat it; North's TH,TH is a pair and does."""
    p = position(
        "chifeng level=7 trump=S declarer=S "
        "S=9H,9H E=QH,KH N=TH,TH W=2C,3C turn=S points=0"
    )
    p = p.play("9H,9H").play("QH,KH").play("TH,TH").play("2C,3C")
    assert p.tricks[-1].winner == "N"


def test_s2_joker_pairs_big_with_big_small_with_small():
    """§2: "Two identical faces are a pair." §4: "BJ+BJ and SJ+SJ are pairs". BJ+SJ is not:
    on a trump pair 3S,3S (spades are trumps), East's BJ,SJ does not beat it, North's 4S,4S
    does."""
    p = position(
        "chifeng level=7 trump=S declarer=S "
        "S=3S,3S E=BJ,SJ N=4S,4S W=8S,9S turn=S points=0"
    )
    p = p.play("3S,3S").play("BJ,SJ").play("4S,4S").play("8S,9S")
    assert p.tricks[-1].winner == "N"


def test_s2_big_joker_pair_beats_small_joker_pair():
    """§2/§4: "BJ+BJ and SJ+SJ are pairs"; §3.1 BJ > SJ. East's BJ,BJ beats SJ,SJ."""
    p = position(
        "chifeng level=7 trump=S declarer=S "
        "S=SJ,SJ E=BJ,BJ N=4S,4S W=8S,9S turn=S points=0"
    )
    p = p.play("SJ,SJ").play("BJ,BJ").play("4S,4S").play("8S,9S")
    assert p.tricks[-1].winner == "E"
