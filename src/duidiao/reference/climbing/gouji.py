"""够级 (Gouji), six seats A–F in two teams ACE / BDF: positions, the round, places and scores
(rules §12).

The round follows the answer sequence of rules §12.9.1 step by step (R0 dead sets, R1 the burn
window, R2 the rotation, R3 the 对头 after a yield, R4 the end of the round) and, after the 头科 and
the 二科, the 四人乱缠 of rules §12.10. A position string (docs/notation.md, "The climbing games")
holds the current hands and the current round's actions from its start; ``parse`` replays them,
checking each, and ``apply`` adds one.

Readings of the rules book where it leaves a choice (each also noted where it is used):

- ``used`` (the revolution ghost's chances, rules §12.8) and ``burning`` hold their values at the
  start of the current round; the round's own plays update them when the round ends. (With the
  live count, ``used=E:3`` and a 够级 play by E in the round would not say whether that play was
  restricted.) When the hand is over they hold their final values.
- ``end_round`` with the last set's owner gone: the next leader is the first present seat after
  him in playing order (rules §12.9.1: "next(X)", seats not present skipped).
- ``burn_priority=order``: on a restricted set the rotation X+1 … X+5 asks each seat in turn: a
  player with a head (not passed) may burn or decline, a headless one (not passed) may beat or
  pass, the 对头 may beat or fold; so X+1, X+2 are asked before the 对头 and X+4, X+5 after his
  fold (rules §12.9.4).
- ``yield_on_gouji`` on: on a restricted set the 对头 may also yield, under the same condition as
  on an unrestricted one (X+4 or X+5 present and not passed); the rotation then asks X+4 and X+5
  (not passed) as under ``burn_priority=order`` — one with a head burns or declines (a burn under
  its conditions), a headless one beats or passes — and R3 asks him again.
- ``luanchan_pass=hard`` (rules §12.10): in 乱缠 a player who passed is skipped for the rest of the
  round, and the last set's 对头 (present, not passed) may yield when X+4 or X+5 is present and
  not passed; after the rotation he may beat or pass.
- ``burn_failure=penalty`` is not built: such a position is refused.
- A burning player's plays are filtered on every set he makes (leads, beats, burns): his set must
  empty his hand, or hold a joker and leave J ≥ R − 1 (rules §12.9.5, ``burn_failure=forbid``).
- A present seat's ``burning`` from an earlier round can only be the leader's (a burner whose set
  is beaten is released; one whose set stood leads), and a burner's hand keeps J ≥ R − 1: a
  position breaking either is refused. In 乱缠 nobody is burning.
- Places (rules §12.11, §12.13): the finishers in order, then the unfinished by fewer cards left,
  ties in playing order from ``next`` of the last finisher; a revolutionary takes place 4, or 3
  when his two teammates took places 1 and 2.
- ``score`` (match points) is carried along; all zero is the same as absent (``used=E:0``
  likewise).
- The revolutionary is not in ``out`` (he never finishes); his team is all out when his two
  teammates are. When the hand ends, the last round's cards join ``gone`` and ``round`` goes.
- ``?N`` hidden cards parse and print; the replay then skips the checks that need the hand (the
  burner's J ≥ R − 1), and ``legal`` and a play by ``apply`` refuse a hand with hidden cards.
- 上班 (rules §12.4): "reached k first" is the draw (counted over all seats) that brought the
  player's k-th 3 of that suit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from duidiao.reference.climbing.sets import (
    BIG_JOKER,
    EMPTY,
    SMALL_JOKER,
    TWO,
    VALUE,
    WIDTH,
    Cards,
    add,
    beat_floor,
    beats,
    contains,
    copies,
    count_faces,
    dominates,
    effective,
    format_cards,
    full_deck_with_suits,
    hangable,
    holds_joker,
    is_gouji,
    is_set,
    parse_cards,
    parse_onoff,
    parse_seats,
    rank_name,
    set_vector,
    sets_in,
    split_tokens,
    subtract,
)

SEATS = "ABCDEF"
TEAMS = ("ACE", "BDF")
PLACE_POINTS = (4, 2, 0, 0, -2, -4)  # rules §12.12: 头科 … 大落
CHUAN_SAN_HU = 12  # 串三户
HAND_SIZE = 36
REDEAL = "redeal"

ONOFF = ("revolution", "tiaopai", "tribute", "yield_on_gouji")
VALUED = {
    "burn_failure": ("forbid", "penalty"),
    "burn_priority": ("team", "order"),
    "luanchan_pass": ("soft", "hard"),
}
RESERVED = ("kaidian", "bie3", "buy3")  # rules §12.15: not supported


@dataclass(frozen=True)
class Options:
    """The rule options of rules §12.16 that a position carries."""

    revolution: bool = True
    tribute: bool = False
    tiaopai: bool = True
    yield_on_gouji: bool = False
    burn_failure: str = "forbid"
    burn_priority: str = "team"
    luanchan_pass: str = "soft"


PRESETS = {
    "gouji": Options(),
    "gouji-basic": Options(revolution=False, tiaopai=False),
}


@dataclass(frozen=True)
class State:
    """A 够级 position. ``hands`` are the current hands (A … F); ``leader`` and ``actions`` the
    current round (``leader`` None once the hand is over); ``used``, ``renounced`` and
    ``burning`` as at the start of the current round."""

    preset: str
    options: Options
    hands: tuple[Cards, ...]
    out: tuple[str, ...] = ()
    revolt: str | None = None
    used: int = 0
    renounced: bool = False
    burning: tuple[str, ...] = ()
    leader: str | None = None
    actions: tuple[str, ...] = ()
    gone: Cards = EMPTY
    score: tuple[int, int] | None = None
    _live: object = field(default=None, init=False, compare=False, repr=False, hash=False)


def _opp(i: int) -> int:
    return (i + 3) % 6


def _fmt(counts: Sequence[int]) -> str:
    return format_cards(Cards(tuple(counts)))


KEYWORDS_OF = {
    "lead": (),
    "burn": ("noburn",),
    "beat_fold": ("fold",),
    "beat_yield_fold": ("yield", "fold"),
    "beat_pass": ("pass",),
    "r3": ("fold",),
    "lc": ("pass",),
    "lc_yield": ("pass", "yield"),
    "lc_r3": ("pass",),
}
DESCRIBE = {
    "lead": "lead a set",
    "burn": "burn or decline (noburn)",
    "beat_fold": "beat or fold",
    "beat_yield_fold": "beat, yield or fold",
    "beat_pass": "beat or pass",
    "r3": "beat or fold",
    "lc": "beat or pass",
    "lc_yield": "beat, pass or yield",
    "lc_r3": "beat or pass",
}

Action = object  # a keyword (str) or a 16-count tuple


class _Round:
    """The live round: the answer sequence of rules §12.9.1 (and §12.10) as a machine that stops at
    each decision (``pending`` = seat, kind)."""

    def __init__(self, st: State, hands: list[list[int]], unknown: list[int],
                 out: list[int]) -> None:
        assert st.leader is not None
        self.opts = st.options
        self.hands = hands
        self.unknown = unknown
        self.out = out
        self.revolt = None if st.revolt is None else SEATS.index(st.revolt)
        self.renounced = st.renounced
        self.used = st.used
        self.burning = {SEATS.index(s) for s in st.burning}
        self.lc = len(out) >= 2  # 四人乱缠 (rules §12.10): the round started after two finished
        self.leader = SEATS.index(st.leader)
        self.X = self.leader
        self.C: tuple[int, ...] | None = None  # the current set, 15 effective counts
        self.restricted = False
        self.stage = "lead"
        self.idx = 0
        self.window: tuple[int, ...] = ()
        self.passed: set[int] = set()
        self.yielded: int | None = None
        self.gone_round: set[int] = set()  # went out in this round (底牌 ghosts)
        self.played: list[tuple[int, ...]] = []
        self.actions: list[str] = []
        self.over = False
        self.ended = False
        self.next_leader: int | None = None
        self.pending: tuple[int, str] | None = (self.leader, "lead")
        self.moves_cache: list[Action] | None = None

    def copy(self) -> _Round:
        n = object.__new__(_Round)
        n.__dict__.update(self.__dict__)
        n.hands = [list(h) for h in self.hands]
        n.unknown = list(self.unknown)
        n.out = list(self.out)
        n.burning = set(self.burning)
        n.passed = set(self.passed)
        n.gone_round = set(self.gone_round)
        n.played = list(self.played)
        n.actions = list(self.actions)
        n.moves_cache = None
        return n

    # -- seats, heads (rules §12.1, §12.8) --

    def present(self, i: int) -> bool:
        return i not in self.out and i != self.revolt

    def has_head(self, p: int) -> bool:
        o = _opp(p)
        if self.present(o):
            return True
        if o in self.gone_round:  # 底牌 ghost: his 对头 went out in this round
            return True
        # revolution ghost: fewer than 3 restricted plays, not renounced
        return o == self.revolt and not self.renounced and self.used < 3

    def team_out(self, p: int) -> bool:
        return all(i in self.out or i == self.revolt for i in (p % 2, p % 2 + 2, p % 2 + 4))

    def yield_ok(self) -> bool:
        """Rules §12.9.3: X+4 or X+5 present and not passed."""
        return any(self.present(q) and q not in self.passed
                   for q in ((self.X + 4) % 6, (self.X + 5) % 6))

    # -- the sequence --

    def burns_in_rotation(self) -> bool:
        """Under ``burn_priority=order``, and after the 对头 yielded a restricted set
        (``yield_on_gouji``, rules §12.9.3: X+4 and X+5), the rotation asks for burns."""
        return self.opts.burn_priority == "order" or self.yielded is not None

    def rot_kind(self, p: int) -> str | None:
        opp = _opp(self.X)
        if self.lc:
            if self.opts.luanchan_pass == "soft":
                return "lc"  # soft pass: every present seat answers every set
            if p in self.passed:
                return None
            return "lc_yield" if p == opp and self.yield_ok() else "lc"
        if self.restricted:
            if p == opp:
                if self.opts.yield_on_gouji and self.yield_ok():
                    return "beat_yield_fold"
                return "beat_fold"
            if p in self.passed:
                return None
            if not self.has_head(p):
                return "beat_pass"
            return "burn" if self.burns_in_rotation() else None
        if p == opp:  # the 对头 is asked whether he passed or not (rules §12.9.2)
            return "beat_yield_fold" if self.yield_ok() else "beat_fold"
        if p in self.passed:
            return None
        return "beat_pass"

    def advance(self) -> None:
        while True:
            if self.stage == "window":  # R1
                while self.idx < len(self.window):
                    p = self.window[self.idx]
                    if self.present(p) and p not in self.passed and self.has_head(p):
                        self.pending = (p, "burn")
                        return
                    self.idx += 1
                self.stage, self.idx = "rot", 1
            elif self.stage == "rot":  # R2
                while self.idx <= 5:
                    p = (self.X + self.idx) % 6
                    if self.present(p):
                        kind = self.rot_kind(p)
                        if kind is not None:
                            self.pending = (p, kind)
                            return
                    self.idx += 1
                self.stage = "r3"
            else:  # R3, R4
                if self.yielded is not None and self.present(self.yielded):
                    self.pending = (self.yielded, "lc_r3" if self.lc else "r3")
                    return
                self.end_round()
                return

    def end_round(self) -> None:
        x = self.X
        if not self.present(x):  # 接风 (rules §12.9.7): next present seat after him
            x = next(i % 6 for i in range(x + 1, x + 6) if self.present(i % 6))
        self.ended = True
        self.next_leader = x
        self.pending = None

    def act(self, p: int, a: Action) -> None:
        assert self.pending is not None
        kind = self.pending[1]
        self.moves_cache = None
        if a == "noburn":
            self.idx += 1
            self.advance()
        elif a == "yield":
            self.yielded = p
            self.idx += 1
            self.advance()
        elif a in ("pass", "fold"):
            self.passed.add(p)
            if kind in ("r3", "lc_r3"):
                self.end_round()
            else:
                self.idx += 1
                self.advance()
        else:
            assert isinstance(a, tuple)
            self.play(p, a, burn=kind == "burn")

    def play(self, p: int, cards: tuple[int, ...], burn: bool) -> None:
        eff = effective(cards)
        if self.C is not None:  # a beat: 解烧 for the owner, a yielder counts as passed
            self.burning.discard(self.X)
            if self.yielded is not None:
                self.passed.add(self.yielded)
        self.yielded = None
        self.hands[p] = [h - c for h, c in zip(self.hands[p], cards)]
        self.played.append(cards)
        if burn:
            self.burning.add(p)
        restricted = not self.lc and is_gouji(eff) and self.has_head(p)
        if restricted and self.revolt is not None and p == _opp(self.revolt):
            self.used += 1  # one of the three 够死级 chances (rules §12.8)
        if sum(self.hands[p]) + self.unknown[p] == 0:  # he finishes (rules §12.11)
            self.out.append(p)
            self.burning.discard(p)
            self.gone_round.add(p)
            if self.team_out(p):
                self.over = True
                self.pending = None
                return
        self.C = eff
        self.X = p
        self.restricted = restricted
        if eff[BIG_JOKER - 1]:  # R0: a dead set
            self.end_round()
            return
        if restricted and self.opts.burn_priority == "team":
            x = p
            self.window = ((x + 2) % 6, (x + 4) % 6, (x + 1) % 6, (x + 5) % 6)
            self.stage, self.idx = "window", 0
        else:
            self.stage, self.idx = "rot", 1
        self.advance()

    # -- checks and options --

    def why_not_turn(self, p: int) -> str:
        if self.C is None or self.lc or not self.restricted:
            return ""
        o = _opp(self.X)
        if p == o or not self.has_head(p):
            return ""
        if self.stage == "window" and p in self.window[self.idx + 1:]:
            return ""  # he is asked later in the window
        if (self.stage == "rot" and p not in self.passed and (p - self.X) % 6 > self.idx
                and self.burns_in_rotation()):
            return ""  # he is asked later in the rotation, as a burner
        reason = "he passed" if p in self.passed else "the burn window is over"
        return f"only {SEATS[o]} may answer, and {SEATS[p]} cannot burn ({reason})"

    def check(self, p: int, a: Action) -> str | None:
        """None when seat ``p`` may take action ``a`` now, else the reason."""
        if self.pending is None:
            return "the round is over"
        q, kind = self.pending
        who = SEATS[p]
        if isinstance(a, str):
            if p != q:
                return (f"{who} may not {a}: {SEATS[q]} is to act "
                        f"({SEATS[q]} may {DESCRIBE[kind]})")
            if a not in KEYWORDS_OF[kind]:
                return f"{who} may not {a} here: {who} may {DESCRIBE[kind]}"
            return None
        assert isinstance(a, tuple)
        text = _fmt(a)
        on = "" if self.C is None else _fmt((*self.C, 0))
        verb = f"{who} leads {text}" if self.C is None else f"{who} plays {text} on {on}"
        if p != q:
            why = self.why_not_turn(p) or f"{SEATS[q]} is to act"
            if self.C is not None:
                verb += f" owned by {SEATS[self.X]}"
            return f"{verb}: {why}"
        e = effective(a)
        if not is_set(e):
            return f"{verb}: not a set (its cards other than jokers and 2s must have one rank)"
        if self.C is not None:
            if sum(e) != sum(self.C):
                return f"{verb}: a set must have as many cards as the set it answers"
            if not beats(e, self.C):
                return f"{verb}: it does not beat {on}"
        hand = self.hands[p]
        if not contains(hand, a):
            return f"{verb}: {who} does not hold these cards"
        if self.unknown[p] == 0:
            left = subtract(hand, a)
            if kind == "burn" and not hangable(left):
                return (f"{verb}: a burn must leave J ≥ R − 1 (a joker for every set but the "
                        "last)")
            if p in self.burning and sum(left) > 0 and not (holds_joker(e) and hangable(left)):
                return (f"{verb}: {who} is burning: his set must empty his hand, or hold a "
                        "joker and leave J ≥ R − 1")
        return None

    def moves(self) -> list[Action]:
        """The legal actions, as keywords and 16-count tuples, in the order of ``legal``."""
        if self.moves_cache is not None:
            return self.moves_cache
        assert self.pending is not None
        p, kind = self.pending
        hand = self.hands[p]
        if self.C is None:
            cands = sets_in(hand)
        else:
            vc = set_vector(self.C)
            low = beat_floor(self.C)
            cands = [s for s in sets_in(hand, size=sum(self.C), low=low)
                     if dominates(set_vector(s), vc)]
        burning = p in self.burning
        out: list[Action] = []
        for s in cands:
            if kind == "burn" or burning:
                left = subtract(hand, s)
                if kind == "burn" and not hangable(left):
                    continue
                if burning and sum(left) > 0 and not (holds_joker(s) and hangable(left)):
                    continue
            out.append(s)
        out.extend(KEYWORDS_OF[kind])
        self.moves_cache = out
        return out


# ---- actions --------------------------------------------------------------------------------


def _parse_action(text: str, field: str) -> Action:
    if text in ("pass", "yield", "fold", "noburn"):
        return text
    cards = parse_cards(text, field)
    if cards.unknown:
        raise ValueError(f"{field}: a play cannot hold hidden cards ({text})")
    if cards.known == 0:
        raise ValueError(f"{field}: an empty play ({text})")
    return cards.counts


def _action_text(a: Action) -> str:
    return a if isinstance(a, str) else _fmt(a)  # type: ignore[arg-type]


# ---- parsing --------------------------------------------------------------------------------


def _parse_options(preset: str, fields: dict[str, str]) -> Options:
    base = PRESETS[preset]
    values: dict[str, object] = dict(base.__dict__)
    for key in ("with", "without"):
        if key in fields:
            for name in parse_onoff(fields.pop(key), key, ONOFF + RESERVED):
                if name in RESERVED:
                    raise ValueError(f"{key}: {name} is not supported (rules §12.15)")
                values[name] = key == "with"
    for key, allowed in VALUED.items():
        if key in fields:
            v = fields.pop(key)
            if v not in allowed:
                raise ValueError(f"{key}: {v!r} is not a value ({', '.join(allowed)})")
            values[key] = v
    for key in RESERVED:
        if key in fields:
            raise ValueError(f"{key}: not supported (rules §12.15)")
    if values["burn_failure"] == "penalty":
        raise ValueError("burn_failure: penalty is not built in the reference (only forbid)")
    return Options(**values)  # type: ignore[arg-type]


def _option_tokens(st: State) -> list[str]:
    base = PRESETS[st.preset]
    on = [n for n in ONOFF if getattr(st.options, n) and not getattr(base, n)]
    off = [n for n in ONOFF if not getattr(st.options, n) and getattr(base, n)]
    out = []
    if on:
        out.append("with=" + ",".join(sorted(on)))
    if off:
        out.append("without=" + ",".join(sorted(off)))
    for key in VALUED:
        if getattr(st.options, key) != getattr(base, key):
            out.append(f"{key}={getattr(st.options, key)}")
    return out


def _split_round(text: str) -> tuple[str, list[tuple[str, str]]]:
    parts = text.split("/")
    first = parts[0]
    if ":" not in first or first.index(":") != 1 or first[0] not in SEATS:
        raise ValueError(f"round: {first!r} should be SEAT:ACT (round=B: before the lead)")
    leader = first[0]
    if first == leader + ":":
        if len(parts) > 1:
            raise ValueError(f"round: {text!r}: the leader's lead is missing")
        return leader, []
    acts = []
    for part in parts:
        if len(part) < 3 or part[1] != ":" or part[0] not in SEATS:
            raise ValueError(f"round: {part!r} should be SEAT:ACT")
        acts.append((part[0], part[2:]))
    if acts[0][0] != leader:
        raise ValueError(f"round: {text!r}")
    return leader, acts


def _check_counts(where: str, cards: Cards) -> None:
    eff = effective(cards.counts)
    for v in range(1, 16):
        if eff[v - 1] > copies(v):
            what = "a joker" if v >= SMALL_JOKER else "a rank"
            raise ValueError(f"{where}: holds {eff[v - 1]} cards of rank {rank_name(v)} "
                             f"({what} exists {copies(v)} times)")


def parse(text: str) -> State:
    """Read a 够级 position (docs/notation.md "The climbing games"), replaying ``round`` from the
    round's start with every action checked; ValueError names the field and the token."""
    preset, fields = split_tokens(text, "gouji")
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (gouji or gouji-basic)")
    options = _parse_options(preset, fields)
    hands = []
    for s in SEATS:
        if s not in fields:
            raise ValueError(f"{s}: missing (every seat A–F needs a hand)")
        hand = parse_cards(fields.pop(s), s)
        _check_counts(s, hand)
        hands.append(hand)
    out = tuple(parse_seats(fields.pop("out"), "out", SEATS)) if "out" in fields else ()
    revolt = None
    if "revolt" in fields:
        v = fields.pop("revolt")
        if v not in SEATS or len(v) != 1:
            raise ValueError(f"revolt: {v!r} is not a seat")
        if not options.revolution:
            raise ValueError(f"revolt: {v}, but the option revolution is off")
        revolt = v
    used, renounced = 0, False
    if "used" in fields:
        v = fields.pop("used")
        if revolt is None:
            raise ValueError(f"used: {v!r} without a revolutionary (revolt=)")
        seat, _, n = v.partition(":")
        want = SEATS[_opp(SEATS.index(revolt))]
        if seat != want:
            raise ValueError(f"used: {v!r}: the chances are {want}'s, the 对头 of {revolt}")
        if n == "renounced":
            renounced = True
        elif n.isdigit() and int(n) <= 3:
            used = int(n)
        else:
            raise ValueError(f"used: {v!r} (a count 0–3 or renounced)")
    burning = tuple(sorted(parse_seats(fields.pop("burning"), "burning", SEATS))) \
        if "burning" in fields else ()
    round_text = fields.pop("round", None)
    gone = parse_cards(fields.pop("gone"), "gone") if "gone" in fields else EMPTY
    if gone.unknown:
        raise ValueError("gone: hidden cards (?N) in gone")
    _check_counts("gone", gone)
    score = None
    if "score" in fields:
        v = fields.pop("score")
        got = {}
        for part in v.split(","):
            team, _, n = part.partition(":")
            if team not in TEAMS or not n.lstrip("-").isdigit() or team in got:
                raise ValueError(f"score: bad part {part!r} (score=ACE:n,BDF:m)")
            got[team] = int(n)
        sc = (got.get("ACE", 0), got.get("BDF", 0))
        score = None if sc == (0, 0) else sc
    if fields:
        key = next(iter(fields))
        raise ValueError(f"{key}: unknown key")
    for s in out:
        if s == revolt:
            raise ValueError(f"out: {s} is the revolutionary, who never plays")
    if revolt is not None:
        h = hands[SEATS.index(revolt)]
        if h.size != HAND_SIZE:
            raise ValueError(f"{revolt}: the revolutionary keeps his 36 cards, not {h.size}")
        c = h.counts
        if c[TWO - 1] or c[SMALL_JOKER - 1] or c[BIG_JOKER - 1]:
            raise ValueError(f"{revolt}: a revolutionary holds no BJ, SJ or 2")
    leader, acts = (None, []) if round_text is None else _split_round(round_text)
    actions = []
    for seat, act in acts:
        a = _parse_action(act, "round")
        actions.append((SEATS.index(seat), a))
    # the cards: hands, round and gone
    total = add(gone, EMPTY)
    for h in hands:
        total = add(total, h)
    for _, a in actions:
        if isinstance(a, tuple):
            total = add(total, Cards(a))
    _check_counts("cards (hands, round and gone)", total)
    if total.unknown == 0 and total.known != 216:
        raise ValueError(f"cards: the hands, round and gone hold {total.known} cards, not 216")
    st = State(preset, options, tuple(hands), out, revolt, used, renounced, burning,
               leader, tuple(f"{SEATS[i]}:{_action_text(a)}" for i, a in actions), gone, score)
    if leader is None:
        _check_over(st)
    else:
        object.__setattr__(st, "_live", _replay(st, actions))
    return st


