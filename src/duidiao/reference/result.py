"""The result of a hand (rules §7, §7.1, §7.2, §8.3, §8.4)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import LEVELS, Context


@dataclass(frozen=True)
class RefResult:
    points: int
    dig: str  # "none", "joker", "level"
    outcome: str  # guangpai dacheng dapo gulupo joker_dig j_daodi q_banjie k_fantian k_sanji
    kitty_jokers_climb: int
    declarers_stay: bool
    level_ns: str
    level_ew: str
    score_ns: int
    score_ew: int
    next_declarer: int
    match_won: bool


def climb(ctx: Context, level: str, n: int) -> str:
    """Climb ``n`` levels from ``level`` (§7.1): stop at the first must-play level reached
    (starting on one does not stop), never pass K."""
    i = LEVELS.index(level)
    for _ in range(n):
        if LEVELS[i] == "K":
            break
        i += 1
        if LEVELS[i] in ctx.rules.must_play_levels:
            break
    return LEVELS[i]


def hand_result(
    ctx: Context,
    declarer: int,
    level_ns: str,
    level_ew: str,
    points: int,
    last_winner: int,
    last_play,
    kitty,
    dry: bool,
) -> RefResult:
    """The result of a finished hand.

    ``points`` is P, the defenders' points from all tricks; ``last_winner`` the seat that won
    the last trick with the cards ``last_play``; ``kitty`` the final kitty; ``dry`` 干巴锅.
    """
    decl_team = declarer % 2
    levels = [level_ns, level_ew]  # indexed by team
    start = list(levels)
    defenders_last = last_winner % 2 != decl_team
    last_play = list(last_play)

    # §7 digs, then the point rows.
    dig, outcome = "none", None
    stay, row_climb = False, 0
    if defenders_last and any(c in ("BJ", "SJ") for c in last_play):
        dig, outcome = "joker", "joker_dig"
        row_climb = 3 if "BJ" in last_play else 2
    elif (
        defenders_last
        and ctx.level in ("J", "Q", "K")
        and all(ctx.is_level_card(c) for c in last_play)
    ):
        dig = "level"
        if ctx.level == "J":
            outcome, levels[decl_team] = "j_daodi", "A"
        elif ctx.level == "Q":
            outcome, levels[decl_team] = "q_banjie", "6"
        elif ctx.rules.k_dig == "swap":
            outcome = "k_fantian"
            levels[0], levels[1] = levels[1], levels[0]
        else:
            outcome, levels[decl_team] = "k_sanji", "T"
    elif points == 0:
        outcome, stay, row_climb = "guangpai", True, 3
    elif points < 80:
        outcome, stay, row_climb = "dacheng", True, 1
    elif points < 140:
        outcome = "dapo"
    else:
        outcome, levels[decl_team] = "gulupo", "A"

    # §6.4 潇洒 jokers, one climb together with the row's or the dig's (§7.1).
    jokers = 0 if dry else sum(3 if c == "BJ" else 2 if c == "SJ" else 0 for c in kitty)
    winners = decl_team if stay else 1 - decl_team
    levels[winners] = climb(ctx, levels[winners], row_climb + jokers)

    # §7.2 hand score.
    scores = []
    for team in (0, 1):
        s = 2 * (LEVELS.index(levels[team]) - LEVELS.index(start[team]))
        if not stay:
            s += 2 if team != decl_team else -2
        scores.append(s)

    return RefResult(
        points=points,
        dig=dig,
        outcome=outcome,
        kitty_jokers_climb=jokers,
        declarers_stay=stay,
        level_ns=levels[0],
        level_ew=levels[1],
        score_ns=scores[0],
        score_ew=scores[1],
        next_declarer=(declarer + 2) % 4 if stay else (declarer + 1) % 4,
        match_won=stay and start[decl_team] == "K",
    )
