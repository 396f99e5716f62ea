"""Unit tests of duidiao.reference under the standard game's presets ``tractor`` and
``shanghai`` (docs/rules.md §10), one rules paragraph each, and random-hand consistency checks
of the reference's own listings, counts and legality tests."""

from __future__ import annotations

import random
import time
from collections import Counter
from itertools import combinations
from math import comb

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
    throw_status,
    trick_winner,
)
from duidiao.reference.plays import sub_multisets

STANDARD = ("tractor", "shanghai")


def C(level="5", trump="H", preset="tractor"):
    return Context(RefRules.preset(preset), level, trump)


def T(*cards):
    return tuple(sorted(cards))


def hands_of(s, e=(), n=(), w=()):
    return {0: list(s), 1: list(e), 2: list(n), 3: list(w)}


def deck():
    return [r + s for s in "HDSC" for r in "23456789TJQKA"] * 2 + ["BJ", "SJ"] * 2


# -- §9 the presets -------------------------------------------------------------------------------
def test_s9_standard_presets():
    """§9's table: the values of ``tractor`` and ``shanghai``."""
    for name in STANDARD:
        r = RefRules.preset(name)
        assert r.name == name and r.ladder == "2-A" and r.levels == "23456789TJQKA"
        assert r.must_follow_format and not r.ace_low_tractor and r.level_tractor_bridge
        assert r.throws_in_trumps and not r.muddy_throws and not r.level_card_grab
        assert r.declaring == "standard" and r.kitty_burial == "face_down"
        assert not r.xiaosa and not r.digs and r.scoring == "bands" and r.throw_penalty == 0
    t, s = RefRules.preset("tractor"), RefRules.preset("shanghai")
    assert (t.failed_throw, s.failed_throw) == ("lowest_failing", "lowest")
    assert (t.trump_compare, s.trump_compare) == ("format", "structure")
    assert (t.kitty_points, s.kitty_points) == ("power", "cards")
    assert (t.must_play_levels, s.must_play_levels) == ((), ("2", "5", "T", "K"))
    assert (t.gated_takeover, s.gated_takeover) == (False, True)
    for name in ("chifeng", "chifeng-classic", "chifeng-10"):  # the new fields' defaults
        r = RefRules.preset(name)
        assert (r.ladder, r.gated_takeover, r.trump_compare, r.declaring) == (
            "A-K",
            False,
            "format",
            "chifeng",
        )
        assert (r.kitty_burial, r.xiaosa, r.digs, r.scoring) == ("face_up", True, True, "chifeng")
    with pytest.raises(ValueError):
        RefRules.preset("no-such-preset")


