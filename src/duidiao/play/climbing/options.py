"""The climbing games' presets and options (rules §12.16, §13.8): one registry, read by the
positions, games, CLI and server."""

from __future__ import annotations

from dataclasses import dataclass

from duidiao.play.seats import BAOHUANG_SEATS, GOUJI_SEATS

__all__ = ["GameInfo", "GAMES", "game_of", "ON_OFF", "CHOICES", "UNSUPPORTED"]


@dataclass(frozen=True)
class GameInfo:
    name: str  # "gouji" or "baohuang"
    seats: str  # the seat letters in playing order
    presets: dict[str, dict[str, object]]


# Option values by preset. On/off options are bools; the others strings.
GAMES = {
    "gouji": GameInfo(
        "gouji",
        GOUJI_SEATS.letters,
        {
            "gouji": {
                "revolution": True,
                "tiaopai": True,
                "tribute": False,
                "yield_on_gouji": False,
                "burn_priority": "team",
                "burn_failure": "forbid",
                "luanchan_pass": "soft",
            },
            "gouji-basic": {
                "revolution": False,
                "tiaopai": False,
                "tribute": False,
                "yield_on_gouji": False,
                "burn_priority": "team",
                "burn_failure": "forbid",
                "luanchan_pass": "soft",
            },
        },
    ),
    "baohuang": GameInfo(
        "baohuang",
        BAOHUANG_SEATS.letters,
        {
            "baohuang": {
                "grab": True,
                "open_guard": True,
                "yield": True,
                "twos_attach": False,
                "early_end": True,
            },
            "baohuang-basic": {
                "grab": False,
                "open_guard": True,
                "yield": True,
                "twos_attach": False,
                "early_end": True,
            },
        },
    ),
}

ON_OFF = {
    "gouji": ("revolution", "tiaopai", "tribute", "yield_on_gouji"),
    "baohuang": ("early_end", "grab", "open_guard", "twos_attach", "yield"),
}
CHOICES = {
    "burn_failure": ("forbid", "penalty"),
    "burn_priority": ("team", "order"),
    "luanchan_pass": ("soft", "hard"),
}
# Option values the rules book lists and the engine does not play yet, with the rules section.
UNSUPPORTED = {
    ("tribute", True): "§12.14",
    ("burn_failure", "penalty"): "§12.9.5",
}


def game_of(preset: str) -> GameInfo | None:
    for game in GAMES.values():
        if preset in game.presets:
            return game
    return None


def game_of_position(text: str) -> GameInfo | None:
    """The climbing game of a position string (its first word is the preset), or None."""
    words = text.split(None, 1)
    return game_of(words[0]) if words else None
