"""Duplicate duels and decision times of the climbing bots, in the library and through
``duidiao duel`` / ``duidiao timing`` with a climbing preset (docs/cli.md)."""

from __future__ import annotations

import json

import pytest

from duidiao.cli import main
from duidiao.research.climbing.duel import ClimbingDuel, duel, play_hand
from duidiao.research.timing import decision_times


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_gouji_deal_is_both_team_games_added() -> None:
    result = duel("heuristic", "random", 2, preset="gouji-basic", seed=3)
    for d, value in enumerate(result.values):
        total = 0
        for team in (0, 1):
            names = ["heuristic" if s % 2 == team else "random" for s in range(6)]
            _, scores = play_hand("gouji-basic", f"3:{d}", names).result()
            mine, theirs = ("ACE", "BDF") if team == 0 else ("BDF", "ACE")
            total += scores[mine] - scores[theirs]
        assert value == total


def test_a_bot_against_itself_scores_zero() -> None:
    assert duel("heuristic", "heuristic", 2, preset="gouji-basic").values == (0, 0)
    result = duel("heuristic", "heuristic", 1, preset="baohuang-basic")
    assert result.values == (0.0,) and all(v == 0 for _, v in result.roles[0])


def test_a_baohuang_deal_has_a_role_for_each_seat() -> None:
    result = duel("heuristic", "random", 1, preset="baohuang-basic", seed=1)
    (roles,) = result.roles
    assert len(roles) == 5 and {r for r, _ in roles} <= {"emperor", "guard", "rebel"}
    # (A may be emperor in more than one of the five games: who calls depends on the bots.)
    assert result.values[0] == pytest.approx(sum(v for _, v in roles) / 5)


def test_the_same_seed_plays_the_same_duel() -> None:
    one = duel("heuristic", "random", 2, preset="baohuang-basic", seed=9)
    two = duel("heuristic", "random", 2, preset="baohuang-basic", seed=9)
    assert one == two


def test_parts_merge_into_the_whole(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    whole = duel("heuristic", "random", 3, preset="gouji-basic", seed=2)
    paths = []
    for first, deals in ((0, 2), (2, 1)):
        code, out, _ = run(capsys, "duel", "--preset", "gouji-basic", "--a", "heuristic",
                           "--b", "random", "--deals", str(deals), "--first-deal", str(first),
                           "--seed", "2", "--json")
        assert code == 0
        path = tmp_path / f"part{first}.json"
        path.write_text(out)
        paths.append(str(path))
    code, out, _ = run(capsys, "duel", "--merge", *reversed(paths), "--json")
    merged = json.loads(out)
    assert code == 0 and merged["values"] == list(whole.values)
    assert merged["spans"] == [[0, 2], [2, 3]]
    code, _, err = run(capsys, "duel", "--merge", paths[0], paths[0])
    assert code == 2 and "deals from 0 are in two parts" in err


def test_a_merge_of_two_duels_is_refused() -> None:
    a = duel("heuristic", "random", 1, preset="gouji-basic")
    b = duel("random", "random", 1, preset="gouji-basic", first_deal=1)
    with pytest.raises(ValueError, match="not of one duel"):
        ClimbingDuel.merge([a, b])


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "duel", "--preset", "baohuang-basic", "--a", "heuristic",
                         "--b", "random", "--deals", "1")
    assert code == 0
    assert "baohuang-basic: heuristic (A) vs random (B), 1 deals" in out
    assert "gain a seat" in out and "as rebel" in out and "heuristic play:" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--threads", "2"], "--threads: gouji-basic's duels play on one thread"),
        (["--ray"], "--ray: not for gouji-basic yet"),
        (["--b", "nobody"], "nobody"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "duel", "--preset", "gouji-basic", "--a", "heuristic",
                         "--b", "random", "--deals", "1", *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_decision_times_of_a_climbing_bot(capsys: pytest.CaptureFixture[str]) -> None:
    times = decision_times("heuristic", 1, seed=4, preset="baohuang-basic")
    assert times.preset == "baohuang-basic" and times.phases["play"].count > 50
    assert set(times.phases) <= {"grab", "call", "forced", "declare", "play"}
    code, out, _ = run(capsys, "timing", "--bot", "random", "--preset", "gouji-basic",
                       "--hands", "1")
    assert code == 0 and "play" in out and "gouji-basic" in out
