"""Helpers for the golden rule tests (one or more per paragraph of docs/rules.md).

A test's docstring quotes the rule it pins as the project's rules specification words it; the
rules book docs/rules.md says the same in its own words, under the same section numbers.

The interesting part of every position is written literally in its test. :func:`complete`
only does the card arithmetic a reader does not need to see: every card of the 108 that the
string does not write anywhere goes to ``gone=`` (and, when the string has no ``kitty=``, the
first eight of them, low non-point cards, to the kitty). It checks that no face is written
more than twice, that the hands have the sizes the trick in progress implies and that the
result adds up to 108 cards and 200 points. ``points=`` (the defenders' points) must always be
written by the test itself.
"""

from __future__ import annotations

from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "HDSC"
FACES = [r + s for s in SUITS for r in RANKS] + ["SJ", "BJ"]
CARD_POINTS = {"5": 5, "T": 10, "K": 10}
SEATS = "SENW"
CARD_KEYS = ("S", "E", "N", "W", "kitty", "gone")


def norm_card(token: str) -> str:
    t = token.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if t not in FACES:
        raise AssertionError(f"not a card: {token!r}")
    return t


def card_list(text: str) -> list[str]:
    if text in ("", "-"):
        return []
    return [norm_card(c) for c in text.split(",")]


def points_of(cards) -> int:
    return sum(CARD_POINTS.get(c[0], 0) for c in cards if c not in ("SJ", "BJ"))


def _trick_plays(text: str) -> tuple[str, list[list[str]]]:
    leader, _, plays = text.partition(":")
    return leader, ([card_list(p) for p in plays.split("|")] if plays else [])


def _tokens(text: str) -> dict[str, str]:
    fields = {}
    for tok in text.split():
        if "=" in tok:
            k, _, v = tok.partition("=")
            assert k not in fields, f"key {k} twice"
            fields[k] = v
    return fields


def written_cards(text: str) -> Counter:
    """Every card written in the position string (hands, kitty, gone, tricks, trick)."""
    f = _tokens(text)
    cards: list[str] = []
    for k in CARD_KEYS:
        if k in f:
            assert "?" not in f[k], "complete() needs every card known"
            cards += card_list(f[k])
    for k in ("tricks", "trick"):
        if k in f:
            for t in f[k].split("/"):
                for p in _trick_plays(t)[1]:
                    cards += p
    return Counter(cards)


def check_deal(text: str) -> str:
    """Assert that a fully written position string is arithmetically sound; return it."""
    f = _tokens(text)
    c = written_cards(text)
    over = {k: n for k, n in c.items() if n > 2}
    assert not over, f"faces written more than twice: {over}"
    total = sum(c.values())
    assert total == 108, f"{total} cards written, a position has 108"
    assert points_of(c.elements()) == 200
    assert "kitty" in f and len(card_list(f["kitty"])) == 8, "kitty must have 8 cards"
    # hand sizes: equal, except for the seats that already played to the trick in progress
    sizes = {s: len(card_list(f[s])) for s in SEATS}
    played = {s: 0 for s in SEATS}
    if "trick" in f:
        leader, plays = _trick_plays(f["trick"])
        i = SEATS.index(leader)
        for k, p in enumerate(plays):
            played[SEATS[(i + k) % 4]] = len(p)
    if "tricks" in f:
        for t in f["tricks"].split("/"):
            _, plays = _trick_plays(t)
            assert len(plays) == 4, f"a completed trick has 4 plays: {t}"
            assert len({len(p) for p in plays}) == 1, f"unequal plays in {t}"
    assert len({sizes[s] + played[s] for s in SEATS}) == 1, f"hand sizes {sizes}"
    assert "points" in f or points_of(card_list(f.get("gone", "-"))) == 0, "points= missing"
    return text


def complete(text: str) -> str:
    """Put every card not written in ``text`` into ``gone=`` (and ``kitty=`` when absent)."""
    text = " ".join(text.split())
    c = written_cards(text)
    rest = Counter({face: 2 for face in FACES})
    rest.subtract(c)
    bad = {k: -n for k, n in rest.items() if n < 0}
    assert not bad, f"faces written more than twice: {bad}"
    left = list(rest.elements())
    f = _tokens(text)
    if "kitty" not in f:
        # eight low cards that score nothing: the kitty only matters in the result tests,
        # which always write it
        pool = sorted(left, key=lambda x: (x in ("SJ", "BJ") or points_of([x]) > 0,
                                           RANKS.index(x[0]) if x[0] in RANKS else 99))
        kitty = pool[:8]
        for k in kitty:
            left.remove(k)
        text += " kitty=" + ",".join(kitty)
    if left:
        assert "gone" not in f, "complete() writes gone= itself"
        text += " gone=" + ",".join(left)
    return check_deal(text)


# -- thin wrappers over the public API (imported lazily: the helpers above work without it) --
def position(text: str):
    """Parse ``complete(text)``."""
    import duidiao

    return duidiao.Position.parse(complete(text))


def multiset(text: str) -> str:
    """A card list in a fixed order of our own (sorted faces): equal for equal multisets, whatever
    order the engine prints (a ``Move`` prints in its position's trump order, a ``Cards`` without
    context does not)."""
    return ",".join(sorted(card_list(text)))


def canon(*card_lists: str) -> set[str]:
    """Some card lists as multisets, to compare with :func:`moves`."""
    return {multiset(x) for x in card_lists}


def moves(pos) -> set[str]:
    """The legal moves of ``pos`` as multisets (see :func:`multiset`)."""
    ms = pos.legal_moves()
    out = {multiset(str(m)) for m in ms}
    assert len(out) == len(ms), "legal_moves() lists a multiset twice"
    return out


def same(cards, text: str) -> bool:
    """Whether a ``Cards`` (or anything printing as a card list) is the multiset ``text``."""
    import duidiao

    return duidiao.Cards.parse(str(cards)) == duidiao.Cards.parse(text)


def play(pos, *plays: str):
    """Play the given moves in turn; return the new position."""
    for p in plays:
        pos = pos.play(p)
    return pos


def lead_of(pos) -> str:
    """What was actually led in the last completed trick (a failed throw is its forced part)."""
    return str(pos.tricks[-1].plays[0])


def position_under(text: str, rules):
    """Parse ``complete(text)`` and play it under ``rules`` (a ``duidiao.Rules``) instead of
    its preset's: the standard game's options on a Chifeng position (rules §10), which a
    position string's preset cannot name yet."""
    import dataclasses

    from duidiao.play.notation import parse_record
    from duidiao.play.position import Position, _build, _position_from_record

    record = parse_record(complete(text))
    static, _ = _position_from_record(record)
    hand = _build(record, rules, 0)
    if record.points is not None and record.points != hand.points:
        hand = _build(record, rules, record.points - hand.points)
    return Position._make(dataclasses.replace(static, rules=rules), hand)
