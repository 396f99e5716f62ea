#include "sampler.h"

#include "core/legal.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace duidiao {

namespace {

// The core's require, its messages saying who refused.
void need(bool ok, const std::string& message) { require(ok, "WorldSampler: " + message); }

// 1/k! for every count of cards one holder can take from one group.
struct InverseFactorials {
  double value[MAX_DECK_CARDS + 1];
  InverseFactorials() {
    value[0] = 1.0;
    for (int k = 1; k <= MAX_DECK_CARDS; ++k) value[k] = value[k - 1] / k;
  }
};
const InverseFactorials INV_FACTORIAL;

// Copies of each face in a, as many as in b when b has more (the union of two multisets).
CardSet most(const CardSet& a, const CardSet& b) { return a.larger(b); }

// Calls f(coef, offset) for every split of `count` cards among holders list[0..m): n[h] cards to
// holder h, n[h] <= caps[h]; coef is prod terms[h][n[h]] (1/n[h]!, tilted) and offset sum
// n[h] * stride[h]. `room` is the sum of caps over list[0..m), so that a holder never takes
// fewer than the others leave. Stops
// when f returns true and says so, leaving n[] at the split it stopped on.
template <typename F>
bool for_each_split(const int* list, int m, const int* caps, const int* stride,
                    const double* const* terms, int room, int count, double coef, int offset,
                    int* n, F& f) {
  if (m == 0) return count == 0 && f(coef, offset);
  const int h = list[0];
  if (m == 1) {
    if (count > caps[h]) return false;
    n[h] = count;
    return f(coef * terms[h][count], offset + count * stride[h]);
  }
  const int others = room - caps[h];
  for (int k = std::max(0, count - others); k <= count && k <= caps[h]; ++k) {
    n[h] = k;
    if (for_each_split(list + 1, m - 1, caps, stride, terms, others, count - k,
                       coef * terms[h][k], offset + k * stride[h], n, f))
      return true;
  }
  n[h] = 0;
  return false;
}

// The room of a group's holders.
int room_of(const int* list, int m, const int* caps) {
  int room = 0;
  for (int i = 0; i < m; ++i) room += caps[list[i]];
  return room;
}

double uniform01(Rng& rng) { return double(rng.next() >> 11) * 0x1.0p-53; }

}  // namespace

