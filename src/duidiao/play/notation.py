"""Position strings (docs/notation.md): tokens to a :class:`Record` and back.

:func:`parse_record` checks the syntax and each field (cards, levels, suits, seats);
:class:`duidiao.Position` then builds the hand on the C++ core, which checks the cards against
the rules (counts, copies, voids, 干巴锅: :func:`refusal_message` words its refusals), checks
who leads and whose turn it is (:func:`check_record`), and replays the written tricks.
:func:`format_record` prints the canonical form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from duidiao.play._limits import QUOTE_MAX, quote
from duidiao.play.cards import (
    _SYMBOLS,
    EFFECTIVE_SUITS,
    NO_TRUMP,
    SEATS,
    SUITS,
    TRUMP_LETTERS,
    Cards,
    _planes_of,
    _popcount,
    face_name,
    parse_face,
    parse_suit,
    too_many_copies,
    too_many_in_all,
)
from duidiao.play.enums import KittyBurial
from duidiao.play.errors import NotationError
from duidiao.play.level import Level
from duidiao.play.rules import ALL_PRESETS, Rules

__all__ = [
    "TrickRecord",
    "Record",
    "parse_record",
    "format_record",
    "format_cards",
    "parse_seat",
    "parse_level",
    "TEAMS",
    "KEYS",
]

TEAMS = ("NS", "EW")
KEYS = (
    "level",
    "trump",
    "declarer",
    "levels",
    "S",
    "E",
    "N",
    "W",
    "kitty",
    "tricks",
    "trick",
    "gone",
    "points",
    "voids",
    "dry",
    "turn",
    "with",
    "without",
    "stake",
)
REQUIRED = ("level", "trump", "declarer", "S", "E", "N", "W")

SUIT_NAMES = ("heart", "diamond", "spade", "club", "trump")
DECKS_NAMES = {1: "one-deck", 2: "two-deck", 3: "three-deck"}

WIDER_PRESETS = ("one-deck", "huanle", "three-deck")
"""The presets of rules §11, the only ones a position string may switch options of."""
SWITCHES = ("counter_bury", "permanent_twos", "protect_triples", "stakes")
"""The on/off options of rules §11.10 that ``with=`` and ``without=`` switch."""
# The most a stake may be: every doubling climbs a rung of rules §11.7's ladder (a declaration
# or a counter strictly stronger than the one standing), 7 rungs with two decks, 13 with three.
STAKE_MOST = {2: 2**6, 3: 2**12}


@dataclass(frozen=True)
class TrickRecord:
    """A written trick: the leader's seat number and the plays in playing order."""

    leader: int
    plays: tuple[Cards, ...]


@dataclass(frozen=True)
class Record:
    """Everything a position string says: levels as :class:`Level`, the rest as numbers
    (docs/internals.md encodings)."""

    preset: str
    level: Level
    trump: int
    declarer: int
    levels: tuple[Level, Level]
    hands: tuple[Cards, Cards, Cards, Cards]
    unknown: tuple[int, int, int, int]
    kitty: Cards | None
    tricks: tuple[TrickRecord, ...] = ()
    trick: TrickRecord | None = None
    gone: Cards = Cards()
    points: int | None = None
    voids: tuple[int, int, int, int] = (0, 0, 0, 0)
    # per seat, bit e: known to hold no pair in effective suit e (rules §10.4, `voids=E:!S`)
    no_pairs: tuple[int, int, int, int] = (0, 0, 0, 0)
    dry: bool = False
    turn: int | None = None
    # rules §11: the options switched against the preset (name, on), by name; the stake; per
    # seat, bit e: known to hold no triple in effective suit e (`voids=E:!3S`)
    switches: tuple[tuple[str, bool], ...] = ()
    stake: int = 1
    no_triples: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def rules(self) -> Rules:
        """The rules the position string names: its preset with its switches."""
        return _rules_of(self.preset, self.switches)