def _check_over(st: State) -> None:
    """A position without ``round``: the hand must be over (a team all out, rules §12.11)."""
    for i, s in enumerate(SEATS):
        if s == st.revolt or (s in st.out) == (st.hands[i].size == 0):
            continue
        if s in st.out:
            raise ValueError(f"{s}: in out but holds cards")
        raise ValueError(f"{s}: no cards, but {s} is not in out")
    gone = set(st.out) | ({st.revolt} if st.revolt else set())
    if not any(set(t) <= gone for t in TEAMS):
        raise ValueError("round: missing (required while the hand is on: no team is all out)")


def _replay(st: State, actions: list[tuple[int, Action]]) -> _Round:
    assert st.leader is not None
    hands = [list(h.counts) for h in st.hands]
    unknown = [h.unknown for h in st.hands]
    players = set()
    for i, a in actions:
        players.add(i)
        if isinstance(a, tuple):
            hands[i] = [h + c for h, c in zip(hands[i], a)]
    out_idx = [SEATS.index(s) for s in st.out]
    out_start = [i for i in out_idx if i not in players]
    if out_idx[:len(out_start)] != out_start:
        raise ValueError(f"out: {','.join(st.out)}: a player who went out in this round (he "
                         "has a play in round) comes after those out before it")
    for i in out_start:
        if sum(hands[i]) + unknown[i]:
            raise ValueError(f"{SEATS[i]}: in out but holds cards")
    m = _Round(st, hands, unknown, out_start)
    for team in TEAMS:
        if all(SEATS.index(s) in out_start or s == st.revolt for s in team):
            raise ValueError(f"round: the hand is over ({team} all out): no round=")
    if not m.present(m.leader):
        raise ValueError(f"round: the leader {st.leader} is not present")
    for s in st.burning:
        i = SEATS.index(s)
        if m.lc:
            raise ValueError(f"burning: {s}, but in 四人乱缠 nobody is burning (rules §12.10)")
        if i != m.leader:
            raise ValueError(f"burning: {s} is not the round's leader (a burner whose set "
                             "stood leads the next round; one whose set was beaten is released)")
        if unknown[i] == 0 and not hangable(hands[i]):
            raise ValueError(f"burning: {s}'s hand leaves too few jokers (J ≥ R − 1)")
    for k, (i, a) in enumerate(actions):
        err = m.check(i, a)
        if err is not None:
            raise ValueError(f"round: {err}")
        m.act(i, a)
        m.actions.append(f"{SEATS[i]}:{_action_text(a)}")
        if (m.over or m.ended) and k + 1 < len(actions):
            nxt = SEATS[actions[k + 1][0]]
            raise ValueError(f"round: the {'hand' if m.over else 'round'} is over after "
                             f"{m.actions[-1]}, yet {nxt} acts")
    if m.over:
        raise ValueError(f"round: the hand is over after {m.actions[-1]}: a finished hand is "
                         "written without round=")
    if m.ended:
        assert m.next_leader is not None
        raise ValueError(f"round: the round is over after {m.actions[-1]}: write the next "
                         f"round (round={SEATS[m.next_leader]}:)")
    if m.out != out_idx:
        raise ValueError(f"out: {','.join(st.out) or '-'} does not follow from the round "
                         f"(it gives {','.join(SEATS[i] for i in m.out) or 'nobody'})")
    for i, s in enumerate(SEATS):
        if m.present(i) and sum(m.hands[i]) + m.unknown[i] == 0:
            raise ValueError(f"{s}: no cards, but {s} is not in out")
    return m


