"""Every command of the engine protocol through run_command (in-process): replies, checks of
every field, and every error code that a single request can get."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

import duidiao
from duidiao import Cards, Game, Position
from duidiao.engine import COMMANDS, ERROR_CODES, LIMITS, request_schema, run_command
from duidiao.engine.bots import with_budget
from duidiao.play.decisions import step as play_step
from duidiao.search.solver_bench import bench_suite
from duidiao.wire.errors import ProtocolError

from .conftest import ONE_CARD, README, TWELVE


def run(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = run_command({"id": 7, "cmd": cmd, **fields})
    json.dumps(reply)  # every reply is JSON as it is
    assert reply["id"] == 7
    return reply


def ok(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = run(cmd, **fields)
    assert reply["ok"] is True, reply
    return reply


def error(reply: dict[str, Any], code: str, field: str | None = None) -> str:
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply
    assert reply["error"].get("field") == field, reply
    message = reply["error"]["message"]
    assert isinstance(message, str) and 0 < len(message) <= 500
    assert "Traceback" not in message
    return message


def over_position() -> Position:
    """A finished hand: the one-card position played out."""
    position = Position(ONE_CARD)
    for card in ("AH", "KH", "QH", "JH"):
        position = position.play(card)
    assert position.is_over
    return position


# -- hello, legal, check ---------------------------------------------------------------


def test_hello_reports_the_protocol_presets_bots_and_limits() -> None:
    reply = ok("hello")
    assert reply["engine"] == "duidiao" and reply["protocol"] == 1
    assert reply["version"] == duidiao.__version__
    assert reply["presets"] == list(duidiao.PRESETS)
    assert reply["game_presets"] == list(duidiao.GAME_PRESETS)
    assert [b["name"] for b in reply["bots"]] == list(duidiao.bots.names())
    assert reply["commands"] == list(COMMANDS)
    assert reply["limits"]["line_bytes"] == 1 << 20


@pytest.mark.parametrize("bot", ["pimc", "pimc-oracle", "normal", "hard", "expert"])
def test_hello_setting_ranges_are_the_cores(bot: str) -> None:
    """Each setting's minimum and maximum are accepted by make_bot, one step beyond is not."""
    settings = next(b for b in ok("hello")["bots"] if b["name"] == bot)["settings"]
    assert {s["name"] for s in settings} == {"worlds", "ms", "solve", "margin", "fair", "cap",
                                             "infer", "miss", "mate", "mcmc", "bury", "declare",
                                             "xiaosa", "grab", "recheck", "postpone", "tail",
                                             "belief"}
    for s in settings:
        step = 1 if s["type"] == "integer" else 0.5
        # belief and mcmc work on the inference's worlds: asked without inference, refused
        also = ",infer=4" if s["name"] in ("belief", "mcmc") else ""
        for value in (s["minimum"], s["maximum"]):
            duidiao.make_bot(f"{bot}:{s['name']}={value}{also}")
        for value in (s["minimum"] - step, s["maximum"] + step):
            with pytest.raises(ValueError):
                duidiao.make_bot(f"{bot}:{s['name']}={value}{also}")


def test_legal_lists_moves_in_notation_order_up_to_the_limit() -> None:
    moves = [str(m) for m in Position(README).legal_moves()]
    reply = ok("legal", position=README)
    assert reply["turn"] == "S" and reply["count"] == 107 == len(moves)
    assert reply["moves"] == moves and reply["truncated"] is False
    reply = ok("legal", position=README, limit=3)
    assert reply["moves"] == moves[:3] and reply["truncated"] is True
    assert ok("legal", position=README, limit=0)["moves"] == []


def _huge_follow() -> Position:
    """East, void in clubs with 25 different cards, follows an 8-card club throw: more than
    a million ways."""
    deck = Cards.deck()
    clubs = Cards([c for c in deck if c.suit == "C" and c.rank != "5"])
    south = clubs | Cards("BJ")
    east = Cards([c for c in set(deck - south) if c.suit != "C"][:25])
    rest = list(deck - south - east)
    north, west, kitty = Cards(rest[:25]), Cards(rest[25:50]), Cards(rest[50:58])
    position = Position(
        f"chifeng level=5 trump=H declarer=S S={south} E={east} N={north} W={west} kitty={kitty}"
    )
    return position.play("AC,KC,QC,JC,TC,9C,8C,7C")