# -- §10.1 levels and trumps --------------------------------------------------------------------
def test_s10_1_trump_order_at_level_10():
    """§10.1: at level 10 with hearts trump: BJ, SJ, 10♥, the other 10s, A♥, K♥ … 2♥."""
    ctx = C("T", "H")
    order = ["BJ", "SJ", "TH", "TS", "AH", "KH", "QH", "JH", "9H", "2H", "AS", "KS", "2S"]
    powers = [ctx.power(c) for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert ctx.power("TS") == ctx.power("TD") == ctx.power("TC")
    assert all(ctx.effective_suit(c) == "T" for c in order[:10])
    assert [ctx.effective_suit(c) for c in ("AS", "KD", "2C")] == ["S", "D", "C"]


def test_s10_1_no_trump():
    """§10.1 无主: the trumps are the four jokers and the eight level cards only, all four
    level-card suits equal in power below the small joker; every suit is a side suit."""
    ctx = C("7", "NT")
    assert [ctx.effective_suit(c) for c in ("BJ", "SJ", "7H", "7D", "7S", "7C")] == ["T"] * 6
    assert [ctx.effective_suit(c) for c in ("AH", "2D", "KS", "8C")] == ["H", "D", "S", "C"]
    assert ctx.power("BJ") > ctx.power("SJ") > ctx.power("7H")
    assert len({ctx.power(c) for c in ("7H", "7D", "7S", "7C")}) == 1
    assert ctx.power("7C") > ctx.power("AH")
    # equal level cards: the first played wins (§3.1, §10.5)
    assert trick_winner(ctx, [["7S"], ["7H"], ["7D"], ["AS"]]) == 0
    assert trick_winner(ctx, [["AS"], ["2S"], ["7C"], ["SJ"]]) == 3
    assert trick_winner(ctx, [["KH"], ["AH"], ["AD"], ["2H"]]) == 1  # no trump suit
    with pytest.raises(ValueError):
        C("7", "X")


def test_s10_1_levels_2_to_A():
    """§10.1: levels run 2 … A; level A means the aces are level cards, and the highest
    natural trump is then the king."""
    ctx = C("A", "H")
    assert ctx.effective_suit("AS") == "T" and ctx.power("AS") > ctx.power("KH")
    assert ctx.natural_ranks()[-1] == "K"
    assert climb(ctx, "Q", 5) == "A" and climb(ctx, "A", 3) == "A"
    assert climb(C("5", "H", "chifeng"), "Q", 5) == "K"  # Chifeng's ladder still ends at K


# -- §10.2 combinations ---------------------------------------------------------------------------
def test_s10_2_non_tractors_from_004():
    """§10.2, [004]'s non-tractors: 554, 544, 5533, JJQ, two off-suit 10 pairs, JJ-1010 at
    level 10, AA22."""
    ctx = C("2", "H")  # spades a side suit, nothing left out between 3 and J
    for cards in (
        ["5S", "5S", "4S"],
        ["5S", "4S", "4S"],
        ["5S", "5S", "3S", "3S"],
        ["JS", "JS", "QS"],
        ["AS", "AS", "2S", "2S"],  # no ace-low tractor (2 is a level card here anyway)
    ):
        assert as_tractor(ctx, cards) is None and is_throw(ctx, cards), cards
    assert as_tractor(C("7", "H"), ["AS", "AS", "2S", "2S"]) is None  # AA22, 2 natural
    assert lead_format(C("7", "H"), ["AS", "AS", "2S", "2S"]) == ["ASAS", "2S2S"]
    ten = C("T", "H")
    assert as_tractor(ten, ["TS", "TS", "TD", "TD"]) is None  # two off-suit 10 pairs
    assert is_throw(ten, ["TS", "TS", "TD", "TD"]) and is_legal_lead(
        ten, ["TS"] * 2 + ["TD"] * 2, T("TS", "TS", "TD", "TD")
    )
    # JJ-1010 at level 10: J of the trump suit with the trump 10 is a throw, not a tractor;
    # a side-suit J with a 10 is not even one effective suit.
    assert as_tractor(ten, ["JH", "JH", "TH", "TH"]) is None
    assert lead_format(ten, ["JH", "JH", "TH", "TH"]) == ["THTH", "JHJH"]
    assert as_tractor(ten, ["JS", "JS", "TS", "TS"]) is None
    assert not is_legal_lead(ten, ["JS", "JS", "TS", "TS"], T("JS", "JS", "TS", "TS"))
    assert as_tractor(ten, ["JS", "JS", "9S", "9S"]) == ("9S", "JS")  # the level rank left out


def test_s10_2_trump_group_chain_with_the_bridge():
    """§10.2: highest natural trump pair – an off-suit level pair – the trump suit's level pair
    – SJ pair – BJ pair. Level 10, hearts: A♥A♥ 10♠10♠ 10♥10♥ SJSJ is a tractor of 4."""
    ctx = C("T", "H")
    assert as_tractor(ctx, ["AH", "AH", "TS", "TS", "TH", "TH", "SJ", "SJ"]) == (
        "AH",
        "TS",
        "TH",
        "SJ",
    )
    assert as_tractor(ctx, ["AH", "AH", "TC", "TC"]) == ("AH", "TC")
    assert as_tractor(ctx, ["TD", "TD", "TH", "TH"]) == ("TD", "TH")
    assert as_tractor(ctx, ["TH", "TH", "SJ", "SJ", "BJ", "BJ"]) == ("TH", "SJ", "BJ")
    assert as_tractor(ctx, ["KH", "KH", "AH", "AH", "TD", "TD"]) == ("KH", "AH", "TD")
    assert as_tractor(ctx, ["TS", "TS", "TD", "TD"]) is None  # never adjacent to each other
    assert as_tractor(ctx, ["AH", "AH", "TH", "TH"]) is None  # the off-suit level is missing
    assert as_tractor(ctx, ["TS", "TS", "SJ", "SJ"]) is None
    # level A: the king is the highest natural trump
    ace = C("A", "H")
    assert as_tractor(ace, ["KH", "KH", "AS", "AS", "AH", "AH"]) == ("KH", "AS", "AH")
    assert as_tractor(ace, ["QH", "QH", "KH", "KH"]) == ("QH", "KH")


def test_s10_2_no_trump_tractors():
    """§10.2: without a trump suit, any level pair, then the small jokers, then the big."""
    ctx = C("7", "NT")
    assert as_tractor(ctx, ["7S", "7S", "SJ", "SJ"]) == ("7S", "SJ")
    assert as_tractor(ctx, ["7C", "7C", "SJ", "SJ", "BJ", "BJ"]) == ("7C", "SJ", "BJ")
    assert as_tractor(ctx, ["SJ", "SJ", "BJ", "BJ"]) == ("SJ", "BJ")
    assert as_tractor(ctx, ["7S", "7S", "7H", "7H"]) is None
    assert as_tractor(ctx, ["7S", "7S", "BJ", "BJ"]) is None
    assert as_tractor(ctx, ["AS", "AS", "KS", "KS"]) == ("KS", "AS")  # side suits as usual


def test_s10_2_branching_run_takes_the_first_in_notation_order():
    """§10.2: where several off-suit level pairs could extend a run, the longest run comes
    first, extended by the off-suit level pair first in notation order H, D, S, C (which is not
    Python's string order: that would take 5D before 5H, 7C before 7H)."""
    ctx = C("5", "S")
    assert lead_format(ctx, ["AS", "AS", "5D", "5D", "5H", "5H"]) == ["5H5H-ASAS", "5D5D"]
    ctx = C("7", "S")
    cards = ["AS", "AS", "7C", "7C", "7H", "7H", "7S", "7S", "KS"]
    assert lead_format(ctx, cards) == ["7S7S-7H7H-ASAS", "7C7C", "KS"]
    # the longest run first, even though a shorter one could use another branch
    ctx = C("7", "H")
    cards = ["KH", "KH", "AH", "AH", "7S", "7S", "7D", "7D", "7H", "7H", "SJ", "SJ"]
    assert lead_format(ctx, cards) == ["SJSJ-7H7H-7D7D-AHAH-KHKH", "7S7S"]
    # equal-power leftovers in notation order
    ctx = C("7", "NT")
    assert lead_format(ctx, ["7C", "7C", "7D", "7D", "SJ", "SJ", "7S", "7H"]) == [
        "SJSJ-7D7D",
        "7C7C",
        "7H",
        "7S",
    ]


# -- §10.3 throws ---------------------------------------------------------------------------------
def test_s10_3_trumps_may_be_thrown():
    """§10.2/§10.3: a throw is two or more cards of one effective suit, trumps included."""
    ctx = C("7", "H")
    hand = ["BJ", "3H", "4H", "7S", "AS"]
    leads = legal_leads(ctx, hand)
    assert T("BJ", "3H") in leads and T("BJ", "3H", "4H", "7S") in leads
    assert is_legal_lead(ctx, hand, T("BJ", "7S")) and is_throw(ctx, ["BJ", "7S"])
    assert not is_legal_lead(ctx, hand, T("AS", "7S"))  # two effective suits
    assert count_legal_leads(ctx, hand) == len(leads) == 2**4 - 1 + 1


@pytest.mark.parametrize("preset", STANDARD)
def test_s10_3_the_98844_throw(preset):
    """§10.3, [004]: throwing 98844: if another player holds the J, the 9 is played; if another
    holds QQ or 55, the 44 (``tractor``); ``shanghai`` plays the lowest component, 44, each
    time."""
    ctx = C("3", "H", preset)
    throw = ["9S", "8S", "8S", "4S", "4S"]
    lead = [*throw, "2D"]
    expect_j = ["9S"] if preset == "tractor" else ["4S", "4S"]
    for elsewhere, expected in (
        (["JS"], expect_j),
        (["QS", "QS"], ["4S", "4S"]),
        (["5S", "5S"], ["4S", "4S"]),
    ):
        for seat in (1, 2, 3):  # the partner too
            holders = [["2C"], ["2C"], ["2C"]]
            holders[seat - 1] = elsewhere
            hands = hands_of(lead, *holders)
            assert sorted(resolve_lead(ctx, 0, throw, hands)) == expected, (elsewhere, seat)
    hands = hands_of(lead, ["7S", "6S"], ["2S", "2S"], [])  # nothing beats any component
    assert throw_status(ctx, 0, throw, hands) == ("qing", None)


def test_s10_3_no_muddy_throws():
    """§10.3: there is no 浑甩: a throw fails to a higher single even when nobody else holds
    the suit's three top ranks."""
    hands = hands_of(["9S", "8S", "AS", "AS", "KS", "KS", "QS", "QS"], ["TS"])
    assert resolve_lead(C("2", "H"), 0, ["9S", "8S"], hands) == ["8S"]
    assert resolve_lead(C("2", "H", "chifeng"), 0, ["9S", "8S"], hands) == ["9S", "8S"]


def test_s10_3_trump_throws_and_both_failed_throw_rules():
    """§10.3 on a trump throw: ``tractor`` plays the failing component lowest in power,
    ``shanghai`` the lowest of the whole throw."""
    throw = ["BJ", "3H", "3H", "9H"]
    hands = hands_of(throw, ["TH", "2H"])  # TH beats the 9; nothing beats 3H3H or BJ
    assert resolve_lead(C("7", "H", "tractor"), 0, throw, hands) == ["9H"]
    assert resolve_lead(C("7", "H", "shanghai"), 0, throw, hands) == ["3H", "3H"]
    hands = hands_of(throw, ["2H"], ["4D"])
    for preset in STANDARD:
        assert resolve_lead(C("7", "H", preset), 0, throw, hands) == throw
    # no trump: the small joker beats a level card
    hands = hands_of(["BJ", "7S"], ["7H", "7C"], ["SJ"])
    assert resolve_lead(C("7", "NT"), 0, ["BJ", "7S"], hands) == ["7S"]
    hands = hands_of(["BJ", "7S"], ["7H", "7C"])  # equal level cards do not beat it
    assert resolve_lead(C("7", "NT"), 0, ["BJ", "7S"], hands) == ["BJ", "7S"]


@pytest.mark.parametrize("preset", STANDARD)
def test_s10_3_tie_between_components_of_equal_power(preset):
    """§10.3: between components of equal power, the one with more cards counts as the lower;
    between two of the same size, the one first in notation order (H, D, S, C)."""
    ctx = C("7", "H", preset)
    hands = hands_of(["7S", "7D", "7C"], ["7H"])  # 7H beats every off-suit level single
    assert resolve_lead(ctx, 0, ["7S", "7D", "7C"], hands) == ["7D"]
    hands = hands_of(["7S", "7S", "7D"], ["7H", "7H"])  # the pair has more cards: lower
    assert sorted(resolve_lead(ctx, 0, ["7S", "7S", "7D"], hands)) == ["7S", "7S"]
    hands = hands_of(["7C", "7C", "7S", "7S"], ["SJ", "SJ"])  # notation: S before C
    assert sorted(resolve_lead(ctx, 0, ["7C", "7C", "7S", "7S"], hands)) == ["7S", "7S"]
    nt = C("7", "NT", preset)
    hands = hands_of(["7C", "7H", "7D"], ["SJ"])
    assert resolve_lead(nt, 0, ["7C", "7H", "7D"], hands) == ["7H"]


def test_s10_3_throw_beaten_by_a_longer_tractor():
    """§10.3: a tractor at least as long with a higher top pair beats a tractor component
    (here in the trump group, through the bridge)."""
    ctx = C("7", "H")
    throw = ["4H", "4H", "5H", "5H", "BJ"]
    hands = hands_of(throw, ["AH", "AH", "7S", "7S", "7H", "7H"])
    assert sorted(resolve_lead(ctx, 0, throw, hands)) == ["4H", "4H", "5H", "5H"]
    hands = hands_of(throw, ["AH", "AH", "KH", "7S", "7H", "7H"])  # no higher 2-tractor
    assert sorted(resolve_lead(ctx, 0, throw, hands)) == sorted(throw)


# -- §10.4 following ------------------------------------------------------------------------------
def test_s10_4_pair_duty():
    """§10.4: at least min(P, Q) pairs: a pair lead is answered with a pair when one is held;
    a throw's pairs all count."""
    ctx = C("2", "H")
    hand = ["AS", "AS", "KS", "3S", "BJ"]
    assert legal_follows(ctx, hand, T("QS", "QS")) == {T("AS", "AS")}
    assert count_legal_follows(ctx, hand, T("QS", "QS")) == 1
    assert not is_legal_follow(ctx, hand, T("QS", "QS"), T("AS", "KS"))
    assert is_legal_follow(ctx, hand, T("QS", "QS"), T("AS", "AS"))
    # chifeng: any two spades
    assert len(legal_follows(C("2", "H", "chifeng"), hand, T("QS", "QS"))) == 4
    # a throw with two pairs and a single; the follower holds one pair: it must be played
    lead = T("KS", "KS", "9S", "9S", "3S")
    hand = ["QS", "QS", "8S", "7S", "6S", "4D"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("QS", "QS", *rest) for rest in combinations(["8S", "7S", "6S"], 3)}
    assert count_legal_follows(ctx, hand, lead) == 1
    # more pairs than the lead asks: any two of them
    hand = ["QS", "QS", "8S", "8S", "6S", "6S", "4S"]
    got = legal_follows(ctx, hand, lead)
    assert len(got) == count_legal_follows(ctx, hand, lead) == 3 * 2  # two pairs, a single
    assert all(sum(n == 2 for n in Counter(p).values()) >= 2 for p in got)
    # a single lead has no pair duty
    assert count_legal_follows(ctx, hand, T("AS")) == 4


def test_s10_4_tractor_duty():
    """§10.4: on a tractor of length L, a follower that holds one at least that long plays one
    of length L."""
    ctx = C("2", "H")
    lead = T("7S", "7S", "8S", "8S")
    hand = ["9S", "9S", "TS", "TS", "JS", "JS", "4S", "4S", "3S"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("9S", "9S", "TS", "TS"), T("TS", "TS", "JS", "JS")}
    assert count_legal_follows(ctx, hand, lead) == 2
    assert not is_legal_follow(ctx, hand, lead, T("9S", "9S", "4S", "4S"))
    # branching trump order: either off-suit level pair makes the tractor; the two together
    # do not
    ctx = C("7", "H")
    lead = T("3H", "3H", "4H", "4H")
    hand = ["AH", "AH", "7D", "7D", "7S", "7S", "2H"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("AH", "AH", "7D", "7D"), T("AH", "AH", "7S", "7S")}
    assert not is_legal_follow(ctx, hand, lead, T("7D", "7D", "7S", "7S"))
    assert count_legal_follows(ctx, hand, lead) == 2


def test_s10_4_partial_tractor_duty():
    """§10.4: on a tractor of length L, a follower whose longest tractor has length m,
    2 <= m < L, plays one of length m (and the pairs duty still holds)."""
    ctx = C("2", "H")
    lead = T("7S", "7S", "8S", "8S", "9S", "9S")
    hand = ["KS", "KS", "QS", "QS", "5S", "5S", "3S", "3S", "AS"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("KS", "KS", "QS", "QS", "5S", "5S"), T("KS", "KS", "QS", "QS", "3S", "3S")}
    assert count_legal_follows(ctx, hand, lead) == 2
    assert not is_legal_follow(ctx, hand, lead, T("KS", "KS", "5S", "5S", "3S", "3S"))
    # fewer pairs than L: the 2-tractor and singles
    hand = ["KS", "KS", "QS", "QS", "6S", "5S", "4S", "3S"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("KS", "KS", "QS", "QS", *p) for p in combinations(["6S", "5S", "4S", "3S"], 2)}
    assert count_legal_follows(ctx, hand, lead) == 6
    # no tractor held at all: only the pairs duty
    hand = ["KS", "KS", "JS", "JS", "5S", "3S", "4D"]
    got = legal_follows(ctx, hand, lead)
    assert got == {T("KS", "KS", "JS", "JS", "5S", "3S")}
    # a throw lead has no tractor duty, only pairs
    throw = T("7S", "7S", "8S", "8S", "AS", "KS")
    hand = ["KS", "KS", "QS", "QS", "5S", "5S", "3S"]
    assert is_legal_follow(ctx, hand, throw, T("KS", "KS", "5S", "5S", "QS", "3S"))


def test_s10_4_short_or_void_follower():
    """§10.4/§5.3: a follower with fewer cards of the led suit than were led plays them all and
    anything else; a void follower plays anything."""
    ctx = C("2", "H")
    lead = T("QS", "QS", "JS", "JS")
    hand = ["AS", "AS", "3D", "3D", "4C", "BJ"]
    got = legal_follows(ctx, hand, lead)
    assert all(p.count("AS") == 2 for p in got)
    assert len(got) == count_legal_follows(ctx, hand, lead) == 4  # 2 of 3D 3D 4C BJ
    hand = ["3D", "3D", "4C", "BJ"]
    assert (
        count_legal_follows(ctx, hand, T("QS", "QS"))
        == len(legal_follows(ctx, hand, T("QS", "QS")))
        == 4
    )


def test_s10_4_count_of_a_large_follow_is_fast():
    """§10.4: counting follows sums over the pair sets, without listing the plays."""
    ctx = C("7", "H")
    hand = [
        *["BJ", "BJ", "SJ", "SJ", "7H", "7H", "7D", "7D", "7S", "7S", "7C", "AH", "AH"],
        *["KH", "KH", "QH", "JH", "TH", "9H", "8H", "6H", "5H", "4H", "3H", "2H"],
    ]
    assert len(hand) == 25
    singles = T("SJ", "7S", "AH", "KH", "QH", "JH", "TH", "9H", "8H", "6H")
    start = time.perf_counter()
    n = count_legal_follows(ctx, hand, singles)
    assert time.perf_counter() - start < 1.0
    # no pair in the lead: any 10 of the 18 faces held, 7 of them held twice
    assert n == sum(comb(7, k) * comb(18 - k, 10 - 2 * k) for k in range(6))
    three_pairs = T("SJ", "SJ", "7S", "7S", "4H", "4H", "AH", "KH", "QH", "JH")
    n = count_legal_follows(ctx, hand, three_pairs)
    assert n == sum(comb(7, k) * comb(18 - k, 10 - 2 * k) for k in range(3, 6))


# -- §10.5 who wins the trick ---------------------------------------------------------------------
def P(*cards):
    return list(cards)


DISCARD = {n: P(*["2D"] * n) for n in range(1, 7)}


def test_s10_5_format_examples_from_004():
    """§10.5 ``format`` ([004]): trumps 9988+7+2 beat AK+5544 but not AA+5544; 77+9 beats 44+5,
    and 88+4 beats 77+9; on 5+6+7, 77+9 beats and 88+4 does not. Level 10, hearts trump."""
    ctx = C("T", "H", "tractor")
    trumps = P("9H", "9H", "8H", "8H", "7H", "2H")
    assert (
        trick_winner(ctx, [P("AS", "KS", "5S", "5S", "4S", "4S"), trumps, DISCARD[6], DISCARD[6]])
        == 1
    )
    assert (
        trick_winner(ctx, [P("AS", "AS", "5S", "5S", "4S", "4S"), trumps, DISCARD[6], DISCARD[6]])
        == 0
    )
    sevens, eights = P("7H", "7H", "9H"), P("8H", "8H", "4H")
    assert trick_winner(ctx, [P("4S", "4S", "5S"), sevens, DISCARD[3], DISCARD[3]]) == 1
    assert trick_winner(ctx, [P("4S", "4S", "5S"), sevens, eights, DISCARD[3]]) == 2
    assert trick_winner(ctx, [P("5S", "6S", "7S"), sevens, DISCARD[3], DISCARD[3]]) == 1
    assert trick_winner(ctx, [P("5S", "6S", "7S"), sevens, eights, DISCARD[3]]) == 1
    assert trick_winner(ctx, [P("5S", "6S", "7S"), eights, sevens, DISCARD[3]]) == 2


def test_s10_5_structure_on_the_same_examples():
    """§10.5 ``structure`` on [004]'s examples: a play competes only with exactly the lead's
    components; then trumps beat the led suit and the higher highest card wins. 77+9 keeps the
    trick against 88+4 on 44+5 (9 over 8), and on 5+6+7 neither competes (a pair is not two
    singles)."""
    ctx = C("T", "H", "shanghai")
    trumps = P("9H", "9H", "8H", "8H", "7H", "2H")
    assert (
        trick_winner(ctx, [P("AS", "KS", "5S", "5S", "4S", "4S"), trumps, DISCARD[6], DISCARD[6]])
        == 1
    )
    assert (
        trick_winner(ctx, [P("AS", "AS", "5S", "5S", "4S", "4S"), trumps, DISCARD[6], DISCARD[6]])
        == 0
    )
    sevens, eights = P("7H", "7H", "9H"), P("8H", "8H", "4H")
    assert trick_winner(ctx, [P("4S", "4S", "5S"), sevens, eights, DISCARD[3]]) == 1
    assert trick_winner(ctx, [P("4S", "4S", "5S"), eights, sevens, DISCARD[3]]) == 2
    assert trick_winner(ctx, [P("5S", "6S", "7S"), sevens, eights, DISCARD[3]]) == 0
    assert trick_winner(ctx, [P("5S", "6S", "7S"), P("3H", "4H", "6H"), eights, DISCARD[3]]) == 1


def test_s10_5_single_pair_tractor_leads_under_both_rules():
    """§10.5: on a single, a pair or a tractor the two rules agree: same shape, higher wins,
    trumps over the led suit, equal power to the earlier play."""
    for preset in STANDARD:
        ctx = C("7", "H", preset)
        assert trick_winner(ctx, [P("QS"), P("AS"), P("7C"), P("7D")]) == 2
        assert trick_winner(ctx, [P("QS", "QS"), P("AS", "KS"), P("3H", "3H"), P("AS", "AS")]) == 2
        lead = P("3S", "3S", "4S", "4S")
        assert trick_winner(ctx, [lead, P("9S", "9S", "TS", "TS"), DISCARD[4], DISCARD[4]]) == 1
        # a trump tractor through the bridge: A♥A♥ 7♦7♦ over 5♥5♥ 6♥6♥
        assert (
            trick_winner(
                ctx, [lead, P("5H", "5H", "6H", "6H"), P("AH", "AH", "7D", "7D"), DISCARD[4]]
            )
            == 2
        )
        assert trick_winner(ctx, [P("7S", "7S"), P("7C", "7C"), P("7H", "7H"), DISCARD[2]]) == 2
        assert trick_winner(ctx, [P("7S", "7S"), P("7C", "7C"), P("AH", "AH"), DISCARD[2]]) == 0
        # a mix of trumps and the led suit is a discard
        assert trick_winner(ctx, [P("QS"), P("BJ"), P("AS"), DISCARD[1]]) == 1
        assert trick_winner(ctx, [P("KS", "QS"), P("BJ", "2S"), DISCARD[2], DISCARD[2]]) == 0


def test_s10_5_throw_leads():
    """§10.5: under ``format`` a throw is never beaten in its own suit, a trump throw included;
    under ``structure``, applied literally, a play of the throw's own suit with the same
    components and a higher highest card would win, an equal one does not (the earlier play
    wins), and a trump pair does not stand for two singles."""
    fmt, struct = C("7", "H", "tractor"), C("7", "H", "shanghai")
    lead = P("AS", "KS")
    same_top = P("AS", "QS")
    assert trick_winner(fmt, [lead, same_top, DISCARD[2], DISCARD[2]]) == 0
    assert trick_winner(struct, [lead, same_top, DISCARD[2], DISCARD[2]]) == 0
    assert trick_winner(fmt, [lead, P("3H", "3H"), DISCARD[2], DISCARD[2]]) == 1
    assert trick_winner(struct, [lead, P("3H", "3H"), DISCARD[2], DISCARD[2]]) == 0
    assert trick_winner(struct, [lead, P("3H", "3H"), P("2H", "4H"), DISCARD[2]]) == 2
    # a trump throw led
    lead = P("SJ", "3H")
    assert trick_winner(fmt, [lead, P("BJ", "4H"), P("BJ", "BJ"), DISCARD[2]]) == 0
    assert trick_winner(struct, [lead, P("BJ", "4H"), P("BJ", "BJ"), DISCARD[2]]) == 1
    assert trick_winner(struct, [lead, P("SJ", "2H"), DISCARD[2], DISCARD[2]]) == 0
    # a throw with a pair: format trumps by partition, structure needs the same components
    lead = P("KS", "KS", "9S")
    assert trick_winner(fmt, [lead, P("3H", "3H", "4H"), P("2H", "2H", "BJ"), DISCARD[3]]) == 1
    assert trick_winner(struct, [lead, P("3H", "3H", "4H"), P("2H", "2H", "BJ"), DISCARD[3]]) == 2


# -- §10.7 the result -----------------------------------------------------------------------------
KITTY_25 = ["5H", "TH", "KD", "2C", "3C", "4C", "6C", "8C"]  # 25 points


def R(preset, level, points, last_winner=0, last_play=("AS",), kitty=(), levels=None, declarer=0):
    ctx = C(level, "H", preset)
    ns, ew = levels or (level, "3")
    return hand_result(
        ctx, declarer, ns, ew, points, last_winner, list(last_play), list(kitty), False
    )


def test_s10_7_tractor_kitty_multipliers():
    """§10.7 ``tractor``: a defender winning the last trick adds the kitty's points ×2^(1+L),
    L the longest tractor among the winning play's own components: ×2, ×4, ×8, ×16."""
    for play, mult in (
        (["AS"], 2),
        (["AS", "KS", "QS"], 2),
        (["AS", "AS"], 4),
        (["AS", "AS", "KS", "9S", "9S"], 4),
        (["3S", "3S", "4S", "4S"], 8),
        (["3S", "3S", "4S", "4S", "8S", "8S", "AS"], 8),
        (["3S", "3S", "4S", "4S", "5S", "5S"], 16),
    ):
        r = R("tractor", "7", 20, last_winner=1, last_play=play, kitty=KITTY_25)
        assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, mult, 20 + 25 * mult), play
    r = R("tractor", "7", 20, last_winner=2, last_play=["AS", "AS"], kitty=KITTY_25)
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, 0, 20)  # declarers won it
    r = R("tractor", "7", 30, last_winner=1, last_play=["AS", "AS"], kitty=["2C"] * 8)
    assert (r.kitty_multiplier, r.points, r.outcome) == (4, 30, "xiaoguang")
    # the bonus moves T across the bands: 20 + 25×4 = 120
    r = R("tractor", "7", 20, last_winner=3, last_play=["AS", "AS"], kitty=KITTY_25)
    assert (r.outcome, r.declarers_stay, r.level_ew) == ("dapo_climb", False, "4")


