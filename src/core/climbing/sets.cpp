#include "core/climbing/sets.h"

#include <stdexcept>

#include "core/random.h"

namespace duidiao::climbing {

namespace {
const char* const NAMES[VALUES] = {"?", "3", "4", "5", "6", "7", "8", "9", "T",
                                   "J", "Q", "K", "A", "2", "SJ", "BJ"};

void put(std::string& out, const std::string& card, int count) {
  if (count <= 0) return;
  if (!out.empty()) out += ',';
  out += card;
  if (count > 1) out += "*" + std::to_string(count);
}

// Cards by value, the called face's copies of `call_rank` apart, high to low.
std::string format_counts(const uint8_t (&n)[VALUES], int call_rank, int called, char call_suit) {
  std::string out;
  for (int v = BJ; v >= THREE; --v) {
    int plain = n[v];
    if (v == call_rank && called) {
      put(out, std::string(NAMES[v]) + call_suit, called);
      plain -= called;
    }
    put(out, NAMES[v], plain);
  }
  return out.empty() ? "-" : out;
}
}  // namespace

namespace {
void shuffle(uint8_t* cards, int n, Rng& rng) {
  for (int i = n - 1; i > 0; --i) {
    const int j = int(rng.below(uint64_t(i + 1)));
    const uint8_t t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}
}  // namespace

void deal_hidden(Hand* hands, int seats, const Hand& pool, int call_rank, Rng& rng,
                 int barred_seat, uint32_t barred_values, bool all_called) {
  // The pool as a list of cards: (value, called) packed as value * 2 + called.
  uint8_t cards[256];
  int n = 0;
  for (int v = 1; v < VALUES; ++v)
    for (int k = 0; k < pool.n[v]; ++k) cards[n++] = uint8_t(v * 2);
  // The called copies are the first `pool.called` cards of the called rank.
  for (int i = 0, left = pool.called; i < n && left; ++i)
    if (cards[i] / 2 == call_rank) cards[i] |= 1, --left;
  int hidden = 0;
  for (int p = 0; p < seats; ++p) hidden += hands[p].hidden;
  // A view may leave some of the earlier rounds' cards unnamed (docs/notation.md, `gone`): the
  // hidden cards are then a random choice among all the unseen ones.
  if (hidden > n) throw std::invalid_argument("the hidden cards outnumber the cards unseen");
  shuffle(cards, n, rng);
  if (all_called && hidden < n) {
    // The called copies first, then the other cards in their shuffled order; the first `hidden`
    // of these, shuffled again, are the cards dealt.
    uint8_t order[256];
    int m = 0;
    for (int i = 0; i < n; ++i)
      if (cards[i] & 1) order[m++] = cards[i];
    if (m > hidden) throw std::invalid_argument("the hidden cards outnumber the cards unseen");
    for (int i = 0; i < n; ++i)
      if (!(cards[i] & 1)) order[m++] = cards[i];
    n = hidden;
    for (int i = 0; i < n; ++i) cards[i] = order[i];
    shuffle(cards, n, rng);
  }
  auto give = [&](int p, uint8_t c) {
    hands[p].n[c / 2] = uint8_t(hands[p].n[c / 2] + 1);
    hands[p].called = uint8_t(hands[p].called + (c & 1));
  };
  if (barred_seat >= 0 && barred_values && hands[barred_seat].hidden) {
    // The barred seat takes the first cards it may hold in the shuffled order (a uniform choice
    // among them); the others are then shuffled again, so that whatever is left over (an
    // unnamed `gone`) is a uniform choice too.
    int need = hands[barred_seat].hidden;
    int rest = 0;
    for (int i = 0; i < n; ++i) {
      if (need && !(barred_values >> (cards[i] / 2) & 1u)) {
        give(barred_seat, cards[i]);
        --need;
      } else {
        if (rest > i) __builtin_unreachable();  // rest <= i: lets GCC -O3 see the store in bounds
        cards[rest++] = cards[i];
      }
    }
    if (need) throw std::invalid_argument("the hidden cards cannot keep what the hand proves");
    hands[barred_seat].hidden = 0;
    n = rest;
    shuffle(cards, n, rng);
  }
  int next = 0;
  for (int p = 0; p < seats; ++p) {
    for (int k = 0; k < hands[p].hidden; ++k) give(p, cards[next++]);
    hands[p].hidden = 0;
  }
}

const char* value_name(int value) { return value > 0 && value < VALUES ? NAMES[value] : "?"; }

int value_of(const std::string& rank) {
  for (int v = 1; v < VALUES; ++v)
    if (rank == NAMES[v]) return v;
  return 0;
}

std::string format_set(const Set& s, char call_suit) {
  uint8_t n[VALUES] = {};
  n[s.base] = uint8_t(n[s.base] + s.plain + s.called);
  n[TWO] = uint8_t(n[TWO] + s.twos);
  n[SJ] = uint8_t(n[SJ] + s.sj);
  n[BJ] = uint8_t(n[BJ] + s.bj);
  n[0] = 0;
  return format_counts(n, s.base, s.called, call_suit);
}

std::string format_hand(const Hand& h, int call_rank, char call_suit) {
  return format_counts(h.n, call_rank, h.called, call_suit);
}

}  // namespace duidiao::climbing
