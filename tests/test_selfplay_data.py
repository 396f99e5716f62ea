"""Self-play data (``selfplay --out``, ``duidiao.research.data``, docs/data.md): the tables say
what happened — replaying their actions gives the same hands, observations, masks and results —
in npz and parquet alike, in parts of fixed size."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("duidiao._core")

from duidiao import Game, make_bot  # noqa: E402
from duidiao.cli import main  # noqa: E402
from duidiao.play.cards import SEATS  # noqa: E402
from duidiao.play.game import PHASES  # noqa: E402
from duidiao.research.data import DataWriter, load, record_hand  # noqa: E402
from duidiao.research.encoding import Chooser  # noqa: E402


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_data_replays_to_the_same_hands(tmp_path: Path) -> None:
    bots = [make_bot(name, seed=s) for s, name in enumerate(["heuristic", "random"] * 2)]
    games = {}
    with DataWriter(tmp_path / "run", part_rows=500) as writer:
        for hand in range(6):
            preset = ("chifeng", "chifeng-classic", "shanghai")[hand % 3]
            game = Game.deal(hand, rules=preset, declarer=SEATS[hand % 4])
            record_hand(writer, game, bots, hand, hand)
            games[hand] = (preset, game.result())
    data = load(tmp_path / "run")
    assert len(list((tmp_path / "run").glob("steps-*.npz"))) > 1  # parts of 500 rows
    assert list(data.hands["hand"]) == list(range(6))
    masks = data.masks()
    for hand, (preset, result) in games.items():
        row = int(np.flatnonzero(data.hands["hand"] == hand)[0])
        assert data.hands["score_ns"][row] == result.scores["NS"]
        assert data.hands["points"][row] == result.points
        game = Game.deal(hand, rules=preset, declarer=SEATS[hand % 4])
        chooser = Chooser(game)
        for d in np.flatnonzero(data.decisions["hand"] == hand):
            seat = SEATS[data.decisions["seat"][d]]
            assert game.to_act == seat and PHASES.index(game.phase) == data.decisions["phase"][d]
            assert np.array_equal(data.decisions["observation"][d], game.planes(seat))
            first, count = int(data.decisions["first_step"][d]), int(data.decisions["steps"][d])
            for step in range(first, first + count):
                assert data.steps["decision"][step] == d
                assert np.array_equal(masks[step], chooser.legal_mask().astype(bool))
                assert np.array_equal(
                    data.step_observation(step), game.planes(seat, chooser.chosen)
                )
                chooser.step(int(data.steps["action"][step]))
            team = SEATS.index(seat) % 2
            margin = result.scores[("NS", "EW")[team]] - result.scores[("EW", "NS")[team]]
            assert data.decisions["reward"][d] == margin
        assert game.is_over and game.result() == result


def test_selfplay_out_keeps_the_statistics_and_both_formats_agree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["selfplay", "--hands", "8", "--ns", "heuristic", "--ew", "random", "--seed", "5"]
    code, plain, _ = run(capsys, *args)
    assert code == 0
    code, with_npz, _ = run(capsys, *args, "--out", str(tmp_path / "npz"))
    assert code == 0 and with_npz == plain  # the same hands with or without data
    meta = json.loads((tmp_path / "npz" / "meta.json").read_text())
    assert meta["rows"]["hands"] == 8 and meta["players"] == {"NS": "heuristic", "EW": "random"}
    pytest.importorskip("pyarrow")
    code, _, _ = run(capsys, *args, "--out", str(tmp_path / "pq"), "--format", "parquet")
    assert code == 0
    a, b = load(tmp_path / "npz"), load(tmp_path / "pq")
    for table in ("hands", "decisions", "steps"):
        for name, column in getattr(a, table).items():
            assert np.array_equal(column, getattr(b, table)[name]), (table, name)


def test_refusals_name_what_is_wrong(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "selfplay", "--hands", "2", "--matches", "1", "--out",
                       str(tmp_path / "m"))
    assert code != 0 and "--out plays independent hands (--hands), not matches" in err
    code, _, err = run(capsys, "selfplay", "--matches", "1", "--ray")
    assert code != 0 and "--ray plays independent hands (--hands), not matches" in err
    code, _, err = run(capsys, "selfplay", "--hands", "1", "--workers", "2")
    assert code != 0 and "--workers sets the CPUs of a local Ray cluster" in err
    run(capsys, "selfplay", "--hands", "1", "--out", str(tmp_path / "once"))
    code, _, err = run(capsys, "selfplay", "--hands", "1", "--out", str(tmp_path / "once"))
    assert code != 0 and "already holds data" in err
    (tmp_path / "file").write_text("x")
    code, _, err = run(capsys, "selfplay", "--hands", "1", "--out", str(tmp_path / "file"))
    assert code != 0 and "is a file, not a folder" in err
    with pytest.raises(ValueError, match="holds no self-play data"):
        load(tmp_path)
    with pytest.raises(ValueError, match="format: 'csv' is not one of npz, parquet"):
        DataWriter(tmp_path / "x", format="csv")


def test_an_interrupted_write_loses_no_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    writer = DataWriter(tmp_path / "run", part_rows=50)
    real = np.savez_compressed
    calls = {"n": 0}

    def interrupted(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(np, "savez_compressed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        for hand in range(5):
            record_hand(writer, Game.deal(hand, declarer="S"), bots, hand, hand)
    writer.close({"complete": False})
    assert not list((tmp_path / "run").glob("*.partial"))
    data = load(tmp_path / "run")  # readable, every row counted once
    assert len(data.steps["action"]) == data.meta["rows"]["steps"]
    decisions = data.decisions
    assert np.array_equal(
        data.steps["decision"][decisions["first_step"]], np.arange(len(decisions["hand"]))
    )


def test_bad_data_folders_and_choices_are_named(tmp_path: Path) -> None:
    (tmp_path / "meta.json").write_text("[]")
    with pytest.raises(ValueError, match="data version None"):
        load(tmp_path)
    (tmp_path / "meta.json").write_text('{"version": 1}')
    with pytest.raises(ValueError, match="no format or row counts"):
        load(tmp_path)
    game = Game.deal(1, declarer="S")
    with pytest.raises(ValueError, match="chosen: 5 is not a card list"):
        game.card_choice(5)
    with pytest.raises(ValueError, match="chosen: 'XX' is not a card list"):
        game.planes("S", "XX")
    assert game.planes("S", "").shape == (27, 54)


def test_parts_played_apart_add_up_to_one_run(tmp_path: Path) -> None:
    """Hand i depends on (seed, i) only: parts of a run, their rows added in turn (across part
    boundaries of the files) and their statistics merged, give the run played at once."""
    from duidiao.research.data import Rows
    from duidiao.research.selfplay import SelfPlayStats, draw_hand, play_hands

    assert draw_hand(3, 4) == draw_hand(3, 4) and draw_hand(3, 4) != draw_hand(3, 5)
    whole = play_hands("heuristic", "random", 0, 9, seed=3, preset="shanghai", rows=True)
    merged = SelfPlayStats()
    with DataWriter(tmp_path / "parts", part_rows=300) as writer:
        for first, stop in ((0, 2), (2, 3), (3, 9)):
            part = play_hands("heuristic", "random", first, stop, seed=3, preset="shanghai",
                              rows=True)
            assert part.rows is not None and part.records is None
            writer.add_rows(part.rows)
            merged.merge(part.stats)
    assert merged.summary("shanghai", 3, "h", "r") == whole.stats.summary("shanghai", 3, "h", "r")
    with DataWriter(tmp_path / "whole") as writer:
        assert whole.rows is not None
        writer.add_rows(whole.rows)
    parts, at_once = load(tmp_path / "parts"), load(tmp_path / "whole")
    assert len(list((tmp_path / "parts").glob("steps-*.npz"))) > 1
    for table in ("hands", "decisions", "steps"):
        for column, values in getattr(at_once, table).items():
            assert np.array_equal(getattr(parts, table)[column], values), (table, column)
    # and the rows are those record_hand writes straight into a writer
    rows = Rows()
    draw = draw_hand(3, 0)
    bots = [make_bot(("heuristic", "random")[s % 2], draw.bot_seeds[s]) for s in range(4)]
    game = Game.deal(draw.seed, rules="shanghai", declarer=draw.declarer, levels=draw.levels)
    record_hand(rows, game, bots, 0, draw.seed)
    first_hand = rows.tables()
    n = len(first_hand["decisions"]["hand"])
    assert n > 0 and np.array_equal(first_hand["decisions"]["observation"],
                                    at_once.decisions["observation"][:n])