def test_s10_7_shanghai_kitty_multiplier_by_cards():
    """§10.7 ``shanghai``: ×2 times the number of cards each player played to the last trick."""
    for play, mult in (
        (["AS"], 2),
        (["AS", "KS"], 4),
        (["AS", "AS"], 4),
        (["3S", "3S", "4S", "4S"], 8),
    ):
        r = R("shanghai", "7", 0, last_winner=1, last_play=play, kitty=KITTY_25, levels=("7", "8"))
        assert (r.kitty_multiplier, r.points) == (mult, 25 * mult), play


def test_s10_7_bands():
    """§10.7: 0 → declarers climb 3; 5–35 → 2; 40–75 → 1; 80–115 → defenders take over;
    120–155 → take over and climb 1; one more level for every further 40 points."""
    rows = [
        (0, "guangpai", True, 3),
        (5, "xiaoguang", True, 2),
        (35, "xiaoguang", True, 2),
        (40, "dacheng", True, 1),
        (75, "dacheng", True, 1),
        (80, "dapo", False, 0),
        (115, "dapo", False, 0),
        (120, "dapo_climb", False, 1),
        (155, "dapo_climb", False, 1),
        (160, "dapo_climb", False, 2),
        (195, "dapo_climb", False, 2),
        (200, "dapo_climb", False, 3),
        (240, "dapo_climb", False, 4),
    ]
    ladder = "23456789TJQKA"
    for points, outcome, stay, up in rows:
        r = R("tractor", "4", points, levels=("4", "3"))
        assert (r.outcome, r.declarers_stay, r.points, r.dig) == (outcome, stay, points, "none")
        if stay:
            assert (r.level_ns, r.level_ew) == (ladder[ladder.index("4") + up], "3")
            assert (r.score_ns, r.score_ew, r.next_declarer) == (2 * up, 0, 2)
        else:
            assert (r.level_ns, r.level_ew) == ("4", ladder[ladder.index("3") + up])
            assert (r.score_ns, r.score_ew, r.next_declarer) == (-2, 2 + 2 * up, 1)
        assert not r.match_won


