"""The public API that frontends stand on (the engine protocol, the server): a bot's play from a
position string, the values a search bot saw, stopping a bot, an analysis or a solve from another
thread, observations as JSON, decisions applied from records, and what a spectator may see."""

from __future__ import annotations

import json
import threading
import time

import pytest

import duidiao
from duidiao import Cards, Game, HiddenCardsError, IllegalMoveError, Observation, Position
from duidiao.play.cards import SEATS
from duidiao.play.decisions import step as play_step
from duidiao.search.solver_bench import bench_suite

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


def played_game(seed: int, declarer: str | None = "S") -> Game:
    game = Game.deal(seed=seed, declarer=declarer)
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", s) for s in range(4)], fast=False)
    return game


def decisions_of(seed: int, declarer: str | None):
    """Every decision of a heuristic hand with the observation it was made from."""
    game = Game.deal(seed=seed, declarer=declarer)
    bots = [duidiao.make_bot("heuristic", s) for s in range(4)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        yield game, game.observe(seat), bots[SEATS.index(seat)]
        play_step(game, bots[SEATS.index(seat)])


# -- a bot's play from a position string ----------------------------------------------------


def test_play_position_is_the_play_from_the_observation():
    for game, obs, _bot in decisions_of(5, "E"):
        if game.phase != "play" or len(game.history) % 7:
            continue
        assert obs.position is not None
        fresh = duidiao.make_bot("heuristic", 3)
        again = duidiao.make_bot("heuristic", 3)
        assert fresh.play_position(str(obs.position)) == again.play(obs, obs.legal_moves())


def test_play_position_refuses_a_hidden_mover_and_a_finished_hand():
    bot = duidiao.make_bot("heuristic")
    after = Position(EXAMPLE).play("AS,AS")  # East to play, East hidden
    with pytest.raises(HiddenCardsError, match="E"):
        bot.play_position(after)
    finished = played_game(2).position()
    with pytest.raises(HiddenCardsError, match="over"):
        bot.play_position(finished)


def test_last_values_are_the_ranked_legal_moves_of_a_search_bot():
    pos = Position(EXAMPLE)
    heuristic = duidiao.make_bot("heuristic")
    heuristic.play_position(pos)
    assert heuristic.last_values == ()
    bot = duidiao.make_bot("pimc:worlds=6", seed=2)
    move = bot.play_position(pos)
    values = bot.last_values
    legal = {m.cards for m in pos.legal_moves()}
    assert {v.move.cards for v in values} == legal
    assert [v.mean for v in values] == sorted((v.mean for v in values), reverse=True)
    assert all(v.worlds == 6 for v in values)
    assert move.cards in legal
    assert sum(v.heuristic for v in values) == 1


def test_stop_ends_a_bot_play_from_another_thread():
    bot = duidiao.make_bot("pimc:ms=20000", seed=1)
    timer = threading.Timer(0.3, bot.stop)
    start = time.perf_counter()
    timer.start()
    move = bot.play_position(EXAMPLE)
    elapsed = time.perf_counter() - start
    assert elapsed < 3.0, elapsed
    # One of the legal moves (a throw among them may depend on hidden cards: is_legal says no).
    assert move.cards in {m.cards for m in Position(EXAMPLE).legal_moves()}
    assert bot.last_values and bot.last_values[0].worlds >= 1


# -- analysis: progress with the best move, and a stop event ---------------------------------


def test_analysis_progress_carries_the_best_move_and_a_stop_event_ends_it():
    pos = Position(EXAMPLE)
    legal = {m.cards for m in pos.legal_moves()}
    seen: list[duidiao.AnalysisProgress] = []
    stop = threading.Event()
    threading.Timer(0.4, stop.set).start()
    start = time.perf_counter()
    analysis = duidiao.analyse(pos, seconds=30, threads=1, seed=3, progress=seen.append, stop=stop)
    assert time.perf_counter() - start < 3.0
    assert seen and analysis.worlds >= int(seen[-1])
    assert [int(p) for p in seen] == sorted(int(p) for p in seen)
    assert all(p.best.cards in legal for p in seen)
    assert seen[-1].worlds == int(seen[-1]) and seen[-1].seconds > 0


def test_an_analysis_stopped_before_any_world_puts_the_heuristic_choice_first():
    stop = threading.Event()
    stop.set()
    analysis = duidiao.analyse(EXAMPLE, seconds=10, threads=2, seed=1, stop=stop)
    assert analysis.worlds == 0
    assert analysis.best.heuristic


def test_analysis_progress_still_works_as_a_count():
    counts: list[int] = []
    duidiao.analyse(EXAMPLE, worlds=4, threads=1, seed=1, progress=lambda n: counts.append(n + 0))
    assert counts == [1, 2, 3, 4]


# -- the solver: a time limit and a stop event, off the main thread --------------------------


def slow_position() -> str:
    """A 10-card position whose full solve takes a while (the bench suite's first)."""
    return bench_suite(10)[0].position


def test_a_solve_with_a_limit_returns_every_move_with_bounds_holding_its_value():
    """Issue 32, item 5: a limit (time or nodes) spent, every legal move comes back with the
    bounds its search proved; each holds the move's exact value, and the position's bounds the
    position's value."""
    text = slow_position()
    full = duidiao.solve(text)
    assert full.complete and all(m.exact for m in full.moves)
    assert full.lower == full.value == full.upper
    for partial in (duidiao.solve(text, seconds=full.seconds / 3),
                    duidiao.solve(text, nodes=max(full.nodes // 4, 1))):
        assert not partial.complete and partial.pv == ()
        assert {m.move for m in partial.moves} == {m.move for m in full.moves}
        for m in partial.moves:
            assert m.lower <= full.value_of(m.move) <= m.upper
            assert m.value == m.lower  # score: the side to move maximises
        assert partial.lower <= full.value <= partial.upper
        assert any(not m.exact for m in partial.moves)
        assert partial.to_dict()["complete"] is False
        assert partial.to_dict()["moves"][0].keys() == {"move", "played", "value", "lower", "upper"}
    with pytest.raises(ValueError, match="nodes"):
        duidiao.solve(text, nodes=0)


def test_a_stop_event_ends_a_solve_on_another_thread():
    text = slow_position()
    stop = threading.Event()
    out: dict[str, object] = {}

    def run() -> None:
        try:
            out["solution"] = duidiao.Solver().solve(text, stop=stop)
        except duidiao.SearchStopped as exc:
            out["stopped"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.05)
    stop.set()
    start = time.perf_counter()
    thread.join(5)
    assert not thread.is_alive()
    assert time.perf_counter() - start < 0.5
    solution = out.get("solution")
    assert "stopped" in out or (solution is not None and not solution.complete)


def test_a_solve_stopped_at_once_bounds_every_move_and_a_value_raises():
    stopped = duidiao.solve(slow_position(), seconds=1e-6)
    assert not stopped.complete and stopped.moves
    assert all(m.lower <= m.upper for m in stopped.moves)
    with pytest.raises(ValueError, match="seconds"):
        duidiao.solve(slow_position(), seconds=-1)
    with pytest.raises(duidiao.SearchStopped):
        duidiao.Solver().value(slow_position(), seconds=1e-6)


# -- observations as JSON -------------------------------------------------------------------


@pytest.mark.parametrize("seed,declarer", [(1, "S"), (2, None), (7, "W")])
def test_observations_round_trip_through_json_and_bots_answer_the_same(seed, declarer):
    for game, obs, bot in decisions_of(seed, declarer):
        data = obs.to_dict()
        back = Observation.from_dict(json.loads(json.dumps(data)))
        assert back.to_dict() == data
        if game.phase == "declare":
            options = game.declare_options()
            assert back.declare_options() == options
            assert bot.declare(back, options) == bot.declare(obs, options)
        elif game.phase == "bury":
            assert bot.bury(back) == bot.bury(obs)
        elif game.phase == "grab":
            assert bot.grab(back) == bot.grab(obs)
        elif game.phase == "xiaosa":
            assert back.xiaosa_takeable() == game.xiaosa_takeable()
            takeable = game.xiaosa_takeable()
            assert bot.xiaosa(back, takeable) == bot.xiaosa(obs, takeable)
        elif game.phase == "play" and len(game.history) % 5 == 0:
            assert bot.play(back, back.legal_moves()) == bot.play(obs, obs.legal_moves())


def test_a_bad_observation_names_the_field():
    game = Game.deal(seed=4, declarer="S")
    good = game.observe(game.to_act).to_dict()
    cases = {
        "seat": ("X", "seat"),
        "phase": ("dance", "phase"),
        "level": ("Z", "level"),
        "hand": ("1H", "hand"),
        "drawn": (1000, "drawn"),
        "levels": ({"NS": "5"}, "levels"),
        "hand_sizes": ({"S": 1}, "hand_sizes"),
        "declarations": ([{"seat": "S", "suit": "H", "kind": "huge", "drawn": 3}], "kind"),
        "preset": ("poker", "preset"),
    }
    for key, (value, named) in cases.items():
        bad = dict(good, **{key: value})
        with pytest.raises(ValueError, match=named):
            Observation.from_dict(bad)
    with pytest.raises(ValueError, match="hand"):
        Observation.from_dict({k: v for k, v in good.items() if k != "hand"})
    with pytest.raises(ValueError, match="object"):
        Observation.from_dict([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        Observation.from_dict(dict(good, hand="AH"))  # the hand must have the seat's size


# -- decisions applied from records; a spectator's view --------------------------------------


def test_apply_replays_a_hand_from_its_decision_dicts():
    game = played_game(11, None)
    again = Game.deal(seed=11)
    for decision in game.history:
        again.apply(json.loads(json.dumps(decision.to_dict())))
    assert again.result() == game.result()
    assert again.history == game.history


def test_apply_refuses_a_decision_that_does_not_fit_and_changes_nothing():
    game = played_game(12, "N")
    fresh = Game.deal(seed=12, declarer="N")
    first = game.history[0].to_dict()
    wrong_seat = dict(first, seat=SEATS[(SEATS.index(first["seat"]) + 1) % 4])
    with pytest.raises(IllegalMoveError, match="asks"):
        fresh.apply(wrong_seat)
    assert fresh.history == []
    with pytest.raises(ValueError):
        fresh.apply({"seat": "S"})
    # Jump to the play and try a card nobody holds there.
    for decision in game.history:
        if decision.action == "play":
            break
        fresh.apply(decision)
    seat = fresh.to_act
    assert seat is not None
    mine = fresh.held(seat)
    card = next(c for c in fresh.held(SEATS[(SEATS.index(seat) + 1) % 4]) if c not in mine)
    with pytest.raises(IllegalMoveError):
        fresh.apply({"seat": seat, "play": str(card)})
    assert fresh.plies == 0


def test_a_spectator_sees_no_hidden_card():
    for game, _obs, _bot in decisions_of(9, None):
        public = game.observe_public()
        assert public.seat is None and not public.hand and public.original_kitty is None
        data = json.dumps(public.to_dict())
        position = public.position
        if position is not None:
            for seat in SEATS:
                assert position.hands[seat] <= game.exposed(seat)
                assert position.hands[seat] <= game.held(seat)
        if game.phase in ("declare", "bury"):
            # Before the kitty is face up nothing of it may show.
            assert public.kitty is None or game.dry
        assert '"hand": "-"' in data


def test_position_view_hides_the_other_hands():
    game = played_game(3)
    replay = Game.deal(seed=3, declarer="S")
    for decision in game.history[: len(game.history) - 40]:
        replay.apply(decision)
    full = replay.position()
    for seat in SEATS:
        view = full.view(seat, {s: replay.exposed(s) for s in SEATS})
        assert view == replay.position(seat)
        assert view.hands[seat] == full.hands[seat]
        for other in SEATS:
            if other != seat:
                assert view.unknown[other] + len(view.hands[other]) == len(full.hands[other])
    with pytest.raises(ValueError, match="seat"):
        full.view("X")
    assert full.view("S", {"E": Cards()}).hands["E"] == Cards()
