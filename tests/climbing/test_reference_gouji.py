"""The 够级 reference (duidiao.reference.climbing.gouji): the golden examples G1–G28 of rules
§12.18, the example position of rules §12.17, random playouts, and refusals of bad input."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from duidiao.reference.climbing import gouji
from duidiao.reference.climbing.sets import (
    EMPTY,
    Cards,
    add,
    beats,
    format_cards,
    hangable,
    is_gouji,
    is_set,
    parse_cards,
    sets_in,
    value_vector,
)

FULL = Cards((16,) * 13 + (4, 4, 0))
KEYWORDS = ("pass", "yield", "fold", "noburn")


def complete(text: str) -> str:
    """``text`` with ``gone=`` holding every card not in the hands or the round, so that the
    position holds all 216 cards."""
    held = EMPTY
    for tok in text.split()[1:]:
        key, value = tok.split("=", 1)
        if key in gouji.SEATS:
            held = add(held, parse_cards(value, key))
        elif key == "round":
            for part in value.split("/"):
                act = part[2:]
                if act and act not in KEYWORDS:
                    held = add(held, parse_cards(act, key))
    gone = Cards(tuple(f - h for f, h in zip(FULL.counts, held.counts)))
    return f"{text} gone={format_cards(gone)}"


def position(text: str) -> gouji.State:
    return gouji.parse(complete(text))


def play(st: gouji.State, *actions: str) -> gouji.State:
    """Apply ``SEAT:ACT`` actions, checking that each seat is the one to act."""
    for action in actions:
        seat, act = action.split(":", 1)
        assert gouji.to_act(st) == seat, (action, gouji.format(st))
        st = gouji.apply(st, act)
    return st


def round_of(st: gouji.State) -> str:
    return next(t for t in gouji.format(st).split() if t.startswith("round="))


# ---- G1–G10: sets, beating, 够级 (rules §12.5–§12.7) --------------------------------------


def test_g1_higher_single_beats() -> None:
    assert beats("2", "A")
    assert beats("SJ", "2")
    assert beats("BJ", "SJ")
    assert not beats("A", "2")


def test_g2_which_plays_are_sets() -> None:
    for text in ("Q*3", "SJ,9,9", "2,9,9", "BJ,SJ,2,5", "BJ,SJ", "2,2", "5", "SJ*3"):
        assert is_set(text), text
    for text in ("9,9,T", "3,4"):
        assert not is_set(text), text


def test_g3_an_attached_two_is_its_sets_rank() -> None:
    assert value_vector("2,9,9") == (7, 7, 7)
    assert not beats("2,9,9", "9*3")
    assert beats("T*3", "2,9,9")


def test_g4_twos_alone_keep_rank_two() -> None:
    assert beats("2*3", "A*3")
    assert not beats("2,A,A", "A*3")


def test_g5_the_number_of_cards_must_match() -> None:
    assert not beats("K*2", "Q*3")
    assert not beats("Q*4", "J*3")
    st = position("gouji A=Q*3,5 B=K*2,4 C=3 D=4 E=5 F=6 round=A:")
    st = gouji.apply(st, "Q*3")
    assert "K*2" not in gouji.legal(st)
    with pytest.raises(ValueError, match="as many cards"):
        gouji.apply(st, "K*2")


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
    st = position("gouji A=BJ,3,5 B=2 C=2 D=SJ E=2 F=2 round=A:")
    st = gouji.apply(st, "BJ,3")
    assert gouji.to_act(st) == "A"
    assert round_of(st) == "round=A:"
    assert gouji.legal(st) == ["5"]


@pytest.mark.parametrize("text, gouji_set", [
    ("T*5", True), ("T*4", False), ("J*4", True), ("Q*3", True), ("Q*2", False),
    ("K*2", True), ("A*2", True), ("A", False), ("2", True), ("SJ", True), ("9*7", False),
    ("SJ,4", True),
])
def test_g9_gouji_thresholds(text: str, gouji_set: bool) -> None:
    assert is_gouji(text) is gouji_set


@pytest.mark.parametrize("text", ["2,T*4", "2*2,J*2", "2,K", "2,Q,Q"])
def test_g10_attached_twos_count_towards_gouji(text: str) -> None:
    assert is_gouji(text)


# ---- G11–G22: the round (rules §12.8–§12.10) -----------------------------------------------


def test_g11_burn_window_then_only_the_opposite_seat() -> None:
    st = position("gouji A=Q*3,5 B=4*3,6 C=3*3,6 D=K*3,7 E=4*2,8 F=3,9 round=A:")
    st = gouji.apply(st, "Q*3")
    for seat in "CEBF":  # X+2, X+4 (teammates), X+1, X+5 (opponents)
        assert gouji.to_act(st) == seat
        assert gouji.legal(st) == ["noburn"]
        st = gouji.apply(st, "noburn")
    assert gouji.to_act(st) == "D"
    assert sorted(gouji.legal(st)) == ["K*3", "fold"]
    st = gouji.apply(st, "fold")
    assert round_of(st) == "round=A:"  # B, C, E, F were not asked: A leads again


def test_g12_an_ordinary_set_is_answered_in_turn() -> None:
    st = position("gouji A=8*3,5 B=9*3,6 C=T*3,6 D=J*3,7 E=Q*3,8 F=K*3,9 round=A:")
    st = gouji.apply(st, "8*3")
    assert gouji.to_act(st) == "B" and sorted(gouji.legal(st)) == ["9*3", "pass"]
    st = play(st, "B:pass", "C:pass")
    assert sorted(gouji.legal(st)) == ["J*3", "fold", "yield"]  # D, the 对头
    st = play(st, "D:fold", "E:pass", "F:pass")
    assert round_of(st) == "round=A:"


def test_g13_the_opposite_seat_answers_after_passing() -> None:
    st = position("gouji A=6*2,5,3 B=Q*2,4 C=9*2,K*2,3 D=7,8 E=J*2,3 F=4,3 round=A:")
    st = play(st, "A:6*2", "B:pass", "C:9*2", "D:pass", "E:J*2", "F:pass", "A:pass")
    assert gouji.to_act(st) == "B"  # passed, but E is his 对头
    assert sorted(gouji.legal(st)) == ["Q*2", "fold", "yield"]
    st = gouji.apply(st, "fold")
    assert gouji.to_act(st) == "C"
    assert sorted(gouji.legal(st)) == ["K*2", "pass"]
    st = gouji.apply(st, "pass")  # D passed: skipped, the round ends
    assert round_of(st) == "round=E:"


def test_g14_after_a_yield_the_opposite_seat_beats_or_folds() -> None:
    st = position("gouji A=7,5 B=3,4 C=3,4 D=8,4 E=3,5 F=3,6 round=A:")
    st = play(st, "A:7", "B:pass", "C:pass", "D:yield", "E:pass", "F:pass")
    assert gouji.to_act(st) == "D"
    assert sorted(gouji.legal(st)) == ["8", "fold"]
    st = gouji.apply(st, "fold")
    assert round_of(st) == "round=A:"


def test_yield_on_gouji_asks_the_two_after_the_opposite_seat() -> None:
    st = position("gouji with=yield_on_gouji A=Q*3,3 B=K*3,4 C=K*3,5 D=A*3,6 E=K*3,7 F=K*3,8 "
                  "round=A:")
    st = play(st, "A:Q*3", "C:noburn", "E:noburn", "B:noburn", "F:noburn")
    assert sorted(gouji.legal(st)) == ["A*3", "fold", "yield"]
    st = gouji.apply(st, "yield")
    assert gouji.to_act(st) == "E" and sorted(gouji.legal(st)) == ["K*3", "noburn"]
    assert gouji.to_act(gouji.apply(st, "K*3")) == "A"
    st = play(st, "E:noburn", "F:noburn")
    assert gouji.to_act(st) == "D" and sorted(gouji.legal(st)) == ["A*3", "fold"]
    assert round_of(gouji.apply(st, "fold")) == "round=A:"


def test_g15_who_may_burn() -> None:
    st = position("gouji A=K*2,5 B=3 C=A*2,SJ,8*3,5 D=4 E=6 F=7 round=A:")
    st = gouji.apply(st, "K*2")
    assert gouji.to_act(st) == "C"
    assert gouji.legal(st) == ["A*2", "noburn"]  # left: 1 joker, ranks {8, 5}
    assert hangable("SJ,8*3,5") and not hangable("SJ,8*3,5,4")
    st = position("gouji A=K*2,5 B=3 C=A*2,SJ,8*3,5,4 D=4 E=6 F=7 round=A:")
    st = gouji.apply(st, "K*2")
    assert gouji.legal(st) == ["noburn"]  # left: ranks {8, 5, 4}
    with pytest.raises(ValueError, match="J ≥ R − 1"):
        gouji.apply(st, "A*2")


def test_g16_teammates_burn_first_and_burns_answer_burns() -> None:
    st = position("gouji A=Q*3,5 B=A*3,SJ,6 C=K*3,SJ,5 D=3 E=4 F=7 round=A:")
    st = gouji.apply(st, "Q*3")
    assert gouji.to_act(st) == "C"  # A's teammate first, although B can burn too
    assert gouji.legal(st) == ["K*3", "noburn"]
    st = gouji.apply(st, "K*3")
    seen = []
    while gouji.to_act(st) != "F":  # the window on C's set, then C's 对头 F
        seen.append(gouji.to_act(st))
        if gouji.to_act(st) == "B":
            assert gouji.legal(st) == ["A*3", "noburn"]
        st = gouji.apply(st, "noburn")
    assert seen == list("EADB")
    st = gouji.apply(st, "fold")
    assert "burning=C" in gouji.format(st) and round_of(st) == "round=C:"


def test_g17_a_burner_must_hang_jokers() -> None:
    st = position("gouji A=5 B=3 C=SJ,8*3,5 D=4 E=6 F=7 burning=C round=C:")
    assert sorted(gouji.legal(st)) == ["SJ,5", "SJ,8*3"]
    for bad in ("8*3", "SJ,8", "SJ"):
        with pytest.raises(ValueError, match="burning"):
            gouji.apply(st, bad)


def test_g18_a_beat_releases_the_burner() -> None:
    st = position("gouji A=5 B=3 C=SJ,8*3,5 D=4 E=6 F=BJ,T*3,7 burning=C round=C:")
    st = gouji.apply(st, "SJ,8*3")
    st = play(st, "E:noburn", "A:noburn", "D:noburn", "B:noburn")
    assert gouji.to_act(st) == "F"
    st = gouji.apply(st, "BJ,T*3")
    text = gouji.format(st)
    assert "burning=" not in text and round_of(st) == "round=F:"


def test_g19_a_headless_player_neither_restricts_nor_burns() -> None:
    st = position("gouji A=Q*3,A*2,5*2,3 B=K*2,4 C=3*2 D=- E=4*2,6 F=6*2 out=D round=A:")
    st = gouji.apply(st, "Q*3")  # D went out earlier: A is headless, his 够级 is not restricted
    assert gouji.to_act(st) == "B" and gouji.legal(st) == ["pass"]
    st = play(st, "B:pass", "C:pass", "E:pass", "F:pass")
    st = play(st, "A:5*2", "B:K*2")  # restricted: B has a head (E)
    asked = []
    while gouji.to_act(st) != "E":
        asked.append(gouji.to_act(st))
        st = gouji.apply(st, "noburn")
    assert asked == ["F", "C"]  # the window B+2 … B+5: D is out, A headless (no candidate)
    st = gouji.apply(st, "fold")
    assert gouji.to_act(st) == "A"  # in turn, not as a burn
    assert sorted(gouji.legal(st)) == ["A*2", "pass"]
    st = gouji.apply(st, "A*2")
    assert gouji.to_act(st) == "B"  # A's set is not restricted
    assert "burning=" not in gouji.format(st)


def test_g20_a_set_over_a_last_set_is_only_burnable() -> None:
    st = position("gouji A=K*3,5 B=4,3 C=6*2 D=9*3 E=7 F=8 round=D:")
    st = play(st, "D:9*3", "E:pass", "F:pass", "A:K*3")
    asked = []
    while gouji.to_act(st) is not None and round_of(st) != "round=A:":
        asked.append(gouji.to_act(st))
        assert gouji.legal(st) == ["noburn"]
        st = gouji.apply(st, "noburn")
    assert asked == ["C", "B"]  # the window: E, F passed; D is out
    assert round_of(st) == "round=A:"  # 够死级: A leads


def test_g21_the_next_seat_takes_the_wind() -> None:
    st = position("gouji A=6,3 B=7,3 C=8,3 D=9,3 E=T,3 F=5 round=F:")
    st = play(st, "F:5", "A:pass", "B:pass", "C:fold", "D:pass", "E:pass")
    assert round_of(st) == "round=A:"
    assert gouji.format(st).split()[7] == "out=F"


def test_g22_luanchan_passes_are_soft() -> None:
    st = position("gouji A=- B=3*2,4 C=9,K*2,5 D=- E=7,6 F=T,A*2,4 out=A,D round=E:")
    st = play(st, "E:7", "F:pass", "B:pass", "C:9", "E:pass")
    assert gouji.to_act(st) == "F"
    assert sorted(gouji.legal(st)) == ["A", "T", "pass"]
    st = play(st, "F:pass", "B:pass")
    assert round_of(st) == "round=C:"
    st = gouji.apply(st, "K*2")
    assert gouji.to_act(st) == "E" and gouji.legal(st) == ["pass"]
    st = gouji.apply(st, "pass")
    assert gouji.to_act(st) == "F" and sorted(gouji.legal(st)) == ["A*2", "pass"]


def test_g22_hard_passes_bar_the_round() -> None:
    st = position("gouji luanchan_pass=hard A=- B=3*2,4 C=9,K*2,5 D=- E=7,6 F=T,A*2,4 "
                  "out=A,D round=E:")
    st = play(st, "E:7", "F:pass", "B:pass", "C:9")
    assert gouji.to_act(st) == "E"
    st = gouji.apply(st, "pass")
    assert round_of(st) == "round=C:"  # F and B passed for the round


# ---- G23–G26: places and scores (rules §12.11–§12.13) --------------------------------------


def test_g23_only_the_positive_side_is_recorded() -> None:
    st = position("gouji A=- B=- C=- D=- E=- F=3*2 out=A,D,C,B,E")
    assert gouji.to_act(st) is None
    assert gouji.result(st) == (list("ADCBEF"), {"ACE": 2, "BDF": 0})


def test_g24_chuan_san_hu_scores_twelve() -> None:
    st = position("gouji A=- B=4*3 C=- D=5 E=8 F=6*2 out=A,C round=E:")
    assert gouji.to_act(st) == "E"
    st = gouji.apply(st, "8")
    assert gouji.to_act(st) is None  # ACE are all out: the hand ends at once
    places, score = gouji.result(st)
    assert places[:3] == ["A", "C", "E"] and score == {"ACE": 12, "BDF": 0}
    assert places[3:] == ["D", "F", "B"]  # fewer cards left first


def test_g25_places_one_two_four_score_six() -> None:
    st = position("gouji A=- B=- C=- D=3 E=- F=4*2 out=A,C,B,E")
    places, score = gouji.result(st)
    assert places == list("ACBEDF") and score == {"ACE": 6, "BDF": 0}


def test_g26_a_revolutionary_counts_third_behind_his_teammates() -> None:
    b = "A*4,K*4,Q*4,J*4,T*4,9*4,8*4,7*4,6*4"
    st = position(f"gouji A=5 B={b} C=3*2 D=- E=4 F=- out=D,F revolt=B")
    places, score = gouji.result(st)
    assert places[:3] == ["D", "F", "B"] and score == {"ACE": 0, "BDF": 12}
    st = position(f"gouji A=5 B={b} C=- D=- E=4 F=- out=D,C,F revolt=B")
    places, score = gouji.result(st)
    assert places == ["D", "C", "F", "B", "A", "E"]  # the revolutionary is 四科
    assert score == {"ACE": 0, "BDF": 4}


def test_g27_two_revolutionaries_void_the_hand() -> None:
    hands = {"B": "A*4,K*4,Q*4,J*4,T*4,9*4,8*4,7*4,6*4",
             "E": "A*4,K*4,Q*4,J*4,T*4,9*4,5*4,4*4,3*4", "C": "2,A*35"}
    assert gouji.revolution(hands, ["B", "E"]) == gouji.REDEAL
    assert gouji.revolution(hands, ["B"]) == "B"
    assert gouji.revolution(hands, []) is None
    with pytest.raises(ValueError, match="revolt: C"):
        gouji.revolution(hands, ["C"])


def test_g28_more_threes_of_a_suit_take_over_the_lead() -> None:
    draws = {s: ["4H"] * 6 for s in gouji.SEATS}
    draws["A"] = ["3H", "3H", "4H", "4H", "4H", "4H"]
    draws["C"] = ["4H", "3S", "3S", "3S", "4H", "4H"]
    draws["E"] = ["4H", "4H", "3C", "3C", "3C", "4H"]
    assert gouji.first_leader(draws, "A") == "C"
    draws["E"] = ["3C", "3C", "3C", "4H", "4H", "4H"]  # E reaches three first
    assert gouji.first_leader(draws, "A") == "E"
    assert gouji.first_leader({s: ["4H"] * 6 for s in gouji.SEATS}, "A") is None


# ---- the example position of rules §12.17 ---------------------------------------------------

EXAMPLE = ("gouji A=BJ,SJ,2*2,A*2,Q*3,9*2,6,5*2,3 B=?14 C=?11 D=- E=?19 F=?8 out=D "
           "round=B:8*3/C:pass/E:J*3/F:pass/A:pass/B:K*3")


def test_example_position_of_the_rules() -> None:
    st = gouji.parse(EXAMPLE)
    assert gouji.format(st) == EXAMPLE
    assert gouji.to_act(st) == "E"
    with pytest.raises(ValueError, match="hidden"):
        gouji.legal(st)
    known = gouji.parse(EXAMPLE.replace("E=?19", "E=BJ,SJ,2*3,A*3,K,7*9"))
    assert sorted(gouji.legal(known)) == sorted(
        ["A*3", "2,A*2", "2*2,A", "2*3", "SJ,A*2", "SJ,2,A", "SJ,2*2", "BJ,A*2", "BJ,2,A",
         "BJ,2*2", "BJ,SJ,A", "BJ,SJ,2", "fold"])


# ---- random playouts ------------------------------------------------------------------------


def _check_playout(states: list[gouji.State]) -> None:
    for k, st in enumerate(states[:-1]):
        assert gouji.to_act(st) is not None
        if k % 25 == 0:
            assert gouji.legal(st)
            assert gouji.count_cards(st) == 216
            assert gouji.parse(gouji.format(st)) == st
    end = states[-1]
    assert gouji.to_act(end) is None and gouji.legal(end) == []
    assert gouji.count_cards(end) == 216 and end.gone.size + sum(
        h.size for h in end.hands) == 216
    assert gouji.parse(gouji.format(end)) == end
    places, score = gouji.result(end)
    assert sorted(places) == list(gouji.SEATS)
    assert sorted(score.values())[0] == 0 and max(score.values()) >= 0
    assert set(score) == {"ACE", "BDF"}
    assert any(set(t) <= set(end.out) | {end.revolt} for t in gouji.TEAMS)
    for team in gouji.TEAMS:
        if set(places[:3]) == set(team):
            assert score[team] == 12


@pytest.mark.parametrize("preset", ["gouji", "gouji-basic"])
def test_random_playouts_conserve_cards_end_and_score(preset: str) -> None:
    for seed in range(50):
        rng = random.Random(seed)
        p = 0.3 if preset == "gouji" and seed % 2 else 0.0
        st = gouji.random_deal(rng, preset, revolt_probability=p)
        _check_playout(gouji.random_playout(rng, st))


@pytest.mark.parametrize("tokens", ["burn_priority=order", "luanchan_pass=hard",
                                    "with=yield_on_gouji"])
def test_random_playouts_with_options(tokens: str) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        st = gouji.random_deal(rng, "gouji", revolt_probability=0.3)
        st = gouji.parse(gouji.format(st).replace("gouji ", f"gouji {tokens} ", 1))
        assert tokens in gouji.format(st)
        _check_playout(gouji.random_playout(rng, st))


@pytest.mark.parametrize("tokens", ["", "burn_priority=order", "luanchan_pass=hard",
                                    "with=yield_on_gouji", "gouji-basic"])
def test_random_endgames(tokens: str) -> None:
    """Late positions, where burns, 够死级, revolution ghosts and 四人乱缠 are common."""
    burns = lc = 0
    for seed in range(60):
        rng = random.Random(seed)
        preset = "gouji-basic" if tokens == "gouji-basic" else "gouji"
        st = gouji.random_endgame(rng, preset, revolt_probability=0.3)
        assert (st.revolt is None) or preset == "gouji"
        if tokens and tokens != preset:
            st = gouji.parse(gouji.format(st).replace("gouji ", f"gouji {tokens} ", 1))
        states = gouji.random_playout(rng, st)
        _check_playout(states)
        burns += sum("burning=" in gouji.format(s) for s in states)
        lc += len(states[0].out) >= 2
    assert burns and lc


def test_legal_is_exactly_what_apply_accepts() -> None:
    """Every set in the hand and every keyword: ``apply`` accepts it exactly when ``legal``
    lists it (the checks of a single action agree with the listing)."""
    for seed in range(40):
        rng = random.Random(seed)
        states = gouji.random_playout(rng, gouji.random_endgame(rng, "gouji", 0.3))
        for st in states[:-1:3]:
            acts = set(gouji.legal(st))
            hand = st.hands[gouji.SEATS.index(gouji.to_act(st) or "A")]
            tries = {format_cards(Cards(s)) for s in sets_in(hand.counts)} | set(KEYWORDS)
            for a in tries:
                try:
                    gouji.apply(st, a)
                    ok = True
                except ValueError:
                    ok = False
                assert ok == (a in acts), (gouji.format(st), a)


def test_random_playouts_are_deterministic() -> None:
    def run(seed: int) -> list[str]:
        rng = random.Random(seed)
        st = gouji.random_deal(rng, "gouji", revolt_probability=0.5)
        return [gouji.format(s) for s in gouji.random_playout(rng, st)]

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_legal_actions_apply_and_others_do_not() -> None:
    rng = random.Random(3)
    st = gouji.random_deal(rng, "gouji")
    states = gouji.random_playout(rng, st)
    for st in states[::40]:
        acts = gouji.legal(st)
        for a in acts:
            after = gouji.apply(st, a)
            assert gouji.parse(gouji.format(after)) == after
        for a in ("pass", "yield", "fold", "noburn", "3", "BJ*5", "4*2"):
            if a not in acts:
                with pytest.raises(ValueError):
                    gouji.apply(st, a)


def test_revolution_ghost_counts_three_plays() -> None:
    b = "A*4,K*4,Q*4,J*4,T*4,9*4,8*4,7*4,6*4"
    st = position(f"gouji A=5 B={b} C=3 D=4 E=K*2,Q*2,A*2,3 F=6 revolt=B round=E:")
    st = gouji.apply(st, "K*2")  # restricted: E has the ghost head of the revolutionary B
    assert gouji.to_act(st) == "A"  # the window: A (E+2) …
    st = play(st, "A:noburn", "C:noburn", "F:noburn", "D:noburn")
    assert "used=E:1" in gouji.format(st)
    renounced = position(f"gouji A=5 B={b} C=3 D=4 E=K*2,Q*2,A*2,3 F=6 revolt=B "
                         "used=E:renounced round=E:")
    after = gouji.apply(renounced, "K*2")
    assert gouji.to_act(after) == "F"  # headless: not restricted, F answers in turn
    three = position(f"gouji A=5 B={b} C=3 D=4 E=K*2,Q*2,A*2,3 F=6 revolt=B used=E:3 "
                     "round=E:")
    assert gouji.to_act(gouji.apply(three, "K*2")) == "F"


# ---- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("gouji A=9*17 B=- C=- D=- E=- F=-", "A: holds 17 cards of rank 9 (a rank exists 16 times)"),
    ("gouji A=BJ*5 B=- C=- D=- E=- F=-", "A: holds 5 cards of rank BJ"),
    ("chess A=3", "preset: unknown 'chess'"),
    ("gouji A=3 B=3 C=3 D=3 E=3", "F: missing"),
    ("gouji A=3 B=3 C=3 D=3 E=3 F=3 round=A: colour=red", "colour: unknown key"),
    ("gouji A=3,X B=3 C=3 D=3 E=3 F=3 round=A:", "A: bad card 'X'"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3", "round: missing"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:9*2/B:J*3",
     "round: B plays J*3 on 9*2: a set must have as many cards as the set it answers"),
    ("gouji A=?3 B=?3 C=?3 D=- E=?3 F=?3 out=D round=B:8*3/C:pass/E:J*2",
     "round: E plays J*2 on 8*3: a set must have as many cards as the set it answers"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:9,T", "round: A leads T,9: not a set"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:9*2/C:J*2", "round: C plays J*2 on 9*2"),
    ("gouji burn_failure=penalty A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:", "burn_failure: penalty"),
    ("gouji-basic A=?36 B=?3 C=?3 D=?3 E=?3 F=?3 revolt=A round=B:", "revolt: A, but the option"),
    ("gouji A=3 B=3 C=3 D=3 E=3 F=3 round=A:", "cards: the hands, round and gone hold 6 cards"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 out=A round=B:", "A: in out but holds cards"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 burning=C round=B:", "burning: C is not the round's"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 "
     "round=A:8*3/B:pass/C:pass/D:9*3/E:pass/F:pass/A:Q*3/C:K*3",
     "round: C plays K*3 on Q*3 owned by A: only D may answer, and C cannot burn (he passed)"),
    # after a yield (yield_on_gouji) F is asked later, as a burner: not "the window is over"
    ("gouji with=yield_on_gouji A=?1 B=?4 C=?4 D=?4 E=?4 F=?1 "
     "round=A:Q*3/C:noburn/E:noburn/B:noburn/F:noburn/D:yield/F:K*3",
     "round: F plays K*3 on Q*3 owned by A: E is to act"),
    ("gouji kaidian=on A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:", "kaidian: not supported"),
    ("gouji A=?3 B=?3 C=?3 D=?3 E=?3 F=?3 round=A:8/B:pass/C:pass/D:fold/E:pass/F:pass",
     "round: the round is over after F:pass: write the next round \\(round=A:\\)"),
])
def test_bad_positions_name_the_field(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message if "\\" in message else _escape(message)):
        gouji.parse(text)


def _escape(text: str) -> str:
    import re

    return re.escape(text)


def test_bad_actions() -> None:
    st = position("gouji A=Q*3,5 B=4*3,6 C=3*3,6 D=K*3,7 E=4*2,8 F=3,9 round=A:")
    with pytest.raises(ValueError, match="action: A may not pass here"):
        gouji.apply(st, "pass")
    with pytest.raises(ValueError, match="does not hold"):
        gouji.apply(st, "K*3")
    with pytest.raises(ValueError, match="action: bad card"):
        gouji.apply(st, "Q*3,Z")
    with pytest.raises(ValueError, match="B is to act|A is to act"):
        gouji.apply(st, "B:4*3")
    end = position("gouji A=- B=- C=- D=- E=- F=3*2 out=A,D,C,B,E")
    with pytest.raises(ValueError, match="the hand is over"):
        gouji.apply(end, "pass")
    with pytest.raises(ValueError, match="result: the hand is not over"):
        gouji.result(st)


def test_options_print_canonically() -> None:
    st = position("gouji with=yield_on_gouji,tribute without=tiaopai luanchan_pass=hard "
                  "burn_priority=order A=5 B=4 C=3 D=6 E=7 F=8 round=A:")
    text = gouji.format(st)
    assert text.startswith("gouji with=tribute,yield_on_gouji without=tiaopai "
                           "burn_priority=order luanchan_pass=hard A=5 ")
    assert gouji.parse(text) == st
    assert replace(st, options=gouji.PRESETS["gouji"]) != st
