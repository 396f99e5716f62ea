"""Long jobs on a Ray cluster (docs/cluster.md): a duplicate duel's deals, or self-play's hands,
spread over the cluster's workers, the parts merged as they come back (the ``ray`` extra).

A duel is cut into tasks of a few deals; each task plays its deals as :func:`duidiao.duel`
plays them (deal *i* and its bots are seeded from ``(seed, i)`` alone) and returns its totals,
which :meth:`DuelResult.merge` adds up: the same seed gives the same result as the thread pool,
bit for bit, for bots with counted budgets. A bounded window of tasks is in flight and the
finished ones are folded into the running totals, so memory stays flat whatever the number of
hands. A task whose worker dies is run again by Ray (``max_retries``), and its deals are counted
once: a task's result is taken once, from its object reference.

Self-play is cut the same way (:func:`selfplay_on_ray`): hand *i* depends on ``(seed, i)`` alone
(:func:`duidiao.research.selfplay.draw_hand`), and the parts come back in hand order, with their
data rows and records, for the caller to write as one run on one machine would.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from typing import Any

from duidiao.play.rules import Rules
from duidiao.research.duel import MAX_HANDS, DuelResult, duel
from duidiao.research.match_duel import MAX_HANDS as MATCH_HANDS
from duidiao.research.match_duel import MatchDuel, match_duel
from duidiao.research.selfplay import SelfPlayPart, play_hands
from duidiao.search import bots as duidiao_bots
from duidiao.search.players import make_bot

__all__ = ["duel_on_ray", "match_duel_on_ray", "ray_init", "selfplay_on_ray"]

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
        try:
            ray.init(**options)
        except (ConnectionError, ValueError, RuntimeError) as exc:  # no cluster, a bad address
            where = "a local Ray cluster" if address is None else f"the Ray cluster {address!r}"
            raise ValueError(f"--ray: cannot reach {where:.200}: {exc}") from None
    return ray


def _check_job(bots: tuple[str, str], preset: str, per_task_name: str, per_task: Any) -> None:
    """Name a bad bot, preset or task size before the cluster is touched."""
    for name in bots:
        make_bot(name, 0)  # an unknown bot fails here
        kind = duidiao_bots.kind_of(name)
        if not kind.builtin and not kind.origin.startswith("entry point"):
            raise ValueError(
                f"bot {kind.name!r} is registered in this process only ({kind.origin}): the "
                f"cluster's workers know it when a package registers it as an entry point "
                f"of the group {duidiao_bots.ENTRY_POINT_GROUP!r} (docs/players.md)"
            )
    Rules.preset(preset)  # and so does an unknown preset
    if per_task is not None and (
        isinstance(per_task, bool) or not isinstance(per_task, int) or per_task < 1
    ):
        raise ValueError(f"{per_task_name}: a positive number, not {per_task!r:.40}")


def _spread(
    ray: Any,
    cpus: int,
    first: int,
    count: int,
    per_task: int,
    submit: Callable[[int, int], Any],
    ordered: bool,
) -> Iterator[tuple[tuple[int, int], Any]]:
    """Run ``submit(start, stop)`` over spans of ``per_task`` of the ``count`` items from
    ``first``, and yield each span with its result: as they finish, or ``ordered``. At most
    ``4 * cpus`` spans are in flight or finished and waiting for an earlier one, so memory
    stays flat (and a slow span holds up the others' workers only after three more spans a
    CPU); the ones left are cancelled when the caller stops early."""
    end = first + count
    spans = ((f, min(f + per_task, end)) for f in range(first, end, per_task))  # lazily
    window = 4 * cpus
    pending: dict[Any, tuple[int, int]] = {}
    finished: dict[int, tuple[tuple[int, int], Any]] = {}  # by start: waiting for earlier spans
    following = first
    try:
        while True:
            while len(pending) + len(finished) < window:
                span = next(spans, None)
                if span is None:
                    break
                pending[submit(*span)] = span
            if not pending and not finished:
                return
            if following not in finished:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    span = pending.pop(ref)
                    finished[span[0]] = (span, ray.get(ref))  # taken once: counted once
                    if not ordered:  # the span just taken is the next to yield
                        following = span[0]
            while following in finished:
                span, result = finished.pop(following)
                following = span[1]
                yield span, result
    finally:
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:  # noqa: BLE001 - best effort: the cluster may be gone already
                pass


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
    _check_job((a, b), preset, "deals_per_task", deals_per_task)
    ray = ray_init(address, workers)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    deals = hands // 2
    if deals_per_task is None:
        deals_per_task = max(1, min(64, deals // (cpus * 32)))
    task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(_duel_part)
    merged: dict[str, Any] | None = None
    done = 0
    for (start, stop), part in _spread(ray, cpus, first_deal, deals, deals_per_task,
                                       lambda f, t: task.remote(a, b, seed, preset, f, t),
                                       ordered=False):
        merged = part if merged is None else DuelResult.merge([merged, part]).to_json()
        done += 2 * (stop - start)
        if progress is not None:
            progress(done, hands)
    assert merged is not None
    return DuelResult.merge([merged])


def _match_part(a: str, b: str, preset: str, seed: int, max_hands: int, first: int,
                stop: int) -> dict[str, Any]:
    """Match pairs [first, stop) of a match duel, on one core of a worker."""
    return match_duel(a, b, stop - first, preset=preset, seed=seed, first_match=first,
                      max_hands=max_hands, threads=1).to_json()


def match_duel_on_ray(
    a: str,
    b: str,
    matches: int,
    *,
    preset: str = "chifeng",
    seed: int = 0,
    first_match: int = 0,
    max_hands: int = MATCH_HANDS,
    address: str | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchDuel:
    """:func:`duidiao.research.match_duel.match_duel` on a Ray cluster, a match pair a task
    (a match pair takes seconds to minutes): the same pairs as on one machine."""
    for name in (a, b):
        make_bot(name, 0)
    Rules.preset(preset).check_game_supported()
    ray = ray_init(address, workers)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(_match_part)
    parts: list[MatchDuel] = []
    done = 0
    for (start, stop), part in _spread(ray, cpus, first_match, matches, 1,
                                       lambda f, t: task.remote(a, b, preset, seed, max_hands,
                                                                f, t),
                                       ordered=False):
        parts.append(MatchDuel.from_json(part))
        done += stop - start
        if progress is not None:
            progress(done, matches)
    return MatchDuel.merge(parts)


def _selfplay_part(
    ns: str, ew: str, seed: int, preset: str, first: int, stop: int, rows: bool, records: bool
) -> SelfPlayPart:
    """Hands [first, stop) of a self-play run, on one core of a worker."""
    return play_hands(ns, ew, first, stop, seed, preset, rows=rows, records=records)


def selfplay_on_ray(
    ns: str,
    ew: str,
    hands: int,
    seed: int = 0,
    preset: str = "chifeng",
    address: str | None = None,
    workers: int | None = None,
    hands_per_task: int | None = None,
    *,
    rows: bool = False,
    records: bool = False,
) -> Generator[SelfPlayPart, None, None]:
    """Self-play's hands ``[0, hands)`` (:func:`duidiao.research.selfplay.play_hands`) on a Ray
    cluster, ``address`` and ``workers`` as :func:`ray_init` takes them: the parts, in hand
    order, as they come back. ``hands_per_task`` (default: about 32 tasks a worker, at most 64
    hands, 4 with ``rows``: the driver may hold 4 parts a CPU) sets how the hands are cut.
    Adding up the parts' statistics, and writing their rows and records in turn, gives what
    one run on one machine gives (for bots with counted budgets)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 <= hands <= MAX_HANDS:
        raise ValueError(f"hands: a number of hands from 0 to {MAX_HANDS}, not {hands!r:.40}")
    _check_job((ns, ew), preset, "hands_per_task", hands_per_task)
    ray = ray_init(address, workers)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if hands_per_task is None:
        # with rows, small parts: the driver may hold 4 a CPU (about 0.5 MB a hand)
        hands_per_task = max(1, min(4 if rows else 64, hands // (cpus * 32)))
    task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(_selfplay_part)

    def submit(first: int, stop: int) -> Any:
        return task.remote(ns, ew, seed, preset, first, stop, rows, records)

    return (part for _, part in _spread(ray, cpus, 0, hands, hands_per_task, submit, True))