@lru_cache(maxsize=64)
def _rules_of(preset: str, switches: tuple[tuple[str, bool], ...]) -> Rules:
    return Rules.preset(preset).replace(**dict(switches))


def switches_of(rules: Rules) -> tuple[tuple[str, bool], ...]:
    """The options of ``SWITCHES`` where ``rules`` differ from their preset (a
    :class:`Record`'s ``switches``)."""
    preset = _rules_of(rules.name, ())
    return tuple((name, getattr(rules, name)) for name in SWITCHES
                 if getattr(rules, name) != getattr(preset, name))


def rules_label(preset: str, switches: tuple[tuple[str, bool], ...] = ()) -> str:
    """The preset and its switches as a position string writes them: ``huanle without=stakes``."""
    parts = [preset]
    for key, on in (("with", True), ("without", False)):
        names = [name for name, value in switches if value is on]
        if names:
            parts.append(f"{key}={','.join(names)}")
    return " ".join(parts)


def check_playable(record: Record) -> None:
    """A position of rules the engine does not play yet (rules §11's presets) is refused in one
    line, naming the first option not played; its string parses and prints all the same."""
    try:
        record.rules.check_supported()
    except ValueError as exc:
        label = rules_label(record.preset, record.switches)
        raise _err("preset", f"{quote(label)} is not playable yet ({exc})") from None


def _parse_switches(values: dict[str, str], preset: str) -> tuple[tuple[str, bool], ...]:
    """``with=`` and ``without=`` (rules §11.10): the on/off options switched against the
    preset, sorted by name."""
    switched: dict[str, bool] = {}
    base = _rules_of(preset, ())
    for key, on in (("with", True), ("without", False)):
        if key not in values:
            continue
        if preset not in WIDER_PRESETS:
            raise _err(key, f"not under {preset} (options are switched only under "
                            f"{', '.join(WIDER_PRESETS)})")
        if not values[key]:
            raise _err(key, "no option written (leave the key out)")
        for name in values[key].split(","):
            if name not in SWITCHES:
                raise _err(key, f"{quote(name)} is not an option a position switches "
                                f"({', '.join(SWITCHES)})")
            if name in switched:
                raise _err(key, f"{name} is given twice")
            if getattr(base, name) is on:
                raise _err(key, f"{name} is already {'on' if on else 'off'} under {preset}")
            if name == "stakes" and base.decks == 1:
                raise _err(key, f"stakes under {preset}, where nothing can double (no pairs to "
                                "counter with, rules §11.9)")
            switched[name] = on
    return tuple(sorted(switched.items()))


def _parse_stake(text: str, rules: Rules, label: str) -> int:
    """``stake=`` (rules §11.9): a power of two up to what the ladder can double to."""
    if not rules.stakes:
        raise _err("stake", f"no stakes under {label} (rules §11.9)")
    most = STAKE_MOST[rules.decks]
    value = int(text) if text.isdigit() and text.isascii() and len(text) <= 5 else 0
    if value < 1 or value & (value - 1) or value > most:
        raise _err("stake", f"{quote(text)} is not a power of two from 1 to {most} "
                            f"(the stake under {label}, rules §11.9)")
    return value


def _err(field: str, message: str) -> NotationError:
    return NotationError(f"{field}: {message}")


def parse_seat(text: str, field: str) -> int:
    upper = text.upper()
    if len(upper) == 1 and upper in SEATS:
        return SEATS.index(upper)
    raise _err(field, f"{quote(text)} is not a seat (S, E, N, W)")


def parse_level(text: str, field: str) -> Level:
    try:
        return Level(text)
    except ValueError as exc:
        raise _err(field, str(exc)) from None


def _parse_trump(text: str) -> int:
    if text.upper() == "NT":  # no trump suit (rules §10.1); the core says which rules allow it
        return NO_TRUMP
    suit = parse_suit(text)
    if suit is None:
        raise _err("trump", f"{quote(text)} is not a suit (H, D, S, C) or NT (no trump)")
    return suit


