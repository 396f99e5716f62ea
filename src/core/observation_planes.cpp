#include "observation_planes.h"

#include <algorithm>
#include <cmath>

namespace duidiao {

const char* const PLANE_NAMES[PLANE_NB] = {
    "hand", "chosen",
    "exposed_0", "exposed_1", "exposed_2", "exposed_3",
    "played_0", "played_1", "played_2", "played_3",
    "trick_0", "trick_1", "trick_2", "trick_3",
    "kitty", "original_kitty", "declarer_or_kitty", "grab_offer", "trumps", "level_cards",
    "phase", "voids", "no_pairs", "roles", "levels", "counts", "standing_declaration",
};

namespace {

enum Row : int {
  HAND, CHOSEN, EXPOSED, PLAYED = EXPOSED + 4, TRICK = PLAYED + 4, KITTY = TRICK + 4,
  ORIGINAL_KITTY, DECLARER_OR_KITTY, GRAB_OFFER, TRUMPS, LEVEL_CARDS, PHASE_ROW, VOIDS, NO_PAIRS,
  ROLES, LEVELS, COUNTS, STANDING
};
static_assert(STANDING + 1 == PLANE_NB, "a row without a name");

void add_cards(float* row, const CardSet& s) {  // the copies of each face (rules §11.1)
  for (int n = 1; n <= CardSet::MAX; ++n)
    for (uint64_t m = s.at_least(n); m; m &= m - 1) row[lowest_bit(m)] += 1;
}

void set_faces(float* row, uint64_t faces) {
  for (uint64_t m = faces; m; m &= m - 1) row[lowest_bit(m)] = 1;
}

}  // namespace

void observation_planes(const Observation& o, const CardSet& chosen, float* out) {
  std::fill(out, out + PLANE_NB * FACE_NB, 0.0f);
  auto row = [out](int r) { return out + r * FACE_NB; };
  auto rel = [&o](int seat) { return (seat - o.seat + 4) & 3; };
  const bool in_play = play_started(o.phase);

  add_cards(row(HAND), o.hand);
  add_cards(row(CHOSEN), chosen);
  for (int s = 0; s < 4; ++s) add_cards(row(EXPOSED + rel(s)), o.exposed[s]);
  if (in_play) {
    const Hand& v = o.view;
    for (int i = 0; i < v.history_size(); ++i) {
      const TrickRecord& t = v.history(i);
      for (int k = 0; k < 4; ++k) add_cards(row(PLAYED + rel((t.leader + k) & 3)), t.plays[k]);
    }
    const Trick& t = v.trick();
    if (!v.is_over())
      for (int k = 0; k < t.played; ++k) add_cards(row(TRICK + rel((t.leader + k) & 3)), t.plays[k]);
    for (int s = 0; s < 4; ++s)
      for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
        row(VOIDS)[5 * rel(s) + e] = float((v.voids(s) >> e) & 1);
        row(NO_PAIRS)[5 * rel(s) + e] = float((v.no_pairs(s) >> e) & 1);
      }
  }
  if (o.kitty_visible) add_cards(row(KITTY), o.kitty);
  add_cards(row(ORIGINAL_KITTY), o.original_kitty);
  add_cards(row(DECLARER_OR_KITTY), o.declarer_or_kitty);
  if (o.grab_offer >= 0) row(GRAB_OFFER)[o.grab_offer] = 1;
  if (o.trump >= 0) set_faces(row(TRUMPS), Context(o.rules, o.level, o.trump).suit_mask[TRUMP]);
  const int rank = o.rules.level_rank(o.level);
  for (int suit = 0; suit < 4; ++suit) row(LEVEL_CARDS)[make_card(suit, rank)] = 1;
  row(PHASE_ROW)[o.phase] = 1;

  float* roles = row(ROLES);
  if (o.declarer >= 0) roles[rel(o.declarer)] = 1;
  if (o.trump >= 0) roles[4 + o.trump] = 1;
  roles[9 + rel(o.first_drawer)] = 1;
  roles[13] = o.dry;
  roles[14] = o.trump_from_kitty != 0;
  if (in_play && !o.view.is_over()) roles[15 + rel(o.view.trick().leader)] = 1;

  const int team = o.seat & 1;
  row(LEVELS)[o.levels[team]] = 1;
  row(LEVELS)[13 + o.levels[1 - team]] = 1;
  row(LEVELS)[26 + o.level] = 1;

  // Scaled to the two-deck game, as version 1 of the encoding reads them (docs/env.md); other
  // packs get their encoding with the decks issue's frontends.
  float* counts = row(COUNTS);
  for (int s = 0; s < 4; ++s) counts[rel(s)] = float(o.hand_size[s]) / 33;
  if (in_play) {
    counts[4] = float(o.view.points()) / 200;
    counts[5] = float(o.view.tricks_done() + o.view.history_size()) / TWO_DECKS.hand_cards;
  }
  counts[6] = float(o.drawn) / TWO_DECKS.dealt_cards;
  // §11.8–§11.9: the counters made and the stake's doublings (0 without 反底 and stakes).
  counts[7] = float(o.counters.size()) / 4;
  counts[8] = float(std::log2(float(o.stake))) / 12;

  if (const Declaration* standing_one = standing_declaration(o)) {  // a counter's too (§11.8)
    const Declaration& d = *standing_one;
    float* standing = row(STANDING);
    standing[rel(d.seat)] = 1;
    standing[4 + d.suit] = 1;
    // kinds 1–7 at 9–15 as ever; §11.7's three-copy kinds (8–10) after the count at 16
    standing[d.kind <= DECLARE_BIG_JOKERS ? 9 + d.kind - 1 : 17 + d.kind - DECLARE_TRIPLE] = 1;
    standing[16] = std::min(float(o.declarations.size()) / 8, 2.0f);
  }
}

}  // namespace duidiao
