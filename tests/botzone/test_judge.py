"""The test judge (docs/botzone.md, "The test judge"): the deal's course, declaring, fouls,
throws that fail, and Botzone's stateless shape giving the same match."""

from __future__ import annotations

from typing import Any

import pytest

from duidiao.botzone import BotzoneBot, Deal, Foul, InProcessPlayer, judge, play_match, rules

ALLOCATION = [list(range(s, 100, 4))[:25] for s in range(4)]
KITTY = list(range(100, 108))


def deal_through(deal: Deal, answers: dict[int, list[int]] | None = None) -> None:
    """Answer the 100 deal turns: a pass, or the answer given for that turn."""
    for turn in range(100):
        seat, _ = deal.request()
        deal.answer(seat, (answers or {}).get(turn, []))


def test_the_deal_goes_round_from_the_first_seat() -> None:
    deal = Deal({"seed": 3, "banker": 2})
    seats = []
    for turn in range(100):
        seat, req = deal.request()
        seats.append(seat)
        assert req["stage"] == "deal" and len(req["deliver"]) == 1
        assert ("playerpos" in req) == (turn < 4)
        deal.answer(seat, [])
    assert seats[:5] == [2, 3, 0, 1, 2]
    assert [len(d) for d in deal.dealt] == [25] * 4
    seat, req = deal.request()
    assert req["stage"] == "cover" and seat == deal.banker and len(req["deliver"]) == 8
    assert deal.major in "shcd"  # nobody declared: a random suit, never no-trump


def test_allocation_fixes_the_cards() -> None:
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    deal_through(deal)
    assert [sorted(d) for d in deal.dealt] == [sorted(a) for a in ALLOCATION]
    assert deal.kitty == KITTY
    with pytest.raises(ValueError, match="allocation"):
        Deal({"allocation": ALLOCATION[:3], "publiccard": KITTY})
    with pytest.raises(ValueError, match="once"):
        Deal({"allocation": [ALLOCATION[0]] * 4, "publiccard": KITTY})


def test_a_call_makes_the_banker() -> None:
    # seat 0 holds ids 0, 4, 8, …: its second card (turn 4) is 4, the spade 2
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    deal_through(deal, {4: [4]})
    assert (deal.called, deal.snatched, deal.major, deal.banker) == (0, -1, "s", 0)


def test_a_joker_pair_snatches_to_no_trump() -> None:
    # a seeded deal in which one seat is dealt both big jokers; another seat calls first
    deal = next(d for d in (Deal({"seed": seed}) for seed in range(500))
                if 53 in d.deck[:100] and 107 in d.deck[:100]
                and d.deck.index(53) % 4 == d.deck.index(107) % 4)
    late = max(deal.deck.index(53), deal.deck.index(107))
    caller_turn = next(t for t in range(late) if rules.rank_char(deal.deck[t] % 54) == "2"
                       and t % 4 != late % 4)
    deal_through(deal, {caller_turn: [deal.deck[caller_turn]], late: [53, 107]})
    assert deal.called == caller_turn % 4
    assert deal.major == "n" and deal.snatched == late % 4 == deal.banker


def scores_of(deal: Deal) -> tuple[int, ...]:
    assert deal.scores is not None
    return deal.scores


@pytest.mark.parametrize("turn,answer,code", [
    (0, [99], "NOT_YOUR_POKER"),  # not dealt yet
    (0, "x", "INVALID_FORMAT"),
    (0, [0, 1, 2], "NOT_YOUR_POKER"),
    (0, [0], "ILLEGAL_MOVE"),  # the ace of spades is no level card
    (0, [0, 0], "NOT_YOUR_POKER"),
])
def test_fouls_end_the_match(turn: int, answer: Any, code: str) -> None:
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    seat, _ = deal.request()
    with pytest.raises(Foul) as caught:
        deal.answer(seat, answer)
    assert caught.value.code == code
    assert scores_of(deal) == (-3, 1, 0, 1)
    assert deal.finished


def test_a_second_call_is_a_foul() -> None:
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    for turn in range(6):
        seat, _ = deal.request()
        if turn == 4:
            deal.answer(seat, [4])  # seat 0's ♠2
        elif turn == 5:
            with pytest.raises(Foul):
                deal.answer(seat, [5])  # seat 1's ♥2: a call is already standing
        else:
            deal.answer(seat, [])
    assert scores_of(deal) == (1, -3, 1, 0)


def test_a_failed_throw_costs_ten_a_card_and_leaves_one_card() -> None:
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    deal_through(deal)
    banker = deal.banker
    deal.answer(banker, KITTY)  # bury the kitty again
    trumps = deal.trumps
    assert trumps is not None
    hand = deal.hands[banker]
    # a throw of two singles of one side suit that another seat beats
    others = [i for s in range(4) if s != banker for i in deal.hands[s]]
    for suit in "shcd":
        if suit == deal.major:
            continue
        mine = sorted((i for i in hand if trumps.suit(i % 54) == suit),
                      key=lambda i: trumps.power(i % 54))
        if len(mine) >= 2 and len({i % 54 for i in mine[:2]}) == 2 and any(
                trumps.suit(i % 54) == suit
                and trumps.power(i % 54) > trumps.power(mine[1] % 54)
                for i in others):
            break
    else:
        pytest.skip("no such throw in this deal")
    before = deal.score
    deal.answer(banker, mine[:2])
    assert deal.score == before + 20  # the banker's team throws: the defenders gain
    assert deal.trick == [[mine[0]]]
    seat, req = deal.request()
    assert req["history"][1] == [[mine[0]]]


def run_match(seed: int) -> list[dict[str, Any]]:
    players = [InProcessPlayer(BotzoneBot("heuristic", seed=s)) for s in range(4)]
    return play_match(players, {"seed": seed}).log


def test_the_stateless_judge_gives_the_same_match() -> None:
    log = run_match(5)
    initdata = {"seed": 5}
    for k in range(0, len(log) - 1, 2):
        out = judge(log[:k], initdata)
        recorded = log[k]["output"]
        assert out["command"] == recorded["command"]
        assert out["content"] == recorded["content"]
    assert judge(log[:-1], initdata)["content"] == log[-1]["output"]["content"]
    assert "initdata" in judge([], initdata)


def test_whole_matches_score_in_the_bands() -> None:
    for seed in range(6):
        players = [InProcessPlayer(BotzoneBot("heuristic", seed=s)) for s in range(4)]
        record = play_match(players, {"seed": seed, "level": "A234567890JQK"[seed]})
        assert record.foul is None
        banker_team, defenders = rules.result_scores(record.points)
        assert record.scores[record.banker] == record.scores[(record.banker + 2) % 4] \
            == banker_team
        assert record.scores[(record.banker + 1) % 4] == defenders


def test_three_cards_cannot_declare() -> None:
    deal = Deal({"allocation": ALLOCATION, "publiccard": KITTY})
    for _ in range(8):
        seat, _ = deal.request()
        deal.answer(seat, [])
    seat, _ = deal.request()
    with pytest.raises(Foul) as caught:
        deal.answer(seat, [0, 4, 8])
    assert caught.value.code == "INVALID_POKERTYPE" and deal.finished
