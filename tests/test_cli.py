"""The ``duidiao`` command line: moves, play, show, --json, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from duidiao import Position
from duidiao.cli import main

pytest.importorskip("duidiao._core")

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)

# the last trick of a hand: every other card is in gone (docs/notation.md `gone`, `points`, `turn`)
LAST_TRICK = (
    "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=KH N=QH W=JH "
    "kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=100 turn=S"
)


def last_trick() -> str:
    from duidiao import Cards

    gone = Cards.deck() - Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
    return LAST_TRICK.format(gone=gone)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "moves", EXAMPLE)
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == "BJ" and "AS,AS" in lines
    assert lines[-1] == f"{len(lines) - 1} legal moves"


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["moves"]) and data["turn"] == "S"
    assert data["position"] == EXAMPLE and data["moves"][0] == "BJ"


def test_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", EXAMPLE, "KC", "4S")
    assert code == 0 and err == ""
    # E's void in clubs is known from the trick written, so not printed (docs/notation.md)
    assert out.splitlines()[0].endswith("trick=S:KC|4S")
    assert Position(out.splitlines()[0]).voids["E"] == "C"


def test_play_to_the_end_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", last_trick(), "AH", "KH", "QH", "JH", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["is_over"] and data["turn"] is None
    assert [p["seat"] for p in data["played"]] == ["S", "E", "N", "W"]
    result = data["result"]
    # rules §7: 100 points for the defenders, no dig (S wins the last trick): 打破
    assert result["points"] == 100 and result["outcome"] == "dapo" and result["dig"] is None
    assert result["next_declarer"] == "E" and result["levels"] == {"NS": "2", "EW": "2"}


def test_play_to_the_end_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", last_trick(), "AH", "KH", "QH", "JH")
    lines = out.splitlines()
    assert code == 0 and "trick=" not in lines[0]
    assert lines[1].startswith("result: dapo points=100 dig=-")


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", EXAMPLE.replace("S=BJ", "S=bj"))
    assert code == 0 and out == EXAMPLE + "\n"
    code, out, _ = run(capsys, "show", EXAMPLE, "--json")
    assert json.loads(out)["unknown"] == {"S": 0, "E": 24, "N": 24, "W": 24}


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["moves", EXAMPLE.replace("kitty=9D", "kitty=1H")],
            "duidiao: error: kitty: '1H' is not a card",
        ),
        (
            ["play", EXAMPLE, "QH"],
            "duidiao: error: move 1: QH cannot be played: S does not hold QH",
        ),
        (["play", EXAMPLE, "KC", "1H"], "duidiao: error: move 2: move: '1H' is not a card"),
        (
            ["moves", EXAMPLE.replace("trick=S:", "trick=S:KC").replace("KC,QC", "QC")],
            "duidiao: error: legal moves need E's hand",
        ),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and "Traceback" not in err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["play", EXAMPLE]) == 2
    assert main(["--help"]) == 0
    capsys.readouterr()


def test_python_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "duidiao", "moves", "level=5"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "duidiao: error: trump: missing (required)\n"


def test_the_engine_example_of_cli_md_is_what_the_engine_answers():
    import pathlib
    import shlex
    import subprocess
    import sys

    doc = pathlib.Path(__file__).resolve().parents[1] / "docs" / "cli.md"
    lines = doc.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("| duidiao engine"))
    request = shlex.split(lines[at][len("$ echo "):-len(" | duidiao engine")])[0]
    answer = subprocess.run(
        [sys.executable, "-m", "duidiao", "engine"], input=request + "\n", capture_output=True,
        text=True, timeout=60,
    )
    assert answer.returncode == 0
    assert answer.stdout.strip() == lines[at + 1]
