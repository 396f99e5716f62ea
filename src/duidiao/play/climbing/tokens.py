"""What the climbing games' position strings share (docs/notation.md "The climbing games"):
tokens, the preset and its options, seats, the round's actions, sets as the core sees them."""

from __future__ import annotations

from typing import Any

from duidiao.play.climbing.cards import (
    BJ,
    DECK,
    NAMES,
    SJ,
    TWO,
    Face,
    Pile,
    format_pile,
    parse_pile,
)
from duidiao.play.climbing.options import CHOICES, GAMES, ON_OFF, UNSUPPORTED, GameInfo, game_of
from duidiao.play.errors import NotationError

ACTION_WORDS = {"pass": 1, "yield": 2, "fold": 3, "noburn": 4}
WORD_OF = {code: word for word, code in ACTION_WORDS.items()}

ActionTuple = tuple[int, int, int, int, int, int, int]


def split_tokens(text: str, keys: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The preset and the key=value tokens, each key at most once and known."""
    tokens = text.split()
    if not tokens:
        raise NotationError("position: empty")
    preset, fields = tokens[0], {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if not eq:
            raise NotationError(f"position: {token!r} is not key=value")
        if key not in keys:
            raise NotationError(f"position: unknown key {key!r} (keys: {', '.join(keys)})")
        if key in fields:
            raise NotationError(f"{key}: given twice")
        fields[key] = value
    return preset, fields


def read_options(game: GameInfo, preset: str, fields: dict[str, str]) -> dict[str, object]:
    """The preset's options with the position's with=/without= and choices applied."""
    options = dict(game.presets[preset])
    on_off: tuple[tuple[str, bool], ...] = (("with", True), ("without", False))
    for key, value in on_off:
        if key not in fields:
            continue
        for name in fields[key].split(","):
            if name not in ON_OFF[game.name]:
                raise NotationError(
                    f"{key}: {name!r} is not an on/off option of {game.name} "
                    f"({', '.join(ON_OFF[game.name])})"
                )
            if options[name] == value:
                raise NotationError(
                    f"{key}: {name} is already {'on' if value else 'off'} under {preset}"
                )
            options[name] = value
    for name, values in CHOICES.items():
        if name not in fields:
            continue
        if name not in options:
            raise NotationError(f"{name}: not an option of {game.name}")
        if fields[name] not in values:
            raise NotationError(f"{name}: {fields[name]!r} is not one of {', '.join(values)}")
        if fields[name] == options[name]:
            raise NotationError(f"{name}: {fields[name]} is already the value under {preset}")
        options[name] = fields[name]
    for (name, bad), section in UNSUPPORTED.items():
        if options.get(name) == bad:
            shown = f"{name}={bad}" if not isinstance(bad, bool) else f"with={name}"
            raise NotationError(f"{shown}: not played by the engine yet (rules {section})")
    return options


def option_tokens(game: GameInfo, preset: str, options: dict[str, object]) -> list[str]:
    base = game.presets[preset]
    on = sorted(n for n in ON_OFF[game.name] if options[n] and not base[n])
    off = sorted(n for n in ON_OFF[game.name] if not options[n] and base[n])
    out = []
    if on:
        out.append("with=" + ",".join(on))
    if off:
        out.append("without=" + ",".join(off))
    for name in sorted(CHOICES):
        if name in base and options[name] != base[name]:
            out.append(f"{name}={options[name]}")
    return out


def find_game(preset: str, family: str) -> GameInfo:
    game = game_of(preset)
    if game is None or game.name != family:
        names = ", ".join(GAMES[family].presets)
        raise NotationError(f"preset: {preset!r} is not a {family} preset ({names})")
    return game


def seat_of(letter: str, seats: str, field: str) -> int:
    upper = letter.upper() if letter.isascii() else letter  # seats in any case, as cards
    if len(upper) != 1 or upper not in seats:
        raise NotationError(f"{field}: {letter!r} is not a seat ({' '.join(seats)})")
    return seats.index(upper)


def seat_list(text: str, seats: str, field: str) -> tuple[int, ...]:
    out = tuple(seat_of(s, seats, field) for s in text.split(","))
    if len(set(out)) != len(out):
        raise NotationError(f"{field}: a seat named twice")
    return out


def set_of(pile: Pile, call_value: int = 0) -> ActionTuple:
    """A card list as the core's set (base, plain, called, twos, sj, bj); the core judges it.
    The called copies are counted apart only for a called rank (a joker face has no copies
    apart from its kind)."""
    c = pile.counts
    ranks = [v for v in range(1, TWO) if c[v]]
    twos = c[TWO]
    if len(ranks) > 1:
        return (0, 0, 0, 0, 0, 0, 0)  # not a set: the core's refusal names it
    if ranks:
        base = ranks[0]
        attach = twos
    elif twos:
        base, attach = TWO, 0
    else:
        base, attach = 0, 0
    own = c[base] if base else 0
    if base == TWO:
        own = twos
    called = pile.called if base and base == call_value else 0
    return (0, base, own - called, called, attach, c[SJ], c[BJ])


def pile_of(action: ActionTuple) -> Pile:
    _, base, plain, called, twos, sj, bj = action
    counts = [0] * 16
    counts[base] += plain + called
    counts[TWO] += twos
    counts[SJ] += sj
    counts[BJ] += bj
    counts[0] = 0
    return Pile(tuple(counts), called)


def action_text(action: ActionTuple, call: Face | None = None) -> str:
    if action[0] != 0:
        return WORD_OF[action[0]]
    return format_pile(pile_of(action), call)


def read_action(text: str, field: str, call: Face | None, twos_attach: bool) -> ActionTuple:
    word = text.lower() if text.isascii() else text
    if word in ACTION_WORDS:
        return (ACTION_WORDS[word], 0, 0, 0, 0, 0, 0)
    pile = parse_pile(text, field, call)
    if pile.hidden or pile.size == 0:
        raise NotationError(
            f"{field}: {text!r} is not an action (a card list, pass, yield, fold or noburn)"
        )
    return set_of(pile, call.value if call is not None else 0)


__all__ = [
    "split_tokens",
    "read_options",
    "option_tokens",
    "find_game",
    "seat_of",
    "seat_list",
    "set_of",
    "pile_of",
    "action_text",
    "read_action",
    "check_cards",
    "placed",
    "check_out",
    "out_before",
    "read_score",
    "ACTION_WORDS",
    "BJ",
    "SJ",
    "TWO",
    "parse_pile",
    "format_pile",
]


def placed(hands: tuple[Pile, ...], gone: Pile,
           actions: tuple[tuple[int, ActionTuple], ...]) -> Pile:
    """The cards a position places: its hands (with their hidden ones), gone and the round's
    plays."""
    total = gone
    for h in hands:
        total = total + h
    for _, a in actions:
        if a[0] == 0:
            total = total + pile_of(a)
    return total


def unseen(
    hands: tuple[Pile, ...],
    gone: Pile,
    actions: tuple[tuple[int, ActionTuple], ...],
    call_value: int = 0,
) -> Pile:
    """The cards of the 216 that a position does not place: what its hidden cards are made of
    (the called face's copies counted apart when a rank is called)."""
    counts = [16] * 13 + [4, 4]
    counts = [0, *counts]
    called = 4 if 0 < call_value < SJ else 0
    seen = placed(hands, gone, actions)
    left = tuple(c - s for c, s in zip(counts, seen.counts))
    return Pile(left, called - seen.called if called else 0)


def check_cards(hands: tuple[Pile, ...], gone: Pile,
                actions: tuple[tuple[int, ActionTuple], ...], seats: str, game: str,
                hand_most: int, deal_rule: str) -> None:
    """What the cards of a position must be, whatever is hidden: a rank 16 times and a joker 4
    times in all, a hand at most `hand_most` cards (the deal's), at most the deck's 216 in all,
    and exactly 216 when every card is known (rules §12.2–§12.3, §13.2)."""
    for s, hand in enumerate(hands):
        _check_copies(hand, f"{seats[s]}: holds", "")
        if hand.size > hand_most:
            raise NotationError(
                f"{seats[s]}: {hand.size} cards, a hand holds at most {hand_most} "
                f"({deal_rule})"
            )
    total = placed(hands, gone, actions)
    _check_copies(total, "cards:", " in all")
    if total.size > DECK or (total.hidden == 0 and total.size != DECK):
        raise NotationError(f"cards: {total.size} cards in all, a {game} position has {DECK}")


def _check_copies(pile: Pile, before: str, after: str) -> None:
    for v in range(1, 16):
        most = 4 if v >= SJ else 16
        if pile.counts[v] > most:
            raise NotationError(
                f"{before} {pile.counts[v]} cards of rank {NAMES[v]}{after} "
                f"(a {'joker' if v >= SJ else 'rank'} exists {most} times)"
            )


def check_out(hands: tuple[Pile, ...], out: tuple[int, ...], seats: str,
              staying: tuple[int, ...] = ()) -> None:
    """A finisher holds nothing, and a seat with nothing has finished (`staying`: seats that
    never go out, as the revolutionary)."""
    for s in out:
        if hands[s].size:
            raise NotationError(f"out: {seats[s]} still holds cards")
    for s, hand in enumerate(hands):
        if hand.size == 0 and s not in out and s not in staying:
            raise NotationError(f"{seats[s]}: holds no card but is not in out (out=… lists the "
                                "seats that have finished, in order)")


def read_score(text: str, names: tuple[str, ...], field: str = "score") -> str:
    """``score=NAME:n,…``: a whole number for each name (a team or a seat), each once, in
    the order of `names` when printed."""
    given: dict[str, int] = {}
    for item in text.split(","):
        name, colon, number = item.partition(":")
        name = name.upper() if name.isascii() else name
        if not colon or name not in names:
            raise NotationError(f"{field}: {item!r} is not NAME:POINTS (names: "
                                f"{', '.join(names)})")
        digits = number[1:] if number.startswith("-") else number
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
            raise NotationError(f"{field}: {item!r}: {number!r} is not a whole number")
        if name in given:
            raise NotationError(f"{field}: {name} given twice")
        given[name] = int(number)
    missing = [n for n in names if n not in given]
    if missing:
        raise NotationError(f"{field}: no points for {', '.join(missing)}")
    return ",".join(f"{n}:{given[n]}" for n in names)


def out_before(out: tuple[int, ...], actions: tuple[tuple[int, ActionTuple], ...]
               ) -> tuple[int, ...]:
    """The finishers who went out before the current round: those without a play in it."""
    players = {s for s, a in actions if a[0] == 0}
    return tuple(s for s in out if s not in players)


def round_start(
    hands: tuple[Pile, ...],
    out: tuple[int, ...],
    leader: int,
    actions: tuple[tuple[int, ActionTuple], ...],
    seats: str,
    not_in_hand: tuple[int, ...] = (),
) -> tuple[list[Pile], tuple[int, ...], list[int]]:
    """The hands at the start of the current round, the seats out before it and those that
    went out in it (a finisher of the round has a play in it), its leader checked."""
    players = {s for s, a in actions if a[0] == 0}
    earlier = out_before(out, actions)
    if out[:len(earlier)] != earlier:  # who finished in this round has a play in it
        late = next(s for s in out if s in players)
        raise NotationError(
            f"out: {seats[late]} went out in this round (a play in round=), after "
            f"{', '.join(seats[s] for s in earlier)}: write out="
            f"{','.join(seats[s] for s in earlier + tuple(s for s in out if s in players))}"
        )
    start = list(hands)
    for s, a in actions:
        if a[0] == 0:
            start[s] = start[s] + pile_of(a)
    if leader in earlier or leader in not_in_hand:
        raise NotationError(f"round: {seats[leader]} leads but is not in the hand")
    if actions and actions[0][0] != leader:
        raise NotationError(
            f"round: {seats[actions[0][0]]} acts first, the leader is {seats[leader]}"
        )
    return start, earlier, [s for s in out if s in players]


def _answering(core: Any, seats: str, call: Face | None) -> str:
    """`` on 8*3`` (`` owned by A`` when only his 对头 may answer it): the set an action is
    asked to answer, for its refusal (rules §12.17's examples)."""
    current = tuple(core.current())
    if current[0] != 0 or not (current[1] or current[5] or current[6]):
        return ""  # a lead
    restricted = hasattr(core, "restricted") and core.restricted()  # 够级's 够级 sets only
    owned = f" owned by {seats[core.owner()]}" if restricted else ""
    return f" on {action_text(current, call)}{owned}"


def replay_round(
    core: Any,
    actions: tuple[tuple[int, ActionTuple], ...],
    seats: str,
    earlier: tuple[int, ...],
    went_out: list[int],
    call: Face | None = None,
) -> None:
    """Plays the round's actions on a core set at its start, each one checked; the round must
    still be on after the last (a new round, or a finished hand, is written without them)."""
    for s, a in actions:
        act = f"{seats[s]}:{action_text(a, call)}"
        if core.over():
            raise NotationError(f"round: {act} after the hand ended")
        if core.to_act() != s:
            raise NotationError(f"round: {act}: it is {seats[core.to_act()]}'s turn")
        why = core.refusal(a)
        if why:
            raise NotationError(f"round: {seats[s]} plays {action_text(a, call)}"
                                f"{_answering(core, seats, call)}: {why}")
        core.apply(a)
        if core.over():
            raise NotationError(
                f"round: the hand ended with {act} (a finished hand is written without round=)"
            )
        if core.stage() == 0:
            raise NotationError(
                f"round: the round ended with {act} "
                f"(write the next one: round={seats[core.to_act()]}:)"
            )
    if core.out()[len(earlier) :] != went_out:
        raise NotationError(
            "out: the seats that went out in this round are not in the order they went out"
        )
