"""duidiao: an engine for Chifeng Duidiao (赤峰对调), a Shengji / Tractor card game.

>>> import duidiao
>>> duidiao.Cards("AH,ah,10D")
Cards('AH,AH,TD')
"""

from __future__ import annotations

from duidiao.play.cards import Card, Cards
from duidiao.play.errors import HiddenCardsError, IllegalMoveError, NotationError, SearchStopped
from duidiao.play.game import Decision, Declaration, DeclareOption, Game, Grab, Observation, Xiaosa
from duidiao.play.level import Level
from duidiao.play.position import CardChoice, Move, Position, Trick
from duidiao.play.record import Record, RecordError
from duidiao.play.result import HandResult
from duidiao.play.rules import ALL_PRESETS, GAME_PRESETS, PRESETS, Rules
from duidiao.research.duel import DuelHand, DuelResult, duel
from duidiao.research.match_duel import MatchDuel, match_duel
from duidiao.search import bots as bots
from duidiao.search.analysis import Analysis, AnalysisProgress, MoveAnalysis, analyse
from duidiao.search.match import Match, MatchResult, play_match
from duidiao.search.players import (
    BOT_LEVELS,
    CoreBot,
    HeuristicBot,
    PhasePlayer,
    Player,
    RandomBot,
    make_bot,
    play_hand,
)
from duidiao.search.review import HandReview, PlayReview, review
from duidiao.search.solver import MoveValue, Solution, Solver, defenders_reach, solve
from duidiao.search.worlds import sample_worlds

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
    "HandReview",
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
    "PlayReview",
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
    "match_duel",
    "MatchDuel",
    "make_bot",
    "BOT_LEVELS",
    "play_hand",
    "play_match",
    "review",
    "sample_worlds",
    "solve",
]
