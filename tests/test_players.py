"""Players: the protocol, the built-in bots, the driver and its fast path, illegal answers."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("duidiao._core")

from duidiao import (  # noqa: E402
    Card,
    Cards,
    CoreBot,
    DeclareOption,
    Game,
    IllegalMoveError,
    Move,
    Observation,
    PhasePlayer,
    Player,
    RandomBot,
    make_bot,
    play_hand,
)


class Wrapped:
    """A Python player that asks a built-in bot: drives the Python path of play_hand."""

    def __init__(self, bot: CoreBot) -> None:
        self.bot = bot
        self.observations: list[Observation] = []

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        self.observations.append(obs)
        return self.bot.declare(obs, options)

    def bury(self, obs: Observation) -> Cards:
        return self.bot.bury(obs)

    def grab(self, obs: Observation) -> Card | None:
        return self.bot.grab(obs)

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        return self.bot.xiaosa(obs, takeable)

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        move = self.bot.play(obs, moves)
        assert move.cards in {m.cards for m in moves}
        return move


class FirstMove:
    """The simplest Python bot: never declares, grabs or 潇洒s; buries its 8 lowest cards in
    canonical order; plays the first legal move."""

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        return None

    def bury(self, obs: Observation) -> Cards:
        return Cards(list(obs.hand)[-8:])

    def grab(self, obs: Observation) -> Card | None:
        return None

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        return None

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        return moves[0]


def bots(seed: int, name: str = "random") -> list[CoreBot]:
    return [make_bot(name, seed * 4 + s) for s in range(4)]


def history(game: Game) -> list[dict[str, Any]]:
    return [d.to_dict() for d in game.history]


def test_protocol() -> None:
    assert isinstance(RandomBot(1), Player) and isinstance(RandomBot(1), PhasePlayer)
    assert isinstance(FirstMove(), PhasePlayer)  # the five methods: asked through the adapter
    assert isinstance(Wrapped(RandomBot()), PhasePlayer)
    assert not isinstance(object(), Player) and not isinstance(object(), PhasePlayer)


def test_make_bot() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert make_bot("random", 3).seed == 3
    with pytest.raises(ValueError, match="bot"):
        make_bot("nobody")


def test_heuristic_by_name() -> None:
    try:
        bot = make_bot("heuristic", 1)
    except ValueError:
        pytest.skip("the heuristic bot is not in this build yet")
    game = Game.deal(seed=1, declarer="S")
    result = play_hand(game, [bot, make_bot("random", 2), make_bot("heuristic", 3), RandomBot(4)])
    assert game.is_over and result == game.result()
    for seed in range(5):
        games = [Game.deal(seed=seed, declarer="SENW"[seed % 4]) for _ in range(2)]
        results = [
            play_hand(g, [make_bot("heuristic", s) for s in range(4)], fast=fast)
            for g, fast in zip(games, (True, False))
        ]
        assert results[0] == results[1]
        assert history(games[0]) == history(games[1])


@pytest.mark.parametrize("seed", range(30))
def test_fast_path_equals_python_driver(seed: int) -> None:
    declarer = None if seed % 3 == 0 else "SENW"[seed % 4]
    preset = ("chifeng", "chifeng-classic", "chifeng-10")[seed % 3]
    games = [Game.deal(seed=seed, declarer=declarer, rules=preset) for _ in range(3)]
    fast = play_hand(games[0], bots(seed), fast=True)
    slow = play_hand(games[1], bots(seed), fast=False)
    wrapped = play_hand(games[2], [Wrapped(b) for b in bots(seed)])
    assert fast == slow == wrapped
    assert history(games[0]) == history(games[1]) == history(games[2])
    assert str(games[0].position()) == str(games[2].position())


def test_players_as_mapping_and_python_bot() -> None:
    game = Game.deal(seed=5, declarer="W")
    players: dict[str, Player] = {
        "S": FirstMove(),
        "E": RandomBot(1),
        "N": FirstMove(),
        "W": RandomBot(2),
    }
    result = play_hand(game, players)
    assert game.is_over and result.next_declarer in "SENW"
    with pytest.raises(ValueError, match="no player for"):
        play_hand(Game.deal(seed=1), {"S": FirstMove()})
    with pytest.raises(ValueError, match="4 players"):
        play_hand(Game.deal(seed=1), [FirstMove()])


class Cheater(FirstMove):
    """Answers one decision illegally."""

    def __init__(self, phase: str) -> None:
        self.phase = phase

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        if self.phase == "declare":
            return DeclareOption("H" if options[0].suit != "H" else "S", "override")
        return None

    def bury(self, obs: Observation) -> Cards:
        if self.phase == "bury":
            return Cards(list(obs.hand)[:7])
        return super().bury(obs)

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        if self.phase == "play":
            missing = next(c for c in Cards.deck() if c not in obs.hand)
            return Move(Cards([missing]))
        if self.phase == "play-offsuit":
            # a legal-looking card of the hand that does not follow
            lead = obs.trick.plays[0] if obs.trick and obs.trick.plays else None
            legal = {m.cards for m in moves}
            for card in obs.hand:
                if lead is not None and len(lead) == 1 and Cards([card]) not in legal:
                    return Move(Cards([card]))
        return super().play(obs, moves)


def snapshot(game: Game) -> Any:
    return (game.phase, game.to_act, game.drawn, history(game), game.hands, game.kitty)


@pytest.mark.parametrize(
    ("phase", "pattern"),
    [
        ("declare", r"S's declare answer .* is not legal"),
        ("bury", r"S cannot bury: bury exactly 8 cards"),
        ("play", r"S's play answer .* is not legal: not one of the legal moves"),
    ],
)
def test_illegal_answer_is_refused_and_changes_nothing(phase: str, pattern: str) -> None:
    for seed in range(300):
        game = Game.deal(seed=seed, declarer="S")
        players: list[Player] = [Cheater(phase), FirstMove(), FirstMove(), FirstMove()]
        try:
            play_hand(game, players)
        except IllegalMoveError as exc:
            before = snapshot(game)
            assert game.to_act == "S" and game.phase == phase
            import re

            assert re.search(pattern, str(exc)), str(exc)
            assert snapshot(game) == before
            # the game goes on with a legal player
            play_hand(game, [FirstMove()] * 4)
            assert game.is_over
            return
    pytest.fail(f"no seed reached an illegal {phase} answer")  # pragma: no cover


def test_illegal_grab_and_xiaosa() -> None:
    class BadGrab(FirstMove):
        def grab(self, obs: Observation) -> Card | None:
            return next(c for c in Cards.deck() if c not in obs.hand)

        def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
            return Cards("BJ,BJ,SJ"), takeable

    for seed in range(400):
        game = Game.deal(seed=seed, declarer="S", rules="chifeng-classic")
        try:
            play_hand(game, [FirstMove(), BadGrab(), BadGrab(), BadGrab()])
        except IllegalMoveError as exc:
            assert game.phase in ("grab", "xiaosa")
            assert str(exc).startswith(f"{game.to_act} cannot {game.phase}")
            before = snapshot(game)
            with pytest.raises(IllegalMoveError):
                play_hand(game, [FirstMove(), BadGrab(), BadGrab(), BadGrab()])
            assert snapshot(game) == before
            return
    pytest.fail("no grab or xiaosa question in the seeds tried")  # pragma: no cover


def test_observation_options_match_game() -> None:
    game = Game.deal(seed=17, declarer="N")
    play_hand(game, [FirstMove()] * 4)  # reaches the end with Python players only
    game = Game.deal(seed=17, declarer="N")
    while game.phase != "play":
        play_hand_step = FirstMove()
        if game.phase == "bury":
            game.bury(play_hand_step.bury(game.observe("N")))
        else:
            game.decline()
    obs = game.observe("N")
    assert [str(m) for m in obs.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert game.observe("E").legal_moves() == []
