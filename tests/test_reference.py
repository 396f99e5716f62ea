"""Unit tests of duidiao.reference on small hand-written cases, one rules section each."""

from __future__ import annotations

import random

import pytest

from duidiao.reference import (
    Context,
    RefRules,
    as_tractor,
    climb,
    count_legal_follows,
    count_legal_leads,
    decompose,
    hand_result,
    is_legal_follow,
    is_legal_lead,
    is_throw,
    lead_format,
    legal_follows,
    legal_leads,
    random_playout,
    resolve_lead,
    trick_points,
    trick_winner,
)
from duidiao.reference.plays import _partition_primary


def C(level="5", trump="H", preset="chifeng"):
    return Context(RefRules.preset(preset), level, trump)


def T(*cards):
    return tuple(sorted(cards))


# -- §9 presets ------------------------------------------------------------------------------
def test_s9_presets():
    a, b, c = (RefRules.preset(n) for n in ("chifeng", "chifeng-classic", "chifeng-10"))
    assert (a.k_dig, b.k_dig, c.k_dig) == ("swap", "ten", "ten")
    assert (a.level_card_grab, b.level_card_grab, c.level_card_grab) == (False, True, True)
    assert a.must_play_levels == b.must_play_levels == ("J", "Q", "K")
    assert c.must_play_levels == ("T", "J", "Q", "K")
    for r in (a, b, c):
        assert r.ace_low_tractor and not r.must_follow_format and not r.level_tractor_bridge
        assert not r.throws_in_trumps and r.throw_penalty == 0 and r.kitty_points == "never"
    with pytest.raises(ValueError):
        RefRules.preset("nonesuch")


# -- §3 effective suit and power ---------------------------------------------------------------
def test_s3_effective_suit():
    ctx = C("5", "H")
    assert [ctx.effective_suit(c) for c in ("5S", "5H", "BJ", "SJ", "3H", "AS", "KD", "2C")] == [
        "T",
        "T",
        "T",
        "T",
        "T",
        "S",
        "D",
        "C",
    ]


