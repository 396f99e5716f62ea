"""The 保皇 reference (duidiao.reference.climbing.baohuang): the golden examples H1–H20 of rules
§13.10, the example position of rules §13.9, random playouts, and refusals of bad input."""

from __future__ import annotations

import random
import re

import pytest

from duidiao.reference.climbing import baohuang as bh
from duidiao.reference.climbing.sets import (
    CALLED,
    EMPTY,
    Cards,
    add,
    beats,
    call_value,
    format_cards,
    is_set,
    parse_cards,
    sets_in,
)


def full(call: str | None) -> Cards:
    counts = [16] * 13 + [4, 4, 0]
    cv = call_value(call)
    if cv is not None:
        counts[cv - 1] -= 4
        counts[CALLED] = 4
    return Cards(tuple(counts))


def complete(text: str) -> str:
    """``text`` with ``gone=`` holding every card not in the hands or the round."""
    fields = dict(tok.split("=", 1) for tok in text.split()[1:])
    call = fields.get("call")
    held = EMPTY
    for key, value in fields.items():
        if key in bh.SEATS:
            held = add(held, parse_cards(value, key, call))
        elif key == "round":
            for part in value.split("/"):
                act = part[2:]
                if act and act not in ("pass", "yield"):
                    held = add(held, parse_cards(act, key, call))
    gone = Cards(tuple(f - h for f, h in zip(full(call).counts, held.counts)))
    return f"{text} gone={format_cards(gone, call)}"


def position(text: str) -> bh.State:
    return bh.parse(complete(text))


def play(st: bh.State, *actions: str) -> bh.State:
    for action in actions:
        seat, act = action.split(":", 1)
        assert bh.to_act(st) == seat, (action, bh.format(st))
        st = bh.apply(st, act)
    return st


def round_of(st: bh.State) -> str:
    return next(t for t in bh.format(st).split() if t.startswith("round="))


HEAD = "baohuang emperor=A call=9C mode=dark guard=C"


# ---- H1–H4: sets and beating (rules §13.4) ---------------------------------------------------


def test_h1_which_plays_are_sets() -> None:
    for text in ("BJ,SJ,8,8", "SJ", "BJ,SJ", "2,2", "A*3"):
        assert is_set(text, twos_attach=False), text
    assert not is_set("2,8,8", twos_attach=False)
    assert is_set("2,8,8", twos_attach=True)  # the option twos_attach
    st = position(f"{HEAD} A=9C*3,2,8*2,5 B=4 C=9C,6 D=7 E=3 round=A:")
    assert "2,8*2" not in bh.legal(st)
    with pytest.raises(ValueError, match="not a set"):
        bh.apply(st, "2,8*2")


def test_h2_beating_small_joker_sets() -> None:
    old = "SJ*2,9*3"
    assert beats("BJ*2,J*3", old, twos_attach=False)
    assert beats("BJ*3,J*2", old, twos_attach=False)
    assert not beats("BJ,SJ,J*3", old, twos_attach=False)


def test_h3_the_number_of_cards_must_match() -> None:
    assert not beats("K*3", "Q*2", twos_attach=False)
    st = position(f"{HEAD} A=9C*3,Q*2,5 B=K*3,4 C=9C,6 D=7 E=3 round=A:")
    st = bh.apply(st, "Q*2")
    assert bh.legal(st) == ["K*2", "pass", "yield"]  # two of his kings, not three
    with pytest.raises(ValueError, match="as many cards"):
        bh.apply(st, "K*3")


def test_h4_a_big_joker_set_is_unbeatable() -> None:
    st = position(f"{HEAD} A=9C*3,BJ,6,5 B=BJ*2,4 C=9C,6 D=7 E=3 round=A:")
    st = bh.apply(st, "BJ,6")
    assert round_of(st) == "round=A:"


# ---- H5–H10: the emperor and the guard (rules §13.3) -----------------------------------------


