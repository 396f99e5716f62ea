#include "search/solver.h"

#include <algorithm>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"

namespace duidiao {

namespace {

constexpr int INF = 30000;
constexpr int MAX_PLY = 25 * 4 + 2;

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

// CardSet::points, inline: it runs at every node.
constexpr uint64_t rank_mask(int rank) {
  uint64_t m = 0;
  for (int suit = 0; suit < 4; ++suit) m |= uint64_t(1) << (suit * 13 + rank);
  return m;
}
constexpr uint64_t FIVES = rank_mask(RANK_5);
constexpr uint64_t TENS_AND_KINGS = rank_mask(RANK_10) | rank_mask(RANK_K);
constexpr uint64_t POINT_FACES = FIVES | TENS_AND_KINGS;

int points_of(const CardSet& c) {
  return 5 * (popcount(c.one & FIVES) + popcount(c.two & FIVES)) +
         10 * (popcount(c.one & TENS_AND_KINGS) + popcount(c.two & TENS_AND_KINGS));
}

int team_points(const CardSet held[4]) {
  return points_of(held[0]) + points_of(held[1]) + points_of(held[2]) + points_of(held[3]);
}

// Zobrist keys: one random number per seat, face and number of copies held (none: 0), so a
// hand's hash changes by two table lookups per face played.
struct Zobrist {
  uint64_t key[4][FACE_NB][3] = {};
  constexpr Zobrist() {
    uint64_t x = 0x853c49e6748fea9bull;
    for (auto& seat : key)
      for (auto& face : seat)
        for (int copies = 1; copies < 3; ++copies) {
          x += 0x9e3779b97f4a7c15ull;  // splitmix64
          uint64_t z = x;
          z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
          z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
          face[copies] = z ^ (z >> 31);
        }
  }
};
constexpr Zobrist ZOBRIST;

uint64_t hand_key(int seat, const CardSet& hand) {
  uint64_t k = 0;
  for (uint64_t m = hand.one; m; m &= m - 1) k ^= ZOBRIST.key[seat][lowest_bit(m)][hand.count(lowest_bit(m))];
  return k;
}

int table_points(const Trick& t) {
  int p = 0;
  for (int i = 0; i < t.played; ++i) p += points_of(t.plays[i]);
  return p;
}

}  // namespace

Solver::Solver(const SolverOptions& options)
    : options_(options),
      tt_(options.tt_bytes),
      buffers_(MAX_PLY),
      scored_(MAX_PLY),
      keys_(MAX_PLY),
      killer_(MAX_PLY * 4),
      killer2_(MAX_PLY * 4) {}

void Solver::begin(const Hand& root, Objective objective, int level_ns, int level_ew) {
  for (int s = 0; s < 4; ++s)
    if (root.unknown(s))
      throw std::invalid_argument("the solver needs every hand known: " + seat_name(s) + " has " +
                                  std::to_string(root.unknown(s)) + " hidden cards");
  if (!root.kitty_known() && objective == Objective::SCORE)
    throw std::invalid_argument("the score objective needs the kitty known (its jokers count)");
  if (root.is_over()) throw std::invalid_argument("the hand is over: there is nothing to solve");
  rules_ = root.rules();
  ctx_ = root.context();
  trump_level_ = bit(make_card(ctx_.trump, ctx_.level_card));
  off_level_ = ctx_.level_cards & ~trump_level_;
  trump_naturals_ = ctx_.suit_mask[TRUMP] & ~ctx_.level_cards & ~(bit(SMALL_JOKER) | bit(BIG_JOKER));
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for (int p = 0; p <= MAX_POWER + 1; ++p) {
      at_least_[e][p] = 0;
      for (uint64_t m = ctx_.suit_mask[e]; m; m &= m - 1)
        if (ctx_.power[lowest_bit(m)] >= p) at_least_[e][p] |= bit(lowest_bit(m));
    }
  declarer_ = root.declarer();
  kitty_ = root.kitty();
  dry_ = root.dry();
  levels_[0] = level_ns;
  levels_[1] = level_ew;
  objective_ = objective;
  const int defenders = 1 - team_of(declarer_);
  max_team_ = objective == Objective::POINTS ? defenders : team_of(root.turn());
  if (objective == Objective::SCORE && levels_[team_of(declarer_)] != ctx_.level)
    throw std::invalid_argument("the declaring team's level must be the hand's level");
  stats_ = SolverStats{};
  tt_.reset_stats();
  tt_.new_search();
  std::fill(killer_.begin(), killer_.end(), CardSet{});  // node counts depend on this call only
  std::fill(killer2_.begin(), killer2_.end(), CardSet{});
  // Everything that tells one solve from another, except the cards left (key_of adds those):
  // a table reused for another deal or objective never confuses their positions.
  uint64_t k = mix(uint64_t(objective == Objective::SCORE) * 0x9E37 + uint64_t(max_team_) * 7 +
                   uint64_t(declarer_) * 131 + uint64_t(ctx_.level) * 1031 + uint64_t(ctx_.trump) * 7919 +
                   uint64_t(dry_) * 104729);
  k = mix(k ^ kitty_.one) ^ mix(kitty_.two + 0x1234567);
  base_key_ = mix(k ^ uint64_t(levels_[0] * 16 + levels_[1]) ^ std::hash<std::string>{}(rules_.to_string()));
  if (objective == Objective::SCORE) {
    // The value of each way the hand can end, for the bounds at trick starts. A declaring seat
    // winning the last trick makes no dig; a defending one with a joker or level card does.
    const int decl = declarer_, defender = next_seat(declarer_);
    auto score = [&](int points, int winner, const CardSet& play) {
      HandResult r = hand_result(rules_, ctx_, decl, levels_[0], levels_[1], points, winner, play, kitty_, dry_);
      return max_team_ == 0 ? r.score_ns - r.score_ew : r.score_ew - r.score_ns;
    };
    const CardSet plain{bit(make_card(ctx_.trump, ctx_.level_card == 0 ? 1 : 0)), 0};
    outcome_[GUANGPAI] = score(0, decl, plain);
    outcome_[DACHENG] = score(5, decl, plain);
    outcome_[DAPO] = score(80, decl, plain);
    outcome_[GULUPO] = score(140, decl, plain);
    outcome_[DIG_SMALL_JOKER] = score(0, defender, {bit(SMALL_JOKER), 0});
    outcome_[DIG_BIG_JOKER] = score(0, defender, {bit(BIG_JOKER), 0});
    outcome_[DIG_LEVEL] = score(0, defender, {bit(make_card(ctx_.trump, ctx_.level_card)), 0});
  }
}

// The highest (or lowest) power among the faces of `mask`, non-empty, of effective suit e.
int Solver::power_extreme(int e, uint64_t mask, bool highest) const {
  if (e != TRUMP) return ctx_.power[highest ? highest_bit(mask) : lowest_bit(mask)];
  const uint64_t parts[5] = {trump_naturals_, off_level_, trump_level_, bit(SMALL_JOKER), bit(BIG_JOKER)};
  for (int i = 0; i < 5; ++i) {
    const uint64_t m = mask & parts[highest ? 4 - i : i];
    if (m) return ctx_.power[highest ? highest_bit(m) : lowest_bit(m)];
  }
  return 0;
}

// Points the leader's team is sure to take from here. The leader cashes its singles that no
// opponent can beat, one trick each: cards at least as high as every opponent's card of their
// suit (an equal card played later loses). In a side suit it leads no more of them than an
// opponent holding trumps can follow, so that opponent never becomes void there and trumps
// (in a trump trick it may run out of trumps, and then cannot trump later); an opponent without
// trumps cannot trump at all. In any suit it leads no more of them than its partner can follow
// with cards no higher than the lowest of them, so the partner never takes the trick and the
// lead — unless the partner is void there and cannot win: the suit is trumps, or it holds no
// trumps (it discards cards it does not need for following: there are enough, as every trick
// of the plan takes one card from each hand). So each of these tricks goes to the leader, in
// any order, whatever the opponents do. The team banks every card played in them: the
// leader's, the partner's best points among its low cards, and at least an opponent's least
// points of each suit for the tricks it can follow (it plays at least that many cards of the
// suit, following or discarding).
int Solver::cashable_points(const Node& node) const {
  const int leader = node.trick.leader;
  const CardSet& mine = node.held[leader];
  const CardSet& mate = node.held[partner(leader)];
  const CardSet* opponents[2] = {&node.held[next_seat(leader)], &node.held[partner(next_seat(leader))]};
  const uint64_t opponent_faces = opponents[0]->one | opponents[1]->one;
  const uint64_t trumps = ctx_.suit_mask[TRUMP];
  // Points of the best or the least k cards of a set, from its counts of tens and fives.
  auto best = [](const CardSet& c, int k) {
    const int tens = c.within(TENS_AND_KINGS).size(), fives = c.within(FIVES).size();
    const int t = std::min(tens, k);
    return 10 * t + 5 * std::min(fives, k - t);
  };
  auto least = [](const CardSet& c, int k) {
    const int tens = c.within(TENS_AND_KINGS).size(), fives = c.within(FIVES).size();
    const int zeros = c.size() - tens - fives;
    k = std::min(k, c.size()) - zeros;
    if (k <= 0) return 0;
    const int f = std::min(fives, k);
    return 5 * f + 10 * (k - f);
  };
  int total = 0;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    const uint64_t suit = ctx_.suit_mask[e];
    if (!(mine.one & suit)) continue;
    const uint64_t theirs = opponent_faces & suit;
    // The leader's faces that no opponent beats, and the partner's no higher than all of them.
    const uint64_t winners = mine.one & (theirs ? at_least_[e][power_extreme(e, theirs, true)] : suit);
    if (!winners) continue;
    const CardSet cashed = mine.within(winners);
    const uint64_t low = mate.one & suit & ~at_least_[e][power_extreme(e, winners, false) + 1];
    // A partner void in the suit discards instead, and cannot take the trick when the suit is
    // trumps or it holds no trumps (what it discards, it has to spare: it follows suit low only
    // in as many tricks as it has reserved cards for, fewer than its hand).
    const bool discards = !(mate.one & suit) && (e == TRUMP || !(mate.one & trumps));
    int n = discards ? cashed.size() : std::min(cashed.size(), mate.within(low).size());
    if (e != TRUMP)
      for (const CardSet* o : opponents)
        if (o->one & trumps) n = std::min(n, o->within(suit).size());
    if (n <= 0) continue;
    total += best(cashed, n) + best(mate.within(low), n);
    for (const CardSet* o : opponents) total += least(o->within(suit), n);
  }
  return total;
}