WorldSampler::WorldSampler(const Hand& view, int seat) : view_(view), seat_(seat) {
  need(seat >= 0 && seat < 4, "seat must be 0..3");
  need(view.unknown(seat) == 0, seat_name(seat) + "'s own hand is not known (" +
                                    std::to_string(view.unknown(seat)) + " hidden cards)");
  const Context& ctx = view.context();
  CardSet pool = view.unknown_pool();
  hidden_ = pool.size();

  // The tricks as (leader, plays, attempt): the history, then the trick in progress; and what
  // each seat played from each of them on (later[t][seat]).
  const int done = view.history_size();
  const Trick& current = view.trick();
  const int tricks = done + (current.played > 0 ? 1 : 0);
  std::vector<TrickRecord> record(tricks);
  for (int t = 0; t < done; ++t) record[t] = view.history(t);
  if (current.played > 0) {
    TrickRecord& r = record[done];
    r.leader = current.leader;
    for (int i = 0; i < current.played; ++i) r.plays[i] = current.plays[i];
    r.attempt = view.lead_attempt();
  }
  std::vector<CardSet> later(size_t(tricks + 1) * 4);
  for (int t = tricks - 1; t >= 0; --t)
    for (int i = 0; i < 4; ++i) {
      const int s = (record[t].leader + i) & 3;
      later[t * 4 + s] = later[(t + 1) * 4 + s].plus(record[t].plays[i]);
    }
  auto attempt_of = [&](int t) {
    return record[t].attempt.empty() ? record[t].plays[0] : record[t].attempt;
  };

  // §5.2: a failed throw's other cards were in the thrower's hand; those not played since are
  // in it still. Place them first (a hidden face with one copy required and two hidden is
  // placed once and the draw corrected, see HalfPlaced).
  CardSet required[4];
  for (int t = 0; t < tricks; ++t) {
    const CardSet attempt = attempt_of(t);
    if (attempt == record[t].plays[0] || is_simple_combination(ctx, attempt)) continue;
    const int thrower = record[t].leader;
    required[thrower] = most(required[thrower], later[t * 4 + thrower].missing(attempt));
  }
  for (int s = 0; s < 4; ++s) {
    const CardSet extra = view.held(s).missing(required[s]);
    for (uint64_t m = extra.one; m; m &= m - 1) {
      const Card f = lowest_bit(m);
      const int want = extra.count(f), hidden = pool.count(f);
      need(want <= hidden && !(view.voids(s) & (1 << ctx.suit_of(f))),
           "no deal is consistent: " + seat_name(s) + " kept " + card_name(f) +
               " of a failed throw, but cannot hold it now");
      for (int k = 0; k < want; ++k) fixed_[s].add(f), pool.remove(f);
      if (want < hidden) halves_.push_back({s, f, false, want});
    }
    need(fixed_[s].size() <= view.unknown(s),
         "no deal is consistent: " + seat_name(s) + " kept more cards of failed throws (" +
             to_string(fixed_[s].plus(view.held(s))) + ") than its hand holds");
  }

  // The holders: the seats with cards still to draw, then the unknown kitty.
  for (int s = 0; s < 5; ++s) {
    const int cap = s < 4 ? view.unknown(s) - fixed_[s].size() : (view.kitty_known() ? 0 : view.rules().sizes().kitty_cards);
    if (cap == 0) continue;
    holder_[holder_nb_] = s;
    cap_[holder_nb_] = cap;
    stride_[holder_nb_] = states_;
    states_ *= cap + 1;
    ++holder_nb_;
  }
  int capacity = 0;
  for (int h = 0; h < holder_nb_; ++h) capacity += cap_[h];
  need(capacity == pool.size(), "the view's hidden counts do not match its hidden cards");

  // §10.6 face down: the hidden copies the declarer showed are in its hand or the kitty. They
  // make groups of their own; a face shown once with both copies hidden is a HalfPlaced.
  const int declarer = view.declarer();
  const CardSet& dk = view.declarer_or_kitty();
  CardSet shown;
  for (uint64_t m = dk.one; m; m &= m - 1) {
    const Card f = lowest_bit(m);
    // Copies known to be there already (held, placed as a failed throw's rest, in a known
    // kitty) count towards the shown ones.
    const int known = view.held(declarer).count(f) + fixed_[declarer].count(f) +
                      (view.kitty_known() ? view.kitty().count(f) : 0);
    const int want = dk.count(f) - known, hidden = pool.count(f);
    if (want <= 0) continue;
    need(want <= hidden, "no deal is consistent: " + card_name(f) + ", shown by " +
                             seat_name(declarer) + ", is not hidden any more");
    for (int k = 0; k < want; ++k) shown.add(f);
    if (want < hidden) halves_.push_back({declarer, f, true, want});
  }
  const CardSet free_pool = pool.minus(shown);

  // Groups: the hidden cards of the effective suits that the same holders may take (§5.3 voids).
  Group groups[GROUP_MAX];
  int group_nb = 0;
  auto add_group = [&](const CardSet& cards, int allowed) {
    int g = 0;
    while (g < group_nb && groups[g].allowed != allowed) ++g;
    if (g == group_nb) groups[group_nb++].allowed = allowed;
    groups[g].cards = groups[g].cards.plus(cards);
  };
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    const CardSet cards = free_pool.within(ctx.suit_mask[e]);
    if (cards.empty()) continue;
    int allowed = 0;
    for (int h = 0; h < holder_nb_; ++h)
      if (holder_[h] == 4 || !(view.voids(holder_[h]) & (1 << e))) allowed |= 1 << h;
    need(allowed != 0, "no deal is consistent: every hand that could hold the hidden " +
                           suit_name(e) + " is void in them");
    add_group(cards, allowed);
  }
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    const CardSet cards = shown.within(ctx.suit_mask[e]);
    if (cards.empty()) continue;
    int allowed = 0;
    for (int h = 0; h < holder_nb_; ++h)
      if (holder_[h] == 4 || (holder_[h] == declarer && !(view.voids(declarer) & (1 << e))))
        allowed |= 1 << h;
    need(allowed != 0, "no deal is consistent: the cards " + seat_name(declarer) +
                           " showed cannot be in its hand or the kitty");
    add_group(cards, allowed);
  }
  set_groups(groups, group_nb);

  build_table();
  need(table(0, states_ - 1) > 0,
       "no deal is consistent with the view: the voids leave too few places for the hidden "
       "cards");

  // §5.2: every throw stood or failed against the hands of that moment.
  for (int t = 0; t < tricks; ++t) {
    const CardSet attempt = attempt_of(t);
    if (is_simple_combination(ctx, attempt)) continue;
    add_throw_check(record[t].leader, attempt, record[t].plays[0], &later[t * 4], pool);
  }

  // §10.4: every follow under a duty was legal for the hand of that moment.
  for (int t = 0; t < tricks; ++t) {
    FollowCheck c;
    c.trick.start(record[t].leader);
    c.trick.lead(ctx, record[t].plays[0]);
    if (!c.trick.duty.any()) continue;  // no duty beyond the suit (voids say the rest)
    const int plays = t < done ? 4 : current.played;
    for (int i = 1; i < plays; ++i) {
      c.seat = (record[t].leader + i) & 3;
      if (view.unknown(c.seat) == 0) continue;  // a known hand was checked when it played
      c.before = view.held(c.seat).plus(later[t * 4 + c.seat]);
      c.play = record[t].plays[i];
      follows_.push_back(c);
    }
  }
}