def _live(st: State) -> _Round | None:
    if st.leader is None:
        return None
    if st._live is None:
        acts = []
        for text in st.actions:
            acts.append((SEATS.index(text[0]), _parse_action(text[2:], "round")))
        object.__setattr__(st, "_live", _replay(st, acts))
    live = st._live
    assert isinstance(live, _Round)
    return live


# ---- printing -------------------------------------------------------------------------------


def format(state: State) -> str:  # noqa: A001 - the contract's name
    """The canonical position string (docs/notation.md "The climbing games")."""
    st = state
    parts = [st.preset, *_option_tokens(st)]
    parts += [f"{s}={format_cards(h)}" for s, h in zip(SEATS, st.hands)]
    if st.out:
        parts.append("out=" + ",".join(st.out))
    if st.revolt:
        parts.append(f"revolt={st.revolt}")
        o = SEATS[_opp(SEATS.index(st.revolt))]
        if st.renounced:
            parts.append(f"used={o}:renounced")
        elif st.used:
            parts.append(f"used={o}:{st.used}")
    if st.burning:
        parts.append("burning=" + ",".join(st.burning))
    if st.leader is not None:
        parts.append("round=" + ("/".join(st.actions) if st.actions else f"{st.leader}:"))
    if st.gone.size:
        parts.append("gone=" + format_cards(st.gone))
    if st.score is not None:
        parts.append(f"score=ACE:{st.score[0]},BDF:{st.score[1]}")
    return " ".join(parts)


