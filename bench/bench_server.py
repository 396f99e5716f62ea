"""The game server under load: N WebSocket clients at once, each the one human seat of its own
room (East a search bot at a small counted budget, North and West `heuristic`), each playing
its legal moves at once, for a fixed number of hands. Loopback only, bounded in time.

Reports hands per second over the whole run, the p50 / p99 time from a human's play to the
bots' replies (the next state in which it is that human's turn again, or the hand is over), and
the server's memory (VmRSS, and its peak VmHWM, from /proc).

    pytest bench/bench_server.py --benchmark-only -s          # the short form (12 clients)
    DUIDIAO_BENCH_CLIENTS=50 DUIDIAO_BENCH_HANDS=2 pytest bench/bench_server.py -s
    python bench/bench_server.py --clients 50 --hands 2       # the full form, figures only
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
    """``duidiao serve --port 0`` on a temporary data directory."""

    def __init__(self, data: str) -> None:
        self.proc = subprocess.Popen(
            [*[sys.executable, "-m", "duidiao", "serve"], "--port", "0", "--data", data],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True,
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
    async with connect(url, max_size=2**24) as ws:
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


def run_load(clients: int = CLIENTS, hands: int = HANDS) -> dict[str, Any]:
    """Start a server, run the clients, stop the server; returns the figures."""
    with tempfile.TemporaryDirectory() as data:
        server = _Server(data)
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the game server under load")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--hands", type=int, default=2, help="hands per client")
    args = parser.parse_args()
    result = run_load(args.clients, args.hands)
    _print(result)
    print(json.dumps(result))
