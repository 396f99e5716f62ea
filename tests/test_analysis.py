"""Monte Carlo analysis (duidiao.analyse, `duidiao analyse`) and the pimc bot."""

from __future__ import annotations

import json

import pytest

import duidiao
from duidiao import Cards, HiddenCardsError, Position, analyse
from duidiao.cli import main

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)

# Three cards each: S leads at level 2, spades trump; the defenders have 60 points, 35 are left.
_KNOWN = {"S": "AH,KC,5C", "E": "KH,QC,2D", "N": "QH,TC,3D", "W": "JH,9C,4D"}
_KITTY = "7D,7D,6D,6D,4D,4S,3D,3S"


def _endgame(hidden: bool) -> Position:
    cards = Cards(",".join(_KNOWN.values())) + Cards(_KITTY)
    gone = Cards.deck() - cards
    hands = " ".join(
        f"{seat}={'?3' if hidden and seat != 'S' else held}" for seat, held in _KNOWN.items()
    )
    return Position(
        f"chifeng level=2 trump=S declarer=S levels=NS:2,EW:4 {hands} kitty={_KITTY} "
        f"gone={gone} points=60 turn=S"
    )


def test_every_legal_move_once_with_its_worlds() -> None:
    pos = Position(EXAMPLE)
    a = analyse(pos, worlds=6, seed=1, threads=1)
    assert sorted(str(m.move) for m in a.moves) == sorted(str(m) for m in pos.legal_moves())
    assert a.worlds == 6 and all(m.worlds == 6 for m in a.moves)
    assert a.method == "playouts" and a.turn == "S"
    means = [m.mean for m in a.moves]
    assert means == sorted(means, reverse=True)
    assert all(0.0 <= m.make <= 1.0 and m.stderr >= 0 for m in a.moves)
    (choice,) = [m for m in a.moves if m.heuristic]  # the gains are measured from it
    assert choice.gain == 0.0 and choice.gain_stderr == 0.0
    for m in a.moves:
        assert m.gain == pytest.approx(m.mean - choice.mean)


def test_fixed_seed_is_repeatable_and_independent_of_threads() -> None:
    runs = [analyse(EXAMPLE, worlds=8, seed=5, threads=t) for t in (1, 1, 2)]
    tables = [[(str(m.move), m.mean, m.stderr, m.make) for m in a.moves] for a in runs]
    assert tables[0] == tables[1] == tables[2]
    other = analyse(EXAMPLE, worlds=8, seed=6, threads=1)
    assert [m.mean for m in other.moves] != [m.mean for m in runs[0].moves]


def test_time_budget_is_kept() -> None:
    a = analyse(EXAMPLE, seconds=0.2, seed=1, threads=1)
    assert a.worlds >= 1
    assert a.seconds < 1.0  # one world overshoots a budget by milliseconds, not by seconds


def test_full_information_is_one_exact_world_equal_to_the_solver() -> None:
    pos = _endgame(hidden=False)
    a = analyse(pos, worlds=50, seed=1, threads=1)
    assert a.method == "solver" and a.worlds == 1  # nothing hidden: one world says it all
    exact = duidiao.solve(pos)
    assert {str(m.move): m.mean for m in a.moves} == {
        str(m.move): float(m.value) for m in exact.moves
    }
    for m in a.moves:  # §7.2: the declaring team (S's) stays exactly when its value is >= 0
        assert m.make == (1.0 if m.mean >= 0 else 0.0)


def test_hidden_endgame_is_solved_in_every_world() -> None:
    pos = _endgame(hidden=True)
    a = analyse(pos, worlds=40, seed=2, threads=2)
    assert a.method == "solver" and a.worlds == 40 and a.solver_nodes > 0
    assert len(a.moves) == 4  # AH, KC, 5C and the throw KC,5C
    assert len({m.mean for m in a.moves}) > 1