def _hands(**extra: list[str]) -> dict[str, list[str]]:
    base = {s: ["5H", "6D", "7S"] for s in bh.SEATS}
    for seat, cards in extra.items():
        base[seat] = base[seat] + cards
    return base


def test_h5_calling_makes_the_fourth_copy_the_guard() -> None:
    hands = _hands(A=["BJ", "9C", "9C", "9C"], C=["9C"])
    got = bh.choose_emperor(hands, "A", calls={"A": "9C"})
    assert got is not None
    assert (got.emperor, got.call, got.guard, got.how) == ("A", "9C", "C", "call")
    assert bh.declare(got, False) == "dark" and bh.declare(got, True) == "open"
    st = bh.start("baohuang", got, "dark")
    assert "emperor=A call=9C mode=dark guard=C" in bh.format(st)
    assert "A=BJ,9C*3,7,6,5" in bh.format(st)


def test_h6_four_copies_make_a_solo_emperor() -> None:
    hands = _hands(A=["BJ", "9C", "9C", "9C", "9C"])
    got = bh.choose_emperor(hands, "A", calls={"A": "9C"})
    assert got is not None and got.guard == "A"
    assert bh.declare(got, False) == "dark" and bh.declare(got, True) == "solo-open"


def test_h7_the_marked_joker_goes_clockwise() -> None:
    assert bh.calling_order("A") == list("AEDCB")
    hands = _hands(A=["BJ"], B=["KH", "KH", "KH"], E=["QS", "QS", "QS"], D=["KH"])
    got = bh.choose_emperor(hands, "A", calls={"B": "KH"})  # E, D, C decline
    assert got is not None and (got.emperor, got.guard) == ("B", "D")
    assert "BJ" in got.hands["B"] and "BJ" not in got.hands["A"]
    with pytest.raises(ValueError, match="calls: C holds 0 KH"):
        bh.choose_emperor(hands, "A", calls={"C": "KH"})


def test_h8_a_forced_call_after_five_refusals() -> None:
    hands = _hands(A=["BJ", "5C", "5C", "5C", "5C"], E=["KH", "KH", "KH"], B=["KH"],
                   C=["QS", "QS", "QS"])
    got = bh.choose_emperor(hands, "A")
    assert got is not None
    assert (got.emperor, got.call, got.guard, got.how) == ("E", "KH", "B", "forced")
    assert "BJ" in got.hands["E"]


def test_h9_nobody_forced_means_a_redeal() -> None:
    hands = _hands(A=["BJ", "5C", "5C", "5C", "5C"], E=["KH", "KH"])
    assert bh.choose_emperor(hands, "A") is None


def test_h10_grabbing_the_marked_joker() -> None:
    hands = _hands(A=["BJ"])
    got = bh.choose_emperor(hands, "A", grabs=["C", "B"])  # asked A, E, D, C: C first
    assert got is not None and (got.emperor, got.call, got.guard, got.how) == (
        "C", None, None, "grab")
    assert bh.declare(got, False) == "grab"
    assert "BJ" in got.hands["C"]
    st = bh.start("baohuang", got, "grab")
    assert bh.format(st).startswith("baohuang emperor=C mode=grab A=")
    with pytest.raises(ValueError, match="grab"):
        bh.choose_emperor(hands, "A", grabs=["C"], grab=False)


# ---- H11–H14: play (rules §13.5) ------------------------------------------------------------


def test_h11_the_emperor_leads() -> None:
    for seed in range(5):
        st = bh.random_deal(random.Random(seed), "baohuang")
        assert bh.to_act(st) == st.emperor
        assert round_of(st) == f"round={st.emperor}:"
        assert sum(h.size for h in st.hands) == 216  # 44 and 43 each, then the marked BJ
        assert bh.parse(bh.format(st)) == st


