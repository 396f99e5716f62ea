"""Golden tests for rules §7 (the result of a hand), §7.1 (must-play levels) and §7.2 (the hand
score).

Every position is at the end of its hand: all hands empty, the last trick written in
``tricks=``, the kitty known, and every other card in ``gone=`` (filled in by ``complete``)
with the defenders' points P in ``points=``. Unless a test says otherwise South declares, so
NS is the declaring team and EW the defenders.
"""

from golden_helpers import play, position

# A kitty with neither jokers nor points, for the tests where the kitty does not matter.
KITTY = "kitty=2D,3D,4D,6D,7D,8D,9D,2C"


def result(text: str):
    p = position(text)
    assert p.is_over
    return p.result()


# -- the point rows -------------------------------------------------------------------------


def test_s7_guangpai_zero_points_declarers_climb_three():
    """§7: "| 0 (光牌) | declaring team climbs 3 levels |"; §7.2: "+2 per level climbed"; §8.4:
    "if the declaring team stays, the declarer's partner (对家)"."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.points == 0
    assert r.dig is None
    assert r.outcome == "guangpai"
    assert r.levels == {"NS": "8", "EW": "3"}
    assert r.scores == {"NS": 6, "EW": 0}
    assert r.next_declarer == "N"
    assert r.kitty_jokers_climb == 0
    assert not r.match_won


def test_s7_dacheng_five_points_declarers_climb_one():
    """§7: "| 5 – 75 | declaring team climbs 1 level (打成) |" (lower bound)."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=5"
    )
    assert r.outcome == "dacheng"
    assert r.levels == {"NS": "6", "EW": "3"}
    assert r.scores == {"NS": 2, "EW": 0}
    assert r.next_declarer == "N"


def test_s7_dacheng_seventy_five_points_kitty_points_do_not_count():
    """§7: "| 5 – 75 | declaring team climbs 1 level (打成) |" (upper bound). *P* is "the defenders'
    points from tricks": the 25 points in the kitty (KC, TC, 5C) count for nobody (§6.3)."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        "kitty=KC,TC,5C,2D,3D,4D,6D,7D tricks=S:AS|3S|4S|6S points=75"
    )
    assert r.points == 75
    assert r.outcome == "dacheng"
    assert r.levels == {"NS": "6", "EW": "3"}


def test_s7_dapo_eighty_points_defenders_take_over():
    """§7: "| 80 – 135 | defenders take over (打破), no level change |" (lower bound); §7.2:
    "+2 for taking over (上台), −2 for stepping down (下台)"; §8.4: "if the defenders take over,
    the declarer's next seat (下家)"."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=80"
    )
    assert r.outcome == "dapo"
    assert r.dig is None
    assert r.levels == {"NS": "5", "EW": "3"}
    assert r.scores == {"NS": -2, "EW": 2}
    assert r.next_declarer == "E"


def test_s7_dapo_one_hundred_thirty_five_points():
    """§7: "| 80 – 135 | defenders take over (打破), no level change |" (upper bound)."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=135"
    )
    assert r.outcome == "dapo"
    assert r.levels == {"NS": "5", "EW": "3"}


def test_s7_gulupo_one_hundred_forty_points_declarers_back_to_a():
    """§7: "| ≥ 140 (轱辘坡) | defenders take over; the declaring team's level goes back to A |";
    §7.2: "−2 for stepping down (下台) ... −2 per level lost": 5 → A is 4 levels lost."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=140"
    )
    assert r.outcome == "gulupo"
    assert r.levels == {"NS": "A", "EW": "3"}
    assert r.scores == {"NS": -10, "EW": 2}
    assert r.next_declarer == "E"


