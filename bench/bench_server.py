"""The game server under load: N WebSocket clients at once, each the one human seat of its own
room (East a search bot at a small counted budget, North and West `heuristic`), each playing
its legal moves at once, for a fixed number of hands. Loopback only, bounded in time.

Reports hands per second over the whole run, the p50 / p99 time from a human's play to the
bots' replies (the next state in which it is that human's turn again, or the hand is over), and
the server's memory (VmRSS, and its peak VmHWM, from /proc).

    pytest bench/bench_server.py --benchmark-only -s          # the short form (12 clients)
    DUIDIAO_BENCH_CLIENTS=50 DUIDIAO_BENCH_HANDS=2 pytest bench/bench_server.py -s
    python bench/bench_server.py --clients 50 --hands 2       # the full form, figures only
    python bench/bench_server.py --clients 50 --compare OTHER/src --rounds 3

With --compare, the server of this build and of another (its ``src`` folder, with the compiled
extension in it, on ``PYTHONPATH``) take turns, ``--rounds`` times each, and the table gives each
build's median and the ratio of the medians (one machine, alternating: a fair comparison).
Each client connects from an address of its own (127.0.1.k: Linux answers the whole of 127/8
on loopback), as players on their own machines would: the server's per-address caps see 50
players, not one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

CLIENTS = int(os.environ.get("DUIDIAO_BENCH_CLIENTS", "12"))
HANDS = int(os.environ.get("DUIDIAO_BENCH_HANDS", "1"))
SEARCH_BOT = os.environ.get("DUIDIAO_BENCH_BOT", "pimc:worlds=4")
TIME_LIMIT = 540.0
URL_LINE = re.compile(r"duidiao: the table is at (http://\S+)/")


class _Server:
    """``duidiao serve --port 0`` on a temporary data directory (``src``: the package's folder
    to run it from, default this interpreter's)."""

    def __init__(self, data: str, src: str | None = None) -> None:
        env = dict(os.environ)
        if src is not None:
            env["PYTHONPATH"] = src
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "duidiao", "serve", "--port", "0", "--data", data],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env=env,
        )
        self.url = ""
        self.log: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.log.append(line)
                found = URL_LINE.search(line)
                if found:
                    self.url = found.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(30) or not self.url:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "".join(self.log))

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system, every thread)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_kib(self) -> dict[str, int]:
        out = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal decision from the server's options (the client knows no rules)."""
    options = state["options"]
    if "moves" in options:
        return {"action": "play", "cards": rng.choice(options["moves"])}
    if "bury" in options:
        return {"action": "bury", "cards": ",".join(state["observation"]["hand"].split(",")[-8:])}
    return {"action": "pass"}


async def _client(url: str, hands: int, seed: int, latencies: list[float]) -> int:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    seats = {"S": "human", "E": SEARCH_BOT, "N": "heuristic", "W": "heuristic"}
    address = f"127.0.1.{seed % 250 + 1}"  # a player of its own
    async with connect(url, max_size=2**24, local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"type": "create", "seats": seats, "bot_delay_ms": 0,
                                  "decision_seconds": 600, "hand_pause_seconds": 600,
                                  "seed": seed}))
        created = json.loads(await ws.recv())
        assert created["type"] == "created", created
        await ws.send(json.dumps({"type": "join", "room": created["room"], "seat": "S"}))
        done, acted, sent_at = 0, -1, None
        while done < hands:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                raise AssertionError(f"server error: {message}")
            if message["type"] != "state":
                continue
            over = message["phase"] == "over"
            ours = message["to_act"] == "S" and message["options"] is not None
            if sent_at is not None and (over or ours) and message["version"] > acted:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if over and message["version"] > acted:
                done += 1
                acted = message["version"]
                if done < hands:
                    await ws.send(json.dumps({"type": "next"}))
            elif ours and message["version"] > acted:
                acted = message["version"]
                decision = _choose(message, rng)
                await ws.send(json.dumps({"type": "act", **decision}))
                sent_at = time.perf_counter() if decision["action"] == "play" else None
        return done