void WorldSampler::add_throw_check(int thrower, const CardSet& attempt,
                                   const CardSet& played, const CardSet later[4],
                                   const CardSet& pool) {
  const Context& ctx = view_.context();
  ThrowCheck c;
  c.thrower = thrower;
  c.suit = ctx.common_suit(attempt);
  need(c.suit >= 0 && (c.suit != TRUMP || ctx.throws_in_trumps),
       "the throw " + ctx.format(attempt) + " of " + seat_name(thrower) +
           (ctx.throws_in_trumps ? " is not of one suit" : " is not of one side suit"));
  decompose(ctx, attempt, &c.shape);
  c.stands = attempt == played;
  c.forced = played;
  for (int s = 0; s < 4; ++s) c.before[s] = view_.held(s).plus(later[s]);

  // What the others held then for sure (known and placed cards) and at most (plus every hidden
  // card of the suit they may hold): a verdict that is the same for both holds for every deal.
  CardSet surely[3], maybe[3];
  const CardSet hidden_suit = pool.within(ctx.suit_mask[c.suit]);
  for (int i = 0; i < 3; ++i) {
    const int s = (thrower + 1 + i) & 3;
    surely[i] = maybe[i] = c.before[s].plus(fixed_[s]);
    for (int h = 0; h < holder_nb_; ++h)
      if (holder_[h] == s && !(view_.voids(s) & (1 << c.suit)))
        maybe[i] = maybe[i].plus(hidden_suit);  // distinct physical cards: never a third copy
  }
  const ThrowVerdict low = judge_throw(ctx, c.shape, c.suit, surely);
  const ThrowVerdict high = judge_throw(ctx, c.shape, c.suit, maybe);
  auto same = [&](const ThrowVerdict& v) {
    return c.stands ? v.valid : !v.valid && c.shape.parts[v.forced].cards == c.forced;
  };
  const std::string what = seat_name(thrower) + "'s throw " + ctx.format(attempt);
  if (c.stands) {
    need(low.valid, "no deal is consistent: " + what + " stood, but the known cards beat it");
  } else {
    need(!high.valid, "no deal is consistent: " + what + " failed, but nothing could beat it");
  }
  if (same(low) && same(high)) return;  // decided by the known cards
  checks_.push_back(c);
}

void WorldSampler::set_groups(Group* groups, int nb) {
  // The largest group last: the last group's split is forced, so it costs nothing.
  for (int i = 1; i < nb; ++i)
    for (int j = i; j > 0 && groups[j].cards.size() < groups[j - 1].cards.size(); --j)
      std::swap(groups[j], groups[j - 1]);
  group_nb_ = nb;
  int next = 0;
  for (int g = 0; g < nb; ++g) {
    group_start_[g] = next;
    for (uint64_t m = groups[g].cards.one; m; m &= m - 1) cards_[next++] = lowest_bit(m);
    for (uint64_t m = groups[g].cards.two; m; m &= m - 1) cards_[next++] = lowest_bit(m);
    for (uint64_t m = groups[g].cards.at_least(3); m; m &= m - 1) cards_[next++] = lowest_bit(m);
    group_holder_nb_[g] = 0;
    for (int h = 0; h < holder_nb_; ++h)
      if (groups[g].allowed & (1 << h)) group_holders_[g][group_holder_nb_[g]++] = h;
  }
  group_start_[nb] = next;
  movable_all_ = 0;
  for (int g = 0; g < nb; ++g) {
    uint64_t elsewhere = 0;
    for (int o = 0; o < nb; ++o)
      if (o != g) elsewhere |= groups[o].cards.one;
    const uint64_t movable = groups[g].cards.one & ~elsewhere;
    movable_all_ |= movable;
    group_allowed_[g] = groups[g].allowed;
    for (uint64_t m = movable; m; m &= m - 1) group_of_[lowest_bit(m)] = uint8_t(g);
  }
}

