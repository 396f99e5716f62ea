"""The result of a hand (rules §7, §7.1, §7.2, §8.3, §8.4, §10.7, §11.9)."""

from __future__ import annotations

from dataclasses import dataclass

from duidiao.reference.cards import Context, card_points
from duidiao.reference.combinations import decompose


@dataclass(frozen=True)
class RefResult:
    points: int  # T: the defenders' points from tricks, plus the kitty bonus (§10.7)
    dig: str  # "none", "joker", "level"
    # chifeng: guangpai dacheng dapo gulupo joker_dig j_daodi q_banjie k_fantian k_sanji;
    # bands (§10.7): guangpai xiaoguang dacheng dapo dapo_climb
    outcome: str
    kitty_jokers_climb: int
    declarers_stay: bool
    level_ns: str
    level_ew: str
    score_ns: int
    score_ew: int
    next_declarer: int
    match_won: bool
    kitty_points: int = 0  # the final kitty's own face points
    kitty_multiplier: int = 0  # what they were multiplied by for the defenders; 0: no bonus
    # §11.9 ``stakes``: the hand's stake s and base X (0 without stakes); the scores above are
    # then ±s·X, + for the hand's winners
    stake: int = 1
    base: int = 0


def climb(ctx: Context, level: str, n: int) -> str:
    """Climb ``n`` levels from ``level`` on the rules' ladder (§7.1, §10.7): stop at the first
    must-play level (gate) reached (starting on one does not stop), never pass the ladder's
    top (K, or A on the 2-A ladder)."""
    ladder = ctx.rules.levels
    i = ladder.index(level)
    for _ in range(n):
        if i == len(ladder) - 1:
            break
        i += 1
        if ladder[i] in ctx.rules.must_play_levels:
            break
    return ladder[i]


def kitty_multiplier(ctx: Context, last_play) -> int:
    """The kitty's multiplier when a defender wins the last trick with ``last_play`` (§10.7,
    §11.9), from the play's own components (§11.3), whatever it beat:

    - ``power``: 2^(1+L), L the longest tractor among them (a pair is 1, singles only 0);
    - ``cards``: 2 × the cards of the play (each player played as many);
    - ``component``: min(64, 2^k), k the cards of the largest of them: a single 2, a pair 4, a
      triple 8, a 2-tractor 16, anything longer 64 (with one deck always 2);
    - ``double``: 2;
    - ``never``: 0."""
    rule = ctx.rules.kitty_points
    if rule == "power":
        return 2 ** (1 + max(c.pairs for c in decompose(ctx, last_play)))
    if rule == "cards":
        return 2 * len(last_play)
    if rule == "component":
        return min(64, 2 ** max(len(c.cards) for c in decompose(ctx, last_play)))
    if rule == "double":
        return 2
    return 0


def _band(points: int, band: int = 40) -> tuple[str, bool, int]:
    """The rows of §10.7 and §11.9 for T, with bands of b = ``band`` points (20 × decks):
    (outcome, declarers stay, climb of the hand's winners)."""
    if points <= 0:
        return "guangpai", True, 3
    if points < band:
        return "xiaoguang", True, 2
    if points < 2 * band:
        return "dacheng", True, 1
    if points < 3 * band:
        return "dapo", False, 0
    return "dapo_climb", False, (points - 2 * band) // band


def stake_base(declarers_stay: bool, row_climb: int) -> int:
    """§11.9's base X: 1 + c when the declarers climb, 2 + c when the defenders take over, c
    the row's nominal climb (not the levels actually climbed before A stops it)."""
    return (1 if declarers_stay else 2) + row_climb


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
    stake: int = 1,
) -> RefResult:
    """The result of a finished hand.

    ``points`` is P, the defenders' points from all tricks; ``last_winner`` the seat that won
    the last trick with the cards ``last_play``; ``kitty`` the final kitty; ``dry`` 干巴锅.

    With ``kitty_points`` other than ``never`` the defenders add the kitty's points times the
    multiplier when a defender won the last trick (§10.7); the result's ``points`` is then T.
    ``digs`` off: no dig of §7; ``xiaosa`` off: the kitty's jokers climb nobody;
    ``scoring="bands"``: §10.7's rows instead of §7's; ``gated_takeover``: defenders whose level
    is a must-play level take over without climbing.

    §11: the bands are b = 20 × decks wide (``rules.band``). With ``stakes`` the hand's
    stake s is ``stake`` (2^d, d the doublings of §11.7 and §11.8) and the two team scores
    are +s·X for the hand's winners and -s·X for the others (X of ``stake_base``) instead of
    §7.2's levels; the result carries s and X.
    """
    rules = ctx.rules
    ladder = rules.levels
    decl_team = declarer % 2
    levels = [level_ns, level_ew]  # indexed by team
    start = list(levels)
    defenders_last = last_winner % 2 != decl_team
    last_play = list(last_play)

    # §10.7 the kitty's points, multiplied, to the defenders when they win the last trick.
    kitty_pts = sum(card_points(c) for c in kitty)
    multiplier = kitty_multiplier(ctx, last_play) if defenders_last else 0
    points += kitty_pts * multiplier

    # §7 digs, then the point rows (§7 or §10.7).
    dig, outcome = "none", None
    stay, row_climb = False, 0
    if rules.digs and defenders_last and any(c in ("BJ", "SJ") for c in last_play):
        dig, outcome = "joker", "joker_dig"
        row_climb = 3 if "BJ" in last_play else 2
    elif (
        rules.digs
        and defenders_last
        and ctx.level in ("J", "Q", "K")
        and all(ctx.is_level_card(c) for c in last_play)
    ):
        dig = "level"
        if ctx.level == "J":
            outcome, levels[decl_team] = "j_daodi", ladder[0]
        elif ctx.level == "Q":
            outcome, levels[decl_team] = "q_banjie", "6"
        elif rules.k_dig == "swap":
            outcome = "k_fantian"
            levels[0], levels[1] = levels[1], levels[0]
        else:
            outcome, levels[decl_team] = "k_sanji", "T"
    elif rules.scoring == "bands":
        outcome, stay, row_climb = _band(points, rules.band)
    elif points == 0:
        outcome, stay, row_climb = "guangpai", True, 3
    elif points < 80:
        outcome, stay, row_climb = "dacheng", True, 1
    elif points < 140:
        outcome = "dapo"
    else:
        outcome, levels[decl_team] = "gulupo", ladder[0]

    # §6.4 潇洒 jokers, one climb together with the row's or the dig's (§7.1).
    jokers = (
        0
        if dry or not rules.xiaosa
        else sum(3 if c == "BJ" else 2 if c == "SJ" else 0 for c in kitty)
    )
    winners = decl_team if stay else 1 - decl_team
    total = row_climb + jokers
    if rules.gated_takeover and not stay and start[winners] in rules.must_play_levels:
        total = 0  # §10.7 gates: defenders on a gate take over without climbing
    levels[winners] = climb(ctx, levels[winners], total)

    # §7.2 hand score, on the rules' ladder; §11.9 with stakes: ±s·X.
    scores = []
    base = stake_base(stay, row_climb) if rules.stakes else 0
    for team in (0, 1):
        if rules.stakes:
            scores.append(stake * base if team == winners else -stake * base)
            continue
        s = 2 * (ladder.index(levels[team]) - ladder.index(start[team]))
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
        match_won=stay and start[decl_team] == ladder[-1],
        kitty_points=kitty_pts,
        kitty_multiplier=multiplier,
        stake=stake if rules.stakes else 1,
        base=base,
    )
