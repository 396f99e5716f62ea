"""The Node.js example client plays a whole hand through the engine (issue 10: the protocol is
language-neutral). Needs `node` on PATH; with DUIDIAO_REQUIRE_NODE=1 (CI) a missing node fails."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ENGINE

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "node" / "play_hand.js"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("DUIDIAO_REQUIRE_NODE") == "1":
            pytest.fail("node is not on PATH and DUIDIAO_REQUIRE_NODE=1")
        pytest.skip("node is not on PATH")
    return node


@pytest.mark.node
@pytest.mark.parametrize("seed, bot, preset", [(3, "heuristic", "chifeng"),
                                               (8, "pimc:worlds=2", "chifeng"),
                                               (1, "heuristic", "shanghai")])
def test_node_client_plays_a_whole_hand(seed: int, bot: str, preset: str) -> None:
    done = subprocess.run(
        [_node(), str(SCRIPT), "--seed", str(seed), "--bot", bot, "--preset", preset,
         "--", *ENGINE],
        capture_output=True, text=True, timeout=240,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("engine: duidiao ") and lines[0].endswith("protocol 1")
    assert lines[1].startswith(f"deal {seed} ({preset}): ")
    tricks = [line for line in lines if re.match(r"trick \d+: [SENW]:", line)]
    summary = re.fullmatch(r"tricks: (\d+), cards played: (\d+)", lines[-2])
    assert summary is not None
    assert int(summary.group(1)) == len(tricks) and int(summary.group(2)) == 100
    assert lines[-1].startswith("result: ")
    result = json.loads(lines[-1][len("result: "):])
    assert result["outcome"] in (
        "guangpai", "dacheng", "dapo", "gulupo", "joker_dig", "j_daodi", "q_banjie",
        "k_fantian", "k_sanji", "xiaoguang", "dapo_climb",
    )


@pytest.mark.node
def test_node_client_reports_an_engine_error() -> None:
    done = subprocess.run(
        [_node(), str(SCRIPT), "--bot", "minimax", "--", *ENGINE],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert "deal: bad_request: bot: unknown bot 'minimax'" in done.stderr
