"""Actions and observation planes for learning environments (docs/env.md, version 1).

Every decision of a hand is a short run of actions from one fixed set of ``NUM_ACTIONS``:

- ``0..53``: one more card of that face (the core's face ids: ``suit * 13 + rank``, 52 the
  small joker, 53 the big joker);
- ``DONE`` (54): the cards chosen make the answer (the 8 cards to bury, the card put in a
  grabbed card's place, 潇洒's jokers and taken cards, a play);
- ``PASS`` (55): decline (a declaration, a counter, a grab, 潇洒);
- ``DECLARE + 7 * suit + kind - 1`` (56..90): a declaration, ``suit`` 0..3 (H, D, S, C) or 4
  (no trump, the joker pairs), ``kind`` 1..7 as :data:`duidiao.play.rules.DECLARE_KINDS` numbers
  them; in 反底 (rules §11.8, phase ``counter``) the same action is that counter;
- ``WIDE_DECLARE + 3 * suit + kind - 8`` (91..105): the three-pack declarations of rules §11.7
  (``triple``, ``three_small_jokers``, ``three_big_jokers``), for rules that have them.

A game has :func:`num_actions` of them: ``NUM_ACTIONS`` (91) unless its rules declare with three
packs (106), so that the actions of every other preset keep their numbers and their count.

The action mask holds the faces that can still join the cards chosen on the way to a legal
answer (:meth:`duidiao.Game.card_choice`), so a run of legal actions always ends in a legal
decision, throws and burials included, without listing the millions of them. Nothing here
holds a rule: the game decides what is legal, this module only numbers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from duidiao.play.cards import TRUMP_LETTERS, Cards
from duidiao.play.decisions import DECLINABLE, Decision, ask
from duidiao.play.declarations import DeclareOption
from duidiao.play.enums import Phase
from duidiao.play.game import Game
from duidiao.play.observation import PLANE_NAMES, PLANES_VERSION, Observation
from duidiao.play.rules import DECLARE_KINDS, GAME_PRESETS, Rules

__all__ = [
    "ENCODING_VERSION",
    "ENV_PRESETS",
    "check_env_preset",
    "FACES",
    "DONE",
    "PASS",
    "DECLARE",
    "NUM_ACTIONS",
    "NUM_ACTIONS_MAX",
    "WIDE_DECLARE",
    "num_actions",
    "PLANES",
    "NUM_PLANES",
    "action_name",
    "card_counts",
    "declare_action",
    "Chooser",
    "observation_planes",
    "decision_actions",
    "player_actions",
]

ENCODING_VERSION = PLANES_VERSION
FACES = 54
DONE = 54
PASS = 55
DECLARE = 56
_KINDS = DECLARE_KINDS[:7]  # the kinds up to two packs declare: their action ids are fixed
_WIDE_KINDS = DECLARE_KINDS[7:]  # rules §11.7's three-pack kinds, numbered after them
NUM_ACTIONS = DECLARE + 5 * len(_KINDS)
WIDE_DECLARE = NUM_ACTIONS
NUM_ACTIONS_MAX = WIDE_DECLARE + 5 * len(_WIDE_KINDS)


def num_actions(rules: Rules) -> int:
    """The actions of a game under ``rules``: ``NUM_ACTIONS``, or ``NUM_ACTIONS_MAX`` when its
    declarations include three-pack kinds."""
    return NUM_ACTIONS_MAX if set(rules.declare_kinds) & set(_WIDE_KINDS) else NUM_ACTIONS

# The rows of an observation (Observation.planes, built by the core), each 54 wide; docs/env.md
# says what each holds.
PLANES = PLANE_NAMES
NUM_PLANES = len(PLANES)

ENV_PRESETS = GAME_PRESETS
"""The presets the environments play: every one a game is dealt under."""


def check_env_preset(preset: str) -> None:
    """ValueError naming a preset the environments do not play."""
    if preset not in ENV_PRESETS:
        raise ValueError(f"preset: {preset!r} is not one of {', '.join(ENV_PRESETS)}")

_BITS = np.arange(FACES, dtype=np.uint64)
_ONE = np.uint64(1)


def card_counts(cards: Cards | Sequence[Cards]) -> np.ndarray:
    """Copies (0 up to the packs) of each face id: shape (54,) for one card set, (n, 54) for
    n."""
    many = not isinstance(cards, Cards)
    sets: list[Cards] = [cards] if isinstance(cards, Cards) else list(cards)
    planes = max((len(c.masks) for c in sets), default=2)  # a plane per copy held (rules §11.1)
    rows = [c.masks + (0,) * (planes - len(c.masks)) for c in sets]
    masks = np.array(rows, dtype=np.uint64).reshape(-1, planes, 1)
    counts = ((masks >> _BITS) & _ONE).sum(axis=1).astype(np.float32)
    return counts if many else counts[0]


def _faces(mask: int) -> np.ndarray:
    return (np.uint64(mask) >> _BITS) & _ONE


def declare_action(option: DeclareOption) -> int:
    """The action of a declaration."""
    suit = TRUMP_LETTERS.index(option.suit)
    if option.kind in _WIDE_KINDS:
        return WIDE_DECLARE + 3 * suit + _WIDE_KINDS.index(option.kind)
    return DECLARE + 7 * suit + _KINDS.index(option.kind)


def _declaration_of(action: int) -> tuple[str, str]:
    """The (suit, kind) of a declaration's action (declare_action's inverse)."""
    if action >= WIDE_DECLARE:
        suit, kind = divmod(action - WIDE_DECLARE, 3)
        return TRUMP_LETTERS[suit], _WIDE_KINDS[kind]
    suit, kind = divmod(action - DECLARE, 7)
    return TRUMP_LETTERS[suit], _KINDS[kind]


def action_name(action: int) -> str:
    """A readable name: ``"AH"``, ``"done"``, ``"pass"``, ``"declare single H"``."""
    if 0 <= action < FACES:
        return str(Cards.from_masks(1 << action, 0))
    if action == DONE:
        return "done"
    if action == PASS:
        return "pass"
    if DECLARE <= action < NUM_ACTIONS_MAX:
        suit, kind = _declaration_of(action)
        return f"declare {kind} {suit}"
    raise ValueError(f"action {action!r} is not 0..{NUM_ACTIONS_MAX - 1}")


@dataclass
class Chooser:
    """A game played by actions: the cards chosen so far in the decision under way, the legal
    actions, and the step from an action to a decision of the game."""

    game: Game
    chosen: Cards = field(default_factory=Cards)
    _mask: np.ndarray | None = field(default=None, repr=False, compare=False)
    # The actions applied, and the game's decisions before the first of them: what a copy
    # (pickle) replays, so that it is exact (a failed throw is replayed as attempted).
    actions: list[int] = field(default_factory=list, repr=False, compare=False)
    _before: list[dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._before is None:
            self._before = [d.to_dict() for d in self.game.history]

    def __deepcopy__(self, memo: dict[int, Any]) -> Chooser:
        mask = None if self._mask is None else self._mask.copy()
        return Chooser(self.game.copy(), self.chosen, mask, list(self.actions), self._before)

    def __reduce__(self) -> tuple[Any, ...]:
        g = self.game
        deck = [c.id for c in g.deck]
        args = (deck, g.first_drawer, g.rules, g.fixed_declarer, g.levels, self._before,
                list(self.actions))
        return (_replayed_chooser, args)

    def legal_mask(self) -> np.ndarray:
        """The legal actions now, as 0/1 int8 of length :attr:`num_actions` (all 0 once over).
        A copy: the caller may change it."""
        if self._mask is None:
            self._mask = self._legal_mask()
        return self._mask.copy()

    @property
    def num_actions(self) -> int:
        """The actions of this game (:func:`num_actions` of its rules)."""
        return num_actions(self.game.rules)

    def _legal_mask(self) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        game = self.game
        if game.is_over:
            return mask
        options = game.declare_options()
        if options:  # a declaration is chosen whole
            mask[PASS] = 1
            for option in options:
                mask[declare_action(option)] = 1
            return mask
        choice = game.card_choice(self.chosen)
        mask[:FACES] = _faces(choice.addable.one)
        mask[DONE] = choice.complete
        # Declining (a grab, 潇洒) only before the first card is chosen.
        mask[PASS] = game.phase in DECLINABLE and not self.chosen
        return mask

    def step(self, action: int) -> bool:
        """Apply one legal action; True when it made a decision of the game. A ValueError
        names an action that is not legal now, and nothing changes."""
        last = self.num_actions - 1
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is a whole number 0..{last}, not {action!r}")
        action = int(action)
        if not 0 <= action <= last:
            raise ValueError(f"action {action} is not 0..{last}")
        self.legal_mask()  # the mask of the state the action is for
        assert self._mask is not None
        game = self.game
        if not self._mask[action]:
            raise ValueError(
                f"action {action} ({action_name(action)}) is not legal for "
                f"{game.to_act} in the {game.phase} phase"
                + (f" with {self.chosen} chosen" if self.chosen else "")
            )
        self._mask = None
        self.actions.append(action)
        if action < FACES:
            self.chosen = self.chosen | Cards.from_masks(1 << action, 0)
            return False
        seat = game.to_act
        assert seat is not None
        if action == PASS:
            decision = Decision.pass_(seat, game.phase)
        elif action >= DECLARE:
            make = Decision.counter_ if game.phase == Phase.COUNTER else Decision.declare_
            decision = make(seat, *_declaration_of(action))
        else:  # DONE
            decision = Decision.of_chosen(seat, game.phase, self.chosen)
        game.apply(decision)
        self.chosen = Cards()
        return True


def decision_actions(decision: Decision) -> list[int]:
    """The actions that make ``decision``: a pass, a declaration, or its cards then done."""
    if decision.action == "pass":
        return [PASS]
    if decision.action in ("declare", "counter"):
        assert decision.suit is not None and decision.kind is not None
        return [declare_action(DeclareOption(decision.suit, decision.kind))]
    return [*decision.chosen.faces(), DONE]


def player_actions(game: Game, player: Any) -> list[int]:
    """The actions that make the decision ``player`` (a bot, or any player) makes in ``game``
    now (:func:`duidiao.play.decisions.ask`), checked on a copy of the game as it would be applied
    (the game is not changed): for imitating a bot, or letting one play some seats of an
    environment."""
    decision = ask(player, game)
    game.copy().apply(decision)  # an illegal answer raises here, naming the seat
    return decision_actions(decision)


def _replayed_chooser(
    deck: list[int], first_drawer: str, rules: Any, declarer: str | None,
    levels: dict[str, str], before: list[dict[str, Any]], actions: list[int],
) -> Chooser:
    game = Game(deck, first_drawer, rules=rules, declarer=declarer, levels=levels)
    for decision in before:
        game.apply(decision)
    chooser = Chooser(game)
    for action in actions:
        chooser.step(action)
    return chooser


def observation_planes(obs: Observation, chosen: Cards | None = None) -> np.ndarray:
    """The observation of ``obs.seat`` as a float32 array ``(NUM_PLANES, 54)``: only what
    ``obs`` holds, which is what that seat may know (docs/env.md lists the planes)."""
    if obs.seat is None:
        raise ValueError("an observation for learning needs a seat (not a spectator's)")
    return obs.planes(chosen)
