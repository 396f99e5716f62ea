"""§10.1: "Levels run 2, 3, …, 10, J, Q, K, A, and both teams start at 2" — the `ladder`
option (`2-A`) on a Chifeng base: the level letters mean the same cards on both ladders, the
climb stops at the top, and declarers who stay at the top win the match (§8.3, §10.7)."""

from __future__ import annotations

import pytest
from golden_helpers import complete

from duidiao import Cards, HandResult, Rules
from duidiao.play.cards import RANKS
from duidiao.play.notation import parse_record
from duidiao.play.position import _build

# The last trick: South (declaring) leads the trump ace, nobody can beat it, no points out.
LAST = (
    "chifeng level={level} trump=H declarer=S levels=NS:{level},EW:{other}"
    " S=BJ E=3D N=4D W=6D turn=S points=0"
)


def _result(level: str, other: str, ladder: str) -> HandResult:
    text = complete(LAST.format(level=level, other=other))
    rules = Rules.preset("chifeng").replace(ladder=ladder, must_play_levels=())
    record = parse_record(text)
    hand = _build(record, rules, 0)
    for cards in ("BJ", "3D", "4D", "6D"):
        c = Cards(cards)
        hand.play(c.masks, False)
    levels = [rules.position(lv) for lv in record.levels]
    return HandResult.from_core(hand.result(*levels), rules)


def test_s10_1_the_ladders_letters() -> None:
    """§10.1: the standard ladder runs 2 … A; Chifeng's A … K (§3)."""
    assert Rules.preset("chifeng").replace(ladder="2-A").ladder_letters == "23456789TJQKA"
    assert Rules.preset("chifeng").ladder_letters == "A23456789TJQK"


@pytest.mark.parametrize("ladder, level, after, won", [
    ("2-A", "A", "A", True),  # at the top: the match is won, no climb past A
    ("A-K", "A", "4", False),  # at the foot of Chifeng's ladder: 光牌 climbs 3
    ("2-A", "Q", "A", False),  # Q, K, A: stopped at the top
    ("A-K", "Q", "K", False),  # Q, K: stopped at Chifeng's top
])
def test_s10_1_climbs_on_each_ladder(ladder: str, level: str, after: str, won: bool) -> None:
    """§10.7: "Climbs never pass A, and a team that wins a hand as declarers at A wins the
    match" (on Chifeng's ladder, K: §8.3). 光牌 (no points) climbs 3."""
    result = _result(level, "5", ladder)
    assert result.outcome == "guangpai" and result.declarers_stay
    assert result.levels == {"NS": after, "EW": "5"}
    assert result.match_won is won


def test_s10_1_a_level_letter_names_the_same_cards_on_both_ladders() -> None:
    """§10.1: at level A the aces are the level cards, at level 2 the 2s, on either ladder;
    only the level's place on the ladder differs."""
    for ladder, place_of_a in (("A-K", 0), ("2-A", 12)):
        rules = Rules.preset("chifeng").replace(ladder=ladder)
        core = rules.to_core()
        assert rules.position("A") == place_of_a
        assert core.level_rank(rules.position("A")) == RANKS.index("A")
        assert core.level_rank(rules.position("2")) == RANKS.index("2")
