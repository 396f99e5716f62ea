// Transposition-table keys: the hands by relative ranks (or their Zobrist hash), the leader and
// the plays on the table, and (SCORE) only what the banked points mean for the value, so that
// positions that differ in nothing the rest of the hand can see share an entry.
//
// Relative ranks (as DDS keys bridge positions): within an effective suit the plain faces (not
// a joker, a level card or a permanent 2) matter to the play only through their order, their
// points, §5.2's top ranks and whether two paired faces stand next to each other in the tractor
// order. So the key lists, suit by suit from the lowest, each plain face still held with who
// holds its copies and those roles, not the face itself: a hand where the 7s are gone and one
// where the 8s are gone share an entry when the rest is alike. The other faces (the dig cards,
// the equal off-suit level cards) are keyed as themselves. A key is made at every trick start
// the table is asked about; each ply keeps the suits' parts of its last key and recomputes only
// the suits whose cards changed since (one or two in a trick).
#include "search/solver.h"

#include <algorithm>
#include <stdexcept>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

// SCORE, at a trick start: what the banked points mean for the value. Without a dig the value
// depends on the final T only through its row of the rules' point table (§7: 0, 5-75, 80-135,
// 140 and more; §10.7: bands of 40), so banked points that leave the same rows at the same
// distances share table entries: the row starts already passed, and the distances to those
// still ahead, capped just beyond what is still out (the points in the hands and the most the
// kitty's bonus can add). The first row start is 5 (T = 0 is a row of its own), so "passed it"
// is all its distance says. With few rows (§7's) every distance has 11 bits of its own; with
// many (the bands) the passed ones are counted and the reachable ones packed after, and when
// more than five are reachable the key is the banked points themselves (sound, fewer hits).
uint64_t Solver::score_points_key(const Node& node) const {
  const int p = node.points, reach = points_in_hands(node) + kitty_bonus_bound(node);
  auto distance = [&](int row) { return row <= p ? 0 : std::min(row - p, reach + 5); };
  constexpr int BITS = 11;  // a distance is at most a row start: under 2^11 (begin checks)
  if (thresholds_nb_ <= 6) {
    uint64_t k = uint64_t(p >= thresholds_[0]);
    for (int i = 1; i < thresholds_nb_; ++i)
      k |= uint64_t(distance(thresholds_[i])) << (1 + BITS * (i - 1));
    return k;
  }
  int passed = 0;
  while (passed < thresholds_nb_ && thresholds_[passed] <= p) ++passed;
  uint64_t k = uint64_t(passed);
  for (int i = passed, n = 0; i < thresholds_nb_ && thresholds_[i] - p <= reach; ++i, ++n) {
    if (n == 5) return uint64_t(1) << 63 | uint64_t(p);
    k |= uint64_t(thresholds_[i] - p) << (6 + BITS * n);
  }
  return k;
}

// What the relative keys read of the solve's rules: each suit's plain faces and the trump suit
// by power (the equivalence classes and the bounds read them too), and, when the keys are
// relative, each face's roles (points; §5.2's top ranks when 浑甩 is played) and its next place
// in the tractor order. A solve without them (the bots' many small ones) pays only for the
// first two.
void Solver::prepare_keys() {
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    plain_[e] = 0;
    for (uint64_t m = ctx_.suit_mask[e]; m; m &= m - 1) {
      const Card c = lowest_bit(m);
      if (c < SMALL_JOKER && !(bit(c) & ctx_.level_cards) && ctx_.power[c] == c % RANK_NB + 1) plain_[e] |= bit(c);
    }
  }
  // The trump suit by power: the plain faces, then the others grouped by power (§11.2's 2s
  // stand between the naturals and the level cards, the trump suit's 2 above the others).
  trump_parts_nb_ = 0;
  trump_parts_[trump_parts_nb_++] = plain_[TRUMP];
  for (int p = 0; p <= MAX_POWER; ++p) {
    uint64_t part = 0;
    for (uint64_t m = ctx_.suit_mask[TRUMP] & ~plain_[TRUMP]; m; m &= m - 1)
      if (ctx_.power[lowest_bit(m)] == p) part |= bit(lowest_bit(m));
    if (part) {
      if (trump_parts_nb_ == TRUMP_PARTS_MAX) throw std::logic_error("too many trump powers");
      trump_parts_[trump_parts_nb_++] = part;
    }
  }
  if (!relative_keys_) return;
  for (SuitKeys& c : suit_keys_) c.valid = false;
  std::fill(suit_memo_.begin(), suit_memo_.end(), SuitMemo{});
  for (Card c = 0; c < FACE_NB; ++c) {
    face_role_[c] = uint8_t((bit(c) & FIVE_FACES ? 1 : 0) | (bit(c) & TEN_POINT_FACES ? 2 : 0));
    if (c < SMALL_JOKER && ctx_.muddy_throws && c / RANK_NB != ctx_.trump && (bit(c) & ctx_.top_ranks[c / RANK_NB]))
      face_role_[c] |= 4;
    chain_next_[c] = 0;
  }
  // The place after each plain face in the tractor order; an ace standing low (position 0, and
  // again at the top) has a second next place, kept apart.
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    ace_low_[e] = -1;
    ace_low_next_[e] = 0;
    const int n = ctx_.chain_len[e];
    for (int i = 0; i + 1 < n; ++i)
      for (uint64_t m = ctx_.chain[e][i] & plain_[e]; m; m &= m - 1) {
        const Card f = lowest_bit(m);
        bool again = false;
        for (int j = i + 1; j < n; ++j) again = again || (ctx_.chain[e][j] & bit(f));
        if (i == 0 && again) ace_low_[e] = f, ace_low_next_[e] = ctx_.chain[e][1];
        else chain_next_[f] = ctx_.chain[e][i + 1];
      }
  }
}

