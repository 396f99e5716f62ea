"""The golden examples of rules §12.18 (G1–G28, 够级) and §13.10 (H1–H20, 保皇) against the
engine: the core ``duidiao._climb`` through ``GoujiPosition`` / ``BaohuangPosition``, the whole
hands ``GoujiGame`` / ``BaohuangGame`` (deal, 上班, 革命, calling) and the core's set functions.
The positions are those of tests/climbing/test_reference_*.py, which check the same examples
against the oracle; nothing here reads the oracle."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import TypeVar

import pytest

from duidiao import _climb
from duidiao.play.climbing import baohuang_game, gouji_game
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.baohuang_game import MARKED, BaohuangGame
from duidiao.play.climbing.cards import VALUES, Face, Pile, format_pile, parse_pile
from duidiao.play.climbing.deal import PACKS_DECK, SUIT_LETTERS, Card
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.gouji_game import GoujiGame, shangban
from duidiao.play.climbing.tokens import ActionTuple, action_text, read_action
from duidiao.play.errors import IllegalMoveError, NotationError

FULL = Pile((0,) + (16,) * 13 + (4, 4))
KEYWORDS = ("pass", "yield", "fold", "noburn")
P = TypeVar("P", GoujiPosition, BaohuangPosition)


# ---- helpers ---------------------------------------------------------------------------------


def _face_of(text: str) -> Face:
    if text in ("BJ", "SJ"):
        return Face(VALUES[text], " ")
    return Face(VALUES[text[0]], text[1])


def complete(text: str) -> str:
    """``text`` with ``gone=`` holding every card not in the hands or the round, so that the
    position holds all 216 cards (and, in 保皇, the four copies of the called face)."""
    fields = dict(tok.split("=", 1) for tok in text.split()[1:])
    call = _face_of(fields["call"]) if "call" in fields else None
    held = Pile()
    for key, value in fields.items():
        if len(key) == 1 and key in "ABCDEF":
            held = held + parse_pile(value, key, call)
        elif key == "round":
            for part in value.split("/"):
                act = part[2:]
                if act and act not in KEYWORDS:
                    held = held + parse_pile(act, key, call)
    full = FULL if call is None else Pile(FULL.counts, 4)
    return f"{text} gone={format_pile(full - held, call)}"


def gj(text: str) -> GoujiPosition:
    return GoujiPosition.parse(complete(text))


def bh(text: str) -> BaohuangPosition:
    return BaohuangPosition.parse(complete(text))


def play(p: P, *actions: str) -> P:
    """Apply ``SEAT:ACT`` actions, checking that each seat is the one to act."""
    for action in actions:
        seat, act = action.split(":", 1)
        assert p.to_act() == seat, (action, str(p))
        p = p.play(act)
    return p


def round_of(p: GoujiPosition | BaohuangPosition) -> str:
    return next(t for t in str(p).split() if t.startswith("round="))


def field_of(p: GoujiPosition | BaohuangPosition, key: str) -> str | None:
    return next((t for t in str(p).split() if t.startswith(f"{key}=")), None)


def s(text: str) -> ActionTuple:
    """A card list as the core's set tuple (kind 0, base, plain, called, twos, sj, bj)."""
    return read_action(text, "set", None, True)


def beats(new: str, old: str) -> bool:
    return _climb.beats(s(new), s(old))


def canonical(text: str) -> str:
    return format_pile(parse_pile(text, "set"))


# ---- G1–G10: sets, beating, 够级 (rules §12.5–§12.7) --------------------------------------


def test_g1_a_higher_single_beats() -> None:
    assert beats("2", "A")
    assert beats("SJ", "2")
    assert beats("BJ", "SJ")
    assert not beats("A", "2") and not beats("2", "SJ") and not beats("SJ", "BJ")
    p = play(gj("gouji A=A,3 B=2,4 C=SJ,5 D=BJ,6 E=7 F=8 round=A:"), "A:A")
    assert p.legal() == ["2", "pass"]
    p = p.play("2")  # 够级: the burn window asks D, F, C, A (rules §12.9.4)
    assert p.to_act() == "D" and p.legal() == ["BJ", "noburn"]
    p = play(p, "D:noburn", "F:noburn")
    assert p.to_act() == "C" and p.legal() == ["SJ", "noburn"]


def test_g2_which_plays_are_sets() -> None:
    sets = ("Q*3", "SJ,9,9", "2,9,9", "BJ,SJ,2,5", "BJ,SJ", "2,2", "5", "SJ*3")
    hand = "BJ,SJ*3,2*3,Q*3,9*2,5*2,3"
    p = gj(f"gouji A={hand} B=4 C=4 D=4 E=4 F=4 round=A:")
    legal = p.legal()
    for text in sets:
        assert canonical(text) in legal, text
    for text in ("9,9,T", "3,4"):
        assert s(text) == (0,) * 7  # the core reads no set from it
        with pytest.raises(IllegalMoveError, match="not a set"):
            gj(f"gouji A={text},5 B=4 C=4 D=4 E=4 F=4 round=A:").play(text)


def test_g3_an_attached_two_is_its_sets_rank() -> None:
    assert not beats("2,9,9", "9*3")
    assert not beats("9*3", "2,9,9")
    assert beats("T*3", "2,9,9")
    p = play(gj("gouji A=9*3,5 B=2,9*2,T*3,4 C=4 D=4 E=4 F=4 round=A:"), "A:9*3")
    assert sorted(p.legal()) == ["2,T*2", "T*3", "pass"]


def test_g4_twos_alone_keep_rank_two() -> None:
    assert beats("2*3", "A*3")
    assert not beats("2,A,A", "A*3")


