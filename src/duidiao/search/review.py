"""A finished hand reviewed: each play of one seat valued against the best play the engine
finds, as the analysis of that seat's view at a level weighs them (docs/analysis.md).

Every play of the seat is analysed by :func:`~duidiao.analyse` from that seat's position (what
it knew then) with the level's search (:func:`~duidiao.search.analysis.level_search`): a
counted number of worlds and one seed, so a review repeats exactly and each of its values is
the analysis anyone gets for that position, level and seed. The loss of a play is the best
move's mean minus the played move's, in hand score (rules §7.2) for the seat's team.

>>> import duidiao
>>> game = duidiao.Game.deal(1, rules="chifeng", declarer="S")
>>> result = duidiao.play_hand(game, [duidiao.make_bot("heuristic")] * 4)
>>> r = duidiao.review(duidiao.Record.from_game(game), "S", level="normal", seed=2, threads=1)
>>> r.plays[0].trick, r.plays[0].worlds, r.plays[0].loss >= 0
(1, 8, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from duidiao.play.cards import Cards
from duidiao.play.errors import SearchStopped
from duidiao.play.record import Record
from duidiao.play.seats import TRICK_SEATS
from duidiao.search.analysis import Analysis, analyse, level_search

__all__ = [
    "HandReview", "PlayReview", "ReviewStopped", "replay_frames", "review", "review_play",
    "review_positions",
]

class ReviewStopped(SearchStopped):
    """A review stopped before its end (by its progress callback or its stop event)."""


SHOWN_MOVES = 5
"""The best moves a review keeps per play, beside the one played."""


@dataclass(frozen=True)
class PlayReview:
    """One play of the reviewed seat: ``ply`` (0 = the hand's first card play) in ``trick``
    (1 = the first), the seat's ``position`` before it, the cards ``played``, the ``best``
    move and both values (``played_value`` is None when the analysis did not weigh the play
    made: following a long throw only candidates are), the ``loss`` (best − played, ≥ 0 when
    both are known) and the best ``moves`` as (cards, mean)."""

    ply: int
    trick: int
    position: str
    played: str
    best: str
    best_value: float
    played_value: float | None
    worlds: int
    legal: int
    moves: tuple[tuple[str, float], ...]

    @property
    def loss(self) -> float | None:
        if self.played_value is None:
            return None
        return self.best_value - self.played_value

    def to_dict(self) -> dict[str, Any]:
        loss = self.loss
        return {
            "ply": self.ply, "trick": self.trick, "position": self.position,
            "played": self.played, "best": self.best, "best_value": round(self.best_value, 4),
            "played_value": None if self.played_value is None else round(self.played_value, 4),
            "loss": None if loss is None else round(loss, 4),
            "worlds": self.worlds, "legal": self.legal,
            "moves": [{"move": m, "mean": round(v, 4)} for m, v in self.moves],
        }


@dataclass(frozen=True)
class HandReview:
    """The review of one seat's plays in a hand, in the order made."""

    seat: str
    level: str
    seed: int
    worlds: int
    plays: tuple[PlayReview, ...]

    def mistakes(self) -> list[PlayReview]:
        """The plays that lost value, the biggest loss first (ties: the earlier play)."""
        lost = [p for p in self.plays if p.loss is not None and p.loss > 0]
        return sorted(lost, key=lambda p: (-(p.loss or 0.0), p.ply))

    @property
    def total_loss(self) -> float:
        return sum(p.loss for p in self.plays if p.loss is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "level": self.level, "seed": self.seed, "worlds": self.worlds,
            "total_loss": round(self.total_loss, 4),
            "plays": [p.to_dict() for p in self.plays],
            "mistakes": [p.ply for p in self.mistakes()],
        }


def review_positions(record: Record, seat: str) -> list[tuple[int, int, str, str]]:
    """The plays of ``seat`` in ``record`` as (ply, trick, the seat's position before it, the
    cards played), in order. ValueError for a seat that is not one."""
    if seat not in TRICK_SEATS.letters:
        raise ValueError(f"seat: {seat!r:.20} is not one of {', '.join(TRICK_SEATS.letters)}")
    game = record.new_game()
    out: list[tuple[int, int, str, str]] = []
    ply = 0
    for decision in record.decisions:
        if decision.action == "play":
            if decision.seat == seat:
                position = game.position(seat)
                out.append((ply, ply // len(TRICK_SEATS.letters) + 1, str(position),
                            str(decision.cards)))
            ply += 1
        game.apply(decision)
    return out


def replay_frames(record: Record) -> list[dict[str, Any]]:
    """The card play of a finished hand as frames for a replay, JSON-ready: the first before
    the first lead, then one after each play, each with ``ply`` (plays made), ``seat`` and
    ``played`` (the play just made; None in the first), ``hands`` (every seat's cards left, in
    the hand's notation order), ``trick`` (the trick on the table: ``leader``, ``plays`` as
    [seat, cards] pairs, ``winner`` once complete, ``points``), ``tricks`` (tricks completed)
    and ``points`` (the defenders' so far). Also the hand's ``trump``, ``level``, ``declarer``
    and ``kitty`` (as buried) in every frame, so that a frame draws alone."""
    game = record.new_game()
    frames: list[dict[str, Any]] = []
    decisions = list(record.decisions)
    index = 0
    while index < len(decisions) and decisions[index].action != "play":
        game.apply(decisions[index])
        index += 1
    if game.phase != "play":
        return frames
    order = (game.level, game.trump)

    def frame(seat: str | None, played: str | None, trick: Any) -> dict[str, Any]:
        return {
            "ply": game.plies, "seat": seat, "played": played,
            "hands": {s: c.notation(*order) for s, c in game.hands.items()},
            "trick": trick, "tricks": len(game.tricks), "points": game.points,
            "trump": game.trump, "level": str(game.level), "declarer": game.declarer,
            "kitty": game.kitty.notation(*order),
        }

    frames.append(frame(None, None, None))
    for decision in decisions[index:]:
        tricks_before = len(game.tricks)
        game.apply(decision)
        if decision.action != "play":
            continue
        done = game.tricks[-1] if len(game.tricks) > tricks_before else game.current_trick
        trick = None
        if done is not None:
            trick = {"leader": done.leader,
                     "plays": [[seat, play.notation(*order)]
                               for seat, play in zip(done.seats, done.plays)],
                     "winner": done.winner, "points": done.points}
        made = game.history[-1].cards
        assert made is not None
        frames.append(frame(decision.seat, made.notation(*order), trick))
    return frames


def _value_of(analysis: Analysis, played: str) -> float | None:
    cards = Cards(played)
    for move in analysis.moves:
        if move.move.cards == cards:
            return move.mean
    return None


def review_play(
    position: str,
    played: str,
    level: str,
    seed: int,
    *,
    ply: int = 0,
    trick: int = 1,
    threads: int | None = 1,
    stop: Any = None,
) -> PlayReview:
    """One play reviewed: the analysis of ``position`` (the seat's view before it) at
    ``level`` with ``seed``, and the play made, ``played``, valued in it. :class:`ReviewStopped`
    when ``stop`` (a ``threading.Event``) is set before the analysis has weighed its worlds."""
    analysis = analyse(position, seed=seed, threads=threads, stop=stop, **level_search(level))
    if stop is not None and stop.is_set():  # a stopped analysis weighs fewer worlds
        raise ReviewStopped(f"stopped in the analysis of ply {ply}")
    best = analysis.moves[0]
    return PlayReview(
        ply=ply, trick=trick, position=position, played=played, best=str(best.move),
        best_value=best.mean, played_value=_value_of(analysis, played),
        worlds=analysis.worlds, legal=analysis.legal,
        moves=tuple((str(m.move), m.mean) for m in analysis.moves[:SHOWN_MOVES]),
    )


def review(
    record: Record,
    seat: str,
    level: str = "hard",
    seed: int = 0,
    *,
    threads: int | None = 1,
    progress: Callable[[int, int], bool | None] | None = None,
    stop: Any = None,
) -> HandReview:
    """Review ``seat``'s plays in a hand ``record`` at ``level`` (one of
    :data:`~duidiao.search.analysis.SEARCH_LEVELS`) with the worlds' ``seed``.

    ``progress(done, total)`` is called before each play is analysed and once at the end;
    returning False stops the review (:class:`ReviewStopped`), as does ``stop`` (a
    ``threading.Event``) when set. ValueError for a bad seat or level."""
    search = level_search(level)
    plays = review_positions(record, seat)
    reviewed: list[PlayReview] = []
    for done, (ply, trick, position, played) in enumerate(plays):
        if (progress is not None and progress(done, len(plays)) is False) or (
                stop is not None and stop.is_set()):
            raise ReviewStopped(f"stopped after {done} of {len(plays)} plays")
        reviewed.append(review_play(position, played, level, seed, ply=ply, trick=trick,
                                    threads=threads, stop=stop))
    if progress is not None:
        progress(len(plays), len(plays))
    return HandReview(seat=seat, level=level, seed=seed, worlds=int(search["worlds"]),
                      plays=tuple(reviewed))
