"""Fixtures of the engine protocol tests: positions, and an engine process to talk to."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import duidiao
from duidiao.engine import EngineClient

README = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)
"""The example position of docs/notation.md: South to lead, the other hands hidden."""

_ONE_CARD_GONE = duidiao.Cards.deck() - duidiao.Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
ONE_CARD = (
    "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=KH N=QH W=JH "
    f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={_ONE_CARD_GONE} points=100 turn=S"
)
"""A full position with one card in each hand (docs/solver.md)."""

_SUITE = Path(duidiao.__file__).parent / "solver_positions" / "cards-12.txt"
TWELVE = next(
    line.split("\t")[2] for line in _SUITE.read_text().splitlines() if line and line[0] != "#"
)
"""A full position with 12 cards in each hand: solving it takes seconds or more."""


def _engine_command() -> list[str]:
    # `duidiao engine` once the command line has the command, else the package's own entry
    # point.
    from duidiao import cli

    try:
        cli.build_parser().parse_args(["engine"])
    except SystemExit:
        return [sys.executable, "-m", "duidiao.engine"]
    return [sys.executable, "-m", "duidiao", "engine"]


ENGINE = _engine_command()


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    """A fresh engine process (its stderr goes to the test's)."""
    client = EngineClient(ENGINE, timeout=30)
    try:
        yield client
    finally:
        client.close()
