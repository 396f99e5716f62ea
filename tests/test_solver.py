"""The double-dummy solver (docs/solver.md): exact values against plain minimax, merging on
and off, the node-count signature of the bench set, threads, refusals, the CLI, memory.

Run more endgames than CI does (and print the figures) with::

    python tests/test_solver.py --endgames 10000
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from slowed import overrun

import duidiao
from duidiao import Card, Cards, HiddenCardsError, Position, Solver, solve
from duidiao.cli import main
from duidiao.search.players import core_bot_step, make_bot
from duidiao.search.solver import Solution, table_mb_for
from duidiao.search.solver_bench import BENCH_CARDS, bench_suite, run_bench

pytest.importorskip("duidiao._core")
from duidiao import _core  # noqa: E402

# The node-count signature of the bench set (`duidiao bench`: the 4- and 6-card suites, both
# objectives, one 16 MiB solver per suite). It changes whenever the search does (move
# ordering, pruning, the table); values must not. Update it with the last line of
# `python -m duidiao bench` in the commit that changes the search, as Stockfish's `bench`.
BENCH_SIGNATURE = 1113567

ENDGAMES = 2000  # endgames checked against brute force in CI (both objectives)
ENDGAMES_FAST = 200  # the same in the fast runs (-m "not slow": sanitizer, oldest Python)
PRESETS = ("chifeng", "chifeng-classic", "chifeng-10")
LEVELS = "A23456789TJQK"
SLOW = bool(os.environ.get("DUIDIAO_SLOW_BENCH"))
MERGE_CARDS = (4, 6, 8, 10) if SLOW else (4, 6)

LAST_TRICK = (
    "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=KH N=QH W=JH "
    "kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=100 turn=S"
)


def last_trick() -> str:
    gone = Cards.deck() - Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
    return LAST_TRICK.format(gone=gone)


# -- endgames from self-play --------------------------------------------------------------


@dataclass
class Endgame:
    hand: Any  # _core.Hand, every card known
    levels: tuple[int, int]
    position: str | None  # the position string, for some of them
    origin: str


def endgames(count: int, seed: int = 0, with_positions: int = 25) -> Iterator[Endgame]:
    """``count`` endgames with 1 to 4 cards in the largest hand: every decision point of the
    last tricks of self-play hands (mid-trick ones included), random and heuristic bots in
    turn, the presets in turn. Every ``with_positions``-th also carries its position string."""
    made = 0
    i = 0
    while True:
        preset = PRESETS[i % 3]
        bot = ("random", "heuristic")[(i // 3) % 2]
        origin = f"{preset}/{bot}/{seed}:{i}"
        rng = random.Random(origin)
        game = duidiao.Game.deal(
            rng.getrandbits(64),
            rules=preset,
            declarer="SENW"[rng.randrange(4)],
            levels=(LEVELS[rng.randrange(13)], LEVELS[rng.randrange(13)]),
        )
        bots = [make_bot(bot, rng.getrandbits(32)).core for _ in range(4)]
        core = game._core
        levels = (game.rules.position(game.levels["NS"]), game.rules.position(game.levels["EW"]))
        while int(core.phase) != 5:
            if int(core.phase) == 4:
                largest = max(len(Cards.from_masks(*core.held(s))) for s in range(4))
                if largest <= 4:
                    text = str(game.position()) if made % with_positions == 0 else None
                    yield Endgame(core.hand(), levels, text, origin)
                    made += 1
                    if made == count:
                        return
            core_bot_step(core, bots)
        i += 1



def _best(values: list[int], maximise: bool) -> int:
    return max(values) if maximise else min(values)


def check_endgame(e: Endgame, objective: str) -> tuple[int, int]:
    """Solver against brute force on one endgame; returns (moves checked, solver nodes)."""
    hand = e.hand
    raw = _core.Solver(1.0).solve(hand, objective, *e.levels)
    oracle = {tuple(m): v for m, v in _core.brute_force(hand, objective, *e.levels)}
    got = {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]}
    where = f"{e.origin} {objective}: {e.position or ''}"
    assert got == oracle, where
    # The table keyed by relative ranks (by default only from 8 cards in a hand) at any size.
    relative = _core.Solver(1.0, relative_keys_from=0).solve(hand, objective, *e.levels)
    assert {tuple(m): v for m, _p, v, _lo, _hi in relative["moves"]} == oracle, where
    if objective == "score":
        maximise = True
    else:
        maximise = hand.turn % 2 != hand.declarer % 2
    assert raw["value"] == _best(list(oracle.values()), maximise), where
    if e.position is not None:  # the same through the public API
        solution = solve(e.position, objective, tt_mb=1)
        assert solution.value == raw["value"], where
        assert {m.move.cards.masks: m.value for m in solution.moves} == got, where
        assert len(solution.moves) == len(got) == len(Position(e.position).legal_moves())
    return len(got), int(raw["nodes"])


@pytest.mark.parametrize(
    "count", [ENDGAMES_FAST, pytest.param(ENDGAMES, marks=pytest.mark.slow)]
)
def test_endgames_match_brute_force(count: int) -> None:
    start = time.perf_counter()
    moves = 0
    for e in endgames(count):
        for objective in ("score", "points"):
            moves += check_endgame(e, objective)[0]
    assert moves > count
    assert time.perf_counter() - start < 600


# An endgame (from `endgames(6000, seed=7)`, chifeng-classic/heuristic/7:118) where a cashing
# bound that let the leader's partner take a trick (and the lead) with a higher card, or discard
# a trump, claimed points the leader's team cannot be sure of: the points value came out wrong.
CASHING_ENDGAME = (
    "chifeng-classic level=K trump=S declarer=N levels=NS:K,EW:K S=SJ,KH,KD,KC E=AS,AS,JS,5H "
    "N=BJ,BJ,8H,6H W=KH,KD,8S,5S kitty=SJ,AH,QH,8H,6H,2H,JD,7D tricks=N:AC|2C|7C|2C/"
    "N:9H,9H|3H,2H|TH,4H|7H,7H/N:2D|3D|4D|5D/E:AH|3H|5H|JH/E:8D,8D|4D,3D|9D,6D|AD,AD/"
    "S:8C|3C|4C|TC/W:AC,QC|JC,9C|TC,5C|8C,6C/W:QH|3S|JH|TH/S:QC|4C|5C|3C/S:JD|2D|6D|QD/"
    "W:JC,6C|TD,5D|7D,7C|4H,9C/W:TD|5S|9D|QD/S:QS,QS|6S,3S|4S,4S|2S,2S/S:KS,KS|9S,7S|KC,8S|7S,6S/"
    "S:TS|JS|9S|TS trick=E: voids=S:HDC,E:C,N:C dry=yes"
)


def test_cashing_bound_keeps_the_lead_with_the_leader() -> None:
    position = Position(CASHING_ENDGAME)
    levels = (LEVELS.index("K"), LEVELS.index("K"))
    for objective in ("score", "points"):
        raw = _core.Solver(1.0).solve(position._hand, objective, *levels)
        oracle = {tuple(m): v for m, v in _core.brute_force(position._hand, objective, *levels)}
        assert {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]} == oracle, objective


def test_endgames_cover_mid_trick_and_all_presets() -> None:
    seen = list(endgames(300))
    assert any(e.hand.trick() for e in seen) and any(not e.hand.trick() for e in seen)
    assert {e.hand.rules.name for e in seen} == set(PRESETS)
    sizes = {len(Cards.from_masks(*e.hand.hand(e.hand.turn))) for e in seen}
    assert sizes == {1, 2, 3, 4}


# -- the public API -----------------------------------------------------------------------


def test_solve_last_trick() -> None:
    solution = solve(last_trick(), "points")
    assert solution.value == 100 and solution.objective == "points" and solution.turn == "S"
    assert [str(m.move) for m in solution.moves] == ["AH"]
    assert [str(m) for m in solution.pv] == ["AH", "KH", "QH", "JH"]
    assert solution.nodes >= 1 and solution.seconds >= 0
    assert duidiao.defenders_reach(last_trick(), 100)
    assert not duidiao.defenders_reach(last_trick(), 105)
    score = solve(Position(last_trick()))
    assert score.objective == "score" and score.moves[0].value == score.value


@pytest.mark.parametrize("cards", [4, 6])
def test_bench_positions_through_the_api(cards: int) -> None:
    solver = Solver(16)
    for entry in bench_suite(cards):
        position = Position(entry.position)
        score = solver.solve(position, "score")
        points = solver.solve(entry.position, "points")
        assert (score.value, points.value) == (entry.score, entry.points)
        assert solver.value(position, "points") == entry.points
        assert solver.defenders_reach(position, entry.points)
        assert not solver.defenders_reach(position, entry.points + 5)
        legal = position.legal_moves()
        assert sorted(str(m.move) for m in score.moves) == sorted(str(m) for m in legal)
        values = [m.value for m in score.moves]
        assert values == sorted(values, reverse=True) and values[0] == score.value
        assert score.best_moves and score.best in score.best_moves
        assert score.value_of(score.best) == score.value
        assert 0 <= score.tt_hits <= score.tt_probes and 0 <= score.hit_rate <= 1
        # the principal variation is a line of legal plays to the end of the hand
        pos = position
        for move in score.pv:
            pos = pos.play(move)
        assert pos.is_over
        # the defenders maximise the points whoever is to move
        ordered = [m.value for m in points.moves]
        defending = "SENW".index(position.turn or "S") % 2 != "SENW".index(position.declarer) % 2
        assert ordered == sorted(ordered, reverse=defending)


def test_pv_reaches_the_value() -> None:
    for entry in bench_suite(6)[:6]:
        position = Position(entry.position)
        points = solve(position, "points")
        end = position
        for move in points.pv:
            end = end.play(move)
        assert end.points == points.value
        score = solve(position, "score")
        end = position
        for move in score.pv:
            end = end.play(move)
        result = end.result()
        mine = "NS" if position.turn in ("S", "N") else "EW"
        other = "EW" if mine == "NS" else "NS"
        assert result.scores[mine] - result.scores[other] == score.value


def test_failed_throws_are_valued_by_what_they_come_to() -> None:
    failing = 0
    for e in endgames(400, seed=7):
        if e.hand.trick():
            continue
        raw = _core.Solver(1.0).solve(e.hand, "points", *e.levels)
        for move, played, *_ in raw["moves"]:
            if tuple(move) != tuple(played):
                failing += 1
                # the forced component is itself a legal move with the same value
                values = {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]}
                assert values[tuple(move)] == values[tuple(played)]
    assert failing > 0


@pytest.mark.parametrize("tt_mb", [0.001, 16])
def test_one_solver_reused_across_deals(tt_mb: float) -> None:
    # As a Monte Carlo search uses it: one Solver, many deals, never cleared. The table's key
    # tells deals and objectives apart; a tiny table (15 buckets) replaces entries all the time.
    reused = Solver(tt_mb)
    entries = bench_suite(4) + bench_suite(6)[:4]
    for entry in entries + entries[::-1]:
        position = Position(entry.position)
        for objective in ("points", "score"):
            got = reused.solve(position, objective)
            fresh = Solver(1).solve(position, objective)
            assert got.value == (entry.score if objective == "score" else entry.points)
            assert [(m.move.cards, m.value) for m in got.moves] == [
                (m.move.cards, m.value) for m in fresh.moves
            ]


# -- merging equivalent cards ---------------------------------------------------------------


@pytest.mark.parametrize("cards", MERGE_CARDS)
def test_merging_changes_no_value(cards: int) -> None:
    for entry in bench_suite(cards):
        position = Position(entry.position)
        for objective, expected in (("score", entry.score), ("points", entry.points)):
            merged = Solver(16, merge=True).solve(position, objective)
            plain = Solver(16, merge=False).solve(position, objective)
            assert merged.value == plain.value == expected
            assert {m.move.cards: m.value for m in merged.moves} == {
                m.move.cards: m.value for m in plain.moves
            }


# -- the node-count signature ---------------------------------------------------------------


def test_bench_signature() -> None:
    result = run_bench(BENCH_CARDS)
    assert not result.mismatches, result.mismatches
    assert result.positions == 24
    assert result.nodes == BENCH_SIGNATURE, (
        f"the bench node count is {result.nodes}, not {BENCH_SIGNATURE}: if the search was "
        "changed on purpose, update BENCH_SIGNATURE in tests/test_solver.py"
    )


def test_bench_is_deterministic() -> None:
    entry = bench_suite(6)[0]
    a = Solver(64).solve(entry.position, "score")
    b = Solver(64).solve(entry.position, "score")
    assert a.nodes == b.nodes and a.tt_probes == b.tt_probes and a.tt_hits == b.tt_hits


# -- threads --------------------------------------------------------------------------------


def _summary(position: str, objective: str) -> tuple[int, tuple[tuple[str, int], ...], int]:
    s = Solver(16).solve(position, objective)
    return s.value, tuple((str(m.move), m.value) for m in s.moves), s.nodes


def test_threads_give_the_sequential_results() -> None:
    jobs = [(e.position, obj) for e in bench_suite(6) for obj in ("score", "points")]
    sequential = [_summary(p, o) for p, o in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda job: _summary(*job), jobs))
    assert parallel == sequential


def test_two_threads_at_once() -> None:
    entries = bench_suite(6)[:2]
    expected = [_summary(e.position, "score") for e in entries]
    barrier = threading.Barrier(2)
    got: list[Any] = [None, None]

    def run(i: int) -> None:
        barrier.wait()
        got[i] = _summary(entries[i].position, "score")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def test_one_solver_shared_by_threads_is_serialised() -> None:
    solver = Solver(16)
    entries = bench_suite(4)
    with ThreadPoolExecutor(max_workers=3) as pool:
        values = list(pool.map(lambda e: solver.solve(e.position, "points").value, entries))
    assert values == [e.points for e in entries]


def test_the_gil_is_released_while_solving() -> None:
    # the slowest bench position we know; the main thread must run while C++ searches
    entries = bench_suite(8) if SLOW else bench_suite(6)
    entry = max(entries, key=lambda e: Solver(16).solve(e.position, "score").nodes)
    done = threading.Event()
    ticks = 0

    def work() -> None:
        Solver(16).solve(entry.position, "score")
        done.set()

    start = time.perf_counter()
    thread = threading.Thread(target=work)
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    if time.perf_counter() - start > 0.05:
        assert ticks > 5


# -- Ctrl-C ---------------------------------------------------------------------------------


def _slowest_known() -> str:
    """A 12-card bench position: seconds to solve, far more than the tests below wait."""
    return bench_suite(12)[0].position


def test_ctrl_c_stops_a_solve_and_the_solver_stays_usable(ctrl_c_heard: None) -> None:
    import _thread

    solver = Solver(16)
    timer = threading.Timer(0.3, _thread.interrupt_main)  # as Ctrl-C would
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        solver.solve(_slowest_known())
    stopped = time.perf_counter() - start
    timer.join()
    assert stopped < 2.0, f"the solve ran {stopped:.1f} s after the interrupt"
    entry = bench_suite(6)[0]
    assert solver.solve(entry.position).value == entry.score
    assert solver.value(entry.position, "points") == entry.points


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_cli_ctrl_c_exits_130(ctrl_c_heard: None) -> None:
    import signal

    # The child's SIGINT as a terminal would leave it (an ignored one stays ignored in Python).
    child = subprocess.Popen(
        [sys.executable, "-m", "duidiao", "solve", _slowest_known()],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(2.0)  # imported and solving
    child.send_signal(signal.SIGINT)
    try:
        _out, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert err.strip() == "duidiao: interrupted"


# -- refusals -------------------------------------------------------------------------------


def test_hidden_hands_are_refused() -> None:
    text = (
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
        "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
        "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
    )
    with pytest.raises(HiddenCardsError) as info:
        solve(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == (
        "solve: E's hand is not known (24 hidden cards); the solver needs every hand"
    )
    with pytest.raises(HiddenCardsError, match="defenders_reach: E's hand"):
        duidiao.defenders_reach(text, 80)


def test_unknown_kitty() -> None:
    entry = bench_suite(4)[0]
    text = re.sub(r"kitty=\S+", "kitty=?8", entry.position)
    with pytest.raises(HiddenCardsError, match="the kitty is not known"):
        solve(text, "score")
    assert solve(text, "points").value == entry.points  # points do not need the kitty
    assert duidiao.defenders_reach(text, entry.points)


def test_bad_arguments() -> None:
    entry = bench_suite(4)[0]
    with pytest.raises(ValueError, match="objective must be 'points' or 'score'"):
        solve(entry.position, "tricks")
    with pytest.raises(duidiao.NotationError):
        solve("chifeng level=5")
    with pytest.raises(ValueError, match="tt_mb"):
        Solver(0)
    with pytest.raises(TypeError):
        solve(42)  # type: ignore[arg-type]
    over = Position(last_trick()).play("AH").play("KH").play("QH").play("JH")
    with pytest.raises(ValueError, match="the hand is over"):
        solve(over, "points")


# -- memory ---------------------------------------------------------------------------------


def test_table_size() -> None:
    assert 0 < Solver(tt_mb=8).tt_bytes <= 8 << 20
    assert Solver(tt_mb=8).tt_bytes > 7 << 20
    assert Solver(tt_mb=0.5).tt_bytes <= 1 << 19


MEMORY_SCRIPT = """
import os, resource, sys
import duidiao
from duidiao.search.solver_bench import bench_suite