// Bounds on the value at a trick start, from the point rows the final points can still fall in
// (SCORE: and the digs the defenders still hold cards for): the banked points are safe, the
// points still out at most all reachable. When those bounds leave the window (alpha, beta)
// open, the points the leader's team can cash tighten its side.
std::pair<int, int> Solver::bounds(const Node& node, int alpha, int beta) const {
  const int p = node.points, out = node.out;
  // SCORE: the outcomes possible with final points in [lowest, highest].
  const CardSet defenders = objective_ == Objective::SCORE
                                ? node.held[next_seat(declarer_)].plus(node.held[partner(next_seat(declarer_))])
                                : CardSet{};
  auto outcomes = [&](int lowest, int highest) {
    if (objective_ == Objective::POINTS) return std::pair<int, int>{lowest, highest};
    int lo = INF, hi = -INF;
    auto can = [&](int outcome) {
      lo = std::min(lo, outcome_[outcome]);
      hi = std::max(hi, outcome_[outcome]);
    };
    if (lowest == 0) can(GUANGPAI);
    if (lowest <= 75 && highest >= 5) can(DACHENG);
    if (lowest <= 135 && highest >= 80) can(DAPO);
    if (highest >= 140) can(GULUPO);
    if (defenders.count(BIG_JOKER)) can(DIG_BIG_JOKER);
    if (defenders.count(SMALL_JOKER)) can(DIG_SMALL_JOKER);
    if (ctx_.level >= LEVEL_J && (defenders.one & ctx_.level_cards)) can(DIG_LEVEL);
    return std::pair<int, int>{lo, hi};
  };
  auto [lo, hi] = outcomes(p, p + out);
  if (lo >= beta || hi <= alpha || lo == hi) return {lo, hi};
  if (const int cash = cashable_points(node)) {
    // The leader's team can keep the outcome among these: the worst of them bounds its value.
    const bool defenders_lead = team_of(node.trick.leader) != team_of(declarer_);
    const auto [kept_lo, kept_hi] = defenders_lead ? outcomes(p + cash, p + out) : outcomes(p, p + out - cash);
    if (team_of(node.trick.leader) == max_team_) lo = std::max(lo, kept_lo);
    else hi = std::min(hi, kept_hi);
  }
  return {lo, hi};
}

