"""保皇 (Baohuang), five seats A–E: choosing the emperor and the guard, the rounds, places and
scores (rules §13).

A round follows ``answer_bh`` of rules §13.5: after each set every other present player, in
playing order, beats, passes or yields (the first circle); if nobody beat, the yielders get a
second circle; a new set starts both circles afresh (soft pass). A position string
(docs/notation.md "The climbing games") holds the current hands and the current round's
actions; ``parse`` replays them, checking each, and ``apply`` adds one.

Readings of the rules book where it leaves a choice:

- ``guard`` is the guard's seat as the writer knows it (``?`` unknown). A position where every
  hand is known names him, and then his revelation (rules §13.3: he plays a card of the called
  face) changes nothing in the string; in a position with ``guard=?`` the field becomes his seat
  when he plays such a card. ``revealed(state)`` tells whether the guard is public.
- ``mode=solo`` is read as ``mode=dark`` with the emperor as his own guard (独保 not declared);
  the canonical string writes ``dark``. 明保 doubles the score, a revelation by play does not.
- A player may yield in the first circle whenever the option ``yield`` is on (rules §13.5 sets no
  condition), even when nobody else is left to act.
- ``early_end`` (rules §13.6): with a guard, the hand stops when the emperor and the guard are
  both out or the three rebels are; in 独保 and 抢庄, when the emperor is out (his place fixed) —
  in 抢庄 not already when another player is 头科. Places are the finishers only; the scores are
  those of playing on.
- Calling (rules §13.3): the marked BJ travels with the offer, so it counts in the hand of the
  player deciding; after five refusals it is back with its first holder while the forced call is
  looked for, and then goes to the forced caller (who may thereby hold all four BJs of a BJ call:
  独保). The emperor ends with the marked BJ in every mode.
- Places (rules §13.6) are the finishers only, also when the hand ends with one player left;
  ``scores`` gives that player the last place.
- In a card list of a position with ``call=9C``, ``9C`` is a card of the called face and ``9`` (or
  ``9H``) a plain 9; with ``call=BJ`` every BJ is of the called face (written ``BJ``).
- ``score`` (match points) is carried along; all zero is the same as absent. ``?N`` hidden cards
  parse and print; ``legal`` and a play by ``apply`` refuse a hand with hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from duidiao.reference.climbing.sets import (
    BIG_JOKER,
    CALLED,
    EMPTY,
    SMALL_JOKER,
    VALUE,
    Cards,
    add,
    beat_floor,
    beats,
    call_value,
    check_face,
    contains,
    copies,
    count_faces,
    dominates,
    effective,
    format_cards,
    full_deck_with_suits,
    is_set,
    parse_cards,
    parse_onoff,
    parse_seats,
    rank_name,
    set_vector,
    sets_in,
    split_tokens,
)

SEATS = "ABCDE"
PLACE_POINTS = (6, 3, 0, -3, -6)  # rules §13.7
SOLO_POINTS = (16, 4, 0, -4, -16)
GRAB_POINTS = 40
MODES = ("dark", "open", "solo-open", "grab")

ONOFF = ("early_end", "grab", "open_guard", "twos_attach", "yield")


@dataclass(frozen=True)
class Options:
    """The rule options of rules §13.8 (``yield`` is the attribute ``yield_``)."""

    grab: bool = True
    open_guard: bool = True
    yield_: bool = True
    twos_attach: bool = False
    early_end: bool = True

    def on(self, name: str) -> bool:
        return bool(getattr(self, "yield_" if name == "yield" else name))


PRESETS = {
    "baohuang": Options(),
    "baohuang-basic": Options(grab=False),
}


@dataclass(frozen=True)
class State:
    """A 保皇 position: ``hands`` A … E (current); ``guard`` None for ``?`` (and in 抢庄, which
    has no guard); ``leader`` and ``actions`` the current round (``leader`` None once over)."""

    preset: str
    options: Options
    emperor: str
    call: str | None
    mode: str
    guard: str | None
    hands: tuple[Cards, ...]
    out: tuple[str, ...] = ()
    leader: str | None = None
    actions: tuple[str, ...] = ()
    gone: Cards = EMPTY
    score: tuple[int, ...] | None = None
    _live: object = field(default=None, init=False, compare=False, repr=False, hash=False)


Action = object  # a keyword (str) or a 16-count tuple


def _early(emperor: int, guard: int | None, grab: bool, out: Sequence[int]) -> bool:
    """The early end of rules §13.6 for a known guard (``guard`` == emperor: 独保)."""
    if grab or guard == emperor:
        return emperor in out
    assert guard is not None
    rebels = [i for i in range(5) if i not in (emperor, guard)]
    return (emperor in out and guard in out) or all(r in out for r in rebels)


class _Round:
    """The live round of rules §13.5, stopped at each decision (``pending`` = seat, kind)."""

    def __init__(self, st: State, hands: list[list[int]], unknown: list[int],
                 out: list[int]) -> None:
        assert st.leader is not None
        self.opts = st.options
        self.cv = call_value(st.call)
        self.call = st.call
        self.mode = st.mode
        self.emperor = SEATS.index(st.emperor)
        self.guard = None if st.guard is None else SEATS.index(st.guard)
        self.true_guard = self.guard if st.mode != "grab" else None
        if st.mode != "grab" and self.guard is None:
            holders = [i for i in range(5) if i != self.emperor and hands[i][CALLED]]
            if len(holders) == 1:
                self.true_guard = holders[0]
            elif not holders and hands[self.emperor][CALLED] == 4:
                self.true_guard = self.emperor
        self.hands = hands
        self.unknown = unknown
        self.out = out
        self.leader = SEATS.index(st.leader)
        self.X = self.leader
        self.C: tuple[int, ...] | None = None
        self.stage = "lead"
        self.idx = 0
        self.yielders: list[int] = []
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
        n.yielders = list(self.yielders)
        n.played = list(self.played)
        n.actions = list(self.actions)
        n.moves_cache = None
        return n

    def present(self, i: int) -> bool:
        return i not in self.out

    def is_over(self) -> bool:
        if len(self.out) >= 4:
            return True
        if not self.opts.early_end:
            return False
        grab = self.mode == "grab"
        if grab or self.true_guard is not None:
            return _early(self.emperor, self.true_guard, grab, self.out)
        answers = {_early(self.emperor, g, False, self.out) for g in range(5)}
        if len(answers) > 1:
            raise ValueError("guard: unknown (?), and whether the hand is over depends on it")
        return answers.pop()

    def advance(self) -> None:
        if self.stage == "c1":
            while self.idx <= 4:
                p = (self.X + self.idx) % 5
                if self.present(p):
                    self.pending = (p, "c1")
                    return
                self.idx += 1
            self.stage, self.idx = "c2", 0
        while self.idx < len(self.yielders):  # the second circle
            p = self.yielders[self.idx]
            if self.present(p):
                self.pending = (p, "c2")
                return
            self.idx += 1
        self.end_round()  # 扣牌

    def end_round(self) -> None:
        x = self.X
        if not self.present(x):  # 接风: next present seat after him
            x = next(i % 5 for i in range(x + 1, x + 5) if self.present(i % 5))
        self.ended = True
        self.next_leader = x
        self.pending = None

    def keywords(self, kind: str) -> tuple[str, ...]:
        if kind == "c1":
            return ("pass", "yield") if self.opts.yield_ else ("pass",)
        if kind == "c2":
            return ("pass",)
        return ()

    def act(self, p: int, a: Action) -> None:
        self.moves_cache = None
        if a == "pass":
            self.idx += 1
            self.advance()
        elif a == "yield":
            self.yielders.append(p)
            self.idx += 1
            self.advance()
        else:
            assert isinstance(a, tuple)
            self.play(p, a)

    def play(self, p: int, cards: tuple[int, ...]) -> None:
        eff = effective(cards, self.cv)
        self.hands[p] = [h - c for h, c in zip(self.hands[p], cards)]
        self.played.append(cards)
        if cards[CALLED] and p != self.emperor and self.mode != "grab":
            self.guard = self.true_guard = p  # the guard shows himself (rules §13.3)
        if sum(self.hands[p]) + self.unknown[p] == 0:
            self.out.append(p)
            if self.is_over():
                self.over = True
                self.pending = None
                return
        self.C = eff
        self.X = p
        if eff[BIG_JOKER - 1]:  # unbeatable: the round ends at once
            self.end_round()
            return
        self.stage, self.idx, self.yielders = "c1", 1, []
        self.advance()

    def fmt(self, counts: Sequence[int]) -> str:
        return format_cards(Cards(tuple(counts)), self.call)

    def check(self, p: int, a: Action) -> str | None:
        if self.pending is None:
            return "the round is over"
        q, kind = self.pending
        who = SEATS[p]
        allowed = self.keywords(kind)
        describe = " or ".join(("beat", *allowed)) if kind != "lead" else "lead a set"
        if isinstance(a, str):
            if p != q:
                return f"{who} may not {a}: {SEATS[q]} is to act"
            if a not in allowed:
                return f"{who} may not {a} here: {who} may {describe}"
            return None
        assert isinstance(a, tuple)
        text = self.fmt(a)
        on = "" if self.C is None else format_cards(Cards((*self.C, 0)))
        verb = f"{who} leads {text}" if self.C is None else f"{who} plays {text} on {on}"
        if p != q:
            return f"{verb}: {SEATS[q]} is to act"
        e = effective(a, self.cv)
        tw = self.opts.twos_attach
        if not is_set(e, tw):
            rule = "jokers and 2s" if tw else "jokers"
            return f"{verb}: not a set (its cards other than {rule} must have one rank)"
        if self.C is not None:
            if sum(e) != sum(self.C):
                return f"{verb}: a set must have as many cards as the set it answers"
            if not beats(e, self.C, tw):
                return f"{verb}: it does not beat {on}"
        if not contains(self.hands[p], a):
            return f"{verb}: {who} does not hold these cards"
        return None

    def moves(self) -> list[Action]:
        """The legal actions, as keywords and 16-count tuples, in the order of ``legal``."""
        if self.moves_cache is not None:
            return self.moves_cache
        assert self.pending is not None
        p, kind = self.pending
        hand = self.hands[p]
        tw = self.opts.twos_attach
        if self.C is None:
            cands = sets_in(hand, self.cv, None, tw)
        else:
            vc = set_vector(self.C, tw)
            low = beat_floor(self.C, tw)
            cands = [s for s in sets_in(hand, self.cv, sum(self.C), tw, low)
                     if dominates(set_vector(effective(s, self.cv), tw), vc)]
        out: list[Action] = list(cands)
        out.extend(self.keywords(kind))
        self.moves_cache = out
        return out


# ---- parsing --------------------------------------------------------------------------------


def _parse_action(text: str, field: str, call: str | None) -> Action:
    if text in ("pass", "yield"):
        return text
    if text in ("fold", "noburn"):
        raise ValueError(f"{field}: {text!r} is not a 保皇 action (pass, yield or a set)")
    cards = parse_cards(text, field, call)
    if cards.unknown:
        raise ValueError(f"{field}: a play cannot hold hidden cards ({text})")
    if cards.known == 0:
        raise ValueError(f"{field}: an empty play ({text})")
    return cards.counts


def _action_text(a: Action, call: str | None) -> str:
    if isinstance(a, str):
        return a
    assert isinstance(a, tuple)
    return format_cards(Cards(a), call)


def _parse_options(preset: str, fields: dict[str, str]) -> Options:
    values = dict(PRESETS[preset].__dict__)
    for key in ("with", "without"):
        if key in fields:
            for name in parse_onoff(fields.pop(key), key, ONOFF):
                values["yield_" if name == "yield" else name] = key == "with"
    if "deck" in fields:
        v = fields.pop("deck")
        if v != "216":
            raise ValueError(f"deck: {v!r} is not supported (only 216, rules §13.2)")
    return Options(**values)


def _option_tokens(st: State) -> list[str]:
    base = PRESETS[st.preset]
    on = [n for n in ONOFF if st.options.on(n) and not base.on(n)]
    off = [n for n in ONOFF if not st.options.on(n) and base.on(n)]
    out = []
    if on:
        out.append("with=" + ",".join(sorted(on)))
    if off:
        out.append("without=" + ",".join(sorted(off)))
    return out


def _seat(value: str, field: str) -> str:
    if len(value) != 1 or value not in SEATS:
        raise ValueError(f"{field}: {value!r} is not a seat (A–E)")
    return value


def _check_counts(where: str, cards: Cards, call: str | None) -> None:
    cv = call_value(call)
    eff = effective(cards.counts, cv)
    for v in range(1, 16):
        if eff[v - 1] > copies(v):
            what = "a joker" if v >= SMALL_JOKER else "a rank"
            raise ValueError(f"{where}: holds {eff[v - 1]} cards of rank {rank_name(v)} "
                             f"({what} exists {copies(v)} times)")
    if call is not None:
        if cards.counts[CALLED] > 4:
            raise ValueError(f"{where}: holds {cards.counts[CALLED]} {call} (a face exists 4 "
                             "times)")
        if cv is not None and cv < SMALL_JOKER and cards.counts[cv - 1] > 12:
            raise ValueError(f"{where}: holds {cards.counts[cv - 1]} plain {rank_name(cv)} "
                             f"besides the called {call} (12 at most)")


def _split_round(text: str) -> tuple[str, list[tuple[str, str]]]:
    parts = text.split("/")
    first = parts[0]
    if len(first) < 2 or first[1] != ":" or first[0] not in SEATS:
        raise ValueError(f"round: {first!r} should be SEAT:ACT (round=E: before the lead)")
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
    return leader, acts


def parse(text: str) -> State:
    """Read a 保皇 position (docs/notation.md "The climbing games"), replaying ``round`` from
    the round's start with every action checked; ValueError names the field and the token."""
    preset, fields = split_tokens(text, "baohuang")
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (baohuang or baohuang-basic)")
    options = _parse_options(preset, fields)
    if "emperor" not in fields:
        raise ValueError("emperor: missing")
    emperor = _seat(fields.pop("emperor"), "emperor")
    if "mode" not in fields:
        raise ValueError("mode: missing (dark, open, solo-open or grab)")
    mode = fields.pop("mode")
    solo_alias = mode == "solo"
    if solo_alias:
        mode = "dark"
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r} (dark, open, solo-open or grab)")
    call = guard = None
    if mode == "grab":
        if not options.grab:
            raise ValueError("mode: grab, but the option grab is off")
        for key in ("call", "guard"):
            if key in fields:
                raise ValueError(f"{key}: {fields[key]!r}, but 抢庄 has no {key}")
    else:
        if mode in ("open", "solo-open") and not options.open_guard:
            raise ValueError(f"mode: {mode}, but the option open_guard is off")
        if "call" not in fields:
            raise ValueError("call: missing (the called face, e.g. call=9C)")
        call = check_face(fields.pop("call"), "call")
        g = fields.pop("guard", None)
        if g is None:
            if not solo_alias:
                raise ValueError("guard: missing (a seat, or ?)")
            g = emperor
        if g != "?":
            guard = _seat(g, "guard")
        if solo_alias and guard != emperor:
            raise ValueError(f"guard: {g}, but mode=solo makes the emperor {emperor} his own guard")
        if mode == "open" and (guard is None or guard == emperor):
            raise ValueError(f"guard: {g}: after 明保 the guard is a known seat other than the "
                             "emperor")
        if mode == "solo-open" and guard != emperor:
            raise ValueError(f"guard: {g}: in 明独 the emperor {emperor} is his own guard")
    hands = []
    for s in SEATS:
        if s not in fields:
            raise ValueError(f"{s}: missing (every seat A–E needs a hand)")
        hand = parse_cards(fields.pop(s), s, call)
        _check_counts(s, hand, call)
        hands.append(hand)
    out = tuple(parse_seats(fields.pop("out"), "out", SEATS)) if "out" in fields else ()
    round_text = fields.pop("round", None)
    gone = parse_cards(fields.pop("gone"), "gone", call) if "gone" in fields else EMPTY
    if gone.unknown:
        raise ValueError("gone: hidden cards (?N) in gone")
    _check_counts("gone", gone, call)
    score = None
    if "score" in fields:
        got: dict[str, int] = {}
        for part in fields.pop("score").split(","):
            seat, _, n = part.partition(":")
            if seat not in SEATS or len(seat) != 1 or not n.lstrip("-").isdigit() or seat in got:
                raise ValueError(f"score: bad part {part!r} (score=A:n,B:m,…)")
            got[seat] = int(n)
        sc = tuple(got.get(s, 0) for s in SEATS)
        score = None if not any(sc) else sc
    if fields:
        raise ValueError(f"{next(iter(fields))}: unknown key")
    leader, acts = (None, []) if round_text is None else _split_round(round_text)
    actions = [(SEATS.index(s), _parse_action(a, "round", call)) for s, a in acts]
    total = gone
    for h in hands:
        total = add(total, h)
    for _, a in actions:
        if isinstance(a, tuple):
            total = add(total, Cards(a))
    _check_counts("cards (hands, round and gone)", total, call)
    if total.unknown == 0:
        if total.known != 216:
            raise ValueError(f"cards: the hands, round and gone hold {total.known} cards, "
                             "not 216")
        if call is not None and total.counts[CALLED] != 4:
            raise ValueError(f"cards: {total.counts[CALLED]} cards of the called face {call}, "
                             "not 4")
    st = State(preset, options, emperor, call, mode, guard, tuple(hands), out, leader,
               tuple(f"{SEATS[i]}:{_action_text(a, call)}" for i, a in actions), gone, score)
    if leader is None:
        _check_over(st)
        return st
    m = _replay(st, actions)
    if m.guard is not None and guard is None:  # revealed by a play of this round
        st = State(preset, options, emperor, call, mode, SEATS[m.guard], tuple(hands), out,
                   leader, st.actions, gone, score)
    object.__setattr__(st, "_live", m)
    return st


