// An observation as numbers, for learning (docs/env.md, version OBSERVATION_PLANES_VERSION):
// PLANE_NB rows over the 54 faces, built from the seat's Observation alone, so that they hold
// nothing the seat may not know. Card rows hold copies (0, 1, 2); fact rows numbers in [0, 2].
#pragma once
#include "observation.h"

namespace duidiao {

constexpr int OBSERVATION_PLANES_VERSION = 1;
constexpr int PLANE_NB = 27;
// The rows' names, in order (docs/env.md's table).
extern const char* const PLANE_NAMES[PLANE_NB];

// Writes the planes of `o` into out[PLANE_NB * FACE_NB] (every value set). `chosen`: the cards
// chosen so far in the decision under way, a card at a time. Seats are counted from o.seat.
void observation_planes(const Observation& o, const CardSet& chosen, float* out);

}  // namespace duidiao