def test_legal_pages_in_the_engines_order_over_the_list_limit() -> None:
    """Over legal_list_max moves, pages come in the engine's own order, each one cheap; the
    pages put together are the moves, each once (checked on the last one and a middle one)."""
    position = _huge_follow()
    count = position.count_legal_moves()
    reply = ok("legal", position=str(position), limit=5)
    assert reply["count"] == count > LIMITS["legal_list_max"]
    assert reply["order"] == "engine" and reply["offset"] == 0 and reply["truncated"] is True
    first = reply["moves"]
    assert len(first) == 5 and first == [str(m) for m in position.legal_moves_page(0, 5)]
    for move in first:
        assert position.is_legal(move)
    last = ok("legal", position=str(position), limit=10, offset=count - 3)["moves"]
    assert len(last) == 3 and not set(last) & set(first)
    assert ok("legal", position=str(position), limit=10, offset=count)["moves"] == []
    middle = ok("legal", position=str(position), limit=4, offset=2)["moves"]
    assert middle[:3] == first[2:]


def test_legal_pages_in_notation_order_under_the_list_limit() -> None:
    position = Position(README)
    every = [str(m) for m in position.legal_moves()]
    reply = ok("legal", position=README, limit=3, offset=2)
    assert reply["order"] == "notation" and reply["moves"] == every[2:5]
    error(run("legal", position=README, offset=-1), "bad_request", "offset")


def test_legal_errors() -> None:
    error(run("legal", position=str(Position(README).play("AS,AS"))), "hidden_cards")
    error(run("legal", position=str(over_position())), "hand_over")
    error(run("legal", position=README, limit=LIMITS["legal_max"] + 1), "bad_request", "limit")
    error(run("legal", position=README, limit=True), "bad_request", "limit")
    error(run("legal", position=README, limit=3.0), "bad_request", "limit")
    error(run("legal"), "bad_request", "position")
    message = error(run("legal", position=README.replace("kitty=9D", "kitty=1H")),
                    "bad_position", "position")
    assert message == "kitty: '1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"


def test_check_says_legal_what_it_comes_to_or_why_not() -> None:
    assert ok("check", position=README, cards="as,As") == {
        "id": 7, "ok": True, "turn": "S", "legal": True, "played": "AS,AS", "fails": False,
        "reason": None,
    }
    reply = ok("check", position=README, cards="3D")
    assert reply["legal"] is False and reply["reason"] == "3D cannot be played: S does not hold 3D"
    reply = ok("check", position=README, cards="KC,QC,JC")  # the unseen AC is someone's
    assert reply["legal"] is True and reply["fails"] is True and reply["played"] == "JC"
    hidden_kitty = README.replace("kitty=9D,9D,8S,7S,6S,4S,3S,2S", "kitty=?8")
    reply = ok("check", position=hidden_kitty, cards="KC,QC,JC")  # the AC may be buried
    assert reply["legal"] is True and reply["played"] is None and reply["fails"] is None
    assert "depends on hidden cards" in reply["reason"]
    error(run("check", position=README, cards="1H"), "bad_request", "cards")
    error(run("check", position=README, cards="-"), "bad_request", "cards")
    error(run("check", position=str(over_position()), cards="AH"), "hand_over")


def test_check_a_failing_throw_comes_to_its_forced_part() -> None:
    for seed in range(10):
        position = Position(ok("deal", seed=seed)["position"])
        for move in position.legal_moves():
            _, played = position.played(move)
            if played.cards != move.cards:
                reply = ok("check", position=str(position), cards=str(move))
                assert reply["legal"] is True and reply["fails"] is True
                assert reply["played"] == str(played)
                return
    pytest.fail("no failing throw found")


# -- move ------------------------------------------------------------------------------


def test_move_heuristic_has_no_values_and_pimc_ranks_them() -> None:
    reply = ok("move", position=README, bot="heuristic")
    expected = duidiao.make_bot("heuristic").play_position(README)
    assert reply["move"] == str(Position(README).parse_move(expected)) and reply["values"] == []
    reply = ok("move", position=README, bot="pimc", worlds=4, seed=3)
    assert reply["bot"] == "pimc:worlds=4" and reply["stopped"] is False
    assert len(reply["values"]) == 107
    means = [v["mean"] for v in reply["values"]]
    assert means == sorted(means, reverse=True)
    assert set(reply["values"][0]) == {
        "move", "mean", "stderr", "make", "worlds", "gain", "gain_stderr", "heuristic"}
    assert ok("move", position=README, bot="pimc", worlds=4, seed=3)["move"] == reply["move"]