def rss():  # KiB: the resident set now (Linux), else the high-water mark
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

duidiao.solve(bench_suite(6)[0].position, tt_mb=1)  # warm up: imports, code, small allocations
before = rss()
solver = duidiao.Solver(tt_mb=int(sys.argv[1]))
created = rss()
for entry in bench_suite(6):
    solver.solve(entry.position, "score")
    solver.solve(entry.position, "points")
after = rss()
print(before, created, after, solver.tt_bytes)
"""


def measure_memory(tt_mb: int) -> tuple[int, int, int, int]:
    """Resident memory (KiB) before creating a Solver(tt_mb), after, and after solving the
    6-card bench suite with it; and its table's size in bytes."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(tt_mb)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    before, created, after, table = (int(x) for x in out)
    return before, created, after, table


def test_memory_grows_by_the_table() -> None:
    before, created, after, table = measure_memory(256)
    table_kib = table // 1024
    assert table <= 256 << 20
    assert created - before <= table_kib + 8 * 1024  # the table and little else
    assert after - before <= table_kib + 16 * 1024  # solving allocates next to nothing


# -- the command line -----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_solve(capsys: pytest.CaptureFixture[str]) -> None:
    entry = bench_suite(6)[0]
    code, out, err = run(capsys, "solve", entry.position)
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == str(Position(entry.position))
    assert lines[1].startswith(f"value {entry.score:+d}: hand score difference")
    assert lines[2].split() == ["move", "value"]
    assert lines[-2].startswith("pv: ") and lines[-1].startswith("nodes ")
    code, out, _ = run(capsys, "solve", entry.position, "--objective", "points", "--tt-mb", "4")
    assert code == 0 and out.splitlines()[1].startswith(f"value {entry.points}: ")