Solver::Node Solver::node_of(const Hand& h) const {
  Node n;
  for (int s = 0; s < 4; ++s) n.held[s] = h.held(s), n.hands_key ^= hand_key(s, n.held[s]);
  n.out = team_points(n.held);
  n.trick = h.trick();
  n.points = h.points();
  return n;
}

bool Solver::maximising(const Node& node) const { return team_of(node.trick.turn()) == max_team_; }

// SCORE, at a trick start: what the banked points mean for the value. Only the point row the
// final points fall in counts (§7: 0, 5-75, 80-135, 140 and more), so banked points that leave
// the same rows at the same distances share table entries: none banked or some, and the
// distances to 80 and to 140 (0 when passed, capped just beyond the points still out).
uint64_t Solver::score_points_key(const Node& node) const {
  const int p = node.points, out = node.out;
  auto distance = [&](int row) { return row <= p ? 0 : std::min(row - p, out + 5); };
  return uint64_t(p > 0) | uint64_t(distance(80)) << 1 | uint64_t(distance(140)) << 12;
}

// The position's part of the key: the hands' Zobrist hash (kept up to date by apply), the
// leader, the plays on the table and (SCORE) the banked points' rows, mixed with what the
// whole solve shares (base_key_).
uint64_t Solver::key_of(const Node& node) const {
  static constexpr uint64_t SEED[8] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull, 0x94d049bb133111ebull,
                                       0x2545f4914f6cdd1dull, 0xd6e8feb86659fd93ull, 0xa0761d6478bd642full,
                                       0xe7037ed1a0b428dbull, 0x8ebc6af09c88c6e3ull};
  uint64_t k = base_key_ + uint64_t(node.trick.leader + 1) * SEED[7] + node.hands_key;
  for (int i = 0; i < node.trick.played; ++i)
    k += mix(node.trick.plays[i].one + SEED[i] * 3) + mix(node.trick.plays[i].two + SEED[i + 4] * 5);
  if (objective_ == Objective::SCORE) k += mix(score_points_key(node) * SEED[6] + 1);
  k = mix(k);
  return k ? k : 1;  // 0 marks an empty slot
}