void WorldSampler::build_table() {
  weight_.assign(size_t(group_nb_ + 1) * states_, 0.0);
  weight_[size_t(group_nb_) * states_] = 1.0;  // nothing left to deal into nothing left
  int remaining = 0;
  int caps[HOLDER_MAX] = {};
  for (int g = group_nb_ - 1; g >= 0; --g) {
    const int count = group_start_[g + 1] - group_start_[g];
    remaining += count;
    double* level = &weight_[size_t(g) * states_];
    const double* below = &weight_[size_t(g + 1) * states_];
    const double* terms[HOLDER_MAX];
    group_terms(g, terms);
    for (int index = g == 0 ? states_ - 1 : 0; index < states_; ++index) {  // g = 0: the start
      int total = 0;
      for (int h = 0, rest = index; h < holder_nb_; ++h) {
        caps[h] = rest % (cap_[h] + 1);
        rest /= cap_[h] + 1;
        total += caps[h];
      }
      if (total != remaining) continue;
      double sum = 0;
      int n[HOLDER_MAX] = {};
      auto add = [&](double coef, int offset) {
        sum += coef * below[index - offset];
        return false;
      };
      const int* list = group_holders_[g];
      const int m = group_holder_nb_[g];
      for_each_split(list, m, caps, stride_, terms, room_of(list, m, caps), count, 1.0, 0, n, add);
      level[index] = sum;
    }
  }
}

void WorldSampler::group_terms(int g, const double* terms[HOLDER_MAX]) const {
  for (int h = 0; h < HOLDER_MAX; ++h)
    terms[h] = log_tilt_.empty() ? INV_FACTORIAL.value
                                 : &tilt_terms_[(size_t(g) * HOLDER_MAX + h) * (MAX_DECK_CARDS + 1)];
}

void WorldSampler::tilt(const std::vector<float>& log_factors, double power) {
  need(log_factors.size() == size_t(FACE_NB) * 4, "a tilt needs 4 factors a face");
  // The groups by holders alone merge suits (with no void, all the hidden cards are one group,
  // whose counts by holder are fixed): split them by effective suit, so that the tilt moves
  // how many cards of each suit each holder gets. The draw stays uniform without a tilt.
  Group groups[GROUP_MAX];
  int nb = 0;
  const Context& ctx = view_.context();
  for (int g = 0; g < group_nb_; ++g) {
    CardSet all;
    for (int c = group_start_[g]; c < group_start_[g + 1]; ++c) all.add(cards_[c]);
    int allowed = 0;
    for (int i = 0; i < group_holder_nb_[g]; ++i) allowed |= 1 << group_holders_[g][i];
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
      const CardSet suit = all.within(ctx.suit_mask[e]);
      if (suit.empty()) continue;
      need(nb < GROUP_MAX, "too many groups to tilt");  // at most a suit's shown and other cards
      groups[nb++] = {allowed, suit};
    }
  }
  set_groups(groups, nb);
  log_tilt_.assign(size_t(group_nb_) * HOLDER_MAX, 0.0);
  tilt_terms_.assign(size_t(group_nb_) * HOLDER_MAX * (MAX_DECK_CARDS + 1), 0.0);
  for (int g = 0; g < group_nb_; ++g) {
    const int count = group_start_[g + 1] - group_start_[g];
    double mean[HOLDER_MAX] = {}, top = -HUGE_VAL;
    for (int i = 0; i < group_holder_nb_[g]; ++i) {
      const int h = group_holders_[g][i];
      const int r = holder_[h] == 4 ? 3 : ((holder_[h] - seat_) & 3) - 1;
      for (int c = group_start_[g]; c < group_start_[g + 1]; ++c)
        mean[h] += log_factors[size_t(cards_[c]) * 4 + size_t(r)];
      mean[h] *= power / count;
      top = std::max(top, mean[h]);
    }
    // Only the holders' differences matter (every card of the group goes somewhere): the
    // likeliest holder's factor is 1, and no factor is below e^-8 a card, so that no weight of
    // the table underflows.
    for (int h = 0; h < HOLDER_MAX; ++h) {
      const double l = std::max(mean[h] - top, -8.0);
      log_tilt_[size_t(g) * HOLDER_MAX + h] = l;
      double* t = &tilt_terms_[(size_t(g) * HOLDER_MAX + h) * (MAX_DECK_CARDS + 1)];
      for (int k = 0; k <= MAX_DECK_CARDS; ++k) t[k] = INV_FACTORIAL.value[k] * std::exp(l * k);
    }
  }
  build_table();
  if (!(table(0, states_ - 1) > 0)) {
    log_tilt_.clear();
    tilt_terms_.clear();
    build_table();
  }
}

