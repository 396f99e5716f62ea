#include "search/heuristic_player.h"

#include <algorithm>
#include <climits>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"

namespace duidiao {

namespace {

// Weights, tuned by heuristic-vs-heuristic matches on the same deals (seats swapped).
struct Params {
  double xiaosa_base = 0.5;                     // 潇洒: a team's chance to win the hand, before its trumps
  double xiaosa_cost_bj = 1.5, xiaosa_cost_sj = 1.0;  // ... and a joker's worth in the play
  int draw_min = 4;                             // trumps needed to draw trumps
  double draw_share = 0.5;                      // ... and this share of the trumps still out
  int joker_keep_declaring = 40;                // the declaring team keeps its jokers against a dig
  int joker_win_points = 20;                    // ... and wins no trick with them for fewer points
  int pair_lead_max = 13, pair_lead_bonus = 40; // low leads: side pairs up to this power first
  int void_bonus = 20;                          // burying: the worth of a void side suit
  int bury_points = 40, bury_kings = 40;        // burying: preference for 5s and 10s, for Ks
  double declare_need = 0.60;                   // declaring: trump strength per card held
};
constexpr Params P{};

constexpr uint64_t JOKER_MASK = (uint64_t(1) << SMALL_JOKER) | (uint64_t(1) << BIG_JOKER);

// The k cheapest cards of `from` (copies counted) by cost(card); ties by face order. Each face's
// cost is taken once; the cheapest are then picked one face at a time (k is small: a play).
template <typename F>
CardSet cheapest(const CardSet& from, int k, F&& cost) {
  int n = 0;
  Card faces[FACE_NB];
  int costs[FACE_NB];
  for (uint64_t m = from.one; m; m &= m - 1, ++n) {
    faces[n] = lowest_bit(m);
    costs[n] = cost(faces[n]);
  }
  CardSet out;
  while (k > 0 && n > 0) {
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (costs[i] < costs[best] || (costs[i] == costs[best] && faces[i] < faces[best])) best = i;
    const Card c = faces[best];
    for (int j = from.count(c); j > 0 && k > 0; --j, --k) out.add(c);
    --n;
    faces[best] = faces[n], costs[best] = costs[n];
  }
  return out;
}

// The lowest-power face of mask with power above `above`, or -1.
int lowest_above(const Context& ctx, uint64_t mask, int above) {
  int best = -1;
  for (uint64_t m = mask; m; m &= m - 1) {
    const Card c = lowest_bit(m);
    if (ctx.power[c] > above && (best < 0 || ctx.power[c] < ctx.power[best])) best = c;
  }
  return best;
}

int max_power(const Context& ctx, uint64_t mask) {
  int best = -1;
  for (uint64_t m = mask; m; m &= m - 1) best = std::max<int>(best, ctx.power[lowest_bit(m)]);
  return best;
}

// ---- the play: what this seat knows ----

struct Situation {
  const Context& ctx;
  const PlayState& state;
  const Trick& trick;
  int me = 0;
  bool declaring = false;  // is this seat's team the declaring team?
  CardSet hand;
  int length[EFFECTIVE_SUIT_NB] = {};  // of this hand, per effective suit
  CardSet others;          // the cards in the other three hands
  CardSet possible[4];     // what each other seat may hold (its known cards and the unplaced ones)
  bool opp_jokers = false; // might an opponent hold a joker?

  // unknown: each seat's hidden cards (null: none). others_hidden: the other hands are read as
  // hidden though `state` shows them (a fair playout on a full deal).
  Situation(const Context& c, int declarer, const CardSet& kitty, const PlayState& s, const int* unknown,
            int seat, bool others_hidden)
      : ctx(c), state(s), trick(s.trick), me(seat) {
    declaring = team_of(me) == team_of(declarer);
    hand = s.held[seat];
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) length[e] = suit(hand, e).size();
    others = CardSet::full_deck(ctx.decks).minus(s.out).minus(kitty).minus(hand);
    // Seen hidden, another hand is its count of cards alone (as Hand::conceal leaves it).
    CardSet pool = others;
    if (!others_hidden)
      for (int p = 0; p < 4; ++p)
        if (p != me) pool = pool.minus(s.held[p]);
    for (int p = 0; p < 4; ++p) {
      if (p == me) continue;
      const int hidden_cards = unknown ? unknown[p] : 0;
      const bool hidden = others_hidden ? !s.held[p].empty() || hidden_cards : hidden_cards;
      possible[p] = others_hidden ? CardSet{} : s.held[p];
      if (hidden) possible[p] = possible[p].plus(pool.within(ctx.outside_voids(s.voids[p])));
      if (opponent(p) && (possible[p].one & JOKER_MASK)) opp_jokers = true;
    }
  }