def test_s3_1_order_of_power():
    ctx = C("5", "H")
    order = ["BJ", "SJ", "5H", "5S", "AH", "KH", "6H", "4H", "2H"]
    powers = [ctx.power(c) for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert ctx.power("5S") == ctx.power("5C") == ctx.power("5D")
    assert ctx.power("AS") > ctx.power("KS") > ctx.power("6S") > ctx.power("4S")
    assert ctx.power("2H") > ctx.power("AS")  # any trump beats any side card


# -- §4 combinations ---------------------------------------------------------------------------
def test_s4_pairs_need_identical_faces():
    ctx = C("5", "H")
    assert not is_throw(ctx, ["AS", "AS"])
    assert is_throw(ctx, ["AS", "KS"])
    assert decompose(ctx, ["5S", "5C"])[0].pairs == 0  # two off-suit level cards: no pair
    assert len(decompose(ctx, ["BJ", "BJ"])) == 1


def test_s4_level_rank_removed():
    ctx = C("5", "H")
    assert as_tractor(ctx, ["6S", "6S", "4S", "4S"]) == ("4S", "6S")
    assert as_tractor(ctx, ["6S", "6S", "7S", "7S", "8S", "8S"]) == ("6S", "7S", "8S")
    assert as_tractor(ctx, ["6S", "6S", "8S", "8S"]) is None
    assert as_tractor(ctx, ["6S", "6S", "7D", "7D"]) is None


def test_s4_ace_low_tractor():
    ctx = C("5", "H")
    assert as_tractor(ctx, ["AS", "AS", "2S", "2S"]) == ("AS", "2S")  # top pair is 22
    assert as_tractor(ctx, ["AS", "AS", "KS", "KS"]) == ("KS", "AS")
    assert as_tractor(ctx, ["KS", "KS", "AS", "AS", "2S", "2S"]) is None  # one end only
    assert as_tractor(ctx, ["AS", "AS", "2S", "2S", "3S", "3S"]) == ("AS", "2S", "3S")
    off = Context(
        RefRules("x", False, False, False, False, 0, False, "swap", (), "never"), "5", "H"
    )
    assert as_tractor(off, ["AS", "AS", "2S", "2S"]) is None


def test_s4_ace_low_at_level_2_and_A():
    ctx = C("2", "H")
    assert as_tractor(ctx, ["AS", "AS", "3S", "3S"]) == ("AS", "3S")
    ctx = C("A", "H")  # no aces in the suits
    assert as_tractor(ctx, ["KS", "KS", "2S", "2S"]) is None
    assert as_tractor(ctx, ["KS", "KS", "QS", "QS"]) == ("QS", "KS")


def test_s4_trump_group_tractors():
    ctx = C("5", "H")
    assert as_tractor(ctx, ["SJ", "SJ", "BJ", "BJ"]) == ("SJ", "BJ")
    assert as_tractor(ctx, ["5H", "5H", "SJ", "SJ"]) == ("5H", "SJ")
    assert as_tractor(ctx, ["5H", "5H", "SJ", "SJ", "BJ", "BJ"]) == ("5H", "SJ", "BJ")
    assert as_tractor(ctx, ["AH", "AH", "2H", "2H"]) == ("AH", "2H")  # trump naturals
    assert as_tractor(ctx, ["6H", "6H", "4H", "4H"]) == ("4H", "6H")


def test_s4_decision_no_level_bridge():
    ctx = C("5", "H")
    assert as_tractor(ctx, ["AH", "AH", "5H", "5H"]) is None  # trump A is not next to 主级
    assert as_tractor(ctx, ["5S", "5S", "5H", "5H"]) is None  # 副级 never in a tractor
    assert as_tractor(ctx, ["5S", "5S", "5C", "5C"]) is None
    assert as_tractor(ctx, ["5S", "5S", "SJ", "SJ"]) is None


def test_s4_throw_format_longest_tractor_first():
    ctx = C("5", "H")
    assert lead_format(ctx, ["AS", "AS", "KS", "KS", "9S", "9S", "3S"]) == [
        "ASAS-KSKS",
        "9S9S",
        "3S",
    ]
    # AA-22-33 (3 pairs) is taken before KK-AA (2 pairs); KK is then a pair.
    assert lead_format(ctx, ["AS", "AS", "KS", "KS", "2S", "2S", "3S", "3S", "QS"]) == [
        "3S3S-2S2S-ASAS",
        "KSKS",
        "QS",
    ]


def test_s4_throw_format_highest_first_among_equal_length():
    ctx = C("5", "H")
    fmt = lead_format(ctx, ["KS", "KS", "QS", "QS", "7S", "7S", "6S", "6S", "2S"])
    assert fmt == ["KSKS-QSQS", "7S7S-6S6S", "2S"]
    # QQ-KK-AA-? : JJ QQ KK AA 99 -> 4-tractor then pair 99
    fmt = lead_format(ctx, ["JS", "JS", "QS", "QS", "KS", "KS", "AS", "AS", "9S", "9S"])
    assert fmt == ["ASAS-KSKS-QSQS-JSJS", "9S9S"]


# -- §5.1 leading ------------------------------------------------------------------------------
def test_s5_1_legal_leads():
    ctx = C("5", "H")
    hand = ["AS", "AS", "KS", "BJ", "BJ", "SJ", "SJ", "3H"]
    leads = legal_leads(ctx, hand)
    spades = {T("AS"), T("KS"), T("AS", "AS"), T("AS", "KS"), T("AS", "AS", "KS")}
    trumps = {T("BJ"), T("SJ"), T("3H"), T("BJ", "BJ"), T("SJ", "SJ"), T("SJ", "SJ", "BJ", "BJ")}
    assert leads == spades | trumps
    assert count_legal_leads(ctx, hand) == len(leads) == 11


def test_s4_trumps_cannot_be_thrown():
    ctx = C("5", "H")
    hand = ["BJ", "3H", "4H", "5S", "AS"]
    leads = legal_leads(ctx, hand)
    assert T("BJ", "3H") not in leads and T("3H", "4H") not in leads
    assert not is_legal_lead(ctx, hand, T("BJ", "3H"))
    assert is_legal_lead(ctx, hand, T("5S"))
    assert not is_legal_lead(ctx, hand, T("AS", "5S"))  # two effective suits


def test_s5_1_count_leads_large_suit():
    ctx = C("5", "H")
    hand = ["AS", "AS", "KS", "KS", "QS", "QS", "JS", "JS", "TS", "9S", "8S", "7S", "BJ"]
    assert count_legal_leads(ctx, hand) == len(legal_leads(ctx, hand)) == 3**4 * 2**4 - 1 + 1


# -- §5.2 throw validity -----------------------------------------------------------------------
def hands_of(s, e, n, w):
    return {0: s, 1: e, 2: n, 3: w}


def test_s5_2_qingshuai_valid():
    ctx = C("5", "H")
    hands = hands_of(["AS", "AS", "KS", "3D"], ["QS", "QS", "JS"], ["9S"], ["2C"])
    assert resolve_lead(ctx, 0, ["AS", "AS", "KS"], hands) == ["AS", "AS", "KS"]


def test_s5_2_failed_throw_forces_lowest_failing_component():
    ctx = C("5", "H")
    hands = hands_of(["KS", "KS", "9S", "3S"], ["AS", "AS"], ["2C"], ["2D"])
    assert sorted(resolve_lead(ctx, 0, ["KS", "KS", "9S", "3S"], hands)) == ["3S"]
    hands = hands_of(["AS", "QS", "3C"], ["2D"], ["KS"], ["2C"])  # the partner counts too
    assert resolve_lead(ctx, 0, ["AS", "QS"], hands) == ["QS"]


def test_s5_2_failed_tractor_component():
    ctx = C("5", "H")
    hands = hands_of(["JS", "JS", "TS", "TS", "AS"], ["KS", "KS", "QS", "QS"], ["AS"], ["2C"])
    got = resolve_lead(ctx, 0, ["JS", "JS", "TS", "TS", "AS"], hands)
    assert sorted(got) == ["JS", "JS", "TS", "TS"]


def test_s5_2_subtractor_of_longer_tractor_beats():
    ctx = C("5", "H")
    hands = hands_of(
        ["AS", "AS", "TS", "TS", "9S", "9S"], ["KS", "KS", "QS", "QS", "JS", "JS"], [], []
    )
    got = resolve_lead(ctx, 0, ["AS", "AS", "TS", "TS", "9S", "9S"], hands)
    assert sorted(got) == ["9S", "9S", "TS", "TS"]


def test_s5_2_single_of_a_pair_beats_a_single():
    ctx = C("5", "H")
    hands = hands_of(["AS", "QS"], ["KS", "KS"], [], [])
    assert resolve_lead(ctx, 0, ["AS", "QS"], hands) == ["QS"]
    hands = hands_of(["AS", "AS", "QS", "QS"], ["KS"], [], [])  # a single can't beat a pair
    assert resolve_lead(ctx, 0, ["AS", "AS", "QS", "QS"], hands) == ["AS", "AS", "QS", "QS"]


def test_s5_2_hunshuai():
    ctx = C("5", "H")
    # TS beats 9S, but nobody else holds A, K or Q of spades: 浑甩 stands.
    hands = hands_of(["AS", "AS", "KS", "KS", "QS", "9S", "8S"], ["TS", "JS"], ["QS"], [])
    assert resolve_lead(ctx, 0, ["9S", "8S"], hands) == ["8S"]
    hands = hands_of(["AS", "AS", "KS", "KS", "QS", "QS", "9S", "8S"], ["TS", "JS"], [], [])
    assert resolve_lead(ctx, 0, ["9S", "8S"], hands) == ["9S", "8S"]
    hands = hands_of(["AS", "AS", "KS", "QS", "QS", "9S", "8S"], ["TS"], ["KS"], [])
    assert resolve_lead(ctx, 0, ["9S", "8S"], hands) == ["8S"]


def test_s5_2_hunshuai_level_rank_in_top_three():
    ctx = C("K", "H")  # spades' top three ranks are A, Q, J
    hands = hands_of(["AS", "AS", "QS", "QS", "9S", "8S"], ["TS", "KS"], [], [])
    assert resolve_lead(ctx, 0, ["9S", "8S"], hands) == ["9S", "8S"]  # KS is a trump
    hands = hands_of(["AS", "AS", "QS", "QS", "9S", "8S"], ["TS", "JS"], [], [])
    assert resolve_lead(ctx, 0, ["9S", "8S"], hands) == ["8S"]


def test_s5_2_non_throws_unchanged():
    ctx = C("5", "H")
    hands = hands_of(["3S", "3S", "4S", "4S"], ["AS", "AS", "KS", "KS"], [], [])
    assert resolve_lead(ctx, 0, ["3S", "3S", "4S", "4S"], hands) == ["3S", "3S", "4S", "4S"]
    assert resolve_lead(ctx, 0, ["3S"], hands) == ["3S"]


# -- §5.3 following ----------------------------------------------------------------------------
def test_s5_3_follow_suit_no_format_obligation():
    ctx = C("5", "H")
    hand = ["AS", "AS", "KS", "BJ"]
    got = legal_follows(ctx, hand, T("QS", "QS"))
    assert got == {T("AS", "AS"), T("AS", "KS")}  # chifeng: the pair need not be played
    assert count_legal_follows(ctx, hand, T("QS", "QS")) == 2
    assert is_legal_follow(ctx, hand, T("QS", "QS"), T("AS", "KS"))
    assert not is_legal_follow(ctx, hand, T("QS", "QS"), T("AS", "BJ"))


def test_s5_3_short_in_suit_plays_all_then_fills():
    ctx = C("5", "H")
    hand = ["AS", "BJ", "3H", "4D", "4D"]
    got = legal_follows(ctx, hand, T("QS", "QS"))
    assert got == {T("AS", "BJ"), T("AS", "3H"), T("AS", "4D")}
    assert count_legal_follows(ctx, hand, T("QS", "QS", "JS")) == 4  # AS + 2 of BJ 3H 4D 4D


def test_s5_3_off_suit_level_card_is_not_its_printed_suit():
    ctx = C("5", "H")
    assert legal_follows(ctx, ["5S", "KD"], T("AS")) == {T("5S"), T("KD")}
    assert legal_follows(ctx, ["5S", "KD", "3H"], T("BJ")) == {T("5S"), T("3H")}


def test_s5_3_count_matches_enumeration():
    ctx = C("5", "H")
    rng = random.Random(3)
    deck = [r + s for s in "HDSC" for r in "23456789TJQKA"] * 2 + ["BJ", "SJ"] * 2
    for _ in range(200):
        rng.shuffle(deck)
        hand, lead = deck[:25], sorted(deck[25 : 25 + rng.randint(1, 6)])
        lead = [c for c in lead if ctx.effective_suit(c) == ctx.effective_suit(lead[0])]
        assert count_legal_follows(ctx, hand, lead) == len(legal_follows(ctx, hand, lead))
        assert count_legal_leads(ctx, hand) == len(legal_leads(ctx, hand))


# -- §5.4 who wins the trick -------------------------------------------------------------------
def test_s5_4_singles_and_equal_level_cards():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["QS"], ["AS"], ["KS"], ["3S"]]) == 1
    assert trick_winner(ctx, [["5S"], ["5C"], ["5D"], ["3H"]]) == 0  # first played wins
    assert trick_winner(ctx, [["5S"], ["5C"], ["5H"], ["BJ"]]) == 3
    assert trick_winner(ctx, [["QS"], ["AD"], ["2H"], ["5C"]]) == 3  # 副级 over trump 2


