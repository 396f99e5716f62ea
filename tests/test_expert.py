"""The strength levels and the `expert` bot's parts (issue 13): inference from the play
(importance weights on the sampled worlds), the bury chosen by search, the named levels."""

from __future__ import annotations

import statistics

import pytest

import duidiao
from duidiao import _core, analyse
from duidiao.search.analysis import expert_search
from duidiao.search.bots import level_settings
from duidiao.search.players import core_bot_step

PLAY, OVER = 4, 5
SEATS = "SENW"


def _play_until(game: _core.Game, bots: list[_core.Bot], plays: int) -> None:
    """Step the core game with the bots until `plays` cards' decisions of the play are made."""
    while int(game.phase) < PLAY:
        core_bot_step(game, bots)
    for _ in range(plays):
        if int(game.phase) != PLAY:
            break
        core_bot_step(game, bots)


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_the_true_deal_of_a_heuristic_game_explains_every_play(preset: str) -> None:
    """When every seat plays as the heuristic does, the real deal has no miss for any observer:
    the replay gives each seat exactly what it knew then (a leak of hidden cards into the
    heuristic's choice, or a wrong replay, would show as misses)."""
    for seed in range(6):
        game = duidiao.Game.deal(seed=seed, rules=preset).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        _play_until(game, bots, 30 + 7 * seed)
        if int(game.phase) != PLAY:
            continue
        world = game.hand()
        assert len(world.tricks()) > 3
        for observer in range(4):
            view = game.observe(observer).view
            assert _core.heuristic_misses(world, observer, view) == 0, (seed, observer)


def test_random_players_are_badly_explained_by_the_heuristic() -> None:
    """The same count can fail: random plays disagree with the heuristic often."""
    game = duidiao.Game.deal(seed=3).core
    bots = [_core.Bot("random", s) for s in range(4)]
    _play_until(game, bots, 40)
    world = game.hand()
    misses = [_core.heuristic_misses(world, o) for o in range(4)]
    assert min(misses) >= 5
    # The observer's own plays never count: each seat's count leaves out its own.
    assert len(set(misses)) > 1


def test_the_partners_misses_are_counted_apart() -> None:
    """pimc's ``mate`` weighs the partner's misses on their own: the count must be the
    partner's alone. South and North play at random, East and West as the heuristic does."""
    game = duidiao.Game.deal(seed=4).core
    bots = [_core.Bot("random" if s % 2 == 0 else "heuristic", s) for s in range(4)]
    _play_until(game, bots, 40)
    world = game.hand()
    for observer in range(4):
        view = game.observe(observer).view
        total = _core.heuristic_misses(world, observer, view)
        mate = _core.heuristic_misses(world, observer, view, partner_only=True)
        if observer % 2 == 0:  # the partner plays at random, the opponents as the heuristic
            assert total == mate >= 5, (observer, total, mate)
        else:  # the partner is the heuristic itself, an opponent plays at random
            assert mate == 0 and total >= 5, (observer, total, mate)


def test_the_partners_own_miss_weight_and_moved_worlds() -> None:
    """``mate`` equal in effect to ``miss`` searches as without it (the log-weights' path gives
    the powers' weights), and a different one changes what is drawn; out of range, named."""
    def history(name: str) -> list[str]:
        game = duidiao.Game.deal(seed=6)
        duidiao.play_hand(game, [duidiao.make_bot(name, seed=s) for s in range(4)])
        return [str(step) for step in game.history]

    base = "pimc:worlds=16,infer=4,miss=0.5"
    plain = history(base)
    assert history(base + ",mate=0.5000001") == plain
    assert history(base + ",mate=1") != plain
    with pytest.raises(ValueError, match="mate needs a number from 0.001 to 1"):
        duidiao.make_bot("pimc:mate=0")
    # mcmc moves the drawn worlds (docs/sampler.md): repeatable from the seed, and not the
    # plain search's worlds
    moved = history(base + ",mcmc=4")
    assert moved == history(base + ",mcmc=4") and moved != plain
    with pytest.raises(ValueError, match="mcmc moves the inference's worlds: it needs infer=2"):
        duidiao.make_bot("pimc:mcmc=4")


def test_heuristic_misses_needs_a_full_deal() -> None:
    game = duidiao.Game.deal(seed=1).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    _play_until(game, bots, 5)
    with pytest.raises(ValueError, match="full deal"):
        _core.heuristic_misses(game.observe(0).view, 0)
    with pytest.raises(ValueError, match="observer"):
        _core.heuristic_misses(game.hand(), 4)


