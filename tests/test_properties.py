"""Properties of positions (docs/notation.md round trips; rules §2 conservation), by hypothesis.

- strings of random play parse back to the same position, also as seen by one player;
- parsing any text gives a Position or raises NotationError, never another exception;
- every random hand conserves 108 cards and 200 points (hands + kitty + tricks + gone).
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duidiao import Cards, NotationError
from duidiao.play.cards import LEVELS, SEATS, SUITS
from duidiao.play.notation import format_record, parse_record

pytest.importorskip("duidiao._core")

from duidiao import Position  # noqa: E402

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)
PRESETS = ("chifeng", "chifeng-classic", "chifeng-10")
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_deal(rng: random.Random) -> Position:
    deck = [f for f in range(54) for _ in range(2)]
    rng.shuffle(deck)
    hands = [Cards(deck[i * 25 : (i + 1) * 25]) for i in range(4)]
    level, trump, declarer = rng.randrange(13), rng.randrange(4), rng.randrange(4)
    levels = [0, 0]
    levels[declarer % 2] = level
    levels[1 - declarer % 2] = rng.randrange(13)
    kitty = Cards(deck[100:])
    dry = (
        " dry=yes" if not any(c.suit == SUITS[trump] for c in kitty) and rng.random() < 0.5 else ""
    )
    text = (
        f"{rng.choice(PRESETS)} level={LEVELS[level]} trump={SUITS[trump]} "
        f"declarer={SEATS[declarer]} levels=NS:{LEVELS[levels[0]]},EW:{LEVELS[levels[1]]} "
        + " ".join(f"{SEATS[i]}={hands[i]}" for i in range(4))
        + f" kitty={kitty}{dry}"
    )
    return Position(text)


def random_line(seed: int, stop: int) -> list[Position]:
    """The positions of one random hand, from the deal up to ``stop`` plays."""
    rng = random.Random(seed)
    line = [random_deal(rng)]
    while not line[-1].is_over and len(line) <= stop:
        line.append(line[-1].play(rng.choice(line[-1].legal_moves())))
    return line


def view(position: Position, seat: str, kitty: bool) -> str:
    """The string as ``seat`` would write it: other hands hidden (``?N``), maybe the kitty."""
    text = str(position)
    for other in SEATS:
        if other != seat:
            n = len(position.hands[other]) + position.unknown[other]
            text = re.sub(rf" {other}=\S+", f" {other}=?{n}" if n else f" {other}=-", text)
    if not kitty:
        text = re.sub(r" kitty=\S+", " kitty=?8", text)
    return text


def check_conservation(position: Position) -> None:
    cards = Cards()
    for hand in position.hands.values():
        cards = cards | hand
    assert position.kitty is not None
    cards = cards | position.kitty | position.gone
    for trick in position.tricks:
        for play in trick.plays:
            cards = cards | play
    current = position.current_trick
    if current is not None:
        for play in current.plays:
            cards = cards | play
    assert sum(position.unknown.values()) == 0
    assert cards == Cards.deck()
    assert len(cards) == 108 and cards.points == 200
    won = sum(
        t.points
        for t in position.tricks
        if t.winner is not None and (SEATS.index(t.winner) - SEATS.index(position.declarer)) % 2
    )
    assert position.points == won


@SLOW
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 120))
def test_random_play_round_trips(seed: int, stop: int) -> None:
    line = random_line(seed, stop)
    for position in line[:: max(1, len(line) // 6)] + [line[-1]]:
        text = str(position)
        again = Position(text)
        assert again == position and str(again) == text
        assert format_record(parse_record(text)) == text
        check_conservation(position)


@SLOW
@given(
    seed=st.integers(0, 2**32 - 1),
    stop=st.integers(0, 120),
    seat=st.sampled_from(SEATS),
    kitty=st.booleans(),
)
def test_views_round_trip(seed: int, stop: int, seat: str, kitty: bool) -> None:
    position = random_line(seed, stop)[-1]
    text = view(position, seat, kitty)
    seen = Position(text)
    assert Position(str(seen)) == seen
    assert seen.hands[seat] == position.hands[seat] and seen.points == position.points
    assert seen.is_over == position.is_over and seen.turn == position.turn
    if seen.turn == seat:
        # a player's legal moves depend on its own hand and the trick only
        assert set(seen.legal_moves()) == set(position.legal_moves())


@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_hand_result(seed: int) -> None:
    end = random_line(seed, 1000)[-1]
    assert end.is_over
    check_conservation(end)
    result = end.result()
    assert result.points == end.points
    assert set(result.scores) == {"NS", "EW"}


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text(text: str) -> None:
    try:
        Position(text)
    except NotationError:
        pass


ALPHABET = "SENWHDCTJQKAX0123456789?,:|/=- -_sehdc\t♥é"


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_mutated_strings(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from([EXAMPLE, _LATE, _GONE]))
    text = base
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "swap"]))
        if kind == "delete":
            j = data.draw(st.integers(i, min(len(text), i + 4)))
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + data.draw(st.sampled_from(ALPHABET)) + text[i:]
        elif kind == "replace" and i < len(text):
            text = text[:i] + data.draw(st.sampled_from(ALPHABET)) + text[i + 1 :]
        else:
            tokens = text.split(" ")
            a = data.draw(st.integers(0, len(tokens) - 1))
            b = data.draw(st.integers(0, len(tokens) - 1))
            tokens[a], tokens[b] = tokens[b], tokens[a]
            text = " ".join(tokens)
    try:
        position = Position(text)
    except NotationError:
        return
    assert Position(str(position)) == position


def _late_positions() -> tuple[str, str]:
    line = random_line(12345, 60)
    late = line[-1]
    gone_cards = Cards()
    for trick in late.tricks[:5]:
        for play in trick.plays:
            gone_cards = gone_cards | play
    # the same position with its first five tricks folded into gone
    text = str(late)
    tricks = text.split(" tricks=")[1].split(" ")[0].split("/")
    rest = "/".join(tricks[5:])
    folded = text.replace(" tricks=" + "/".join(tricks), f" tricks={rest}" if rest else "")
    points = sum(
        t.points
        for t in late.tricks[:5]
        if (SEATS.index(t.winner or "S") - SEATS.index(late.declarer)) % 2
    )
    folded += f" gone={gone_cards} points={late.points}"
    assert points <= late.points
    return text, folded


_LATE, _GONE = _late_positions()


def test_folded_tricks_are_the_same_hand() -> None:
    # docs/notation.md `gone`: tricks folded into gone keep the hands, the points and the turn
    late, folded = Position(_LATE), Position(_GONE)
    assert folded.hands == late.hands and folded.points == late.points
    assert folded.turn == late.turn and Position(str(folded)) == folded
