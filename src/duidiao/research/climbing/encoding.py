"""Actions and observation planes of the climbing games for learning environments (docs/env.md,
"The climbing games"; version :data:`ENCODING_VERSION`).

Every decision of a 够级 or 保皇 hand is a short run of actions from one fixed set of
:data:`NUM_ACTIONS`:

- ``0..14``: one more card of that value (``value - 1``: ``3`` is 0 … ``2`` is 12, ``SJ`` 13,
  ``BJ`` 14), never a copy of 保皇's called face;
- :data:`CALLED` (15): one more copy of the called face (保皇, once called);
- :data:`DONE` (16): the cards chosen are the set played;
- ``WORD + i`` (17..27): the answer :data:`WORDS` ``[i]`` (``pass``, ``yield``, ``fold``,
  ``noburn`` in play; ``stay``/``revolt`` and ``keep``/``renounce`` for 革命; ``grab``, ``dark``,
  ``open`` in 保皇's choosing; ``pass`` also declines 抢庄 or 叫庄);
- ``CALL + face`` (28..81): 叫庄 of a face, ``face = 4 * (value - 1) + suit`` for ``3``…``2``
  (suits H D S C), 52 for ``SJ``, 53 for ``BJ``.

The action mask holds the values that can still join the cards chosen on the way to a legal set,
so a run of legal actions always ends in a legal decision. The observation is
:data:`COLUMNS` columns wide (the 15 values and the called face's copies, as the actions number
them) and has :func:`plane_names` rows; seats are counted from the observer's (0: himself, 1:
the next to play, …). Nothing here holds a rule: the game says what is legal, what each seat
may know and who is where; this module only numbers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.baohuang_game import BaohuangGame, read_face
from duidiao.play.climbing.cards import Face, Pile, parse_pile
from duidiao.play.climbing.deal import pile_of_cards
from duidiao.play.climbing.games import ClimbingGame, game_name, seats_of
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.tokens import ACTION_WORDS, pile_of
from duidiao.play.errors import IllegalMoveError
from duidiao.play.formats import CLIMBING_ENCODING

__all__ = [
    "ENCODING_VERSION",
    "COLUMNS",
    "CALLED",
    "DONE",
    "WORDS",
    "WORD",
    "CALL",
    "NUM_ACTIONS",
    "PHASES",
    "plane_names",
    "action_name",
    "decision_actions",
    "vector_of",
    "Chooser",
    "observation_planes",
]

ENCODING_VERSION = CLIMBING_ENCODING
"""Raised when an action's number or a plane's meaning changes (duidiao.play.formats)."""
COLUMNS = 16
CALLED = 15
DONE = 16
WORDS = ("pass", "yield", "fold", "noburn", "stay", "revolt", "keep", "renounce", "grab", "dark",
         "open")
WORD = 17
CALL = WORD + len(WORDS)
NUM_ACTIONS = CALL + 54
PHASES = ("revolt", "renounce", "grab", "call", "forced", "declare", "play")
"""The phases a climbing hand asks in (够级: 革命 and its renouncing; 保皇: 抢庄, 叫庄, 逼庄,
明保 / 明独), as the ``phase`` plane numbers them."""

_VALUE_NAMES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")
_SUITS = "HDSC"
assert set(ACTION_WORDS) <= set(WORDS)


def plane_names(seats: int) -> tuple[str, ...]:
    """The rows of an observation at a table of ``seats`` (6 for 够级, 5 for 保皇)."""
    return (
        ("hand", "chosen", "to_beat", "gone")
        + tuple(f"played_{i}" for i in range(seats))
        + tuple(f"known_{i}" for i in range(1, seats))
        + ("sizes", "places", "set_owner", "leader", "team", "emperor", "guard", "revolt",
           "phase", "call")
    )


def action_name(action: int) -> str:
    """What an action number means, for people (``"+9"``, ``"+called"``, ``"done"``, ``"pass"``,
    ``"call 9C"``)."""
    if 0 <= action < CALLED:
        return "+" + _VALUE_NAMES[action]
    if action == CALLED:
        return "+called"
    if action == DONE:
        return "done"
    if WORD <= action < CALL:
        return WORDS[action - WORD]
    if CALL <= action < NUM_ACTIONS:
        return "call " + _face_text(action - CALL)
    raise ValueError(f"action: {action!r} is not 0..{NUM_ACTIONS - 1}")


def _face_text(face: int) -> str:
    if face >= 52:
        return ("SJ", "BJ")[face - 52]
    return _VALUE_NAMES[face // 4] + _SUITS[face % 4]


def _face_number(text: str) -> int:
    value, suit = read_face(text)
    return 52 + value - 14 if value >= 14 else 4 * (value - 1) + suit


def vector_of(pile: Pile, call: Face | None) -> np.ndarray:
    """A pile of cards as the actions count it: per value without the called face's copies,
    and those copies in the last column."""
    v = np.zeros(COLUMNS, dtype=np.int8)
    v[:15] = pile.counts[1:16]
    if call is not None and pile.called:
        v[call.value - 1] -= pile.called
        v[CALLED] = pile.called
    return v


def _call_of(game: ClimbingGame) -> Face | None:
    if isinstance(game, BaohuangGame) and game.position is not None:
        return game.position.call
    return None


def decision_actions(game: ClimbingGame, answer: str) -> list[int]:
    """The actions that make ``answer`` (one of ``game.legal()``), in the order sent."""
    if answer in WORDS:
        return [WORD + WORDS.index(answer)]
    if answer.startswith("call "):
        return [CALL + _face_number(answer[5:])]
    v = vector_of(parse_pile(answer, "answer", _call_of(game)), _call_of(game))
    return [c for c in range(COLUMNS) for _ in range(int(v[c]))] + [DONE]


@dataclass
class Chooser:
    """Turns runs of actions into the game's decisions: the cards chosen so far, the mask of
    what may follow, and the step that applies a decision once it is complete."""

    game: ClimbingGame
    chosen: np.ndarray = field(default_factory=lambda: np.zeros(COLUMNS, dtype=np.int8))
    _key: tuple[int, int] | None = field(default=None, repr=False)
    _words: dict[int, str] = field(default_factory=dict, repr=False)
    _sets: np.ndarray = field(default_factory=lambda: np.zeros((0, COLUMNS), np.int8), repr=False)
    _texts: list[str] = field(default_factory=list, repr=False)

    def _options(self) -> None:
        key = (len(self.game.history), self.game.redeals)
        if key == self._key:
            return
        self._key = key
        self._words, texts, vectors = {}, [], []
        call = _call_of(self.game)
        for answer in self.game.legal():
            if answer in WORDS:
                self._words[WORD + WORDS.index(answer)] = answer
            elif answer.startswith("call "):
                self._words[CALL + _face_number(answer[5:])] = answer
            else:
                texts.append(answer)
                vectors.append(vector_of(parse_pile(answer, "legal", call), call))
        self._texts = texts
        self._sets = np.array(vectors, dtype=np.int8).reshape(len(vectors), COLUMNS)

    def legal_mask(self) -> np.ndarray:
        """1 for each action that keeps the decision on its way to a legal one."""
        self._options()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self.chosen.any():
            for action in self._words:
                mask[action] = 1
        if len(self._sets):
            fits: np.ndarray = np.asarray((self._sets >= self.chosen).all(axis=1))
            mask[:COLUMNS] = ((self._sets > self.chosen) & fits[:, None]).any(axis=0)
            if self.chosen.any() and (self._sets[fits] == self.chosen).all(axis=1).any():
                mask[DONE] = 1
        return mask

    def step(self, action: int) -> bool:
        """Takes one action; True when it completed a decision (and the game moved on). A
        ValueError names an action that is not legal now, and nothing changes."""
        last = NUM_ACTIONS - 1
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is a whole number 0..{last}, not {action!r}")
        action = int(action)
        if not 0 <= action <= last:
            raise ValueError(f"action {action} is not 0..{last}")
        if not self.legal_mask()[action]:
            raise IllegalMoveError(
                f"action {action} ({action_name(action)}) is not legal for {self.game.to_act}"
                f" in the {self.game.phase}: legal now {_mask_text(self.legal_mask())}"
            )
        if action < COLUMNS:
            self.chosen[action] += 1
            return False
        if action == DONE:
            matches = np.nonzero((self._sets == self.chosen).all(axis=1))[0]
            answer = self._texts[int(matches[0])]
        else:
            answer = self._words[action]
        self.game.apply(answer)
        self.chosen[:] = 0
        return True


def _mask_text(mask: np.ndarray) -> str:
    return " ".join(action_name(int(a)) for a in np.nonzero(mask)[0]) or "nothing"


def _played(game: ClimbingGame, call: Face | None) -> dict[str, np.ndarray]:
    """The cards each seat has played this deal (every play is seen by all)."""
    out: dict[str, np.ndarray] = {}
    for phase, seat, action in game.history[game.deal_start:]:
        if phase == "play" and action not in WORDS:
            v = vector_of(parse_pile(action, "history", call), call)
            out[seat] = out.get(seat, 0) + v
    return out


def observation_planes(game: ClimbingGame, seat: str,
                       chosen: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """What ``seat`` may know, as a ``(len(plane_names(n)), COLUMNS)`` float32 array."""
    seats = seats_of(game.preset)
    n = len(seats)
    names = plane_names(n)
    row = {name: i for i, name in enumerate(names)}
    planes = np.zeros((len(names), COLUMNS), dtype=np.float32)
    me = seats.index(seat)

    def rel(s: int) -> int:
        return (s - me) % n

    if chosen is not None:
        planes[row["chosen"]] = np.asarray(chosen, dtype=np.float32)
    if game.phase in PHASES:
        planes[row["phase"], PHASES.index(game.phase)] = 1
    if game.position is None:  # before the play: the own cards and what was said
        pair = getattr(game, "call", None)  # 保皇's called face, once called
        call = None if pair is None else Face(pair[0], _SUITS[pair[1]] if pair[1] >= 0 else " ")
        planes[row["hand"]] = vector_of(pile_of_cards(game.cards[me], pair), call)
        emperor = getattr(game, "emperor", None)
        if emperor is not None:
            planes[row["emperor"], rel(emperor)] = 1
        if call is not None:
            planes[row["call"], call.value - 1] = 1
        for s in getattr(game, "revolts", ()):
            planes[row["revolt"], rel(s)] = 1
        return planes
    view: Any = (GoujiPosition if game_name(game) == "gouji" else BaohuangPosition).parse(
        game.view(seat))
    call = view.call if isinstance(view, BaohuangPosition) else None
    planes[row["hand"]] = vector_of(view.hands[me], call)
    planes[row["gone"]] = vector_of(view.gone, call)
    for s_letter, v in _played(game, call).items():
        planes[row[f"played_{rel(seats.index(s_letter))}"]] = v
    for s, hand in enumerate(view.hands):
        planes[row["sizes"], rel(s)] = hand.size
        if s != me and hand.size > hand.hidden:
            planes[row[f"known_{rel(s)}"]] = vector_of(
                Pile(hand.counts, hand.called, 0), call)
    for place, s in enumerate(view.out, start=1):
        planes[row["places"], rel(s)] = place
    for s, action in reversed(view.actions):
        if action[0] == 0:
            planes[row["to_beat"]] = vector_of(pile_of(action), call)
            planes[row["set_owner"], rel(s)] = 1
            break
    if view.leader is not None:
        planes[row["leader"], rel(view.leader)] = 1
    if isinstance(view, GoujiPosition):
        for s in range(n):
            planes[row["team"], rel(s)] = 1 if (s - me) % 2 == 0 else -1
        if view.revolt is not None:
            planes[row["revolt"], rel(view.revolt)] = 1
    else:
        planes[row["emperor"], rel(view.emperor)] = 1
        if view.guard is not None:
            planes[row["guard"], rel(view.guard)] = 1
        if call is not None:
            planes[row["call"], call.value - 1] = 1
    return planes