def test_h12_yielders_get_a_second_circle() -> None:
    st = position(f"{HEAD} A=9C*3,7*2,3 B=8*2,4 C=9C,T*2,5 D=J*2,4 E=Q*2,5 round=A:")
    st = play(st, "A:7*2", "B:yield", "C:pass", "D:pass", "E:yield")
    assert bh.to_act(st) == "B" and bh.legal(st) == ["8*2", "pass"]
    st = bh.apply(st, "pass")
    assert bh.to_act(st) == "E" and bh.legal(st) == ["Q*2", "pass"]
    st = bh.apply(st, "pass")
    assert round_of(st) == "round=A:"  # C and D were not asked again


def test_h12_a_beat_starts_both_circles_afresh() -> None:
    st = position(f"{HEAD} A=9C*3,7*2,3 B=8*2,4 C=9C,T*2,5 D=J*2,4 E=Q*2,5 round=A:")
    st = play(st, "A:7*2", "B:yield", "C:T*2", "D:pass", "E:pass", "A:pass")
    assert bh.to_act(st) == "B" and bh.legal(st) == ["pass", "yield"]  # soft pass


def test_h13_a_set_nobody_beats_is_folded() -> None:
    st = position(f"{HEAD} A=9C*3,5,3 B=8*2,4 C=9C,6 D=7 E=3 round=A:")
    st = play(st, "A:5", "B:pass", "C:pass", "D:pass", "E:pass")
    assert round_of(st) == "round=A:"


def test_h14_the_next_seat_takes_the_wind() -> None:
    st = position("baohuang emperor=A call=9C mode=dark guard=B A=9C*3,5 B=9C,8*2 C=K*2 "
                  "D=7 E=3 round=C:")
    st = play(st, "C:K*2", "D:pass", "E:pass", "A:pass", "B:pass")
    assert round_of(st) == "round=D:" and "out=C" in bh.format(st)


# ---- H15–H19: scores (rules §13.7) ----------------------------------------------------------


def test_h15_normal_scores() -> None:
    assert bh.scores(["A", "B", "D", "C"], "A", "C", "dark") == {
        "A": 2, "C": 1, "B": -1, "D": -1, "E": -1}
    st = position(f"{HEAD} A=- B=- C=- D=- E=4,3 out=A,B,D,C")
    # all but E out: E is 大落 (rules §13.6)
    assert bh.result(st) == (list("ABDCE"), {"A": 2, "B": -1, "C": 1, "D": -1, "E": -1})


def test_h16_open_guard_doubles() -> None:
    assert bh.scores(["A", "B", "D", "C"], "A", "C", "open") == {
        "A": 4, "C": 2, "B": -2, "D": -2, "E": -2}


def test_h17_solo_scores() -> None:
    assert bh.scores(["B", "A"], "A", "A", "dark") == {
        "A": 4, "B": -1, "C": -1, "D": -1, "E": -1}
    assert bh.scores(["B", "A"], "A", "A", "solo-open") == {
        "A": 8, "B": -2, "C": -2, "D": -2, "E": -2}
    st = position("baohuang emperor=A call=9C mode=solo-open guard=A A=9C*2,5 B=- C=4 D=6 "
                  "E=7 out=B round=A:")
    st = play(st, "A:5", "C:pass", "D:pass", "E:pass", "A:9C*2")
    assert bh.to_act(st) is None  # 独保: the hand stops when the emperor's place is fixed
    assert bh.result(st) == (["B", "A"], {"A": 8, "B": -2, "C": -2, "D": -2, "E": -2})


def test_h18_grab_scores() -> None:
    assert bh.scores(["B", "C", "A"], "A", None, "grab") == {
        "A": -40, "B": 10, "C": 10, "D": 10, "E": 10}
    assert bh.scores(["A"], "A", None, "grab") == {"A": 40, "B": -10, "C": -10, "D": -10,
                                                   "E": -10}


def test_h19_emperor_first_guard_second() -> None:
    st = position(f"{HEAD} A=- B=5 C=6 D=7 E=8 out=A round=C:")
    st = bh.apply(st, "6")
    assert bh.to_act(st) is None  # both of the emperor's side out: early end
    assert bh.result(st) == (["A", "C"], {"A": 6, "B": -3, "C": 3, "D": -3, "E": -3})


