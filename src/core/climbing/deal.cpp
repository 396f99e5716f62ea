#include "core/climbing/deal.h"

#include <algorithm>

namespace duidiao::climbing {

namespace {
constexpr int THREE_VALUE = 1, TWO_VALUE = 13, SJ_VALUE = 14, BJ_VALUE = 15;
}

Shangban shangban(const std::vector<Card> (&hands)[6], int first_drawer) {
  Shangban best;
  int best_when = 0;
  for (int seat = 0; seat < 6; ++seat) {
    int counts[4] = {};
    int top = 0, when = 0, suit_of_top = 0;
    const int offset = ((seat - first_drawer) % 6 + 6) % 6;
    for (size_t i = 0; i < hands[seat].size(); ++i) {
      const Card c = hands[seat][i];
      if (c.value != THREE_VALUE || c.suit < 0 || c.suit > 3) continue;
      if (++counts[c.suit] > top) {
        // the draw number of this card in the whole deal: the seats draw in turn
        top = counts[c.suit], when = int(i) * 6 + offset, suit_of_top = c.suit;
      }
    }
    if (top < 2) continue;
    if (best.leader < 0 || top > best.count || (top == best.count && when < best_when)) {
      best = Shangban{seat, suit_of_top, top};
      best_when = when;
    }
  }
  return best;
}

bool may_revolt(const std::vector<Card>& cards) {
  return std::none_of(cards.begin(), cards.end(), [](Card c) {
    return c.value == TWO_VALUE || c.value == SJ_VALUE || c.value == BJ_VALUE;
  });
}

int copies_of(const std::vector<Card>& cards, Card face) {
  return int(std::count_if(cards.begin(), cards.end(), [&](Card c) { return same_face(c, face); }));
}

std::vector<Card> callable_faces(const std::vector<Card>& cards, bool exactly_three) {
  std::vector<Card> faces;
  for (Card c : cards) {
    const Card f = face_of(c);
    bool seen = false;
    for (Card g : faces) seen = seen || same_face(f, g);
    if (seen) continue;
    const int n = copies_of(cards, f);
    if (exactly_three ? n == 3 : n >= 3) faces.push_back(f);
  }
  std::sort(faces.begin(), faces.end(), [](Card a, Card b) {
    return a.value != b.value ? a.value < b.value : a.suit < b.suit;
  });
  return faces;
}

int forced_caller(const std::vector<Card> (&hands)[5], int first_holder) {
  for (int k = 0; k < 5; ++k) {
    const int seat = ((first_holder - k) % 5 + 5) % 5;
    if (!callable_faces(hands[seat], true).empty()) return seat;
  }
  return -1;
}

int guard_of(const std::vector<Card> (&hands)[5], int emperor, Card face) {
  if (copies_of(hands[emperor], face) == 4) return emperor;
  for (int seat = 0; seat < 5; ++seat)
    if (seat != emperor && copies_of(hands[seat], face) > 0) return seat;
  return -1;
}

}  // namespace duidiao::climbing