def test_g5_the_number_of_cards_must_match() -> None:
    assert not beats("K*2", "Q*3")
    assert not beats("Q*4", "J*3")
    p = play(gj("gouji A=8*3,5 B=K*2,4 C=3 D=4 E=5 F=6 round=A:"), "A:8*3")
    assert p.to_act() == "B" and p.legal() == ["pass"]
    with pytest.raises(IllegalMoveError, match="as many cards"):
        p.play("K*2")
    p = play(gj("gouji A=J*3,5 B=Q*4,4 C=3 D=4 E=5 F=6 round=A:"), "A:J*3")
    assert p.to_act() == "B" and p.legal() == ["Q*3", "pass"]  # three of his queens, not four
    with pytest.raises(IllegalMoveError, match="as many cards"):
        p.play("Q*4")


def test_g6_beating_a_small_joker_set() -> None:
    old = "SJ,9,9"
    assert beats("BJ,T,T", old)
    assert beats("BJ,SJ,T", old)
    assert not beats("SJ,T,T", old)
    assert not beats("BJ,9,9", old)
    assert not beats("2*3", old)


def test_g7_as_many_big_jokers_as_small_ones() -> None:
    old = "SJ*2,9*3"
    assert beats("BJ*2,J*3", old)
    assert beats("BJ*3,J*2", old)
    assert not beats("BJ,SJ,J*3", old)


def test_g8_a_big_joker_set_is_dead() -> None:
    p = gj("gouji A=BJ,3,5 B=2 C=2 D=SJ E=2 F=2 round=A:").play("BJ,3")
    assert p.to_act() == "A"
    assert round_of(p) == "round=A:"
    assert p.legal() == ["5"]
    assert not beats("BJ*2", "BJ,3")


@pytest.mark.parametrize(
    ("text", "gouji_set"),
    [
        ("T*5", True),
        ("T*4", False),
        ("J*4", True),
        ("Q*3", True),
        ("Q*2", False),
        ("K*2", True),
        ("A*2", True),
        ("A", False),
        ("2", True),
        ("SJ", True),
        ("9*7", False),
        ("SJ,4", True),
    ],
)
def test_g9_gouji_thresholds(text: str, gouji_set: bool) -> None:
    assert _climb.is_gouji(s(text)) is gouji_set


@pytest.mark.parametrize("text", ["2,T*4", "2*2,J*2", "2,K", "2,Q,Q"])
def test_g10_attached_twos_count_towards_gouji(text: str) -> None:
    assert _climb.is_gouji(s(text))


# ---- G11–G22: the round (rules §12.8–§12.10) -----------------------------------------------


def test_g11_burn_window_then_only_the_opposite_seat() -> None:
    p = gj("gouji A=Q*3,5 B=4*3,6 C=3*3,6 D=K*3,7 E=4*2,8 F=3,9 round=A:").play("Q*3")
    for seat in "CEBF":  # X+2, X+4 (teammates), X+1, X+5 (opponents)
        assert p.to_act() == seat
        assert p.legal() == ["noburn"]
        p = p.play("noburn")
    assert p.to_act() == "D"
    assert sorted(p.legal()) == ["K*3", "fold"]
    p = p.play("fold")
    assert round_of(p) == "round=A:"  # B, C, E, F were not asked to beat: A leads again
    # F holds a beat but may not burn with it (three ranks would be left and no joker): he
    # declines in the window and is not asked again
    p = gj("gouji A=Q*3,5 B=4*3,6 C=3*3,6 D=K*3,7 E=4*2,8 F=A*3,9,7,5 round=A:").play("Q*3")
    p = play(p, "C:noburn", "E:noburn", "B:noburn")
    assert p.to_act() == "F" and p.legal() == ["noburn"]
    with pytest.raises(IllegalMoveError):
        p.play("A*3")
    p = play(p, "F:noburn", "D:fold")
    assert round_of(p) == "round=A:"


def test_g12_an_ordinary_set_is_answered_in_turn() -> None:
    p = gj("gouji A=8*3,5 B=9*3,6 C=T*3,6 D=J*3,7 E=Q*3,8 F=K*3,9 round=A:").play("8*3")
    assert p.to_act() == "B" and sorted(p.legal()) == ["9*3", "pass"]
    p = play(p, "B:pass", "C:pass")
    assert sorted(p.legal()) == ["J*3", "fold", "yield"]  # D, the 对头
    p = play(p, "D:fold", "E:pass", "F:pass")
    assert round_of(p) == "round=A:"
    # each of them may beat in his turn (sets that are not 够级 all along)
    p = gj("gouji A=3*3,5 B=4*3,6 C=5*3,6 D=6*3,7 E=7*3,8 F=8*3,9 round=A:")
    p = play(p, "A:3*3", "B:4*3", "C:5*3", "D:6*3", "E:7*3")
    assert p.to_act() == "F" and sorted(p.legal()) == ["8*3", "pass"]


def test_g13_passed_player_answers_his_opposite() -> None:
    p = gj("gouji A=6*2,5,3 B=Q*2,4 C=9*2,K*2,3 D=7,8 E=J*2,3 F=4,3 round=A:")
    p = play(p, "A:6*2", "B:pass", "C:9*2", "D:pass", "E:J*2", "F:pass", "A:pass")
    assert p.to_act() == "B"  # passed, but E is his 对头
    assert sorted(p.legal()) == ["Q*2", "fold", "yield"]
    p = p.play("fold")
    assert p.to_act() == "C"
    assert sorted(p.legal()) == ["K*2", "pass"]
    p = p.play("pass")  # D passed: skipped, the round ends
    assert round_of(p) == "round=E:"


