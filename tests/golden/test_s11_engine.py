"""Rules §11.12's examples of combinations (told by what a follower must answer), following,
throwing and winning played by the engine (the reference checks them all too:
tests/test_reference_wider.py): `three-deck`, level 5, ♠ trumps
unless said otherwise, S leading. Each position is the trick at hand: the seats' hands hold the
cards the example names (the rest of the packs gone, or hidden where nobody may know them)."""

from __future__ import annotations

import pytest

from duidiao import Cards, Position
from duidiao.play.errors import IllegalMoveError

HEAD = "three-deck level=5 trump=S declarer=S levels=NS:5,EW:3"


def _gone(preset_decks: int, known: Cards, hidden: int) -> Cards:
    """The cards out of play: all but the known ones and ``hidden`` more (diamonds first,
    which no example here uses, left for the hidden hands and the kitty)."""
    rest = sorted(Cards.deck(preset_decks) - known, key=lambda c: (c.suit != "D", str(c)))
    return Cards(rest[hidden:])


def follow(e_hand: str, lead: str) -> Position:
    """E to follow S's ``lead`` holding ``e_hand``; every seat held as many cards (rules
    §11.1: a later trick of the hand)."""
    e, led = Cards(e_hand), Cards(lead)
    k, m = len(e), len(led)
    assert k >= m
    gone = _gone(3, e | led, (k - m) + 2 * k + 6)
    return Position(f"{HEAD} S=?{k - m} E={e} N=?{k} W=?{k} kitty=?6 gone={gone} points=0 "
                    f"trick=S:{led}")


def winner(plays: list[str], head: str = HEAD, decks: int = 3, kitty: int = 6) -> str:
    """The seat that wins the trick of ``plays`` (S, E, N, W in turn): W plays last from a
    hand of exactly its play."""
    cards = [Cards(p) for p in plays]
    known = cards[0] | cards[1] | cards[2] | cards[3]
    gone = _gone(decks, known, kitty)
    trick = "|".join(str(c) for c in cards[:3])
    position = Position(f"{head} S=- E=- N=- W={cards[3]} kitty=?{kitty} gone={gone} points=0 "
                        f"trick=S:{trick}")
    after, _ = position.played(position.parse_move(str(cards[3])))
    return str(after.tricks[-1].winner)


TITANIC = "8C,8C,8C,7C,7C,7C"


@pytest.mark.parametrize(("example", "hand", "play", "legal", "reason"), [
    ("G12", "9C,9C,9C,TC,TC,TC,2C", "9C,9C,9C,TC,TC,TC", True, None),
    ("G13", "9C,9C,9C,TC,TC,TC,2C", "9C,9C,9C,TC,TC,2C", False, "titanic_not_followed"),
    ("G16", "KC,KC,KC,9C,9C,9C,2C", "KC,KC,KC,9C,9C,9C", True, None),
    ("G17", "KC,KC,KC,9C,9C,9C,2C", "KC,KC,KC,9C,9C,2C", False, "triples_not_followed"),
    ("G18", "KC,KC,KC,9C,9C,3C,2C", "KC,KC,KC,9C,9C,2C", True, None),
    ("G19", "KC,KC,KC,9C,9C,3C,2C", "KC,KC,KC,9C,3C,2C", False, "pairs_not_followed"),
    ("G20", "KC,KC,KC,9C,3C,2C,AC", "KC,KC,KC,9C,3C,2C", True, None),
    ("G20", "KC,KC,KC,9C,3C,2C,AC", "AC,9C,3C,2C,KC,KC", False, "triples_not_followed"),
    ("G21", "9C,9C,3C,3C,JC,2C,AC", "9C,9C,3C,3C,JC,2C", True, None),
    ("G21", "9C,9C,3C,3C,JC,2C,AC", "9C,9C,3C,JC,2C,AC", False, "pairs_not_followed"),
    ("G22", "9C,9C,3C,JC,2C,AC,KC", "9C,9C,3C,JC,2C,AC", True, None),
    ("G22", "9C,9C,3C,JC,2C,AC,KC", "KC,3C,JC,2C,AC,9C", False, "pairs_not_followed"),
    ("G23", "9C,JC,2C,3C,AH,KH,QH", "9C,JC,2C,3C,AH,KH", True, None),
    ("G23", "9C,JC,2C,3C,AH,KH,QH", "9C,JC,2C,AH,KH,QH", False, "not_followed"),
])
def test_s11_5_following_a_titanic(example: str, hand: str, play: str, legal: bool,
                                   reason: str | None) -> None:
    """§11.5's count duty: the Titanic first, then tractors, triples, pairs ([004] l.313)."""
    position = follow(hand, TITANIC)
    assert position.is_legal(play) is legal, example
    if not legal:
        with pytest.raises(IllegalMoveError) as info:
            position.play(play)
        assert info.value.reason == reason, (example, str(info.value))