  bool opponent(int seat) const { return team_of(seat) != team_of(me); }
  CardSet suit(const CardSet& s, int e) const { return s.within(ctx.suit_mask[e]); }

  // Might `seat` have no card of side suit e (so that it could trump)?
  bool may_be_void(int seat, int e) const {
    if ((state.voids[seat] >> e) & 1) return true;
    return suit(possible[seat], e).size() <= 2;
  }

  // Might `seat`, still to play, beat the winning play of trick t?
  bool may_beat(const Trick& t, int seat) const {
    const int e = t.led;
    const CardSet& p = possible[seat];
    const CardSet ps = suit(p, e);
    if (t.by_structure) return may_beat_by_structure(t, seat);
    if (!t.winner_trumped && !t.lead_is_throw && ps.size() >= t.size) {
      if (t.size == 1) {
        if (max_power(ctx, ps.one) > t.winner_key) return true;
      } else if (t.size == 2 && t.format.pairs == 1) {
        if (max_power(ctx, ps.two) > t.winner_key) return true;
      } else if (t.format.tractors == 1) {
        const int want = t.format.tractor_length[0];
        const int key = t.winner_key;
        if (for_each_tractor(ctx, e, ps.two, [&](uint64_t, int len, int pos, Card) {
              return len == want && pos > key;
            }))
          return true;
      }
    }
    if (e == TRUMP || !may_be_void(seat, e)) return false;
    const CardSet pt = suit(p, TRUMP);
    if (pt.size() < t.size) return false;
    const int k = trump_key(ctx, pt, t.format);
    return k >= 0 && (!t.winner_trumped || k > t.winner_key);
  }

  // §10.5 `structure` (a lead of three cards or more): a play of the lead's components beats
  // the winner by its highest card, in the led suit (a throw too) or in trumps over a side
  // suit. Read loosely — enough pairs for the lead's pairs and tractors, not the runs — so that
  // a doubt counts as "may beat".
  bool may_beat_by_structure(const Trick& t, int seat) const {
    const int e = t.led;
    const CardSet& p = possible[seat];
    int pairs = t.format.pairs;
    for (int i = 0; i < t.format.tractors; ++i) pairs += t.format.tractor_length[i];
    auto fits = [&](const CardSet& cards) {
      return cards.size() >= t.size && popcount(cards.two) >= pairs;
    };
    const CardSet ps = suit(p, e);
    if (!t.winner_trumped && fits(ps) && max_power(ctx, ps.one) > t.winner_key) return true;
    if (e == TRUMP || !may_be_void(seat, e)) return false;
    const CardSet pt = suit(p, TRUMP);
    return fits(pt) && (!t.winner_trumped || max_power(ctx, pt.one) > t.winner_key);
  }

  // Is the winner of trick t safe from the players still to play on the other team?
  bool secure(const Trick& t) const {
    const int team = team_of(t.winner_seat());
    for (int i = t.played; i < 4; ++i) {
      const int seat = (t.leader + i) & 3;
      if (team_of(seat) != team && may_beat(t, seat)) return false;
    }
    return true;
  }

  // Could an opponent known void in side suit e trump a lead of it?
  bool trump_risk(int e) const {
    for (int s = 0; s < 4; ++s)
      if (opponent(s) && ((state.voids[s] >> e) & 1) && !suit(possible[s], TRUMP).empty()) return true;
    return false;
  }

  // The cost of giving card c away: low costs go first.
  int give_cost(Card c, bool to_partner) const {
    int cost = ctx.power[c] * 2;
    const int e = ctx.suit_of(c);
    if (e == TRUMP) cost += 40;
    if (c >= SMALL_JOKER) cost += 30 + (declaring ? P.joker_keep_declaring : 0);
    const int pts = card_points(c);
    cost += to_partner ? -4 * pts : 4 * pts;
    if (hand.count(c) >= 2) cost += 6;  // a pair or a triple broken
    if (e != TRUMP && !to_partner) {
      if (length[e] <= 2) cost -= 3;  // shortening a short suit towards a void
    }
    return cost;
  }