void WorldSampler::draw(Rng& rng, CardSet hidden[5], double* log_tilt) const {
  *log_tilt = 0;
  for (int s = 0; s < 4; ++s) hidden[s] = fixed_[s];
  hidden[4] = CardSet{};
  int caps[HOLDER_MAX];
  for (int h = 0; h < holder_nb_; ++h) caps[h] = cap_[h];
  int index = states_ - 1;
  Card deck[MAX_DECK_CARDS];
  for (int g = 0; g < group_nb_; ++g) {
    // How many of the group's cards each holder takes, with the exact weights.
    int n[HOLDER_MAX] = {}, chosen[HOLDER_MAX] = {};
    const int count = group_start_[g + 1] - group_start_[g];
    const double* below = &weight_[size_t(g + 1) * states_];
    const double target = uniform01(rng) * table(g, index);
    const double* terms[HOLDER_MAX];
    group_terms(g, terms);
    double sum = 0;
    auto pick = [&](double coef, int offset) {
      const double w = coef * below[index - offset];
      if (w <= 0) return false;
      for (int h = 0; h < holder_nb_; ++h) chosen[h] = n[h];
      sum += w;
      return sum > target;  // if rounding never gets there, the last possible split stays
    };
    const int* list = group_holders_[g];
    const int m = group_holder_nb_[g];
    for_each_split(list, m, caps, stride_, terms, room_of(list, m, caps), count, 1.0, 0, n, pick);
    if (!log_tilt_.empty())
      for (int h = 0; h < holder_nb_; ++h)
        *log_tilt += chosen[h] * log_tilt_[size_t(g) * HOLDER_MAX + h];

    // Which cards: a uniformly random order of the group's physical cards, cut in turn.
    std::copy(cards_ + group_start_[g], cards_ + group_start_[g + 1], deck);
    int pos = 0;
    for (int h = 0; h < holder_nb_; ++h) {
      CardSet& to = hidden[holder_[h]];
      for (int k = 0; k < chosen[h]; ++k, ++pos) {
        std::swap(deck[pos], deck[pos + int(rng.below(uint64_t(count - pos)))]);
        to.add(deck[pos]);
      }
      caps[h] -= chosen[h];
      index -= chosen[h] * stride_[h];
    }
  }
}

int WorldSampler::ways(const HalfPlaced& half, const CardSet hidden[5]) const {
  const int copies = hidden[half.seat].count(half.face) + (half.or_kitty ? hidden[4].count(half.face) : 0);
  if (copies <= half.placed) return 1;
  // C(copies, placed), copies <= 3: 2 for one of two, 3 for one of three or two of three.
  return half.placed == 1 ? copies : 3;
}

bool WorldSampler::accept(Rng& rng, const CardSet hidden[5]) const {
  for (const HalfPlaced& half : halves_) {
    const int w = ways(half, hidden);
    // one bit of the stream for one of two (the two-deck case, as ever)
    if (w > 1 && (w == 2 ? (rng.next() & 1) : rng.below(uint64_t(w)) != 0)) return false;
  }
  return consistent(hidden);
}

bool WorldSampler::consistent(const CardSet hidden[5]) const {
  const Context& ctx = view_.context();
  for (const ThrowCheck& c : checks_) {
    CardSet others[3];
    for (int i = 0; i < 3; ++i) {
      const int s = (c.thrower + 1 + i) & 3;
      others[i] = c.before[s].plus(hidden[s]);
    }
    const ThrowVerdict v = judge_throw(ctx, c.shape, c.suit, others);
    if (c.stands ? !v.valid : v.valid || c.shape.parts[v.forced].cards != c.forced) return false;
  }
  for (const FollowCheck& c : follows_)
    if (!is_legal_follow(ctx, c.before.plus(hidden[c.seat]), c.play, c.trick)) return false;
  for (int s = 0; s < 4; ++s) {  // §10.4's facts stated in the view (the notation's `!S`)
    const int mask = view_.no_pairs(s);
    if (!mask || hidden[s].empty()) continue;
    const uint64_t pairs = view_.held(s).plus(hidden[s]).two;
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
      if ((mask >> e & 1) && (pairs & ctx.suit_mask[e])) return false;
  }
  for (int s = 0; s < 4; ++s) {  // §11.5's (the notation's `!3S`)
    const int mask = view_.no_triples(s);
    if (!mask || hidden[s].empty()) continue;
    const uint64_t triples = view_.held(s).plus(hidden[s]).at_least(3);
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
      if ((mask >> e & 1) && (triples & ctx.suit_mask[e])) return false;
  }
  return true;
}