def test_s11_5_g24_a_triple_followed_by_a_pair_then_any() -> None:
    position = follow("AD,AD,QD,9D", "KD,KD,KD")
    assert position.is_legal("AD,AD,QD")
    assert not position.is_legal("AD,QD,9D")
    without_pair = follow("QD,JD,9D,8D", "KD,KD,KD")
    assert without_pair.is_legal("QD,JD,9D")


def test_s11_5_g25_protect_triples() -> None:
    plain = follow("QH,QH,QH,4H", "8H,8H")
    assert plain.is_legal("QH,QH") and not plain.is_legal("QH,4H")
    protected = Position(str(plain).replace(HEAD, f"{HEAD} with=protect_triples"))
    assert protected.is_legal("QH,QH") and protected.is_legal("QH,4H")


def test_s11_5_g26_a_three_titanic_followed_by_count() -> None:
    position = follow("9C,9C,9C,TC,TC,TC,KC,KC,AC,2C", "3C,3C,3C,4C,4C,4C,6C,6C,6C")
    assert position.is_legal("9C,9C,9C,TC,TC,TC,KC,KC,AC")
    assert not position.is_legal("9C,9C,9C,TC,TC,TC,KC,AC,2C")


@pytest.mark.parametrize(("e_clubs", "stands"), [("KC,KC,KC", False), ("KC,KC,2C", True)])
def test_s11_4_g27_a_throw_with_a_triple(e_clubs: str, stands: bool) -> None:
    """QC×3 + AC: a higher triple beats the triple and the throw fails to it; a pair beats no
    triple, and the throw stands."""
    s = Cards("QC,QC,QC,AC,2H,3H")
    e = Cards(f"{e_clubs},4H,6H,7H")
    gone = _gone(3, s | e, 6 + 6 + 6)
    position = Position(f"{HEAD} S={s} E={e} N=?6 W=?6 kitty=?6 gone={gone} points=0 trick=S:")
    _, played = position.played(position.parse_move("QC,QC,QC,AC"))
    assert played.cards == (Cards("QC,QC,QC,AC") if stands else Cards("QC,QC,QC"))


@pytest.mark.parametrize(("example", "plays", "wins"), [
    ("G28", ["KC,KC,KC", "4S,4S,4S", "AC,AC,AC", "AS,AS,2S"], "E"),
    ("G29", ["8C,8C,8C,7C,7C,7C", "4S,4S,4S,3S,3S,3S", "9C,9C,9C,JC,JC,2C",
             "AS,AS,AS,5H,5H,5H"], "W"),
    ("G30", ["8C,8C,8C,7C,7C,7C", "QC,QC,QC,JC,JC,JC", "9C,9C,9C,TC,TC,2C",
             "6S,6S,4S,4S,3S,3S"], "E"),
    ("G31", ["KC,KC,KC,AC,9C,9C", "7S,7S,7S,4S,4S,3S", "2C,3C,4C,6C,8C,TC",
             "8S,8S,8S,3S,3S,2S"], "W"),
    ("G32", ["5H,5H,5H", "5D,5D,5D", "5S,5S,5S", "AS,AS,AS"], "N"),
])
def test_s11_6_who_wins_with_triples_and_titanics(example: str, plays: list[str],
                                                  wins: str) -> None:
    assert winner(plays) == wins, example


def test_s11_6_g33_huanle_trumps_beat_a_throw_of_their_format_only() -> None:
    head = "huanle level=T trump=S declarer=S levels=NS:T,EW:3"
    beaten = ["AC,KC,5C,5C,4C,4C", "9S,9S,8S,8S,7S,2S", "2C,3C,6C,7C,8C,9C",
              "2C,3C,6C,7C,8C,JC"]
    assert winner(beaten, head, decks=2, kitty=8) == "E"
    kept = ["AC,AC,5C,5C,4C,4C", "9S,9S,8S,8S,7S,2S", "2C,3C,6C,7C,8C,9C",
            "2C,3C,6C,7C,8C,JC"]
    assert winner(kept, head, decks=2, kitty=8) == "S"


# -- combinations (§11.3), told by what E must follow with ------------------------------------