  CardSet give(const CardSet& from, int k, bool to_partner) const {
    return cheapest(from, k, [&](Card c) { return give_cost(c, to_partner); });
  }
};

// ---- following ----

// cheapest_follow under a duty of §10.4 (out of line: most follows have none).
[[gnu::noinline]] CardSet cheapest_duty_follow(const Situation& st, const CardSet& mine, int n,
                                               bool to_partner) {
  const FollowNeed need = follow_need(st.ctx, mine, st.trick);
  if (!need.any()) return st.give(mine, n, to_partner);
  if (COPIES >= 3 && (need.triples || need.titanic || mine.at_least(3))) {
    // §11.5 with triples: the cheapest of the legal plays (three decks only).
    std::vector<CardSet> plays;
    legal_follows(st.ctx, mine, st.trick, &plays);
    CardSet best;
    int best_cost = INT_MAX;
    for (const CardSet& play : plays) {
      int cost = 0;
      for (uint64_t m = play.one; m; m &= m - 1)
        cost += st.give_cost(lowest_bit(m), to_partner) * play.count(lowest_bit(m));
      if (cost < best_cost) best_cost = cost, best = play;
    }
    return best;
  }
  const int e = st.trick.led;
  CardSet play;
  uint64_t pairs = mine.two;
  if (need.tractor) {
    uint64_t best = 0;
    int best_cost = INT_MAX;
    for_each_tractor(st.ctx, e, pairs, [&](uint64_t faces, int len, int, Card) {
      if (len != need.tractor) return false;
      int cost = 0;
      for (uint64_t m = faces; m; m &= m - 1) cost += st.give_cost(lowest_bit(m), to_partner);
      if (cost < best_cost) best_cost = cost, best = faces;
      return false;
    });
    play = {best, best};
    pairs &= ~best;
  }
  while (popcount(play.two) < need.pairs) {
    const CardSet pair =
        cheapest(CardSet{pairs, pairs}, 2, [&](Card c) { return st.give_cost(c, to_partner); });
    play = play.plus(pair);
    pairs &= ~pair.two;
  }
  return play.plus(st.give(mine.minus(play), n - play.size(), to_partner));
}

// The cheapest legal play of n cards of `mine`, the seat's n or more cards of the led suit:
// under §10.4 the tractor and the pairs the lead asks for, the cheapest of each, then the
// cheapest cards for the rest (more pairs than asked for are legal too).
CardSet cheapest_follow(const Situation& st, const CardSet& mine, int n, bool to_partner) {
  if (st.trick.duty.any()) return cheapest_duty_follow(st, mine, n, to_partner);
  return st.give(mine, n, to_partner);
}

// The cheapest trump play of `trumps` that fits format f with a primary component above
// min_key (-1: any), or empty.
CardSet build_trump_play(const Context& ctx, const CardSet& trumps, const Format& f, int size,
                         int min_key) {
  if (trumps.size() < size) return {};
  CardSet left = trumps, play;
  auto single_cost = [&](Card c) { return ctx.power[c] * 2 + (left.count(c) >= 2 ? 3 : 0); };
  auto take_pair = [&](int above) {
    Card c = lowest_above(ctx, left.two, above);
    if (c < 0) return false;
    CardSet p{bit(c), bit(c)};
    left = left.minus(p);
    play = play.plus(p);
    return true;
  };
  auto take_tractor = [&](int want, int above) {
    uint64_t best_faces = 0;
    int best_pos = 1 << 20;
    for_each_tractor(ctx, TRUMP, left.two, [&](uint64_t faces, int len, int pos, Card) {
      if (len == want && pos > above && pos < best_pos) best_pos = pos, best_faces = faces;
      return false;
    });
    if (!best_faces) return false;
    CardSet t{best_faces, best_faces};
    left = left.minus(t);
    play = play.plus(t);
    return true;
  };
  int pairs = f.pairs, singles = f.singles;
  if (f.tractors > 0) {
    if (!take_tractor(f.tractor_length[0], min_key)) return {};
    for (int i = 1; i < f.tractors; ++i)
      if (!take_tractor(f.tractor_length[i], -1)) return {};
  } else if (pairs > 0) {
    if (!take_pair(min_key)) return {};
    --pairs;
  } else {
    Card c = lowest_above(ctx, left.one, min_key);
    if (c < 0) return {};
    left.remove(c);
    play.add(c);
    --singles;
  }
  for (; pairs > 0; --pairs)
    if (!take_pair(-1)) return {};
  if (singles > 0) {
    if (left.size() < singles) return {};
    play = play.plus(cheapest(left, singles, single_cost));
  }
  return play;
}

// The in-suit plays of `suit_cards` beating the winner of t (simple leads only), lowest first:
// each play's faces in out[] (a single, or the faces of a pair or tractor, held twice: paired).
int beating_plays(const Situation& st, const CardSet& suit_cards, uint64_t out[], int cap, bool* paired) {
  const Trick& t = st.trick;
  const Context& ctx = st.ctx;
  int n = 0;
  *paired = t.size > 1;
  if (t.lead_is_throw || t.winner_trumped) return 0;
  int key[FACE_NB];  // the power of each play's highest card
  if (t.size <= 2 && t.format.tractors == 0) {
    if (t.size == 2 && t.format.pairs != 1) return 0;
    for (uint64_t m = t.size == 1 ? suit_cards.one : suit_cards.two; m && n < cap; m &= m - 1) {
      const Card c = lowest_bit(m);
      if (ctx.power[c] > t.winner_key) key[n] = ctx.power[c], out[n++] = bit(c);
    }
  } else if (t.format.tractors == 1) {
    const int want = t.format.tractor_length[0];
    for_each_tractor(ctx, t.led, suit_cards.two, [&](uint64_t faces, int len, int pos, Card) {
      // The winner's key is a tractor position, or under §10.5 `structure` a card's power.
      const int mine = t.by_structure ? max_power(ctx, faces) : pos;
      if (len == want && mine > t.winner_key && n < cap) key[n] = max_power(ctx, faces), out[n++] = faces;
      return false;
    });
  }
  // Lowest first (insertion: a handful of plays), equal keys in the order found.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && key[j - 1] > key[j]; --j) std::swap(key[j - 1], key[j]), std::swap(out[j - 1], out[j]);
  return n;
}

CardSet follow(const Situation& st) {
  const Trick& t = st.trick;
  const Context& ctx = st.ctx;
  const int e = t.led, n = t.size, index = t.played;
  const CardSet& hand = st.hand;
  if (hand.size() == n) return hand;  // the last trick: everything goes
  const CardSet mine = st.suit(hand, e);
  const bool last = index == 3;
  const bool partner_wins = !st.opponent(t.winner_seat());
  const bool partner_secure = partner_wins && st.secure(t);
  const int pts = t.points();

  if (mine.size() >= n) {
    if (partner_secure) return cheapest_follow(st, mine, n, true);
    uint64_t faces[FACE_NB];  // no initialisation: a play is made at every turn of a playout
    bool paired = false;
    int k = beating_plays(st, mine, faces, FACE_NB, &paired);
    auto play = [&](int i) { return CardSet{faces[i], paired ? faces[i] : 0}; };
    if (st.declaring && st.opp_jokers && pts < P.joker_win_points) {
      int j = 0;
      for (int i = 0; i < k; ++i)
        if (!(faces[i] & JOKER_MASK)) faces[j++] = faces[i];
      k = j;
    }
    int first_secure = -1;
    for (int i = 0; i < k && first_secure < 0; ++i) {
      Trick t2 = t;
      t2.follow(ctx, play(i));
      if (t2.winner == index && st.secure(t2)) first_secure = i;
    }
    if (k > 0) {
      if (last) {
        const CardSet w = play(0);
        const int cost = max_power(ctx, w.one);
        if (pts + w.points() > 0 || cost <= 9 || (st.declaring && e != TRUMP)) return w;
      } else if (first_secure >= 0) {
        const CardSet w = play(first_secure);
        // Only for points: the lead of a pointless trick is worth little.
        if (pts + w.points() > 0) return w;
      } else if (!partner_wins && index == 2 && pts >= 10) {
        // Third hand high: make the last player pay for the trick.
        for (int i = k - 1; i >= 0; --i)
          if (play(i).points() == 0) return play(i);
      }
    }
    return cheapest_follow(st, mine, n, false);
  }

  if (!mine.empty() || e == TRUMP) {
    // Short of the led suit: the play is a discard whatever else goes with it.
    return mine.plus(st.give(hand.minus(mine), n - mine.size(), partner_secure));
  }

  // Void in a side suit: trump in, or discard.
  if (!partner_secure) {
    const CardSet trumps = st.suit(hand, TRUMP);
    const bool needed = !partner_wins || pts >= 10;
    if (needed && trumps.size() >= n) {
      const int base = t.winner_trumped ? t.winner_key : -1;
      // Above what the opponents still to play could trump with.
      int guard = base;
      for (int i = index + 1; i < 4; ++i) {
        const int seat = (t.leader + i) & 3;
        if (!st.opponent(seat) || !st.may_be_void(seat, e)) continue;
        const CardSet pt = st.suit(st.possible[seat], TRUMP);
        if (pt.size() >= n) guard = std::max(guard, trump_key(ctx, pt, t.format));
      }
      auto try_play = [&](int min_key) -> CardSet {
        CardSet p = build_trump_play(ctx, trumps, t.format, n, min_key);
        if (p.empty()) return p;
        Trick t2 = t;
        t2.follow(ctx, p);
        if (t2.winner != index) return {};
        if ((p.one & JOKER_MASK) && pts < 15) return {};
        return p;
      };
      CardSet p = try_play(guard);
      if (p.empty() && (last || pts >= 10 || guard == base)) p = try_play(base);
      if (!p.empty()) return p;
    }
  }
  return st.give(hand, n, partner_secure);
}

// ---- leading ----

// The components of side suit e that nobody can beat, as one lead (a throw that surely
// stands, or a single combination), or empty.
CardSet sure_winners(const Situation& st, int e) {
  const Context& ctx = st.ctx;
  const CardSet mine = st.suit(st.hand, e);
  if (mine.empty()) return {};
  CardSet opp[3];
  int k = 0;
  for (int s = 0; s < 4; ++s)
    if (s != st.me) opp[k++] = st.possible[s];
  bool top_out = ctx.muddy_throws;  // 浑甩: nobody else can hold the top ranks
  for (int i = 0; i < 3; ++i)
    if (opp[i].one & ctx.top_ranks[e]) top_out = false;
  if (top_out && mine.size() >= 2 && !is_simple_combination(ctx, mine)) return mine;
  // Singles only (the common case): all beaten when another seat may hold a higher card.
  if (mine.two == 0 && max_power(ctx, (opp[0].one | opp[1].one | opp[2].one) & ctx.suit_mask[e]) >
                           max_power(ctx, mine.one))
    return {};

  Decomposition d;
  decompose(ctx, mine, &d);
  CardSet win;
  int best_part = -1;
  for (int p = 0; p < d.size; ++p) {
    bool beaten = false;
    for (int i = 0; i < 3 && !beaten; ++i) beaten = beats_component(ctx, opp[i], d.parts[p], e);
    if (beaten) continue;
    win = win.plus(d.parts[p].cards);
    if (best_part < 0 || d.parts[p].cards.size() > d.parts[best_part].cards.size()) best_part = p;
  }
  if (win.empty() || is_simple_combination(ctx, win)) return win;
  Decomposition w;
  decompose(ctx, win, &w);
  if (judge_throw(ctx, w, e, opp).valid) return win;
  return d.parts[best_part].cards;
}

// A trump combination nobody else can beat (tractor, then pair, then a non-joker single).
CardSet sure_trump(const Situation& st, bool singles) {
  const Context& ctx = st.ctx;
  const CardSet trumps = st.suit(st.hand, TRUMP);
  if (trumps.empty()) return {};
  Decomposition d;
  decompose(ctx, trumps, &d);
  for (int p = 0; p < d.size; ++p) {
    const Component& part = d.parts[p];
    if (part.kind == SINGLE && (!singles || (part.cards.one & JOKER_MASK))) continue;
    if (st.declaring && (part.cards.one & JOKER_MASK) && st.opp_jokers) continue;
    bool beaten = false;
    for (int s = 0; s < 4 && !beaten; ++s)
      if (s != st.me) beaten = beats_component(ctx, st.possible[s], part, TRUMP);
    if (!beaten) return part.cards;  // parts come longest first
  }
  return {};
}

CardSet lead(const Situation& st) {
  const Context& ctx = st.ctx;
  const CardSet& hand = st.hand;
  if (is_simple_combination(ctx, hand)) return hand;

  const CardSet trumps = st.suit(hand, TRUMP);
  uint64_t opp_trumps = 0;
  for (int s = 0; s < 4; ++s)
    if (st.opponent(s)) opp_trumps |= st.suit(st.possible[s], TRUMP).one;

  // The declaring team draws trumps with pairs (对调) while it holds trump strength.
  auto draw_trumps = [&]() -> CardSet {
    if (!st.declaring || !opp_trumps || trumps.size() < P.draw_min) return {};
    const int out = st.suit(st.others, TRUMP).size();
    if (trumps.size() < P.draw_share * out) return {};
    CardSet w = sure_trump(st, true);
    if (!w.empty()) return w;
    const Card c = lowest_above(ctx, trumps.two & ~JOKER_MASK, -1);
    if (c >= 0) return {bit(c), bit(c)};
    return {};
  };
  // 1. Sure winners of the side suits, the biggest first.
  CardSet best;
  int best_score = 0;
  for (int e = 0; e < 4; ++e) {
    if (e == ctx.trump) continue;
    if (st.trump_risk(e)) continue;
    CardSet w = sure_winners(st, e);
    if (w.empty()) continue;
    const int score = w.size() * 10 + w.points();
    if (score > best_score) best_score = score, best = w;
  }
  if (!best.empty()) return best;

  // 2. Trumps.
  {
    CardSet w = draw_trumps();
    if (!w.empty()) return w;
  }

  // 3. A side suit the partner can trump and the opponents follow.
  const int mate = partner(st.me);
  if (!st.suit(st.possible[mate], TRUMP).empty()) {
    for (int e = 0; e < 4; ++e) {
      if (e == ctx.trump || !((st.state.voids[mate] >> e) & 1)) continue;
      const CardSet mine = st.suit(hand, e);
      if (mine.empty() || st.trump_risk(e)) continue;
      return st.give(mine, 1, false);
    }
  }

  // 4. A low card of a short side suit.
  int best_cost = 1 << 20;
  for (int e = 0; e < 4; ++e) {
    if (e == ctx.trump) continue;
    const CardSet mine = st.suit(hand, e);
    if (mine.empty()) continue;
    const int penalty = mine.size() * 2 + (st.trump_risk(e) ? 12 : 0);
    const CardSet c = st.give(mine, 1, false);
    const int cost = st.give_cost(lowest_bit(c.one), false) + penalty;
    if (cost < best_cost) best_cost = cost, best = c;
    // A low pair forces two cards of the suit out of everyone.
    const Card p = lowest_above(ctx, mine.two, -1);
    if (p >= 0 && ctx.power[p] <= P.pair_lead_max) {
      const int pc = ctx.power[p] * 2 + 8 * card_points(p) - P.pair_lead_bonus + penalty;
      if (pc < best_cost) best_cost = pc, best = {bit(p), bit(p)};
    }
  }
  if (!best.empty()) return best;

  // 5. Only trumps left.
  CardSet w = sure_trump(st, true);
  if (!w.empty()) return w;
  const Card c = lowest_above(ctx, trumps.two & ~JOKER_MASK, -1);
  if (c >= 0) return {bit(c), bit(c)};
  return st.give(trumps, 1, false);
}

// A legal play in any case: the candidate if it is one, else the cheapest follow.
CardSet make_legal(const Situation& st, const CardSet& play) {
  const Trick& t = st.trick;
  if (!play.empty() && play.valid() && st.hand.contains(play)) {
    if (t.played == 0) {
      if (st.ctx.common_suit(play) >= 0) return play;
    } else if (play.size() == t.size && is_legal_follow(st.ctx, st.hand, play, t)) {
      return play;
    }
  }
  if (t.played == 0) return st.give(st.hand, 1, false);
  const CardSet mine = st.suit(st.hand, t.led);
  if (mine.size() >= t.size) return cheapest_follow(st, mine, t.size, false);
  return mine.plus(st.give(st.hand.minus(mine), t.size - mine.size(), false));
}

// ---- before the play ----

double trump_strength(const CardSet& hand, int suit, int level_card) {
  double v = hand.count(BIG_JOKER) * 3.0 + hand.count(SMALL_JOKER) * 2.5;
  for (int s = 0; s < 4; ++s) v += hand.count(make_card(s, level_card)) * (s == suit ? 2.3 : 2.0);
  if (suit == NO_TRUMP) {
    // §10.1 no trump: the jokers and level cards are the only trumps; aces and pairs stand in
    // for the long trump suit.
    for (int s = 0; s < 4; ++s)
      for (int r = 0; r < RANK_NB; ++r) {
        if (r == level_card) continue;
        const int n = hand.count(make_card(s, r));
        v += n * (r == RANK_A ? 1.2 : r == RANK_K ? 0.4 : 0.0) + (n == 2 ? 0.5 : 0.0);
      }
    return v;
  }
  for (int r = 0; r < RANK_NB; ++r) {
    if (r == level_card) continue;
    const int n = hand.count(make_card(suit, r));
    const double high = r == RANK_A ? 0.8 : r == RANK_K ? 0.4 : r == RANK_Q ? 0.2 : 0.0;
    v += n * (1.0 + high) + (n >= 2 ? 0.6 * (n - 1) : 0.0);  // a pair, a triple (§11.3)
  }
  return v;
}

// How much a seat wants to keep a card before the play (higher: keep). `kitty_counts`: the
// kitty's points go to the defenders, multiplied, if they win the last trick (§10.7): keep
// point cards out of it unless it must take them.
int keep_value(const Context& ctx, const CardSet& hand, Card c, bool kitty_counts = false) {
  if (ctx.suit_of(c) == TRUMP) return 1000 + ctx.power[c];
  const int r = card_rank(c);
  int v = ctx.power[c] * 2;
  if (r == RANK_A) v += 12;
  else if (r == RANK_K) v += 4;
  v += 10 * std::max(0, hand.count(c) - 1);  // the card of a pair, of a triple (§11.3)
  if (kitty_counts) return v + card_points(c) * 10;
  v -= card_points(c) * (r == RANK_K ? P.bury_kings : P.bury_points) / 10;
  return v;
}

}  // namespace

