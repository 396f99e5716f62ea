"""Duels on Ray (duidiao.cluster, ``duidiao duel --ray``; docs/cluster.md): the same result as
the thread pool for the same seed, and the same again when a worker is killed mid-run. Every
test runs on a local Ray cluster of this machine (loopback only), bounded in time."""

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
from duidiao.cluster import duel_on_ray, ray_init  # noqa: E402


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


def _task_pids() -> list[int]:
    """The processes of this machine running a duel task now."""
    pids = []
    for path in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if path.read_bytes().startswith(b"ray::_duel_part"):
                pids.append(int(path.parent.name))
        except OSError:
            continue
    return pids


def test_a_killed_worker_loses_no_deal_and_counts_none_twice(cluster: Any) -> None:
    expected = duel("heuristic", "heuristic", 600, seed=2, threads=2, records=False)
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["duel"] = duel_on_ray("heuristic", "heuristic", 600, seed=2, deals_per_task=1)
        except BaseException as exc:  # noqa: BLE001 - reported below
            result["error"] = exc

    runner = threading.Thread(target=run)
    runner.start()
    killed = []
    deadline = time.monotonic() + 60
    while runner.is_alive() and not killed and time.monotonic() < deadline:
        for pid in _task_pids():
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            break
        time.sleep(0.01)
    runner.join(timeout=120)
    assert not runner.is_alive(), "the duel did not finish after a worker was killed"
    assert killed, "no worker was caught running a task"
    assert "error" not in result, result.get("error")
    assert result["duel"].to_json() == expected.to_json()


def test_duel_ray_on_the_command_line(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["duel", "--a", "heuristic", "--b", "random", "--hands", "40", "--seed", "3", "--json"]
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == plain


def test_bad_arguments_are_named_before_the_cluster_is_touched() -> None:
    with pytest.raises(ValueError, match="hands: a positive even number"):
        duel_on_ray("heuristic", "random", 3)
    with pytest.raises(ValueError, match="unknown bot .nobody."):
        duel_on_ray("heuristic", "nobody", 10)
    with pytest.raises(ValueError, match="bridge"):
        duel_on_ray("heuristic", "random", 10, preset="bridge")
    with pytest.raises(ValueError, match="deals_per_task: a positive number"):
        duel_on_ray("heuristic", "random", 10, deals_per_task=0)