// One effective suit's part of the hands' key: its plain faces still held, from the lowest,
// each with its holders (every seat's copies), its roles and whether its next place in the
// tractor order holds a pair too (then it is the next face listed); the other faces as they
// are. Positions with equal parts play alike in this suit, card for card.
uint64_t Solver::suit_key(const Node& node, int e) const {
  const uint64_t suit = ctx_.suit_mask[e];
  uint64_t held = 0, pairs = 0;
  for (const CardSet& h : node.held) held |= h.one, pairs |= h.at_least(2);
  held &= suit;
  pairs &= suit;
  uint64_t k = 0x9e3779b97f4a7c15ull * uint64_t(e + 1);
  for (uint64_t m = held & plain_[e]; m; m &= m - 1) {
    const Card f = lowest_bit(m);
    uint64_t code = face_role_[f];
    for (int s = 0; s < 4; ++s)
      for (int c = 1; c <= COPIES; ++c) code |= ((node.held[s].at_least(c) >> f) & 1) << (3 + s * COPIES + c - 1);
    if ((pairs >> f & 1) && (chain_next_[f] & pairs)) code |= uint64_t(1) << 40;
    k = (k ^ code) * 0xff51afd7ed558ccdull;
    k ^= k >> 32;
  }
  if (ace_low_[e] >= 0 && (pairs >> ace_low_[e] & 1) && (ace_low_next_[e] & pairs)) k = mix(k + 0x5bd1e995);
  if (const uint64_t special = held & ~plain_[e])
    for (int s = 0; s < 4; ++s)
      for (int c = 1; c <= COPIES; ++c)
        k += mix((node.held[s].at_least(c) & special) + uint64_t(s * COPIES + c) * 0xc2b2ae3d27d4eb4full);
  return mix(k);
}

namespace {
// One odd multiplier per seat and number of copies, for the hash of a suit's cards as held.
struct HeldOdd {
  uint64_t m[4][COPIES] = {};
  constexpr HeldOdd() {
    uint64_t x = 0x2545f4914f6cdd1dull;
    for (auto& seat : m)
      for (uint64_t& v : seat) {
        x += 0x9e3779b97f4a7c15ull;  // splitmix64
        uint64_t z = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        v = (z ^ (z >> 31)) | 1;
      }
  }
};
constexpr HeldOdd HELD_ODD;
}  // namespace

uint64_t Solver::relative_hands_key(const Node& node, int ply) {
  SuitKeys& cache = suit_keys_[ply];
  uint64_t changed = ~uint64_t(0);
  if (cache.valid) {
    changed = 0;
    for (int s = 0; s < 4; ++s)
      for (int c = 1; c <= COPIES; ++c) changed |= node.held[s].at_least(c) ^ cache.held[s].at_least(c);
  }
  uint64_t k = 0;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    const uint64_t suit = ctx_.suit_mask[e];
    // A suit with no faces (the trump suit's natural suit) has no part: no cache slot would
    // ever be made for it, and an old one, another solve's, would make the key depend on history.
    if (!suit) continue;
    if (changed & suit) {
      // The suit's cards as held, hashed (as the Zobrist keys: a collision is as unlikely).
      // Each plane times its own odd number, the product's two halves folded (a plain 64-bit
      // product would let the high faces, the jokers', reach only its top bits).
      uint64_t h = uint64_t(e + 1);
      for (int s = 0; s < 4; ++s)
        for (int c = 1; c <= COPIES; ++c) {
          const uint64_t plane = node.held[s].at_least(c) & suit;
#ifdef __SIZEOF_INT128__
          const unsigned __int128 p = (unsigned __int128)plane * HELD_ODD.m[s][c - 1];
          h += uint64_t(p) ^ uint64_t(p >> 64);
#else
          h += mix(plane ^ HELD_ODD.m[s][c - 1]);
#endif
        }
      h = mix(h) | 1;  // 0: an empty slot
      SuitMemo& memo = suit_memo_[h % SUIT_MEMO];
      if (memo.cards != h) memo = {h, suit_key(node, e)};
      cache.suit[e] = memo.key;
    }
    k += cache.suit[e];
  }
  for (int s = 0; s < 4; ++s) cache.held[s] = node.held[s];
  cache.valid = true;
  return k;
}

// The position's part of the key: the hands (by relative ranks, or their Zobrist hash kept up to
// date by PlayState::apply), the leader, the plays on the table and (SCORE) the banked points'
// rows, mixed with what the whole solve shares (base_key_).
uint64_t Solver::key_of(const Node& node, int ply) {
  static constexpr uint64_t SEED[8] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull, 0x94d049bb133111ebull,
                                       0x2545f4914f6cdd1dull, 0xd6e8feb86659fd93ull, 0xa0761d6478bd642full,
                                       0xe7037ed1a0b428dbull, 0x8ebc6af09c88c6e3ull};
  const uint64_t hands = relative_keys_ ? relative_hands_key(node, ply) : node.key;
  uint64_t k = base_key_ + uint64_t(node.trick.leader + 1) * SEED[7] + hands;
  for (int i = 0; i < node.trick.played; ++i)
    k += mix(node.trick.plays[i].one + SEED[i] * 3) + mix(node.trick.plays[i].two + SEED[i + 4] * 5) +
         (COPIES >= 3 ? mix(node.trick.plays[i].at_least(3) + SEED[i] * 7) : 0);  // 0: the two-deck keys as ever
  if (objective_ == Objective::SCORE) k += mix(score_points_key(node) * SEED[6] + 1);
  k = mix(k);
  return k ? k : 1;  // 0 marks an empty slot
}

}  // namespace duidiao