def test_g14_after_a_yield_the_opposite_seat_beats_or_folds() -> None:
    p = gj("gouji A=7,5 B=3,4 C=3,4 D=8,4 E=3,5 F=3,6 round=A:")
    p = play(p, "A:7", "B:pass", "C:pass", "D:yield", "E:pass", "F:pass")
    assert p.to_act() == "D"
    assert sorted(p.legal()) == ["8", "fold"]
    p = p.play("fold")
    assert round_of(p) == "round=A:"


def test_yield_on_gouji_asks_the_two_after_the_opposite_seat() -> None:
    # yield_on_gouji (rules §12.9.3): D yields A's 够级 set; E and F, who declined to burn in
    # the window, are asked again as burners before D answers (the yield did nothing before).
    p = gj("gouji with=yield_on_gouji A=Q*3,3 B=K*3,4 C=K*3,5 D=A*3,6 E=K*3,7 F=K*3,8 round=A:")
    p = play(p, "A:Q*3", "C:noburn", "E:noburn", "B:noburn", "F:noburn")
    assert sorted(p.legal()) == ["A*3", "fold", "yield"]
    p = p.play("yield")
    assert p.to_act() == "E" and sorted(p.legal()) == ["K*3", "noburn"]
    burnt = p.play("K*3")
    assert burnt.to_act() == "A"  # E's burn is answered as a set of his (A is asked to burn)
    p = play(p, "E:noburn", "F:noburn")
    assert p.to_act() == "D" and sorted(p.legal()) == ["A*3", "fold"]
    assert round_of(p.play("fold")) == "round=A:"


def test_the_heuristic_burns_after_a_yield_only_to_go_out() -> None:
    # A burn asked in the rotation (after a yield, or under burn_priority=order) binds the rest of
    # the hand as one in the window does: the heuristic burns only when the burn empties its hand.
    start = "gouji with=yield_on_gouji A=Q*3,3 B=K*3,4 C=K*3,5 D=A*3,6 E={} F=K*3,8 round=A:"
    for hand, choice in (("K*3,7", "noburn"), ("K*3", "K*3")):
        p = play(gj(start.format(hand)), "A:Q*3", "C:noburn", "E:noburn", "B:noburn", "F:noburn",
                 "D:yield")
        assert p.to_act() == "E"
        assert action_text(p._game().heuristic()) == choice, hand


def test_g15_who_may_burn() -> None:
    p = gj("gouji A=K*2,5 B=3 C=A*2,SJ,8*3,5 D=4 E=6 F=7 round=A:").play("K*2")
    assert p.to_act() == "C"
    assert p.legal() == ["A*2", "noburn"]  # left: 1 joker, ranks {8, 5}
    p = gj("gouji A=K*2,5 B=3 C=A*2,SJ,8*3,5,4 D=4 E=6 F=7 round=A:").play("K*2")
    assert p.to_act() == "C"
    assert p.legal() == ["noburn"]  # left: ranks {8, 5, 4}
    with pytest.raises(IllegalMoveError, match="hang a joker on every set but the last"):
        p.play("A*2")


def test_g16_teammates_burn_first_and_burns_answer_burns() -> None:
    p = gj("gouji A=Q*3,5 B=A*3,SJ,6 C=K*3,SJ,5 D=3 E=4 F=7 round=A:").play("Q*3")
    assert p.to_act() == "C"  # A's teammate first, although B can burn too
    assert p.legal() == ["K*3", "noburn"]
    p = p.play("K*3")
    seen = []
    while p.to_act() != "F":  # the window on C's set, then C's 对头 F
        seen.append(p.to_act())
        if p.to_act() == "B":
            assert p.legal() == ["A*3", "noburn"]
        p = p.play("noburn")
    assert seen == list("EADB")
    p = p.play("fold")
    assert field_of(p, "burning") == "burning=C" and round_of(p) == "round=C:"


def test_g17_a_burner_must_hang_jokers() -> None:
    p = gj("gouji A=5 B=3 C=SJ,8*3,5 D=4 E=6 F=7 burning=C round=C:")
    assert sorted(p.legal()) == ["SJ,5", "SJ,8*3"]
    for bad in ("8*3", "SJ,8", "SJ"):
        with pytest.raises(IllegalMoveError, match="burning player's set must hold a joker"):
            p.play(bad)


def test_g18_a_beat_releases_the_burner() -> None:
    p = gj("gouji A=5 B=3 C=SJ,8*3,5 D=4 E=6 F=BJ,T*3,7 burning=C round=C:").play("SJ,8*3")
    p = play(p, "E:noburn", "A:noburn", "D:noburn", "B:noburn")
    assert p.to_act() == "F"
    p = p.play("BJ,T*3")  # dead: the round ends at once
    assert field_of(p, "burning") is None and round_of(p) == "round=F:"
    assert p.to_act() == "F"


def test_g19_a_headless_player_neither_restricts_nor_burns() -> None:
    p = gj("gouji A=Q*3,A*2,5*2,3 B=K*2,4 C=3*2 D=- E=4*2,6 F=6*2 out=D round=A:")
    p = p.play("Q*3")  # D went out earlier: A is headless, his 够级 is not restricted
    assert p.to_act() == "B" and p.legal() == ["pass"]
    p = play(p, "B:pass", "C:pass", "E:pass", "F:pass")
    p = play(p, "A:5*2", "B:K*2")  # restricted: B has a head (E)
    asked = []
    while p.to_act() != "E":
        asked.append(p.to_act())
        p = p.play("noburn")
    assert asked == ["F", "C"]  # the window B+2 … B+5: D is out, A headless (no candidate)
    p = p.play("fold")
    assert p.to_act() == "A"  # in turn, not as a burn
    assert sorted(p.legal()) == ["A*2", "pass"]
    p = p.play("A*2")
    assert p.to_act() == "B"  # A's set is not restricted
    assert field_of(p, "burning") is None