def test_with_budget_keeps_the_bots_other_settings() -> None:
    assert with_budget("pimc", 50, None) == "pimc:ms=50"
    assert with_budget("pimc:worlds=64,margin=2", None, 8) == "pimc:margin=2,worlds=8"
    assert with_budget("pimc:ms=9,fair=0", None, 8) == "pimc:fair=0,worlds=8"
    assert with_budget("pimc-oracle", 5, None) == "pimc-oracle:ms=5"
    assert with_budget("heuristic", None, None) == "heuristic"
    with pytest.raises(ProtocolError):
        with_budget("random", 50, None)


def test_move_errors() -> None:
    error(run("move", position=README), "bad_request", "bot")
    error(run("move", position=README, bot="heuristic", ms=50), "bad_request", "ms")
    error(run("move", position=README, bot="pimc", ms=5, worlds=5), "bad_request", "worlds")
    error(run("move", position=README, bot="pimc", ms=0), "bad_request", "ms")
    error(run("move", position=README, bot="pimc:foo=1"), "bad_request", "bot")
    error(run("move", position=README, bot="minimax"), "bad_request", "bot")
    error(run("move", position=README, bot="pimc:ms=3600000"), "bad_request", "bot")
    error(run("move", position=README, bot="heuristic", seed=-1), "bad_request", "seed")
    error(run("move", position=README, bot="heuristic", seed=2**53), "bad_request", "seed")
    error(run("move", position=str(Position(README).play("AS,AS")), bot="heuristic"),
          "hidden_cards")
    error(run("move", position=str(over_position()), bot="heuristic"), "hand_over")


def test_move_stops_when_the_event_is_set() -> None:
    stop = threading.Event()
    stop.set()
    reply = run_command({"cmd": "move", "position": README, "bot": "pimc:ms=10000"}, stop=stop)
    assert reply["ok"] and reply["stopped"] is True and reply["elapsed_ms"] < 2000


# -- deal and play ---------------------------------------------------------------------


def test_deal_is_repeatable_and_its_views_are_the_games() -> None:
    reply = ok("deal", seed=11, declarer="E", levels={"NS": "4", "EW": "9"},
               preset="chifeng-classic")
    assert reply == ok("deal", seed=11, declarer="E", levels={"NS": "4", "EW": "9"},
                       preset="chifeng-classic")
    game = Game.deal(seed=11, declarer="E", levels={"NS": "4", "EW": "9"},
                     rules="chifeng-classic")
    for decision in reply["decisions"]:
        game.apply(decision)
    assert game.phase == "play"
    assert reply["position"] == str(game.position())
    assert reply["views"] == {seat: str(game.position(seat)) for seat in "SENW"}
    assert reply["declarer"] == "E" and reply["level"] == "9" and reply["turn"] == "E"
    assert reply["exposed"] == {s: game.position().format_cards(game.exposed(s))
                                if game.exposed(s) else "-" for s in "SENW"}


def test_deal_a_first_hand_and_errors() -> None:
    reply = ok("deal", seed=5)
    assert reply["levels"] == {"NS": "A", "EW": "A"} and reply["declarer"] in "SENW"
    error(run("deal"), "bad_request", "seed")
    error(run("deal", seed=1, levels={"NS": "5", "EW": "3"}), "bad_request", "levels")
    error(run("deal", seed=1, levels={"NS": "5"}), "bad_request", "levels")
    error(run("deal", seed=1, levels={"NS": "5", "EW": "1"}), "bad_request", "levels.EW")
    error(run("deal", seed=1, declarer="X"), "bad_request", "declarer")
    error(run("deal", seed=1, preset="80fen"), "bad_request", "preset")
    assert ok("deal", seed=1, preset="tractor")["preset"] == "tractor"  # §10.6
    error(run("deal", seed=1, bot="pimc:worlds=0"), "bad_request", "bot")


def _hidden_ok(view: Position, seat: str, full: Position, exposed: dict[str, str]) -> None:
    """The view shows the seat's hand, and of the others only their exposed cards."""
    for other in "SENW":
        if other == seat:
            assert view.hands[other] == full.hands[other] and view.unknown[other] == 0
        else:
            assert view.hands[other] == Cards(exposed[other])
            assert len(view.hands[other]) + view.unknown[other] == len(full.hands[other])