def test_progress_is_reported_and_can_stop_the_search() -> None:
    seen: list[int] = []

    def stop_after_three(done: int) -> bool:
        seen.append(done)
        return done < 3

    a = analyse(EXAMPLE, worlds=50, seed=1, threads=1, progress=stop_after_three)
    assert seen == [1, 2, 3] and a.worlds == 3


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"worlds": 0}, "worlds: expected a whole number from 1 to 2147483647, not 0"),
        ({"seconds": 0}, "seconds: expected a positive number of seconds .*, not 0"),
        ({"seconds": float("nan")}, "seconds: expected a positive number .*, not nan"),
        ({"seconds": float("inf")}, "seconds: expected a positive number .*, not inf"),
        ({"seconds": "1"}, "seconds: expected a number, not '1'"),
        ({"threads": 0, "worlds": 1}, "threads: expected a whole number from 1 to 256, not 0"),
        ({"seed": -1, "worlds": 1}, "seed: expected a whole number from 0 to 2"),
        ({"solve_cards": 30, "worlds": 1}, "solve_cards: expected a whole number from 0 to 25, "
                                           "not 30"),
        ({"infer_pool": 65, "worlds": 1}, "infer_pool: expected a whole number from 1 to 64"),
        ({"infer_miss": 0, "worlds": 1}, "infer_miss: expected a number above 0 and at most 1"),
        ({"infer_pool": 2.0, "worlds": 1}, "infer_pool: expected a whole number, not 2.0"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        analyse(EXAMPLE, **kwargs)  # type: ignore[arg-type]


def test_hidden_mover_and_finished_hand_are_refused() -> None:
    with pytest.raises(HiddenCardsError, match="S, and 2 of its cards are unknown"):
        analyse(EXAMPLE.replace("S=BJ,5H,", "S=?2,"), worlds=1)
    over = _endgame(hidden=False)
    for _ in range(12):
        over = over.play(over.legal_moves()[0])
    with pytest.raises(HiddenCardsError, match="the hand is over"):
        analyse(over, worlds=1)


def test_cli_prints_the_diagram_and_the_ranked_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", EXAMPLE, "--worlds", "4", "--seed", "1", "--threads", "1",
                 "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "trump ♥" in out and "S* trumps BJ 5♥ 5♥ A♥ K♥ 10♥ 8♥ 8♥" in out
    assert "  E  24 hidden" in out
    rows = [line for line in out.splitlines() if line.strip()[:2] in ("1 ", "2 ", "3 ")]
    assert len(rows) == 3
    assert "... 104 more" in out and "4 worlds (heuristic playouts)" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", EXAMPLE, "--worlds", "3", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["worlds"] == 3 and data["seed"] == 2 and data["method"] == "playouts"
    assert len(data["moves"]) == 107
    assert set(data["moves"][0]) == {
        "move", "mean", "stderr", "make", "worlds", "gain", "gain_stderr", "heuristic"
    }
    assert sum(m["heuristic"] for m in data["moves"]) == 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["analyse", "chifeng nonsense"], "error"),
        (["analyse", EXAMPLE, "--seconds", "-1"], "argument --seconds: expected a number above 0"),
        (["analyse", EXAMPLE, "--worlds", "-3"], "--worlds: expected a whole number from 1"),
    ],
)
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


# -- the pimc bot -----------------------------------------------------------------------------


def test_pimc_bot_plays_whole_hands() -> None:
    from duidiao import _core

    stats = _core.selfplay_hands(2, 3, "chifeng", ["pimc:worlds=2", "heuristic"] * 2)
    assert stats["hands"] == 2


@pytest.mark.parametrize(
    "name, message",
    [
        ("pimc:", "no setting"),
        ("pimc:worlds", "key=value"),
        ("pimc:worlds=0", "worlds needs a whole number from 1 to 1000000"),
        ("pimc:worlds=x", "whole number"),
        ("pimc:worlds=2.5", "whole number"),
        ("pimc:margin=-1", "margin needs a number from 0 to 100"),
        ("pimc:fair=2", "fair needs a whole number from 0 to 1"),
        ("pimc:depth=3", "unknown setting 'depth'"),
        ("pimcx", "unknown bot"),
    ],
)
def test_pimc_bot_names(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duidiao.make_bot(name)


def test_only_the_oracle_sees_everything() -> None:
    assert duidiao.make_bot("pimc-oracle:worlds=1").core.sees_everything
    assert not duidiao.make_bot("pimc").core.sees_everything
    assert not duidiao.make_bot("heuristic").core.sees_everything


def test_an_oracle_observation_shows_every_hand_and_others_do_not() -> None:
    from duidiao import _core
    from duidiao.search.players import core_bot_step

    game = duidiao.Game.deal(seed=4, declarer="S", levels={"NS": "2", "EW": "2"}).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    while int(game.phase) != 4:
        core_bot_step(game, bots)
    seat = int(game.to_act)
    fair, oracle = game.observe(seat), game.observe(seat, True)
    assert [oracle.view.unknown(s) for s in range(4)] == [0, 0, 0, 0]
    others = [s for s in range(4) if s != seat]
    shown = sum(bin(m).count("1") for s in others for m in fair.view.hand(s))  # exposed cards
    assert sum(fair.view.unknown(s) for s in others) + shown == 75 and shown < 10
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        game.observe(4)


def test_the_oracle_plays_through_the_python_driver_too() -> None:
    game = duidiao.Game.deal(seed=2, declarer="E", levels={"NS": "3", "EW": "5"})
    bots = [duidiao.make_bot("pimc-oracle:worlds=1", seed=s) for s in range(2)] * 2
    result = duidiao.play_hand(game, bots, fast=False)
    assert game.phase == "over" and result.points % 5 == 0


def test_ctrl_c_stops_an_analysis(ctrl_c_heard: None) -> None:
    import _thread
    import threading
    import time

    timer = threading.Timer(0.3, _thread.interrupt_main)  # as Ctrl-C would
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        analyse(EXAMPLE, seconds=30, seed=1, threads=1)  # a missed interrupt fails, not hangs
    stopped = time.perf_counter() - start
    timer.join()
    assert stopped < 2.0, f"the analysis ran {stopped:.1f} s after the interrupt"
    assert analyse(EXAMPLE, worlds=4, seed=1, threads=1).worlds == 4  # still usable