def test_g20_a_set_over_a_last_set_is_only_burnable() -> None:
    p = gj("gouji A=K*3,5 B=4,3 C=6*2 D=9*3 E=7 F=8 round=D:")
    p = play(p, "D:9*3", "E:pass", "F:pass", "A:K*3")
    asked = []
    while p.to_act() is not None and round_of(p) != "round=A:":
        asked.append(p.to_act())
        assert p.legal() == ["noburn"]
        p = p.play("noburn")
    assert asked == ["C", "B"]  # the window: E, F passed; D is out
    assert round_of(p) == "round=A:"  # 够死级: A leads


def test_g20_a_burn_stops_the_set_over_a_last_set() -> None:
    p = gj("gouji A=K*3,5 B=4,3 C=A*3,SJ,6 D=9*3 E=7 F=8 round=D:")
    p = play(p, "D:9*3", "E:pass", "F:pass", "A:K*3")
    assert p.to_act() == "C" and p.legal() == ["A*3", "noburn"]
    p = p.play("A*3")  # C burns: the window on his set asks A (D's ghost head) and B
    asked = []
    while p.to_act() != "F":
        asked.append(p.to_act())
        assert p.legal() == ["noburn"]
        p = p.play("noburn")
    assert asked == ["A", "B"]
    assert p.legal() == ["fold"]  # C's 对头, although he passed
    p = p.play("fold")
    assert round_of(p) == "round=C:" and field_of(p, "burning") == "burning=C"


def test_g21_the_next_seat_takes_the_wind() -> None:
    p = gj("gouji A=6,3 B=7,3 C=8,3 D=9,3 E=T,3 F=5 round=F:")
    p = play(p, "F:5", "A:pass", "B:pass", "C:fold", "D:pass", "E:pass")
    assert round_of(p) == "round=A:"
    assert field_of(p, "out") == "out=F"


def test_g22_luanchan_passes_are_soft() -> None:
    p = gj("gouji A=- B=3*2,4 C=9,K*2,5 D=- E=7,6 F=T,A*2,4 out=A,D round=E:")
    p = play(p, "E:7", "F:pass", "B:pass", "C:9", "E:pass")
    assert p.to_act() == "F"
    assert sorted(p.legal()) == ["A", "T", "pass"]
    p = play(p, "F:pass", "B:pass")
    assert round_of(p) == "round=C:"
    p = p.play("K*2")
    assert p.to_act() == "E" and p.legal() == ["pass"]
    p = p.play("pass")
    assert p.to_act() == "F" and sorted(p.legal()) == ["A*2", "pass"]


# ---- G23–G26: places and scores (rules §12.11–§12.13) --------------------------------------


def test_g23_only_the_positive_side_is_recorded() -> None:
    p = gj("gouji A=- B=- C=- D=- E=- F=3*2 out=A,D,C,B,E")
    assert p.to_act() is None and p.legal() == []
    assert p.result() == (list("ADCBEF"), {"ACE": 2, "BDF": 0})


def test_g24_chuan_san_hu_scores_twelve() -> None:
    p = gj("gouji A=- B=4*3 C=- D=5 E=8 F=6*2 out=A,C round=E:")
    assert p.to_act() == "E"
    p = p.play("8")
    assert p.to_act() is None  # ACE are all out: the hand ends at once
    places, score = p.result()
    assert places[:3] == ["A", "C", "E"] and score == {"ACE": 12, "BDF": 0}
    assert places[3:] == ["D", "F", "B"]  # fewer cards left first


def test_g25_places_one_two_four_score_six() -> None:
    p = gj("gouji A=- B=- C=- D=3 E=- F=4*2 out=A,C,B,E")
    assert p.to_act() is None
    places, score = p.result()
    assert places == list("ACBEDF") and score == {"ACE": 6, "BDF": 0}


def test_g25_the_hand_ends_when_a_team_is_out() -> None:
    p = gj("gouji A=- B=- C=- D=3 E=9 F=4*2 out=A,C,B round=E:").play("9")
    assert p.to_act() is None
    assert p.result() == (list("ACBEDF"), {"ACE": 6, "BDF": 0})


REVOLUTIONARY = "A*4,K*4,Q*4,J*4,T*4,9*4,8*4,7*4,6*4"


def test_g26_a_revolutionary_counts_third_behind_his_teammates() -> None:
    p = gj(f"gouji A=5 B={REVOLUTIONARY} C=3*2 D=- E=4 F=- out=D,F revolt=B")
    assert p.to_act() is None
    places, score = p.result()
    assert places[:3] == ["D", "F", "B"] and score == {"ACE": 0, "BDF": 12}
    p = gj(f"gouji A=5 B={REVOLUTIONARY} C=- D=- E=4 F=- out=D,C,F revolt=B")
    places, score = p.result()
    assert places == ["D", "C", "F", "B", "A", "E"]  # the revolutionary is 四科
    assert score == {"ACE": 0, "BDF": 4}


# ---- G27–G28: the deal (rules §12.4, §12.13) -------------------------------------------------