def _check_called_holders(st: State, hands: Sequence[Sequence[int]]) -> None:
    if st.call is None:
        return
    e = st.emperor
    holders = [s for s, h in zip(SEATS, hands) if s != e and h[CALLED]]
    if st.guard is not None:
        for s in holders:
            if s != st.guard:
                raise ValueError(f"{s}: holds the called face {st.call}, but the guard is "
                                 f"{st.guard} (only the emperor and the guard hold it)")
    elif len(holders) > 1:
        raise ValueError(f"{holders[1]}: holds the called face {st.call}, and so does "
                         f"{holders[0]} (only the emperor and the guard hold it)")


def _check_over(st: State) -> None:
    for i, s in enumerate(SEATS):
        if (s in st.out) == (st.hands[i].size == 0):
            continue
        if s in st.out:
            raise ValueError(f"{s}: in out but holds cards")
        raise ValueError(f"{s}: no cards, but {s} is not in out")
    _check_called_holders(st, [h.counts for h in st.hands])
    if not _over_now(st, [SEATS.index(s) for s in st.out]):
        raise ValueError("round: missing (required while the hand is on)")


def _over_now(st: State, out: Sequence[int]) -> bool:
    if len(out) >= 4:
        return True
    if not st.options.early_end:
        return False
    e = SEATS.index(st.emperor)
    if st.mode == "grab":
        return _early(e, None, True, out)
    guards = [SEATS.index(st.guard)] if st.guard is not None else list(range(5))
    answers = {_early(e, g, False, out) for g in guards}
    if len(answers) > 1:
        raise ValueError("guard: unknown (?), and whether the hand is over depends on it")
    return answers.pop()