@pytest.mark.parametrize(("example", "lead", "e_hand", "whole", "broken"), [
    ("G1", "3C,3C,3C,4C,4C,4C", "9C,9C,9C,TC,TC,TC,2C", "9C,9C,9C,TC,TC,TC",
     "9C,9C,9C,TC,TC,2C"),
    ("G2", "4D,4D,4D,6D,6D,6D", "8D,8D,8D,9D,9D,9D,2D", "8D,8D,8D,9D,9D,9D",
     "8D,8D,8D,9D,9D,2D"),  # 5 is the level: 4 and 6 are adjacent
    ("G3", "5H,5H,5H,5S,5S,5S", "KS,KS,KS,AS,AS,AS,3S", "KS,KS,KS,AS,AS,AS",
     "KS,KS,KS,AS,AS,3S"),  # an off-suit level triple, then the trump suit's
    ("G4", "SJ,SJ,SJ,BJ,BJ,BJ", "KS,KS,KS,AS,AS,AS,3S", "KS,KS,KS,AS,AS,AS",
     "KS,KS,KS,AS,AS,3S"),
    ("G5", "AS,AS,AS,5H,5H,5H", "QS,QS,QS,KS,KS,KS,3S", "QS,QS,QS,KS,KS,KS",
     "QS,QS,QS,KS,KS,3S"),  # the ace, then an off-suit level triple
    ("G6", "5S,5S,5S,SJ,SJ,SJ", "KS,KS,KS,AS,AS,AS,3S", "KS,KS,KS,AS,AS,AS",
     "KS,KS,KS,AS,AS,3S"),  # the trump suit's level triple, then the small jokers
])
def test_s11_3_titanics(example: str, lead: str, e_hand: str, whole: str, broken: str) -> None:
    """A Titanic led: E, holding one in the same effective suit, must answer with it."""
    position = follow(e_hand, lead)
    assert position.is_legal(whole), example
    with pytest.raises(IllegalMoveError) as info:
        position.play(broken)
    assert info.value.reason == "titanic_not_followed", example


def test_s11_3_g7_two_effective_suits_are_no_lead_and_two_trump_triples_are_a_throw() -> None:
    s = Cards("5H,5H,5H,6H,6H,6H,5S,5S,5S,6S,6S,6S")
    gone = _gone(3, s, 12 * 3 + 6)
    position = Position(f"{HEAD} S={s} E=?12 N=?12 W=?12 kitty=?6 gone={gone} points=0 "
                        "trick=S:")
    assert not position.is_legal("5H,5H,5H,6H,6H,6H")  # the 5s are trumps, the 6s hearts
    # 5S×3 6S×3 is no Titanic (6S and the level 5S are not adjacent): E, holding the Titanic
    # 2S-3S-4S, may answer with two triples that are none
    answer = follow("2S,2S,2S,3S,3S,3S,4S,4S,4S", "5S,5S,5S,6S,6S,6S")
    assert answer.is_legal("2S,2S,2S,4S,4S,4S")


def test_s11_3_g9_a_triple_and_a_pair_of_neighbours_are_a_tractor_and_a_single() -> None:
    """AC×3 KC×2 (G9's 3C×3 4C×2 at the top of the suit, so that the throw stands): a tractor AC
    AC KC KC and a single AC, not a triple and a pair — so E, holding a triple, need not play it;
    inside a throw only the count of pairs binds (§11.5, D6)."""
    position = follow("QC,QC,JC,JC,9C,9C,9C,2C", "AC,AC,AC,KC,KC")
    assert position.is_legal("QC,QC,JC,JC,2C")  # no triple: refused if the lead held one
    assert not position.is_legal("QC,JC,9C,9C,2C")  # one pair where two are held


def test_s11_3_g10_the_ace_and_the_level_pairs_are_a_tractor_of_three() -> None:
    position = follow("KS,KS,QS,QS,JS,JS,9S,9S,3S", "AS,AS,5H,5H,5S,5S")
    assert position.is_legal("KS,KS,QS,QS,JS,JS")
    with pytest.raises(IllegalMoveError) as info:
        position.play("KS,KS,QS,QS,9S,9S")
    assert info.value.reason == "tractor_not_followed"


def test_s11_3_g11_a_titanic_and_a_triple_thrown() -> None:
    """AS×3 5H×3 5D×3 is a throw (the Titanic AS–5H and the triple 5D); inside a throw only the
    count of triples binds (§11.5, D6): any three of E's triples answer it, none broken."""
    position = follow("KS,KS,KS,QS,QS,QS,8S,8S,8S,3S,3S,3S", "AS,AS,AS,5H,5H,5H,5D,5D,5D")
    assert position.is_legal("KS,KS,KS,QS,QS,QS,8S,8S,8S")
    assert position.is_legal("KS,KS,KS,8S,8S,8S,3S,3S,3S")
    with pytest.raises(IllegalMoveError) as info:
        position.play("KS,KS,KS,QS,QS,QS,8S,8S,3S")
    assert info.value.reason == "triples_not_followed"
