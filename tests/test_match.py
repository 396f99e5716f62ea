"""Matches (rules §8): first hand 抢庄, levels, next declarer, the end at K."""

from __future__ import annotations

import pytest

pytest.importorskip("duidiao._core")

from duidiao import Match, Record, make_bot, play_match  # noqa: E402

PARTNER = {"S": "N", "N": "S", "E": "W", "W": "E"}
NEXT = {"S": "E", "E": "N", "N": "W", "W": "S"}


def bots(seed: int) -> list:  # type: ignore[type-arg]
    return [make_bot("random", seed * 4 + s) for s in range(4)]


@pytest.mark.parametrize("seed", range(6))
def test_match_flow(seed: int) -> None:
    result = play_match(bots(seed), seed=seed, first_drawer="E")
    records = result.records
    assert result.hands == len(records) >= 1
    first = records[0]
    assert first.declarer is None and first.first_drawer == "E"
    assert first.levels == {"NS": "A", "EW": "A"}
    stays = takes = 0
    for before, after in zip(records, records[1:]):
        assert before.result is not None and not before.result.match_won
        declarer = before.replay().declarer
        assert declarer is not None
        expected = PARTNER[declarer] if before.result.declarers_stay else NEXT[declarer]
        assert before.result.next_declarer == expected
        stays += before.result.declarers_stay
        takes += not before.result.declarers_stay
        assert after.declarer == expected and after.first_drawer == expected
        assert after.levels == before.result.levels
    last = records[-1].result
    assert last is not None and last.match_won and last.declarers_stay
    winner_declarer = records[-1].replay().declarer
    assert winner_declarer is not None
    assert result.winner == ("NS" if winner_declarer in "SN" else "EW")
    assert records[-1].levels[result.winner] == "K"
    assert result.levels == last.levels
    assert result.scores["NS"] == sum(r.result.scores["NS"] for r in records if r.result)


def test_next_declarer_both_ways_seen() -> None:
    seen = set()
    for seed in range(4):
        for record in play_match(bots(seed), seed=seed).records:
            assert record.result is not None
            seen.add(record.result.declarers_stay)
    assert seen == {True, False}


def test_match_from_k_ends_when_declarers_win() -> None:
    match = Match(bots(1), seed=5, levels={"NS": "K", "EW": "K"}, first_drawer="S")
    result = match.play()
    assert result.hands <= 30
    for record in result.records[:-1]:
        hand = record.result
        assert hand is not None
        assert not (hand.declarers_stay and record.levels[_team(record)] == "K")
    assert result.records[-1].result is not None and result.records[-1].result.match_won


def _team(record: Record) -> str:
    declarer = record.replay().declarer
    assert declarer is not None
    return "NS" if declarer in "SN" else "EW"


def test_match_is_seeded() -> None:
    a = play_match(bots(2), seed=9)
    b = play_match(bots(2), seed=9)
    assert [r.to_json() for r in a.records] == [r.to_json() for r in b.records]
    assert a.records[0].first_drawer in "SENW"


def test_hand_limit() -> None:
    match = Match(bots(0), seed=0, max_hands=1)
    match.play_hand()
    assert not match.is_over
    with pytest.raises(RuntimeError, match="no winner after 1 hands"):
        match.play()


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="one level"):
        Match(bots(0), levels={"NS": "A", "EW": "5"})
    with pytest.raises(ValueError, match="first_drawer"):
        Match(bots(0), first_drawer="X")


def test_one_hand_at_a_time_and_replays() -> None:
    match = Match(bots(3), seed=3)
    game = match.next_game()
    assert game.fixed_declarer is None
    from duidiao import play_hand

    play_hand(game, match.players)
    result = match.finish_hand(game)
    assert match.levels == result.levels and match.next_declarer == result.next_declarer
    second = match.next_game()
    assert second.fixed_declarer == result.next_declarer
    assert second.first_drawer == result.next_declarer
    assert Record.from_json(match.records[0].to_json()).replay().result() == result