def test_s5_4_pairs_need_pairs():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["QS", "QS"], ["AS", "KS"], ["3S", "3S"], ["2D", "2C"]]) == 0
    assert trick_winner(ctx, [["QS", "QS"], ["AS", "KS"], ["AS", "AS"], ["2D", "2C"]]) == 2


def test_s5_4_tractors():
    ctx = C("5", "H")
    lead = ["9S", "9S", "8S", "8S"]
    assert (
        trick_winner(ctx, [lead, ["QS", "QS", "JS", "JS"], ["AS", "AS", "KS", "QS"], ["2D"] * 4])
        == 1
    )
    # AA-22's top pair is 22: it does not beat 33-44
    lead = ["3S", "3S", "4S", "4S"]
    assert (
        trick_winner(ctx, [lead, ["AS", "AS", "2S", "2S"], ["KS", "QS", "QS", "JS"], ["2D"] * 4])
        == 0
    )


def test_s5_4_throw_cannot_be_beaten_in_suit():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["KS", "QS"], ["AS", "AS"], ["AS", "3S"], ["2D", "3D"]]) == 0


def test_s5_4_trumping_needs_the_format():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["QS", "QS"], ["3H", "4H"], ["AS", "AS"], ["2D", "3D"]]) == 2
    assert trick_winner(ctx, [["QS", "QS"], ["3H", "3H"], ["AS", "AS"], ["2D", "3D"]]) == 1
    lead = ["9S", "9S", "8S", "8S"]
    assert trick_winner(ctx, [lead, ["3H", "3H", "4H", "4H"], ["2D"] * 4, ["2C"] * 4]) == 1
    assert trick_winner(ctx, [lead, ["3H", "3H", "6H", "6H"], ["2D"] * 4, ["2C"] * 4]) == 0
    assert trick_winner(ctx, [lead, ["3H", "3H", "4H", "6H"], ["2D"] * 4, ["2C"] * 4]) == 0
    # a mix of trumps and the led suit is a discard
    assert trick_winner(ctx, [["QS"], ["BJ"], ["AS"], ["2D"]]) == 1
    assert trick_winner(ctx, [["KS", "QS"], ["BJ", "2S"], ["2D", "3D"], ["2C", "3C"]]) == 0


