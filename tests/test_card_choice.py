"""Decisions chosen a card at a time (Game.card_choice, Position.card_choice).

The cards that can join a partial answer must lead to exactly the legal answers: walking the
choices from nothing, in every order, reaches every legal play and nothing else (rules §5.1,
§5.3, §10.4 through the legal moves), every burial of 8 cards (§6.3), every card put for a
grab (§6.3) and every 潇洒 (§6.4) — and never a dead end.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("duidiao._core")

from duidiao import Card, Cards, Game, HiddenCardsError, Position, make_bot  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402

PRESETS = ("chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai")
SEATS = "SENW"


def walk(choose, limit: int = 50_000) -> set[Cards]:
    """Every complete answer reachable from nothing, adding faces in ascending order (each
    multiset is built once that way); fails on a dead end (nothing addable, not complete)."""
    found: set[Cards] = set()
    stack = [(Cards(), -1)]
    nodes = 0
    while stack:
        chosen, last = stack.pop()
        nodes += 1
        assert nodes <= limit, "too many partial answers for a test"
        choice = choose(chosen)
        assert choice.addable or choice.complete, f"dead end at {chosen}"
        if choice.complete:
            found.add(chosen)
        for face in choice.addable.faces():
            if face >= last:
                stack.append((chosen | Cards.from_masks(1 << face, 0), face))
    return found


def decisions(preset: str, seed: int):
    """A heuristic hand, yielding the game before each of its decisions (which the caller may
    make instead of the bot)."""
    bots = [make_bot("heuristic", seed=seed * 4 + s) for s in range(4)]
    game = Game.deal(seed, rules=preset, declarer=SEATS[seed % 4], levels={"NS": "5", "EW": "5"})
    while not game.is_over:
        made = len(game.history)
        yield game
        if len(game.history) == made:
            play_step(game, bots[SEATS.index(game.to_act)])


@pytest.mark.parametrize("preset", PRESETS)
def test_plays_chosen_a_card_at_a_time_are_the_legal_moves(preset: str) -> None:
    checked = 0
    for seed in range(4):
        for game in decisions(preset, seed):
            if game.phase != "play":
                continue
            position = game.position()
            if position.count_legal_moves() > 3_000:
                continue
            legal = {m.cards for m in game.legal_moves()}
            assert walk(game.card_choice) == legal
            assert walk(position.card_choice) == legal
            checked += 1
    assert checked > 200


def test_a_throw_rich_lead_is_chosen_without_listing_it() -> None:
    # 18 spades and their throws: far too many to list, but any walk ends in a legal lead.
    text = (
        "chifeng level=5 trump=H declarer=S "
        "S=AS,AS,KS,KS,QS,QS,JS,JS,TS,TS,9S,9S,8S,8S,7S,7S,6S,6S,AH,KH,QH,JH,TH,9H,8H "
        "E=?25 N=?25 W=?25 kitty=?8 trick=S:"
    )
    position = Position.parse(text)
    rng = random.Random(5)
    for _ in range(50):
        chosen = Cards()
        while True:
            choice = position.card_choice(chosen)
            options = list(choice.addable.faces())
            if choice.complete and (not options or rng.random() < 0.1):
                break
            chosen = chosen | Cards.from_masks(1 << rng.choice(options), 0)
        assert position.play(chosen) is not None
    # A spade lead takes any spade, never a heart: every sub-multiset of spades is a lead.
    assert position.card_choice("AS").addable == Cards("AS,KS,QS,JS,TS,9S,8S,7S,6S")
    assert position.card_choice("AS,AH").addable == Cards()
    assert not position.card_choice("AS,AH").complete


def test_follow_duties_restrict_the_cards_that_join() -> None:
    # §10.4 (tractor): on a pair of spades, East holding the pair TS,TS must play it; §5.3
    # (chifeng): any two spades follow.
    hands = "S=9S,9S,2C,3C E=JS,QS,TS,TS N=4C,6C,8C,9C W=4D,6D,8D,9D"
    rest = list(Cards.deck() - Cards(hands.replace("S=", "").replace("E=", "").replace(
        "N=", "").replace("W=", "").replace(" ", ",")))
    hands += f" kitty={Cards(rest[:8])} gone={Cards(rest[8:])}"
    duty = Position.parse(f"tractor level=7 trump=H declarer=S {hands} turn=S points=0")
    duty = duty.play("9S,9S")
    assert duty.card_choice("").addable == Cards("TS")
    assert duty.card_choice("TS") == (Cards("TS"), False)
    assert duty.card_choice("TS,TS") == (Cards(), True)
    free = Position.parse(f"chifeng level=7 trump=H declarer=S {hands} turn=S points=0")
    free = free.play("9S,9S")
    assert free.card_choice("").addable == Cards("JS,QS,TS")
    assert free.card_choice("JS") == (Cards("QS,TS"), False)


def test_cards_not_held_lead_nowhere() -> None:
    game = Game.deal(1, declarer="S")
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while game.phase != "play":
        play_step(game, bots[SEATS.index(game.to_act)])
    seat = game.to_act
    missing = next(c for c in Cards.deck() if c not in game.held(seat))
    choice = game.card_choice(Cards([missing]))
    assert choice.addable == Cards() and not choice.complete
    with pytest.raises(HiddenCardsError):
        game.position(SEATS[(SEATS.index(seat) + 1) % 4]).card_choice("")


def test_no_card_choice_while_declaring() -> None:
    game = Game.deal(2, declarer="S")
    assert game.phase == "declare"
    assert game.card_choice("") == (Cards(), False)


@pytest.mark.parametrize("preset", ["chifeng", "chifeng-classic", "shanghai"])
def test_burials_grabs_and_xiaosa_chosen_a_card_at_a_time(preset: str) -> None:
    seen = {"bury": 0, "grab": 0, "xiaosa": 0}
    for seed in range(40):
        for game in decisions(preset, seed):
            phase = game.phase
            if phase == "bury":
                held = game.held(game.to_act)
                assert game.card_choice("") == (Cards.from_masks(held.one, 0), False)
                rng = random.Random(seed)
                buried = Cards(rng.sample(list(held), 8))
                assert game.card_choice(buried) == (Cards(), True)
                seven = Cards(list(buried)[:7])
                choice = game.card_choice(seven)
                assert not choice.complete and choice.addable == Cards.from_masks(
                    (held - seven).one, 0
                )
                trial = game.copy()
                trial.bury(buried)  # a complete choice is a legal burial
                seen["bury"] += 1
                # Bury the level cards (5s) too, so that 抢牌 offers them.
                fives = [c for c in held if c.rank == "5" and c.suit != game.trump]
                if fives:
                    others = [c for c in held if c not in fives]
                    game.bury(Cards((fives + others)[:8]))
            elif phase == "grab":
                held = game.held(game.to_act)
                assert walk(game.card_choice) == {Cards([c]) for c in held}
                seen["grab"] += 1
            elif phase == "xiaosa":
                held = game.held(game.to_act)
                jokers = Cards(c for c in held if c.is_joker)
                takeable = game.xiaosa_takeable()
                accepted = set()
                for j in _sub_multisets(jokers):
                    for t in _sub_multisets(takeable):
                        if j and len(j) == len(t):
                            trial = game.copy()
                            trial.xiaosa(j, t)  # every such answer is legal (§6.4)
                            accepted.add(j | t)
                assert walk(game.card_choice) == accepted
                seen["xiaosa"] += 1
    assert seen["bury"] > 10
    if preset == "chifeng":
        assert seen["xiaosa"] > 0
    if preset == "chifeng-classic":
        assert seen["grab"] > 0


def _sub_multisets(cards: Cards) -> list[Cards]:
    faces = sorted(set(cards.faces()))
    out = []
    for counts in itertools.product(*[range(cards.count(Card(f)) + 1) for f in faces]):
        out.append(Cards([Card(f) for f, n in zip(faces, counts) for _ in range(n)]))
    return out
