// Inference from the play (soft evidence): how well a sampled world explains what the other
// seats chose. Every card they played so far is replayed in the world, and at each of their
// decisions the heuristic bot, put in that seat's place with only what that seat could see,
// proposes a play; a world in which they keep doing what a sensible player would do is likelier
// than one in which they keep doing odd things (a point card thrown onto the opponents' trick, a
// trick left to the opponents that the seat could have taken cheaply, a strange lead).
//
// The likelihood of a world is taken as miss^k, k the decisions the heuristic would have made
// otherwise: a crude policy model (the heuristic stands for every player), but cheap — one
// heuristic call per past play — and its weight is a setting, measured by duels (analysis.md).
#pragma once
#include "core/hand.h"

namespace duidiao {

// What every seat could see of the others when the play began, as far as `view` (the
// observer's) tells: the hand's shown_at_start cards, and the known cards of the other hands now
// (a position string records only these).
void shown_in_view(const Hand& view, int observer, CardSet shown[4]);

// In `world` (a full deal: every hand known, with the tricks so far), the other seats' past
// decisions (seats other than `observer`, in the recorded tricks and the trick in progress) at
// which the heuristic bot in their place would have played otherwise. Forced plays never count
// (the heuristic makes the only legal one). A lead that failed as a throw counts by the throw
// attempted. `shown` (from shown_in_view): cards every seat saw in another's hand when the
// play began; the deciding seat sees those not yet played, as the real bot's view shows them,
// and the rest of the other hands as hidden cards. `by_partner`, when given, gets how many of
// those were the observer's partner's (a partner may be modelled apart: pimc's `mate`).
int heuristic_misses(const Hand& world, int observer, const CardSet shown[4],
                     int* by_partner = nullptr);

}  // namespace duidiao