def test_s5_4_trump_pair_stands_for_two_singles():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["KS", "QS"], ["SJ", "SJ"], ["2D", "3D"], ["2C", "3C"]]) == 1
    assert trick_winner(ctx, [["KS", "QS"], ["SJ", "SJ"], ["BJ", "3H"], ["2C", "3C"]]) == 2


def test_s5_4_overtrump_primary_component():
    ctx = C("5", "H")
    lead = ["AS", "AS", "KS"]  # format: pair + single; primary = the pair
    assert trick_winner(ctx, [lead, ["3H", "3H", "BJ"], ["4H", "4H", "6H"], ["2D"] * 3]) == 2
    assert trick_winner(ctx, [lead, ["4H", "4H", "6H"], ["3H", "3H", "BJ"], ["2D"] * 3]) == 1
    # equal power: the earlier stands
    assert trick_winner(ctx, [["AS"], ["5S"], ["5C"], ["2D"]]) == 1


def test_s5_4_overtrump_best_partition():
    ctx = C("5", "H")
    # 44-66-77 as a 2-tractor + a pair: best is 66-77 (top 7H)
    assert _partition_primary(ctx, T("4H", "4H", "6H", "6H", "7H", "7H"), (2, 1)) == ctx.power("7H")
    assert _partition_primary(ctx, T("4H", "4H", "6H", "6H", "9H", "9H"), (2, 1)) == ctx.power("6H")
    assert _partition_primary(ctx, T("4H", "4H", "7H", "7H", "9H", "9H"), (2, 1)) is None
    # a tractor may stand for two pairs
    assert _partition_primary(ctx, T("SJ", "SJ", "BJ", "BJ"), (1, 1)) == ctx.power("BJ")
    lead = ["AS", "AS", "KS", "KS", "9S", "9S"]  # 2-tractor + pair
    assert (
        trick_winner(
            ctx,
            [
                lead,
                ["2H", "2H", "3H", "3H", "8H", "8H"],
                ["4H", "4H", "6H", "6H", "7H", "7H"],
                ["2D"] * 6,
            ],
        )
        == 2
    )