def test_s10_7_no_digs_no_gulupo_no_xiaosa():
    """§10.7: no digs of §7, no 轱辘坡; §10.6: no 潇洒 (jokers in the kitty climb nobody)."""
    r = R("tractor", "J", 20, last_winner=1, last_play=["BJ"], levels=("J", "3"))
    assert (r.dig, r.outcome, r.level_ns) == ("none", "xiaoguang", "K")
    r = R("tractor", "J", 20, last_winner=1, last_play=["JS"], levels=("J", "3"))
    assert (r.dig, r.outcome) == ("none", "xiaoguang")
    r = R("tractor", "7", 200, levels=("7", "3"))
    assert (r.outcome, r.level_ns, r.level_ew) == ("dapo_climb", "7", "6")
    r = R("tractor", "7", 0, kitty=["BJ", "SJ", "BJ", "2C", "2C", "2C", "2C", "2C"])
    assert (r.kitty_jokers_climb, r.level_ns) == (0, "T")


def test_s10_7_climbs_stop_at_A_and_a_match_is_won_there():
    """§10.7: climbs never pass A; declarers who win a hand at A win the match."""
    r = R("tractor", "Q", 0, levels=("Q", "3"))
    assert (r.level_ns, r.score_ns, r.match_won) == ("A", 4, False)
    r = R("tractor", "K", 0, levels=("K", "3"))
    assert (r.level_ns, r.match_won) == ("A", False)
    for points in (0, 30, 75):
        r = R("tractor", "A", points, levels=("A", "9"))
        assert (r.level_ns, r.declarers_stay, r.match_won, r.score_ns) == ("A", True, True, 0)
    r = R("tractor", "A", 80, levels=("A", "9"))
    assert (r.match_won, r.declarers_stay) == (False, False)
    r = R("shanghai", "A", 40, declarer=1, levels=("9", "A"))
    assert (r.match_won, r.next_declarer) == (True, 3)
    r = R("tractor", "9", 400, levels=("9", "Q"))  # the defenders' climb stops at A too
    assert r.level_ew == "A"


