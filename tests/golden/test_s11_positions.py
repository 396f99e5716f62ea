"""Rules §11.12's whole positions, played by the engine: G14 and G15 (§11.5, following a
Titanic with a tractor), G38 (§11.9, one deck: the kitty ×2 and the bands of 20) and G39
(§11.9, 欢乐升级: the component multiplier, a stake of 8 and the base X)."""

from __future__ import annotations

import pytest

from duidiao import Position
from duidiao.play.errors import IllegalMoveError

G14 = (
    "three-deck level=5 trump=S declarer=S levels=NS:5,EW:3 stake=2 S=?33 "
    "E=BJ,5H,AS,JS,TS,9S,8S,7S,6S,6S,4S,3S,AH,KH,KH,JH,JH,TH,9H,9H,7H,6H,3H,AD,JD,TD,TD,8D,7D,7D,"
    "4D,QC,QC,JC,JC,3C,3C,3C,2C N=?39 W=?39 kitty=?6 trick=S:8C,8C,8C,7C,7C,7C"
)
G38 = (
    "one-deck level=2 trump=H declarer=S levels=NS:2,EW:5 S=- E=- N=- W=- "
    "kitty=KD,8D,TS,3S,9C,5C tricks=E:QC|4C|AC|3C gone=BJ,SJ,2H,2D,2S,2C,AH,KH,QH,JH,TH,9H,8H,"
    "7H,6H,5H,4H,3H,AD,QD,JD,TD,9D,7D,6D,5D,4D,3D,AS,KS,QS,JS,9S,8S,7S,6S,5S,4S,KC,JC,TC,8C,7C,"
    "6C points=30"
)
G39 = (
    "huanle level=T trump=NT declarer=S levels=NS:T,EW:6 stake=8 S=- E=- N=- W=- "
    "kitty=KH,9H,8H,7D,6D,5S,4S,3S tricks=E:4C,4C,3C,3C|QC,JC,9C,8C|7C,7C,6C,2C|AD,QD,JD,9D "
    "gone=BJ,BJ,SJ,SJ,TH,TH,TD,TD,TS,TS,TC,TC,AH,AH,KH,QH,QH,JH,JH,9H,8H,7H,7H,6H,6H,5H,5H,4H,4H,"
    "3H,3H,2H,2H,AD,KD,KD,QD,JD,9D,8D,8D,7D,6D,5D,5D,4D,4D,3D,3D,2D,2D,AS,AS,KS,KS,QS,QS,JS,JS,9S,"
    "9S,8S,8S,7S,7S,6S,6S,5S,4S,3S,2S,2S,AC,AC,KC,KC,QC,JC,9C,8C,6C,5C,5C,2C points=60"
)


def test_s11_5_g14_a_titanic_followed_by_a_tractor_and_any_two() -> None:
    position = Position(G14)
    assert position.is_legal("QC,QC,JC,JC,3C,2C")


def test_s11_5_g15_the_tractor_comes_before_the_triples() -> None:
    position = Position(G14)
    assert not position.is_legal("3C,3C,3C,QC,QC,2C")
    with pytest.raises(IllegalMoveError) as info:
        position.play("3C,3C,3C,QC,QC,2C")
    assert info.value.reason == "tractor_not_followed"
    assert "E must follow the Titanic with a tractor of 2 pairs of clubs" in str(info.value)


def test_s11_9_g38_one_deck_doubles_the_kitty_and_climbs_by_bands_of_20() -> None:
    r = Position(G38).result()
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, 2, 80)
    assert r.outcome == "dapo_climb" and r.levels["EW"] == "7" and r.next_declarer == "E"
    assert r.scores == {"NS": -2, "EW": 6} and (r.stake, r.base) == (1, 0)


def test_s11_9_g39_huanle_stakes_and_the_component_multiplier() -> None:
    r = Position(G39).result()
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (15, 16, 300)
    assert r.outcome == "dapo_climb" and r.levels["EW"] == "J" and r.next_declarer == "E"
    assert (r.stake, r.base) == (8, 7) and r.scores == {"NS": -56, "EW": 56}