int HeuristicPlayer::declare(const Observation& obs, const std::vector<Declaration>& options) {
  const int level_card = obs.rules.level_rank(obs.level);
  const int held = std::max(1, obs.hand.size());
  const Sizes z = obs.rules.sizes();
  double need = P.declare_need + 0.25 * (z.hand_cards - std::min(held, z.hand_cards)) / double(z.hand_cards);
  if (obs.drawn >= z.dealt_cards) need = P.declare_need - 0.05;
  const Declaration* last = standing_declaration(obs);  // a counter's too (§11.8)
  int best = -1;
  double best_value = 0;
  for (int i = 0; i < int(options.size()); ++i) {
    const Declaration& d = options[i];
    double v = trump_strength(obs.hand, d.suit, level_card) / held;
    const bool own = d.kind == DECLARE_REINFORCE || (d.kind == DECLARE_LOCK && last && last->seat == obs.seat);
    if (own) {
      v += 1.0;  // lock one's own declaration: nothing (or only jokers) can override it then
    } else if (last) {  // an override (§6.2), or any declaration over another's (§10.6)
      const double now = trump_strength(obs.hand, last->suit, level_card) / held;
      const double margin = team_of(last->seat) == team_of(obs.seat) ? 0.2 : 0.08;
      if (v < need || v < now + margin) continue;
    } else if (v < need) {
      continue;
    }
    if (d.kind == DECLARE_LOCK || d.kind == DECLARE_PAIR) v += 0.05;
    if (v > best_value) best_value = v, best = i;
  }
  return best;
}

