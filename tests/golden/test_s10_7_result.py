"""Golden tests for rules §10.7 (the result of the standard game): the kitty's points and their
multipliers, the bands of 40 points, the gates.

The presets that use these options (`tractor`, `shanghai`) are not playable yet (their ladder
is not), so the positions are Chifeng positions on the A-K ladder played under the §10.7
options: `scoring=bands`, `digs=off`, `xiaosa=off` and `kitty_points=power` (or `cards`), and
for the gates `must_play_levels` 2, 5, 10, K with `gated_takeover=on`. Every position is at the
end of its hand: all hands empty, the last trick in ``tricks=``, the kitty known, every other
card in ``gone=`` (filled in by ``complete``), the defenders' points from tricks P in
``points=``. South declares: NS is the declaring team, EW the defenders.
"""

from __future__ import annotations

import pytest
from golden_helpers import position_under

from duidiao import Rules

BANDS = {"scoring": "bands", "digs": False, "xiaosa": False, "kitty_points": "power"}
# A kitty of 25 points (KC, TC, 5C), and one of none.
KITTY_25 = "kitty=KC,TC,5C,2D,3D,4D,6D,7D"
KITTY_0 = "kitty=2D,3D,4D,6D,7D,8D,9D,2C"
# Low cards for the followers of the last trick (no points, no trumps, none in KITTY_25).
FOLLOW = {
    "N": "8D,9D,JD,QD,AD,8D",
    "W": "2C,3C,4C,6C,2C,3C",
    "S": "7C,8C,9C,JC,QC,AC",
}
# A last trick the declarer wins with a single, at every level below A.
LAST_BY_SOUTH = "tricks=S:AS|7S|8S|9S"
# The gates of `shanghai` (2, 5, 10, K), as positions on the A-K ladder.
GATES = {"must_play_levels": (1, 4, 9, 12), "gated_takeover": True}


def rules(**options: object) -> Rules:
    return Rules.preset("chifeng").replace(**{**BANDS, **options})


def result(text: str, **options: object):
    p = position_under(text, rules(**options))
    assert p.is_over
    return p.result()


def last_trick_by_east(lead: str) -> str:
    """The last trick: East leads ``lead``, North, West and South follow with as many low
    cards of other suits."""
    n = len(lead.split(","))
    follow = "|".join(",".join(FOLLOW[s].split(",")[:n]) for s in "NWS")
    return f"tricks=E:{lead}|{follow}"


def end(level: str, levels: str, kitty: str, tricks: str, points: int) -> str:
    return (
        f"chifeng level={level} trump=H declarer=S levels={levels} S=- E=- N=- W=- "
        f"{kitty} {tricks} points={points}"
    )


# -- the kitty's points ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "lead, multiplier",
    [
        ("AS", 2),  # a single: L = 0
        ("AS,QS", 2),  # a throw of singles: still L = 0
        ("AS,AS", 4),  # a pair: L = 1
        ("AS,AS,QS", 4),  # a pair and a single
        ("7S,7S,8S,8S", 8),  # a tractor of 2
        ("7S,7S,8S,8S,QS,QS", 8),  # a tractor of 2 and a pair
        ("7S,7S,8S,8S,9S,9S", 16),  # a tractor of 3
    ],
)
def test_s10_7_power_multiplier_by_the_longest_tractor(lead: str, multiplier: int) -> None:
    """§10.7: "When a defender wins the last trick, the defenders add the buried kitty's points
    times a multiplier (`kitty_points`): `tractor`: ×2^(1+L), L the length of the longest
    tractor among the winning play's own components (a pair counts as L = 1, singles only as
    L = 0), whatever it beat: ×2, ×4, ×8, …" and "The defenders' total *T*, kitty included,
    decides the hand (it is the result's points, always a multiple of 5)"."""
    r = result(end("5", "NS:5,EW:3", KITTY_25, last_trick_by_east(lead), 20))
    assert (r.kitty_points, r.kitty_multiplier) == (25, multiplier)
    assert r.points == 20 + 25 * multiplier
    assert r.dig is None


def test_s10_7_power_multiplier_whatever_it_beat() -> None:
    """§10.7 `tractor`: "L the length of the longest tractor among the winning play's own
    components ..., whatever it beat": East's trump pair over South's two singles is a pair."""
    r = result(
        end("5", "NS:5,EW:3", KITTY_25, "tricks=S:AS,KS|2H,2H|8D,9D|2C,3C", 20)
    )  # S throws AS,KS; E trumps with the pair 2H,2H
    assert (r.kitty_multiplier, r.points) == (4, 20 + 25 * 4)


