"""``duidiao selfplay``: exit codes, summary, JSON keys, records, determinism."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

pytest.importorskip("duidiao._core")

from duidiao import Record  # noqa: E402
from duidiao.cli import main  # noqa: E402


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "selfplay", "--hands", "40", "--seed", "3")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    assert out.startswith("hands: 40 hands, preset chifeng, seed 3, NS random vs EW random")
    for needle in (
        "declarers stay:",
        "defenders' points:",
        "bands:",
        "digs:",
        "xiaosa:",
        "hand score per hand (95% CI):",
    ):
        assert needle in out


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "selfplay", "--hands", "30", "--seed", "1", "--json", "--preset", "chifeng-classic"
    )
    data = json.loads(out)
    assert code == 0
    assert data["hands"] == 30 and data["mode"] == "hands" and data["matches"] is None
    assert data["preset"] == "chifeng-classic" and data["bots"] == {"NS": "random", "EW": "random"}
    assert 0 <= data["declarer_success_rate"] <= 1
    assert set(data["defender_points"]) == {"mean", "quantiles", "bands"}
    assert sum(data["defender_points"]["bands"].values()) == 30
    assert set(data["scores"]) == {"NS", "EW", "NS-EW"}
    assert set(data["scores"]["NS"]) == {"mean", "ci95"}
    assert sum(data["outcomes"].values()) == 30
    assert {"total", "rate", "joker", "level"} <= set(data["digs"])
    assert set(data["xiaosa"]) == {"hands", "rate"}


@pytest.mark.parametrize("scoring", ["chifeng", "bands"])
def test_point_bands_follow_the_result_rows(scoring: str) -> None:
    """The summary's bands are the rules' result rows (rules §7, or §10.7 with
    `scoring=bands`): every T in exactly one, and a new band where the outcome changes (below
    200, where the bands of §10.7 go on by 40)."""
    from duidiao import reference as ref
    from duidiao.research.selfplay import BANDS

    rules = dataclasses.replace(ref.RefRules.preset("chifeng"), scoring=scoring)
    ctx = ref.Context(rules, "5", "H")

    def band(t: int) -> str:
        (name,) = [n for n, lo, hi in BANDS[scoring] if lo <= t and (hi is None or t <= hi)]
        return name

    def outcome(t: int) -> tuple[str, str]:
        r = ref.hand_result(ctx, 0, "5", "3", t, 0, ["AS"], [], False)
        return r.outcome, r.level_ew

    for t in range(5, 1000, 5):
        if t <= 200:
            assert (band(t) != band(t - 5)) == (outcome(t) != outcome(t - 5)), t
        else:
            band(t)


def test_records_written_and_identical(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for target in (a, b):
        code, _, _ = run(
            capsys, "selfplay", "--hands", "12", "--seed", "8", "--records", str(target), "--json"
        )
        assert code == 0
    names = sorted(p.name for p in a.iterdir())
    assert names == [f"hand-{i:06d}.json" for i in range(1, 13)]
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
        record = Record.from_json((a / name).read_text(encoding="utf-8"))
        assert record.replay().result() == record.result
        assert record.meta["players"] == {"NS": "random", "EW": "random"}


def test_matches(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "selfplay", "--matches", "2", "--seed", "4", "--json", "--records", str(tmp_path)
    )
    data = json.loads(out)
    assert code == 0 and data["mode"] == "matches"
    matches = data["matches"]
    assert matches["played"] == 2 and sum(matches["wins"].values()) == 2
    assert data["hands"] == len(list(tmp_path.iterdir()))
    assert matches["hands_per_match"]["min"] >= 1
    first = Record.from_json((tmp_path / "match-0001-hand-0001.json").read_text("utf-8"))
    assert first.declarer is None and first.meta["match"] == 1

    code, out, _ = run(capsys, "selfplay", "--matches", "1", "--seed", "4")
    assert code == 0 and "matches: 1; wins" in out


def test_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "selfplay", "--hands", "2", "--ns", "nobody")
    assert code == 2 and "nobody" in err
    code, _, err = run(capsys, "selfplay", "--hands", "-1")
    assert code == 2 and "from 0 to 1000000000" in err
    code, _, _ = run(capsys, "selfplay", "--preset", "nope")
    assert code == 2


def test_heuristic_against_random(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        from duidiao import make_bot

        make_bot("heuristic")
    except ValueError:
        pytest.skip("the heuristic bot is not in this build yet")
    code, out, _ = run(capsys, "selfplay", "--hands", "20", "--ns", "heuristic", "--json")
    assert code == 0 and json.loads(out)["bots"]["NS"] == "heuristic"


def test_progress_bar_on_a_terminal() -> None:
    import io

    from duidiao.cli.progress import ProgressBar

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    progress = ProgressBar(4, "hands", stream)
    for i in range(1, 5):
        progress.update(i)
    progress.close()
    text = stream.getvalue()
    assert text.startswith("\rhands [") and text.endswith("4/4\n") and "#" * 30 in text
    quiet = io.StringIO()
    ProgressBar(4, "hands", quiet).update(2)
    assert quiet.getvalue() == ""