def _card_list(text: str, field: str, allow_unknown: bool, rules: Rules
               ) -> tuple[Cards, int, bool]:
    """Parse a card list; returns (cards, unknown count, whether a ?N was written). A face
    written more often than the rules' packs hold it is refused (rules §11.1)."""
    if text == "":
        raise _err(field, "no cards written (write - for none)")
    if text == "-":
        return Cards(), 0, False
    faces: list[int] = []
    unknown = 0
    has_unknown = False
    for token in text.split(","):
        if not token:
            raise _err(field, f"empty card in {quote(text)}")
        if token.startswith("?"):
            if not allow_unknown:
                raise _err(
                    field, f"{quote(token)}: unknown cards are written only in hands and kitty"
                )
            digits = token[1:]
            if not digits.isdigit() or not digits.isascii() or len(digits) > 3:
                raise _err(field, f"{quote(token)} is not ?N (N unknown cards)")
            if has_unknown:
                raise _err(field, f"{quote(token)}: ?N is written once in a card list")
            has_unknown = True
            unknown = int(digits)
            continue
        try:
            faces.append(parse_face(token))
        except NotationError as exc:
            raise _err(field, str(exc)) from None
    planes, over = _planes_of(faces, rules.decks)
    if over is not None:
        copies = faces.count(over)
        raise _err(field, f"holds {too_many_copies(over, copies, rules.decks, rules.name)}")
    return Cards.from_masks(*planes), unknown, has_unknown


def _parse_trick(text: str, field: str, complete: bool, rules: Rules) -> TrickRecord:
    if ":" not in text:
        raise _err(field, f"{quote(text)} has no leader (write SEAT:plays, e.g. S:AH|3H|5H|KH)")
    seat_text, plays_text = text.split(":", 1)
    leader = parse_seat(seat_text, field)
    plays: list[Cards] = []
    if plays_text:
        for i, play_text in enumerate(plays_text.split("|")):
            seat = SEATS[(leader + i) % 4]
            if play_text in ("", "-"):
                raise _err(field, f"{seat} plays no card (a play is a card list)")
            cards, _, _ = _card_list(play_text, field, False, rules)
            plays.append(cards)
    if complete and len(plays) != 4:
        raise _err(field, f"{len(plays)} plays, a completed trick has 4")
    if not complete and len(plays) > 3:
        raise _err(
            field, f"{len(plays)} plays, a trick in progress has at most 3 (write it in tricks)"
        )
    lead_size = len(plays[0]) if plays else 0
    for i, play in enumerate(plays[1:], 1):
        if len(play) != lead_size:
            seat = SEATS[(leader + i) % 4]
            raise _err(field, f"{seat} plays {len(play)} cards, the lead was {lead_size}")
    return TrickRecord(leader, tuple(plays))


def _suit_letters(item: str, text: str, trump: int, seen_mask: int) -> int:
    """The effective suits of a void item's letters (``T`` for trumps) as a mask."""
    mask = 0
    for ch in text:
        letter = _SYMBOLS.get(ch, ch.upper())
        if len(letter) != 1 or letter not in EFFECTIVE_SUITS:
            raise _err("voids", f"{quote(item)}: {ch!r} is not a suit (T, H, D, S, C)")
        e = EFFECTIVE_SUITS.index(letter)
        if e == trump and trump != NO_TRUMP:  # the trump suit's cards are trumps, written T
            raise _err(
                "voids",
                f"{quote(item)} names the trump suit {SUITS[trump]} (trumps are written T)",
            )
        if (mask | seen_mask) >> e & 1:
            raise _err("voids", f"{quote(item)} names {letter} twice")
        mask |= 1 << e
    return mask


_Masks = tuple[int, int, int, int]