def test_s5_4_trump_lead():
    ctx = C("5", "H")
    assert trick_winner(ctx, [["SJ", "SJ"], ["BJ", "BJ"], ["AS", "AS"], ["5S", "5S"]]) == 1
    assert trick_winner(ctx, [["5S", "5S"], ["5C", "5C"], ["AH", "AH"], ["5H", "3H"]]) == 0


def test_s5_4_trick_points():
    assert trick_points([["5S"], ["TS"], ["KS"], ["QS"]]) == 25
    assert trick_points([["5S", "5S"], ["BJ", "SJ"], ["2D", "KD"], ["AH", "TH"]]) == 30


# -- §7 results --------------------------------------------------------------------------------
def R(
    level,
    points,
    last_winner,
    last_play,
    kitty=(),
    dry=False,
    declarer=0,
    levels=None,
    preset="chifeng",
):
    ctx = C(level, "H", preset)
    ns, ew = levels or (level, "3")
    return hand_result(
        ctx, declarer, ns, ew, points, last_winner, list(last_play), list(kitty), dry
    )


def test_s7_point_rows():
    r = R("5", 0, 0, ["AS"])
    assert (r.outcome, r.declarers_stay, r.level_ns, r.level_ew) == ("guangpai", True, "8", "3")
    assert (r.score_ns, r.score_ew, r.next_declarer, r.dig) == (6, 0, 2, "none")
    r = R("5", 75, 0, ["AS"])
    assert (r.outcome, r.level_ns, r.score_ns) == ("dacheng", "6", 2)
    r = R("5", 80, 0, ["AS"])
    assert (r.outcome, r.declarers_stay, r.level_ns, r.level_ew) == ("dapo", False, "5", "3")
    assert (r.score_ns, r.score_ew, r.next_declarer) == (-2, 2, 1)
    r = R("7", 140, 0, ["AS"])
    assert (r.outcome, r.level_ns, r.score_ns, r.score_ew) == ("gulupo", "A", -14, 2)