def test_s7_gulupo_all_two_hundred_points():
    """§7: "| ≥ 140 (轱辘坡) |" — all 200 points."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=200"
    )
    assert r.points == 200
    assert r.outcome == "gulupo"
    assert r.levels == {"NS": "A", "EW": "3"}


def test_s7_points_of_the_last_trick_count():
    """§7: "Let P be the defenders' points from tricks." With 70 points banked, East wins the
    last trick with KS (10 points): P = 80, 打破. (Played out from one card a seat.)"""
    p = position(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
        f"S=3S E=KS N=4S W=6S {KITTY} turn=S points=70"
    )
    p = play(p, "3S", "KS", "4S", "6S")
    assert p.is_over
    r = p.result()
    assert r.points == 80
    assert r.outcome == "dapo"
    assert r.next_declarer == "E"


# -- joker dig ------------------------------------------------------------------------------


def test_s7_joker_dig_big_joker_with_140_points():
    """§7 Joker dig: "a defender wins the last trick and the highest card of the winning play is a
    joker ... The defenders take over and climb 3 levels if that card is a big joker"; "A dig
    decides the hand whatever P is (不论拣分多少): with a dig, the point rows below, 轱辘坡
    included, do not apply." P = 140, yet NS keeps level 5 and EW climbs 3 to 6; §7.2: EW
    +2 (上台) +6, NS −2 (下台)."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|BJ|3S|4S points=140"
    )
    assert r.points == 140
    assert r.dig == "joker"
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "6"}
    assert r.scores == {"NS": -2, "EW": 8}
    assert r.next_declarer == "E"


def test_s7_joker_dig_small_joker_with_no_points():
    """§7 Joker dig: "climb ... 2 if it is a small joker"; "A dig decides the hand whatever P
    is": with P = 0 it is not 光牌."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|SJ|3S|4S points=0"
    )
    assert r.dig == "joker"
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "5"}
    assert r.scores == {"NS": -2, "EW": 6}
    assert r.next_declarer == "E"


def test_s7_joker_dig_once_not_per_joker():
    """§7 Joker dig: "climb 3 levels if that card is a big joker ... — once, not per joker". West
    wins the last trick with BJ,BJ over a pair: EW climbs 3, not 6."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,AS|3S,3S|4S,4S|BJ,BJ points=20"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "6"}


def test_s7_joker_dig_trump_play_over_a_throw():
    """§7 Joker dig: "whatever the play's shape (a single, a pair, a joker tractor, a trump play
    over a throw)". South's last lead is the throw AS,KS; East trumps it with SJ,3H, whose
    highest card is the small joker: EW climbs 2. (The KS is East's: P = 40 + 10.)"""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,KS|SJ,3H|2S,3S|4S,6S points=50"
    )
    assert r.dig == "joker"
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "5"}


def test_s7_no_joker_dig_for_the_declaring_team():
    """§7 Joker dig: "a defender wins the last trick". South (declarer) wins it with BJ: no dig,
    P = 40 is 打成."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:BJ|2H|3H|4H points=40"
    )
    assert r.dig is None
    assert r.outcome == "dacheng"
    assert r.levels == {"NS": "6", "EW": "3"}


def test_s7_no_dig_when_the_winning_card_is_no_joker_below_level_j():
    """§7: a joker dig needs "the highest card of the winning play is a joker"; a level dig needs
    "level J, Q or K". At level 5 East wins the last trick with the level card 5D: no dig,
    P = 40 is 打成."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|5D|3S|4S points=40"
    )
    assert r.dig is None
    assert r.outcome == "dacheng"
    assert r.levels == {"NS": "6", "EW": "3"}


def test_s7_joker_dig_at_level_j_beats_level_dig():
    """§7: "Level dig ... a play whose cards are all level cards and whose highest card is not a
    joker"; a joker is a joker dig at any level. At level J, East's BJ wins the last trick:
    joker dig, EW climbs 3 and NS keeps J."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|BJ|3S|4S points=0"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "J", "EW": "7"}


# -- level dig ------------------------------------------------------------------------------


def test_s7_j_daodi_single_j_with_no_points():
    """§7 Level dig — J到底: "at level J, Q or K, a defender wins the last trick with a play whose
    cards are all level cards and whose highest card is not a joker ("单J或对J"). The defenders
    take over without climbing; the declaring team's level goes back to A (J)". With P = 0.
    §7.2: "a reset from J to A loses 10 levels": NS −2 −20."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|JD|3S|4S points=0"
    )
    assert r.dig == "level"
    assert r.outcome == "j_daodi"
    assert r.levels == {"NS": "A", "EW": "4"}
    assert r.scores == {"NS": -22, "EW": 2}
    assert r.next_declarer == "E"
    assert not r.match_won