def test_h20_playing_the_called_face_reveals_the_guard() -> None:
    text = ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,5 B=4,3 C=6,3 D=9C,3,8 E=7,3 "
            "round=B:")
    st = position(text)
    assert bh.revealed(st) is None
    st = play(st, "B:4", "C:pass", "D:9C")
    assert " guard=D " in bh.format(st) and bh.revealed(st) == "D"
    known = position(text.replace("guard=?", "guard=D"))
    assert bh.revealed(known) is None
    after = play(known, "B:4", "C:pass", "D:9C")
    assert bh.revealed(after) == "D" and " guard=D " in bh.format(after)
    with pytest.raises(ValueError, match="D: holds the called face 9C, but the guard is C"):
        position(text.replace("guard=?", "guard=C"))


# ---- the example position of rules §13.9 ---------------------------------------------------

EXAMPLE = ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,?20 "
           "B=BJ,SJ,A*3,Q*2,T*4,7*3,4*2,3*3 C=?15 D=- E=?21 out=D "
           "round=E:Q*2/A:yield/B:pass/C:K*2")


def test_example_position_of_the_rules() -> None:
    st = bh.parse(EXAMPLE)
    assert bh.format(st) == EXAMPLE
    assert bh.to_act(st) == "E"
    known = bh.parse(EXAMPLE.replace("E=?21", "E=BJ,A*2,K*2,5"))
    assert sorted(bh.legal(known)) == ["A*2", "BJ,A", "pass", "yield"]
    after = bh.apply(known, "pass")
    assert bh.to_act(after) == "A" and after.guard is None


# ---- random playouts ------------------------------------------------------------------------


def _check_playout(states: list[bh.State]) -> None:
    for k, st in enumerate(states[:-1]):
        assert bh.to_act(st) is not None
        if k % 25 == 0:
            assert bh.legal(st)
            assert bh.count_cards(st) == 216
            assert bh.parse(bh.format(st)) == st
    end = states[-1]
    assert bh.to_act(end) is None and bh.legal(end) == []
    assert bh.count_cards(end) == 216
    assert bh.parse(bh.format(end)) == end
    places, score = bh.result(end)
    left = [s for s in bh.SEATS if s not in end.out]
    assert places == list(end.out) + (left if len(left) == 1 else []) and len(places) >= 1
    assert set(score) == set(bh.SEATS) and sum(score.values()) == 0
    if end.mode != "grab":
        assert score[end.emperor] * score[next(s for s in bh.SEATS if s not in (
            end.emperor, end.guard))] <= 0


@pytest.mark.parametrize("preset", ["baohuang", "baohuang-basic"])
def test_random_playouts_conserve_cards_end_and_score(preset: str) -> None:
    modes = set()
    for seed in range(50):
        rng = random.Random(seed)
        st = bh.random_deal(rng, preset)
        modes.add(st.mode)
        _check_playout(bh.random_playout(rng, st))
    assert {"dark", "open"} <= modes
    assert ("grab" in modes) == (preset == "baohuang")


@pytest.mark.parametrize("tokens", ["with=twos_attach", "without=early_end", "without=yield"])
def test_random_playouts_with_options(tokens: str) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        st = bh.random_deal(rng, "baohuang")
        st = bh.parse(bh.format(st).replace("baohuang ", f"baohuang {tokens} ", 1))
        assert tokens in bh.format(st)
        states = bh.random_playout(rng, st)
        _check_playout(states)
        if tokens == "without=early_end":
            assert len(states[-1].out) == 4
        if tokens == "without=yield":
            assert all("yield" not in bh.legal(s) for s in states[:-1:20])


