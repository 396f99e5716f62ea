"""Long jobs on a Ray cluster (docs/cluster.md): a duplicate duel's deals spread over the
cluster's workers, the parts merged as they come back (the ``ray`` extra).

A duel is cut into tasks of a few deals; each task plays its deals as :func:`duidiao.duel`
plays them (deal *i* and its bots are seeded from ``(seed, i)`` alone) and returns its totals,
which :meth:`DuelResult.merge` adds up: the same seed gives the same result as the thread pool,
bit for bit, for bots with counted budgets. A bounded window of tasks is in flight and the
finished ones are folded into the running totals, so memory stays flat whatever the number of
hands. A task whose worker dies is run again by Ray (``max_retries``), and its deals are counted
once: a task's result is taken once, from its object reference.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from .duel import MAX_HANDS, DuelResult, duel
from .players import make_bot
from .rules import Rules

__all__ = ["duel_on_ray", "ray_init"]

TASK_RETRIES = 5
"""How many times Ray runs a task again after its worker died."""


def _ray() -> Any:
    try:
        import ray
    except ModuleNotFoundError:
        raise ImportError("--ray needs Ray: pip install 'duidiao[ray]'") from None
    return ray


def ray_init(address: str | None = None, workers: int | None = None) -> Any:
    """Connect to the Ray cluster at ``address`` (``"auto"``: the one this machine belongs
    to; ``"ray://host:10001"``: a remote one), or start a local one with ``workers`` CPUs
    (default: every core) when ``address`` is None. Does nothing when Ray is already up."""
    ray = _ray()
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["num_cpus"] = workers or os.cpu_count() or 1
        else:
            options["address"] = address
        ray.init(**options)
    return ray


def _duel_part(a: str, b: str, seed: int, preset: str, first: int, stop: int) -> dict[str, Any]:
    """Deals [first, stop) of a duel, on one core of a worker: its exact totals."""
    result = duel(a, b, 2 * (stop - first), seed=seed, preset=preset, threads=1,
                  records=False, first_deal=first)
    return result.to_json()


def duel_on_ray(
    a: str,
    b: str,
    hands: int,
    seed: int = 0,
    preset: str = "chifeng",
    address: str | None = None,
    workers: int | None = None,
    deals_per_task: int | None = None,
    first_deal: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> DuelResult:
    """:func:`duidiao.duel` (without records) on a Ray cluster: ``address`` and ``workers``
    as :func:`ray_init` takes them. ``deals_per_task`` (default: about 32 tasks a worker, at
    most 64 deals) sets how the deals are cut. ``progress(done, total)`` is called with the
    hands done as tasks come back."""
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 < hands <= MAX_HANDS \
            or hands % 2:
        raise ValueError(
            f"hands: a positive even number (2 games per deal) up to {MAX_HANDS}, "
            f"not {hands!r:.40}"
        )
    if isinstance(first_deal, bool) or not isinstance(first_deal, int) or first_deal < 0:
        raise ValueError(f"first_deal: a deal index (0 or more), not {first_deal!r:.40}")
    for name in (a, b):
        make_bot(name, 0)  # an unknown bot fails here, before the cluster is touched
    Rules.preset(preset)  # and so does an unknown preset
    if deals_per_task is not None and (
        isinstance(deals_per_task, bool) or not isinstance(deals_per_task, int)
        or deals_per_task < 1
    ):
        raise ValueError(f"deals_per_task: a positive number, not {deals_per_task!r:.40}")
    ray = ray_init(address, workers)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    deals = hands // 2
    if deals_per_task is None:
        deals_per_task = max(1, min(64, deals // (cpus * 32)))
    task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(_duel_part)
    end = first_deal + deals
    step = deals_per_task
    spans = ((f, min(f + step, end)) for f in range(first_deal, end, step))  # lazily: flat memory
    window = 2 * cpus
    pending: dict[Any, tuple[int, int]] = {}
    merged: dict[str, Any] | None = None
    done = 0

    def submit() -> None:
        while len(pending) < window:
            span = next(spans, None)
            if span is None:
                return
            pending[task.remote(a, b, seed, preset, *span)] = span

    submit()
    while pending:
        finished, _ = ray.wait(list(pending), num_returns=1)
        for ref in finished:
            start, stop = pending.pop(ref)
            part = ray.get(ref)
            merged = part if merged is None else DuelResult.merge([merged, part]).to_json()
            done += 2 * (stop - start)
            if progress is not None:
                progress(done, hands)
        submit()
    assert merged is not None
    return DuelResult.merge([merged])
