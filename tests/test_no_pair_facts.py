"""The "no pair left" facts of rules §10.4 in a position string (`voids=E:H!S`: void in hearts,
no pair of spades): parsed, printed, refused when contradicted, and kept by the world sampler."""

from __future__ import annotations

import pytest

from duidiao import Cards, NotationError, Position, sample_worlds

BASE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,"
    "AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S "
    "tricks=S:AC|4C|TC|6C trick=S:"
)


def test_s10_4_no_pair_facts_round_trip() -> None:
    """§10.4: "A follower that plays fewer pairs than the lead asked for has shown that it holds
    no more pairs in that suit" — the notation writes it after `!`, in canonical suit order."""
    pos = Position(BASE + " voids=E:!SD,W:C!T")
    assert str(pos).endswith("voids=E:D!S,W:!TC")
    assert Position(str(pos)) == pos
    # the prefix is its one suit's (`E:H!S`): no pair of diamonds, void in spades
    assert Position(BASE + " voids=E:!DS").voids["E"] == "S"
    assert Position(BASE + " voids=E:!DS").no_pair_masks[1] == 1 << 1
    assert str(Position(BASE)).endswith("trick=S:")  # no facts, nothing written


@pytest.mark.parametrize("voids, message", [
    ("E:D!D", "voids: 'E:D!D' names D twice"),
    ("E:D!", "voids: 'E:D!': no suit after ! (no pair left)"),
    ("E:!X", "voids: 'E:!X': 'X' is not a suit"),
    ("S:!S", "voids: S has no pair left in spades but holds 9S,9S"),
])
def test_s10_4_bad_no_pair_facts(voids: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Position(BASE + f" voids={voids}")
    assert str(info.value).startswith(message), str(info.value)


def test_s10_4_worlds_keep_the_no_pair_facts() -> None:
    """No sampled world gives E a pair of spades or diamonds, or W a pair of trumps."""
    pos = Position(BASE + " voids=E:!D!S,W:!T")
    worlds = sample_worlds(pos, 60, seed=3)
    free = sample_worlds(Position(BASE), 60, seed=3)

    def pairs(world: Position, seat: str, suit: str) -> int:
        cards = Cards(world.hands[seat])
        return sum(
            1 for c in set(cards)
            if cards.count(c) == 2 and c.effective_suit(world.level, world.trump) == suit
        )

    for world in worlds:
        assert pairs(world, "E", "S") == pairs(world, "E", "D") == 0
        assert pairs(world, "W", "T") == 0
    # without the facts such pairs are common: the test can fail
    assert sum(pairs(w, "E", "S") + pairs(w, "W", "T") for w in free) > 0
