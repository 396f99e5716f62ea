"""Golden tests for rules §8.3 (winning the match) and §8.4 (the next declarer)."""

import pytest
from golden_helpers import position

KITTY = "kitty=2D,3D,4D,6D,7D,8D,9D,2C"


def result(text: str):
    p = position(text)
    assert p.is_over
    return p.result()


# -- §8.3 -----------------------------------------------------------------------------------


def test_s8_3_declarers_at_k_win_the_match_by_dacheng():
    """§8.3: "A team that wins a hand as declarers (光牌 or 打成) while at level K wins the
    match." NS declares at K and keeps the defenders to 40 points."""
    r = result(
        "chifeng level=K trump=H declarer=S levels=NS:K,EW:9 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=40"
    )
    assert r.outcome == "dacheng"
    assert r.match_won
    assert r.levels == {"NS": "K", "EW": "9"}


def test_s8_3_declarers_at_k_win_the_match_by_guangpai():
    """§8.3: "wins a hand as declarers (光牌 or 打成) while at level K wins the match." """
    r = result(
        "chifeng level=K trump=H declarer=E levels=NS:4,EW:K S=- E=- N=- W=- "
        f"{KITTY} tricks=E:AS|3S|4S|6S points=0"
    )
    assert r.outcome == "guangpai"
    assert r.match_won


def test_s8_3_declarers_at_k_who_lose_the_hand_do_not_win():
    """§8.3: only a hand won as declarers wins the match: 打破 at K does not."""
    r = result(
        "chifeng level=K trump=H declarer=S levels=NS:K,EW:9 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=80"
    )
    assert r.outcome == "dapo"
    assert not r.match_won


def test_s8_3_reaching_k_is_not_winning_the_match():
    """§8.3: the match is won by winning a hand "while at level K": 光牌 at Q brings NS to K, and
    the match goes on."""
    r = result(
        "chifeng level=Q trump=H declarer=S levels=NS:Q,EW:9 S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|3S|4S|6S points=0"
    )
    assert r.levels == {"NS": "K", "EW": "9"}
    assert not r.match_won


def test_s8_3_defenders_at_k_who_take_over_do_not_win():
    """§8.3: the match is won "as declarers": EW at K digging the kitty with BJ takes over but
    does not win the match."""
    r = result(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:K S=- E=- N=- W=- "
        f"{KITTY} tricks=S:AS|BJ|3S|4S points=0"
    )
    assert r.outcome == "joker_dig"
    assert r.levels == {"NS": "5", "EW": "K"}
    assert not r.match_won


# -- §8.4 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, partner",
    [
        ("chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 tricks=S:AS|3S|4S|6S", "N"),
        ("chifeng level=5 trump=H declarer=E levels=NS:3,EW:5 tricks=E:AS|3S|4S|6S", "W"),
        ("chifeng level=5 trump=H declarer=N levels=NS:5,EW:3 tricks=N:AS|3S|4S|6S", "S"),
        ("chifeng level=5 trump=H declarer=W levels=NS:3,EW:5 tricks=W:AS|3S|4S|6S", "E"),
    ],
)
def test_s8_4_declarers_stay_next_declarer_is_the_partner(text, partner):
    """§8.4: "Next declarer: if the declaring team stays, the declarer's partner (对家)". 打成
    (P = 40), the declarer wins the last trick."""
    r = result(f"{text} S=- E=- N=- W=- {KITTY} points=40")
    assert r.outcome == "dacheng"
    assert r.next_declarer == partner


@pytest.mark.parametrize(
    "text, next_seat",
    [
        ("chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 tricks=S:AS|3S|4S|6S", "E"),
        ("chifeng level=5 trump=H declarer=E levels=NS:3,EW:5 tricks=E:AS|3S|4S|6S", "N"),
        ("chifeng level=5 trump=H declarer=N levels=NS:5,EW:3 tricks=N:AS|3S|4S|6S", "W"),
        ("chifeng level=5 trump=H declarer=W levels=NS:3,EW:5 tricks=W:AS|3S|4S|6S", "S"),
    ],
)
def test_s8_4_defenders_take_over_next_declarer_is_the_next_seat(text, next_seat):
    """§8.4: "if the defenders take over, the declarer's next seat (下家)" — counterclockwise,
    S → E → N → W → S (§1). 打破 (P = 100)."""
    r = result(f"{text} S=- E=- N=- W=- {KITTY} points=100")
    assert r.outcome == "dapo"
    assert r.next_declarer == next_seat


def test_s8_4_next_declarer_after_a_dig():
    """§8.4: after a dig the defenders take over (§7): the declarer's next seat. West declares,
    North digs with SJ: South declares next."""
    r = result(
        "chifeng level=5 trump=H declarer=W levels=NS:3,EW:5 S=- E=- N=- W=- "
        f"{KITTY} tricks=W:AS|3S|4S|SJ points=0"
    )
    assert r.outcome == "joker_dig"
    assert r.next_declarer == "S"
    assert r.levels == {"NS": "5", "EW": "5"}