def _position_after(seed: int, plays: int, names: tuple[str, str] = ("random", "heuristic")
                    ) -> tuple[duidiao.Position, int]:
    core = duidiao.Game.deal(seed=seed).core
    bots = [_core.Bot(names[s % 2], seed * 4 + s) for s in range(4)]
    _play_until(core, bots, plays)
    seat = int(core.to_act)
    position = duidiao.Observation.from_core(core.observe(seat)).position
    assert position is not None
    return position, seat


def test_inference_draws_exactly_the_worlds_asked_and_reports_its_pool() -> None:
    pos, _ = _position_after(5, 41)
    a = analyse(pos, worlds=24, seed=3, threads=1, infer_pool=4, infer_miss=0.5)
    assert a.worlds == 24 and all(m.worlds == 24 for m in a.moves)
    assert a.pool == 96 and 1 <= a.effective_pool < 96
    assert a.to_dict()["pool"] == 96
    plain = analyse(pos, worlds=24, seed=3, threads=1, infer_pool=1)
    assert plain.pool == 0 and "pool" not in plain.to_dict()
    # miss=1 weighs every world alike: the resampling then keeps the first worlds' spread,
    # and the effective pool is the whole pool; no world is drawn twice.
    flat = analyse(pos, worlds=24, seed=3, threads=1, infer_pool=2, infer_miss=1.0)
    assert flat.effective_pool == pytest.approx(48)
    assert flat.independent_worlds == pytest.approx(24)


def test_a_world_drawn_twice_counts_less_than_twice_in_the_standard_errors() -> None:
    """Against random players the play so far is explained by few worlds, so with a small miss
    weight the same worlds are drawn many times: the errors are those of the fewer independent
    worlds, (sum t)^2 / sum t^2 for worlds drawn t times (docs/analysis.md)."""
    pos, _ = _position_after(3, 30)
    sharp = analyse(pos, worlds=64, seed=2, threads=1, infer_pool=8, infer_miss=0.05)
    assert sharp.worlds == 64 and 1 <= sharp.independent_worlds < 32
    # Across seeds, the best move's mean spreads as its reported error says (counting every
    # drawn world as independent would report errors about sqrt(64 / independent) too small).
    means, errors = [], []
    for seed in range(24):
        a = analyse(pos, worlds=64, seed=100 + seed, threads=1, infer_pool=8, infer_miss=0.05)
        move = next(m for m in a.moves if m.move == sharp.best.move)
        means.append(move.mean)
        errors.append(move.stderr)
    spread, typical = statistics.stdev(means), statistics.mean(errors)
    assert typical > 0.5 * spread, (spread, typical)
    d = sharp.to_dict()
    assert d["independent_worlds"] == pytest.approx(sharp.independent_worlds, abs=0.01)


def test_analysis_searches_as_the_expert_bot_by_default() -> None:
    """docs/analysis.md: the defaults are the expert level's own settings, from the core's
    table of levels, so a level change reaches the analysis with nothing restated."""
    expert = expert_search()
    own = level_settings("expert")
    assert expert == {"worlds": int(own["worlds"]), "solve_cards": int(own["solve"]),
                      "infer_pool": int(own["infer"]), "infer_miss": float(own["miss"])}
    pos, _ = _position_after(5, 41)
    default = analyse(pos, worlds=24, seed=3, threads=1)
    spelled = analyse(pos, worlds=24, seed=3, threads=1, solve_cards=expert["solve_cards"],
                      infer_pool=expert["infer_pool"], infer_miss=expert["infer_miss"])
    assert default.pool == 24 * expert["infer_pool"]
    assert default.to_dict() | {"seconds": 0} == spelled.to_dict() | {"seconds": 0}
    # Exact from the expert's card count: 5 cards in hand are solved, not played out.
    core = duidiao.Game.deal(seed=4).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    _play_until(core, bots, 0)
    while len(duidiao.Cards.from_masks(*core.hand().hand(int(core.to_act)))) > 5:
        core_bot_step(core, bots)
    end = duidiao.Observation.from_core(core.observe(int(core.to_act))).position
    assert end is not None
    held = len(end.hands[end.turn])
    assert 2 <= held <= expert["solve_cards"]
    assert analyse(end, worlds=2, seed=1, threads=1).method == "solver"
    assert analyse(end, worlds=2, seed=1, threads=1, solve_cards=held - 1).method == "playouts"


