#include "search/bury_search.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/random.h"
#include "search/heuristic_player.h"

namespace duidiao {

namespace {

// The hidden cards of the other seats, dealt uniformly: every copy neither in the declarer's
// hand nor shown by another seat, shuffled into the seats' hidden counts.
struct HiddenDeal {
  std::vector<Card> cards;  // one entry per physical card
  int hidden[4] = {};

  HiddenDeal(const Observation& obs) {
    for (int seat = 0; seat < 4; ++seat)
      if (seat != obs.seat) hidden[seat] = obs.hand_size[seat] - obs.exposed[seat].size();
    for (Card c = 0; c < FACE_NB; ++c) {
      int copies = 2 - obs.hand.count(c);
      for (int seat = 0; seat < 4; ++seat)
        if (seat != obs.seat) copies -= obs.exposed[seat].count(c);
      for (int k = 0; k < copies; ++k) cards.push_back(c);
    }
    int total = 0;
    for (int h : hidden) total += h;
    if (total != int(cards.size()))
      throw std::invalid_argument("bury search: the hidden hands do not add up to the unseen cards");
  }

  void deal(Rng& rng, const Observation& obs, CardSet held[4]) {
    for (size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(i)]);
    size_t next = 0;
    for (int seat = 0; seat < 4; ++seat) {
      held[seat] = seat == obs.seat ? CardSet{} : obs.exposed[seat];
      for (int k = 0; k < hidden[seat]; ++k) held[seat].add(cards[next++]);  // 0 for obs.seat
    }
  }
};

// The declaring team's hand score when the hand is played out by the heuristic from the deal.
int play_out(const HandSetup& setup, int level_ns, int level_ew) {
  const Hand hand(setup);
  PlayState line = hand.state();
  heuristic_playout(hand.context(), setup.declarer, setup.kitty, &line, true);
  return hand.result_of(line, level_ns, level_ew).score_margin(team_of(setup.declarer));
}

}  // namespace

BuryChoice search_bury(const Observation& obs, int worlds, double margin, uint64_t seed) {
  if (obs.phase != PHASE_BURY || obs.seat != obs.declarer)
    throw std::invalid_argument("bury search: not the declarer's bury");
  std::vector<CardSet> candidates;
  heuristic_bury_candidates(obs, &candidates);
  HeuristicPlayer heuristic(0);
  const CardSet baseline_bury = heuristic.bury(obs);
  const size_t baseline = size_t(std::find(candidates.begin(), candidates.end(), baseline_bury) -
                                 candidates.begin());
  BuryChoice choice;
  choice.bury = baseline_bury;
  choice.candidates = int(candidates.size());
  if (candidates.size() < 2 || worlds < 2 || baseline == candidates.size()) return choice;

  HiddenDeal deal(obs);
  HandSetup setup;
  setup.rules = obs.rules;
  setup.level = obs.level;
  setup.trump = obs.trump;
  setup.declarer = setup.leader = obs.declarer;
  setup.kitty_known = true;
  const size_t n = candidates.size();
  std::vector<double> sum(n, 0), gain(n, 0), gain_sq(n, 0);
  std::vector<int> values(n);
  Rng rng(seed ^ 0xB0B5EEDull);
  for (int w = 0; w < worlds; ++w) {
    deal.deal(rng, obs, setup.held);
    for (size_t i = 0; i < n; ++i) {
      setup.held[obs.seat] = obs.hand.minus(candidates[i]);
      setup.kitty = candidates[i];
      values[i] = play_out(setup, obs.levels[0], obs.levels[1]);
    }
    for (size_t i = 0; i < n; ++i) {
      const double g = values[i] - values[baseline];
      sum[i] += values[i];
      gain[i] += g;
      gain_sq[i] += g * g;
    }
  }
  const size_t best = size_t(std::max_element(sum.begin(), sum.end()) - sum.begin());
  const double mean_gain = gain[best] / worlds;
  const double var = std::max(0.0, (gain_sq[best] - gain[best] * gain[best] / worlds) / (worlds - 1));
  choice.gain = mean_gain;
  choice.gain_stderr = std::sqrt(var / worlds);
  if (best != baseline && mean_gain > margin * choice.gain_stderr) {
    choice.bury = candidates[best];
    choice.mean = sum[best] / worlds;
  } else {
    choice.mean = sum[baseline] / worlds;
    choice.gain = 0;
  }
  return choice;
}

}  // namespace duidiao
