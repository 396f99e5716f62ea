"""Helpers for the golden tests of a whole hand (rules §6) and of a match (§8), driven
through ``duidiao._core.Game``.

A deck is written as "who draws which card when": :func:`deal` takes, per seat, the cards it
must draw (``"AH@3"`` is the seat's third draw, 1-based; a card without ``@`` takes the seat's
earliest free draw) and the eight kitty cards, and fills every other draw with the cards not
written, low plain cards first, so that level cards and jokers that a test does not place are
drawn last. It returns the 108 card ids in drawing order (deck[0] is drawn by the first
drawer, then in turn order S → E → N → W).

:func:`run_declaring` answers the declaring chances with a script and records every chance
offered, which is what the timing tests (§6.2) look at. :func:`play_out` plays the hand to its
end with a fixed, engine-independent policy (the legal move with the fewest cards, then the
lowest card ids), so that a deal can force its result.
"""

from __future__ import annotations

from golden_helpers import FACES, RANKS, SEATS, card_list

from duidiao import _core

DECLARE, BURY, GRAB, XIAOSA, PLAY, OVER = range(6)
SINGLE, LOCK, OVERRIDE = 1, 2, 3
HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
SUIT_OF = {"H": 0, "D": 1, "S": 2, "C": 3}


def rules(name: str = "chifeng"):
    return _core.Rules.preset(name)


def cid(card: str) -> int:
    """Card id of one card string (``"AH"``, ``"10D"``, ``"SJ"``)."""
    return FACES.index(card_list(card)[0])


def name(card_id: int) -> str:
    return FACES[card_id]


def cset(text: str) -> tuple[int, int]:
    """A card list as a ``(one, two)`` card set."""
    one = two = 0
    for c in card_list(text):
        b = 1 << FACES.index(c)
        if one & b:
            assert not two & b, f"{c} three times"
            two |= b
        one |= b
    return one, two


def cards(s) -> str:
    """A ``(one, two)`` card set as a sorted card list (each copy written)."""
    one, two = s
    out = []
    for f in range(54):
        if one >> f & 1:
            out.append(FACES[f])
        if two >> f & 1:
            out.append(FACES[f])
    return ",".join(out)


def size(s) -> int:
    return bin(s[0]).count("1") + bin(s[1]).count("1")


def level_rank_char(level: int) -> str:
    """The card rank of a level (0 = A, …, 12 = K), as in docs/internals.md."""
    return RANKS[(level + 12) % 13]


def deal(first_drawer: int, hands: dict, kitty: str, level: int = 0) -> list[int]:
    """The deck (108 card ids in drawing order) for the given draws; see the module docstring.

    ``hands`` maps a seat (0..3 or "S", "E", "N", "W") to a card list whose cards may carry
    ``@k`` (the seat's k-th draw). ``kitty`` is the 8 kitty cards, deck[100:108] in order.
    """
    slots: dict[int, list] = {s: [None] * 25 for s in range(4)}
    used: list[str] = []
    for seat, text in hands.items():
        seat = SEATS.index(seat) if isinstance(seat, str) else seat
        free_later = []
        for tok in [t.strip() for t in text.split(",") if t.strip()]:
            card, _, at = tok.partition("@")
            card = card_list(card)[0]
            used.append(card)
            if at:
                k = int(at) - 1
                assert slots[seat][k] is None, f"{SEATS[seat]} draw {at} twice"
                slots[seat][k] = card
            else:
                free_later.append(card)
        for card in free_later:
            k = slots[seat].index(None)
            slots[seat][k] = card
    kit = card_list(kitty)
    assert len(kit) == 8, "the kitty has 8 cards"
    used += kit
    rest = {f: 2 for f in FACES}
    for c in used:
        rest[c] -= 1
        assert rest[c] >= 0, f"{c} written more than twice"
    lr = level_rank_char(level)

    def special(face: str) -> bool:
        return face in ("SJ", "BJ") or face[0] == lr

    fill = [f for f in FACES if not special(f) for _ in range(rest[f])]
    fill += [f for f in FACES if special(f) for _ in range(rest[f])]
    deck: list[str] = []
    for i in range(100):
        seat = (first_drawer + i) % 4
        k = i // 4
        if slots[seat][k] is None:
            slots[seat][k] = fill.pop(0)
        deck.append(slots[seat][k])
    assert not fill
    deck += kit
    return [FACES.index(c) for c in deck]


def game(deck, first_drawer: int, declarer: int = -1, level_ns: int = 0, level_ew: int = 0,
         preset: str = "chifeng"):
    return _core.Game(rules(preset), deck, first_drawer, declarer, level_ns, level_ew)


def draw_no(first_drawer: int, seat: int, k: int) -> int:
    """``drawn`` right after ``seat`` draws its k-th card (1-based)."""
    return 4 * (k - 1) + (seat - first_drawer) % 4 + 1


def run_declaring(g, script=None) -> list[tuple]:
    """Answer every declaring chance until the phase is over.

    ``script`` maps ``(drawn, seat)`` to ``(suit, kind)``, or to a list of answers for the
    successive chances with that key (``None`` declines); every other chance is declined.
    Returns the chances offered, as ``(drawn, seat, sorted options)``.
    """
    todo = {k: list(v) if isinstance(v, list) else [v] for k, v in (script or {}).items()}
    seen = []
    while g.phase == DECLARE:
        key = (g.drawn, g.to_act)
        seen.append((g.drawn, g.to_act, sorted(g.declare_options())))
        answer = todo[key].pop(0) if todo.get(key) else None
        if answer is None:
            g.decline()
        else:
            g.declare(*answer)
    left = {k: v for k, v in todo.items() if v}
    assert not left, f"script entries never reached: {left}"
    return seen


def declare_when(g, seat: int, suit: int, kind: int) -> None:
    """Decline every chance until ``seat`` may make ``(suit, kind)``; make it; decline the rest
    of the declaring."""
    while g.phase == DECLARE:
        if g.to_act == seat and (suit, kind) in g.declare_options():
            g.declare(suit, kind)
            break
        g.decline()
    else:
        raise AssertionError(f"{SEATS[seat]} never had ({suit}, {kind})")
    while g.phase == DECLARE:
        g.decline()


def decline_all(g) -> None:
    """Decline every declaring, grab and 潇洒 chance until the play (or the burying) starts."""
    while g.phase in (DECLARE, GRAB, XIAOSA):
        g.decline()


def ids(s) -> list[int]:
    """A card set as its sorted card ids, each copy written."""
    return [f for f in range(54) for _ in range((s[0] >> f & 1) + (s[1] >> f & 1))]


def lowest_move(moves):
    return min(moves, key=lambda m: (size(m), ids(m)))


def play_out(g) -> None:
    """Play the rest of the hand: every seat plays its legal move with the fewest cards, then the
    lowest card ids (so every lead is a single)."""
    while g.phase == PLAY:
        g.play(lowest_move(g.hand().legal_moves()))


def snapshot(g) -> tuple:
    """Everything observable about a Game, to check that a refused decision changed nothing."""
    return (
        g.phase, g.to_act, g.drawn, g.trump, g.declarer, g.dry, g.kitty, g.kitty_public,
        tuple(g.held(s) for s in range(4)), tuple(g.exposed(s) for s in range(4)),
        tuple(g.declarations()), tuple(g.grabs()), tuple(g.xiaosas()),
        g.grab_offer if g.phase == GRAB else None,
        tuple(map(tuple, g.declare_options())) if g.phase == DECLARE else None,
    )