def _replay(st: State, actions: list[tuple[int, Action]]) -> _Round:
    assert st.leader is not None
    hands = [list(h.counts) for h in st.hands]
    unknown = [h.unknown for h in st.hands]
    players = set()
    for i, a in actions:
        players.add(i)
        if isinstance(a, tuple):
            hands[i] = [h + c for h, c in zip(hands[i], a)]
    _check_called_holders(st, hands)
    out_idx = [SEATS.index(s) for s in st.out]
    out_start = [i for i in out_idx if i not in players]
    if out_idx[:len(out_start)] != out_start:
        raise ValueError(f"out: {','.join(st.out)}: a player who went out in this round (he "
                         "has a play in round) comes after those out before it")
    for i in out_start:
        if sum(hands[i]) + unknown[i]:
            raise ValueError(f"{SEATS[i]}: in out but holds cards")
    m = _Round(st, hands, unknown, out_start)
    if _over_now(st, out_start):
        raise ValueError("round: the hand is over (rules §13.6): no round=")
    if not m.present(m.leader):
        raise ValueError(f"round: the leader {st.leader} is out")
    for k, (i, a) in enumerate(actions):
        err = m.check(i, a)
        if err is not None:
            raise ValueError(f"round: {err}")
        m.act(i, a)
        m.actions.append(f"{SEATS[i]}:{_action_text(a, st.call)}")
        if (m.over or m.ended) and k + 1 < len(actions):
            raise ValueError(f"round: the {'hand' if m.over else 'round'} is over after "
                             f"{m.actions[-1]}, yet {SEATS[actions[k + 1][0]]} acts")
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
        acts = [(SEATS.index(t[0]), _parse_action(t[2:], "round", st.call)) for t in st.actions]
        object.__setattr__(st, "_live", _replay(st, acts))
    live = st._live
    assert isinstance(live, _Round)
    return live