bool WorldSampler::try_sample(Rng& rng, Hand* world) const {
  double log_tilt = 0;
  return try_sample(rng, world, &log_tilt);
}

bool WorldSampler::try_sample(Rng& rng, Hand* world, double* log_tilt) const {
  CardSet hidden[5];
  for (int attempt = 0; attempt < MAX_TRIES; ++attempt) {
    draw(rng, hidden, log_tilt);
    if (!accept(rng, hidden)) continue;
    *world = view_;
    world->reveal(hidden, hidden[4]);
    return true;
  }
  return false;
}

void WorldSampler::sample(Rng& rng, Hand* world) const {
  if (!try_sample(rng, world))
    throw std::invalid_argument("WorldSampler: no world consistent with the throws and follows of "
                                "the history was found in " + std::to_string(MAX_TRIES) + " draws");
}

int WorldSampler::hidden_cards() const { return hidden_; }

void WorldSampler::hidden_of(const Hand& world, CardSet hidden[5]) const {
  for (int s = 0; s < 4; ++s) {
    need(world.unknown(s) == 0 && world.held(s).contains(view_.held(s)) &&
             world.held(s).size() == view_.held(s).size() + view_.unknown(s),
         "the world to move is not a full deal of this sampler's view (" + seat_name(s) + ")");
    hidden[s] = world.held(s).minus(view_.held(s));
  }
  hidden[4] = view_.kitty_known() ? CardSet{} : world.kitty();
}

bool WorldSampler::propose(Rng& rng, const CardSet hidden[5], CardSet next[5]) const {
  // The movable copies at each holder: the hidden ones of faces in one group (not placed for
  // certain). Two of them drawn uniformly (the same pair is as likely to be drawn back after
  // the swap) and swapped when each may go where the other is.
  auto copies = [&](int h, Card f) {
    const int seat = holder_[h];
    return hidden[seat].count(f) - (seat < 4 ? fixed_[seat].count(f) : 0);
  };
  int total = 0;
  for (int h = 0; h < holder_nb_; ++h)
    for (uint64_t bits = hidden[holder_[h]].one & movable_all_; bits; bits &= bits - 1)
      total += copies(h, lowest_bit(bits));
  if (total < 2) return false;
  // Drawn independently: the same copy twice (a move that stays) keeps the chain aperiodic.
  const int first = int(rng.below(uint64_t(total))), second = int(rng.below(uint64_t(total)));
  int holder[2] = {-1, -1};
  Card face[2] = {0, 0};
  for (int h = 0, k = 0; h < holder_nb_; ++h)
    for (uint64_t bits = hidden[holder_[h]].one & movable_all_; bits; bits &= bits - 1) {
      const Card f = lowest_bit(bits);
      const int c = copies(h, f);
      if (first >= k && first < k + c) holder[0] = h, face[0] = f;
      if (second >= k && second < k + c) holder[1] = h, face[1] = f;
      k += c;
    }
  if (holder[0] == holder[1] || face[0] == face[1]) return false;
  if (!(group_allowed_[group_of_[face[0]]] >> holder[1] & 1) ||
      !(group_allowed_[group_of_[face[1]]] >> holder[0] & 1))
    return false;
  const int x = holder_[holder[0]], y = holder_[holder[1]];
  std::copy(hidden, hidden + 5, next);
  next[x].remove(face[0]);
  next[x].add(face[1]);
  next[y].remove(face[1]);
  next[y].add(face[0]);
  return consistent(next);
}

double WorldSampler::deal_weight(const CardSet hidden[5]) const {
  double w = 1;
  for (const HalfPlaced& half : halves_) w /= ways(half, hidden);
  return w;
}

void WorldSampler::world_of(const CardSet hidden[5], Hand* world) const {
  *world = view_;
  world->reveal(hidden, hidden[4]);
}

}  // namespace duidiao
