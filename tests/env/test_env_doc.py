"""docs/env.md against the code: the plane table lists PLANES in order, the action table the
action numbers, and the PettingZoo example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from duidiao.research.encoding import DECLARE, DONE, ENCODING_VERSION, NUM_ACTIONS, PASS, PLANES

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "env.md").read_text(encoding="utf-8")


def test_the_plane_table_is_the_planes_in_order() -> None:
    rows = re.findall(r"^\| (\d+)(?:–(\d+))? \| `(\w+)`(?: … `(\w+)`)? \|", PAGE, re.M)
    listed: list[str] = []
    for first, last, name, last_name in rows:
        if last:  # "2–5 | `exposed_0` … `exposed_3`"
            stem = name.rsplit("_", 1)[0]
            assert last_name == f"{stem}_{int(last) - int(first)}"
            listed += [f"{stem}_{i}" for i in range(int(last) - int(first) + 1)]
        else:
            listed.append(name)
        assert listed.index(name) == int(first), f"plane {name} is not row {first}"
    assert tuple(listed) == PLANES
    assert f"shape `({len(PLANES)}, 54)`" in PAGE
    assert re.search(rf"`ENCODING_VERSION`\s+{ENCODING_VERSION};", PAGE)


def test_the_action_table_is_the_action_numbers() -> None:
    assert f"`{DONE}` (`DONE`)" in PAGE
    assert f"`{PASS}` (`PASS`)" in PAGE
    assert f"`{DECLARE}`–`{NUM_ACTIONS - 1}` (`DECLARE`)" in PAGE
    assert f"**{NUM_ACTIONS}** actions" in PAGE


def test_the_pettingzoo_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    block = PAGE.split("## Playing a hand", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "docs/env.md", "exec"), {})
    assert "HandResult(" in capsys.readouterr().out