def _parse_voids(text: str, trump: int, rules: Rules) -> tuple[_Masks, _Masks, _Masks]:
    """``voids=E:H!S,W:T!3D``: per seat its suits, each written ``X`` (void), ``!X`` (no pair
    left, rules §10.4) or ``!3X`` (no triple left, rules §11.5); the prefix is the one
    suit's."""
    voids = [0, 0, 0, 0]
    no_pairs = [0, 0, 0, 0]
    no_triples = [0, 0, 0, 0]
    if not text:
        raise _err("voids", "empty (leave the key out when no void is known)")
    seen: set[int] = set()
    for item in text.split(","):
        if ":" not in item:
            raise _err("voids", f"{quote(item)} is not SEAT:SUITS (e.g. E:HS, or E:H!S)")
        seat_text, suits_text = item.split(":", 1)
        seat = parse_seat(seat_text, "voids")
        if seat in seen:
            raise _err("voids", f"{quote(item)}: {SEATS[seat]} is given twice")
        seen.add(seat)
        if not suits_text:
            raise _err("voids", f"{quote(item)} names no suit (T, H, D, S, C)")
        named = 0
        i = 0
        while i < len(suits_text):
            needs = 1  # copies a face must have for the fact to mean anything
            if suits_text[i] == "!":
                needs = 3 if suits_text[i + 1:i + 2] == "3" else 2
                i += needs - 1
                if i >= len(suits_text):
                    what = "!3 (no triple left)" if needs == 3 else "! (no pair left)"
                    raise _err("voids", f"{quote(item)}: no suit after {what}")
                if rules.decks < needs:
                    what = "triples" if needs == 3 else "pairs"
                    copies = "once" if rules.decks == 1 else "twice"
                    raise _err("voids", f"{quote(item)}: there are no {what} under {rules.name} "
                                        f"(a card exists {copies})")
            mask = _suit_letters(item, suits_text[i], trump, named)
            named |= mask
            (voids, no_pairs, no_triples)[needs - 1][seat] |= mask
            i += 1
    return _four(voids), _four(no_pairs), _four(no_triples)


def _four(values: list[int]) -> _Masks:
    return (values[0], values[1], values[2], values[3])


def _parse_levels(text: str) -> dict[int, Level]:
    levels: dict[int, Level] = {}
    for item in text.split(","):
        if ":" not in item:
            raise _err("levels", f"{quote(item)} is not TEAM:LEVEL (e.g. NS:5,EW:8)")
        team_text, level_text = item.split(":", 1)
        team_upper = team_text.upper()
        if team_upper not in TEAMS:
            raise _err("levels", f"{quote(team_text)} is not a team (NS, EW)")
        team = TEAMS.index(team_upper)
        if team in levels:
            raise _err("levels", f"{team_upper} is given twice")
        levels[team] = parse_level(level_text, "levels")
    for team, name in enumerate(TEAMS):
        if team not in levels:
            raise _err("levels", f"no level for {name} (write NS:…,EW:…)")
    return levels


def format_cards(cards: Cards, level: Level, trump: int, unknown: int = 0, *,
                 permanent_twos: bool = False) -> str:
    """A card list in notation order (the 2s among the trumps with ``permanent_twos``, rules
    §11.2), ``?N`` last, ``-`` when empty."""
    parts = [str(card) for card in cards.ordered(level, trump, permanent_twos=permanent_twos)]
    if unknown:
        parts.append(f"?{unknown}")
    return ",".join(parts) or "-"


