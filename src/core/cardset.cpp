#include "cardset.h"

namespace duidiao {

namespace {
uint64_t faces_of_rank(int rank) {
  uint64_t m = 0;
  for (int s = 0; s < 4; ++s) m |= bit(make_card(s, rank));
  return m;
}
const uint64_t FIVES = faces_of_rank(RANK_5);
const uint64_t TENS_AND_KINGS = faces_of_rank(RANK_10) | faces_of_rank(RANK_K);
}  // namespace

int CardSet::points() const {
  return 5 * (popcount(one & FIVES) + popcount(two & FIVES)) +
         10 * (popcount(one & TENS_AND_KINGS) + popcount(two & TENS_AND_KINGS));
}

std::string card_name(Card c) {
  if (c == BIG_JOKER) return "BJ";
  if (c == SMALL_JOKER) return "SJ";
  static const char RANKS[] = "23456789TJQKA";
  static const char SUITS[] = "HDSC";
  return std::string{RANKS[card_rank(c)], SUITS[card_suit(c)]};
}

std::string to_string(const CardSet& s) {
  if (s.empty()) return "-";
  std::string out;
  for (uint64_t m = s.one; m; m &= m - 1) {
    Card c = lowest_bit(m);
    for (int k = 0; k < s.count(c); ++k) {
      if (!out.empty()) out += ',';
      out += card_name(c);
    }
  }
  return out;
}

}  // namespace duidiao
