"""Self-play of the climbing games through the library and ``duidiao selfplay --preset gouji``:
the summary adds up, records replay to the same result, bad options are named."""

from __future__ import annotations

import json

import pytest

from duidiao.cli import main
from duidiao.play.climbing.record import replay
from duidiao.research.climbing.selfplay import selfplay


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("preset", ["gouji-basic", "baohuang-basic"])
def test_the_summary_adds_up(preset: str) -> None:
    stats = selfplay(preset, 4, ["heuristic"], seed=3)
    data = stats.summary()
    assert data["hands"] == 4 and data["decisions"] > 100
    for places in data["places"].values():
        assert sum(places) <= 4
    if preset.startswith("gouji"):
        # each hand: six places, one team's score recorded
        assert all(sum(p) == 4 for p in data["places"].values())
        assert set(data["scores"]) == {"ACE", "BDF"}
    else:
        # a 保皇 hand's scores sum to zero
        assert abs(sum(s["mean"] for s in data["scores"].values())) < 1e-9
    assert selfplay(preset, 4, ["heuristic"], seed=3).summary() == data


def test_records_replay_to_the_same_result(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    code, out, _ = run(capsys, "selfplay", "--preset", "baohuang-basic", "--hands", "3",
                       "--bots", "heuristic,random,heuristic,random,heuristic",
                       "--records", str(tmp_path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["bots"] == {"A": "heuristic", "B": "random", "C": "heuristic", "D": "random",
                            "E": "heuristic"}
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["hand-000001.json", "hand-000002.json", "hand-000003.json"]
    for f in files:
        record = json.loads(f.read_text("utf-8"))
        game = replay(record)
        places, scores = game.result()
        assert record["result"] == {"places": places, "scores": scores}


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "heuristic,random"], "one bot, or one per seat (6 at gouji's table"),
        (["--bots", "nobody"], "nobody"),
        (["--ns", "pimc"], "--ns: not for gouji"),
        (["--matches", "2"], "--matches: not for gouji"),
    ],
)
def test_bad_options_are_named(capsys: pytest.CaptureFixture[str], argv: list[str],
                               message: str) -> None:
    code, out, err = run(capsys, "selfplay", "--preset", "gouji", "--hands", "1", *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_bots_is_for_the_climbing_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "selfplay", "--hands", "1", "--bots", "heuristic")
    assert code == 2 and "--bots: for the climbing presets; chifeng takes --ns and --ew" in err


def test_the_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "--preset", "gouji-basic", "--hands", "2")
    assert code == 0
    assert out.startswith("gouji-basic: 2 hands, seed 0, A:heuristic")
    assert "score of ACE" in out and "places (1st … last) by seat" in out