def parse_record(text: str) -> Record:
    """Parse a position string and check what can be checked without playing the tricks."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is a str, not {type(text).__name__}")
    tokens = text.split()
    preset = "chifeng"
    values: dict[str, str] = {}
    for i, token in enumerate(tokens):
        if "=" not in token:
            if i == 0:
                if token not in ALL_PRESETS:
                    raise _err("preset", f"{quote(token)} is not a preset "
                                         f"({', '.join(ALL_PRESETS)})")
                preset = token
                continue
            raise _err("position", f"{quote(token)} is not key=value (a preset comes first)")
        key, value = token.split("=", 1)
        if key not in KEYS:
            field = key if key and len(key) <= QUOTE_MAX else "position"  # a bounded message
            raise _err(field, f"{quote(token)}: unknown key (keys are {', '.join(KEYS)})")
        if key in values:
            raise _err(key, "given twice")
        if not value.isascii():  # str.upper would read some letters as ASCII ('ſ' as S)
            odd = next((ch for ch in value if not ch.isascii() and ch not in _SYMBOLS), None)
            if odd is not None:
                raise _err(key, f"{odd!r} (U+{ord(odd):04X}) is not a character of the notation")
        values[key] = value
    for key in REQUIRED:
        if key not in values:
            raise _err(key, "missing (required)")

    switches = _parse_switches(values, preset)
    rules = _rules_of(preset, switches)
    sizes = rules.sizes
    stake = 1
    if "stake" in values:
        stake = _parse_stake(values["stake"], rules, rules_label(preset, switches))
    level = parse_level(values["level"], "level")
    trump = _parse_trump(values["trump"])
    declarer = parse_seat(values["declarer"], "declarer")

    team = declarer % 2
    if "levels" in values:
        levels_map = _parse_levels(values["levels"])
        if levels_map[team] != level:
            raise _err(
                "levels",
                f"{TEAMS[team]} is at {levels_map[team]} but the hand is played at "
                f"level {level} with {SEATS[declarer]} declaring",
            )
        levels = (levels_map[0], levels_map[1])
    else:
        levels = (level, level)

    hands: list[Cards] = []
    unknown: list[int] = []
    for seat in SEATS:
        cards, n, _ = _card_list(values[seat], seat, True, rules)
        hands.append(cards)
        unknown.append(n)

    kitty: Cards | None = None
    if "kitty" in values:
        cards, n, has_unknown = _card_list(values["kitty"], "kitty", True, rules)
        size = sizes.kitty_cards
        if has_unknown:
            if cards:
                raise _err("kitty", f"{quote(values['kitty'])}: write the {size} cards or "
                                    f"?{size}, not a part")
            if n != size:
                raise _err("kitty", f"'?{n}': the kitty has {size} cards")
        else:
            if len(cards) != size:
                raise _err("kitty", f"{len(cards)} cards, the kitty has {size}")
            kitty = cards

    tricks: list[TrickRecord] = []
    if "tricks" in values:
        if values["tricks"] == "":
            raise _err("tricks", "no trick written (leave the key out)")
        for i, trick_text in enumerate(values["tricks"].split("/"), 1):
            tricks.append(_parse_trick(trick_text, f"tricks: trick {i}", True, rules))
    trick: TrickRecord | None = None
    if "trick" in values:
        trick = _parse_trick(values["trick"], "trick", False, rules)

    gone = Cards()
    if "gone" in values:
        gone, _, _ = _card_list(values["gone"], "gone", False, rules)

    points: int | None = None
    if "points" in values:
        ptext = values["points"]
        if not ptext.isdigit() or not ptext.isascii() or len(ptext) > 3:
            raise _err("points", f"{quote(ptext)} is not a number of points")
        points = int(ptext)
        if points % 5 or points > sizes.deck_points:
            raise _err("points", f"{quote(ptext)}: points are a multiple of 5 from 0 to "
                                 f"{sizes.deck_points}")
    if gone.points and points is None:
        raise _err("points", f"required when gone holds point cards (gone holds {gone.points})")

    voids, no_pairs, no_triples = ((0, 0, 0, 0),) * 3
    if "voids" in values:
        voids, no_pairs, no_triples = _parse_voids(values["voids"], trump, rules)

    dry = False
    if "dry" in values:
        if rules.kitty_burial is KittyBurial.FACE_DOWN:  # no 干巴锅 to say yes or no to
            raise NotationError(_no_dry(preset))
        if values["dry"] not in ("yes", "no"):
            raise _err("dry", f"{quote(values['dry'])} is not yes or no")
        dry = values["dry"] == "yes"

    turn: int | None = None
    if "turn" in values:
        turn = parse_seat(values["turn"], "turn")

    record = Record(
        preset=preset,
        level=level,
        trump=trump,
        declarer=declarer,
        levels=levels,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        unknown=(unknown[0], unknown[1], unknown[2], unknown[3]),
        kitty=kitty,
        tricks=tuple(tricks),
        trick=trick,
        gone=gone,
        points=points,
        voids=voids,
        no_pairs=no_pairs,
        dry=dry,
        turn=turn,
        switches=switches,
        stake=stake,
        no_triples=no_triples,
    )
    return record


def _sources(record: Record) -> list[tuple[str, Cards]]:
    sources: list[tuple[str, Cards]] = [(SEATS[s], record.hands[s]) for s in range(4)]
    if record.kitty is not None:
        sources.append(("kitty", record.kitty))
    for trick in record.tricks:
        sources.extend(("tricks", play) for play in trick.plays)
    if record.trick is not None:
        sources.extend(("trick", play) for play in record.trick.plays)
    sources.append(("gone", record.gone))
    return sources


def played_by_seat(record: Record) -> list[int]:
    """How many cards each seat played in ``tricks`` and ``trick``."""
    played = [0, 0, 0, 0]
    for trick in record.tricks + ((record.trick,) if record.trick is not None else ()):
        for i, play in enumerate(trick.plays):
            played[(trick.leader + i) % 4] += len(play)
    return played


def check_record(record: Record) -> None:
    """The checks of the record's own fields (docs/notation.md: who leads, whose turn), made
    once the core has accepted its cards (counts, copies, voids, 干巴锅: the rules' checks,
    worded by :func:`refusal_message`) and before the written tricks are replayed."""
    if not record.gone:
        first = record.tricks[0] if record.tricks else record.trick
        if first is not None and first.leader != record.declarer:
            first_field = "tricks: trick 1" if record.tricks else "trick"
            raise _err(
                first_field,
                f"led by {SEATS[first.leader]}, but the declarer "
                f"{SEATS[record.declarer]} leads the first trick",
            )

    if record.turn is not None:
        if record.trick is not None:
            derived = (record.trick.leader + len(record.trick.plays)) % 4
            if derived != record.turn:
                raise _err(
                    "turn",
                    f"given {SEATS[record.turn]}, but the trick in progress says "
                    f"{SEATS[derived]} is to play",
                )
        elif not record.tricks and not record.gone and record.turn != record.declarer:
            raise _err(
                "turn",
                f"given {SEATS[record.turn]}, but the declarer "
                f"{SEATS[record.declarer]} leads the first trick",
            )
    elif (record.gone and not record.tricks and record.trick is None
          and (any(record.hands) or any(record.unknown))):  # a hand over has no turn
        raise _err("turn", "required when gone is given without tricks or trick")


def refusal_message(record: Record, reason: str | None, field: str | None, token: str | None,
                    suit: int | None) -> str | None:
    """The notation's message for a core refusal of the record's cards (its Detail: reason,
    field, token, suit), or None when the reason is not one of the record's."""
    rules = record.rules
    sizes = rules.sizes
    if reason == "total":
        return (f"cards: {token} cards in all, a {DECKS_NAMES[rules.decks]} position has "
                f"{sizes.deck_cards}")
    if reason == "copies" and token:
        face = parse_face(token)
        sources = _sources(record)
        names = list(dict.fromkeys(name for name, c in sources if c.count(face)))
        copies = sum(c.count(face) for _, c in sources)
        return f"cards: {too_many_in_all(face, copies, names, rules.decks, rules.name)}"
    if reason == "sizes":
        if len(record.gone) % 4:
            return (f"gone: {len(record.gone)} cards, not a multiple of 4 "
                    "(every seat plays as many)")
        share = len(record.gone) // 4
        played = played_by_seat(record)
        expected = sizes.hand_cards - share
        for seat in range(4):
            held = len(record.hands[seat]) + record.unknown[seat]
            if held + played[seat] != expected:
                # "expected 25", or "expected 25 less 3 in gone = 22": no "25 = 25"
                gone_text = f" less {share} in gone = {expected}" if share else ""
                return (f"{SEATS[seat]}: {held} cards held and {played[seat]} played in tricks "
                        f"make {held + played[seat]}, expected {sizes.hand_cards}{gone_text}")
        return None
    if reason == "not_dry" and token:
        return (f"dry: the kitty holds {face_name(parse_face(token))}, a card of the trump suit: "
                "it was not 干巴锅")
    if reason == "no_trump":
        return (f"trump: NT (no trump suit) is not in the {record.preset} rules "
                "(rules §10.1: hands without trumps come from the standard declaring)")
    if reason == "dry_not_in_rules":
        return _no_dry(record.preset)
    if reason == "pair_held" and suit is not None:
        return f"voids: {field} has no pair left in {SUIT_NAMES[suit]}s but holds {token}"
    if reason == "void_held" and suit is not None:
        return f"voids: {field} is void in {SUIT_NAMES[suit]}s but holds {token}"
    return None


