"""The engine protocol's round trip: a request written to ``duidiao engine`` on stdin until its
reply is read from stdout, through ``duidiao.engine.EngineClient`` (one engine process for the
module).

    pytest bench/bench_engine.py --benchmark-only

``legal`` on the README's example position (107 leads) is the protocol's own cost: parsing the
request and the position, listing the moves, writing the reply. ``move`` with the ``pimc`` bot
at ``ms=50`` is that plus a 50 ms search.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from duidiao.engine import EngineClient

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineClient]:
    with EngineClient() as client:
        assert client.request("hello")["ok"]
        yield client


def test_legal_round_trip(benchmark, engine: EngineClient) -> None:
    reply = benchmark(engine.request, "legal", position=EXAMPLE)
    assert reply["ok"] and reply["count"] == 107 and len(reply["moves"]) == 107


def test_move_round_trip_pimc_50ms(benchmark, engine: EngineClient) -> None:
    benchmark.extra_info["budget_ms"] = 50
    reply = benchmark.pedantic(
        engine.request, args=("move",), kwargs={"position": EXAMPLE, "bot": "pimc", "ms": 50,
                                                "seed": 1},
        rounds=20, iterations=1,
    )
    assert reply["ok"], reply
    assert reply["values"] and reply["move"] in [v["move"] for v in reply["values"]]