def test_legal_is_exactly_what_apply_accepts() -> None:
    """Every set in the hand and every keyword: ``apply`` accepts it exactly when ``legal``
    lists it."""
    for seed in range(12):
        rng = random.Random(seed)
        st = bh.random_deal(rng, "baohuang-basic")
        if seed % 3 == 0:
            st = bh.parse(bh.format(st).replace("baohuang-basic ", "baohuang-basic "
                                                "with=twos_attach ", 1))
        states = bh.random_playout(rng, st)
        for st in states[-60:-1:4]:
            acts = set(bh.legal(st))
            hand = st.hands[bh.SEATS.index(bh.to_act(st) or "A")]
            tw = st.options.twos_attach
            cv = call_value(st.call)
            tries = {format_cards(Cards(s), st.call) for s in sets_in(hand.counts, cv, None, tw)}
            tries |= {"pass", "yield", "2,8*2"}
            for a in tries:
                try:
                    bh.apply(st, a)
                    ok = True
                except ValueError:
                    ok = False
                assert ok == (a in acts), (bh.format(st), a)


def test_random_playouts_are_deterministic() -> None:
    def run(seed: int) -> list[str]:
        rng = random.Random(seed)
        return [bh.format(s) for s in bh.random_playout(rng, bh.random_deal(rng))]

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_legal_actions_apply_and_others_do_not() -> None:
    rng = random.Random(4)
    states = bh.random_playout(rng, bh.random_deal(rng))
    for st in states[::40]:
        acts = bh.legal(st)
        for a in acts:
            after = bh.apply(st, a)
            assert bh.parse(bh.format(after)) == after
        for a in ("pass", "yield", "fold", "3", "BJ*5", "4*2"):
            if a not in acts:
                with pytest.raises(ValueError):
                    bh.apply(st, a)


# ---- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("baohuang call=9C mode=dark guard=? A=- B=- C=- D=- E=-", "emperor: missing"),
    ("baohuang emperor=F call=9C mode=dark guard=? A=- B=- C=- D=- E=-",
     "emperor: 'F' is not a seat"),
    ("baohuang emperor=A call=9C mode=bright guard=? A=- B=- C=- D=- E=-", "mode: 'bright'"),
    ("baohuang-basic emperor=A mode=grab A=- B=- C=- D=- E=-",
     "mode: grab, but the option grab is off"),
    ("baohuang emperor=A mode=dark guard=? A=- B=- C=- D=- E=-", "call: missing"),
    ("baohuang emperor=A call=9X mode=dark guard=? A=- B=- C=- D=- E=-",
     "call: '9X' is not a face"),
    ("baohuang emperor=A call=9C mode=open guard=? A=- B=- C=- D=- E=-", "guard: ?: after 明保"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=9C*5 B=- C=- D=- E=-",
     "A: holds 5 9C (a face exists 4 times)"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 round=A: x=1",
     "x: unknown key"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 "
     "round=A:7*2/B:fold", "round: 'fold' is not a 保皇 action"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 "
     "round=A:Q*2/B:K*3", "round: B plays K*3 on Q*2: a set must have as many cards"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 round=A:2,8*2",
     "round: A leads 2,8*2: not a set"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 "
     "round=A:Q*2/C:K*2", "round: C plays K*2 on Q*2: B is to act"),
    ("baohuang emperor=A call=9C mode=dark guard=? A=?9 B=?9 C=?9 D=?9 E=?9 deck=168 round=A:",
     "deck: '168' is not supported"),
])
def test_bad_positions_name_the_field(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        bh.parse(text)


def test_bad_actions() -> None:
    st = position(f"{HEAD} A=9C*3,7*2,3 B=8*2,6*2 C=9C,T*2,5 D=J*2,4 E=Q*2,5 round=A:")
    with pytest.raises(ValueError, match="action: A may not yield here"):
        bh.apply(st, "yield")
    with pytest.raises(ValueError, match="does not hold"):
        bh.apply(st, "K")
    st = bh.apply(st, "7*2")
    with pytest.raises(ValueError, match="it does not beat 7\\*2"):
        bh.apply(st, "6*2")
    with pytest.raises(ValueError, match="'fold' is not a 保皇 action"):
        bh.apply(st, "fold")
    with pytest.raises(ValueError, match="result: the hand is not over"):
        bh.result(st)