def test_the_command_line_takes_a_larger_table_from_11_cards() -> None:
    assert table_mb_for(bench_suite(10)[0].position) == 16
    assert table_mb_for(Position(bench_suite(12)[0].position)) == 256


def test_cli_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    entry = bench_suite(4)[0]
    code, out, _ = run(capsys, "solve", entry.position, "--objective", "points", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {
        "position",
        "objective",
        "turn",
        "value",
        "moves",
        "pv",
        "pv_text",
        "nodes",
        "seconds",
        "tt_probes",
        "tt_hits",
        "hit_rate",
    }
    assert data["value"] == entry.points and data["objective"] == "points"
    assert set(data["moves"][0]) == {"move", "played", "value", "lower", "upper"}
    assert data["moves"][0]["value"] == entry.points
    assert data["complete"] is True and data["lower"] == data["upper"] == entry.points


def test_cli_solve_with_a_limit_prints_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32, item 5: a limit spent, the value and each unsolved move as proven bounds."""
    entry = bench_suite(10)[0]
    code, out, err = run(capsys, "solve", entry.position, "--nodes", "20000")
    lines = out.splitlines()
    assert code == 0 and err == "", err
    assert "the limit was reached" in lines[1]
    assert any(".." in line for line in lines[3:-1])
    assert not any(line.startswith("pv: ") for line in lines)
    code, out, _ = run(capsys, "solve", entry.position, "--nodes", "20000", "--json")
    data = json.loads(out)
    assert data["complete"] is False and data["pv"] == []
    assert data["lower"] <= entry.score <= data["upper"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "chifeng level=5"], "duidiao: error: "),
        (["solve", "chifeng level=5 trump=H declarer=S S=?25 E=?25 N=?25 W=?25"], "hidden"),
        (["solve"], "a position is required"),
        (["solve", "--objective", "tricks", "x"], "invalid choice"),
        (["bench", "--cards", "5"], "no suite for 5 cards"),
    ],
)
def test_cli_solve_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err


def test_cli_bench(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench")
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == f"nodes {BENCH_SIGNATURE}"
    code, out, _ = run(capsys, "solve", "--bench", "--cards", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["positions"] == 12 and data["mismatches"] == []
    assert data["nodes"] == data["suites"][0]["nodes"]


def test_cli_subprocess() -> None:
    entry = bench_suite(4)[0]
    done = subprocess.run(
        [sys.executable, "-m", "duidiao", "solve", entry.position, "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["value"] == entry.score


# -- the kitty's bonus and the bands (rules §10.7) -------------------------------------------
# The standard game's result options on Chifeng endgames (the presets that use them are not
# playable yet): T = the tricks' points plus the kitty's times its multiplier when a defender
# wins the last trick, so both objectives change; the solver's bounds and table keys must stay
# exact with it.
KITTY_OPTIONS = {
    "power": {"scoring": "bands", "digs": False, "xiaosa": False, "kitty_points": "power"},
    "cards+gates": {
        "scoring": "bands",
        "digs": False,
        "xiaosa": False,
        "kitty_points": "cards",
        "must_play_levels": (1, 4, 9, 12),  # shanghai's gates 2 5 10 K on the A-K ladder
        "gated_takeover": True,
    },
    "power+chifeng-rows": {"kitty_points": "power"},  # with §7's rows, digs and 潇洒
}


def _masks(faces: list[int]) -> tuple[int, int]:
    return Cards([Card(f) for f in faces]).masks


def _face_points(face: int) -> int:
    return {3: 5, 8: 10, 11: 10}.get(face % 13, 0) if face < 52 else 0


def _endgame(
    rules: Any, level: int, trump: int, declarer: int, leader: int, hands: list[list[int]],
    kitty: list[int], gone: list[int], points: int,
) -> Any:
    """A core hand at a trick start: every hand, the kitty and the cards gone known."""
    return _core.Hand(
        rules, level, trump, declarer, leader, [_masks(h) for h in hands], [0] * 4,
        _masks(kitty), True, False, points, [0] * 4, 25 - len(hands[0]), gone=_masks(gone),
    )


def kitty_endgames(
    count: int, seed: int, options: dict[str, Any], most: int = 4, with_maker: bool = False
) -> Iterator[Any]:
    """``count`` endgames (hand, levels) with 1 to ``most`` cards in each hand, drawn from few
    faces (runs of four ranks in two suits, sometimes jokers), each twice, so that pairs and
    tractors win last tricks; the kitty random (mostly with points), the banked points anything
    the cards gone can give. Some are a play or two into a trick. ``with_maker``: also a
    function making the endgame with other banked points (None mid-trick) and the most."""
    rng = random.Random(seed)
    rules = duidiao.Rules.preset("chifeng").replace(**options).to_core()
    made = 0
    while made < count:
        level, trump, n = rng.randrange(13), rng.randrange(4), rng.randint(1, most)
        pool = []
        for suit in rng.sample(range(4), 2):
            low = rng.randrange(10)
            pool += [suit * 13 + r for r in range(low, low + 4) for _ in range(2)]
        if rng.random() < 0.3:
            pool += [52, 52, 53, 53]
        hands: list[list[int]] = [[] for _ in range(4)]
        for h in hands:  # mostly a pair of a face, else one copy
            while len(h) < n:
                f = rng.choice(pool)
                take = 2 if pool.count(f) == 2 and len(h) + 2 <= n and rng.random() < 0.7 else 1
                for _ in range(take):
                    pool.remove(f)
                    h.append(f)
        rest = [f for f in range(54) for _ in range(2)]
        for f in [c for h in hands for c in h]:
            rest.remove(f)
        rng.shuffle(rest)
        kitty, gone = rest[:8], rest[8:]
        most_points = sum(map(_face_points, gone))
        declarer, leader = rng.randrange(4), rng.randrange(4)
        levels = [rng.randrange(13), rng.randrange(13)]
        levels[declarer % 2] = level

        # the endgame with any banked points
        make = functools.partial(
            _endgame, rules, level, trump, declarer, leader, hands, kitty, gone
        )
        hand = make(rng.randrange(0, most_points + 1, 5))
        plays = rng.choice((0, 0, 1, 2))
        for _ in range(plays):
            hand.play(rng.choice(hand.legal_moves()))
        if hand.is_over:
            continue
        made += 1
        if with_maker:
            yield hand, (levels[0], levels[1]), (make if plays == 0 else None), most_points
        else:
            yield hand, (levels[0], levels[1])


def check_kitty_endgame(hand: Any, levels: tuple[int, int], objective: str) -> Any:
    """Solver against brute force on one endgame (every move's value), and the principal
    variation reaching the value; returns the result at its end."""
    raw = _core.Solver(1.0).solve(hand, objective, *levels)
    oracle = {tuple(m): v for m, v in _core.brute_force(hand, objective, *levels)}
    assert {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]} == oracle
    relative = _core.Solver(1.0, relative_keys_from=0).solve(hand, objective, *levels)
    assert {tuple(m): v for m, _p, v, _lo, _hi in relative["moves"]} == oracle
    # The values alone (the bots' worlds ask so): the same values, no principal variation.
    bare = _core.Solver(1.0).solve(hand, objective, *levels, pv=False)
    assert {tuple(m): v for m, _p, v, _lo, _hi in bare["moves"]} == oracle and bare["pv"] == []
    maximise = objective == "score" or hand.turn % 2 != hand.declarer % 2
    assert raw["value"] == _best(list(oracle.values()), maximise)
    line = hand.copy()
    for move in raw["pv"]:
        line.play(move)
    r = line.result(*levels)
    diff = r.score_ns - r.score_ew
    mine = diff if hand.turn % 2 == 0 else -diff
    assert raw["value"] == (r.points if objective == "points" else mine)
    return r


def random_result(hand: Any, levels: tuple[int, int], rng: random.Random) -> Any:
    """The result of the hand played out at random from here, half the leads among the
    longest (so that last tricks of pairs and tractors come up)."""
    hand = hand.copy()
    while not hand.is_over:
        moves = hand.legal_moves()
        if not hand.trick() and rng.random() < 0.5:
            longest = max(bin(m[0]).count("1") + bin(m[1]).count("1") for m in moves)
            moves = [m for m in moves if bin(m[0]).count("1") + bin(m[1]).count("1") == longest]
        hand.play(rng.choice(moves))
    return hand.result(*levels)


@pytest.mark.parametrize("name", list(KITTY_OPTIONS))
def test_kitty_bonus_endgames_match_brute_force(name: str) -> None:
    """Rules §10.7: both objectives exact with the kitty's bonus (×2, ×4 by the winning play's
    longest tractor, or ×2 × its cards), the bands and the gates."""
    options = KITTY_OPTIONS[name]
    rng = random.Random(name)
    multipliers: set[int] = set()
    bands: set[str] = set()
    for hand, levels in kitty_endgames(150, seed=11, options=options):
        for objective in ("score", "points"):
            r = check_kitty_endgame(hand, levels, objective)
            multipliers.add(r.kitty_multiplier)
            bands.add(r.outcome.name)
        r = random_result(hand, levels, rng)
        multipliers.add(r.kitty_multiplier)
        bands.add(r.outcome.name)
    # the endgames reach what they are meant to test (tractors: test_kitty_bonus_of_a_tractor)
    assert {0, 2, 4} <= multipliers
    if options.get("scoring") == "bands":
        assert {"guangpai", "xiaoguang", "dacheng", "dapo", "dapo_climb"} <= bands


@pytest.mark.parametrize("name", list(KITTY_OPTIONS))
def test_one_solver_reused_across_banked_points(name: str) -> None:
    """The score objective's table key holds what the banked points mean (the point rows still
    reachable, the kitty's bonus counted): one solver, the same cards with every banked
    total, agrees with a new solver for each."""
    reused = _core.Solver(1.0)
    checked = 0
    for _hand, levels, make, most in kitty_endgames(
        60, seed=3, options=KITTY_OPTIONS[name], with_maker=True
    ):
        if make is None:
            continue
        for points in range(0, most + 1, 5):
            hand = make(points)
            got = reused.solve(hand, "score", *levels)
            fresh = _core.Solver(1.0).solve(hand, "score", *levels)
            assert {tuple(m): v for m, _p, v, *_ in got["moves"]} == {
                tuple(m): v for m, _p, v, *_ in fresh["moves"]
            }, points
            checked += 1
    assert checked > 300


def tractor_endgame(kitty_points: str, pairs: int, leader: int, points: int) -> Any:
    """``pairs`` pairs and a single each: East (a defender) holds a trump tractor (8H 9H TH...,
    hearts trump at level 2) and the big joker, the others pairs of one side suit each and a
    club; the kitty holds 25 points. Leading, East wins the joker's trick first and the last
    one with its tractor."""
    rules = duidiao.Rules.preset("chifeng").replace(
        scoring="bands", digs=False, xiaosa=False, kitty_points=kitty_points
    ).to_core()
    held = [
        [13 + r for r in (1, 2, 4)[:pairs] for _ in range(2)] + [39 + 10],  # S: 3D 4D 6D, QC
        [r for r in (6, 7, 8)[:pairs] for _ in range(2)] + [53],  # E: 8H 9H TH, BJ
        [39 + r for r in (4, 5, 6)[:pairs] for _ in range(2)] + [39 + 12],  # N: 6C 7C 8C, AC
        [13 + r for r in (9, 10, 12)[:pairs] for _ in range(2)] + [39 + 2],  # W: JD QD AD, 4C
    ]
    kitty = [11 + 39, 8 + 39, 3 + 39, 1, 2, 4, 5, 9]  # KC TC 5C 3H 4H 6H 7H JH: 25 points
    rest = [f for f in range(54) for _ in range(2)]
    for f in [c for h in held for c in h] + kitty:
        rest.remove(f)
    return _core.Hand(
        rules, 1, 0, 0, leader, [_masks(h) for h in held], [0] * 4, _masks(kitty), True, False,
        points, [0] * 4, 24 - 2 * pairs, gone=_masks(rest),
    )


@pytest.mark.parametrize(
    "kitty_points, pairs, multiplier",
    [("power", 2, 8), ("power", 3, 16), ("cards", 2, 8), ("cards", 3, 12)],
)
@pytest.mark.parametrize("starts", ["first", pytest.param("others", marks=pytest.mark.slow)])
def test_kitty_bonus_of_a_tractor(
    kitty_points: str, pairs: int, multiplier: int, starts: str
) -> None:
    """Rules §10.7: ×8 for a tractor of two and ×16 for one of three (`power`), ×2 × 4 and
    ×2 × 6 cards (`cards`): the bound on the bonus still to come must count the longest tractor
    East holds (or the cards left). Five cards each against brute force; seven (too many for
    it) against the solver without merging equivalent cards. The first start runs in every
    job, the others (brute force takes ~1 s each) where slow tests run."""
    every = [(1, 40), (0, 60), (2, 80)]  # (leader, banked points)
    if pairs == 3:
        every += [(1, 0), (1, 120), (3, 10)]
    for leader, points in every[:1] if starts == "first" else every[1:]:
        hand = tractor_endgame(kitty_points, pairs, leader, points)
        values = []
        for objective in ("points", "score"):
            if pairs == 2:
                r = check_kitty_endgame(hand, (1, 5), objective)
            else:
                merged = _core.Solver(1.0).solve(hand, objective, 1, 5)
                plain = _core.Solver(1.0, merge=False).solve(hand, objective, 1, 5)
                assert {tuple(m): v for m, _p, v, *_ in merged["moves"]} == {
                    tuple(m): v for m, _p, v, *_ in plain["moves"]
                }
                line = hand.copy()
                for move in merged["pv"]:
                    line.play(move)
                r = line.result(1, 5)
            values.append(r)
        if leader == 1:  # the joker first, the tractor last: the kitty's 25 points × m
            assert values[0].kitty_multiplier == multiplier
            assert values[0].points == points + 20 * (pairs - 2) + 25 * multiplier


def test_points_beyond_sixteen_bits_are_exact() -> None:
    """Rules §10.7: T reaches 80 × 2^9 with a tractor of eight pairs won last: beyond the
    table's 16-bit bounds, which keep weaker bounds instead of wrapping."""
    rules = duidiao.Rules.preset("chifeng").replace(
        scoring="bands", digs=False, xiaosa=False, kitty_points="power"
    ).to_core()
    level = 12  # K: the kings are level cards
    junk = (0, 1, 2, 4, 5, 6, 7, 9)  # ranks 2 3 4 6 7 8 9 J: no points
    held = [
        [26 + r for r in junk for _ in range(2)],  # S: spades
        [r for r in range(8) for _ in range(2)],  # E: 2H..9H twice, a trump tractor of 8
        [39 + r for r in junk for _ in range(2)],  # N: clubs
        [13 + r for r in junk for _ in range(2)],  # W: diamonds
    ]
    kitty = [37, 37, 24, 24, 34, 34, 21, 21]  # KS KS KD KD TS TS TD TD: 80 points
    rest = [f for f in range(54) for _ in range(2)]
    for f in [c for h in held for c in h] + kitty:
        rest.remove(f)
    hand = _core.Hand(
        rules, level, 0, 0, 1, [_masks(h) for h in held], [0] * 4, _masks(kitty), True, False,
        50, [0] * 4, 9, gone=_masks(rest),
    )
    best = 50 + 10 + 80 * 2**9  # East leads all 16: the two 5s, and the kitty ×512
    solver = _core.Solver(4.0)
    assert solver.value(hand, "points", level, 3) == best > 32767
    assert solver.defenders_reach(hand, best) and not solver.defenders_reach(hand, best + 5)
    # EW (at 4) take over and climb, stopped by J (§7.1): +2 and 7 levels, NS −2
    assert solver.value(hand, "score", level, 3) == (2 + 2 * 7) + 2


@pytest.mark.parametrize("name", list(KITTY_OPTIONS))
def test_pimc_makes_follows_the_result(name: str) -> None:
    """pimc's "declarers make it" comes from the score value (stay ⇒ the declaring team's
    value ≥ 0, take over ⇒ ≤ −4), under the bands, the kitty's bonus and the gates too: in
    every finished hand, and in exact analyses of fully known endgames against the result of
    the solver's line."""
    options = KITTY_OPTIONS[name]
    rng = random.Random(name)
    checked = 0
    for hand, levels in kitty_endgames(40, seed=5, options=options, most=3):
        for _ in range(5):
            r = random_result(hand, levels, rng)
            diff = r.score_ns - r.score_ew
            declaring = diff if hand.declarer % 2 == 0 else -diff
            assert declaring >= 0 if r.declarers_stay else declaring <= -4
        search = _core.PimcSearch(1, 0.0, 1, 1, 25, 1.0)
        analysis = search.analyse(hand, *levels)
        assert analysis["exact"]
        for move, mean, _err, makes, *_rest in analysis["moves"]:
            line = hand.copy()
            line.play(move)
            while not line.is_over:
                line.play(_core.Solver(1.0).solve(line, "score", *levels)["moves"][0][0])
            r = line.result(*levels)
            diff = r.score_ns - r.score_ew
            mover_team = hand.turn % 2
            assert mean == (diff if mover_team == 0 else -diff)
            assert makes == float(r.declarers_stay)
            checked += 1
    assert checked > 40


# -- more endgames by hand ------------------------------------------------------------------


def _main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Solver against brute force on endgames.")
    parser.add_argument("--endgames", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    counts = {"score": [0, 0, 0], "points": [0, 0, 0]}  # positions, moves, nodes
    mid = 0
    for e in endgames(args.endgames, args.seed):
        mid += bool(e.hand.trick())
        for objective in ("score", "points"):
            moves, nodes = check_endgame(e, objective)
            c = counts[objective]
            c[0] += 1
            c[1] += moves
            c[2] += nodes
    seconds = time.perf_counter() - start
    print(f"{args.endgames} endgames ({mid} mid-trick), seed {args.seed}: all equal")
    for objective, (n, moves, nodes) in counts.items():
        print(f"  {objective}: {n} positions, {moves} move values, {nodes} solver nodes")
    print(f"  {seconds:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))


# -- limits: bounds instead of minutes (issue 32, item 5) ------------------------------------


@pytest.mark.parametrize(
    "seconds, per_suite", [(0.25, 2), pytest.param(1.0, None, marks=pytest.mark.slow)]
)
def test_a_limited_solve_returns_in_time_with_bounds_holding_the_value(
    seconds: float, per_suite: int | None
) -> None:
    """Every bench position (8 to 12 cards; the slow twin all of them at the issue's 1 s, the
    short one two a suite at 0.25 s) under a time limit: the solve returns within the limit
    and a tenth of a second (the time share is checked every 1,024 nodes; half a second
    under the sanitizers, whose job runs at low priority beside the main tests), and the
    position's bounds hold its checked-in value."""
    for cards in (8, 10, 12):
        for entry in bench_suite(cards)[:per_suite]:
            for objective, truth in (("score", entry.score), ("points", entry.points)):
                start = time.perf_counter()
                got = solve(entry.position, objective, seconds=seconds)
                elapsed = time.perf_counter() - start
                assert elapsed < seconds + overrun(0.1), (cards, objective, elapsed)
                assert got.lower <= truth <= got.upper, (cards, objective)
                if got.complete:
                    assert got.value == truth


def test_node_limited_solves_bound_every_move_by_its_exact_value() -> None:
    """Under node limits of several sizes (the same every run), each move's bounds hold its
    exact value, the value reported is the bound the side to move is sure of, and a solve
    the limit did not stop is exact."""
    for entry in bench_suite(6):
        for objective in ("score", "points"):
            exact = solve(entry.position, objective)
            pos = Position(entry.position)
            assert pos.turn is not None and pos.declarer is not None
            # score: the side to move's; points: the defenders', who maximise them
            maximise = objective == "score" or "SENW".index(pos.turn) % 2 != "SENW".index(
                pos.declarer) % 2
            for nodes in (1, 20_000, 200_000):
                got = solve(entry.position, objective, nodes=nodes)
                for m in got.moves:
                    assert m.lower <= exact.value_of(m.move) <= m.upper, (objective, nodes)
                    assert m.value == (m.lower if maximise else m.upper)
                assert got.complete == all(m.exact for m in got.moves)
                assert got.lower <= exact.value <= got.upper
                if got.complete:
                    assert got.value == exact.value and got.pv


def test_two_threads_give_every_move_the_same_value() -> None:
    """Issue 32, item 4: a solve's root moves shared by two threads (one table, without locks;
    also a 1 MiB one, where their entries replace each other most) value every move as one
    thread does, on bench positions and random endgames of every preset (mid-trick ones too);
    a limited solve with threads still holds its bounds."""
    for cards in (4, 6):
        for entry in bench_suite(cards)[:6]:
            for objective, truth in (("score", entry.score), ("points", entry.points)):
                one = solve(entry.position, objective)
                two = solve(entry.position, objective, threads=2)
                assert two.complete and two.value == one.value == truth
                assert {m.move: m.value for m in two.moves} == {m.move: m.value for m in one.moves}
    solver = Solver(1, threads=2)
    for e in endgames(40):
        for objective in ("score", "points"):
            raw = solver.core.solve(e.hand, objective, *e.levels)
            oracle = {tuple(m): v for m, v in _core.brute_force(e.hand, objective, *e.levels)}
            assert {tuple(m): v for m, _p, v, *_ in raw["moves"]} == oracle
    for entry in bench_suite(6):
        for objective, truth in (("score", entry.score), ("points", entry.points)):
            assert solver.solve(entry.position, objective).value == truth
    limited = solve(bench_suite(10)[0].position, nodes=50_000, threads=2)
    assert limited.lower <= bench_suite(10)[0].score <= limited.upper
    with pytest.raises(ValueError, match="threads"):
        Solver(threads=0)


def _maximises(position: str, objective: str) -> bool:
    """Whether the side to move maximises the solve's values (score: always, its own team's;
    points: when it defends)."""
    pos = Position(position)
    assert pos.turn is not None and pos.declarer is not None
    return objective == "score" or "SENW".index(pos.turn) % 2 != "SENW".index(pos.declarer) % 2


def _check_within(got: Solution, exact: Solution, within: int | None, maximise: bool) -> None:
    assert got.complete and got.within == within
    assert got.value == exact.value == got.lower == got.upper
    best = got.moves[0]
    assert best.exact and best.value == exact.value_of(best.move) == exact.value
    assert got.pv and got.pv[0] == best.played
    for m in got.moves:
        truth = exact.value_of(m.move)
        assert m.lower <= truth <= m.upper, (m.move, m.lower, truth, m.upper)
        assert m.value == (m.lower if maximise else m.upper)
        if within is not None:
            assert m.upper - m.lower <= within
        else:  # proven no better than the best
            assert m.upper <= exact.value if maximise else m.lower >= exact.value


@pytest.mark.parametrize("threads", [1, 2])
def test_a_solve_within_k_bounds_every_move_and_solves_the_best(threads: int) -> None:
    """Issue 32, item 1: asked for every move to within k points (or, None, the best move
    alone), the solve gives the best move's exact value and every other move bounds holding
    its exact value, at most k apart (none: no better than the best), on the 4- and 6-card
    suites, both objectives, one and two threads; and random endgames of every preset
    (mid-trick ones too) against brute force."""
    for cards in (4, 6):
        for entry in bench_suite(cards)[:8]:
            for objective in ("score", "points"):
                exact = solve(entry.position, objective)
                maximise = _maximises(entry.position, objective)
                for within in (1, 5, 20, None):
                    got = solve(entry.position, objective, within=within, threads=threads)
                    _check_within(got, exact, within, maximise)
    core = _core.Solver(1.0, threads=threads)
    for e in endgames(30, seed=3):
        for objective in ("score", "points"):
            oracle = {tuple(m): v for m, v in _core.brute_force(e.hand, objective, *e.levels)}
            for within in (0, 5, _core.SOLVE_BEST_ONLY):
                raw = core.solve(e.hand, objective, *e.levels, within=within)
                assert raw["complete"]
                moves = raw["moves"]
                assert oracle[tuple(moves[0][0])] == raw["value"] == moves[0][2]
                assert moves[0][3] == moves[0][4]
                for m, _p, _v, lo, hi in moves:
                    assert lo <= oracle[tuple(m)] <= hi
                    assert hi - lo <= within


def test_a_limited_solve_within_k_still_bounds_every_move() -> None:
    """A node limit and a tolerance together: each move's bounds hold its exact value, and
    where the limit allowed the solve to finish, it is as asked."""
    for entry in bench_suite(6)[:8]:
        for objective in ("score", "points"):
            exact = solve(entry.position, objective)
            maximise = _maximises(entry.position, objective)
            for nodes in (1, 3_000, 30_000):
                for within in (5, None):
                    got = solve(entry.position, objective, nodes=nodes, within=within)
                    for m in got.moves:
                        assert m.lower <= exact.value_of(m.move) <= m.upper
                    assert got.lower <= exact.value <= got.upper
                    if got.complete:
                        _check_within(got, exact, within, maximise)
    with pytest.raises(ValueError, match="within"):
        solve(bench_suite(4)[0].position, within=-1)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_best_first_tells_the_best_move_then_values_every_move_exactly(threads: int) -> None:
    """Issue 32: asked with ``on_best``, an exact solve tells the best move and its value once,
    before it returns, and still values every move exactly (the same values as a plain solve,
    the told move first among the best), on the 4- and 6-card suites, both objectives, one and
    three threads (the others valuing moves while the first finds the best); and random
    endgames of every preset against brute force."""
    for cards in (4, 6):
        for entry in bench_suite(cards)[:8]:
            for objective in ("score", "points"):
                exact = solve(entry.position, objective)
                told: list[tuple[Any, int]] = []
                got = solve(entry.position, objective, threads=threads,
                            on_best=lambda m, v, out=told: out.append((m, v)))
                assert got.complete and got.within == 0 and got.value == exact.value
                assert {str(m.move): (m.lower, m.upper) for m in got.moves} == {
                    str(m.move): (m.lower, m.upper) for m in exact.moves}
                assert len(told) == 1 and told[0][1] == exact.value
                assert got.moves[0].move == told[0][0]
                assert exact.value_of(told[0][0]) == exact.value
                assert got.pv and got.pv[0] == got.moves[0].played
    core = _core.Solver(1.0, threads=threads)
    for e in endgames(30, seed=4):
        for objective in ("score", "points"):
            oracle = {tuple(m): v for m, v in _core.brute_force(e.hand, objective, *e.levels)}
            calls: list[tuple[Any, int]] = []
            raw = core.solve(e.hand, objective, *e.levels,
                             on_best=lambda m, v, out=calls: out.append((tuple(m), v)))
            assert raw["complete"] and len(calls) == 1, e.origin
            assert tuple(raw["moves"][0][0]) == calls[0][0], e.origin
            assert oracle[calls[0][0]] == calls[0][1] == raw["value"], e.origin
            for m, _p, v, lo, hi in raw["moves"]:
                assert oracle[tuple(m)] == v == lo == hi, e.origin


def test_best_first_under_a_limit_and_when_asked_for_less() -> None:
    """A node limit: every move's bounds hold its exact value, and a move told as the best is
    exact in the answer; ``within`` > 0 tells the best at the end; an exception raised by
    ``on_best`` ends the solve with it, and the solver keeps working."""
    for entry in bench_suite(6)[:8]:
        for objective in ("score", "points"):
            exact = solve(entry.position, objective)
            for nodes in (1, 3_000, 30_000):
                told: list[tuple[Any, int]] = []
                got = solve(entry.position, objective, nodes=nodes,
                            on_best=lambda m, v, out=told: out.append((m, v)))
                for m in got.moves:
                    assert m.lower <= exact.value_of(m.move) <= m.upper
                assert len(told) <= 1
                if told:
                    best = next(m for m in got.moves if m.move == told[0][0])
                    assert best.exact and best.value == told[0][1] == exact.value
            told = []
            got = solve(entry.position, objective, within=5,
                        on_best=lambda m, v, out=told: out.append((m, v)))
            assert told == [(got.moves[0].move, exact.value)]
    solver = Solver(1)
    position = bench_suite(6)[0].position

    def refuse(move: Any, value: int) -> None:
        raise RuntimeError(f"no thanks: {move} {value}")

    with pytest.raises(RuntimeError, match="no thanks"):
        solver.solve(position, on_best=refuse)
    assert solver.solve(position).value == bench_suite(6)[0].score
    # The solver telling is busy: using it inside on_best is refused, not a hang or a mix-up.
    with pytest.raises(ValueError, match="must not use the Solver that tells it"):
        solver.solve(position, on_best=lambda m, v: solver.value(position))
    pos = Position(position)
    for core in (_core.Solver(1.0), _core.Solver(1.0, threads=2)):
        with pytest.raises(ValueError, match="must not use the solver that tells it"):
            core.solve(pos.core, "score", *pos.core_levels(),
                       on_best=lambda m, v, c=core: c.solve(pos.core, "points", *pos.core_levels()))
        assert core.solve(pos.core, "score", *pos.core_levels())["value"] == bench_suite(6)[0].score
    assert solver.solve(position).value == bench_suite(6)[0].score


def test_cli_solve_best_and_within(capsys: pytest.CaptureFixture[str]) -> None:
    """``--best``: the value, the best move's, and each other move's bound toward it;
    ``--within K`` the others' bounds; bad values refused in one line."""
    entry = bench_suite(6)[1]
    code, out, err = run(capsys, "solve", entry.position, "--best", "--objective", "points")
    lines = out.splitlines()
    assert code == 0 and err == "", err
    assert lines[1].startswith(
        f"value {entry.points} (the best move exact; the others proven no better)")
    assert lines[3].split()[-1] == str(entry.points)
    assert any("<=" in line or ">=" in line for line in lines[4:-2]), out
    assert lines[-2].startswith("pv: ")
    code, out, _ = run(capsys, "solve", entry.position, "--within", "20", "--json")
    data = json.loads(out)
    assert data["within"] == 20 and data["complete"] and data["value"] == entry.score
    assert all(m["upper"] - m["lower"] <= 20 for m in data["moves"])
    code, out, err = run(capsys, "solve", entry.position, "--within", "-2")
    assert code == 2 and out == "" and "--within must be 0 or more" in err
    code, out, err = run(capsys, "solve", entry.position, "--within", "3", "--best")
    assert code == 2 and "not allowed with argument" in err


def test_best_first_on_two_threads_stops_cleanly() -> None:
    """Stopped a little after the best move is told, a two-thread solve (its second thread
    busy with other moves meanwhile) answers at once, the best move exact at its value."""
    entry = bench_suite(10)[3]  # points: its best move in tens of ms, all moves in seconds
    stop = threading.Event()
    told: list[tuple[Any, int]] = []

    def on_best(move: Any, value: int) -> None:
        told.append((move, value))
        threading.Timer(0.2, stop.set).start()

    began = time.monotonic()
    got = solve(entry.position, "points", threads=2, stop=stop, on_best=on_best)
    assert time.monotonic() - began < 5
    assert not got.complete and len(told) == 1 and told[0][1] == entry.points
    best = next(m for m in got.moves if m.move == told[0][0])
    assert best.exact and best.value == entry.points == got.value
    assert got.moves[0].move == told[0][0]


def test_cli_solve_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    """``--best-first``: the best move and its value on the line after the position, before
    the full answer, which starts with that move; in JSON a ``best_first`` object; not with
    ``--best`` or ``--within``; off by default when the output is not a terminal."""
    entry = bench_suite(6)[1]
    code, out, err = run(capsys, "solve", entry.position, "--best-first", "--objective", "points")
    lines = out.splitlines()
    assert code == 0 and err == "", err
    found = re.fullmatch(r"best (\S+): value (\d+), found in [\d.]+ ms; valuing the other "
                         r"moves\.\.\.", lines[1])
    assert found and int(found[2]) == entry.points, lines[1]
    assert lines[2].startswith(f"value {entry.points}: ")
    assert lines[4].split() == [found[1], str(entry.points)]
    code, out, _ = run(capsys, "solve", entry.position, "--best-first", "--json")
    data = json.loads(out)
    assert data["best_first"]["value"] == data["value"] == entry.score
    assert data["best_first"]["move"] == data["moves"][0]["move"] and data["best_first"]["ms"] > 0
    code, out, _ = run(capsys, "solve", entry.position)
    assert "found in" not in out
    code, out, err = run(capsys, "solve", entry.position, "--best-first", "--best")
    assert code == 2 and out == "" and "--best-first goes with an exact solve" in err
    assert len(err.strip().splitlines()) == 1


def _every_move(core: Any, position: str, objective: str) -> dict[tuple[Any, ...], int]:
    raw = core.solve(Position(position)._hand, objective, *Position(position).core_levels())
    assert raw["complete"]
    return {tuple(m): v for m, _p, v, _lo, _hi in raw["moves"]}


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_sharing_trick_starts_give_every_move_the_same_value(threads: int) -> None:
    """Issue 32, item 4: a thread out of root moves helps another at its trick starts (Young
    Brothers Wait) — here at every one with 4 cards or more, in a 1 MiB table, and with three
    threads on two cores, where a thread waiting on its own shared node helps only below it —
    and every move of the 6-card suite keeps its value."""
    one = _core.Solver(16.0)
    shared = _core.Solver(1.0, threads=threads, split_from_cards=4)
    for entry in bench_suite(6):
        for objective in ("score", "points"):
            assert (_every_move(shared, entry.position, objective)
                    == _every_move(one, entry.position, objective)), entry.position


def _suite_answers(cards: int, first: int, relative_keys_from: int) -> tuple[list[Any], int]:
    """Every move's value of a bench suite from its entry `first`, solved in order by one core
    solver, and its nodes."""
    core = _core.Solver(16.0, relative_keys_from=relative_keys_from)
    answers, nodes = [], 0
    for entry in bench_suite(cards)[first:]:
        hand = Position(entry.position)._hand
        levels = Position(entry.position).core_levels()
        for objective, truth in (("score", entry.score), ("points", entry.points)):
            raw = core.solve(hand, objective, *levels)
            assert raw["value"] == truth, (cards, objective, entry.position)
            answers.append(sorted((tuple(m), v) for m, _p, v, _lo, _hi in raw["moves"]))
            nodes += int(raw["nodes"])
    return answers, nodes


@pytest.mark.parametrize(
    "cards, first", [(4, 0), (6, 0), pytest.param(8, 6, marks=pytest.mark.slow)]
)
def test_relative_keys_change_no_value_and_share_entries(cards: int, first: int) -> None:
    """Issue 32, item 3: table keys by relative ranks value every move of the bench suites as
    the hands' Zobrist keys do, and need fewer nodes (positions that differ only in which
    plain cards are gone share an entry). (8 cards: the suite's cheaper half.)"""
    relative, relative_nodes = _suite_answers(cards, first, 0)
    zobrist, zobrist_nodes = _suite_answers(cards, first, 99)
    assert relative == zobrist
    assert relative_nodes < zobrist_nodes


def test_a_solve_searches_alike_after_other_solves() -> None:
    """A solver's earlier solves (other deals, other trumps) change no node count of the next:
    the relative keys' cache once kept the part of a suit without faces (the trump suit's
    natural suit) from an earlier solve, so the same position was keyed differently after
    another deal, and the bench suites' counts depended on their order."""
    def nodes(solver: Any, position: Position, objective: str) -> int:
        raw = solver.solve(position._hand, objective, *position.core_levels())
        return int(raw["nodes"])

    reused = _core.Solver(16.0, relative_keys_from=0)
    for entry in bench_suite(6):
        position = Position(entry.position)
        for objective in ("score", "points"):
            fresh = _core.Solver(16.0, relative_keys_from=0)
            assert (nodes(reused, position, objective)
                    == nodes(fresh, position, objective)), (entry.position, objective)


def test_relative_keys_are_used_from_eight_cards() -> None:
    """The default keys by relative ranks from 8 cards in a hand (smaller solves, the bots',
    keep the hands' Zobrist keys and their node counts)."""
    def nodes(cards: int, index: int, **options: int) -> int:
        entry = bench_suite(cards)[index]
        position = Position(entry.position)
        raw = _core.Solver(16.0, **options).solve(position._hand, "points", *position.core_levels())
        return int(raw["nodes"])

    assert nodes(8, 0) == nodes(8, 0, relative_keys_from=0) != nodes(8, 0, relative_keys_from=99)
    assert nodes(6, 0) == nodes(6, 0, relative_keys_from=99) != nodes(6, 0, relative_keys_from=0)


def _bench_module(name: str) -> Any:
    """A script of bench/ as a module (they are not part of the package)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_suite_maker_makes_the_checked_in_positions_again() -> None:
    """bench/make_solver_positions.py, from the seeds its header names, gives the very positions
    of the 4-card suite (a maker that drifted could not add to the suites)."""
    maker = _bench_module("make_solver_positions")
    suite = bench_suite(4)
    for entry, preset in zip(suite, ("chifeng", "chifeng-classic")):
        assert maker.hand_positions(f"{preset}:4:0", preset, {4})[4] == entry.position


def test_the_exactness_bench_draws_positions_of_every_preset() -> None:
    """bench/solver_exactness.py's positions: the five presets in turn, the sizes asked for,
    trick starts and tricks under way, each a position string the solver takes."""
    exactness = _bench_module("solver_exactness")
    drawn = exactness.positions(20, 3, 2, 4)
    assert len(drawn) == 20
    assert [p.split()[0] for p in drawn[:5]] == list(exactness.PRESETS)
    positions = [Position(p) for p in drawn]
    under_way = [bool(p.current_trick and p.current_trick.plays) for p in positions]
    assert any(under_way) and not all(under_way)
    for p in positions:
        assert all(2 <= len(p.hands[s]) <= 4 for s in "SENW")
        assert solve(p, "points").complete
