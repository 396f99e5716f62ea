#include "cardset.h"

namespace duidiao {

std::string card_name(Card c) {
  if (c == BIG_JOKER) return "BJ";
  if (c == SMALL_JOKER) return "SJ";
  static const char RANKS[] = "23456789TJQKA";
  static const char SUITS[] = "HDSC";
  return std::string{RANKS[card_rank(c)], SUITS[card_suit(c)]};
}

}  // namespace duidiao