def test_a_whole_hand_through_deal_move_and_play() -> None:
    """The engine as referee: each seat's bot asked with its own view, the move applied to
    the full position; 25 tricks, then the result."""
    hand = ok("deal", seed=2, declarer="N", levels={"NS": "7", "EW": "7"})
    position, exposed, views = hand["position"], hand["exposed"], hand["views"]
    tricks, cards = 0, 0
    while True:
        full = Position(position)
        seat = full.turn
        assert seat is not None
        for s in "SENW":
            _hidden_ok(Position(views[s]), s, full, exposed)
        move = ok("move", position=views[seat], bot="heuristic", seed=1)["move"]
        reply = ok("play", position=position, move=move, exposed=exposed)
        assert reply["seat"] == seat
        expected, played = full.played(move)
        assert reply["position"] == str(expected) and reply["played"] == str(played)
        position, exposed, views = reply["position"], reply["exposed"], reply["views"]
        if reply["trick"] is not None:
            tricks += 1
            cards += sum(len(Cards(p)) for p in reply["trick"]["plays"])
            assert reply["trick"]["winner"] == expected.tricks[-1].winner
        if reply["is_over"]:
            break
        assert reply["result"] is None
    assert cards == 100 and len(Position(position).tricks) == tricks and reply["turn"] is None
    assert reply["result"] == Position(position).result().to_dict()
    error(run("play", position=position, move="AH"), "hand_over")


def test_play_errors() -> None:
    error(run("play", position=README, move="3D"), "illegal_move")
    hidden_kitty = README.replace("kitty=9D,9D,8S,7S,6S,4S,3S,2S", "kitty=?8")
    error(run("play", position=hidden_kitty, move="KC,QC,JC"), "hidden_cards")  # AC buried?
    error(run("play", position=README, move="ZZ"), "bad_request", "move")
    error(run("play", position=README, move="AS,AS", exposed={"E": "AH"}), "bad_request",
          "exposed.E")
    error(run("play", position=README, move="AS,AS", exposed={"X": "AH"}), "bad_request",
          "exposed")
    error(run("play", position=README, move="AS,AS", exposed=["AH"]), "bad_request",
          "exposed")
    error(run("play", position=README, move="AS,AS", exposed={"S": "1H"}), "bad_request",
          "exposed.S")


# -- analyse, solve, decide ------------------------------------------------------------


def test_analyse_is_the_analysis_and_is_repeatable() -> None:
    reply = ok("analyse", position=README, worlds=3, seed=5, threads=1)
    expected = duidiao.analyse(README, worlds=3, seed=5, threads=1).to_dict()
    for key in ("position", "turn", "method", "worlds", "seed", "threads", "moves"):
        assert reply[key] == expected[key]
    assert reply["best"] == expected["moves"][0]["move"] and reply["stopped"] is False
    error(run("analyse", position=README, seconds=0), "bad_request", "seconds")
    error(run("analyse", position=README, seconds=float("nan")), "bad_request", "seconds")
    error(run("analyse", position=README, seconds=601), "bad_request", "seconds")
    error(run("analyse", position=README, threads=0), "bad_request", "threads")
    error(run("analyse", position=str(Position(README).play("AS,AS"))), "hidden_cards")
    error(run("analyse", position=str(over_position())), "hand_over")


def test_analyse_reports_progress_and_stops() -> None:
    infos: list[dict[str, Any]] = []
    stop = threading.Event()

    def info(payload: dict[str, Any]) -> None:
        infos.append(payload)
        if len(infos) == 2:
            stop.set()

    reply = run_command({"cmd": "analyse", "position": README, "seconds": 10, "threads": 1},
                        stop=stop, info=info)
    assert reply["ok"] and reply["stopped"] is True and reply["elapsed_ms"] < 3000
    assert set(infos[0]) == {"worlds", "best", "mean", "elapsed_ms"}
    assert infos[0]["elapsed_ms"] >= 100 and infos[1]["worlds"] >= infos[0]["worlds"]


