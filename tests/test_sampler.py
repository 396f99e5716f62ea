"""The world sampler (src/search/sampler.h, duidiao.sample_worlds): full deals consistent with
one seat's view, drawn uniformly over the deals of the physical cards.

A world must keep every known card in place, respect the voids revealed by failing to follow
(rules §5.3) and make every throw of the tricks stand or fail as it did (§5.2).
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("duidiao._core")

from duidiao import (  # noqa: E402
    Cards,
    Game,
    HiddenCardsError,
    Position,
    Rules,
    _core,
    analyse,
    sample_worlds,
)
from duidiao.play.cards import RANKS, suit_mask  # noqa: E402
from duidiao.play.level import Level  # noqa: E402
from duidiao.play.notation import parse_record  # noqa: E402
from duidiao.play.position import _build  # noqa: E402
from duidiao.search.players import core_bot_step  # noqa: E402

SEATS = "SENW"
PLAY, OVER = 4, 5


def cards(masks: Any) -> Cards:
    return Cards.from_masks(int(masks[0]), int(masks[1]))


def played_by_seat(hand: Any) -> list[Cards]:
    """Every card each seat played in the completed tricks and the trick in progress."""
    out = [Cards() for _ in range(4)]
    for leader, plays, _winner, _points in hand.tricks():
        for i, play in enumerate(plays):
            out[(leader + i) % 4] += cards(play)
    for i, play in enumerate(hand.trick()):
        out[(hand.leader + i) % 4] += cards(play)
    return out


# The standard game's play rules on a Chifeng deal: the follow duties (§10.4) with the trump
# group's bridge, trump throws without 浑甩 (§10.3).
DUTIES = Rules.preset("chifeng").replace(
    must_follow_format=True,
    level_tractor_bridge=True,
    ace_low_tractor=False,
    throws_in_trumps=True,
    muddy_throws=False,
)


NO_CARDS = Cards()


def replay(view: Any, now: list[Cards], kitty: Cards, gone: Cards = NO_CARDS) -> Any:
    """The view's play replayed from its first recorded trick on a full-information hand whose
    seats hold `now` plus what they played since, each lead played as attempted
    (``recorded=False``): a throw is judged against those hands at that moment (§5.2). Raises
    ValueError when a play comes out differently or the cards do not fit."""
    played = played_by_seat(view)
    tricks = view.tricks(attempts=True)
    team = view.declarer % 2
    banked = view.points - sum(p for _l, _p, w, p, _a in tricks if w % 2 != team)
    hand = _core.Hand(
        view.rules,
        view.level,
        view.trump,
        view.declarer,
        tricks[0][0] if tricks else view.leader,
        [(now[s] + played[s]).masks for s in range(4)],
        [0, 0, 0, 0],
        kitty.masks,
        True,
        view.dry,
        banked,
        [0, 0, 0, 0],
        0,
        gone=gone.masks,
    )
    for _leader, plays, _winner, _points, attempt in tricks:
        if hand.play(attempt) != plays[0]:
            raise ValueError("a throw came out differently")
        for play in plays[1:]:
            hand.play(play)
    if view.trick():
        first, *rest = view.trick()
        if hand.play(view.lead_attempt) != first:
            raise ValueError("the throw in progress came out differently")
        for play in rest:
            hand.play(play)
    return hand


def check_world(world: Any, view: Any, truth: Any, seat: int, gone: Cards = NO_CARDS) -> None:
    """Everything a world must keep of the view (and of the true deal behind it)."""
    assert world.kitty_known
    total = cards(world.kitty)
    for s in range(4):
        held = cards(world.hand(s))
        assert world.unknown(s) == 0
        assert cards(view.hand(s)) <= held, "a known card moved"
        assert len(held) == len(cards(truth.hand(s))), "a hand has the wrong size"
        if s == seat:
            assert held == cards(view.hand(s))
        assert world.voids(s) == view.voids(s)
        assert not held.masks[0] & void_mask(view, s), "a void broken"
        total += held
    # the cards out of play are the view's, and the 108 cards are all there once
    assert world.tricks(attempts=True) == view.tricks(attempts=True)
    assert world.trick() == view.trick() and world.lead_attempt == view.lead_attempt
    assert world.points == view.points and world.turn == view.turn
    for p in played_by_seat(world):
        total += p
    assert total + gone == Cards.deck()
    # every throw stands or fails as it did, against the world's hands of that moment
    replayed = replay(world, [cards(world.hand(s)) for s in range(4)], cards(world.kitty), gone)
    for s in range(4):
        assert replayed.hand(s) == world.hand(s)
        assert replayed.voids(s) == world.voids(s)


def self_play_views(
    games: int, every: int, seed: int, rules: Rules | str = "chifeng"
) -> Iterator[tuple[Game, Any, Any, int]]:
    """(game, view, true hand, seat to move) at every `every`-th play decision of self-play
    games, the view being what the seat to move sees (``Observation.view``)."""
    rng = random.Random(seed)
    for g in range(games):
        game = Game.deal(seed=seed * 1000 + g, declarer=SEATS[g % 4], rules=rules)
        core = game._core
        names = ("random", "heuristic")
        bots = [_core.Bot(names[(g + s) % 2 if g % 3 else 0], seed + 4 * g + s) for s in range(4)]
        step = rng.randrange(every)
        while int(core.phase) != OVER:
            if int(core.phase) == PLAY:
                step += 1
                if step % every == 0:
                    seat = int(core.to_act)
                    yield game, core.observe(seat).view, core.hand(), seat
            core_bot_step(core, bots)


def test_worlds_keep_everything_the_view_knows() -> None:
    """§5.2, §5.3: >= 200 self-play positions, several worlds each, none contradicts the view;
    and the rest of the hand can be played from a world."""
    positions = failed = stood = 0
    rng = random.Random(5)
    for _game, view, truth, seat in self_play_views(games=18, every=6, seed=11):
        sampler = _core.WorldSampler(view, seat)
        hidden = sum(view.unknown(s) for s in range(4))
        assert sampler.hidden_cards == hidden
        worlds = sampler.sample_hands(4, positions)
        for world in worlds:
            check_world(world, view, truth, seat)
        # the true deal is one of the worlds: it passes the same checks
        check_world(truth, view, truth, seat)
        for _l, plays, _w, _p, attempt in view.tricks(attempts=True):
            if cards(attempt) != cards(plays[0]):
                failed += 1
            elif len(cards(attempt)) > 1 and cards(attempt).masks[0] != cards(attempt).masks[1]:
                stood += 1
        world = worlds[0]
        while not world.is_over:
            moves = world.legal_moves()
            world.play(rng.choice(moves))
        world.result(0, 0)
        positions += 1
    assert positions >= 200
    assert failed > 0 and stood > 0  # the histories had throws of both kinds


def test_worlds_keep_the_follow_duties() -> None:
    """§10.4: "A follower that plays fewer pairs than the lead asked for has shown that it
    holds no more pairs in that suit, a fact the world sampler must keep as it keeps voids":
    over self-play views under the duties, every world replays every follow as legal."""
    positions = duties = 0
    for _game, view, truth, seat in self_play_views(games=14, every=5, seed=23, rules=DUTIES):
        sampler = _core.WorldSampler(view, seat)
        for world in sampler.sample_hands(4, positions):
            check_world(world, view, truth, seat)  # replays every play through the core's checks
        check_world(truth, view, truth, seat)
        duties += sum(
            1 for _l, plays, _w, _p in view.tricks() if cards(plays[0]).masks[1]
        )
        positions += 1
    assert positions >= 150 and duties > 0


@pytest.mark.parametrize("preset", ["tractor", "shanghai"])
def test_worlds_keep_the_standard_games_facts(preset: str) -> None:
    """§10.4 and §10.6 over self-play views of whole standard hands: the kitty hidden from all
    but the declarer, the duties, the declarer's shown cards in its hand or the kitty — every
    world keeps them all (and replays every play through the core's checks)."""
    positions = hidden_kitty = shown = 0
    for _game, view, truth, seat in self_play_views(games=10, every=6, seed=29, rules=preset):
        sampler = _core.WorldSampler(view, seat)
        must = cards(view.declarer_or_kitty)
        for world in sampler.sample_hands(3, positions):
            check_world(world, view, truth, seat)
            assert must <= cards(world.hand(view.declarer)) + cards(world.kitty)
        check_world(truth, view, truth, seat)
        hidden_kitty += not view.kitty_known
        assert view.kitty_known == (seat == view.declarer)
        shown += bool(must)
        positions += 1
    assert positions >= 100 and hidden_kitty > 0 and shown > 0


def test_views_with_a_hidden_kitty() -> None:
    """The kitty as an unknown holder (kitty=?8): it takes any suit, voids or not."""
    checked = 0
    for game, _view, _truth, seat in self_play_views(games=4, every=23, seed=3):
        seen = game.observe(SEATS[seat]).position
        assert seen is not None
        position = Position(re.sub(r"kitty=\S+", "kitty=?8", str(seen)))
        assert position.kitty is None
        for world in sample_worlds(position, 3, seed=checked):
            assert world.kitty is not None and len(world.kitty) == 8
            assert world.unknown == {s: 0 for s in SEATS}
            assert world.hands[SEATS[seat]] == position.hands[SEATS[seat]]
            total = world.kitty + world.gone
            for s in SEATS:
                assert position.hands[s] <= world.hands[s]
                total += world.hands[s]
            for trick in world.tricks:
                for play in trick.plays:
                    total += play
            if world.current_trick is not None:
                for play in world.current_trick.plays:
                    total += play
            assert total == Cards.deck()
            assert world.voids == position.voids
            assert Position(str(world)) == world
        checked += 1
    assert checked >= 4


# -- uniformity ------------------------------------------------------------------------------


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom: the regularized upper
    incomplete gamma Q(df/2, x/2) (series below a + 1, continued fraction above)."""
    a, z = df / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:
        term = total = 1.0 / a
        n = a
        while term > total * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_chi2_sf_known_values() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(7.0, 2) == pytest.approx(math.exp(-3.5), rel=1e-12)  # df 2: exp(-x/2)
    assert chi2_sf(124.342, 100) == pytest.approx(0.05, rel=1e-3)
    assert chi2_sf(0.0, 5) == 1.0


def void_mask(view: Any, seat: int) -> int:
    """The faces of the effective suits `seat` is void in."""
    # suit_mask takes the level (its letter): from the rank of the core's place on the ladder
    level, trump = Level(RANKS[view.rules.level_rank(view.level)]), view.trump
    return sum(suit_mask(e, level, trump) for e in range(5) if view.voids(seat) >> e & 1)


def exact_deals(view: Any, seat: int, gone: Cards) -> dict[tuple[tuple[int, int], ...], int]:
    """Every consistent deal of the view's hidden cards, with its number of physical deals.

    Independent of the sampler: the physical hidden cards (each copy apart) are put in every
    way that fits the holders' sizes and voids; a deal is kept when replaying its tricks on
    the full hands gives the same plays (every throw stands or fails as it did), and when the
    declarer's hand and the kitty hold the cards it showed (§10.6, a face-down kitty)."""
    shown = cards(view.declarer_or_kitty)
    known = gone
    for s in range(4):
        known += cards(view.hand(s))
    for p in played_by_seat(view):
        known += p
    if view.kitty_known:
        known += cards(view.kitty)
    physical = list((Cards.deck() - known).faces())
    holders = [s for s in range(4) if view.unknown(s)] + ([] if view.kitty_known else [4])
    caps = [view.unknown(s) if s < 4 else 8 for s in holders]
    forbidden = [void_mask(view, s) if s < 4 else 0 for s in holders]
    counts: Counter[tuple[tuple[int, int], ...]] = Counter()
    assigned: list[list[int]] = [[] for _ in holders]

    def place(i: int) -> None:
        if i == len(physical):
            counts[tuple(Cards(h).masks for h in assigned)] += 1
            return
        face = physical[i]
        for h in range(len(holders)):
            if len(assigned[h]) < caps[h] and not forbidden[h] >> face & 1:
                assigned[h].append(face)
                place(i + 1)
                assigned[h].pop()

    place(0)
    deals = {}
    for deal, n in counts.items():
        hidden = dict(zip(holders, deal))
        now = [cards(view.hand(s)) + cards(hidden.get(s, (0, 0))) for s in range(4)]
        kitty = cards(view.kitty) if view.kitty_known else cards(hidden[4])
        if not shown <= now[view.declarer] + kitty:
            continue
        try:
            replay(view, now, kitty, gone)
        except ValueError:
            continue
        deals[deal] = n
    return deals


def chi2_p_value(observed: Counter[Any], probabilities: dict[Any, float], n: int) -> float:
    assert set(observed) <= set(probabilities), "a deal that is not consistent was drawn"
    stat = sum((observed[k] - n * p) ** 2 / (n * p) for k, p in probabilities.items())
    return chi2_sf(stat, len(probabilities) - 1)


SAMPLES = 20000
ALPHA = 1e-4


def endgame_views() -> list[tuple[str, Any, int, Cards]]:
    """(name, view, viewer, gone): small endgames whose consistent deals can be listed."""
    out = []

    def make(text: str, viewer: str, plays: list[str] = (),  # type: ignore[assignment]
             rules: Rules | None = None) -> tuple[Any, int, Cards]:
        position = Position(text)
        hand = position.core if rules is None else _build(parse_record(text), rules, 0)
        for play in plays:
            hand.play(Cards(play).masks)
        seat = SEATS.index(viewer)
        return _core.view_of(hand, seat), seat, position.gone

    def gone_of(*held: str) -> str:
        return str(Cards.deck() - sum((Cards(h) for h in held), Cards()))

    base = "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2"
    kitty = "7D,7D,6D,6D,4D,4D,3D,3D"
    # 2 cards a hand, three hidden pairs: splitting a pair is twice as likely as keeping it
    held = ["AH,KH", "QH,JH", "QH,TD", "JH,TD"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 turn=S"
    )
    out.append(("pairs", *make(text, "S")))
    # 3 cards a hand, E void in hearts and W void in clubs
    held = ["AH,KH,AC", "TC,9C,8D", "QH,9C,TC", "QH,8D,JH"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 voids=E:H,W:C turn=S"
    )
    out.append(("voids", *make(text, "S")))
    # a failed throw in progress (§5.2): E throws AH,QH, KH is hidden (N holds it), so QH is
    # played and AH stays in E's hand; KH cannot be E's
    held = ["4H,9D,9D,7C", "AH,QH,5C,6C", "KH,3H,8D,5C", "JH,TD,6C,8C"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 trick=E:"
    )
    out.append(("failed throw", *make(text, "S", ["AH,QH"])))
    # the same throw completed, viewed after the trick (E won it and leads), with the other AH
    # hidden too: E keeps one AH or both
    held = ["4H,9D,9D,7C", "AH,QH,5C,6C", "KH,3H,8D,5C", "JH,AH,6C,8C"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 trick=E:"
    )
    out.append(("failed throw, done", *make(text, "S", ["AH,QH", "3H", "JH", "4H"])))
    # a throw that stood while the other AH was hidden: it must be E's
    held = ["4H,9D,9D,7C", "AH,KH,QH,5C", "3H,5H,8D,5C", "JH,TD,6C,8C"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 trick=E:"
    )
    out.append(("throw stood", *make(text, "S", ["KH,QH"])))
    # a hidden kitty (any suit) with W void in hearts
    held = ["AS", "QH", "9C", "8D"]
    hidden = "QH,JH,JH,TC,TC,9C,8D,7D"
    text = (
        f"{base} S={held[0]} E=?1 N=?1 W=?1 kitty=?8 gone={gone_of(*held, hidden)} points=0 "
        "voids=W:H turn=S"
    )
    out.append(("hidden kitty", *make(text, "S")))
    # §10.4: E follows S's AH pair with QH,JH, so E held no heart pair: E's hidden card is
    # neither the other QH nor the other JH
    held = ["AH,AH,4C", "QH,JH,8D", "QH,9C,TD", "JH,9C,6C"]
    text = (
        f"{base} S={held[0]} E={held[1]} N={held[2]} W={held[3]} kitty={kitty} "
        f"gone={gone_of(*held, kitty)} points=0 turn=S"
    )
    out.append(("no pair left", *make(text, "S", ["AH,AH", "QH,JH"], DUTIES)))
    # §10.6: W declared with a single 2H and buried face down; S sees neither copy of 2H: one
    # of them is in W's hand or the kitty (a face shown once, both copies hidden)
    held = ["AS"]
    hidden = "2H,2H,QH,TC,TC,9C,7D,7D,6D,6D,4D"
    text = (
        f"tractor level=2 trump=S declarer=W levels=NS:2,EW:2 S={held[0]} E=?1 N=?1 W=?1 "
        f"kitty=?8 gone={gone_of(*held, hidden)} points=0 turn=S"
    )
    view, seat, gone = make(text, "S")
    view.set_declarer_or_kitty(Cards("2H").masks)
    out.append(("shown then buried", view, seat, gone))
    return out


ENDGAMES = endgame_views()


Deals = dict[tuple[tuple[int, int], ...], int]
_EXACT: dict[str, Deals] = {}


def endgame_deals(name: str, view: Any, seat: int, gone: Cards) -> Deals:
    """exact_deals of an ENDGAMES view, listed once for the tests that use it."""
    if name not in _EXACT:
        _EXACT[name] = exact_deals(view, seat, gone)
    return _EXACT[name]


@pytest.mark.parametrize("name,view,seat,gone", ENDGAMES, ids=[e[0] for e in ENDGAMES])
def test_draws_are_uniform_over_physical_deals(
    name: str, view: Any, seat: int, gone: Cards
) -> None:
    """Chi-square of SAMPLES draws against the exact probabilities, which weigh each deal by its
    number of physical deals (§5.2 throws and §5.3 voids restrict the deals); and the same test
    rejects a sampler that is uniform over the distinct deals instead."""
    deals = endgame_deals(name, view, seat, gone)
    total = sum(deals.values())
    probabilities = {deal: n / total for deal, n in deals.items()}
    assert len(set(deals.values())) > 1, "the deals must not all weigh the same"
    sampler = _core.WorldSampler(view, seat)
    drawn, inverse, _first = drawn_deals(view, sampler.sample_masks(SAMPLES, 20240601))
    observed = Counter({deal: int((inverse == u).sum()) for u, deal in enumerate(drawn)})
    assert chi2_p_value(observed, probabilities, SAMPLES) > ALPHA

    rng = random.Random(7)
    distinct = sorted(deals)
    biased = Counter(rng.choice(distinct) for _ in range(SAMPLES))
    assert chi2_p_value(biased, probabilities, SAMPLES) < ALPHA


def drawn_deals(view: Any, masks: Any) -> tuple[list[Any], Any, Any]:
    """Draws (sample_masks rows) as deals of the hidden cards: the distinct deals, each draw's
    index among them, and the first draw of each (rows converted once per distinct deal)."""
    n = len(masks)
    holders = [s for s in range(4) if view.unknown(s)] + ([] if view.kitty_known else [4])
    known = [cards(view.hand(s)) for s in range(4)]
    rows, first, inverse = np.unique(masks.reshape(n, -1), axis=0, return_index=True,
                                     return_inverse=True)
    deals = [
        tuple((cards(row[h]) - known[h]).masks if h < 4 else cards(row[h]).masks for h in holders)
        for row in rows.reshape(len(rows), 5, -1)
    ]
    return deals, inverse.reshape(-1), first


def tilted_deals(
    view: Any, seat: int, sampler: Any, samples: int
) -> tuple[Counter[Any], dict[Any, float]]:
    """A tilted sampler's draws as deals of the hidden cards, and each deal's log tilt (the
    same every time the deal is drawn)."""
    masks, tilts = sampler.sample_tilted_masks(samples, 20240602)
    deals, inverse, first = drawn_deals(view, masks)
    observed: Counter[Any] = Counter()
    tilt_of: dict[Any, float] = {}
    for u, deal in enumerate(deals):
        mine = inverse == u
        observed[deal] = int(mine.sum())
        assert np.allclose(tilts[mine], tilts[first[u]], atol=1e-9), "one deal, two tilts"
        assert tilts[first[u]] <= 1e-9  # the likeliest holder's factor is 1
        tilt_of[deal] = float(tilts[first[u]])
    return observed, tilt_of


@pytest.mark.parametrize("name,view,seat,gone", ENDGAMES, ids=[e[0] for e in ENDGAMES])
def test_tilted_draws_are_the_uniform_draw_times_their_tilt(
    name: str, view: Any, seat: int, gone: Cards
) -> None:
    """WorldSampler.tilt (pimc's belief with draw=1): a deal is drawn with its uniform
    probability times exp(the tilt the draw reports), so that dividing the tilt out gives the
    uniform draw back; the tilt moves the draws (a test that can fail)."""
    deals = endgame_deals(name, view, seat, gone)
    total = sum(deals.values())
    factors = np.random.default_rng(5).normal(0.0, 0.4, size=(54, 4)).astype(np.float32)
    sampler = _core.WorldSampler(view, seat)
    sampler.tilt(factors.reshape(-1).tolist(), 1.0)
    assert sampler.tilted
    observed, tilt_of = tilted_deals(view, seat, sampler, SAMPLES)
    assert set(observed) <= set(deals), "a deal that is not consistent was drawn"
    # A deal never drawn has no known tilt: the test is over the deals drawn, which hold all
    # but a sliver of the probability (those left out are each below 1 / SAMPLES or so).
    missing = sum(deals[d] for d in deals if d not in observed) / total
    assert missing < 0.01
    tilted = {d: deals[d] / total * math.exp(tilt_of[d]) for d in observed}
    z = sum(tilted.values())
    assert chi2_p_value(observed, {d: w / z for d, w in tilted.items()}, SAMPLES) > ALPHA
    if len(set(tilt_of.values())) > 1:  # the tilt tells deals apart: the uniform draw fails
        uniform = {d: deals[d] / (1 - missing) / total for d in observed}
        assert chi2_p_value(observed, uniform, SAMPLES) < ALPHA


def test_a_tilt_moves_suit_counts_and_keeps_every_fact() -> None:
    """A strong tilt towards one holder gives it more cards of a suit than the uniform draw
    does; the worlds still keep everything the view knows; a wrong table is refused."""
    game, view, truth, seat = next(iter(self_play_views(games=1, every=40, seed=2)))
    nxt = (seat + 1) % 4
    level, trump = Level(RANKS[view.rules.level_rank(view.level)]), view.trump
    # a plain suit the next seat may still hold
    suit = next(
        m for e in range(4) if (m := suit_mask(e, level, trump)) and not view.voids(nxt) >> e & 1
    )
    faces = [f for f in range(54) if suit >> f & 1]
    factors = np.zeros((54, 4), np.float32)
    factors[faces, 0] = 3.0  # rel 1: the next seat
    plain = _core.WorldSampler(view, seat)
    tilted = _core.WorldSampler(view, seat)
    tilted.tilt(factors.reshape(-1).tolist(), 1.0)

    def held_next(sampler: Any) -> float:
        masks = sampler.sample_masks(400, 3)
        return float(np.mean([sum(bin(int(p) & suit).count("1") for p in m[nxt]) for m in masks]))

    assert held_next(tilted) > held_next(plain) + 0.5
    for world in tilted.sample_hands(50, 4):
        check_world(world, view, truth, seat)
    with pytest.raises(ValueError, match="4 factors a face"):
        tilted.tilt([0.0] * 10, 1.0)


def test_throw_constraints_bite() -> None:
    """§5.2: the failed throw's rest is E's, and the hidden KH is not (it beat the throw)."""
    name, view, seat, gone = next(e for e in ENDGAMES if e[0] == "failed throw")
    sampler = _core.WorldSampler(view, seat)
    kh, ah = Cards("KH"), Cards("AH")
    for world in sampler.sample_hands(200, 1):
        east = cards(world.hand(1))
        assert ah <= east and not kh <= east


# -- the Python API --------------------------------------------------------------------------


def test_sample_worlds_positions() -> None:
    game, _view, _truth, seat = next(iter(self_play_views(games=1, every=40, seed=2)))
    position = game.observe(SEATS[seat]).position
    assert position is not None and position.turn == SEATS[seat]
    worlds = sample_worlds(position, 5, seed=3)
    assert len(worlds) == 5
    assert worlds == sample_worlds(position, 5, seed=3)  # repeatable
    for world in worlds:
        assert world.unknown == {s: 0 for s in SEATS}
        assert world.hands[position.turn] == position.hands[position.turn]
        assert world.tricks == position.tricks and world.points == position.points
        assert world.legal_moves()  # a full-information position: the mover's moves are known
        assert Position(str(world)) == world
    assert sample_worlds(position, 0) == []
    other = SEATS[(seat + 1) % 4]
    with pytest.raises(HiddenCardsError, match="unknown cards"):
        sample_worlds(position, 1, seat=other)
    with pytest.raises(ValueError, match="seat"):
        sample_worlds(position, 1, seat="X")
    with pytest.raises(ValueError, match="n:"):
        sample_worlds(position, -1)


def test_sampler_refuses_bad_views() -> None:
    _game, view, _truth, seat = next(iter(self_play_views(games=1, every=40, seed=2)))
    with pytest.raises(_core.CoreError, match="not known"):
        _core.WorldSampler(view, (seat + 1) % 4)
    with pytest.raises(_core.CoreError, match="seat"):
        _core.WorldSampler(view, 4)
    # a void that leaves the hidden hearts nowhere to go
    gone = str(Cards.deck() - Cards("AS,QH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D"))
    position = Position(
        "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AS E=?1 N=?1 W=?1 "
        f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=0 voids=E:H,N:H,W:H turn=S"
    )
    with pytest.raises(ValueError, match="no deal is consistent"):
        sample_worlds(position, 1)


def test_shown_copies_already_known_count_towards_the_shown_ones() -> None:
    """§10.6: the declarer W showed 2H and still shows a known 2H: the other, hidden 2H may be
    anywhere (it goes where there is room); shown twice with one known, the hidden one is W's
    or the kitty's. A view written with the known copy is consistent either way."""
    from duidiao.play.cards import Cards as C

    def gone_of(*held: str) -> str:
        return str(C.deck() - sum((C(h) for h in held), C()))

    hidden = "2H,QH,TC,TC,9C,7D,7D,6D,6D,4D,5C,5C,8D"
    text = (
        "tractor level=2 trump=S declarer=W levels=NS:2,EW:2 S=AS,3C E=?2 N=?2 W=2H,?1 "
        f"kitty=?8 gone={gone_of('AS,3C', '2H', hidden)} points=0 turn=S"
    )
    view = Position(text).core
    two_h = 1 << Cards("2H").masks[0].bit_length() - 1

    def where(shown: str) -> Counter[int]:
        view.set_declarer_or_kitty(Cards(shown).masks)
        counts: Counter[int] = Counter()
        for row in _core.WorldSampler(view, 0).sample_masks(3000, 1):
            for h in (1, 2, 4):  # E, N, the kitty (W's hidden card is the rest)
                counts[h] += bool(row[h][0] & two_h)
        return counts

    once = where("2H")
    assert once[1] > 200 and once[2] > 200  # E and N get it about 2/13 of the time each
    twice = where("2H,2H")
    assert twice[1] == twice[2] == 0 and twice[4] > 0


def test_a_view_whose_facts_no_draw_meets() -> None:
    """A fact checked by rejection (§10.4: E holds no spade pair) that no draw meets: E, void in
    hearts, must take both hidden 5S. The sampler says so in one line; a search skips the worlds
    it cannot draw and, drawing none, keeps the heuristic's choice (a bot in a game whose
    history makes its worlds rare plays on instead of failing)."""
    keep = Cards("AS,KS,5S,5S,4H,4H,3H,3H,7D,7D,6D,6D,4D,4D,3D,3D")
    position = Position(
        "shanghai level=2 trump=D declarer=S levels=NS:2,EW:2 S=AS,KS E=?2 N=?2 W=?2 "
        f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={Cards.deck() - keep} points=0 voids=E:H!S turn=S"
    )
    with pytest.raises(ValueError, match="no world consistent with the throws and follows"):
        sample_worlds(position, 1, seed=1)
    analysis = analyse(position, worlds=8, threads=1, seed=1)
    assert analysis.worlds == 0
    assert analysis.moves[0].heuristic


def _holdings(world: Any) -> np.ndarray:
    """Copies of each face in each seat's hand and the kitty: shape (5, 64)."""
    out = np.zeros((5, 64))
    for k in range(5):
        one, two = (world.hand(k) if k < 4 else world.kitty)[:2]
        for b in range(64):
            out[k, b] = (int(one) >> b & 1) + (int(two) >> b & 1)
    return out


def test_walks_keep_every_fact_of_the_view() -> None:
    """pimc's mcmc (docs/sampler.md): a world moved by Metropolis swaps is still a world of the
    view — known cards, voids, throws' verdicts, follows — over self-play views of both games."""
    checked = 0
    for preset, seed in (("chifeng", 41), ("shanghai", 43)):
        for _game, view, truth, seat in self_play_views(games=6, every=9, seed=seed, rules=preset):
            sampler = _core.WorldSampler(view, seat)
            for i, world in enumerate(sampler.sample_hands(2, checked)):
                moved = sampler.walk(world, 60, seed=checked * 7 + i)
                check_world(moved, view, truth, seat)
            checked += 1
    assert checked >= 40
    with pytest.raises(ValueError, match="not a full deal of this sampler's view"):
        sampler.walk(view, 3, seed=1)


def test_walks_keep_the_uniform_draw() -> None:
    """The moves leave the uniform draw as it is: walks that all start from one world end up
    holding each card where the uniform draw puts it, as often (the proposal is symmetric and
    the failed throws' doubled copies weigh as the draw weighs them). Without the moves they
    would all hold the first world's cards."""
    views = []
    for preset, seed in (("chifeng", 5), ("shanghai", 7)):
        for _game, view, _truth, seat in self_play_views(4, every=37, seed=seed, rules=preset):
            tricks = view.tricks(attempts=True)
            failed = any(cards(a) != cards(p[0]) for _l, p, _w, _pt, a in tricks)
            views.append((view, seat, failed))
            if len(views) % 2 == 0:
                break
    assert any(failed for *_, failed in views)  # a failed throw's placed copy among them
    for view, seat, _failed in views:
        sampler = _core.WorldSampler(view, seat)
        n = 3000
        uniform = [sampler.sample_hands(n, seed) for seed in (1, 2, 987654321)]
        start = uniform[0][0]
        walked = [sampler.walk(start, 150, seed=s) for s in range(n)]
        mean = [np.mean([_holdings(w) for w in ws], axis=0) for ws in (*uniform, walked)]
        # Squared differences summed over every (holder, face): uniform samples differ by
        # their noise alone, the walks from the uniform draw by about as much.
        noise = np.mean([((mean[a] - mean[b]) ** 2).sum() for a, b in ((0, 1), (1, 2), (0, 2))])
        drift = ((mean[3] - mean[0]) ** 2).sum()
        assert drift < 2 * noise, (drift, noise)
        still = ((_holdings(start) - mean[0]) ** 2).sum()
        assert still > 20 * noise  # the test can tell a chain that does not move
