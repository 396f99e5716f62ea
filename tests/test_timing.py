"""Decision times (duidiao.research.timing, ``duidiao timing``): every decision of hands timed."""

from __future__ import annotations

import json
import math

import pytest

pytest.importorskip("duidiao._core")

from duidiao.cli import main  # noqa: E402
from duidiao.research.timing import PhaseTimes, decision_times  # noqa: E402


def test_every_decision_is_counted() -> None:
    t = decision_times("heuristic", hands=3, seed=2, preset="shanghai")
    # four plays a trick (a play may be several cards), one bury a hand; the standard game
    # has no 潇洒 and no 抢牌
    plays = t.phases["play"].count
    assert plays % 4 == 0 and 3 * 4 <= plays <= 3 * 100 and t.phases["bury"].count == 3
    assert t.phases["grab"].count == 0 and t.phases["xiaosa"].count == 0
    play = t.phases["play"]
    assert 0 < play.quantiles[50] <= play.quantiles[90] <= play.quantiles[99] <= play.max


def test_quantiles_are_times_some_decision_took() -> None:
    p = PhaseTimes.of([0.001 * k for k in range(1, 101)])  # 1..100 ms
    assert (p.count, p.quantiles[50], p.quantiles[90], p.quantiles[99]) == (100, 50, 90, 99)
    assert math.isclose(p.mean, 50.5) and math.isclose(p.max, 100)
    assert PhaseTimes.of([]).to_json()["p50_ms"] is None
    with pytest.raises(ValueError, match="hands"):
        decision_times("heuristic", hands=0)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timing", "--bot", "random", "--hands", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bot"] == "random" and data["phases"]["play"]["count"] > 0
    assert main(["timing", "--bot", "random", "--hands", "1"]) == 0
    text = capsys.readouterr().out
    assert "play" in text and "p99" in text
    assert main(["timing", "--bot", "nobody"]) == 2
    assert "unknown bot" in capsys.readouterr().err
