"""duidiao: an engine for Chifeng Duidiao (赤峰对调), a Shengji / Tractor card game.

>>> import duidiao
>>> duidiao.Cards("AH,ah,10D")
Cards('AH,AH,TD')
"""

from __future__ import annotations

from . import bots as bots
from .analysis import Analysis, AnalysisProgress, MoveAnalysis, analyse
from .cards import Card, Cards
from .duel import DuelHand, DuelResult, duel
from .errors import HiddenCardsError, IllegalMoveError, NotationError, SearchStopped
from .game import Decision, Declaration, DeclareOption, Game, Grab, Observation, Xiaosa
from .level import Level
from .match import Match, MatchResult, play_match
from .players import (
    BOT_LEVELS,
    CoreBot,
    HeuristicBot,
    PhasePlayer,
    Player,
    RandomBot,
    make_bot,
    play_hand,
)
from .position import CardChoice, Move, Position, Trick
from .record import Record, RecordError
from .result import HandResult
from .rules import ALL_PRESETS, GAME_PRESETS, PRESETS, Rules
from .solver import MoveValue, Solution, Solver, defenders_reach, solve
from .worlds import sample_worlds

__version__ = "0.2.0"

__all__ = [
    "Analysis",
    "AnalysisProgress",
    "Card",
    "CardChoice",
    "Cards",
    "CoreBot",
    "Decision",
    "Declaration",
    "DeclareOption",
    "DuelHand",
    "DuelResult",
    "Game",
    "Grab",
    "HandResult",
    "HeuristicBot",
    "HiddenCardsError",
    "IllegalMoveError",
    "Level",
    "Match",
    "MatchResult",
    "Move",
    "MoveAnalysis",
    "MoveValue",
    "NotationError",
    "Observation",
    "ALL_PRESETS",
    "GAME_PRESETS",
    "PRESETS",
    "PhasePlayer",
    "Player",
    "Position",
    "RandomBot",
    "Record",
    "RecordError",
    "SearchStopped",
    "Rules",
    "Solution",
    "Solver",
    "Trick",
    "Xiaosa",
    "__version__",
    "analyse",
    "defenders_reach",
    "duel",
    "make_bot",
    "BOT_LEVELS",
    "play_hand",
    "play_match",
    "sample_worlds",
    "solve",
]
