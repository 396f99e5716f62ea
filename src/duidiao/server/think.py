"""Thinking off the event loop, under one accountant: every search of the server (room bots,
hints, REST ``move``/``analyse``/``solve``) is a :class:`Job` of the :class:`Thinker`.

- **Counted by its threads.** A job holds as many units of the server-wide cap as it runs
  threads (an analysis with ``threads: 2`` holds two); ``running`` is the units in use.
- **Stopped at its deadline.** After ``seconds`` the job's ``stop`` is called and its answer
  (the best so far) awaited; every search bot answers within milliseconds of a stop.
- **Stopped when its client is gone.** :meth:`Job.cancel` stops it, or takes it out of the
  queue if it is still waiting for units.
- **People first.** A foreground job (a REST request, a hint: somebody waits for it) that
  finds no units free stops background jobs (room bots) until enough units come free; they
  answer at once with their best so far. Background jobs never stop others and queue behind
  every foreground one, so that rooms full of heavy bots cannot keep a request waiting.

The C++ searches release the GIL, so jobs in pool threads run in parallel while the event loop
keeps serving connections. A job waits for its units on the event loop (not in a pool thread,
which would sit idle), then runs in the pool.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["Thinker", "Job", "NoSlot", "Cancelled", "STOP_GRACE"]

log = logging.getLogger("duidiao.server")
T = TypeVar("T")

STOP_GRACE = 1.0
"""Seconds a stopped search has to answer before the server logs it as one that ignores
stops (it keeps its units until it answers: the count stays true)."""


class NoSlot(Exception):
    """No search units came free in time."""


class Cancelled(Exception):
    """The job was cancelled (its client is gone) before it started."""


class Job:
    """One search: ``threads`` units, a ``stop`` to call from any thread (and ``clear``, called
    once the search has answered if a stop was sent, so that a sticky stop never ends the
    next search), at most ``seconds`` of running time (from its creation, the wait for units
    included, with ``wait_counts``), ``foreground`` if somebody waits for it."""

    def __init__(
        self,
        thinker: Thinker,
        *,
        threads: int = 1,
        stop: Callable[[], None] | None = None,
        clear: Callable[[], None] | None = None,
        seconds: float,
        foreground: bool,
        wait_counts: bool = False,
        what: str = "a search",
    ) -> None:
        self.thinker = thinker
        self.threads = threads
        self.seconds = seconds
        self.wait_counts = wait_counts  # the wait for units counts in ``seconds``
        self.created = time.monotonic()
        self.foreground = foreground
        self.what = what
        self._stop, self._clear = stop, clear
        self._lock = threading.Lock()  # orders stops against the search's start and end
        self._started = self._finished = False
        self._stop_wanted = self._stop_sent = False
        self.stopped_because: str | None = None  # "deadline", "preempted", "cancelled"
        self._grant: asyncio.Future[None] | None = None  # while waiting for units
        self.cancelled = False

    # -- stops, from any thread ---------------------------------------------------------------
    def _request_stop(self, why: str) -> None:
        with self._lock:
            if self.stopped_because is None:
                self.stopped_because = why
            self._stop_wanted = True
            if self._started and not self._finished and not self._stop_sent:
                self._send_stop()

    def _send_stop(self) -> None:  # with the lock held
        self._stop_sent = True
        if self._stop is not None:
            try:
                self._stop()
            except Exception:  # a search that ended meanwhile
                log.debug("a stop failed", exc_info=True)

    def cancel(self) -> None:
        """Its client is gone: stop it now, or drop it from the queue (on the loop thread)."""
        self.cancelled = True
        if self._grant is not None and not self._grant.done():
            self._grant.set_exception(Cancelled())
            return
        self._request_stop("cancelled")

    # -- in the pool thread ---------------------------------------------------------------
    def _work(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        with self._lock:
            self._started = True
            if self._stop_wanted and not self._stop_sent:
                self._send_stop()  # stopped before it began: it answers at once
        try:
            return fn(*args)
        finally:
            with self._lock:
                self._finished = True
                if self._stop_sent and self._clear is not None:
                    self._clear()

    async def run(self, fn: Callable[..., T], *args: Any, wait: float | None = None) -> T:
        """``fn(*args)`` in the pool, holding the job's units. ``wait``: give up with
        :class:`NoSlot` when no units come free in that many seconds; :class:`Cancelled` when
        cancelled while waiting."""
        thinker = self.thinker
        await thinker._acquire(self, wait)
        try:
            limit = self.seconds
            if self.wait_counts:
                limit = max(0.0, self.seconds - (time.monotonic() - self.created))
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(thinker._pool, self._work, fn, args)
            try:
                return await asyncio.wait_for(asyncio.shield(future), limit)
            except asyncio.TimeoutError:
                log.info("%s ran over its time limit of %.1f s: stopped", self.what, limit)
                self._request_stop("deadline")
            try:
                return await asyncio.wait_for(asyncio.shield(future), STOP_GRACE)
            except asyncio.TimeoutError:
                log.error("%s ignored its stop for %.1f s; its units stay taken until it "
                          "answers", self.what, STOP_GRACE)
                return await future
        finally:
            thinker._release(self)


class Thinker:
    """``Thinker(cap)``: the server's searches, ``cap`` threads at once (default: the number of
    cores), in a pool of threads; quick work (legal moves, the bots that do not search) runs
    in the same pool without units."""

    def __init__(self, cap: int | None = None) -> None:
        self.cap = max(1, cap or os.cpu_count() or 1)
        # Searches hold units; quick work gets the other threads.
        self._pool = ThreadPoolExecutor(
            max_workers=self.cap + 8, thread_name_prefix="duidiao-think"
        )
        self.used = 0
        self.jobs: list[Job] = []  # running, holding units, the longest running first
        self._waiting: list[Job] = []  # foreground first, then background; each in order
        self.stopping = threading.Event()  # set at shutdown

    @property
    def running(self) -> int:
        """The units (threads) in use by searches."""
        return self.used

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def job(self, **kwargs: Any) -> Job:
        """A new :class:`Job` of this thinker (keyword arguments as :class:`Job`'s)."""
        return Job(self, **kwargs)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool, without units (for quick work)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    # -- units --------------------------------------------------------------------------------
    def _fits(self, job: Job) -> bool:
        return self.used + min(job.threads, self.cap) <= self.cap

    async def _acquire(self, job: Job, wait: float | None) -> None:
        if job.cancelled:
            raise Cancelled()
        ahead = [w for w in self._waiting if w.foreground or not job.foreground]
        if not ahead and self._fits(job):
            self._take(job)
            return
        grant: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        job._grant = grant
        # Foreground jobs queue before every background one, in order among themselves.
        at = len(self._waiting)
        if job.foreground:
            at = next((i for i, w in enumerate(self._waiting) if not w.foreground), at)
        self._waiting.insert(at, job)
        if job.foreground:
            self._preempt()
        try:
            await asyncio.wait_for(asyncio.shield(grant), wait)
        except asyncio.TimeoutError:
            if job not in self.jobs:
                raise NoSlot() from None
            # granted as the wait ended: the units are taken, so run
        except BaseException:
            if job in self.jobs:  # granted, then cancelled (a room paused): give them back
                self._release(job)
            raise
        finally:
            job._grant = None
            if job in self._waiting:  # gave up: those behind it may fit now
                self._waiting.remove(job)
                self._grant_waiting()

    def _take(self, job: Job) -> None:
        self.used += min(job.threads, self.cap)
        self.jobs.append(job)

    def _release(self, job: Job) -> None:
        if job in self.jobs:
            self.jobs.remove(job)
            self.used -= min(job.threads, self.cap)
        self._grant_waiting()

    def _grant_waiting(self) -> None:
        # In order: the head of the queue waits for enough units, and nobody passes it.
        while self._waiting and self._fits(self._waiting[0]):
            job = self._waiting.pop(0)
            if job._grant is None or job._grant.done():  # cancelled or timed out meanwhile
                continue
            self._take(job)
            job._grant.set_result(None)
        if self._waiting and self._waiting[0].foreground:
            self._preempt()

    def _preempt(self) -> None:
        """Stop background jobs, the longest running first, until the foreground jobs waiting
        fit in the units the rest leave."""
        wanted = sum(min(j.threads, self.cap) for j in self._waiting if j.foreground)
        freeing = sum(min(j.threads, self.cap) for j in self.jobs
                      if not j.foreground and j.stopped_because is not None)
        free = self.cap - self.used + freeing
        for job in list(self.jobs):
            if free >= wanted:
                return
            if job.foreground or job.stopped_because is not None:
                continue
            job._request_stop("preempted")
            free += min(job.threads, self.cap)

    def shutdown(self) -> None:
        """Stop every running search (so that the process can exit at once) and the pool."""
        self.stopping.set()
        for job in list(self.jobs):
            job._request_stop("cancelled")
        self._pool.shutdown(wait=False, cancel_futures=True)