bool Solver::apply(Node& node, const CardSet& cards) const {
  Trick& t = node.trick;
  const int seat = t.turn();
  const CardSet before = node.held[seat];
  node.held[seat] = before.minus(cards);
  for (uint64_t m = cards.one; m; m &= m - 1) {
    const Card c = lowest_bit(m);
    node.hands_key ^= ZOBRIST.key[seat][c][before.count(c)] ^ ZOBRIST.key[seat][c][node.held[seat].count(c)];
  }
  node.out -= points_of(cards);
  if (t.played == 0) {
    t.lead(ctx_, cards);
    return false;
  }
  t.follow(ctx_, cards);
  if (t.played < 4) return false;
  const int winner = t.winner_seat();
  if (team_of(winner) != team_of(declarer_)) node.points += table_points(t);
  node.last_winner = winner;
  node.last_play = t.plays[t.winner];
  t.start(winner);
  return node.held[0].empty() && node.held[1].empty() && node.held[2].empty() && node.held[3].empty();
}

int Solver::terminal_value(const Node& node) const {
  if (objective_ == Objective::POINTS) return node.points;
  HandResult r = hand_result(rules_, ctx_, declarer_, levels_[0], levels_[1], node.points,
                             node.last_winner, node.last_play, kitty_, dry_);
  int diff = r.score_ns - r.score_ew;
  return max_team_ == 0 ? diff : -diff;
}

void Solver::generate(const Node& node, std::vector<CardSet>& out) const {
  out.clear();
  const Trick& t = node.trick;
  const int seat = t.turn();
  const CardSet& hand = node.held[seat];
  if (t.played) {
    legal_follows(ctx_, hand, t.size, t.led, &out);
  } else {
    // Leads: every simple lead, and the throws that stand (a failed throw comes to its forced
    // component, which is a simple lead already in the list).
    legal_leads(ctx_, hand, true, &out);
    CardSet others[3];
    for (int i = 0; i < 3; ++i) others[i] = node.held[(seat + 1 + i) & 3];
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      const CardSet& m = out[i];
      int length, top;
      bool simple = m.size() == 1 || (m.size() == 2 && m.one == m.two) || is_tractor(ctx_, m, &length, &top);
      if (!simple) {
        Decomposition d;
        decompose(ctx_, m, &d);
        if (!judge_throw(ctx_, d, ctx_.suit_of(lowest_bit(m.one)), others).valid) continue;
      }
      out[kept++] = m;
    }
    out.resize(kept);
  }
  if (options_.merge_equivalent) merge_equivalents(node, out);
}

