#include "cardset.h"

namespace duidiao {

std::string card_name(Card c) {
  if (c == BIG_JOKER) return "BJ";
  if (c == SMALL_JOKER) return "SJ";
  static const char RANKS[] = "23456789TJQKA";
  static const char SUITS[] = "HDSC";
  return std::string{RANKS[card_rank(c)], SUITS[card_suit(c)]};
}

std::string times(int n) { return n == 1 ? "once" : n == 2 ? "twice" : std::to_string(n) + " times"; }

std::string to_string(const CardSet& s) {
  if (s.empty()) return "-";
  std::string out;
  for (uint64_t m = s.one; m; m &= m - 1) {
    const Card c = lowest_bit(m);
    for (int k = 0; k < s.count(c); ++k) {
      if (!out.empty()) out += ',';
      out += card_name(c);
    }
  }
  return out;
}

}  // namespace duidiao