# ---- printing -------------------------------------------------------------------------------


def format(state: State) -> str:  # noqa: A001 - the contract's name
    """The canonical position string (docs/notation.md "The climbing games")."""
    st = state
    parts = [st.preset, *_option_tokens(st), f"emperor={st.emperor}"]
    if st.call is not None:
        parts.append(f"call={st.call}")
    parts.append(f"mode={st.mode}")
    if st.mode != "grab":
        parts.append(f"guard={st.guard or '?'}")
    parts += [f"{s}={format_cards(h, st.call)}" for s, h in zip(SEATS, st.hands)]
    if st.out:
        parts.append("out=" + ",".join(st.out))
    if st.leader is not None:
        parts.append("round=" + ("/".join(st.actions) if st.actions else f"{st.leader}:"))
    if st.gone.size:
        parts.append("gone=" + format_cards(st.gone, st.call))
    if st.score is not None:
        parts.append("score=" + ",".join(f"{s}:{n}" for s, n in zip(SEATS, st.score)))
    return " ".join(parts)


# ---- play -----------------------------------------------------------------------------------


def to_act(state: State) -> str | None:
    """The seat to act, None when the hand is over."""
    m = _live(state)
    if m is None or m.pending is None:
        return None
    return SEATS[m.pending[0]]