def test_s10_7_gates_stop_a_climb():
    """§10.7 gates (``shanghai``): a climb stops at the first of 2, 5, 10 and K it would pass;
    landing on a gate is not passing it, and starting on one does not stop."""
    assert R("shanghai", "3", 0, levels=("3", "2")).level_ns == "5"  # +3 stops at 5
    assert R("shanghai", "4", 5, levels=("4", "2")).level_ns == "5"  # +2 stops at 5
    assert R("shanghai", "3", 5, levels=("3", "2")).level_ns == "5"  # lands on 5
    assert R("shanghai", "5", 0, levels=("5", "2")).level_ns == "8"  # starts on a gate
    assert R("shanghai", "9", 0, levels=("9", "2")).level_ns == "T"
    assert R("shanghai", "Q", 0, levels=("Q", "2")).level_ns == "K"
    assert R("shanghai", "K", 0, levels=("K", "2")).level_ns == "A"
    assert R("tractor", "3", 0, levels=("3", "2")).level_ns == "6"  # no gates in tractor
    r = R("shanghai", "3", 0, levels=("3", "2"))
    assert (r.score_ns, r.score_ew) == (4, 0)
    assert climb(C("3", "H", "shanghai"), "3", 3) == "5"


def test_s10_7_defenders_on_a_gate_take_over_without_climbing():
    """§10.7 gates: defenders who take over while their level is a gate take over without
    climbing; off a gate they climb, and stop at the next gate."""
    r = R("shanghai", "9", 160, levels=("9", "5"))
    assert (r.outcome, r.declarers_stay, r.level_ew, r.score_ew, r.score_ns) == (
        "dapo_climb",
        False,
        "5",
        2,
        -2,
    )
    r = R("shanghai", "9", 160, levels=("9", "2"))  # 2 is a gate too
    assert r.level_ew == "2"
    r = R("shanghai", "9", 200, levels=("9", "4"))  # +3 from 4 stops at 5
    assert (r.level_ew, r.score_ew) == ("5", 4)
    r = R("shanghai", "9", 160, levels=("9", "6"))
    assert r.level_ew == "8"
    r = R("tractor", "9", 160, levels=("9", "5"))  # tractor has no gates
    assert r.level_ew == "7"