def _suited(hands: dict[str, list[Card]], seats: str, first: int) -> list[Card]:
    """A deck whose draw (one card at a time, in playing order from ``first``) gives each seat
    its hand; every hand must be as long."""
    n = len(hands[seats[0]])
    deck: list[Card] = []
    for i in range(n * len(seats)):
        deck.append(hands[seats[(first + i) % len(seats)]][i // len(seats)])
    return deck


def _gouji_deck(
    fixed: dict[str, list[Card]],
    plain_only: str = "",
    last: dict[str, list[Card]] | None = None,
    seed: int = 0,
) -> list[Card]:
    """A 够级 deck dealt from A: each seat draws the cards of ``fixed`` first and those of
    ``last`` last; in between, the seats of ``plain_only`` draw only cards from 4 to A (no 3, no
    2, no joker), at most two of a face, and the others the rest of the deck. Every 3 must be
    placed in ``fixed`` or ``last``."""
    last = last or {}
    rest = Counter(PACKS_DECK)
    hands: dict[str, list[Card]] = {seat: list(fixed.get(seat, [])) for seat in "ABCDEF"}
    for cards in [*hands.values(), *last.values()]:
        for c in cards:
            rest[c] -= 1
            assert rest[c] >= 0
    assert sum(rest[(1, suit)] for suit in range(4)) == 0, "every 3 is placed"
    room = {seat: 36 - len(last.get(seat, [])) for seat in "ABCDEF"}
    for seat in plain_only:
        for card in sorted(c for c in rest if 2 <= c[0] <= 12):
            while rest[card] and len(hands[seat]) < room[seat] and hands[seat].count(card) < 2:
                hands[seat].append(card)
                rest[card] -= 1
    pool = sorted(rest.elements())
    random.Random(seed).shuffle(pool)
    for seat in "ABCDEF":
        while len(hands[seat]) < room[seat]:
            hands[seat].append(pool.pop())
        hands[seat] += last.get(seat, [])
    assert not pool
    return _suited(hands, "ABCDEF", 0)


def _gouji_deck_with_two_revolutionaries() -> list[Card]:
    """B and E are dealt no joker and no 2; A alone holds two 3s of a suit (two of each)."""
    h, d, sp, cl = range(4)
    fixed = {
        "A": [(1, suit) for suit in range(4) for _ in range(2)],
        "C": [(1, h), (1, d), (1, sp)],
        "D": [(1, h), (1, d), (1, cl)],
        "F": [(1, sp), (1, cl)],
    }
    return _gouji_deck(fixed, "BE")


def _patch_shuffles(monkeypatch: pytest.MonkeyPatch, module: object, decks: list) -> None:
    it: Iterator[list[Card]] = iter(decks)
    real = module.shuffled  # type: ignore[attr-defined]

    def fake(rng: random.Random, *args: object, **kwargs: object) -> list[Card]:
        deck = next(it, None)
        return list(deck) if deck is not None else real(rng, *args, **kwargs)

    monkeypatch.setattr(module, "shuffled", fake)


def test_g27_two_revolutionaries_void_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = _gouji_deck_with_two_revolutionaries()
    _patch_shuffles(monkeypatch, gouji_game, [deck])
    game = GoujiGame.deal("gouji", seed=1, first_drawer="A")
    assert game.phase == "revolt" and game.revolt_order == (1, 4)  # B and E, in playing order
    assert game.to_act == "B" and game.legal() == ["stay", "revolt"]
    game.apply("revolt")
    assert game.to_act == "E"
    game.apply("revolt")
    assert game.redeals == 1  # the hand is void and dealt again
    assert game.revolts == [] and game.cards != [deck[s::6] for s in range(6)]
    assert sorted(c for h in game.cards for c in h) == sorted(PACKS_DECK)
    assert game.history == [("revolt", "B", "revolt"), ("revolt", "E", "revolt")]
    assert game.phase == "play" and game.position is not None  # nobody may revolt in the new deal
    assert game.position.revolt is None


def test_g27_one_revolutionary_sits_out(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_shuffles(monkeypatch, gouji_game, [_gouji_deck_with_two_revolutionaries()])
    game = GoujiGame.deal("gouji", seed=1, first_drawer="A")
    game.apply("revolt")  # B
    game.apply("stay")  # E
    assert game.redeals == 0 and game.phase == "renounce"
    assert game.to_act == "E" and game.legal() == ["keep", "renounce"]  # B's 对头
    game.apply("keep")
    assert game.phase == "play" and game.position is not None
    assert game.position.revolt == 1 and game.to_act == "A"  # A showed ♥3 ♥3


def _threes(seat_cards: dict[str, list[str]]) -> list[list[Card]]:
    def card(text: str) -> Card:
        return (VALUES[text[0]], SUIT_LETTERS.index(text[1]))

    return [[card(c) for c in seat_cards.get(seat, ["4H"] * 6)] for seat in "ABCDEF"]


def test_g28_more_threes_of_a_suit_take_over_the_lead() -> None:
    draws = {
        "A": ["3H", "3H", "4H", "4H", "4H", "4H"],
        "C": ["4H", "3S", "3S", "3S", "4H", "4H"],
        "E": ["4H", "4H", "3C", "3C", "3C", "4H"],
    }
    spade, club = SUIT_LETTERS.index("S"), SUIT_LETTERS.index("C")
    assert shangban(_threes(draws), 0) == (2, spade, 3)  # C 顶班; E, later, does not
    draws["E"] = ["3C", "3C", "3C", "4H", "4H", "4H"]  # E reaches three first
    assert shangban(_threes(draws), 0) == (4, club, 3)
    assert shangban(_threes({}), 0) is None  # nobody has two: dealt again


def test_g28_the_deal_leads_with_its_shangban(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole deal: A draws ♥3 ♥3 among his first cards, C three ♠3 and E three ♣3 as their
    last cards (C before E); B, D and F never hold two 3s of a suit."""
    h, d, sp, cl = range(4)
    fixed = {
        "A": [(1, h), (1, h), (1, d)],
        "B": [(1, h), (1, d)],
        "D": [(1, h), (1, d), (1, sp)],
        "F": [(1, d), (1, cl)],
    }
    last = {"C": [(1, sp)] * 3, "E": [(1, cl)] * 3}
    deck = _gouji_deck(fixed, last=last, seed=2)
    _patch_shuffles(monkeypatch, gouji_game, [deck])
    game = GoujiGame.deal("gouji-basic", seed=1, first_drawer="A")
    assert game.redeals == 0
    assert shangban(game.cards, 0) == (2, sp, 3)
    assert game.leader == 2 and game.shown == (sp, 3)
    assert game.phase == "play" and game.to_act == "C"


# ---- 保皇: helpers ----------------------------------------------------------------------------

BH = "ABCDE"


def _card(text: str) -> Card:
    if text == "BJ*":
        return MARKED
    if text in ("BJ", "SJ"):
        return (VALUES[text], -1)
    return (VALUES[text[0]], SUIT_LETTERS.index(text[1]))


def _bh_face(card: Card) -> tuple[int, int]:
    return (card[0], -1) if card[0] >= VALUES["SJ"] else card


def _bh_deck(fixed: dict[str, list[str]]) -> list[Card]:
    """A 保皇 deck (the marked BJ written ``BJ*``), dealt from A, in which each seat holds the
    cards of ``fixed`` and, of every other face, at most two copies: only ``fixed`` makes a
    face held three or four times."""
    deck = list(PACKS_DECK)
    deck[deck.index((VALUES["BJ"], -1))] = MARKED
    rest = Counter(deck)
    hands = {seat: [_card(c) for c in fixed.get(seat, [])] for seat in BH}
    for cards in hands.values():
        for c in cards:
            rest[c] -= 1
            assert rest[c] >= 0
    sizes = {seat: 44 if seat == "A" else 43 for seat in BH}
    order = sorted(rest.elements())
    for c in order:
        face = _bh_face(c)
        # the hand with most room that would not reach exactly three copies of this face
        choices = [
            seat
            for seat in BH
            if len(hands[seat]) < sizes[seat]
            and Counter(_bh_face(x) for x in hands[seat])[face] + 1 != 3
            and not (seat in fixed and face in {_bh_face(_card(x)) for x in fixed[seat]})
        ]
        seat = max(choices, key=lambda t: (sizes[t] - len(hands[t]), -BH.index(t)))
        hands[seat].append(c)
    for seat in BH:
        assert len(hands[seat]) == sizes[seat]
    hands["A"], spare = hands["A"][:43], hands["A"][43]
    return _suited(hands, BH, 0) + [spare]


def _copies(cards: list[Card]) -> Counter[tuple[int, int]]:
    return Counter(_bh_face(c) for c in cards)


def bh_game(
    monkeypatch: pytest.MonkeyPatch, preset: str, fixed: dict[str, list[str]]
) -> BaohuangGame:
    """A 保皇 hand dealt from A whose cards are those of :func:`_bh_deck` (a redeal shuffles
    for real, from a fixed seed)."""
    _patch_shuffles(monkeypatch, baohuang_game, [_bh_deck(fixed)])
    game = BaohuangGame.deal(preset, seed=0, first_drawer="A")
    for seat, cards in fixed.items():
        have = _copies(game.cards[BH.index(seat)])
        for face, n in _copies([_card(c) for c in cards]).items():
            assert have[face] == n, (seat, face)
    return game


HEAD = "baohuang emperor=A call=9C mode=dark guard=C"


# ---- H1–H4: sets and beating (rules §13.4) ---------------------------------------------------


def test_h1_which_plays_are_sets() -> None:
    p = bh(f"{HEAD} A=9C*3,BJ,SJ*2,8*2,5 B=4 C=9C,6 D=7 E=3 round=A:")
    legal = p.legal()
    for text in ("BJ,SJ,8*2", "SJ", "BJ,SJ", "BJ", "SJ*2", "8*2"):
        assert text in legal, text
    p = bh(f"{HEAD} A=9C*3,2,8*2,5 B=4 C=9C,6 D=7 E=3 round=A:")
    assert "2,8*2" not in p.legal() and "2" in p.legal() and "8*2" in p.legal()
    with pytest.raises(IllegalMoveError, match="not a set"):
        p.play("2,8*2")
    p = bh(
        "baohuang with=twos_attach emperor=A call=9C mode=dark guard=C "
        "A=9C*3,2,8*2,5 B=4 C=9C,6 D=7 E=3 round=A:"
    )
    assert "2,8*2" in p.legal()  # the option twos_attach


def test_h2_beating_small_joker_sets() -> None:
    old = "SJ*2,9*3"
    assert beats("BJ*2,J*3", old)
    assert beats("BJ*3,J*2", old)
    assert not beats("BJ,SJ,J*3", old)
    p = bh(f"{HEAD} A=9C*3,SJ*2,9*2,5 B=BJ*3,J*3,4 C=9C,6 D=BJ,SJ,J*3 E=3 round=A:").play(
        "SJ*2,9C*3"
    )
    assert p.to_act() == "B"
    assert sorted(p.legal()) == ["BJ*2,J*3", "BJ*3,J*2", "pass", "yield"]
    p = play(p, "B:pass", "C:pass")
    assert p.to_act() == "D" and sorted(p.legal()) == ["pass", "yield"]


def test_h3_the_number_of_cards_must_match() -> None:
    assert not beats("K*3", "Q*2")
    p = bh(f"{HEAD} A=9C*3,Q*2,5 B=K*3,4 C=9C,6 D=7 E=3 round=A:").play("Q*2")
    assert p.legal() == ["K*2", "pass", "yield"]  # two of his kings, not three
    with pytest.raises(IllegalMoveError, match="as many cards"):
        p.play("K*3")


def test_h4_a_big_joker_set_is_unbeatable() -> None:
    p = bh(f"{HEAD} A=9C*3,BJ,6,5 B=BJ*2,4 C=9C,6 D=7 E=3 round=A:").play("BJ,6")
    assert round_of(p) == "round=A:" and p.to_act() == "A"


# ---- H5–H10: the emperor and the guard (rules §13.3) -----------------------------------------


def test_h5_calling_makes_the_fourth_copy_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*", "9C", "9C", "9C"], "C": ["9C"]})
    assert game.phase == "call" and game.to_act == "A"
    assert "call 9C" in game.legal()
    game.apply("call 9C")
    assert game.phase == "declare" and game.to_act == "C"  # only the guard declares
    game.apply("dark")
    p = game.position
    assert p is not None and game.phase == "play"
    assert (p.emperor, str(p.call), p.mode, p.guard) == (0, "9C", "dark", 2)
    assert "emperor=A call=9C mode=dark guard=C" in str(p)
    assert " guard=? " in game.view("B") and " guard=C " in game.view("C")
    seen_a = next(t for t in game.view("B").split() if t.startswith("A="))
    assert seen_a.startswith("A=9C*3,?")  # the three copies he showed


def test_h5_a_guard_who_declares_is_open(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*", "9C", "9C", "9C"], "C": ["9C"]})
    game.apply("call 9C")
    game.apply("open")
    assert game.position is not None and game.position.mode == "open"
    assert " guard=C " in game.view("B")


def test_h6_four_copies_make_a_solo_emperor(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*", "9C", "9C", "9C", "9C"]})
    game.apply("call 9C")
    assert game.phase == "declare" and game.to_act == "A"  # 明独 is his to declare
    game.apply("dark")
    p = game.position
    assert p is not None and p.emperor == 0 and p.guard == 0 and p.mode == "dark"
    assert " guard=? " in game.view("B")  # nobody can tell 独保 from a hidden guard
    game2 = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*", "9C", "9C", "9C", "9C"]})
    game2.apply("call 9C")
    game2.apply("open")
    assert game2.position is not None and game2.position.mode == "solo-open"


def test_h7_the_marked_joker_goes_clockwise(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(
        monkeypatch,
        "baohuang-basic",
        {"A": ["BJ*"], "B": ["KH", "KH", "KH"], "E": ["QS", "QS", "QS"], "D": ["KH"]},
    )
    asked = []
    for _ in range(4):
        asked.append(game.to_act)
        holder = BH.index(game.to_act or "?")
        assert MARKED in game.cards[holder]
        game.apply("pass")
    assert asked == list("AEDC") and game.to_act == "B"
    assert MARKED in game.cards[1] and MARKED not in game.cards[0]
    assert game.legal() == ["pass", "call KH"]
    game.apply("call KH")
    game.apply("dark")  # D, the guard, declares
    p = game.position
    assert p is not None and (p.emperor, p.guard, str(p.call)) == (1, 3, "KH")
    assert p.to_act() == "B"


def test_h8_a_forced_call_after_five_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(
        monkeypatch,
        "baohuang-basic",
        {
            "A": ["BJ*", "5C", "5C", "5C", "5C"],
            "E": ["KH", "KH", "KH"],
            "B": ["KH"],
            "C": ["QS", "QS", "QS"],
        },
    )
    assert 3 not in _copies(game.cards[0]).values()
    for seat in "AEDCB":
        assert game.to_act == seat
        game.apply("pass")
    assert game.phase == "forced" and game.to_act == "E"
    assert game.legal() == ["call KH"]  # he must call, and KH is his only face held 3 times
    game.apply("call KH")
    assert MARKED in game.cards[4]
    game.apply("dark")  # B, the guard
    p = game.position
    assert p is not None and (p.emperor, p.guard, str(p.call)) == (4, 1, "KH")
    assert p.to_act() == "E"


def test_h9_nobody_forced_means_a_redeal(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*", "5C", "5C", "5C", "5C"]})
    first = [list(h) for h in game.cards]
    assert all(3 not in _copies(h).values() for h in game.cards)
    for seat in "AEDCB":
        assert game.to_act == seat
        game.apply("pass")
    assert game.redeals == 1  # 黄庄
    assert game.phase == "call" and game.position is None and game.cards != first
    assert sum(MARKED in h for h in game.cards) == 1


def test_h10_grabbing_the_marked_joker(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bh_game(monkeypatch, "baohuang", {"A": ["BJ*"]})
    assert game.phase == "grab"
    for seat in "AED":  # asked clockwise from the holder
        assert game.to_act == seat and game.legal() == ["pass", "grab"]
        game.apply("pass")
    assert game.to_act == "C"
    game.apply("grab")
    p = game.position
    assert p is not None and game.phase == "play"
    assert (p.emperor, p.call, p.mode, p.guard) == (2, None, "grab", None)
    assert MARKED in game.cards[2] and MARKED not in game.cards[0]
    assert str(p).startswith("baohuang emperor=C mode=grab A=")
    assert p.to_act() == "C"
    basic = bh_game(monkeypatch, "baohuang-basic", {"A": ["BJ*"]})
    assert basic.phase == "call" and "grab" not in basic.legal()


# ---- H11–H14: play (rules §13.5) ------------------------------------------------------------


def test_h11_the_emperor_leads() -> None:
    for seed in range(5):
        for preset in ("baohuang", "baohuang-basic"):
            game = BaohuangGame.deal(preset, seed=seed)
            while game.phase != "play":
                game.apply(game.legal()[-1])
            p = game.position
            assert p is not None and game.emperor is not None
            assert game.to_act == BH[game.emperor] == p.to_act()
            assert round_of(p) == f"round={BH[game.emperor]}:"
            assert sum(h.size for h in p.hands) == 216
            assert str(BaohuangPosition.parse(str(p))) == str(p)


def test_h12_yielders_get_a_second_circle() -> None:
    p = bh(f"{HEAD} A=9C*3,7*2,3 B=8*2,4 C=9C,T*2,5 D=J*2,4 E=Q*2,5 round=A:")
    p = play(p, "A:7*2", "B:yield", "C:pass", "D:pass", "E:yield")
    assert p.to_act() == "B" and p.legal() == ["8*2", "pass"]
    p = p.play("pass")
    assert p.to_act() == "E" and p.legal() == ["Q*2", "pass"]
    p = p.play("pass")
    assert round_of(p) == "round=A:"  # C and D were not asked again


def test_h12_a_beat_starts_both_circles_afresh() -> None:
    p = bh(f"{HEAD} A=9C*3,7*2,3 B=8*2,4 C=9C,T*2,5 D=J*2,4 E=Q*2,5 round=A:")
    p = play(p, "A:7*2", "B:yield", "C:T*2", "D:pass", "E:pass", "A:pass")
    assert p.to_act() == "B" and p.legal() == ["pass", "yield"]  # soft pass


def test_h13_a_set_nobody_beats_is_folded() -> None:
    p = bh(f"{HEAD} A=9C*3,5,3 B=8*2,4 C=9C,6 D=7 E=3 round=A:")
    p = play(p, "A:5", "B:pass", "C:pass", "D:pass", "E:pass")
    assert round_of(p) == "round=A:" and p.to_act() == "A"


def test_h14_the_next_seat_takes_the_wind() -> None:
    p = bh("baohuang emperor=A call=9C mode=dark guard=B A=9C*3,5 B=9C,8*2 C=K*2 D=7 E=3 round=C:")
    p = play(p, "C:K*2", "D:pass", "E:pass", "A:pass", "B:pass")
    assert round_of(p) == "round=D:" and field_of(p, "out") == "out=C"


# ---- H15–H19: scores (rules §13.7) ----------------------------------------------------------


def test_h15_normal_scores() -> None:
    p = bh(f"{HEAD} A=- B=- C=- D=- E=4,3 out=A,B,D,C")
    assert p.to_act() is None
    assert p.result() == (list("ABDCE"), {"A": 2, "B": -1, "C": 1, "D": -1, "E": -1})
    # played out: C's last card ends the hand, E is 大落
    p = bh(f"{HEAD} A=- B=- C=6 D=- E=5,3 out=A,B,D round=C:").play("6")
    assert p.to_act() is None
    assert p.result() == (list("ABDCE"), {"A": 2, "B": -1, "C": 1, "D": -1, "E": -1})


def test_h16_open_guard_doubles() -> None:
    p = bh("baohuang emperor=A call=9C mode=open guard=C A=- B=- C=- D=- E=4,3 out=A,B,D,C")
    assert p.result() == (list("ABDCE"), {"A": 4, "B": -2, "C": 2, "D": -2, "E": -2})


def test_h17_solo_scores() -> None:
    p = bh("baohuang emperor=A call=9C mode=dark guard=A A=- B=- C=4 D=6 E=7 out=B,A")
    assert p.result() == (["B", "A"], {"A": 4, "B": -1, "C": -1, "D": -1, "E": -1})
    p = bh(
        "baohuang emperor=A call=9C mode=solo-open guard=A A=9C*2,5 B=- C=4 D=6 E=7 out=B round=A:"
    )
    p = play(p, "A:5", "C:pass", "D:pass", "E:pass", "A:9C*2")
    assert p.to_act() is None  # 独保: the hand stops when the emperor's place is fixed
    assert p.result() == (["B", "A"], {"A": 8, "B": -2, "C": -2, "D": -2, "E": -2})


def test_h18_grab_scores() -> None:
    p = bh("baohuang emperor=A mode=grab A=6 B=- C=- D=4 E=5 out=B,C round=A:").play("6")
    assert p.to_act() is None
    assert p.result() == (["B", "C", "A"], {"A": -40, "B": 10, "C": 10, "D": 10, "E": 10})
    p = bh("baohuang emperor=A mode=grab A=6 B=3 C=4 D=4 E=5 round=A:").play("6")
    assert p.to_act() is None
    assert p.result() == (["A"], {"A": 40, "B": -10, "C": -10, "D": -10, "E": -10})


def test_h19_emperor_first_guard_second() -> None:
    p = bh(f"{HEAD} A=- B=5 C=6 D=7 E=8 out=A round=C:").play("6")
    assert p.to_act() is None  # both of the emperor's side out: early end
    assert p.result() == (["A", "C"], {"A": 6, "B": -3, "C": 3, "D": -3, "E": -3})


H20 = "baohuang emperor=A call=9C mode=dark guard=? A=9C*3,5 B=4,3 C=6,3 D=9C,3,8 E=7,3 round=B:"


def test_h20_playing_the_called_face_reveals_the_guard() -> None:
    p = play(bh(H20), "B:4", "C:pass", "D:9C")
    assert " guard=D " in str(p)


def test_h20_a_known_guard_stays_known() -> None:
    known = play(bh(H20.replace("guard=?", "guard=D")), "B:4", "C:pass", "D:9C")
    assert " guard=D " in str(known)


def test_h20_a_position_may_not_name_another_guard() -> None:
    for wrong in ("guard=C", "guard=A"):
        with pytest.raises(NotationError, match="guard"):
            bh(H20.replace("guard=?", wrong))


def test_h20_the_game_shows_the_guard_once_he_plays_the_face(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = bh_game(
        monkeypatch, "baohuang-basic", {"A": ["BJ*", "9C", "9C", "9C", "3H"], "D": ["9C"]}
    )
    game.apply("call 9C")
    game.apply("dark")  # D, the guard, stays hidden
    assert " guard=? " in game.view("B") and " guard=? " in game.view("E")
    assert game.to_act == "A"
    game.apply("3")
    for seat in "BC":
        assert game.to_act == seat
        game.apply("pass")
    assert game.to_act == "D" and "9C" in game.legal()
    game.apply("9C")
    assert " guard=D " in game.view("B") and " guard=D " in game.view("E")
    assert game.position is not None and " guard=D " in str(game.position)