def test_solve_tells_the_best_move_in_its_info_lines() -> None:
    """An exact solve finds the best move first: the info lines carry it (``best``, ``value``)
    once found, and the reply, stopped then, has that move exact at that value."""
    position = bench_suite(10)[3].position  # its best move in tens of ms, all moves in seconds
    infos: list[dict[str, Any]] = []
    stop = threading.Event()

    def info(payload: dict[str, Any]) -> None:
        infos.append(payload)
        if "best" in payload or len(infos) >= 40:
            stop.set()

    reply = run_command({"cmd": "solve", "position": position, "objective": "points"},
                        stop=stop, info=info)
    assert reply["ok"] and reply["stopped"] is True
    told = [i for i in infos if "best" in i]
    assert told and set(told[0]) == {"best", "value", "elapsed_ms"}, infos
    move = next(m for m in reply["moves"] if m["move"] == told[0]["best"])
    assert move["lower"] == move["upper"] == told[0]["value"] == bench_suite(10)[3].points
    assert all(set(i) == {"elapsed_ms"} for i in infos[: infos.index(told[0])])


def test_solve_values_every_move() -> None:
    reply = ok("solve", position=ONE_CARD, objective="points")
    assert reply["value"] == 100 and reply["best"] == "AH" and reply["complete"] is True
    assert reply["moves"] == [{"move": "AH", "played": "AH", "value": 100, "lower": 100,
                               "upper": 100}]
    assert reply["lower"] == reply["upper"] == 100
    error(run("solve", position=README), "hidden_cards")
    error(run("solve", position=ONE_CARD.replace("kitty=7D,7D,6D,6D,4D,4D,3D,3D", "kitty=?8")),
          "hidden_cards")
    full = ok("deal", seed=1)["position"]
    message = error(run("solve", position=full), "bad_request", "position")
    assert "at most 12 cards" in message
    error(run("solve", position=ONE_CARD, objective="tricks"), "bad_request", "objective")
    error(run("solve", position=str(over_position())), "hand_over")


def test_solve_within_values_the_best_move_and_bounds_the_others() -> None:
    """``within``: the best move exact, the others to within it (null: no better); the same
    best value as an exact solve; a bad tolerance named."""
    position = bench_suite(6)[1].position
    exact = ok("solve", position=position, objective="points")
    for within in (10, None):
        reply = ok("solve", position=position, objective="points", within=within)
        assert reply["complete"] is True and reply["within"] == within
        assert reply["value"] == exact["value"] and reply["moves"][0]["lower"] == exact["value"]
        truth = {m["move"]: m["value"] for m in exact["moves"]}
        for m in reply["moves"]:
            assert m["lower"] <= truth[m["move"]] <= m["upper"]
            assert within is None or m["upper"] - m["lower"] <= within
    error(run("solve", position=position, within=-1), "bad_request", "within")
    error(run("solve", position=position, within=2.5), "bad_request", "within")


def test_solve_stopped_at_once_is_incomplete() -> None:
    stop = threading.Event()
    stop.set()
    reply = run_command({"cmd": "solve", "position": TWELVE}, stop=stop)
    assert reply["ok"] and reply["complete"] is False and reply["stopped"] is True
    # every move, with the bounds proven (none yet: the values any play can end with)
    assert reply["moves"] and reply["best"] == reply["moves"][0]["move"] and reply["pv"] == []
    assert all(m["lower"] <= m["upper"] for m in reply["moves"])
    reply = ok("solve", position=TWELVE, seconds=0.05)
    assert reply["complete"] is False and reply["stopped"] is False
    assert reply["lower"] <= reply["value"] <= reply["upper"]


def test_decide_makes_every_decision_before_the_play() -> None:
    """A hand's decisions up to the play, each asked with the seat's observation as JSON
    and applied as the record the reply gives."""
    phases = set()
    for seed in (1, 3):
        game = Game.deal(seed=seed, declarer="S", rules="chifeng-classic",
                         levels={"NS": "5", "EW": "3"})
        while game.phase != "play":
            seat = game.to_act
            assert seat is not None
            phases.add(game.phase)
            reply = ok("decide", observation=game.observe(seat).to_dict(), bot="heuristic")
            assert reply["seat"] == seat and reply["phase"] == game.phase
            game.apply(reply["decision"])
    assert {"declare", "bury"} <= phases


def test_decide_errors() -> None:
    game = Game.deal(seed=1, declarer="S")
    obs = game.observe(game.to_act or "S").to_dict()
    error(run("decide", observation=obs), "bad_request", "bot")
    error(run("decide", observation=[obs], bot="heuristic"), "bad_request", "observation")
    error(run("decide", observation={**obs, "phase": "dance"}, bot="heuristic"),
          "bad_request", "observation.phase")
    error(run("decide", observation={}, bot="heuristic"), "bad_request", "observation.seat")
    error(run("decide", observation=game.observe_public().to_dict(), bot="heuristic"),
          "bad_request", "observation.seat")
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", s) for s in range(4)])
    error(run("decide", observation=game.observe("S").to_dict(), bot="heuristic"), "hand_over")