# ---- play -----------------------------------------------------------------------------------


def to_act(state: State) -> str | None:
    """The seat to act, None when the hand is over."""
    m = _live(state)
    if m is None or m.pending is None:
        return None
    return SEATS[m.pending[0]]


def legal(state: State) -> list[str]:
    """The legal actions of the seat to act: canonical card lists, and ``pass``, ``yield``,
    ``fold``, ``noburn`` as the answer sequence offers them (rules §12.9, §12.10)."""
    m = _live(state)
    if m is None or m.pending is None:
        return []
    p = m.pending[0]
    if m.unknown[p]:
        raise ValueError(f"legal: {SEATS[p]}'s hand holds hidden cards (?{m.unknown[p]})")
    return [_action_text(a) for a in m.moves()]


def apply(state: State, action: str) -> State:
    """The position after the seat to act takes ``action`` (a card list or a keyword; a
    ``SEAT:`` prefix is accepted when it names that seat)."""
    m = _live(state)
    if m is None or m.pending is None:
        raise ValueError("action: the hand is over")
    p = m.pending[0]
    if len(action) > 2 and action[1] == ":" and action[0] in SEATS:
        if action[0] != SEATS[p]:
            raise ValueError(f"action: {action!r}: {SEATS[p]} is to act")
        action = action[2:]
    a = _parse_action(action, "action")
    if isinstance(a, tuple) and m.unknown[p]:
        raise ValueError(f"action: {SEATS[p]}'s hand holds hidden cards (?{m.unknown[p]}); a "
                         "play needs a known hand")
    err = m.check(p, a)
    if err is not None:
        raise ValueError(f"action: {err}")
    n = m.copy()
    n.act(p, a)
    n.actions.append(f"{SEATS[p]}:{_action_text(a)}")
    return _state_after(state, n)