def legal(state: State) -> list[str]:
    """The legal actions of the seat to act: canonical card lists, ``pass`` and ``yield``
    (rules §13.5)."""
    m = _live(state)
    if m is None or m.pending is None:
        return []
    p = m.pending[0]
    if m.unknown[p]:
        raise ValueError(f"legal: {SEATS[p]}'s hand holds hidden cards (?{m.unknown[p]})")
    return [_action_text(a, state.call) for a in m.moves()]


def apply(state: State, action: str) -> State:
    """The position after the seat to act takes ``action`` (a card list, ``pass`` or ``yield``;
    a ``SEAT:`` prefix is accepted when it names that seat)."""
    m = _live(state)
    if m is None or m.pending is None:
        raise ValueError("action: the hand is over")
    p = m.pending[0]
    if len(action) > 2 and action[1] == ":" and action[0] in SEATS:
        if action[0] != SEATS[p]:
            raise ValueError(f"action: {action!r}: {SEATS[p]} is to act")
        action = action[2:]
    a = _parse_action(action, "action", state.call)
    if isinstance(a, tuple) and m.unknown[p]:
        raise ValueError(f"action: {SEATS[p]}'s hand holds hidden cards (?{m.unknown[p]}); a "
                         "play needs a known hand")
    err = m.check(p, a)
    if err is not None:
        raise ValueError(f"action: {err}")
    n = m.copy()
    n.act(p, a)
    n.actions.append(f"{SEATS[p]}:{_action_text(a, state.call)}")
    return _state_after(state, n)