// In a side suit and among the trump naturals, face order is the order of power (§3.1).
template <typename F>
void Solver::each_by_power(int e, uint64_t mask, F&& f) const {
  if (e != TRUMP) {
    for (uint64_t m = mask; m; m &= m - 1) f(lowest_bit(m));
    return;
  }
  for (uint64_t part : {trump_naturals_, off_level_, trump_level_, bit(SMALL_JOKER), bit(BIG_JOKER)})
    for (uint64_t m = mask & part; m; m &= m - 1) f(lowest_bit(m));
}

// Cards of the mover held once, of one effective suit, with no other card still out (in any
// hand or on the table) between them in power, of equal points, on the same side of the 浑甩
// line, both level cards or neither, and no joker, are interchangeable. A move using j cards
// of such a class is written with the class's j lowest cards, so equivalent moves become one.
struct Solver::Equivalence {
  uint64_t merged = 0;                 // the mover's singles in a class of two or more
  // Only the first `classes` entries are set.
  uint64_t class_mask[FACE_NB / 2];
  Card members[FACE_NB];               // each class's cards, lowest first, class after class
  int8_t start[FACE_NB / 2];
  int8_t class_of[FACE_NB];            // valid for merged faces
  int classes = 0;

  Equivalence() = default;  // no classes
  // With `table` false, the cards on the table do not separate classes: the classes of moves
  // that do not take the trick (see merge_equivalents).
  Equivalence(const Solver& solver, const Node& node, bool table = true) {
    const Context& ctx = solver.ctx_;
    const int seat = node.trick.turn();
    const CardSet& hand = node.held[seat];
    const uint64_t singles = hand.one & ~hand.two;
    uint64_t rest = hand.two;  // every other card still in play
    for (int s = 0; s < 4; ++s)
      if (s != seat) rest |= node.held[s].one;
    if (table)
      for (int i = 0; i < node.trick.played; ++i) rest |= node.trick.plays[i].one;
    int used = 0;
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
      const uint64_t mine = singles & ctx.suit_mask[e];
      if (popcount(mine) < 2) continue;
      uint32_t rest_powers = 0;
      for (uint64_t m = rest & ctx.suit_mask[e]; m; m &= m - 1) rest_powers |= 1u << ctx.power[lowest_bit(m)];
      const uint64_t top = e < 4 ? ctx.top_ranks[e] : 0;
      int prev = -1;
      solver.each_by_power(e, mine, [&](Card c) {
        bool same = false;
        if (prev >= 0) {
          const int lo = ctx.power[prev], hi = ctx.power[c];
          const uint32_t between = ((2u << hi) - 1) & ~((1u << lo) - 1);
          // Jokers and level cards decide digs (§7): they never stand in for other cards.
          same = card_points(prev) == card_points(c) && !(rest_powers & between) &&
                 bool(top & bit(prev)) == bool(top & bit(c)) && c < SMALL_JOKER &&
                 bool(ctx.level_cards & bit(prev)) == bool(ctx.level_cards & bit(c));
        }
        if (!same) {
          // A new class; the last one, if of one card, is dropped.
          if (classes && popcount(class_mask[classes - 1]) == 1) --classes, --used;
          start[classes] = int8_t(used);
          class_mask[classes++] = 0;
        }
        members[used++] = c;
        class_mask[classes - 1] |= bit(c);
        class_of[c] = int8_t(classes - 1);
        prev = c;
      });
      if (classes && popcount(class_mask[classes - 1]) == 1) --classes, --used;
    }
    for (int k = 0; k < classes; ++k) merged |= class_mask[k];
  }

  // A move using j cards of a class is written with the class's j lowest cards.
  CardSet canonical(const CardSet& m) const {
    uint64_t mine = m.one & merged;
    if (!mine) return m;
    CardSet out = m.minus({mine, 0});
    while (mine) {
      const int k = class_of[lowest_bit(mine)];
      const int j = popcount(mine & class_mask[k]);
      mine &= ~class_mask[k];
      for (int i = 0; i < j; ++i) out.one |= bit(members[start[k] + i]);
    }
    return out;
  }
};