def test_s7_j_daodi_pair_of_j():
    """§7 Level dig: "单J或对J". West trumps the pair AS,AS with the off-suit level pair JS,JS."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,AS|3S,3S|4S,4S|JS,JS points=60"
    )
    assert r.outcome == "j_daodi"
    assert r.levels == {"NS": "A", "EW": "4"}


def test_s7_level_dig_needs_only_level_cards():
    """§7 Level dig: "a play whose cards are all level cards". At level J, East trumps the
    throw AS,KS with JD,AH: not all level cards, no dig; P = 40 + 10 (KS) is 打成 and NS climbs
    from J to Q."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,KS|JD,AH|2S,3S|4S,6S points=50"
    )
    assert r.dig is None
    assert r.outcome == "dacheng"
    assert r.levels == {"NS": "Q", "EW": "4"}


def test_s7_q_banjie():
    """§7 Level dig — Q半截: "the declaring team's level goes back to ... 6 (Q)"; §7.2: Q → 6 is
    6 levels lost: NS −2 −12."""
    r = result(
        "chifeng level=Q trump=H declarer=S levels=NS:Q,EW:7 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|QC|3S|4S points=0"
    )
    assert r.dig == "level"
    assert r.outcome == "q_banjie"
    assert r.levels == {"NS": "6", "EW": "7"}
    assert r.scores == {"NS": -14, "EW": 2}
    assert r.next_declarer == "E"


def test_s7_q_banjie_with_140_points_is_not_gulupo():
    """§7: "A dig decides the hand whatever P is ... 轱辘坡 included, do not apply." Q半截 with
    P = 140: NS goes back to 6, not to A."""
    r = result(
        "chifeng level=Q trump=H declarer=S levels=NS:Q,EW:7 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|QH|3S|4S points=140"
    )
    assert r.outcome == "q_banjie"
    assert r.levels == {"NS": "6", "EW": "7"}


def test_s7_k_fantian_swap_chifeng():
    """§7 Level dig at K: "option k_dig — swap (K翻天 [000]: the two teams exchange levels)";
    `chifeng` has k_dig=swap (§9). East wins the last trick with KD (10 points)."""
    r = result(
        "chifeng level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|KD|3S|4S points=10"
    )
    assert r.dig == "level"
    assert r.outcome == "k_fantian"
    assert r.levels == {"NS": "4", "EW": "K"}
    assert r.next_declarer == "E"
    assert not r.match_won


def test_s7_2_k_fantian_scores():
    """§7.2: "+2 for taking over (上台), −2 for stepping down (下台), +2 per level climbed,
    −2 per level lost". **Ambiguous**: K翻天 says "the defenders take over without climbing" and
    then "the two teams exchange levels". Read literally, §7.2 counts level changes (a reset
    from J to A "loses 10 levels"), so EW going 4 → K gains 9 levels (+2 +18) and NS going
    K → 4 loses 9 (−2 −18)."""
    r = result(
        "chifeng level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|KD|3S|4S points=10"
    )
    assert r.levels == {"NS": "4", "EW": "K"}
    assert r.scores == {"NS": -20, "EW": 20}


def test_s7_k_sanji_ten_chifeng_classic():
    """§7 Level dig at K: "`ten` (K三级 [001]: back to 10)"; `chifeng-classic` has k_dig=ten.
    §7.2: K → 10 is 3 levels lost: NS −2 −6."""
    r = result(
        "chifeng-classic level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|KD|3S|4S points=10"
    )
    assert r.dig == "level"
    assert r.outcome == "k_sanji"
    assert r.levels == {"NS": "T", "EW": "4"}
    assert r.scores == {"NS": -8, "EW": 2}
    assert r.next_declarer == "E"


def test_s7_k_sanji_ten_chifeng_10():
    """§9: `chifeng-10` has k_dig=ten: K三级."""
    r = result(
        "chifeng-10 level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|KH|3S|4S points=10"
    )
    assert r.outcome == "k_sanji"
    assert r.levels == {"NS": "T", "EW": "4"}