@pytest.mark.parametrize(
    "lead, multiplier",
    [
        ("AS", 2),  # ×2 × 1
        ("AS,QS", 4),  # ×2 × 2: two singles
        ("AS,AS", 4),  # ×2 × 2: a pair counts its cards, not its shape
        ("AS,QS,9S,7S", 8),  # ×2 × 4
        ("7S,7S,8S,8S", 8),  # ×2 × 4: a tractor counts its cards too
    ],
)
def test_s10_7_cards_multiplier_by_the_cards_played(lead: str, multiplier: int) -> None:
    """§10.7: "`shanghai`: ×2 times the number of cards each player played to the last
    trick"."""
    r = result(
        end("5", "NS:5,EW:3", KITTY_25, last_trick_by_east(lead), 20), kitty_points="cards"
    )
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, multiplier, 20 + 25 * multiplier)


@pytest.mark.parametrize("kitty_points", ["power", "cards"])
def test_s10_7_kitty_points_only_when_a_defender_wins_the_last_trick(kitty_points: str) -> None:
    """§10.7: "When a defender wins the last trick, the defenders add the buried kitty's
    points times a multiplier": the declarer or its partner winning it, they count for
    nobody."""
    for tricks in (
        "tricks=S:AS,AS|8D,9D|JD,QD|2C,3C",  # the declarer (S) wins with a pair
        "tricks=N:AS,AS|2C,3C|7C,8C|8D,9D",  # its partner (N) does
    ):
        r = result(end("5", "NS:5,EW:3", KITTY_25, tricks, 60), kitty_points=kitty_points)
        assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, 0, 60)
        assert (r.outcome, r.declarers_stay) == ("dacheng", True)
    r = result(
        end("5", "NS:5,EW:3", KITTY_25, "tricks=E:AS,AS|8D,9D|2C,3C|7C,8C", 60),
        kitty_points=kitty_points,
    )
    assert (r.kitty_multiplier, r.points, r.outcome) == (4, 160, "dapo_climb")
    assert r.levels == {"NS": "5", "EW": "5"} and r.scores == {"NS": -2, "EW": 6}


def test_s10_7_kitty_points_never_in_chifeng() -> None:
    """§9: `kitty_points=never` in the Chifeng presets: the kitty's points count for nobody
    (its face points are reported, with no multiplier)."""
    r = result(
        end("5", "NS:5,EW:3", KITTY_25, "tricks=E:AS,AS|8D,9D|2C,3C|7C,8C", 60),
        scoring="chifeng",
        digs=True,
        xiaosa=True,
        kitty_points="never",
    )
    assert (r.kitty_points, r.kitty_multiplier, r.points, r.outcome) == (25, 0, 60, "dacheng")


# -- the bands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "points, outcome, stay, climb",
    [
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
    ],
)
def test_s10_7_bands(points: int, outcome: str, stay: bool, climb: int) -> None:
    """§10.7: "| 0 | the declaring team climbs 3 | 5 – 35 | the declaring team climbs 2 |
    40 – 75 | the declaring team climbs 1 | 80 – 115 | the defenders take over | 120 – 155 |
    the defenders take over and climb 1 | 160 and more | one more level for every further 40
    points |" and "There are no digs of §7 and no 轱辘坡"; §7.2's hand score."""
    ladder = "A23456789TJQK"
    r = result(end("5", "NS:5,EW:3", KITTY_0, LAST_BY_SOUTH, points))
    assert (r.points, r.outcome, r.declarers_stay, r.dig) == (points, outcome, stay, None)
    if stay:
        assert r.levels == {"NS": ladder[ladder.index("5") + climb], "EW": "3"}
        assert r.scores == {"NS": 2 * climb, "EW": 0} and r.next_declarer == "N"
    else:
        assert r.levels == {"NS": "5", "EW": ladder[ladder.index("3") + climb]}
        assert r.scores == {"NS": -2, "EW": 2 + 2 * climb} and r.next_declarer == "E"