// A follow may also be merged across cards on the table: let r be the image of m under
// swapping cards of a class whose cards have nothing between them in any hand (a table card may
// lie between). If m and r both leave the trick to the same earlier play, the rest of the trick
// does not depend on them (each play is compared with the winning one only); if both take it,
// the later plays compare alike with m and r (no card in a hand lies between the swapped
// cards). Either way the trick goes to the same seat with the same points, and afterwards the
// positions are images of each other under the swap, exact for the rest of the hand (the table
// cards are gone; the winning play m or r matters only after the last trick, which is played
// out without merging). So m is valued as r.
void Solver::merge_equivalents(const Node& node, std::vector<CardSet>& moves) const {
  if (moves.size() < 2) return;
  const Trick& t = node.trick;
  const Equivalence eq(*this, node);
  // The relaxed classes differ only when a table card lies in a suit of two of the mover's singles.
  bool relax = false;
  if (t.played) {
    const CardSet& hand = node.held[t.turn()];
    const uint64_t singles = hand.one & ~hand.two;
    uint64_t table = 0;
    for (int i = 0; i < t.played; ++i) table |= t.plays[i].one;
    for (int e = 0; e < EFFECTIVE_SUIT_NB && !relax; ++e)
      relax = (table & ctx_.suit_mask[e]) && popcount(singles & ctx_.suit_mask[e]) >= 2;
  }
  if (!relax && !eq.merged) return;
  const Equivalence loose = relax ? Equivalence(*this, node, false) : Equivalence();
  relax = relax && loose.merged;
  bool changed = false;
  for (CardSet& m : moves) {
    CardSet c = eq.canonical(m);
    if (relax) {
      const CardSet r = loose.canonical(m);
      if (r != c) {
        Trick a = t, b = t;
        a.follow(ctx_, m);
        b.follow(ctx_, r);
        if (a.winner == b.winner) c = r;
      }
    }
    changed |= c != m;
    m = c;
  }
  if (!changed) return;
  std::sort(moves.begin(), moves.end(), [](const CardSet& a, const CardSet& b) {
    return a.one != b.one ? a.one < b.one : a.two < b.two;
  });
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
}

// Good moves first: the table's move, then the killers of this ply and seat (the last two moves
// that cut off there), then moves that take the trick for the mover's side cheaply, then those
// giving points to a partner who holds it (rather than overtaking the partner), then the
// lowest discards.
void Solver::order(const Node& node, std::vector<CardSet>& moves, int first, int ply) {
  const Trick& t = node.trick;
  const int my_team = team_of(t.turn());
  const bool defending = my_team != team_of(declarer_);
  const bool partner_winning = t.played > 0 && team_of(t.winner_seat()) == my_team;
  std::vector<Scored>& scored = scored_[ply];
  scored.clear();
  for (size_t i = 0; i < moves.size(); ++i) {
    const CardSet& m = moves[i];
    int s = 0;
    if (int(i) == first) s = 1 << 26;
    else if (m == killer_[ply * 4 + t.turn()]) s = 1 << 25;
    else if (m == killer2_[ply * 4 + t.turn()]) s = 1 << 24;
    int power = 0;
    for (uint64_t b = m.one; b; b &= b - 1) power += ctx_.power[lowest_bit(b)];
    if (t.played == 0) {
      s += 1000 * m.size() + power;  // combinations and high cards first
    } else {
      Trick after = t;
      after.follow(ctx_, m);
      const bool mine = team_of(after.winner_seat()) == my_team;
      const int points = points_of(m);
      if (mine && after.winner == t.played && partner_winning) s += 40000 + 100 * points - power;
      else if (mine && after.winner == t.played) s += 100000 - 10 * power + (defending ? 50 * points : 0);
      else if (mine) s += 50000 + 100 * points - power;
      else s += 10000 - 100 * points - power;
    }
    scored.push_back({s, int(i), m});
  }
  // Stable, so node counts are repeatable. Most lists are short: an insertion sort then,
  // which allocates nothing.
  if (scored.size() > 64) {
    std::stable_sort(scored.begin(), scored.end(),
                     [](const Scored& a, const Scored& b) { return a.score > b.score; });
  }
  for (size_t i = 1; i < scored.size(); ++i) {
    const auto item = scored[i];
    size_t j = i;
    for (; j > 0 && scored[j - 1].score < item.score; --j) scored[j] = scored[j - 1];
    scored[j] = item;
  }
  for (size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].move;
}