def _state_after(old: State, m: _Round) -> State:
    hands = tuple(o if o.counts == tuple(h) and o.unknown == u else Cards(tuple(h), u)
                  for o, h, u in zip(old.hands, m.hands, m.unknown))
    out = tuple(SEATS[i] for i in m.out)
    gone = old.gone
    if m.over or m.ended:
        for s in m.played:
            gone = add(gone, Cards(s))
        burning = tuple(sorted(SEATS[i] for i in m.burning))
        if m.over:
            return State(old.preset, old.options, hands, out, old.revolt, m.used, old.renounced,
                         burning, None, (), gone, old.score)
        assert m.next_leader is not None
        if len(m.out) >= 2:
            burning = ()  # 四人乱缠 begins: no more burning (rules §12.9.5, §12.10)
        new = State(old.preset, old.options, hands, out, old.revolt, m.used, old.renounced,
                    burning, SEATS[m.next_leader], (), gone, old.score)
        fresh = _Round(new, [list(h) for h in m.hands], list(m.unknown), list(m.out))
        object.__setattr__(new, "_live", fresh)
        return new
    new = State(old.preset, old.options, hands, out, old.revolt, old.used, old.renounced,
                old.burning, old.leader, tuple(m.actions), gone, old.score)
    object.__setattr__(new, "_live", m)
    return new