def test_s7_chifeng_results_keep_their_rows():
    """§7 unchanged: the new fields are the kitty's own points and a multiplier of 0."""
    r = R("chifeng", "5", 75, last_winner=1, last_play=["AS"], kitty=KITTY_25, levels=("5", "3"))
    assert (r.outcome, r.points, r.kitty_points, r.kitty_multiplier) == ("dacheng", 75, 25, 0)
    r = R("chifeng", "7", 140, levels=("7", "3"))
    assert (r.outcome, r.level_ns) == ("gulupo", "A")


# -- counts of leads and follows --------------------------------------------------------------
def test_s10_3_count_of_a_huge_trump_hand_is_fast():
    """§10.2/§10.3: 25 trumps, 7 faces twice and 11 once, have 3^7 × 2^11 − 1 leads (every
    non-empty sub-multiset), counted without listing them."""
    ctx = C("7", "H")
    hand = [
        *["BJ", "BJ", "SJ", "SJ", "7H", "7H", "7D", "7D", "7S", "7S", "7C", "AH", "AH"],
        *["KH", "KH", "QH", "JH", "TH", "9H", "8H", "6H", "5H", "4H", "3H", "2H"],
    ]
    start = time.perf_counter()
    n = count_legal_leads(ctx, hand)
    assert time.perf_counter() - start < 0.5
    assert n == 3**7 * 2**11 - 1 == 4_478_975
    small = hand[:9]  # BJ BJ SJ SJ 7H 7H 7D 7D 7S: 3^4 × 2 − 1
    assert count_legal_leads(ctx, small) == len(legal_leads(ctx, small)) == 161