def _no_dry(preset: str) -> str:
    return f"dry: 干巴锅 is not in the {preset} rules: the kitty is buried face down (rules §10.6)"


def _void_text(voids: Sequence[int], no_pairs: Sequence[int] = (0, 0, 0, 0),
               no_triples: Sequence[int] = (0, 0, 0, 0)) -> str:
    """Per seat its suits in the order T H D S C, each with the strongest fact known: ``X``
    void, ``!X`` no pair left, ``!3X`` no triple left."""
    items = []
    for seat in range(4):
        text = ""
        for e in (4, 0, 1, 2, 3):
            for prefix, masks in (("", voids), ("!", no_pairs), ("!3", no_triples)):
                if masks[seat] >> e & 1:
                    text += prefix + EFFECTIVE_SUITS[e]
                    break
        if text:
            items.append(f"{SEATS[seat]}:{text}")
    return ",".join(items)


def format_trick(trick: TrickRecord, level: Level, trump: int, *,
                 permanent_twos: bool = False) -> str:
    plays = "|".join(format_cards(play, level, trump, permanent_twos=permanent_twos)
                     for play in trick.plays)
    return f"{SEATS[trick.leader]}:{plays}"


def format_record(record: Record) -> str:
    """The canonical form (docs/notation.md): preset with its switches, level, trump,
    declarer, levels, stake (under rules with stakes), hands, kitty, tricks, trick, gone with
    points, voids, dry. ``turn`` is never written; ``trick`` is written when ``record.trick``
    is not None."""
    lv, tr = record.level, record.trump
    rules = record.rules
    twos = rules.permanent_twos

    def cards(c: Cards, unknown: int = 0) -> str:
        return format_cards(c, lv, tr, unknown, permanent_twos=twos)

    def trick(t: TrickRecord) -> str:
        return format_trick(t, lv, tr, permanent_twos=twos)

    parts = [
        rules_label(record.preset, record.switches),
        f"level={lv}",
        f"trump={TRUMP_LETTERS[tr]}",
        f"declarer={SEATS[record.declarer]}",
        f"levels=NS:{record.levels[0]},EW:{record.levels[1]}",
    ]
    if rules.stakes:
        parts.append(f"stake={record.stake}")
    for seat in range(4):
        parts.append(f"{SEATS[seat]}={cards(record.hands[seat], record.unknown[seat])}")
    if record.kitty is None:
        parts.append(f"kitty=?{rules.sizes.kitty_cards}")
    else:
        parts.append(f"kitty={cards(record.kitty)}")
    if record.tricks:
        parts.append("tricks=" + "/".join(trick(t) for t in record.tricks))
    if record.trick is not None:
        parts.append("trick=" + trick(record.trick))
    if record.gone:
        parts.append(f"gone={cards(record.gone)}")
        parts.append(f"points={record.points or 0}")
    void_text = _void_text(record.voids, record.no_pairs, record.no_triples)
    if void_text:
        parts.append(f"voids={void_text}")
    if record.dry:
        parts.append("dry=yes")
    return " ".join(parts)


def count_bits(mask: int) -> int:
    return _popcount(mask)