def _state_after(old: State, m: _Round) -> State:
    hands = tuple(o if o.counts == tuple(h) and o.unknown == u else Cards(tuple(h), u)
                  for o, h, u in zip(old.hands, m.hands, m.unknown))
    out = tuple(SEATS[i] for i in m.out)
    guard = None if m.guard is None else SEATS[m.guard]
    gone = old.gone
    if m.over or m.ended:
        for s in m.played:
            gone = add(gone, Cards(s))
        leader = None if m.over else SEATS[m.next_leader]  # type: ignore[index]
        new = State(old.preset, old.options, old.emperor, old.call, old.mode, guard, hands, out,
                    leader, (), gone, old.score)
        if m.ended:
            fresh = _Round(new, [list(h) for h in m.hands], list(m.unknown), list(m.out))
            object.__setattr__(new, "_live", fresh)
        return new
    new = State(old.preset, old.options, old.emperor, old.call, old.mode, guard, hands, out,
                old.leader, tuple(m.actions), gone, old.score)
    object.__setattr__(new, "_live", m)
    return new


def revealed(state: State) -> str | None:
    """The guard's seat once it is public (明保, 明独, or after he played a card of the called
    face, rules §13.3), else None. In a position with every hand known: the guard who no longer
    holds a card of the called face."""
    if state.mode in ("open", "solo-open"):
        return state.guard
    if state.mode == "grab" or state.guard is None or state.guard == state.emperor:
        return None
    h = state.hands[SEATS.index(state.guard)]
    return state.guard if h.unknown == 0 and h.counts[CALLED] == 0 else None


# ---- places and scores (rules §13.6, §13.7) -------------------------------------------------


