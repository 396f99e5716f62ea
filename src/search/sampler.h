// WorldSampler: full deals consistent with everything one seat knows of the play — its own hand,
// the other hands' known (exposed) cards and hidden counts, the kitty, every card played, the
// voids revealed by failing to follow, and the throws that stood or failed. Each draw is uniform
// over the consistent deals of the 108 physical cards (two copies of a face are two cards), which
// is what a fair shuffle makes of the hidden cards given the seat's knowledge.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/combination.h"
#include "core/hand.h"
#include "core/random.h"

namespace duidiao {

class WorldSampler {
 public:
  // `view` is the play as `seat` sees it: that seat's hand fully known, the others' (and the
  // kitty, when not face up) partly or wholly hidden. Throws std::invalid_argument when the
  // seat's own hand is not fully known or when no deal is consistent with the view.
  WorldSampler(const Hand& view, int seat);

  // One consistent world: a copy of the view with every hidden card placed (no unknown cards,
  // the kitty known). Throws std::invalid_argument if rejection of throw and follow constraints
  // keeps failing (a view whose history is almost impossible).
  void sample(Rng& rng, Hand* world) const;
  // The same, false instead of throwing: a search skips a world it cannot draw (rare: a
  // three-deck view whose follows rule out most pairs accepted about one draw in 2,000).
  bool try_sample(Rng& rng, Hand* world) const;
  // With a tilt (below): *log_tilt gets the log of the factor by which the tilt made this
  // world's suit counts likelier than the uniform draw does (0 without one), so that a search
  // weighing towards the belief divides it out and keeps the rest as the world's weight.
  bool try_sample(Rng& rng, Hand* world, double* log_tilt) const;

  // Tilts the draws towards a belief: log_factors[face * 4 + r] (r: the holders seen from the
  // seat, rel 1, 2, 3 and the kitty), times `power`, is the log of how much likelier a hidden
  // copy of the face is at r than the uniform draw finds it. The draw takes each group's
  // counts by holder (how many of a suit each hand and the kitty get) with the group's cards'
  // mean factor per holder to that power, exactly (the table's weights carry it); which cards
  // of the group go where stays uniform. A world's tilt, from try_sample, is what a search
  // divides out of the belief's weight: what is left, the factors' spread within a suit, is
  // small where the suit's cards are alike to the model. A tilt the table cannot carry (so
  // sharp that its weights underflow) is dropped: the draws stay uniform.
  void tilt(const std::vector<float>& log_factors, double power);
  bool tilted() const { return !log_tilt_.empty(); }

  // Hidden cards to place (0: the view is already a full deal and every sample is the view).
  int hidden_cards() const;

  // `steps` Metropolis moves of a world this sampler drew, towards the uniform draw weighed by
  // exp(log_weight(world)) (pimc's `mcmc`: the inference's worlds drawn by weight made diverse
  // again; log_weight 0: the uniform draw itself, which the moves then keep). Each move is a
  // proposal (below) kept with probability min(1, the weights' ratio).
  template <typename LogWeight>
  void walk(Rng& rng, int steps, const LogWeight& log_weight, Hand* world) const {
    CardSet now[5], next[5];
    hidden_of(*world, now);
    double log_now = log_weight(*world) + std::log(deal_weight(now));
    Hand candidate;
    for (int step = 0; step < steps; ++step) {
      if (!propose(rng, now, next)) continue;
      world_of(next, &candidate);
      const double log_next = log_weight(candidate) + std::log(deal_weight(next));
      if (log_next >= log_now || rng.uniform() < std::exp(log_next - log_now)) {
        std::copy(next, next + 5, now);
        std::swap(*world, candidate);
        log_now = log_next;
      }
    }
  }
  // The moves' parts. hidden_of: the hidden cards of a world this sampler drew (0-3 the
  // seats, 4 the kitty). propose: two hidden cards at two holders, each of them one the
  // other's holder may take, swapped — the two copies drawn uniformly, so the proposal is
  // symmetric and keeps every void and count; false when the swap changes nothing or breaks a
  // fact of the play (a throw's verdict, a follow's legality, a stated absence of pairs).
  // deal_weight: the deal's weight in the uniform draw relative to a deal with no failed
  // throw's copy doubled (see HalfPlaced). world_of: the world of those hidden cards.
  void hidden_of(const Hand& world, CardSet hidden[5]) const;
  bool propose(Rng& rng, const CardSet hidden[5], CardSet next[5]) const;
  double deal_weight(const CardSet hidden[5]) const;
  void world_of(const CardSet hidden[5], Hand* world) const;

