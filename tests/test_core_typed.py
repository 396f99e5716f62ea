"""Calls into the extension are checked (docs/internals.md, "Layers"): the core handles the
Python side holds are typed by ``_core.pyi``, so mypy catches a wrong call into the core."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra")

SRC = Path(__file__).resolve().parents[1] / "src"

CHECKED = textwrap.dedent(
    """
    from duidiao import Game, Position, Rules
    from duidiao.play.observation import Observation
    from duidiao.search.players import CoreBot

    def calls(position: Position, game: Game, rules: Rules, obs: Observation) -> None:
        reveal_type(position.core)
        reveal_type(game.core)
        reveal_type(rules.to_core())
        reveal_type(obs.core_view())
        reveal_type(CoreBot("heuristic").core)
        position.core.legal_moves(1)
        game.core.observe("S")
        obs.core_view().no_such_field
    """
)


def test_mypy_checks_the_calls_into_the_core(tmp_path: Path) -> None:
    source = tmp_path / "calls.py"
    source.write_text(CHECKED)
    out, err, status = mypy_api.run([
        str(source), "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
        "--config-file", "", "--follow-imports", "silent",
    ])
    assert status == 1, (out, err)
    for handle in ("Hand", "Game", "Rules", "Observation", "Bot"):
        assert f'Revealed type is "duidiao._core.{handle}"' in out, out
    assert 'Too many arguments for "legal_moves" of "Hand"' in out, out
    assert '"observe" of "Game" has incompatible type "str"' in out, out
    assert '"Observation" has no attribute "no_such_field"' in out, out
