"""The climbing games' match in a room: hands of 够级 (six seats, rules §12) or 保皇 (five
seats, rules §13) one after another, the first drawer moving on, the recorded scores added up
(:class:`duidiao.play.climbing.match.ClimbingMatch`).

What a seat is shown comes from the game's own view of that seat (``game.view(seat)``: its
hand, the others' sizes, what the rules show of them); before the play, its hand and what was
done in the open. Two decisions are nobody else's business until the play shows them: a 够级
seat staying out of 革命 (being asked says its hand holds no 2 and no joker, rules §12.13) and
保皇's guard keeping dark (being asked says who the guard is, rules §13.3) — neither that
decision nor who is asked is shown to the other seats.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from duidiao.play.climbing import games
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.baohuang_game import BaohuangGame, face_text
from duidiao.play.climbing.cards import Pile, format_pile
from duidiao.play.climbing.deal import pile_of_cards
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.gouji_game import GoujiGame
from duidiao.play.climbing.match import ClimbingMatch
from duidiao.play.climbing.options import game_of
from duidiao.play.climbing.record import record_of
from duidiao.play.climbing.tokens import ACTION_WORDS, action_text
from duidiao.play.errors import IllegalMoveError
from duidiao.play.seats import GOUJI_SEATS
from duidiao.search.climbing import bots as climbing_bots
from duidiao.search.climbing.analysis import EXACT_CARDS, ClimbingAnalysis
from duidiao.server.matches import Applied, Match
from duidiao.server.messages import ClientError, check_act
from duidiao.server.store import StoredHand
from duidiao.wire.errors import bad_request, quote

__all__ = ["ClimbingRoomMatch", "MAX_LISTED"]

MAX_LISTED = 600
"""The most plays an options view lists (a 够级 lead may have tens of thousands; the words and
calls are always listed). The table checks a set it is not shown by asking the server."""

# The before-play decisions that stay hidden from the other seats (see the module's text).
_PRIVATE = {("revolt", "stay"), ("declare", "dark")}
_PRIVATE_PHASES = ("revolt", "declare")


def _cards(pile: Pile, call: Any) -> list[str]:
    """A pile's named cards one by one, highest first (``"KS"`` for a called copy)."""
    out: list[str] = []
    text = format_pile(Pile(pile.counts, pile.called, 0), call)
    if text == "-":
        return out
    for part in text.split(","):
        name, _, count = part.partition("*")
        out.extend([name] * int(count or 1))
    return out