def test_inference_works_under_a_time_budget_in_rounds() -> None:
    """A time budget weighs and draws in rounds of 256 worlds (infer_pool × 256 weighed per
    round) for as long as the time lasts."""
    pos, _ = _position_after(5, 41)
    a = analyse(pos, seconds=0.3, seed=3, threads=2, infer_pool=4, infer_miss=0.5)
    assert a.worlds >= 1 and a.pool >= 1024 and a.pool % 1024 == 0
    assert a.pool >= a.worlds and 1 <= a.effective_pool <= a.pool
    assert all(m.worlds == a.worlds for m in a.moves)
    none = analyse(pos, seconds=0.1, seed=3, threads=1, infer_pool=1)
    assert none.pool == 0


def test_inference_is_the_same_at_any_thread_count() -> None:
    pos, _ = _position_after(7, 37)
    one = analyse(pos, worlds=16, seed=9, threads=1, infer_pool=4, infer_miss=0.3)
    two = analyse(pos, worlds=16, seed=9, threads=2, infer_pool=4, infer_miss=0.3)
    assert [(str(m.move), m.mean, m.stderr) for m in one.moves] == \
        [(str(m.move), m.mean, m.stderr) for m in two.moves]


def test_inference_moves_the_weight_towards_worlds_that_explain_the_play() -> None:
    """Against random players nearly every world has misses, so the weights spread widely (a
    small effective pool); the heuristic's own plays are explained by many worlds."""
    random_pos, _ = _position_after(11, 45, ("random", "random"))
    heuristic_pos, _ = _position_after(11, 45, ("heuristic", "heuristic"))
    r = analyse(random_pos, worlds=32, seed=1, threads=1, infer_pool=8, infer_miss=0.3)
    h = analyse(heuristic_pos, worlds=32, seed=1, threads=1, infer_pool=8, infer_miss=0.3)
    assert r.effective_pool < 256 and h.effective_pool < 256
    assert r.effective_pool < h.effective_pool


@pytest.mark.parametrize("bad", [0, 65, True, 2.0])
def test_analyse_refuses_a_bad_pool(bad: object) -> None:
    pos, _ = _position_after(5, 41)
    with pytest.raises(ValueError, match="infer_pool"):
        analyse(pos, worlds=4, seed=1, threads=1, infer_pool=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -0.5, 1.5, float("nan")])
def test_analyse_refuses_a_bad_miss(bad: float) -> None:
    pos, _ = _position_after(5, 41)
    with pytest.raises(ValueError, match="infer_miss"):
        analyse(pos, worlds=4, seed=1, threads=1, infer_pool=2, infer_miss=bad)


def _bury_observation(seed: int, preset: str = "chifeng") -> tuple[_core.Game, _core.Observation]:
    game = duidiao.Game.deal(seed=seed, rules=preset).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    while int(game.phase) == 0:  # declaring
        core_bot_step(game, bots)
    return game, game.observe(int(game.to_act))


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_a_searched_bury_is_eight_cards_of_the_hand_and_repeatable(preset: str) -> None:
    differs = 0
    for seed in range(8):
        game, obs = _bury_observation(seed, preset)
        if int(game.phase) != 1:  # 干巴锅: no bury
            continue
        heuristic = tuple(_core.Bot("heuristic", 0).bury(obs))
        searched = tuple(_core.Bot("pimc:bury=24", seed).bury(obs))
        again = tuple(_core.Bot("pimc:bury=24", seed).bury(obs))
        assert searched == again
        one, two = searched
        assert bin(one).count("1") + bin(two).count("1") == 8
        assert (one & ~obs.hand[0]) == 0 and (two & ~obs.hand[1]) == 0
        assert tuple(_core.Bot("pimc", seed).bury(obs)) == heuristic  # bury=0: unchanged
        differs += searched != heuristic
        game.bury(searched)  # the game takes it
    assert differs >= 1  # the search does change some buries


def test_the_levels_are_bots_with_their_own_names_and_settings() -> None:
    assert duidiao.BOT_LEVELS == ("easy", "normal", "hard", "expert")
    for level in duidiao.BOT_LEVELS:
        assert duidiao.make_bot(level).core.name == level
    assert duidiao.make_bot("expert:worlds=8").core.name == "expert:worlds=8"
    with pytest.raises(ValueError, match="infer needs a whole number from 1 to 64"):
        duidiao.make_bot("expert:infer=0")
    with pytest.raises(ValueError, match="unknown setting 'depth'"):
        duidiao.make_bot("hard:depth=3")
    with pytest.raises(ValueError, match="level: easy, normal, hard, expert"):
        duidiao.make_bot("grandmaster")