# -- 潇洒 jokers in the kitty ------------------------------------------------------------------


def test_s7_xiaosa_small_joker_adds_two_to_the_declarers_climb():
    """§7: "Then the 潇洒 jokers (§6.4) add to the climb of whichever team won the hand: the
    declaring team if it stays"; §6.4: "2 extra levels per small joker". 打成 (+1) with SJ in
    the kitty: NS climbs 3, from 3 to 6; §7.2: +6."""
    r = result(
        "chifeng level=3 trump=H declarer=S levels=NS:3,EW:5 S=- E=- N=- W=- "
        "kitty=SJ,2D,4D,6D,7D,8D,9D,2C tricks=S:AS|4S|6S|7S points=40"
    )
    assert r.outcome == "dacheng"
    assert r.kitty_jokers_climb == 2
    assert r.levels == {"NS": "6", "EW": "5"}
    assert r.scores == {"NS": 6, "EW": 0}


def test_s7_xiaosa_jokers_stack_for_defenders_who_take_over():
    """§7: the 潇洒 jokers add to the climb of "the defenders if they take over"; §6.4: "2 extra
    levels per small joker and 3 per big joker in the final kitty (stacking)". 打破 with BJ
    and SJ in the kitty: EW climbs 5, from 2 to 7; §7.2: EW +2 +10, NS −2."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:2 S=- E=- N=- W=- "
        "kitty=BJ,SJ,2D,3D,4D,6D,7D,2C tricks=S:AS|3S|4S|6S points=100"
    )
    assert r.outcome == "dapo"
    assert r.kitty_jokers_climb == 5
    assert r.levels == {"NS": "5", "EW": "7"}
    assert r.scores == {"NS": -2, "EW": 12}


def test_s7_xiaosa_dry_kitty_counts_nothing():
    """§7: "Jokers lying in a 干巴锅 kitty count for nothing." (`dry=yes`). 打成 with BJ and SJ in
    a dry kitty (no heart in it): NS climbs only 1, from 3 to 4."""
    r = result(
        "chifeng level=3 trump=H declarer=S levels=NS:3,EW:5 S=- E=- N=- W=- "
        "kitty=BJ,SJ,2D,4D,6D,7D,8D,2C tricks=S:AS|4S|6S|7S points=40 dry=yes"
    )
    assert r.outcome == "dacheng"
    assert r.kitty_jokers_climb == 0
    assert r.levels == {"NS": "4", "EW": "5"}
    assert r.scores == {"NS": 2, "EW": 0}


def test_s7_xiaosa_joker_dig_and_kitty_jokers_make_one_climb():
    """§7: "The levels of the row or dig and those of the jokers make **one** climb". East's BJ
    digs (+3) and SJ lies in the kitty (+2): EW climbs 5, from 2 to 7."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:2 S=- E=- N=- W=- "
        "kitty=SJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|BJ|3S|4S points=30"
    )
    assert r.outcome == "joker_dig"
    assert r.kitty_jokers_climb == 2
    assert r.levels == {"NS": "5", "EW": "7"}
    assert r.scores == {"NS": -2, "EW": 12}


def test_s7_xiaosa_after_k_fantian_climbs_from_the_new_level():
    """§7: the jokers add to the defenders' climb "(after a K翻天 swap, from their new level)";
    §7.1: a climb "never passes K". EW swaps up to K, and the kitty's SJ cannot take it past K."""
    r = result(
        "chifeng level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        "kitty=SJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|KD|3S|4S points=10"
    )
    assert r.outcome == "k_fantian"
    assert r.levels == {"NS": "4", "EW": "K"}


# -- §7.1 must-play levels ------------------------------------------------------------------