def test_s7_1_must_play_levels():
    ctx = C("5", "H")
    assert climb(ctx, "9", 3) == "J"
    assert climb(ctx, "J", 3) == "Q"  # starting on a must-play level does not stop
    assert climb(ctx, "Q", 3) == "K"
    assert climb(ctx, "K", 3) == "K"
    assert climb(ctx, "2", 4) == "6"
    assert climb(C("5", "H", "chifeng-10"), "9", 3) == "T"
    # from 9, 光牌 with a big joker in the kitty is one climb of 6 and stops at J
    r = R("9", 0, 0, ["AS"], kitty=["BJ", "2C"])
    assert (r.level_ns, r.kitty_jokers_climb, r.score_ns) == ("J", 3, 4)


def test_s6_4_xiaosa_jokers_go_to_the_hand_winner():
    r = R("5", 80, 0, ["AS"], kitty=["SJ", "BJ", "2C"], levels=("5", "3"))
    assert (r.level_ew, r.kitty_jokers_climb, r.score_ew) == ("8", 5, 12)  # 3 + 5
    r = R("5", 80, 0, ["AS"], kitty=["SJ", "BJ", "2C"], dry=True)
    assert (r.level_ew, r.kitty_jokers_climb) == ("3", 0)
    r = R("5", 10, 0, ["AS"], kitty=["SJ", "SJ"])
    assert (r.level_ns, r.kitty_jokers_climb) == ("T", 4)


def test_s7_joker_dig():
    r = R("5", 20, 1, ["BJ"])
    assert (r.dig, r.outcome, r.declarers_stay, r.level_ew, r.score_ew) == (
        "joker",
        "joker_dig",
        False,
        "6",
        8,
    )
    r = R("5", 20, 3, ["SJ", "SJ"])  # once, not per joker
    assert (r.level_ew, r.score_ns) == ("5", -2)
    r = R("5", 0, 1, ["SJ", "3H"], kitty=["BJ"])  # a dig overrides 光牌; jokers add
    assert (r.outcome, r.level_ew) == ("joker_dig", "8")
    r = R("5", 20, 2, ["BJ"])  # the declaring team's own joker: no dig
    assert r.outcome == "dacheng"


def test_s7_level_digs():
    r = R("J", 30, 1, ["JS"], levels=("J", "4"))
    assert (r.dig, r.outcome, r.level_ns, r.level_ew) == ("level", "j_daodi", "A", "4")
    assert (r.score_ns, r.score_ew, r.next_declarer) == (-22, 2, 1)
    r = R("Q", 0, 3, ["QS", "QS"], levels=("Q", "4"), kitty=["SJ"])
    assert (r.outcome, r.level_ns, r.level_ew) == ("q_banjie", "6", "6")
    r = R("K", 100, 1, ["KH"], levels=("K", "8"))
    assert (r.outcome, r.level_ns, r.level_ew, r.score_ns, r.score_ew) == (
        "k_fantian",
        "8",
        "K",
        -12,
        12,
    )
    r = R("K", 100, 1, ["KH"], levels=("K", "8"), preset="chifeng-classic")
    assert (r.outcome, r.level_ns, r.level_ew) == ("k_sanji", "T", "8")
    r = R("J", 30, 1, ["JS", "3H"], levels=("J", "4"))  # not all level cards
    assert r.outcome == "dacheng"
    r = R("9", 30, 1, ["9S"], levels=("9", "4"))  # not at J, Q, K
    assert r.outcome == "dacheng"