// Enhanced transposition cutoff at the trick's last play: a move leading to a trick start the
// cheap bounds or the table already show good enough for the mover ends the search here,
// whatever the order. The children's table buckets are fetched all at once.
bool Solver::etc(const Node& node, const std::vector<CardSet>& moves, int alpha, int beta, int ply, int* value) {
  const bool max_node = maximising(node);
  std::vector<std::pair<uint64_t, int>>& keys = keys_[ply];
  keys.clear();
  for (const CardSet& m : moves) {
    Node child = node;
    if (apply(child, m)) continue;
    const auto [lo, hi] = bounds(child, alpha, beta);
    if (max_node ? lo >= beta : hi <= alpha) return *value = max_node ? lo : hi, true;
    const uint64_t key = key_of(child);
    tt_.prefetch(key);
    keys.push_back({key, objective_ == Objective::POINTS ? child.points : 0});
  }
  for (const auto& [key, base] : keys) {
    const TTEntry* e = tt_.probe(key);
    if (!e) continue;
    if (max_node && e->lower + base >= beta) return *value = e->lower + base, true;
    if (!max_node && e->upper + base <= alpha) return *value = e->upper + base, true;
  }
  return false;
}

int Solver::search(const Node& node, int alpha, int beta, int ply) {
  if ((++stats_.nodes & 0xFFFF) == 0 && stop_check_ && stop_check_()) throw SearchStopped();
  const bool trick_start = node.trick.played == 0;
  const int cards = node.held[0].size() + node.held[1].size() + node.held[2].size() + node.held[3].size();
  uint64_t key = 0;
  int table_move = -1;  // its index in the generated list
  // Values at a trick start are stored relative to the points already banked (POINTS).
  const int base = objective_ == Objective::POINTS ? node.points : 0;
  if (trick_start && cards == 4) {
    // Step 0. The last trick plays itself.
    Node last = node;
    for (int i = 0; i < 4; ++i) {
      const CardSet card = last.held[last.trick.turn()];  // a copy: apply() empties the hand
      apply(last, card);
    }
    return terminal_value(last);
  }
  if (trick_start) {
    // Step 1. Cheap bounds: banked points are safe, the points still out at most reachable
    // (POINTS); the outcomes still possible (SCORE).
    const auto [lo, hi] = bounds(node, alpha, beta);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    // Step 2. The transposition table.
    key = key_of(node);
    if (const TTEntry* e = tt_.probe(key)) {
      const int lower = e->lower + base, upper = e->upper + base;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
      alpha = std::max(alpha, lower);
      beta = std::min(beta, upper);
      table_move = e->best - 1;
    }
  }
  const int alpha_in = alpha, beta_in = beta;
  // Step 3. Moves, best first.
  std::vector<CardSet>& moves = buffers_[ply];
  generate(node, moves);
  order(node, moves, table_move, ply);
  const bool max_node = maximising(node);
  if (int known = 0; node.trick.played == 3 && moves.size() > 1 && etc(node, moves, alpha, beta, ply, &known))
    return known;
  int best = max_node ? -INF : INF;
  int best_move = -1;
  // The list is this ply's buffer: deeper plies use others, so it stays valid while iterating.
  for (size_t i = 0; i < moves.size(); ++i) {
    const CardSet m = moves[i];
    Node child = node;
    const int v = apply(child, m) ? terminal_value(child) : search(child, alpha, beta, ply + 1);
    if (max_node ? v > best : v < best) best = v, best_move = scored_[ply][i].index;
    if (max_node) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) {
      const int k = ply * 4 + node.trick.turn();
      if (m != killer_[k]) killer2_[k] = killer_[k], killer_[k] = m;
      break;
    }
  }
  // Step 4. Store: an exact value, or the bound the window proved.
  if (trick_start) {
    int lower = -INF, upper = INF;
    if (best <= alpha_in) upper = best;
    else if (best >= beta_in) lower = best;
    else lower = upper = best;
    if (const TTEntry* e = tt_.probe(key)) {  // keep what was known before
      lower = std::max(lower, e->lower + base);
      upper = std::min(upper, e->upper + base);
    }
    tt_.store(key, lower == -INF ? -INF : lower - base, upper == INF ? INF : upper - base, cards,
              best_move + 1 < 256 ? best_move + 1 : 0);
  }
  return best;
}

