"""A plain, readable Python implementation of the play-phase rules (rules §2–§5, §7, and the
standard game's §10.1–§10.5, §10.7).

It is the oracle of the differential tests and the baseline of the benchmarks. It is written
from docs/rules.md alone and never uses ``duidiao._core`` or any other duidiao module.
"""

from duidiao.reference.cards import (
    LADDERS,
    LEVELS,
    NO_TRUMP,
    RANKS,
    SUITS,
    Context,
    RefRules,
    card_points,
    full_deck,
)
from duidiao.reference.combinations import (
    Component,
    as_tractor,
    decompose,
    lead_format,
    single_component,
)
from duidiao.reference.playout import deal, random_playout
from duidiao.reference.plays import (
    count_legal_follows,
    count_legal_leads,
    is_legal_follow,
    is_legal_lead,
    is_throw,
    legal_follows,
    legal_leads,
    resolve_lead,
    simple_leads,
    throw_status,
    trick_points,
    trick_winner,
)
from duidiao.reference.result import RefResult, climb, hand_result, kitty_multiplier

__all__ = [
    "LADDERS",
    "LEVELS",
    "NO_TRUMP",
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
    "kitty_multiplier",
    "lead_format",
    "legal_follows",
    "legal_leads",
    "random_playout",
    "resolve_lead",
    "simple_leads",
    "single_component",
    "throw_status",
    "trick_points",
    "trick_winner",
]