def test_s8_3_match_won_and_s8_4_next_declarer():
    r = R("K", 40, 0, ["AS"], levels=("K", "9"))
    assert (r.outcome, r.match_won, r.level_ns, r.score_ns, r.next_declarer) == (
        "dacheng",
        True,
        "K",
        0,
        2,
    )
    r = R("K", 40, 1, ["AS"], declarer=1, levels=("9", "K"))
    assert (r.match_won, r.next_declarer) == (True, 3)
    r = R("Q", 40, 0, ["AS"], levels=("Q", "9"))
    assert (r.match_won, r.level_ns) == (False, "K")


# -- playouts ----------------------------------------------------------------------------------
def test_random_playout_is_deterministic():
    for preset in ("chifeng", "chifeng-classic", "chifeng-10"):
        a = random_playout(random.Random(7), preset)
        assert a == random_playout(random.Random(7), preset) and a > 0


# -- brute-force cross-checks of the reference itself -------------------------------------------
def _deck():
    return [r + s for s in "HDSC" for r in "23456789TJQKA"] * 2 + ["BJ", "SJ"] * 2


def test_s5_3_follows_match_brute_force():
    """§5.3 by brute force over index combinations."""
    from itertools import combinations

    rng = random.Random(11)
    deck = _deck()
    for _ in range(150):
        ctx = C(rng.choice("A23456789TJQK"), rng.choice("HDSC"))
        rng.shuffle(deck)
        hand = deck[:10]
        lead_suit = ctx.effective_suit(deck[10])
        n = rng.randint(1, 4)
        lead = [deck[10]] * n  # only its effective suit and size matter here
        held = sum(ctx.effective_suit(c) == lead_suit for c in hand)
        brute = {
            T(*(hand[i] for i in idx))
            for idx in combinations(range(10), n)
            if sum(ctx.effective_suit(hand[i]) == lead_suit for i in idx) == min(held, n)
        }
        assert legal_follows(ctx, hand, lead) == brute


def test_s5_1_leads_match_brute_force():
    """§5.1 by brute force: side suits any subset, trumps only singles, pairs, tractors."""
    from itertools import combinations

    rng = random.Random(12)
    deck = _deck()
    for _ in range(60):
        ctx = C(rng.choice("A23456789TJQK"), rng.choice("HDSC"))
        rng.shuffle(deck)
        hand = deck[:12] + deck[:3]  # some pairs
        brute = set()
        for n in range(1, len(hand) + 1):
            for idx in combinations(range(len(hand)), n):
                play = T(*(hand[i] for i in idx))
                suits = {ctx.effective_suit(c) for c in play}
                if len(suits) != 1:
                    continue
                if suits == {"T"} and n > 1:
                    if not (n == 2 and play[0] == play[1]) and as_tractor(ctx, play) is None:
                        continue
                brute.add(play)
        assert legal_leads(ctx, hand) == brute
        assert count_legal_leads(ctx, hand) == len(brute)


def test_s5_4_partition_primary_matches_brute_force():
    """§5.4 overtrump value by brute force over every ordering of the cards into groups."""
    from itertools import permutations

    from duidiao.reference import single_component

    rng = random.Random(13)
    for _ in range(120):
        ctx = C(rng.choice("23456789TJQK"), rng.choice("HDSC"))
        trumps = [c for c in _deck() if ctx.is_trump(c)]
        faces = rng.sample(sorted(set(trumps)), rng.randint(2, 4))
        play = sorted(f for f in faces for _ in range(rng.choice((1, 2, 2))))
        fmt = []
        left = len(play)
        while left:
            k = rng.choice([k for k in (0, 1, 2, 3) if max(1, 2 * k) <= left])
            fmt.append(k)
            left -= max(1, 2 * k)
        fmt = tuple(sorted(fmt, reverse=True))
        sizes = [max(1, 2 * k) for k in fmt]
        best = None
        for perm in set(permutations(play)):
            groups, i = [], 0
            for size in sizes:
                groups.append(perm[i : i + size])
                i += size
            comps = [single_component(ctx, g) for g in groups]
            if any(c is None or c.pairs != k for c, k in zip(comps, fmt)):
                continue
            if fmt[0] >= 2:
                value = max(ctx.power(c.top) for c, k in zip(comps, fmt) if k == fmt[0])
            elif fmt[0] == 1:
                value = max(ctx.power(c.top) for c, k in zip(comps, fmt) if k == 1)
            else:
                value = max(ctx.power(c) for c in play)
            best = value if best is None else max(best, value)
        assert _partition_primary(ctx, tuple(play), fmt) == best, (ctx, play, fmt)
