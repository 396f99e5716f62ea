"""Thinking off the event loop: a thread pool for bot decisions and engine requests, a
server-wide cap on searches running at once, and a time limit per search.

The C++ search releases the GIL, so searches in pool threads run in parallel while the event
loop keeps serving connections. A search waits for a slot of the cap on the event loop (not in
a pool thread, which would sit idle), then runs in the pool; after ``limit`` seconds its
``stop`` is called and it answers with its best so far.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["Thinker", "NoSlot"]

log = logging.getLogger("duidiao.server")
T = TypeVar("T")


class NoSlot(Exception):
    """No search slot came free in time."""


class Thinker:
    """``Thinker(cap)``: ``cap`` searches at once (default: the number of cores)."""

    def __init__(self, cap: int | None = None, limit: float = 10.0) -> None:
        self.cap = max(1, cap or os.cpu_count() or 1)
        self.limit = limit
        # Searches hold a slot; cheap work (heuristic bots, legal moves) gets the other threads.
        self._pool = ThreadPoolExecutor(
            max_workers=self.cap + 8, thread_name_prefix="duidiao-think"
        )
        self._slots: asyncio.Semaphore | None = None
        self.running = 0
        self.stopping = threading.Event()
        self._stops: set[Callable[[], None]] = set()  # of the searches running now

    def _semaphore(self) -> asyncio.Semaphore:
        if self._slots is None:  # made on the loop that uses it
            self._slots = asyncio.Semaphore(self.cap)
        return self._slots

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool, without a slot (for quick work)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    async def search(
        self,
        fn: Callable[..., T],
        *args: Any,
        stop: Callable[[], None] | None = None,
        limit: float | None = None,
        wait: float | None = None,
    ) -> T:
        """``fn(*args)`` in the pool holding a search slot. ``stop()`` is called after
        ``limit`` seconds (default: the thinker's), and the result awaited. With ``wait``, give
        up with :class:`NoSlot` when no slot is free within that many seconds."""
        slots = self._semaphore()
        if wait is None:
            await slots.acquire()
        else:
            try:
                await asyncio.wait_for(slots.acquire(), wait)
            except asyncio.TimeoutError:
                raise NoSlot() from None
        self.running += 1
        if stop is not None:
            self._stops.add(stop)
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool, fn, *args)
            try:
                return await asyncio.wait_for(
                    asyncio.shield(future), self.limit if limit is None else limit
                )
            except asyncio.TimeoutError:
                # A stop with no search running would end the bot's next one: only when busy.
                if stop is not None and not future.done():
                    log.info("a search ran over its time limit: stopped")
                    stop()
                return await future
        finally:
            self.running -= 1
            if stop is not None:
                self._stops.discard(stop)
            slots.release()

    def shutdown(self) -> None:
        """Stop every running search (so that the process can exit at once) and the pool."""
        self.stopping.set()
        for stop in list(self._stops):
            try:
                stop()
            except Exception:  # a search that ended meanwhile
                log.debug("a stop at shutdown failed", exc_info=True)
        self._pool.shutdown(wait=False, cancel_futures=True)