# ---- places and scores (rules §12.11–§12.13) ------------------------------------------------


def places(state: State) -> list[str]:
    """The seats in place order: finishers, then the unfinished by fewer cards left, ties in
    playing order from ``next`` of the last finisher; a revolutionary at place 4, or 3 when his
    two teammates are 1 and 2 (rules §12.11, §12.13)."""
    out = list(state.out)
    rest = [s for s in SEATS if s not in out and s != state.revolt]
    start = (SEATS.index(out[-1]) + 1) % 6 if out else 0
    rest.sort(key=lambda s: (state.hands[SEATS.index(s)].size, (SEATS.index(s) - start) % 6))
    order = out + rest
    r = state.revolt
    if r is None:
        return order
    mates = {SEATS[(SEATS.index(r) + 2) % 6], SEATS[(SEATS.index(r) + 4) % 6]}
    if set(order[:2]) == mates:
        return order[:2] + [r] + order[2:]
    return order[:3] + [r] + order[3:]


def score_of(order: Sequence[str]) -> dict[str, int]:
    """The recorded scores of a place order (rules §12.12): only the positive side; 串三户 12."""
    for team in TEAMS:
        if set(order[:3]) == set(team):
            return {t: (CHUAN_SAN_HU if t == team else 0) for t in TEAMS}
    sums = {t: sum(PLACE_POINTS[k] for k, s in enumerate(order) if s in t) for t in TEAMS}
    return {t: max(v, 0) for t, v in sums.items()}


