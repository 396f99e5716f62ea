"""Duplicate whole matches (duidiao.research.match_duel, ``duidiao duel --matches``): both plays
of a match draw the same deals, the figures are A's over match pairs, the cap, parts and merge,
threads, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import duidiao
from duidiao.cli import main
from duidiao.research.match_duel import (
    MatchDuel,
    MatchDuelError,
    PlayedMatch,
    match_duel,
    match_seed,
)
from duidiao.search.match import Match


def test_both_plays_of_a_match_draw_the_same_deals() -> None:
    seed = match_seed(4, 2)
    strong = {s: duidiao.make_bot("heuristic", seed=1) for s in "SENW"}
    weak = {s: duidiao.make_bot("random", seed=2) for s in "SENW"}
    first, second = Match(strong, seed=seed), Match(weak, seed=seed)
    assert first.first_drawer == second.first_drawer
    for _ in range(3):  # hand k of either play: the same cards, whoever played before
        one, two = first.next_game(), second.next_game()
        assert one.deck == two.deck
        first.finish_hand(_played(one, strong))
        second.finish_hand(_played(two, weak))


def _played(game: duidiao.Game, players: dict[str, duidiao.Player]) -> duidiao.Game:
    duidiao.play_hand(game, players)
    return game


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_a_stronger_bot_wins_its_matches(preset: str) -> None:
    result = match_duel("heuristic", "random", 3, preset=preset, seed=1, threads=1)
    summary = result.summary()
    assert [p.index for p in result.pairs] == [0, 1, 2]
    for pair in result.pairs:
        assert (pair.first.a_team, pair.second.a_team) == ("NS", "EW")
        for played in (pair.first, pair.second):
            assert played.winner in ("A", "B") and played.hands >= 1
            ladder = len(duidiao.Rules.preset(preset).ladder_letters)
            winner = 0 if played.winner == "A" else 1
            assert played.climbed[winner] == ladder  # the winner counted past the top
            assert 0 <= played.climbed[1 - winner] < ladder
    assert summary["won"]["mean"] > 0.5 and summary["levels"]["mean"] > 0
    assert summary["hands"] == sum(p.first.hands + p.second.hands for p in result.pairs)


def test_the_cap_is_half_a_win_each() -> None:
    result = match_duel("random", "random", 2, seed=3, max_hands=1, threads=1)
    assert all(p.won == 0.5 and p.first.hands == p.second.hands == 1 for p in result.pairs)
    assert result.summary()["capped"] == 4


def test_threads_and_parts_give_the_one_run_result() -> None:
    whole = match_duel("heuristic", "random", 4, seed=5, threads=1)
    assert match_duel("heuristic", "random", 4, seed=5, threads=2) == whole
    head = match_duel("heuristic", "random", 1, seed=5, threads=1)
    tail = match_duel("heuristic", "random", 3, seed=5, first_match=1, threads=1)
    merged = MatchDuel.merge([MatchDuel.from_json(tail.to_json()),
                              MatchDuel.from_json(json.loads(json.dumps(head.to_json())))])
    assert merged == whole and untimed(merged.to_json()) == untimed(whole.to_json())
    with pytest.raises(MatchDuelError, match="match 0 is in two parts"):
        MatchDuel.merge([head, head])
    other = match_duel("heuristic", "random", 1, seed=6, threads=1)
    with pytest.raises(MatchDuelError, match="different duels"):
        MatchDuel.merge([head, other])


def untimed(data: dict[str, Any]) -> dict[str, Any]:
    """A duel's JSON without its CPU times (another run takes others)."""
    out = dict(data, summary={k: v for k, v in data["summary"].items() if k != "cpu"})
    out["pairs"] = [[i, f[:5], s[:5]] for i, f, s in data["pairs"]]
    return out


def test_each_team_s_cpu_time_is_recorded() -> None:
    result = match_duel("pimc:worlds=4", "random", 1, seed=2, threads=1, max_hands=2)
    pair = result.pairs[0]
    for played in (pair.first, pair.second):
        assert played.cpu is not None
        assert played.cpu[0] > played.cpu[1] >= 0  # searching costs more than guessing
    cpu = result.summary()["cpu"]
    assert cpu["matches"] == 2 and cpu["a"] > cpu["b"]
    data = result.to_json()
    assert len(data["pairs"][0][1]) == 6
    assert "CPU time a match" in MatchDuel.text_of(data)
    # a part written before the times were recorded is read, and has none
    old = dict(untimed(data), summary={})
    assert MatchDuel.from_json(old).summary()["cpu"] is None
    with pytest.raises(MatchDuelError, match="cpu A, B"):
        PlayedMatch.from_json(["NS", "A", 3, [1, 2], 4, [1.0]], "part: pair 0")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"matches": 0}, "matches: a whole number from 1"),
    ({"max_hands": 0}, "max_hands: a whole number from 1"),
    ({"first_match": -1}, "first_match: a whole number from 0"),
    ({"threads": 0}, "threads: a positive number"),
    ({"a": "nobody"}, "nobody"),
])
def test_bad_settings_are_named(kwargs: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"a": "random", "b": "random", "matches": 1, "threads": 1}
    settings.update(kwargs)
    with pytest.raises(ValueError, match=message):
        match_duel(**settings)  # type: ignore[arg-type]


def test_a_bad_part_is_named() -> None:
    with pytest.raises(MatchDuelError, match="not a match duel"):
        MatchDuel.from_json({"format": "duidiao-duel"})
    with pytest.raises(MatchDuelError, match="pair 0: a_team NS or EW"):
        PlayedMatch.from_json(["XX", "A", 3, [1, 2], 4], "part: pair 0")


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def _cli(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    code, out, _ = _cli("duel", "--a", "heuristic", "--b", "random", "--matches", "2",
                        "--threads", "1", "--seed", "2")
    assert code == 0 and "2 match pairs" in out and "matches won by heuristic" in out
    parts = []
    for first, count in ((0, "1"), (1, "1")):
        code, out, _ = _cli("duel", "--a", "heuristic", "--b", "random", "--matches", count,
                            "--first-match", str(first), "--threads", "1", "--seed", "2",
                            "--json")
        path = tmp_path / f"part{first}.json"
        path.write_text(out, encoding="utf-8")
        parts.append(str(path))
    code, merged, _ = _cli("duel", "--merge", *parts, "--json")
    code, whole, _ = _cli("duel", "--a", "heuristic", "--b", "random", "--matches", "2",
                          "--threads", "1", "--seed", "2", "--json")
    assert untimed(json.loads(merged)) == untimed(json.loads(whole))
    code, _, err = _cli("duel", "--a", "random", "--b", "random", "--max-hands", "5")
    assert code != 0 and "only with --matches" in err
    code, _, err = _cli("duel", "--a", "random", "--b", "random", "--matches", "1",
                        "--preset", "gouji")
    assert code != 0 and "--matches" in err