def test_each_level_plays_a_whole_hand() -> None:
    game = duidiao.Game.deal(seed=8, declarer="N", levels={"NS": "4", "EW": "6"})
    bots = [duidiao.make_bot(level, seed=i) for i, level in enumerate(
        ("easy", "normal", "hard", "expert:worlds=16,bury=8"))]
    result = duidiao.play_hand(game, bots)
    assert game.phase == "over" and result.points % 5 == 0


def test_level_settings_and_inference_limits_are_named() -> None:
    with pytest.raises(ValueError, match="the easy level takes no settings"):
        duidiao.make_bot("easy:worlds=3")
    with pytest.raises(ValueError, match="bury needs a whole number from 0 to 4096"):
        duidiao.make_bot("pimc:bury=5000")
    pos, _ = _position_after(5, 41)
    with pytest.raises(ValueError, match="worlds x infer_pool must be at most 2"):
        analyse(pos, worlds=2**29, seed=1, threads=1, infer_pool=4)


@pytest.mark.parametrize("preset", ["shanghai", "tractor"])
def test_fair_playouts_keep_a_face_down_kitty_from_the_defenders(preset: str) -> None:
    """docs/rules.md §10.6: only the declarer knows a kitty buried face down. In a fair
    playout every other seat must play alike whether the kitty is in the deal or hidden from
    all: up to the declarer's first play that the hidden kitty changes, every play is the same."""
    for seed in range(30):
        core = duidiao.Game.deal(seed=seed, rules=preset).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        _play_until(core, bots, 0)
        world = core.hand()
        blind = world.copy()
        blind.hide_kitty()
        seen, unseen = _core.heuristic_playout(world), _core.heuristic_playout(blind)
        replay = world.copy()
        for a, b in zip(seen, unseen):
            seat = int(replay.turn)
            if a != b:
                assert seat == int(world.declarer), f"seed {seed}: seat {seat} saw the kitty"
                break
            replay.play(a)


def test_a_heuristic_playout_is_refused_on_a_hidden_deal() -> None:
    game = duidiao.Game.deal(seed=1).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    _play_until(game, bots, 0)
    with pytest.raises(ValueError, match="full deal"):
        _core.heuristic_playout(game.observe(0).view)


def test_the_recheck_plays_legally_and_sometimes_overrides() -> None:
    """`pimc:recheck=N` (issue 31, item 4): a second batch of fresh worlds may replace the first
    search's choice; the same seed plays the same hand, every play legal."""
    plain = "pimc:worlds=8"
    checked = "pimc:worlds=8,recheck=64"
    differ = 0
    for seed in range(3):
        games = []
        for name in (plain, checked, checked):
            game = duidiao.Game.deal(seed=seed, declarer="S")
            duidiao.play_hand(game, [duidiao.make_bot(name, seed=s) for s in range(4)])
            games.append([repr(d) for d in game.history])
        assert games[1] == games[2]  # repeatable
        differ += games[0] != games[1]
    assert differ > 0


def test_postponing_the_leaf_never_values_a_move_above_plain_pimc() -> None:
    """`pimc:postpone=1` (issue 31, item 4; extended PIMC): in exact worlds the seat's next
    decision is one choice for the worlds that show it the same plays, so no move can be worth
    more than when each world chooses on its own (the plain search), and some lose value where
    the worlds disagree. Mid-hand (played out, not solved) nothing changes. The same worlds:
    the same seed and count (deals where the worlds disagree: few do, about 1 exact decision in
    70 at 64 worlds)."""
    lower = equal_mid = 0
    for seed in range(6, 9):
        game = duidiao.Game.deal(seed=seed, declarer="S")
        bots = [duidiao.make_bot("heuristic", seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            obs = game.observe(seat)
            cards = len(game.held(seat))
            if game.phase == "play" and (cards <= 5 or cards == 12):
                plain = duidiao.make_bot("pimc:worlds=64,solve=5,margin=0", seed=7)
                late = duidiao.make_bot("pimc:worlds=64,solve=5,margin=0,postpone=1", seed=7)
                plain.decide(obs)
                late.decide(obs)
                before = {v.move: v.mean for v in plain.last_values}
                after = {v.move: v.mean for v in late.last_values}
                assert before.keys() == after.keys()
                if cards == 12:
                    assert before == after
                    equal_mid += 1
                else:
                    assert all(after[m] <= before[m] + 1e-9 for m in before)
                    lower += any(after[m] < before[m] - 1e-9 for m in before)
            game.apply(bots[SEATS.index(seat)].decide(obs))
    assert equal_mid > 0
    assert lower > 0