// MTD(f): a sequence of null-window searches closing on the value, each answered fast with the
// table filled by the ones before.
int Solver::mtdf(const Node& node, int guess, int ply) {
  int lower = -INF, upper = INF, g = guess;
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    g = search(node, beta - 1, beta, ply);
    if (g < beta) upper = g;
    else lower = g;
  }
  return g;
}

int Solver::value(const Hand& root, Objective objective, int level_ns, int level_ew) {
  begin(root, objective, level_ns, level_ew);
  int v = mtdf(node_of(root), 0, 0);
  stats_.tt = tt_.stats();
  return v;
}

bool Solver::defenders_reach(const Hand& root, int target) {
  begin(root, Objective::POINTS, root.context().level, root.context().level);
  bool yes = search(node_of(root), target - 1, target, 0) >= target;
  stats_.tt = tt_.stats();
  return yes;
}

Solution Solver::solve(const Hand& root, Objective objective, int level_ns, int level_ew) {
  begin(root, objective, level_ns, level_ew);
  Solution sol;
  std::vector<CardSet> legal;
  root.legal_moves(&legal);
  const Node start = node_of(root);
  // Values by what each move comes to; many legal moves (failed throws, equivalent cards)
  // come to the same play.
  std::vector<std::pair<CardSet, int>> known;
  // Each move's search starts from the previous move's value. (Finding the root's value first
  // and starting every move from it, knowing none beats it, saves 10% of the nodes on the
  // largest positions but adds 15-30% to the median ones: not done.)
  int guess = 0;
  for (const CardSet& m : legal) {
    Hand h = root;
    const CardSet played = h.play(m);
    Node child = start;
    CardSet canonical = played;
    if (options_.merge_equivalent) canonical = Equivalence(*this, start).canonical(played);
    int v = 0;
    auto it = std::find_if(known.begin(), known.end(), [&](const auto& kv) { return kv.first == canonical; });
    if (it != known.end()) {
      v = it->second;
    } else {
      try {
        v = apply(child, canonical) ? terminal_value(child) : mtdf(child, guess, 1);
      } catch (const SearchStopped&) {
        if (sol.moves.empty()) throw;
        sol.complete = false;
        break;
      }
      known.push_back({canonical, v});
      guess = v;
    }
    sol.moves.push_back({m, played, v});
  }
  // Best first for the side to move; stable so equal values keep the generation order.
  const bool max_root = maximising(start);
  std::stable_sort(sol.moves.begin(), sol.moves.end(), [&](const MoveValue& a, const MoveValue& b) {
    return max_root ? a.value > b.value : a.value < b.value;
  });
  sol.value = sol.moves.front().value;
  // Values are the max team's; report SCORE from the side to move (it is the max team).
  // The principal variation: at each node, a move that keeps the value.
  // A stop while it is built keeps the line found so far.
  Node node = start;
  CardSet move = sol.moves.front().played;
  sol.pv.push_back(move);
  try {
    pv_from(node, move, sol);
  } catch (const SearchStopped&) {
  }
  stats_.tt = tt_.stats();
  sol.stats = stats_;
  return sol;
}

void Solver::pv_from(Node node, CardSet move, Solution& sol) {
  if (!sol.complete) return;
  for (int ply = 0;; ++ply) {
    if (ply > 0) sol.pv.push_back(move);
    if (apply(node, move)) break;
    std::vector<CardSet> moves;
    generate(node, moves);
    order(node, moves, -1, ply + 1);
    bool found = false;
    for (const CardSet& m : moves) {
      Node child = node;
      int v = apply(child, m) ? terminal_value(child) : search(child, sol.value - 1, sol.value + 1, ply + 2);
      if (v == sol.value) {
        move = m;
        found = true;
        break;
      }
    }
    if (!found) break;
  }
}

}  // namespace duidiao
