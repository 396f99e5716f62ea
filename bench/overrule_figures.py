"""Where the search overrules the heuristic: hands of `heuristic` in every seat, and at each of
their card plays the analysis of the mover's view at a level (its worlds counted, one seed a
decision, so a run repeats exactly). A play is overruled when the analysis's best move is not
the heuristic's and gains on it by more than one standard error, paired over the same worlds
(the bots' own rule, `margin` 1). Figures by where in the trick, which side and how far into the
hand, and for leads by what was led (S/T: side suit or trumps, and the cards' count): the share
overruled and the gain the search sees in it, per hand (docs/plans/strength.md, item 2).

    python bench/overrule_figures.py --preset chifeng --hands 80

The gains are in the analysis's own terms (heuristic playouts in sampled worlds): where the
heuristic disagrees with its own one-step improvement, not what a rule changed there would win.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

import duidiao
from duidiao.play.seats import TRICK_SEATS
from duidiao.search.analysis import level_search
from duidiao.search.review import review_positions


def led_kind(position: duidiao.Position, move: str) -> str:
    """'T2': two trumps; 'S1': one side-suit card; 'M3': three cards of both."""
    suits = [card.effective_suit(position.level, position.trump) for card in duidiao.Cards(move)]
    kind = "T" if all(s == "T" for s in suits) else "S" if "T" not in suits else "M"
    return f"{kind}{len(suits)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="chifeng")
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--first", type=int, default=100, help="the first deal's seed")
    parser.add_argument("--level", default="expert", help="the search level analysing")
    args = parser.parse_args()
    search = level_search(args.level)
    seen: Counter[tuple[str, ...]] = Counter()
    overruled: Counter[tuple[str, ...]] = Counter()
    gain: defaultdict[tuple[str, ...], float] = defaultdict(float)
    leads: Counter[tuple[str, ...]] = Counter()
    lead_gain: defaultdict[tuple[str, ...], float] = defaultdict(float)
    decisions = 0
    for seed in range(args.first, args.first + args.hands):
        game = duidiao.Game.deal(seed, rules=args.preset)
        duidiao.play_hand(game, [duidiao.make_bot("heuristic", seed=seed * 4 + s)
                                 for s in range(TRICK_SEATS.count)])
        record = duidiao.Record.from_game(game)
        assert game.declarer is not None
        for seat in TRICK_SEATS.letters:
            side = ("declaring" if TRICK_SEATS.team_of(seat) == TRICK_SEATS.team_of(game.declarer)
                    else "defending")
            for ply, _trick, text, played in review_positions(record, seat):
                position = duidiao.Position(text)
                analysis = duidiao.analyse(position, seed=seed * 1000 + ply, threads=1,
                                           **search)
                decisions += 1
                left = len(position.hands[seat])
                stage = "early" if left > 12 else "middle" if left > 5 else "end"
                key = (f"{'lead' if ply % 4 == 0 else f'follow {ply % 4 + 1}'}", side, stage)
                seen[key] += 1
                best = analysis.moves[0]
                if best.heuristic or not best.gain > best.gain_stderr:
                    continue
                overruled[key] += 1
                gain[key] += best.gain
                if ply % 4 == 0:
                    change = (side, led_kind(position, played), led_kind(position, str(best.move)))
                    leads[change] += 1
                    lead_gain[change] += best.gain
        print(f"hand {seed - args.first + 1} of {args.hands}", flush=True)
    hands = args.hands
    total = sum(gain.values())
    print(f"\n{args.preset}: {hands} hands of heuristic, {decisions} plays analysed at "
          f"{args.level}; overruled {sum(overruled.values())} "
          f"({100 * sum(overruled.values()) / max(decisions, 1):.1f}%), "
          f"the gain the search sees {total / hands:.2f} a hand")
    print(f"{'where':<34} {'plays':>6} {'overruled':>10} {'gain a hand':>12}")
    for where in sorted(seen, key=lambda k: -gain[k]):
        print(f"{' / '.join(where):<34} {seen[where]:>6} "
              f"{100 * overruled[where] / seen[where]:>9.1f}% {gain[where] / hands:>12.3f}")
    print("\nleads overruled: side, what the heuristic led -> what the search prefers")
    for lead in sorted(leads, key=lambda c: -lead_gain[c])[:12]:
        print(f"{' / '.join(lead):<34} {leads[lead]:>6} {lead_gain[lead] / hands:>12.3f}")


if __name__ == "__main__":
    main()