def test_s7_1_climb_of_three_from_9_stops_at_j():
    """§7.1: "Every climb, by either team, of n levels stops at the first must-play level it
    reaches ... Examples: from 9, a climb of 3 stops at J". 光牌 at 9: NS to J (+2 levels:
    §7.2 +4)."""
    r = result(
        "chifeng level=9 trump=H declarer=S levels=NS:9,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.outcome == "guangpai"
    assert r.levels == {"NS": "J", "EW": "3"}
    assert r.scores == {"NS": 4, "EW": 0}


def test_s7_1_climb_of_six_from_9_stops_at_j():
    """§7.1: "from 9, 光牌 (+3) with a big joker in the kitty (+3) is one climb of 6 and stops at
    J." """
    r = result(
        "chifeng level=9 trump=H declarer=S levels=NS:9,EW:3 S=- E=- N=- W=- "
        "kitty=BJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.outcome == "guangpai"
    assert r.levels == {"NS": "J", "EW": "3"}
    assert r.scores == {"NS": 4, "EW": 0}


def test_s7_1_climb_from_9_stops_at_10_in_chifeng_10():
    """§7.1: "Must-play levels: ... 10, J, Q, K in chifeng-10 ([002] 10不过). Examples: from 9, a
    climb of 3 stops at J (at 10 in chifeng-10)"."""
    r = result(
        "chifeng-10 level=9 trump=H declarer=S levels=NS:9,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.outcome == "guangpai"
    assert r.levels == {"NS": "T", "EW": "3"}
    assert r.scores == {"NS": 2, "EW": 0}


def test_s7_1_ten_is_not_a_must_play_level_in_chifeng():
    """§7.1: "Must-play levels: J, Q, K in chifeng and chifeng-classic". From 8, 光牌 passes 10
    and stops at J."""
    for preset in ("chifeng", "chifeng-classic"):
        r = result(
            f"{preset} level=8 trump=H declarer=S levels=NS:8,EW:3 S=- E=- N=- W=- "
            f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
        )
        assert r.levels == {"NS": "J", "EW": "3"}, preset


def test_s7_1_climb_from_8_stops_at_10_in_chifeng_10():
    """§7.1: "10, J, Q, K in chifeng-10": from 8, 光牌 stops at 10."""
    r = result(
        "chifeng-10 level=8 trump=H declarer=S levels=NS:8,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.levels == {"NS": "T", "EW": "3"}


def test_s7_1_climb_may_start_from_a_must_play_level():
    """§7.1: "stops at the first must-play level it reaches (it may start from one)". 光牌 at J:
    NS climbs to Q and stops there."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.outcome == "guangpai"
    assert r.levels == {"NS": "Q", "EW": "3"}
    assert r.scores == {"NS": 2, "EW": 0}


def test_s7_1_defenders_climb_stops_at_j_too():
    """§7.1: "Every climb, by either team". EW at 9 digs with BJ (+3): EW stops at J."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:9 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|BJ|3S|4S points=0"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "J"}
    assert r.scores == {"NS": -2, "EW": 6}


def test_s7_1_climb_never_passes_k():
    """§7.1: a climb "never passes K". EW at K take over (打破) with BJ in the kitty (+3): EW
    stays at K."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:K S=- E=- N=- W=- "
        "kitty=BJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|3S|4S|6S points=100"
    )
    assert r.outcome == "dapo"
    assert r.levels == {"NS": "5", "EW": "K"}
    assert r.scores == {"NS": -2, "EW": 2}


def test_s7_1_climb_from_q_stops_at_k():
    """§7.1: K is a must-play level and a climb "never passes K": 光牌 at Q reaches K."""
    r = result(
        "chifeng level=Q trump=H declarer=S levels=NS:Q,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.levels == {"NS": "K", "EW": "3"}
    assert r.scores == {"NS": 2, "EW": 0}


# -- §7.2 hand score ------------------------------------------------------------------------


def test_s7_2_score_of_a_long_climb():
    """§7.2: "+2 per level climbed". 光牌 at 2 with BJ and SJ in the kitty: NS climbs 3+3+2 = 8,
    from 2 to 10 (no must-play level on the way in chifeng): +16."""
    r = result(
        "chifeng level=2 trump=H declarer=S levels=NS:2,EW:3 S=- E=- N=- W=- "
        "kitty=BJ,SJ,3D,4D,6D,7D,8D,3C tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.levels == {"NS": "T", "EW": "3"}
    assert r.kitty_jokers_climb == 5
    assert r.scores == {"NS": 16, "EW": 0}


def test_s7_2_score_when_defenders_take_over_by_gulupo_from_j():
    """§7.2: "−2 per level lost (a reset from J to A loses 10 levels)". 轱辘坡 at J: NS −2 −20,
    EW +2."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:6 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=150"
    )
    assert r.outcome == "gulupo"
    assert r.levels == {"NS": "A", "EW": "6"}
    assert r.scores == {"NS": -22, "EW": 2}


def test_s7_j_daodi_with_two_different_level_cards():
    """§7 Level dig: "a play whose cards are all level cards and whose highest card is not a
    joker ("单J或对J")". **Ambiguous**: East trumps the throw AS,KS with JD,JC, two level cards
    that are neither a single J nor a pair of J. The rule's own words ("all level cards") make
    it a J到底; the quoted [000] phrase could be read as limiting it to a single or a pair.
    This test follows the rule's words."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,KS|JD,JC|2S,3S|4S,6S points=10"
    )
    assert r.dig == "level"
    assert r.outcome == "j_daodi"
    assert r.levels == {"NS": "A", "EW": "4"}


def test_s7_xiaosa_jokers_add_to_the_defenders_after_j_daodi():
    """§7: "the 潇洒 jokers (§6.4) add to the climb of whichever team won the hand: ... the
    defenders if they take over". J到底 (no climb of its own) with BJ in the kitty: EW climbs 3,
    from 4 to 7; NS goes back to A."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        "kitty=BJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|JD|3S|4S points=0"
    )
    assert r.outcome == "j_daodi"
    assert r.kitty_jokers_climb == 3
    assert r.levels == {"NS": "A", "EW": "7"}
    assert r.scores == {"NS": -22, "EW": 8}


def test_s7_xiaosa_jokers_add_to_the_defenders_after_k_sanji():
    """§7: the jokers add to the defenders' climb when they take over; K三级 (chifeng-classic):
    NS back to 10, EW climbs 2 for the SJ in the kitty, from 4 to 6."""
    r = result(
        "chifeng-classic level=K trump=H declarer=S levels=NS:K,EW:4 S=- E=- N=- W=- "
        "kitty=SJ,2D,3D,4D,6D,7D,8D,2C tricks=S:AS|KD|3S|4S points=10"
    )
    assert r.outcome == "k_sanji"
    assert r.levels == {"NS": "T", "EW": "6"}
    assert r.scores == {"NS": -8, "EW": 6}


def test_s7_joker_dig_by_a_defenders_lead():
    """§7 Joker dig: "a defender wins the last trick and the highest card of the winning play is a
    joker". East leads BJ to the last trick and wins it: EW climbs 3."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=E:BJ|2H|3H|4H points=60"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "6"}


def test_s7_joker_dig_counts_the_winning_play_only():
    """§7 Joker dig: "the highest card of the winning play". North's BJ is thrown away in a
    discard (BJ,2D on a spade pair); East wins with SJ,SJ: a small-joker dig, EW climbs 2."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,AS|SJ,SJ|BJ,2D|3S,4S points=20"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "5"}


def test_s7_level_cards_with_a_joker_are_a_joker_dig():
    """§7 Level dig: "whose highest card is not a joker"; Joker dig "whatever the play's shape".
    At level J East trumps the throw AS,KS with JD,BJ: a big-joker dig (EW +3), not J到底."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS,KS|JD,BJ|2S,3S|4S,6S points=10"
    )
    assert r.dig == "joker"
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "J", "EW": "7"}


def test_s7_j_daodi_by_a_defenders_lead():
    """§7 Level dig: "a defender wins the last trick with a play whose cards are all level cards".
    East leads JH (the trump-suit J) to the last trick and wins it: J到底."""
    r = result(
        "chifeng level=J trump=H declarer=S levels=NS:J,EW:4 S=- E=- N=- W=- "
        f"{KITTY} tricks=E:JH|2H|3H|4H points=0"
    )
    assert r.outcome == "j_daodi"
    assert r.levels == {"NS": "A", "EW": "4"}
