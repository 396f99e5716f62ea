"""Records: JSON round trips, replay, positions at any ply, determinism, mismatches."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("duidiao._core")

from duidiao import Cards, Game, Position, Record, RecordError, make_bot, play_hand  # noqa: E402


def recorded(seed: int, preset: str = "chifeng", declarer: str | None = "S") -> Record:
    game = Game.deal(seed=seed, rules=preset, declarer=declarer)
    play_hand(game, [make_bot("random", seed * 4 + s) for s in range(4)])
    return Record.from_game(game, {"seed": seed})


def test_round_trip_and_replay_many_hands() -> None:
    presets = ("chifeng", "chifeng-classic", "chifeng-10")
    for seed in range(300):
        declarer = None if seed % 5 == 0 else "SENW"[seed % 4]
        record = recorded(seed, presets[seed % 3], declarer)
        text = record.to_json()
        back = Record.from_json(text)
        assert back == record
        assert back.to_json() == text
        assert back.meta == {"seed": seed}
        game = back.replay()
        assert game.is_over and game.result() == record.result
        assert game.trump is not None
        assert record.card_order() == (game.level, "HDSC".index(game.trump))
        assert [d.to_dict() for d in game.history] == [d.to_dict() for d in record.decisions]


def test_same_seed_same_bytes() -> None:
    assert recorded(42).to_json() == recorded(42).to_json()
    assert recorded(42).to_json() != recorded(43).to_json()


def test_json_shape() -> None:
    record = recorded(7, "chifeng-classic", None)
    data = json.loads(record.to_json())
    assert data["format"] == "duidiao-hand" and data["version"] == 1
    assert data["preset"] == "chifeng-classic" and "options" not in data
    assert data["declarer"] is None and data["levels"] == {"NS": "A", "EW": "A"}
    assert len(data["deck"].split(",")) == 108
    actions = {next(k for k in d if k != "seat") for d in data["decisions"]}
    assert "play" in actions
    assert data["result"]["outcome"] == record.result.outcome  # type: ignore[union-attr]
    plays = [d for d in data["decisions"] if "play" in d]
    assert sum(len(Cards(p["play"])) for p in plays) == 100
    declares = [d for d in data["decisions"] if "declare" in d]
    for d in declares:
        assert d["kind"] in ("single", "lock", "override") and 0 < d["drawn"] <= 100


def test_custom_rules_are_written() -> None:
    from duidiao import Rules

    rules = Rules.preset("chifeng").replace(k_dig="ten")
    game = Game.deal(seed=3, rules=rules, declarer="E")
    play_hand(game, [make_bot("random", s) for s in range(4)])
    record = Record.from_game(game)
    data = json.loads(record.to_json())
    assert data["options"] == {"k_dig": "ten"}
    assert Record.from_json(record.to_json()).rules == rules


def test_positions_at_every_ply() -> None:
    record = recorded(11)
    plays = [d for d in record.decisions if d.action == "play"]
    assert record.plies == len(plays)
    position = Position(record.position_at(0))
    assert position.turn == record.replay().declarer
    for ply, decision in enumerate(plays):
        text = record.position_at(ply) if ply % 10 == 0 else str(position)
        assert str(position) == text
        position, actual = position.played(decision.cards)  # type: ignore[arg-type]
        assert actual.cards == decision.cards
    assert str(position) == record.position_at(record.plies)
    assert position.is_over and position.result() == record.result


def test_position_at_seat_view() -> None:
    record = recorded(12)
    text = record.position_at(4, seat="E")
    position = Position(text)
    assert position.unknown["E"] == 0
    for seat in "SNW":
        assert position.unknown[seat] > 0
    with pytest.raises(ValueError, match="ply"):
        record.position_at(record.plies + 1)


def test_mismatches_are_refused() -> None:
    record = recorded(13)
    data = json.loads(record.to_json())
    data["result"]["points"] += 5
    with pytest.raises(RecordError, match="replay gives"):
        Record.from_dict(data).replay()

    data = json.loads(record.to_json())
    plays = [d for d in data["decisions"] if "play" in d]
    other = next(p for p in plays if p["play"] != plays[0]["play"] and p["seat"] != "S")
    plays[0]["play"] = other["play"]
    with pytest.raises(RecordError, match="decision"):
        Record.from_dict(data).replay()

    data = json.loads(record.to_json())
    data["decisions"][0]["seat"] = "SENW"["SENW".index(data["decisions"][0]["seat"]) - 1]
    with pytest.raises(RecordError, match="decision 1"):
        Record.from_dict(data).replay()

    data = json.loads(record.to_json())
    data["decisions"] = data["decisions"][:-1]
    with pytest.raises(RecordError, match="stops in the play phase"):
        Record.from_dict(data).replay()


def test_bad_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        Record.from_json("{")
    with pytest.raises(RecordError, match="format"):
        Record.from_json('{"format": "pgn"}')
    data = json.loads(recorded(1).to_json())
    data["deck"] = ",".join(data["deck"].split(",")[:-1])
    with pytest.raises(RecordError, match="deck"):
        Record.from_dict(data)
    data = json.loads(recorded(1).to_json())
    data["version"] = 99
    with pytest.raises(RecordError, match="version"):
        Record.from_dict(data)


def test_unfinished_game_record() -> None:
    game = Game.deal(seed=2, declarer="S")
    game.decline() if game.phase == "declare" else None
    record = Record.from_game(game)
    assert record.result is None
    back = Record.from_json(record.to_json())
    assert back == record
    assert back.replay().history == game.history