def brute_leads(ctx, hand):
    """Every multiset of one effective suit; trumps only as one component when they may not be
    thrown."""
    out = set()
    for n in range(1, len(hand) + 1):
        for idx in combinations(range(len(hand)), n):
            play = T(*(hand[i] for i in idx))
            suits = {ctx.effective_suit(c) for c in play}
            if len(suits) == 1:
                out.add(play)
    return out


def naive_follow_ok(ctx, hand, lead, play):
    """§10.4 written out a second time, by brute force over subsets of the pairs."""
    if len(play) != len(lead) or any(Counter(play)[f] > Counter(hand)[f] for f in play):
        return False
    suit = ctx.effective_suit(lead[0])
    held = [c for c in hand if ctx.effective_suit(c) == suit]
    mine = [c for c in play if ctx.effective_suit(c) == suit]
    if len(mine) != min(len(held), len(lead)):
        return False
    if len(held) < len(lead):
        return True
    held_pairs = [f for f, n in Counter(held).items() if n == 2]
    play_pairs = [f for f, n in Counter(mine).items() if n == 2]
    comps = decompose(ctx, lead)
    if len(play_pairs) < min(sum(c.pairs for c in comps), len(held_pairs)):
        return False

    def longest(pairs):
        best = 0
        for k in range(2, len(pairs) + 1):
            if any(
                as_tractor(ctx, [f for f in sub for _ in (0, 1)]) for sub in combinations(pairs, k)
            ):
                best = k
        return best

    if len(comps) == 1 and comps[0].pairs >= 2:
        need = min(comps[0].pairs, longest(held_pairs))
        if need >= 2 and longest(play_pairs) < need:
            return False
    return True