@pytest.mark.parametrize("p, t, climb", [(20, 220, 3), (140, 240, 4), (155, 255, 4)])
def test_s10_7_bands_past_200_with_the_kitty(p: int, t: int, climb: int) -> None:
    """§10.7: "| 160 and more | one more level for every further 40 points |": past the 200
    points of the tricks only with the kitty (×4 a pair, ×8 a tractor of 2)."""
    lead = "7S,7S,8S,8S" if t == 220 else "AS,AS"
    r = result(end("5", "NS:5,EW:3", KITTY_25, last_trick_by_east(lead), p))
    assert (r.points, r.outcome) == (t, "dapo_climb")
    assert r.levels == {"NS": "5", "EW": "A23456789TJQK"[2 + climb]}
    assert r.scores == {"NS": -2, "EW": 2 + 2 * climb}


def test_s10_7_no_digs_no_xiaosa() -> None:
    """§10.7: "There are no digs of §7 and no 轱辘坡"; §10.6: "There is no 干巴锅, no 抢牌 and
    no 潇洒": a joker winning the last trick digs nothing, the kitty's jokers climb nobody."""
    r = result(
        end(
            "J",
            "NS:J,EW:3",
            "kitty=BJ,SJ,2D,3D,4D,6D,7D,8D",
            "tricks=E:BJ|2C|3C|4C",
            20,
        )
    )
    assert (r.dig, r.outcome, r.kitty_jokers_climb) == (None, "xiaoguang", 0)
    assert r.levels == {"NS": "Q", "EW": "3"}  # J + 2 stops at Q (a must-play level, §7.1)


# -- the gates -------------------------------------------------------------------------------


def test_s10_7_a_gate_stops_a_climb() -> None:
    """§10.7 **Gates**: "a climb stops at the first of 2, 5, 10 and K that it would pass
    (landing on a gate is not passing it)"."""
    # From 4, a climb of 3 (0 points) would pass 5: it stops there.
    r = result(end("4", "NS:4,EW:8", KITTY_0, LAST_BY_SOUTH, 0), **GATES)
    assert (r.outcome, r.levels) == ("guangpai", {"NS": "5", "EW": "8"})
    assert r.scores == {"NS": 2, "EW": 0}
    # From 3, a climb of 2 lands on 5.
    r = result(end("3", "NS:3,EW:8", KITTY_0, LAST_BY_SOUTH, 20), **GATES)
    assert (r.outcome, r.levels["NS"]) == ("xiaoguang", "5")
    # Defenders climbing 3 from 8 with 200 points would pass 10: they stop there.
    r = result(end("4", "NS:4,EW:8", KITTY_0, LAST_BY_SOUTH, 200), **GATES)
    assert (r.outcome, r.levels) == ("dapo_climb", {"NS": "4", "EW": "T"})
    assert r.scores == {"NS": -2, "EW": 6}


def test_s10_7_declarers_climb_from_the_gate_they_held() -> None:
    """§10.7 **Gates**: "a team on a gate climbs from it only as declarers who held it"."""
    r = result(end("5", "NS:5,EW:7", KITTY_0, LAST_BY_SOUTH, 0), **GATES)
    assert (r.outcome, r.levels["NS"], r.scores["NS"]) == ("guangpai", "8", 6)


@pytest.mark.parametrize("kitty_points", ["power", "cards"])
def test_s10_7_defenders_on_a_gate_take_over_without_climbing(kitty_points: str) -> None:
    """§10.7 **Gates**: "defenders who take over while their level is a gate take over without
    climbing"; off a gate they climb (`gated_takeover`)."""
    for ew, after, score in (("5", "5", 2), ("T", "T", 2), ("6", "8", 6)):
        r = result(
            end("3", f"NS:3,EW:{ew}", KITTY_25, "tricks=E:AS,AS|8D,9D|2C,3C|7C,8C", 60),
            kitty_points=kitty_points,
            **GATES,
        )
        assert (r.points, r.outcome, r.declarers_stay) == (160, "dapo_climb", False)
        assert r.levels == {"NS": "3", "EW": after} and r.scores == {"NS": -2, "EW": score}
        assert r.next_declarer == "E"
    # Without gated_takeover, the defenders climb from a gate like anyone (and stop at the next).
    r = result(
        end("3", "NS:3,EW:5", KITTY_25, "tricks=E:AS,AS|8D,9D|2C,3C|7C,8C", 60),
        kitty_points=kitty_points,
        must_play_levels=(1, 4, 9, 12),
    )
    assert r.levels == {"NS": "3", "EW": "7"}
