"""Whole climbing hands (rules §12.3–§12.13, §13.2–§13.7) by the bots: every hand ends, cards
are conserved, scores add up as the rules say, and a seed decides everything. This is the
short twin of `python bench/climbing_selfplay.py --hands 10000` (the figures of docs/plans/
climbing.md), which checks the same on 10,000 hands per preset."""

from __future__ import annotations

import pytest

from duidiao.play.climbing.baohuang_game import BaohuangGame
from duidiao.play.climbing.gouji_game import GoujiGame
from duidiao.search.climbing.bots import make_bot

PRESETS = [
    (GoujiGame, "gouji"),
    (GoujiGame, "gouji-basic"),
    (BaohuangGame, "baohuang"),
    (BaohuangGame, "baohuang-basic"),
]


def play(cls: type, preset: str, seed: int, bot: str) -> tuple[object, list[tuple[str, str, str]]]:
    game = cls.deal(preset, seed=seed)
    bots = [make_bot(bot, f"{seed}:{i}") for i in range(6)]
    steps = 0
    while game.to_act is not None:
        seat = "ABCDEF".index(game.to_act)
        game.apply(bots[seat].choose(game.observe()))
        steps += 1
        assert steps < 5000, "a hand that does not end"
        if game.position is not None:
            p = game.position
            played = sum(sum(a[2:]) for _, a in p.actions if a[0] == 0)
            assert sum(h.size for h in p.hands) + p.gone.size + played == 216
    return game, game.history


def check_scores(game: object) -> None:
    places, scores = game.result()  # type: ignore[attr-defined]
    if isinstance(game, GoujiGame):
        assert sorted(places) == list("ABCDEF")
        points = dict(zip(places, (4, 2, 0, 0, -2, -4)))
        sums = {t: sum(points[s] for s in t) for t in ("ACE", "BDF")}
        for team, other in (("ACE", "BDF"), ("BDF", "ACE")):
            if set(places[:3]) == set(team):
                assert scores == {team: 12, other: 0}  # 串三户 (rules §12.12)
                return
        assert scores == {
            t: max(0, v) if v != sums[o] else 0 for (t, v), o in zip(sums.items(), ("BDF", "ACE"))
        }
    else:
        assert sum(scores.values()) == 0  # rules §13.7
        assert len(set(places)) == len(places)


@pytest.mark.parametrize(("cls", "preset"), PRESETS)
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_hands_end_conserve_and_score(cls: type, preset: str, bot: str) -> None:
    for seed in range(8):
        game, _ = play(cls, preset, seed, bot)
        check_scores(game)


@pytest.mark.parametrize(("cls", "preset"), PRESETS)
def test_a_seed_decides_the_hand(cls: type, preset: str) -> None:
    assert play(cls, preset, 5, "random")[1] == play(cls, preset, 5, "random")[1]


@pytest.mark.parametrize(("cls", "preset"), PRESETS)
def test_a_record_replays_the_hand(cls: type, preset: str) -> None:
    import json

    from duidiao.play.climbing.record import RecordError, record_of, replay

    game, _ = play(cls, preset, 3, "heuristic")
    record = json.loads(json.dumps(record_of(game)))
    again = replay(record)
    assert again.result() == game.result() and str(again.position) == str(game.position)
    broken = dict(record, decisions=record["decisions"][:-1] + [["play", "A", "9*99"]])
    with pytest.raises(RecordError, match=r"decisions\[\d+\]"):
        replay(broken)
    with pytest.raises(RecordError, match="version"):
        replay(dict(record, version=99))
