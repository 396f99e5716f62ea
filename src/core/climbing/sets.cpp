#include "core/climbing/sets.h"

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
