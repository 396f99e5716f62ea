"""A plain, readable Python implementation of the play-phase rules (rules §2–§5, §7).

It is the oracle of the differential tests and the baseline of the benchmarks. It is written
from docs/rules.md alone and never uses ``duidiao._core`` or any other duidiao module.
"""

from .cards import LEVELS, RANKS, SUITS, Context, RefRules, card_points, full_deck
from .combinations import Component, as_tractor, decompose, lead_format, single_component
from .playout import deal, random_playout
from .plays import (
    count_legal_follows,
    count_legal_leads,
    is_legal_follow,
    is_legal_lead,
    is_throw,
    legal_follows,
    legal_leads,
    resolve_lead,
    throw_status,
    trick_points,
    trick_winner,
)
from .result import RefResult, climb, hand_result

__all__ = [
    "LEVELS",
    "RANKS",
    "SUITS",
    "Component",
    "Context",
    "RefResult",
    "RefRules",
    "as_tractor",
    "card_points",
    "climb",
    "count_legal_follows",
    "count_legal_leads",
    "deal",
    "decompose",
    "full_deck",
    "hand_result",
    "is_legal_follow",
    "is_legal_lead",
    "is_throw",
    "lead_format",
    "legal_follows",
    "legal_leads",
    "random_playout",
    "resolve_lead",
    "single_component",
    "throw_status",
    "trick_points",
    "trick_winner",
]