namespace {

// The bury plans the heuristic weighs: for every set of side suits it could void (at most 8
// cards in all), those suits and the cheapest other cards by keep_value. Calls plan(cards, score)
// for each, the score being the heuristic's own measure (higher: better).
template <typename F>
void bury_plans(const Observation& obs, bool kitty_counts, F&& plan) {
  const Context ctx(obs.rules, obs.level, obs.trump);
  const CardSet& hand = obs.hand;
  const int trumps = hand.within(ctx.suit_mask[TRUMP]).size();
  const int void_bonus = P.void_bonus + std::max(0, trumps - 8);
  auto keep = [&](Card c) { return keep_value(ctx, hand, c, kitty_counts); };
  const int kitty = obs.rules.sizes().kitty_cards;
  int sides[4], k = 0;  // four side suits without a trump suit
  for (int s = 0; s < 4; ++s)
    if (s != ctx.trump) sides[k++] = s;
  for (int mask = 0; mask < (1 << k); ++mask) {
    CardSet voided;
    int voids = 0;
    bool same = false;  // a suit already void: the same plan as without it
    for (int i = 0; i < k; ++i) {
      if (!((mask >> i) & 1)) continue;
      const CardSet s = hand.within(ctx.suit_mask[sides[i]]);
      same |= s.empty();
      voided = voided.plus(s);
      ++voids;
    }
    if (same || voided.size() > kitty) continue;
    const CardSet out = voided.plus(cheapest(hand.minus(voided), kitty - voided.size(), keep));
    int score = voids * void_bonus;
    for (uint64_t m = out.one; m; m &= m - 1) score -= keep(lowest_bit(m)) * out.count(lowest_bit(m));
    plan(out, score);
  }
}

}  // namespace

