"""Duels and self-play on Ray (duidiao.research.cluster, ``duidiao duel --ray``, ``duidiao selfplay
--ray``; docs/cluster.md): the same result as the thread pool, or as one run here, for the same
seed, and the same again when a worker is killed mid-run. Every test runs on a local Ray cluster
of this machine (loopback only), bounded in time."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray")

from duidiao import duel  # noqa: E402
from duidiao.cli import main  # noqa: E402
from duidiao.research.cluster import duel_on_ray, ray_init, selfplay_on_ray  # noqa: E402
from duidiao.research.data import load  # noqa: E402
from duidiao.research.selfplay import SelfPlayStats, play_hands  # noqa: E402


@pytest.fixture(scope="module")
def cluster() -> Any:
    handle = ray_init(workers=2)
    yield handle
    handle.shutdown()


def test_a_duel_on_ray_equals_the_thread_pool(cluster: Any) -> None:
    threads = duel("heuristic", "pimc:worlds=2", 60, seed=4, threads=2, records=False)
    on_ray = duel_on_ray("heuristic", "pimc:worlds=2", 60, seed=4, deals_per_task=4)
    assert on_ray.to_json() == threads.to_json()
    # a part of a longer duel, cut otherwise, adds up the same
    part = duel_on_ray("heuristic", "pimc:worlds=2", 20, seed=4, first_deal=20, deals_per_task=3)
    whole = duel("heuristic", "pimc:worlds=2", 20, seed=4, first_deal=20, records=False)
    assert part.to_json() == whole.to_json()


def _task_pids(task: bytes) -> list[int]:
    """The processes of this machine running a task of function ``task`` now."""
    pids = []
    for path in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if path.read_bytes().startswith(b"ray::" + task):
                pids.append(int(path.parent.name))
        except OSError:
            continue
    return pids


def _kill_a_worker_during(run: Any, task: bytes) -> Any:
    """``run()`` in a thread while the first worker caught running ``task`` is killed
    (SIGKILL); returns what ``run`` returned."""
    result: dict[str, Any] = {}

    def runner_main() -> None:
        try:
            result["value"] = run()
        except BaseException as exc:  # noqa: BLE001 - reported below
            result["error"] = exc

    runner = threading.Thread(target=runner_main)
    runner.start()
    killed = []
    deadline = time.monotonic() + 60
    while runner.is_alive() and not killed and time.monotonic() < deadline:
        for pid in _task_pids(task):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            break
        time.sleep(0.01)
    runner.join(timeout=120)
    assert not runner.is_alive(), "the run did not finish after a worker was killed"
    assert killed, "no worker was caught running a task"
    assert "error" not in result, result.get("error")
    return result["value"]


def test_a_killed_worker_loses_no_deal_and_counts_none_twice(cluster: Any) -> None:
    expected = duel("heuristic", "heuristic", 600, seed=2, threads=2, records=False)
    on_ray = _kill_a_worker_during(
        lambda: duel_on_ray("heuristic", "heuristic", 600, seed=2, deals_per_task=1),
        b"_duel_part",
    )
    assert on_ray.to_json() == expected.to_json()


def _summary(stats: SelfPlayStats) -> dict[str, Any]:
    return stats.summary("chifeng", 6, "heuristic", "random")


def test_selfplay_on_ray_gives_the_parts_in_order_and_the_same_totals(cluster: Any) -> None:
    here = play_hands("heuristic", "random", 0, 40, seed=6, records=True)
    parts = list(selfplay_on_ray("heuristic", "random", 40, seed=6, hands_per_task=3,
                                 records=True))
    assert [(p.first, p.stop) for p in parts] == [(f, min(f + 3, 40)) for f in range(0, 40, 3)]
    merged = SelfPlayStats()
    for part in parts:
        merged.merge(part.stats)
    assert _summary(merged) == _summary(here.stats)
    assert [text for p in parts for text in p.records or ()] == here.records


def test_a_killed_worker_loses_no_hand_of_selfplay(cluster: Any) -> None:
    expected = play_hands("heuristic", "heuristic", 0, 300, seed=5).stats

    def run() -> SelfPlayStats:
        merged = SelfPlayStats()
        for part in selfplay_on_ray("heuristic", "heuristic", 300, seed=5, hands_per_task=1):
            merged.merge(part.stats)
        return merged

    assert _summary(_kill_a_worker_during(run, b"_selfplay_part")) == _summary(expected)


def test_selfplay_ray_on_the_command_line_writes_the_same_data(
    cluster: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["selfplay", "--hands", "24", "--ns", "heuristic", "--seed", "7", "--json"]
    runs = {}
    for name, extra in (("here", []), ("ray", ["--ray"])):
        argv = [*common, "--out", str(tmp_path / name / "data"),
                "--records", str(tmp_path / name / "records"), *extra]
        assert main(argv) == 0
        runs[name] = json.loads(capsys.readouterr().out)
    assert runs["ray"] == runs["here"]
    here, ray_data = load(tmp_path / "here" / "data"), load(tmp_path / "ray" / "data")
    assert ray_data.meta == here.meta and here.meta["rows"]["hands"] == 24
    for table in ("hands", "decisions", "steps"):
        for column, values in getattr(here, table).items():
            assert (getattr(ray_data, table)[column] == values).all(), (table, column)
    names = sorted(p.name for p in (tmp_path / "here" / "records").iterdir())
    assert len(names) == 24
    for name in names:
        assert (tmp_path / "ray" / "records" / name).read_bytes() == (
            tmp_path / "here" / "records" / name
        ).read_bytes()


def test_duel_ray_on_the_command_line(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["duel", "--a", "heuristic", "--b", "random", "--hands", "40", "--seed", "3", "--json"]
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == plain


def test_a_match_duel_on_ray_equals_the_thread_pool(cluster: Any) -> None:
    from duidiao.research.cluster import match_duel_on_ray
    from duidiao.research.match_duel import match_duel

    local = match_duel("heuristic", "random", 3, seed=2, first_match=1, threads=1)
    assert match_duel_on_ray("heuristic", "random", 3, seed=2, first_match=1) == local


def test_bad_arguments_are_named_before_the_cluster_is_touched() -> None:
    with pytest.raises(ValueError, match="hands: a positive even number"):
        duel_on_ray("heuristic", "random", 3)
    with pytest.raises(ValueError, match="unknown bot .nobody."):
        duel_on_ray("heuristic", "nobody", 10)
    with pytest.raises(ValueError, match="bridge"):
        duel_on_ray("heuristic", "random", 10, preset="bridge")
    with pytest.raises(ValueError, match="deals_per_task: a positive number"):
        duel_on_ray("heuristic", "random", 10, deals_per_task=0)
    with pytest.raises(ValueError, match="hands: a number of hands from 0"):
        selfplay_on_ray("heuristic", "random", -1)
    with pytest.raises(ValueError, match="unknown bot .nobody."):
        selfplay_on_ray("nobody", "random", 10)
    with pytest.raises(ValueError, match="hands_per_task: a positive number"):
        selfplay_on_ray("heuristic", "random", 10, hands_per_task=True)
