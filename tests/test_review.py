"""The hand review (duidiao.review, src/duidiao/search/review.py): each play of a seat valued
as duidiao.analyse values it at the level and seed, the mistakes biggest first."""

from __future__ import annotations

import threading

import pytest

import duidiao
from duidiao.search.analysis import SEARCH_LEVELS, level_search
from duidiao.search.review import ReviewStopped, review_positions


def finished_record(seed: int, preset: str = "chifeng") -> duidiao.Record:
    game = duidiao.Game.deal(seed, rules=preset, declarer="S")
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", seed=s) for s in range(4)])
    return duidiao.Record.from_game(game)


def test_every_value_is_the_analysis_at_the_level_and_seed() -> None:
    record = finished_record(3)
    hand = duidiao.review(record, "E", level="normal", seed=11)
    plays = [d for d in record.decisions if d.action == "play" and d.seat == "E"]
    assert len(hand.plays) == len(plays) > 0
    for reviewed, decision in zip(hand.plays, plays):
        assert reviewed.played == str(decision.cards)
        analysis = duidiao.analyse(reviewed.position, seed=11, threads=1,
                                   **level_search("normal"))
        assert reviewed.best == str(analysis.best.move)
        assert reviewed.best_value == analysis.best.mean
        by_move = {str(m.move): m.mean for m in analysis.moves}
        assert reviewed.played_value == by_move.get(reviewed.played)
        assert reviewed.worlds == analysis.worlds == 8
    # The same on two threads: world i comes from the seed and i alone.
    assert duidiao.review(record, "E", level="normal", seed=11, threads=2) == hand


def test_positions_are_the_seats_view_before_each_play() -> None:
    record = finished_record(4, "shanghai")
    rows = review_positions(record, "N")
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    for ply, trick, position, played in rows:
        pos = duidiao.Position(position)
        assert pos.turn == "N" and trick == ply // 4 + 1
        assert "?" in position  # the others' hands are hidden from N
        assert duidiao.Cards(played) <= pos.hands["N"]


def test_mistakes_come_biggest_first() -> None:
    hand = duidiao.review(finished_record(5), "S", level="normal", seed=1)
    losses = [p.loss for p in hand.mistakes()]
    assert all(loss is not None and loss > 0 for loss in losses)
    assert losses == sorted(losses, reverse=True)
    data = hand.to_dict()
    assert data["mistakes"] == [p.ply for p in hand.mistakes()]
    assert len(data["plays"]) == len(hand.plays)


def test_levels_and_seats_are_checked() -> None:
    record = finished_record(6)
    assert SEARCH_LEVELS == ("normal", "hard", "expert")
    with pytest.raises(ValueError, match="level: 'easy' does not search"):
        duidiao.review(record, "S", level="easy")
    with pytest.raises(ValueError, match="seat: 'X' is not one of S, E, N, W"):
        duidiao.review(record, "X")


def test_a_review_stops_when_told() -> None:
    record = finished_record(7)
    stop = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        if done == 2:
            stop.set()
        return True

    with pytest.raises(ReviewStopped, match="of"):
        duidiao.review(record, "W", level="normal", progress=progress, stop=stop)
    assert [d for d, _ in seen] == [0, 1, 2]
    with pytest.raises(ReviewStopped):
        duidiao.review(record, "W", level="normal", progress=lambda d, t: d < 1)