def scores(out: Sequence[str], emperor: str, guard: str | None, mode: str) -> dict[str, int]:
    """Each seat's score (rules §13.7) from the finishers ``out`` in order, as far as the rest
    is fixed: normal 2G/3, G/3, −G/3 (doubled after 明保); 独保 16/4/0/−4/−16 and a quarter of it
    for each rebel (doubled after 明独); 抢庄 ±40 / ∓10."""
    unfinished = [s for s in SEATS if s not in out]
    free = list(range(len(out), 5))

    def place(s: str) -> int:
        if s in out:
            return list(out).index(s)
        if len(unfinished) == 1:
            return 4
        raise ValueError(f"result: {s}'s place is not fixed")

    if mode == "grab":
        if not out:
            raise ValueError("result: nobody is out")
        e = GRAB_POINTS if out[0] == emperor else -GRAB_POINTS
        return {s: e if s == emperor else -e // 4 for s in SEATS}
    if guard is None:
        raise ValueError("result: the guard is unknown (guard=?)")
    if guard == emperor:
        x = SOLO_POINTS[place(emperor)] * (2 if mode == "solo-open" else 1)
        return {s: x if s == emperor else -x // 4 for s in SEATS}
    side = (emperor, guard)
    if all(s in out for s in side):
        g = sum(PLACE_POINTS[list(out).index(s)] for s in side)
    elif set(unfinished) <= set(side):
        g = sum(PLACE_POINTS[list(out).index(s)] for s in side if s in out)
        g += sum(PLACE_POINTS[i] for i in free)
    else:
        raise ValueError("result: the emperor's side's places are not fixed")
    k = 2 if mode == "open" else 1
    return {s: (2 * g // 3 if s == emperor else g // 3 if s == guard else -g // 3) * k
            for s in SEATS}


def result(state: State) -> tuple[list[str], dict[str, int]]:
    """When the hand is over: the places (the finishers, rules §13.6; when all but one have
    gone out, the last one is 大落) and each seat's score."""
    if to_act(state) is not None:
        raise ValueError("result: the hand is not over")
    out = list(state.out)
    left = [s for s in SEATS if s not in out]
    if len(left) == 1:
        out += left
    if state.mode == "grab" or state.guard is not None:
        return out, scores(out, state.emperor, state.guard, state.mode)
    found = []
    for g in SEATS:
        try:
            found.append(scores(out, state.emperor, g, state.mode))
        except ValueError:
            continue
    if not found or any(f != found[0] for f in found):
        raise ValueError("result: the guard is unknown (guard=?) and the scores depend on it")
    return out, found[0]


# ---- choosing the emperor (rules §13.3) -----------------------------------------------------


def calling_order(holder: str) -> list[str]:
    """The holder of the marked BJ, then clockwise (A → E → D → C → B, rules §13.1)."""
    i = SEATS.index(holder)
    return [SEATS[(i - k) % 5] for k in range(5)]


@dataclass(frozen=True)
class Calling:
    """The outcome of the calling: the emperor, the called face (None in 抢庄), the guard (the
    emperor himself in 独保, None in 抢庄 or when the fourth copy is not in ``hands``), how he
    became emperor (``grab``, ``call``, ``forced``) and the hands after the marked BJ went to
    him."""

    emperor: str
    call: str | None
    guard: str | None
    how: str
    hands: Mapping[str, tuple[str, ...]]


def _guard_of(hands: Mapping[str, Sequence[str]], emperor: str, face: str) -> str | None:
    if list(hands[emperor]).count(face) == 4:
        return emperor  # 独保
    for s in calling_order(emperor):
        if s != emperor and face in hands[s]:
            return s
    return None


def callable_faces(cards: Iterable[str], exactly: int | None = None) -> list[str]:
    """The faces (rank with suit, or BJ/SJ) held 3 or 4 times (``exactly`` 3: only 3 times),
    high to low."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    ok = [f for f, n in counts.items() if (n == exactly if exactly else n >= 3)]
    return sorted(ok, key=lambda f: (-VALUE[f if f in ("BJ", "SJ") else f[0]], f))


def choose_emperor(hands: Mapping[str, Sequence[str]], marked_holder: str, *,
                   grabs: Iterable[str] = (), calls: Mapping[str, str] | None = None,
                   forced: Mapping[str, str] | None = None, grab: bool = True) -> Calling | None:
    """Rules §13.3 with the players' decisions given: ``grabs`` the seats that would grab (抢庄,
    option ``grab``; asked clockwise from the holder, the first takes it), ``calls`` the face
    each seat calls when the marked BJ reaches him (absent: he passes it on clockwise),
    ``forced`` the face a forced caller picks among his faces held exactly 3 times (default the
    highest). ``hands`` hold cards with suits (``"9C"``, ``"BJ"``); the marked BJ is one of
    ``marked_holder``'s BJs. None: 黄庄, the hand is redealt."""
    cards = {s: list(hands[s]) for s in SEATS}
    if "BJ" not in cards[marked_holder]:
        raise ValueError(f"marked_holder: {marked_holder} holds no BJ")
    where = [marked_holder]

    def move(to: str) -> None:
        cards[where[0]].remove("BJ")
        cards[to].append("BJ")
        where[0] = to

    def done(emperor: str, face: str | None, how: str) -> Calling:
        guard = None if face is None else _guard_of(cards, emperor, face)
        return Calling(emperor, face, guard, how, {s: tuple(c) for s, c in cards.items()})

    order = calling_order(marked_holder)
    grabs = set(grabs)
    if grabs and not grab:
        raise ValueError("grabs: the option grab is off")
    for s in order:
        if s in grabs:
            move(s)
            return done(s, None, "grab")
    calls = calls or {}
    for s in order:
        move(s)
        if s in calls:
            face = check_face(calls[s], "calls")
            n = cards[s].count(face)
            if n < 3:
                raise ValueError(f"calls: {s} holds {n} {face}; a call needs 3 or 4 copies")
            return done(s, face, "call")
    move(marked_holder)  # the last refusal hands it on to the first holder again
    for s in order:
        threes = callable_faces(cards[s], exactly=3)
        if threes:
            face = (forced or {}).get(s, threes[0])
            if face not in threes:
                raise ValueError(f"forced: {s} must call one of {', '.join(threes)}")
            move(s)
            return done(s, face, "forced")
    return None


def declare(calling: Calling, declared: bool, options: Options | None = None) -> str:
    """The mode after the declaration (rules §13.3, ``open_guard``): 抢庄 ``grab``; 独保
    ``solo-open`` (明独) or ``dark``; otherwise ``open`` (明保) or ``dark``."""
    opts = options or Options()
    if calling.how == "grab":
        return "grab"
    if declared and not opts.open_guard:
        raise ValueError("mode: the option open_guard is off")
    if calling.guard == calling.emperor:
        return "solo-open" if declared else "dark"
    return "open" if declared else "dark"


def start(preset: str, calling: Calling, mode: str) -> State:
    """The position at the start of play: the emperor leads (rules §13.5)."""
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (baohuang or baohuang-basic)")
    hands = tuple(count_faces(calling.hands[s], calling.call) for s in SEATS)
    guard = None if mode == "grab" else calling.guard
    st = State(preset, PRESETS[preset], calling.emperor, calling.call, mode, guard, hands, (),
               calling.emperor, (), EMPTY, None)
    _live(st)
    return st


def deal(rng: random.Random, first_drawer: str | None = None
         ) -> tuple[dict[str, list[str]], str]:
    """216 cards one at a time in playing order from the first drawer (44 to him, 43 to the
    others, rules §13.2), and the holder of the marked BJ."""
    first = SEATS.index(first_drawer) if first_drawer else rng.randrange(5)
    deck = full_deck_with_suits()
    deck[deck.index("BJ")] = "BJ*"  # the marked one
    rng.shuffle(deck)
    hands = {SEATS[(first + k) % 5]: deck[k::5] for k in range(5)}
    holder = next(s for s, c in hands.items() if "BJ*" in c)
    hands[holder] = ["BJ" if c == "BJ*" else c for c in hands[holder]]
    return hands, holder


def random_deal(rng: random.Random, preset: str = "baohuang", grab_probability: float = 0.1,
                call_probability: float = 0.5) -> State:
    """A start-of-play position from a random deal, the calling of rules §13.3 with random
    decisions (each asked player grabs with ``grab_probability`` when the option allows, calls
    with ``call_probability`` a random face he may call, a forced caller picks at random;
    黄庄 redeals) and a random mode among those allowed."""
    if preset not in PRESETS:
        raise ValueError(f"preset: unknown {preset!r} (baohuang or baohuang-basic)")
    opts = PRESETS[preset]
    while True:
        hands, holder = deal(rng)
        order = calling_order(holder)
        grabs = []
        if opts.grab:
            for s in order:
                if rng.random() < grab_probability:
                    grabs.append(s)
                    break
        calls: dict[str, str] = {}
        for s in order:
            mine = hands[s] + (["BJ"] if s != holder else [])
            faces = callable_faces(mine)
            if faces and rng.random() < call_probability:
                calls[s] = rng.choice(faces)
                break
        forced = {}
        for s in order:
            mine = hands[s]
            threes = callable_faces(mine, exactly=3)
            if threes:
                forced[s] = rng.choice(threes)
        calling = choose_emperor(hands, holder, grabs=grabs, calls=calls, forced=forced,
                                 grab=opts.grab)
        if calling is None:
            continue
        if calling.how == "grab":
            mode = "grab"
        elif calling.guard == calling.emperor:
            mode = rng.choice(["dark", "solo-open"] if opts.open_guard else ["dark"])
        else:
            mode = rng.choice(["dark", "open"] if opts.open_guard else ["dark"])
        return start(preset, calling, mode)


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
        n.actions.append(f"{SEATS[p]}:{_action_text(a, state.call)}")
        state = _state_after(state, n)
        states.append(state)


def count_cards(state: State) -> int:
    """All cards of a position: hands, the round's plays and gone (216 when all are known)."""
    total = state.gone.size + sum(h.size for h in state.hands)
    for text in state.actions:
        a = _parse_action(text[2:], "round", state.call)
        if isinstance(a, tuple):
            total += sum(a)
    return total


__all__ = [
    "MODES", "ONOFF", "PLACE_POINTS", "PRESETS", "SEATS", "SOLO_POINTS", "Calling", "Options",
    "State", "apply", "callable_faces", "calling_order", "choose_emperor", "count_cards", "deal",
    "declare", "format", "legal", "parse", "random_deal", "random_playout", "result",
    "revealed", "scores", "start", "to_act",
]
