"""The climbing games' position strings (docs/notation.md "The climbing games", rules §12.17,
§13.9): what every position must be, hidden cards or not, each refusal one line naming its
field; and the general notation's spellings (any case, ``10``, suit symbols) read here too."""

from __future__ import annotations

import pytest

from duidiao.play.climbing.baohuang_game import BaohuangGame
from duidiao.play.errors import NotationError
from duidiao.search.climbing.analysis import parse_position

# rules §12.17's example and §13.9's
GOUJI = ("gouji A=BJ,SJ,2*2,A*2,Q*3,9*2,6,5*2,3 B=?14 C=?11 D=- E=?19 F=?8 out=D "
         "round=B:8*3/C:pass/E:J*3/F:pass/A:pass/B:K*3")
BAOHUANG = ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,?20 "
            "B=BJ,SJ,A*3,Q*2,T*4,7*3,4*2,3*3 C=?15 D=- E=?21 out=D "
            "round=E:Q*2/A:yield/B:pass/C:K*2")
FULL = "gouji A=?36 B=?36 C=?36 D=?36 E=?36 F=?36 round=A:"


def refused(text: str) -> str:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("text, message", [
    (GOUJI.replace("B=?14", "B=?99999999999999999999"),
     "B: '?99999999999999999999': hidden cards are written ?N, N from 0 to 216"),
    (GOUJI.replace("Q*3", "Q*３"),
     "A: 'Q*３': a count after * must be a whole number from 1 to 216"),
    (FULL + " gone=3*10", "cards: 226 cards in all, a 够级 position has 216"),
    (GOUJI.replace("B=?14", "B=?40"), "B: 40 cards, a hand holds at most 36 (rules §12.3)"),
    (GOUJI + " gone=?10", "gone: '?10': hidden cards (?N) stand only in a hand"),
    ("gouji A=- B=- C=- D=?30 E=- F=?30 out=A,C,E",
     "B: holds no card but is not in out"),
    ("gouji A=- B=?20 C=?20 D=- E=?20 F=?20 out=A,D round=A:8/B:pass",
     "out: A went out in this round (a play in round=), after D: write out=D,A"),
    (GOUJI + " score=hello", "score: 'hello' is not NAME:POINTS (names: ACE, BDF)"),
    (GOUJI + " score=ACE:1", "score: no points for BDF"),
    (GOUJI + " burning=D", "burning: D is not the round's leader"),
    (GOUJI + " burning=A,C", "burning: A is not the round's leader"),
    (GOUJI.replace(" out=D", "").replace("D=-", "D=2,?35") + " revolt=D",
     "revolt: D holds 2,?35; the revolutionary keeps the 36 cards he was dealt, without a "
     "joker or a 2 (rules §12.13)"),
    (BAOHUANG.replace(" out=D", ""), "D: holds no card but is not in out"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,Q*16,?25 B=Q*16,?27 C=?43 D=?43 "
     "E=?43 round=A:", "cards: 32 cards of rank Q in all (a rank exists 16 times)"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,?41 B=?43 C=?43 D=?43 E=?43",
     "round: missing (the hand is on: round=SEAT: names the leader)"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,?38 B=?43 C=?42 D=?43 E=?43 "
     "round=A:8/B:pass/C:9C",
     "guard: C played the called face 9C in the round, so the guard is known (guard=C)"),
    (BAOHUANG + " score=A:1,B:2", "score: no points for C, D, E"),
])
def test_impossible_positions_are_refused(text: str, message: str) -> None:
    assert refused(text).startswith(message)


def test_the_spellings_of_the_general_notation() -> None:
    """Card names in any case, 10 for T and the suit symbols; seats and action words in any
    case: the same position as the canonical spelling."""
    spelled = (GOUJI.replace("BJ,SJ", "bj,Sj").replace("Q*3", "q*3").replace("9*2", "9h,9♠")
               .replace("round=B:8*3", "round=b:8*3").replace("C:pass", "c:PASS"))
    assert str(parse_position(spelled)) == GOUJI
    assert str(parse_position(GOUJI.replace("K*3", "KH*3"))) == GOUJI
    assert str(parse_position(BAOHUANG.replace("call=9C", "call=9c"))) == BAOHUANG
    ten = BAOHUANG.replace("call=9C", "call=10C").replace("9C*3", "10C*3").replace("T*4", "10*4")
    assert str(parse_position(ten)) == BAOHUANG.replace("call=9C", "call=TC").replace(
        "9C*3", "TC*3")


def test_a_score_is_printed_in_its_names_order() -> None:
    assert str(parse_position(GOUJI + " score=bdf:3,ACE:-2")).endswith(" score=ACE:-2,BDF:3")


def test_the_emperor_leads_the_first_round() -> None:
    """Rules §13.5: with nothing played yet, a round led by another seat is refused."""
    game = BaohuangGame.deal("baohuang-basic", seed=3)
    while game.position is None:
        game.apply(game.legal()[0])
    text = str(game.position)
    emperor = text.split("emperor=")[1][0]
    other = "A" if emperor != "A" else "B"
    assert str(parse_position(text)) == text
    assert refused(text.replace(f"round={emperor}:", f"round={other}:")) == (
        f"round: {other} leads the first round, but the emperor {emperor} does (rules §13.5)")
