"""The trick games' match in a room (Chifeng rules §1–§9, the standard game §10–§11): hands of
``duidiao.Game``, the teams' levels and scores, the declarer moving on, duplicate deals."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

import duidiao
from duidiao import Game, IllegalMoveError, Rules
from duidiao.play.cards import TRUMP_LETTERS
from duidiao.play.decisions import Decision, ask, decide, options, seen_by_others
from duidiao.play.level import Level
from duidiao.play.seats import TRICK_SEATS
from duidiao.research.duel import draw_deal
from duidiao.server.matches import Applied, Match
from duidiao.server.messages import ClientError, check_act
from duidiao.server.store import StoredHand
from duidiao.server.views import everything_dict, hands_dict, public_dict
from duidiao.wire.errors import bad_request, quote

__all__ = ["TrickMatch", "table_rules"]


def table_rules(preset: str) -> dict[str, Any]:
    """What the table shows of a preset's rules, so that no frontend restates them by preset
    name: how declarations are named and which kinds there are, whether the kitty is buried
    face down and its points counted, and the sizes of a hand and the kitty."""
    rules = Rules.preset(preset)
    return {"family": "tricks", "seats": TRICK_SEATS.letters,
            "declaring": rules.declaring.value, "declare_kinds": list(rules.declare_kinds),
            "kitty_burial": rules.kitty_burial.value, "kitty_points": rules.kitty_points.value,
            "hand_cards": rules.sizes.hand_cards,  # rules §11.1: the packs decide them
            "kitty_cards": rules.sizes.kitty_cards}


def _card_order(game: Game) -> tuple[Level, int] | None:
    """(level, trump number) as ``format_cards`` takes them; None while the trumps are
    unknown."""
    if game.trump is None:
        return None
    return (game.level, TRUMP_LETTERS.index(game.trump))


def _trick_just_won(game: Game) -> dict[str, Any] | None:
    history = game.history
    if not history or history[-1].action != "play" or game.plies % 4 != 0:
        return None
    return game.tricks[-1].to_dict(game.level, game.trump)


class TrickMatch(Match):
    family = "tricks"
    seats = TRICK_SEATS.letters
    game: Game | None

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules = Rules.preset(self.preset)
        foot = self.rules.foot  # A, or 2 in the standard game
        self.levels = {"NS": foot, "EW": foot}
        self.scores = {"NS": 0, "EW": 0}
        self.next_declarer: str | None = None

    @staticmethod
    def seats_of(preset: str) -> str:
        return TRICK_SEATS.letters

    # -- bots ------------------------------------------------------------------------------
    @staticmethod
    def check_bot(name: str, field: str) -> None:
        try:
            kind = duidiao.bots.kind_of(name, served=True)
            if kind.sees_everything:
                raise ValueError(f"{kind.name} sees every hand; not at a table")
            if not kind.served:
                raise ValueError(f"the {kind.name} bot cannot be stopped on a deadline; "
                                 "not at a table")
            duidiao.make_bot(name)
        except ValueError as exc:
            raise bad_request(field, str(exc)) from None

    def make_bot(self, name: str, seed: int) -> Any:
        return duidiao.make_bot(name, seed=seed)

    def is_search(self, name: str) -> bool:
        # a search, or a registered bot: both stop when told
        kind = duidiao.bots.kind_of(name)
        return kind.searches or not kind.builtin

    # -- hands -----------------------------------------------------------------------------
    def _duplicate_game(self, number: int) -> Game:
        """Deal ``number`` of the session, as ``duidiao duel`` draws its deal ``number - 1``."""
        return draw_deal(int(self.config["seed"]), number - 1, self.rules.decks).game(self.rules)

    def deal(self, number: int, duplicate: bool) -> StoredHand:
        if duplicate:
            # The deal's own levels and declarer; the stored seed is the deal's index.
            game = self._duplicate_game(number)
            self.levels = dict(game.levels)
            self.game = game
            return StoredHand(number, number - 1, game.first_drawer, game.fixed_declarer,
                              dict(self.levels), None, None)
        seed = random.Random(f"{self.config['seed']}/hand/{number}").getrandbits(63)
        game = Game.deal(seed, rules=self.preset, declarer=self.next_declarer,
                         first_drawer=self.next_declarer, levels=self.levels)
        self.game = game
        return StoredHand(number, seed, game.first_drawer, self.next_declarer,
                          dict(self.levels), None, None)

    def restore(self, hand: StoredHand, decisions: list[dict[str, Any]], duplicate: bool) -> None:
        if duplicate:
            game = self._duplicate_game(hand.hand_number)
        else:
            game = Game.deal(hand.seed, rules=self.preset, declarer=hand.declarer,
                             first_drawer=hand.first_drawer, levels=hand.levels)
        for decision in decisions:
            game.apply(decision)
        self.game = game

    def take_result(self, result: Mapping[str, Any]) -> None:
        self.levels = {str(k): Level(v) for k, v in result["levels"].items()}
        self.next_declarer = str(result["next_declarer"])
        for team, score in result["scores"].items():
            self.scores[team] += int(score)

    def progress(self) -> dict[str, Any]:
        return {"levels": dict(self.levels), "scores": dict(self.scores)}

    def finished_hand(self) -> tuple[dict[str, Any], bool, str | None]:
        game = self.game
        assert game is not None and game.is_over
        result = game.result()
        winner = None
        if result.match_won:
            assert game.declarer is not None
            winner = TRICK_SEATS.team_of(game.declarer)
        return result.to_dict(), result.match_won, winner

    # -- the hand in play --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over

    def observe(self, seat: str) -> Any:
        assert self.game is not None
        return self.game.observe(seat)

    def decide(self, bot: Any, observation: Any) -> Decision:
        return decide(bot, observation)

    def standin_decision(self, bot: Any) -> Decision:
        assert self.game is not None
        return ask(bot, self.game)

    def human_decision(self, seat: str, body: Mapping[str, Any]) -> Decision:
        """An ``act`` message as the seat's decision; a declaration's ``suit`` and ``kind``
        must be ones the rules' declaring knows (rules §6.2, §10.6), else it is a bad request
        before the game is asked."""
        rules = self.rules
        check_act(body, self.family, self.preset)
        if body["action"] == "declare":
            suit, kind = body["suit"].upper(), body["kind"]
            if suit not in rules.declare_suits:
                raise bad_request("suit", f"{quote(body['suit'])} is not one of "
                                  f"{', '.join(rules.declare_suits)} ({rules.name})")
            if kind not in rules.declare_kinds:
                raise bad_request("kind", f"{quote(kind)} is not one of "
                                  f"{', '.join(rules.declare_kinds)} ({rules.name})")
        phase = self.game.phase if self.game is not None else "declare"
        fields = {k: v for k, v in body.items() if k != "face"}
        try:
            return Decision.from_choice(seat, {**fields, "phase": phase}, rules)
        except ValueError as exc:
            raise ClientError("bad_request", quote(str(exc), 200)) from None

    def forced(self, seat: str, choices: Any) -> Decision | None:
        if self.game is None or self.game.phase != "play":
            return None
        if choices is None or choices["count"] != 1 or not choices["moves"]:
            return None
        return Decision.play_(seat, choices["moves"][0])

    def apply(self, decision: Any, meta: dict[str, Any]) -> Applied:
        game = self.game
        assert game is not None
        try:
            game.apply(decision)
        except IllegalMoveError as exc:
            raise ClientError("illegal_move", str(exc)) from None
        applied = Applied(game.history[-1].to_dict(_card_order(game)))
        if game.is_over:
            applied.result, applied.match_won, applied.winner = self.finished_hand()
            applied.record = duidiao.Record.from_game(game, meta).to_json()
        return applied

    # -- views -------------------------------------------------------------------------------
    def sees_kitty(self, seat: str | None, open_room: bool) -> bool:
        """Whether a connection of ``seat`` (None: a spectator) may see the buried kitty now:
        always when it is buried face up; else the declarer, an open room's spectators, and
        everyone once the hand is over (rules §10.6)."""
        game = self.game
        if game is None or self.rules.kitty_burial != "face_down" or game.is_over:
            return True
        if seat is None:
            return open_room
        return game.declarer == seat

    def table_rules(self) -> dict[str, Any]:
        return table_rules(self.preset)

    def seen_by_others(self, decision: dict[str, Any], viewer: str | None,
                       open_room: bool) -> dict[str, Any] | None:
        return seen_by_others(decision, self.sees_kitty(viewer, open_room))

    def view(self, key: Any, views: Callable[[Any], Any]) -> Any:
        game = self.game
        assert game is not None
        if key == "public":
            return public_dict(game)
        if key == "everything":
            return everything_dict(game)
        if key == "hands":
            return hands_dict(game)
        if key == "options":
            return options(views(("obs", game.to_act)))
        if key == "extra":
            return {"rules": self.table_rules(), "trick_won": _trick_just_won(game)}
        if isinstance(key, tuple):  # ("obs", seat): one Observation for its dict and options
            return game.observe(key[1])
        return views(("obs", key)).to_dict()

    def hint(self, seat: str, seconds: float) -> tuple[Callable[[], dict[str, Any]],
                                                       Callable[[], None]] | None:
        game = self.game
        if game is None or game.phase != "play" or game.to_act != seat:
            return None
        position = game.position(seat)
        stop = threading.Event()

        def run() -> dict[str, Any]:
            return duidiao.analyse(position, seconds=seconds, threads=1, stop=stop).to_dict()

        return run, stop.set
