// RandomPlayer: uniform over the legal options of every decision; the baseline opponent.
#pragma once
#include "search/player.h"

namespace duidiao {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  int declare(const Observation& obs, const std::vector<Declaration>& options) override;
  CardSet bury(const Observation& obs) override;
  int grab(const Observation& obs) override;
  std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) override;
  CardSet play(const Observation& obs) override;

 private:
  Card random_card(const CardSet& s);
  Rng rng_;
};

}  // namespace duidiao