def random_hand(rng, ctx, size, trumpy):
    cards = deck()
    rng.shuffle(cards)
    if trumpy:
        cards.sort(key=lambda c: not ctx.is_trump(c) and rng.random() < 0.8)
    hand = cards[: size - size // 3]
    hand += rng.sample(hand, size // 3)  # pairs (a face may come out three times: drop those)
    counted = Counter(hand)
    return sorted(f for f, n in counted.items() for _ in range(min(n, 2)))


@pytest.mark.parametrize("preset", STANDARD)
def test_s10_leads_consistent_on_random_hands(preset):
    """§10.2/§10.3 on random hands: count_legal_leads == len(legal_leads) == the brute-force
    set, and every listed lead is legal."""
    rng = random.Random(101 if preset == "tractor" else 202)
    for _ in range(60):
        ctx = C(rng.choice("23456789TJQKA"), rng.choice(["H", "D", "S", "C", "NT"]), preset)
        hand = random_hand(rng, ctx, rng.randint(6, 13), rng.random() < 0.6)
        leads = legal_leads(ctx, hand)
        assert count_legal_leads(ctx, hand) == len(leads)
        assert leads == brute_leads(ctx, hand)
        assert all(is_legal_lead(ctx, hand, p) for p in leads)


@pytest.mark.parametrize("preset", STANDARD)
def test_s10_4_follows_consistent_on_random_hands(preset):
    """§10.4 on random hands: count_legal_follows == len(legal_follows); the listed follows are
    exactly the sub-multisets that is_legal_follow accepts, and exactly those a brute-force
    reading of the duties accepts."""
    rng = random.Random(303 if preset == "tractor" else 404)
    checked = {"pairs": 0, "tractor": 0, "duty bites": 0}
    for _ in range(400):
        ctx = C(rng.choice("23456789TJQKA"), rng.choice(["H", "D", "S", "C", "NT"]), preset)
        leader = random_hand(rng, ctx, 14, rng.random() < 0.5)
        leads = sorted(legal_leads(ctx, leader))
        tractors = [p for p in leads if len(p) >= 4 and as_tractor(ctx, p)]
        if tractors and rng.random() < 0.5:
            lead = rng.choice(tractors)
        else:
            lead = rng.choice([p for p in leads if len(p) <= 6] or leads[:1])
        follower = []
        while len(follower) < len(lead):
            follower = random_hand(rng, ctx, rng.randint(6, 12), rng.random() < 0.5)
        got = legal_follows(ctx, follower, lead)
        assert count_legal_follows(ctx, follower, lead) == len(got)
        every = sub_multisets(Counter(follower), len(lead))
        assert got == {p for p in every if is_legal_follow(ctx, follower, lead, p)}
        assert got == {p for p in every if naive_follow_ok(ctx, follower, lead, p)}
        assert got
        suit = ctx.effective_suit(lead[0])
        if sum(ctx.effective_suit(c) == suit for c in follower) >= len(lead):
            free = {p for p in every if all(ctx.effective_suit(c) == suit for c in p)}
            assert got <= free
            checked["duty bites"] += got != free
        if any(n == 2 for n in Counter(lead).values()):
            checked["pairs"] += 1
        if len(decompose(ctx, lead)) == 1 and decompose(ctx, lead)[0].pairs >= 2:
            checked["tractor"] += 1
    assert checked["pairs"] > 80 and checked["tractor"] > 30 and checked["duty bites"] > 30, checked


@pytest.mark.parametrize("preset", STANDARD)
def test_s10_random_tricks_and_playouts(preset):
    """§10.3–§10.5 on random tricks: a resolved lead is a component of the throw (or the
    throw), the winner is an index, and random playouts of the preset run and repeat."""
    rng = random.Random(505)
    for _ in range(150):
        ctx = C(rng.choice("23456789TJQKA"), rng.choice(["H", "D", "S", "C", "NT"]), preset)
        cards = deck()
        rng.shuffle(cards)
        hands = {s: sorted(cards[s * 25 : (s + 1) * 25]) for s in range(4)}
        by = Counter(ctx.effective_suit(c) for c in hands[0])
        suit = max(by, key=by.get)
        mine = [c for c in hands[0] if ctx.effective_suit(c) == suit]
        throw = sorted(rng.sample(mine, min(len(mine), rng.randint(2, 6))))
        led = sorted(resolve_lead(ctx, 0, throw, hands))
        assert led == throw or any(sorted(c.cards) == led for c in decompose(ctx, throw))
        plays = [led] + [
            sorted(rng.choice(sorted(legal_follows(ctx, hands[s], led)))) for s in (1, 2, 3)
        ]
        assert 0 <= trick_winner(ctx, plays) < 4
    a = random_playout(random.Random(9), preset)
    assert a == random_playout(random.Random(9), preset) and a > 0