CardSet HeuristicPlayer::bury(const Observation& obs) {
  const bool kitty_counts = obs.rules.kitty_points != KITTY_POINTS_NEVER;
  CardSet best;
  int best_score = -(1 << 30);
  bury_plans(obs, kitty_counts, [&](const CardSet& out, int score) {
    if (score > best_score) best_score = score, best = out;
  });
  return best;
}

void heuristic_bury_candidates(const Observation& obs, std::vector<CardSet>* out) {
  out->clear();
  for (bool kitty_counts : {true, false})
    bury_plans(obs, kitty_counts, [&](const CardSet& cards, int) {
      if (std::find(out->begin(), out->end(), cards) == out->end()) out->push_back(cards);
    });
}

int HeuristicPlayer::grab(const Observation& obs) {
  const Context ctx(obs.rules, obs.level, obs.trump);
  const CardSet& hand = obs.hand;
  const bool declaring = team_of(obs.seat) == team_of(obs.declarer);
  // The offered level card is a high trump: always take it, for the least useful card.
  const CardSet put = cheapest(hand, 1, [&](Card c) {
    int v = keep_value(ctx, hand, c);
    v += declaring ? -card_points(c) : card_points(c);  // the declaring team sheds points
    if (ctx.suit_of(c) != TRUMP && hand.within(ctx.suit_mask[ctx.suit_of(c)]).size() == 1) v -= 4;
    return v;
  });
  return put.empty() ? -1 : lowest_bit(put.one);
}