def test_decide_refuses_a_play_observation() -> None:
    game = Game.deal(seed=1, declarer="S")
    bots = [duidiao.make_bot("heuristic", s) for s in range(4)]
    while game.phase != "play":
        seat = game.to_act
        assert seat is not None
        play_step(game, bots["SENW".index(seat)])
    obs = game.observe(game.to_act or "S").to_dict()
    error(run("decide", observation=obs, bot="heuristic"), "bad_request", "observation.phase")


# -- requests, errors and schemas ------------------------------------------------------


def test_bad_requests_name_the_field() -> None:
    assert run_command([1, 2])["error"]["code"] == "bad_request"  # type: ignore[arg-type]
    assert run_command(5)["error"]["code"] == "bad_request"  # type: ignore[arg-type]
    error(run_command({"id": 7}), "bad_request", "cmd")
    error(run_command({"id": 7, "cmd": 3}), "bad_request", "cmd")
    reply = run_command({"id": 7.5, "cmd": "hello"})
    assert reply["id"] is None and reply["error"]["field"] == "id"
    reply = run_command({"id": "x" * 201, "cmd": "hello"})
    assert reply["id"] is None and reply["error"]["field"] == "id"
    assert run_command({"id": "x" * 200, "cmd": "hello"})["ok"]
    assert run_command({"cmd": "hello"})["id"] is None
    error(run("hello", extra=1), "bad_request", "extra")
    error(run("legal", position=5), "bad_request", "position")
    error(run("legal", position=" "), "bad_request", "position")
    message = error(run("legal", position="S=" + "A" * 100_000), "bad_request", "position")
    assert "at most 8192 characters" in message


def test_messages_quote_a_bounded_prefix() -> None:
    reply = run_command({"id": 7, "cmd": "x" * 100_000})
    message = error(reply, "unknown_command")
    assert len(message) < 300 and "100000 characters" in message
    message = error(run("move", position=README, bot="pimc:" + "w" * 90), "bad_request", "bot")
    assert len(message) <= 500
    message = error(run("deal", seed=1, levels={"N" * 5000: "5", "NS": "5", "EW": "5"}),
                    "bad_request", "levels")
    assert len(message) < 300


def test_huge_integers_are_out_of_range() -> None:
    message = error(run("legal", position=README, limit=10**400), "bad_request", "limit")
    assert len(message) < 200


def test_a_fault_is_internal_and_logged(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
        raise KeyError("boom")

    command = COMMANDS["hello"]
    monkeypatch.setitem(COMMANDS, "hello", type(command)(
        command.name, command.fields, command.search, command.doc, broken))
    message = error(run("hello"), "internal")
    assert "boom" not in message
    assert "KeyError" in capsys.readouterr().err


def test_every_error_code_is_documented_and_used() -> None:
    """The codes a single request can get are tested above; the loop's own (bad_json,
    line_too_long, busy) in test_engine_loop."""
    assert set(ERROR_CODES) == {
        "bad_json", "line_too_long", "bad_request", "unknown_command", "bad_position",
        "illegal_move", "hidden_cards", "hand_over", "busy", "internal"}


@pytest.mark.parametrize("cmd", list(COMMANDS))
def test_request_schema_is_the_field_table(cmd: str) -> None:
    schema = request_schema(cmd)
    json.dumps(schema)
    fields = COMMANDS[cmd].fields
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(schema["properties"]) == {"id", "cmd"} | {f.name for f in fields}
    assert schema.get("required", []) == [f.name for f in fields if f.required]
    assert schema["properties"]["cmd"] == {
        "const": cmd, "description": "the command (required on the line protocol)"}


def test_request_schema_bounds_are_the_validations() -> None:
    limit = request_schema("legal")["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (0, 20000, 1000)
    assert run("legal", position=README, limit=limit["maximum"])["ok"]
    error(run("legal", position=README, limit=limit["maximum"] + 1), "bad_request", "limit")
    seconds = request_schema("analyse")["properties"]["seconds"]
    assert seconds["exclusiveMinimum"] == 0 and seconds["maximum"] == 600
    assert request_schema("deal")["properties"]["preset"]["enum"] == [
        *duidiao.GAME_PRESETS, "gouji", "gouji-basic", "baohuang", "baohuang-basic"]
    with pytest.raises(ValueError):
        request_schema("dance")