def run_load(clients: int = CLIENTS, hands: int = HANDS, src: str | None = None) -> dict[str, Any]:
    """Start a server, run the clients, stop the server; returns the figures."""
    with tempfile.TemporaryDirectory() as data:
        server = _Server(data, src)
        try:
            latencies: list[float] = []
            url = server.url.replace("http://", "ws://") + "/ws"

            async def everyone() -> list[int]:
                jobs = [_client(url, hands, 1000 + i, latencies) for i in range(clients)]
                return await asyncio.wait_for(asyncio.gather(*jobs), TIME_LIMIT)

            started = time.perf_counter()
            finished = asyncio.run(everyone())
            seconds = time.perf_counter() - started
            memory = server.memory_kib()
            cpu = server.cpu_seconds()
        finally:
            server.stop()
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {
        "clients": clients,
        "hands": sum(finished),
        "search_bot": SEARCH_BOT,
        "seconds": round(seconds, 2),
        "hands_per_second": round(sum(finished) / seconds, 3),
        "server_cpu_ms_per_hand": round(cpu / max(1, sum(finished)) * 1e3, 1),
        "plays_timed": len(ordered),
        "reply_p50_ms": round(statistics.median(ordered) * 1e3, 1),
        "reply_p99_ms": round(p99 * 1e3, 1),
        "server_rss_mib": round(memory.get("VmRSS", 0) / 1024, 1),
        "server_peak_rss_mib": round(memory.get("VmHWM", 0) / 1024, 1),
        "cores": os.cpu_count(),
    }


def _print(figures: dict[str, Any]) -> None:
    print(
        f"\nserver load: {figures['clients']} clients, {figures['hands']} hands in "
        f"{figures['seconds']} s = {figures['hands_per_second']} hands/s; human play -> bots' "
        f"replies p50 {figures['reply_p50_ms']} ms, p99 {figures['reply_p99_ms']} ms "
        f"({figures['plays_timed']} plays); server RSS {figures['server_rss_mib']} MiB "
        f"(peak {figures['server_peak_rss_mib']} MiB); search bot {figures['search_bot']}"
    )


def test_server_load(benchmark: Any) -> None:
    pytest.importorskip("websockets")
    pytest.importorskip("uvicorn")
    benchmark.group = "game server under load"
    figures = benchmark.pedantic(run_load, rounds=1, iterations=1)
    assert figures["hands"] == CLIENTS * HANDS
    assert figures["plays_timed"] >= CLIENTS * HANDS * 10
    benchmark.extra_info.update(figures)
    _print(figures)


COMPARED = ("hands_per_second", "reply_p50_ms", "reply_p99_ms", "server_cpu_ms_per_hand",
            "server_peak_rss_mib")


def compare(other: str, clients: int, hands: int, rounds: int) -> None:
    """This build's server against another's, in turns; medians and their ratios."""
    here = str(Path(__file__).resolve().parents[1] / "src")
    builds = {"before": str(Path(other).resolve()), "after": here}
    runs: dict[str, list[dict[str, Any]]] = {b: [] for b in builds}
    for r in range(rounds):
        # Each build goes first in every other round: a machine that drifts favours neither.
        for build in ("before", "after") if r % 2 == 0 else ("after", "before"):
            runs[build].append(run_load(clients, hands, builds[build]))
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    print(f"{'figure':24} {'before':>10} {'after':>10} {'ratio':>7}   each round's ratio")
    for name in COMPARED:
        before = statistics.median(run[name] for run in runs["before"])
        after = statistics.median(run[name] for run in runs["after"])
        each = " ".join(f"{a[name] / b[name]:.2f}" for b, a in zip(runs["before"], runs["after"]))
        print(f"{name:24} {before:10.2f} {after:10.2f} {after / before:6.2f}x   {each}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the game server under load")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--hands", type=int, default=2, help="hands per client")
    parser.add_argument("--compare", metavar="SRC", help="the other build's src folder (before)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.clients, args.hands, args.rounds)
    else:
        result = run_load(args.clients, args.hands)
        _print(result)
        print(json.dumps(result))