def result(state: State) -> tuple[list[str], dict[str, int]]:
    """When the hand is over: the places and the recorded scores ``{"ACE": n, "BDF": m}``."""
    if to_act(state) is not None:
        raise ValueError("result: the hand is not over")
    order = places(state)
    return order, score_of(order)


# ---- the deal (rules §12.3, §12.4, §12.13) --------------------------------------------------


def first_leader(draws: Mapping[str, Sequence[str]], first_drawer: str = "A") -> str | None:
    """上班 (rules §12.4): ``draws`` gives each seat's cards with suits in the order drawn (one at
    a time in playing order from ``first_drawer``). The leader has the largest k ≥ 2 (3s of one
    suit), the earlier to reach it between equal k; None when nobody has k ≥ 2 (redeal)."""
    best: tuple[int, int, str] | None = None
    f = SEATS.index(first_drawer)
    for seat, cards in draws.items():
        offset = (SEATS.index(seat) - f) % 6
        per_suit: dict[str, int] = {}
        k, when = 0, 0
        for j, card in enumerate(cards):
            if len(card) == 2 and card[0] == "3":
                per_suit[card[1]] = per_suit.get(card[1], 0) + 1
                if per_suit[card[1]] > k:
                    k, when = per_suit[card[1]], j * 6 + offset
        if k >= 2 and (best is None or k > best[0] or (k == best[0] and when < best[1])):
            best = (k, when, seat)
    return None if best is None else best[2]


def may_revolt(hand: Cards | str) -> bool:
    """革命 (rules §12.13): a hand without BJ, SJ and 2."""
    h = parse_cards(hand, "hand") if isinstance(hand, str) else hand
    c = h.counts
    return not (c[TWO - 1] or c[SMALL_JOKER - 1] or c[BIG_JOKER - 1])


def revolution(hands: Mapping[str, Cards | str], revolters: Sequence[str]) -> str | None:
    """The revolutionary (rules §12.13), None when nobody revolts, ``REDEAL`` when two or more
    do (the hand is void)."""
    for s in revolters:
        if not may_revolt(hands[s]):
            raise ValueError(f"revolt: {s} holds a BJ, SJ or 2 and may not revolt")
    if len(revolters) >= 2:
        return REDEAL
    return revolters[0] if revolters else None