std::pair<CardSet, CardSet> HeuristicPlayer::xiaosa(const Observation& obs, const CardSet& takeable) {
  const Context ctx(obs.rules, obs.level, obs.trump);
  const CardSet& hand = obs.hand;
  const int decl_team = team_of(obs.declarer), my_team = team_of(obs.seat);
  const bool declaring = decl_team == my_team;
  const int trumps = hand.within(ctx.suit_mask[TRUMP]).size();
  // The chance that this seat's team wins the hand, from its own trumps.
  const double base = P.xiaosa_base;
  double p = (declaring ? base : 1 - base) + 0.04 * (trumps - 9);
  p = std::min(0.95, std::max(0.05, p));
  int already = 3 * obs.kitty.count(BIG_JOKER) + 2 * obs.kitty.count(SMALL_JOKER);
  const int ld = obs.levels[decl_team], lo = obs.levels[1 - decl_team];
  CardSet jokers, left = takeable;
  for (Card j : {BIG_JOKER, SMALL_JOKER}) {
    for (int copy = hand.count(j); copy > 0 && left.size() > jokers.size(); --copy) {
      const int v = j == BIG_JOKER ? 3 : 2;
      // Levels gained by the declaring team if it stays, by the defenders if they take over.
      const int gain_decl = climb(obs.rules, ld, 1 + already + v) - climb(obs.rules, ld, 1 + already);
      const int gain_def = climb(obs.rules, lo, already + v) - climb(obs.rules, lo, already);
      const int gain_us = declaring ? gain_decl : gain_def;
      const int gain_them = declaring ? gain_def : gain_decl;
      const double cost = j == BIG_JOKER ? P.xiaosa_cost_bj : P.xiaosa_cost_sj;  // the joker's worth in the play
      const double ev = 2 * (p * gain_us - (1 - p) * gain_them) - cost;
      if (ev <= 0) continue;
      jokers.add(j);
      already += v;
    }
  }
  if (jokers.empty()) return {};
  return {jokers, xiaosa_taken(obs, takeable, jokers.size())};
}

