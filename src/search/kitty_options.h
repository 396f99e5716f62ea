// The options before the play that change only the seat's own hand and the kitty — burying,
// 抢牌, 潇洒 — valued in the same sampled deals: the other hands drawn uniformly from the cards
// the seat cannot see (hidden_deal.h), the hand played out from the declarer's lead with the
// heuristic in every seat, each seeing only its own hand (heuristic_hand_score). The decisions
// still to come before the play (later offers of 抢牌, the other seats' 潇洒) are not played.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "core/observation.h"
#include "search/paired_choice.h"

namespace duidiao {

struct KittyOption {
  CardSet hand;   // the seat's hand at the start of the play
  CardSet kitty;  // and the kitty's
};

// The option to take, by PairedChoice against options[baseline] (the heuristic's). Values are
// hand scores for the seat's team. Deterministic in `seed`. `stop` (asked before each deal)
// true ends the weighing with the deals valued so far.
PairedChoice::Result weigh_kitty_options(const Observation& obs,
                                         const std::vector<KittyOption>& options,
                                         size_t baseline, int worlds, double margin,
                                         uint64_t seed,
                                         const std::function<bool()>& stop = nullptr);

}  // namespace duidiao