def random_deal(rng: random.Random, preset: str = "gouji",
                revolt_probability: float = 0.0) -> State:
    """A start-of-play position of a random deal: 36 cards each drawn in playing order from a
    random first drawer, 上班 by rules §12.4 (redeal when nobody has two 3s of a suit). With the
    option ``revolution`` and ``revolt_probability`` > 0, each eligible player (in playing order
    from the first drawer) revolts with that probability (two or more: redeal), and the 对头
    renounces his chances with probability 1/2."""
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (gouji or gouji-basic)")
    opts = PRESETS[preset]
    while True:
        first = rng.randrange(6)
        deck = full_deck_with_suits()
        rng.shuffle(deck)
        draws = {SEATS[(first + k) % 6]: deck[k::6] for k in range(6)}
        leader = first_leader(draws, SEATS[first])
        if leader is None:
            continue
        hands = {s: count_faces(c) for s, c in draws.items()}
        revolt, renounced = None, False
        if opts.revolution and revolt_probability > 0:
            order = [SEATS[(first + k) % 6] for k in range(6)]
            who = [s for s in order if may_revolt(hands[s]) and rng.random() < revolt_probability]
            got = revolution(hands, who)
            if got == REDEAL:
                continue
            if got is not None:
                revolt = got
                renounced = rng.random() < 0.5
                if leader == revolt:
                    leader = SEATS[(SEATS.index(revolt) + 1) % 6]
        st = State(preset, opts, tuple(hands[s] for s in SEATS), (), revolt, 0, renounced, (),
                   leader, (), EMPTY, None)
        _live(st)
        return st


def random_endgame(rng: random.Random, preset: str = "gouji",
                   revolt_probability: float = 0.0) -> State:
    """A random late position, where burns, 够死级 and 四人乱缠 are common (a random deal rarely
    gets there under random play): each seat still in holds one to four ranks of 3 … A, a few
    2s and jokers; zero to three seats are out (never a whole team); a random present seat
    leads, under the burn obligation when his hand allows it; the other cards are gone. With
    the option ``revolution`` a seat may be a revolutionary (36 cards without BJ, SJ, 2) with
    his 对头's chances used or renounced at random."""
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (gouji or gouji-basic)")
    opts = PRESETS[preset]
    while True:
        pool = [16] * 13 + [4, 4, 0]
        revolt = None
        if opts.revolution and rng.random() < revolt_probability:
            revolt = rng.randrange(6)
        seats = [i for i in range(6) if i != revolt]
        rng.shuffle(seats)
        out = seats[:rng.randrange(4)]
        if any(all(i in out or i == revolt for i in (t, t + 2, t + 4)) for t in (0, 1)):
            continue
        hands = [[0] * WIDTH for _ in range(6)]
        if revolt is not None:
            for _ in range(HAND_SIZE):
                v = rng.choice([v for v in range(1, TWO) if pool[v - 1]])
                pool[v - 1] -= 1
                hands[revolt][v - 1] += 1
        for i in range(6):
            if i == revolt or i in out:
                continue
            for v in rng.sample(range(1, TWO), rng.randint(1, 4)):
                n = min(pool[v - 1], rng.randint(1, 4))
                pool[v - 1] -= n
                hands[i][v - 1] += n
            for v, most in ((TWO, 2), (SMALL_JOKER, 2), (BIG_JOKER, 1)):
                n = min(pool[v - 1], rng.randint(0, most))
                pool[v - 1] -= n
                hands[i][v - 1] += n
        if any(sum(hands[i]) == 0 for i in range(6) if i != revolt and i not in out):
            continue
        present = [i for i in range(6) if i != revolt and i not in out]
        leader = rng.choice(present)
        burning: tuple[str, ...] = ()
        if len(out) < 2 and hangable(hands[leader]) and rng.random() < 0.5:
            burning = (SEATS[leader],)
        used, renounced = 0, False
        if revolt is not None:
            used = rng.randint(0, 3)
            renounced = rng.random() < 0.25
            used = 0 if renounced else used
        st = State(preset, opts, tuple(Cards(tuple(h)) for h in hands),
                   tuple(SEATS[i] for i in out), None if revolt is None else SEATS[revolt],
                   used, renounced, burning, SEATS[leader], (), Cards(tuple(pool)), None)
        return parse(format(st))


def random_playout(rng: random.Random, state: State) -> list[State]:
    """The positions from ``state`` (included) to the end of the hand, each action chosen
    uniformly among the legal ones."""
    states = [state]
    while True:
        m = _live(state)
        if m is None or m.pending is None:
            return states
        p = m.pending[0]
        if m.unknown[p]:
            raise ValueError(f"legal: {SEATS[p]}'s hand holds hidden cards (?{m.unknown[p]})")
        a = rng.choice(m.moves())  # the same choice as rng.choice(legal(state))
        n = m.copy()
        n.act(p, a)
        n.actions.append(f"{SEATS[p]}:{_action_text(a)}")
        state = _state_after(state, n)
        states.append(state)


def count_cards(state: State) -> int:
    """All cards of a position: hands, the round's plays and gone (216 when all are known)."""
    total = state.gone.size + sum(h.size for h in state.hands)
    for text in state.actions:
        a = _parse_action(text[2:], "round")
        if isinstance(a, tuple):
            total += sum(a)
    return total


__all__ = [
    "HAND_SIZE", "ONOFF", "PLACE_POINTS", "PRESETS", "REDEAL", "SEATS", "TEAMS", "VALUE", "WIDTH",
    "Options", "State", "apply", "count_cards", "first_leader", "format", "legal", "may_revolt",
    "parse", "places", "random_deal", "random_endgame", "random_playout", "result", "revolution",
    "score_of",
    "to_act",
]