CardSet xiaosa_taken(const Observation& obs, const CardSet& takeable, int n) {
  const Context ctx(obs.rules, obs.level, obs.trump);
  const CardSet& hand = obs.hand;
  // Take trumps first, then cards that pair with ours, then long suits' high cards.
  return cheapest(takeable, n, [&](Card c) {
    const int e = ctx.suit_of(c);
    int v = ctx.power[c] + (e == TRUMP ? 100 : 0) + (hand.count(c) ? 20 : 0) +
            2 * hand.within(ctx.suit_mask[e]).size();
    return -v;
  });
}

void heuristic_xiaosa_candidates(const Observation& obs, const CardSet& takeable,
                                 std::vector<std::pair<CardSet, CardSet>>* out) {
  out->clear();
  out->push_back({});  // passing
  for (int big = 0; big <= obs.hand.count(BIG_JOKER); ++big)
    for (int small = 0; small <= obs.hand.count(SMALL_JOKER); ++small) {
      const int n = big + small;
      if (n == 0 || n > takeable.size()) continue;
      CardSet jokers;
      for (int k = 0; k < big; ++k) jokers.add(BIG_JOKER);
      for (int k = 0; k < small; ++k) jokers.add(SMALL_JOKER);
      out->push_back({jokers, xiaosa_taken(obs, takeable, n)});
    }
}

namespace {

// heuristic_play's body, inlined where the bots call it most (the playouts' loop, where
// `unknown` is null, and a seat's own view): out of line, callgrind counts ~4% more
// instructions a world played out and ~1.3% a heuristic hand.
[[gnu::always_inline]] inline CardSet play_here(const Context& ctx, int declarer,
                                                const CardSet& kitty, const PlayState& state,
                                                const int unknown[4], int seat, bool others_hidden) {
  const Situation st(ctx, declarer, kitty, state, unknown, seat, others_hidden);
  const CardSet play = st.trick.played == 0 ? lead(st) : follow(st);
  return make_legal(st, play);
}

}  // namespace

CardSet heuristic_play(const Context& ctx, int declarer, const CardSet& kitty, const PlayState& state,
                       const int unknown[4], int seat, bool others_hidden) {
  return play_here(ctx, declarer, kitty, state, unknown, seat, others_hidden);
}

void heuristic_playout(const Context& ctx, const Rules& rules, int declarer, const CardSet& kitty,
                       PlayState* line, bool others_hidden, std::vector<CardSet>* plays,
                       int stop_cards) {
  const CardSet secret_kept = others_hidden ? kitty_known_to(rules, kitty, -1, declarer) : kitty;
  while (!line->hands_empty()) {
    if (stop_cards > 0 && line->trick.played == 0 && line->held[line->trick.leader].size() <= stop_cards)
      return;
    const int seat = line->trick.turn();
    const CardSet& known = seat == declarer ? kitty : secret_kept;
    const CardSet play = play_here(ctx, declarer, known, *line, nullptr, seat, others_hidden);
    if (plays) plays->push_back(play);
    line->apply<false>(ctx, declarer, play);
  }
}

int heuristic_hand_score(const HandSetup& setup, int level_ns, int level_ew, int team) {
  const Hand hand(setup);
  PlayState line = hand.state();
  heuristic_playout(hand.context(), setup.rules, setup.declarer, setup.kitty, &line, true);
  return hand.result_of(line, level_ns, level_ew).score_margin(team);
}

CardSet heuristic_play(const Hand& view, int seat, bool others_hidden) {
  const int unknown[4] = {view.unknown(0), view.unknown(1), view.unknown(2), view.unknown(3)};
  return play_here(view.context(), view.declarer(), view.kitty(), view.state(), unknown, seat,
                   others_hidden);
}

CardSet HeuristicPlayer::play(const Observation& obs) { return heuristic_play(obs.view, obs.seat); }

}  // namespace duidiao
