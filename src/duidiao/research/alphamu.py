"""αμ at small depth over sampled worlds: what it would change in the exact phase of the play.

The Monte Carlo search (PIMC) values each move by solving every sampled world on its own, as
if the mover would know the world at its later decisions: it may then choose differently in
worlds it cannot tell apart (strategy fusion). αμ (Cazenave and Ventos, "The αμ Search
Algorithm for the Game of Bridge", 2019) searches the worlds together for the mover's next
``depth`` decisions: at the mover's own turn one move for all the worlds that reached it (the
worlds of a node share every public play, so the mover cannot tell them apart), at the other
seats' turns a move per world. A node's value is a *front*: the vectors of per-world values
(the mover's team's hand score) its strategies can guarantee, none worse in every world than
another. The mover's node takes the union of its moves' fronts; an opponent's node the
per-world minimum, and the partner's the per-world maximum, of every combination of its moves'
fronts (the others play each world as its double-dummy best, as PIMC assumes of them). After
``depth`` decisions of the mover, or at the hand's end, each world is solved exactly. At depth 1
this is PIMC's exact valuation.

The fronts are real-valued here (hand scores, not bridge's made-or-not), so they can grow: each
is capped at ``cap`` vectors, the best by mean kept, which may lose a strategy the exact αμ
keeps. This module is a measuring device (docs/plans/strength.md, item 4): it runs in Python
on the core's solver and is far too slow for a bot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from duidiao.play.game import Game
from duidiao.play.position import Position
from duidiao.play.record import Record
from duidiao.play.seats import TRICK_SEATS
from duidiao.search.players import make_bot, play_hand
from duidiao.search.review import review_positions

Front = npt.NDArray[np.float64]  # (vectors, worlds)
Move = tuple[int, ...]


@dataclass
class _Search:
    mover: int
    levels: tuple[int, int]
    solver: Any
    cap: int
    solves: int = 0

    def team_value(self, hand: Any, value: int) -> float:
        """A value from the side to move in ``hand`` as the mover's team's."""
        return float(value if hand.turn % 2 == self.mover % 2 else -value)

    def final(self, hand: Any) -> float:
        result = hand.result(*self.levels)
        margin = result.score_ns - result.score_ew
        return float(margin if self.mover % 2 == 0 else -margin)

    def solved(self, hand: Any) -> dict[Move, float]:
        """Every legal move's exact value in a full-information hand, for the mover's team (the
        solver built with merge=False: each move valued, none merged with its equivalents)."""
        self.solves += 1
        out = self.solver.solve(hand, "score", *self.levels, pv=False)
        return {tuple(m[0]): self.team_value(hand, m[2]) for m in out["moves"]}

    def front(self, hands: Sequence[Any], depth: int) -> Front:
        """The front of a node whose worlds are ``hands`` (one public history), with ``depth``
        decisions of the mover still searched together."""
        first = hands[0]
        if first.is_over:
            return np.array([[self.final(h) for h in hands]])
        if first.turn == self.mover:
            fronts = self.move_fronts(hands, depth)
            return reduce_front(np.concatenate(list(fronts.values())), self.cap)
        # Another seat: a move per world, each world's moves grouped.
        by_move: dict[Move, list[int]] = {}
        for i, h in enumerate(hands):
            for m in h.legal_moves():
                by_move.setdefault(tuple(m), []).append(i)
        partner = first.turn % 2 == self.mover % 2
        fill = -np.inf if partner else np.inf
        combined = np.full((1, len(hands)), fill)
        best = np.maximum if partner else np.minimum
        for move, worlds in by_move.items():
            combined = self.combine(combined, self.after(hands, worlds, move, depth), worlds, best)
        return combined

    def move_fronts(self, hands: Sequence[Any], depth: int) -> dict[Move, Front]:
        """At the mover's turn: each of its moves' front (its hand is the same in every world,
        and so are its legal moves)."""
        if depth <= 1:
            values = [self.solved(h) for h in hands]
            return {m: np.array([[v[m] for v in values]]) for m in values[0]}
        every = list(range(len(hands)))
        return {tuple(m): self.after(hands, every, tuple(m), depth - 1)
                for m in hands[0].legal_moves()}

    def after(self, hands: Sequence[Any], worlds: list[int], move: Move, depth: int) -> Front:
        """The front, over ``worlds`` (indices into ``hands``), of playing ``move`` there. A
        throw may fail in some worlds and not in others (rules §5.2): each outcome is a node of
        its own, and a strategy is one of each node's vectors, side by side."""
        groups: dict[Move, list[int]] = {}
        children: list[Any] = []
        for i in worlds:
            child = hands[i].copy()
            groups.setdefault(tuple(child.play(move)), []).append(len(children))
            children.append(child)
        combined = np.zeros((1, len(worlds)))
        for members in groups.values():
            part = self.front([children[j] for j in members], depth)
            combined = self.combine(combined, part, members, lambda _old, new: new)
        return combined

    def combine(self, front: Front, part: Front, columns: list[int],
                join: Callable[[Front, Front], Front]) -> Front:
        """Every vector of ``front`` with every vector of ``part`` joined into its ``columns``
        (the worlds ``part`` is over), reduced: a strategy made of one of each."""
        rows = []
        for f in front:
            for g in part:
                row = f.copy()
                row[columns] = join(f[columns], g)
                rows.append(row)
        return reduce_front(np.array(rows), self.cap)


def reduce_front(front: Front, cap: int) -> Front:
    """The vectors no other vector is at least as good as in every world (one of equal ones),
    at most ``cap`` of them, the best by mean first."""
    front = np.unique(front, axis=0)
    order = np.argsort(-front.mean(axis=1), kind="stable")
    front = front[order]
    kept: list[npt.NDArray[np.float64]] = []
    for row in front:
        if any(np.all(k >= row) for k in kept):
            continue
        kept.append(row)
        if len(kept) == cap:
            break
    return np.array(kept)


def alphamu_values(view_worlds: Sequence[Any], mover: int, depth: int, levels: tuple[int, int],
                   solver: Any, cap: int = 16) -> tuple[dict[Move, float], int]:
    """Each of the mover's moves' value under αμ at ``depth`` over the worlds (full-information
    core hands, all at the mover's turn): the best mean among its front's vectors. Also the
    exact solves made."""
    search = _Search(mover, levels, solver, cap)
    fronts = search.move_fronts(view_worlds, depth)
    return {m: float(f.mean(axis=1).max()) for m, f in fronts.items()}, search.solves


def endgame_decisions(
    preset: str, seed: int, cards: int
) -> Iterator[tuple[int, Position, int]]:
    """The card plays of a hand of ``heuristic`` in every seat (dealt from ``seed``) where the
    mover holds at most ``cards`` cards and has a choice: (ply, the mover's position, its seat
    number), seat by seat."""
    game = Game.deal(seed, rules=preset)
    play_hand(game, [make_bot("heuristic", seed=seed * 4 + s) for s in range(TRICK_SEATS.count)])
    record = Record.from_game(game)
    for me, seat in enumerate(TRICK_SEATS.letters):
        for ply, _trick, text, _played in review_positions(record, seat):
            position = Position(text)
            if len(position.hands[seat]) <= cards and position.core.count_legal_moves() > 1:
                yield ply, position, me