 private:
  // How a draw works (see docs/sampler.md): the hidden cards fall into at most five groups by
  // the set of holders that may take them (a void forbids a suit to a seat; the kitty takes
  // anything). Uniform physical deals give a count matrix n[holder][group] the weight
  // prod_g G_g! / prod_h n[h][g]!; weight_ holds, for every group g and every vector of
  // remaining capacities c, the sum of those weights over the ways to deal groups g.. into c
  // (without the constant G_g! factors). A draw picks each group's counts from it, then deals
  // the group's cards in a random order. Throws are checked afterwards, by rejection.
  static constexpr int HOLDER_MAX = 5;  // the seats with hidden cards, and the kitty
  static constexpr int GROUP_MAX = 2 * EFFECTIVE_SUIT_NB;  // by suit, and the declarer's shown cards
  static constexpr int MAX_TRIES = 100000;  // draws of a world before giving up (~30 ms)

  // A throw of the history (or the trick in progress) whose verdict depends on hidden cards.
  struct ThrowCheck {
    int thrower = 0;
    int suit = 0;
    Decomposition shape;  // the throw as attempted
    bool stands = true;
    CardSet forced;       // when it failed: the component played
    CardSet before[4];    // per seat: its known cards now and those it played since the throw
  };
  // §10.4: a follow under a lead with pairs, by a seat with hidden cards, was legal for the hand
  // the seat held then: it shows the pairs and tractors the seat did not hold (missing pairs
  // in the suit, no tractor of the lead's length), facts no void records. Checked by rejection.
  struct FollowCheck {
    int seat = 0;
    Trick trick;     // the trick just after its lead (its suit and duty)
    CardSet before;  // the seat's known cards now and those it played from that trick on
    CardSet play;
  };
  // A failed throw's rest that must still be in the thrower's hand (or, or_kitty, a card the
  // declarer showed before a face-down bury: in its hand or the kitty), placed as one copy of a
  // face of which two are hidden: a draw where both copies end there was proposed twice as
  // often, and is kept with probability 1/2.
  // With three decks (§11.1) `placed` copies of more hidden ones: a draw with j copies there
  // was proposed C(j, placed) times as often, and is kept with probability 1 / C(j, placed).
  struct HalfPlaced {
    int seat = 0;
    Card face = 0;
    bool or_kitty = false;
    int placed = 1;
  };

  void add_throw_check(int thrower, const CardSet& attempt, const CardSet& played,
                       const CardSet later[4], const CardSet& pool);
  // The hidden cards of a group, and the holders (bits by holder index) that may take them.
  struct Group {
    int allowed = 0;
    CardSet cards;
  };
  // Lays the groups out (cards_, group_start_, group_holders_), the largest last.
  void set_groups(Group* groups, int nb);
  void build_table();
  double table(int group, int index) const { return weight_[size_t(group) * states_ + index]; }
  // Per holder h, terms[h][k]: the weight of dealing k of group g's cards to h: 1/k!, times
  // the tilt's factor to the k.
  void group_terms(int g, const double* terms[HOLDER_MAX]) const;
  // One proposal: hidden[0..3] for the seats, hidden[4] for the kitty; *log_tilt its tilt.
  void draw(Rng& rng, CardSet hidden[5], double* log_tilt) const;
  bool accept(Rng& rng, const CardSet hidden[5]) const;
  // The ways a draw could have placed `half`'s copies in this deal (1, or C(copies, placed)).
  int ways(const HalfPlaced& half, const CardSet hidden[5]) const;
  // The facts of the play checked by rejection (throws, follows, stated absences).
  bool consistent(const CardSet hidden[5]) const;

  Hand view_;
  int seat_ = 0;
  int hidden_ = 0;
  int holder_nb_ = 0;
  int holder_[HOLDER_MAX] = {};  // seat 0..3, or 4 for the kitty
  int cap_[HOLDER_MAX] = {};     // cards to draw for it
  int stride_[HOLDER_MAX] = {};  // of the mixed-radix index of capacity vectors
  int states_ = 1;               // capacity vectors: prod (cap + 1)
  int group_nb_ = 0;
  int group_holders_[GROUP_MAX][HOLDER_MAX] = {};  // the holders allowed for each group
  int group_holder_nb_[GROUP_MAX] = {};
  int group_start_[GROUP_MAX + 1] = {};            // its cards in cards_
  Card cards_[MAX_DECK_CARDS] = {};
  std::vector<double> weight_;  // (group_nb_ + 1) x states_
  // A tilt (empty: none): log_tilt_[g * HOLDER_MAX + h] per card, and tilt_terms_[(g *
  // HOLDER_MAX + h) * (MAX_DECK_CARDS + 1) + k] = exp(k x that) / k!.
  std::vector<double> log_tilt_, tilt_terms_;
  CardSet fixed_[4];            // hidden cards placed for certain (a failed throw's rest)
  std::vector<HalfPlaced> halves_;
  // The faces whose hidden copies (but those placed for certain) are all in one group: the
  // ones a Metropolis swap may move; the group of each, and each group's holders (bits by
  // holder index).
  uint64_t movable_all_ = 0;
  uint8_t group_of_[64] = {};
  int group_allowed_[GROUP_MAX] = {};
  std::vector<ThrowCheck> checks_;
  std::vector<FollowCheck> follows_;
};

}  // namespace duidiao