class ClimbingRoomMatch(Match):
    family = "climbing"
    game: GoujiGame | BaohuangGame | None

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.seats = games.seats_of(self.preset)
        self.match = ClimbingMatch(self.preset, int(config["seed"]))

    @staticmethod
    def seats_of(preset: str) -> str:
        return games.seats_of(preset)

    # -- bots: the climbing registry (duidiao.search.climbing.bots) ---------------------
    @staticmethod
    def check_bot(name: str, field: str) -> None:
        if name not in climbing_bots.BOTS:
            raise bad_request(field, f"{quote(name)} is not a bot of the climbing games "
                              f"({', '.join(climbing_bots.BOTS)})")

    def make_bot(self, name: str, seed: int) -> Any:
        return climbing_bots.make_bot(name, seed=seed)

    def is_search(self, name: str) -> bool:
        return hasattr(climbing_bots.make_bot(name), "stop")

    # -- hands ---------------------------------------------------------------------------
    def deal(self, number: int, duplicate: bool) -> StoredHand:
        assert not duplicate, "duplicate sessions are the trick games'"
        seed, first = self.match.hand_of(number)
        self.game = games.deal(self.preset, seed=seed, first_drawer=first)
        self.match.dealt(number)
        return StoredHand(number, seed, first, None, None, None, None)

    def restore(self, hand: StoredHand, decisions: list[dict[str, Any]], duplicate: bool) -> None:
        game = games.deal(self.preset, seed=hand.seed, first_drawer=hand.first_drawer)
        for i, decision in enumerate(decisions):
            if game.to_act != decision.get("seat"):
                raise ValueError(f"decision {i + 1}: {decision.get('seat')} acts, but the hand "
                                 f"asks {game.to_act}")
            game.apply(str(decision["action"]))
        self.game = game
        self.match.dealt(hand.hand_number)

    def take_result(self, result: Mapping[str, Any]) -> None:
        self.match.add(dict(result["scores"]))

    def progress(self) -> dict[str, Any]:
        return {"levels": None, "scores": dict(self.match.totals)}

    def finished_hand(self) -> tuple[dict[str, Any], bool, str | None]:
        assert self.game is not None
        places, scores = self.game.result()
        return {"places": places, "scores": scores}, False, None

    # -- the hand in play ------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game is not None and self.game.phase == "over"

    def shown_to_act(self, viewer: str | None, open_room: bool) -> str | None:
        """Who is to act as ``viewer`` may know it: not the seat asked a private question."""
        turn = self.to_act
        if (turn is None or turn == viewer or (viewer is None and open_room)
                or self.phase not in _PRIVATE_PHASES):
            return turn
        return None

    def observe(self, seat: str) -> Any:
        assert self.game is not None and self.game.to_act == seat
        return self.game.observe()

    def decide(self, bot: Any, observation: Any) -> str:
        return str(bot.choose(observation))

    def standin_decision(self, bot: Any) -> str:
        assert self.game is not None
        return str(bot.choose(self.game.observe()))

    def human_decision(self, seat: str, body: Mapping[str, Any]) -> str:
        """``{"action": "play", "cards": "Q*2"}``, a word (``pass``, ``yield``, ``fold``,
        ``noburn``, ``stay``, ``revolt``, ``keep``, ``renounce``, ``grab``, ``dark``,
        ``open``) or ``{"action": "call", "face": "9C"}``, as the game's action."""
        check_act(body, self.family, self.preset)
        action = body["action"]
        if action == "play":
            return str(body["cards"]).strip()
        if action == "call":
            return f"call {str(body['face']).strip().upper()}"
        return str(action)

    def forced(self, seat: str, choices: Any) -> str | None:
        if self.phase != "play" or choices is None or choices["count"] != 1:
            return None
        return str(choices["moves"][0])

    def snapshot(self) -> Any:
        assert self.game is not None
        return (self.game.seed, list(self.game.history))

    def rollback(self, snapshot: Any) -> None:
        # The hand dealt again and its decisions made again (a rare path: a store failure).
        assert self.game is not None
        first = self.seats[self.game.first_drawer]
        seed, history = snapshot
        game = games.deal(self.preset, seed=seed, first_drawer=first)
        for _, _, action in history:
            game.apply(action)
        self.game = game

    def apply(self, decision: Any, meta: dict[str, Any]) -> Applied:
        game = self.game
        assert game is not None
        seat, phase = game.to_act, game.phase
        try:
            game.apply(str(decision))
        except (IllegalMoveError, ValueError) as exc:
            raise ClientError("illegal_move", quote(str(exc), 300)) from None
        applied = Applied({"seat": seat, "phase": phase, "action": str(decision)})
        if game.phase == "over":
            applied.result, applied.match_won, applied.winner = self.finished_hand()
            applied.record = json.dumps({**record_of(game), "meta": meta}, ensure_ascii=False)
        return applied

    # -- views -----------------------------------------------------------------------------
    def seen_by_others(self, decision: dict[str, Any], viewer: str | None,
                       open_room: bool) -> dict[str, Any] | None:
        if (decision.get("phase"), decision.get("action")) in _PRIVATE:
            return None
        return decision

    def view(self, key: Any, views: Callable[[Any], Any]) -> Any:
        game = self.game
        assert game is not None
        if key == "public":
            return self._view(None, everything=False)
        if key == "everything":
            return self._view(None, everything=True)
        if key == "hands":
            return {s: self._hand_text(s) for s in self.seats}
        if key == "options":
            return self._options()
        if key == "extra":
            return {"rules": self.table_rules(), "trick_won": None}
        return self._view(str(key), everything=False)

    def table_rules(self) -> dict[str, Any]:
        """What the table shows of the game: its family, seats and teams (够级: ACE, BDF)."""
        info = game_of(self.preset)
        assert info is not None
        game = info.name
        return {"family": "climbing", "game": game, "seats": self.seats,
                "teams": dict(GOUJI_SEATS.teams or {}) if game == "gouji" else None,
                "hand_cards": 216 // len(self.seats)}

    def _hand_text(self, seat: str) -> str:
        game = self.game
        assert game is not None
        me = self.seats.index(seat)
        if game.position is not None:
            return format_pile(game.position.hands[me], getattr(game.position, "call", None))
        return format_pile(pile_of_cards(game.cards[me]))

    def _options(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        legal = game.legal()
        # before the play every answer is a word or a call; in it, pass, yield, fold, noburn
        words = [a for a in legal if game.phase != "play" or a in ACTION_WORDS]
        plays = [a for a in legal if a not in words]
        return {"count": len(legal), "moves": words + plays[:MAX_LISTED],
                "complete": len(plays) <= MAX_LISTED}

    def _view(self, seat: str | None, everything: bool) -> dict[str, Any]:
        """A seat's view (None: a spectator's; ``everything``: an open room's)."""
        game = self.game
        assert game is not None
        out: dict[str, Any] = {"family": "climbing", "preset": self.preset,
                               "seat": seat, "phase": game.phase}
        if game.position is None:
            out.update(self._before_play(seat, everything))
            return out
        position: GoujiPosition | BaohuangPosition
        if everything:
            position = game.position
        elif seat is not None:
            position = type(game.position).parse(game.view(seat))
        else:
            position = self._spectator_position()
        call = getattr(position, "call", None)
        out["position"] = str(position) if (seat is not None or everything) else None
        out["seats"] = {
            s: {"cards": hand.size, "known": _cards(hand, call) if s != seat else None}
            for s, hand in zip(self.seats, position.hands)
        }
        out["hand"] = _cards(position.hands[self.seats.index(seat)], call) if seat else None
        out["out"] = [self.seats[s] for s in position.out]
        out["leader"] = None if position.leader is None else self.seats[position.leader]
        out["round"] = [{"seat": self.seats[s], "action": action_text(a, call)}
                        for s, a in position.actions]
        if isinstance(position, GoujiPosition):
            out["revolt"] = None if position.revolt is None else self.seats[position.revolt]
            out["burning"] = [self.seats[s] for s in sorted(position.burning)]
        else:
            out["emperor"] = self.seats[position.emperor]
            out["call"] = None if call is None else str(call)
            out["mode"] = position.mode
            out["guard"] = None if position.guard is None else self.seats[position.guard]
        return out

    def _spectator_position(self) -> GoujiPosition | BaohuangPosition:
        """What every seat knows: each hand as an opponent of its holder sees it (够级: the seat
        after it, never a teammate; 保皇: a rebel's view, who learns the guard when all do)."""
        game = self.game
        assert game is not None and game.position is not None
        n = len(self.seats)
        if isinstance(game, GoujiGame):
            views = [GoujiPosition.parse(game.view(self.seats[(s + 1) % n])) for s in range(n)]
            hands = tuple(views[s].hands[s] for s in range(n))
            return GoujiPosition(**{**_fields(views[0]), "hands": hands})
        p = game.position
        rebel = next(s for s in range(n) if s not in (p.emperor, p.guard))
        hands = tuple(BaohuangPosition.parse(game.view(self.seats[(s + 1) % n])).hands[s]
                      for s in range(n))
        base = BaohuangPosition.parse(game.view(self.seats[rebel]))  # the guard as all know
        return BaohuangPosition(**{**_fields(base), "hands": hands})

    def _before_play(self, seat: str | None, everything: bool) -> dict[str, Any]:
        """Before the play: the seat's own hand, everyone's card count, and what was done in
        the open (够级: 上班 and his shown 3s, who revolted; 保皇: who holds the emperor's card,
        the emperor and his called face)."""
        game = self.game
        assert game is not None
        out: dict[str, Any] = {"position": None, "round": [], "out": [], "leader": None}
        counts = {s: len(game.cards[i]) for i, s in enumerate(self.seats)}
        out["seats"] = {s: {"cards": counts[s],
                            "known": (_cards(pile_of_cards(game.cards[i]), None)
                                      if everything else None)}
                        for i, s in enumerate(self.seats)}
        out["hand"] = (None if seat is None
                       else _cards(pile_of_cards(game.cards[self.seats.index(seat)]), None))
        if isinstance(game, GoujiGame):
            suit, count = game.shown
            out["shangban"] = {"seat": self.seats[game.leader], "threes": count,
                               "suit": "HDSC"[suit] if 0 <= suit < 4 else None}
            out["revolt"] = self.seats[game.revolts[0]] if game.revolts else None
            out["burning"] = []
        else:
            out["holder"] = self.seats[game.holder]
            out["emperor"] = None if game.emperor is None else self.seats[game.emperor]
            out["call"] = None if game.call is None else face_text(game.call)
            out["mode"] = game.mode if game.emperor is not None else None
            out["guard"] = None
        return out

    def hint(self, seat: str, seconds: float) -> tuple[Callable[[], dict[str, Any]],
                                                       Callable[[], None]] | None:
        game = self.game
        if game is None or game.phase != "play" or game.to_act != seat:
            return None
        observation = game.observe()
        bot = climbing_bots.PimcBot(random.getrandbits(31), worlds=128, seconds=seconds,
                                    max_actions=24, exact_cards=EXACT_CARDS)

        def run() -> dict[str, Any]:
            found = bot.analyse(observation)
            objective = ("the signed score of the seat's team (rules §12.12)"
                         if isinstance(game, GoujiGame) else "the seat's score (rules §13.7)")
            return ClimbingAnalysis(seat, objective, found).to_dict()

        return run, bot.stop


def _fields(position: Any) -> dict[str, Any]:
    return {name: getattr(position, name) for name in position.__dataclass_fields__
            if name != "_core"}
