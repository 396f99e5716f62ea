// Move generation for the climbing games: every set a hand can make (a lead) or every set that
// beats a given one (rules §12.6, §13.4), passed one by one to a callback: no allocation.
#pragma once
#include <algorithm>

#include "core/climbing/sets.h"

namespace duidiao::climbing {

struct SetRules {
  bool twos_attach = true;  // 贴钱 (rules §12.5); 保皇's option `twos_attach` (rules §13.4)
  int call_rank = 0;        // 保皇: the called face's rank, whose copies are counted apart
};

namespace detail {
// The sets of base `r` with `k` base-rank cards (the called copies split every way), `t` 2s and
// the jokers given.
template <class F>
void with_base_cards(const Hand& h, const SetRules& rules, Set s, int k, F& f) {
  if (s.base == rules.call_rank && rules.call_rank) {
    const int plain_have = h.n[s.base] - h.called;
    for (int c = std::max(0, k - plain_have); c <= std::min<int>(k, h.called); ++c) {
      s.called = uint8_t(c);
      s.plain = uint8_t(k - c);
      f(s);
    }
  } else {
    s.called = 0;
    s.plain = uint8_t(k);
    f(s);
  }
}
}  // namespace detail

// Every set the hand can lead.
template <class F>
void for_each_lead(const Hand& h, const SetRules& rules, F&& f) {
  for (int bj = 0; bj <= h.n[BJ]; ++bj)
    for (int sj = 0; sj <= h.n[SJ]; ++sj) {
      Set s;
      s.bj = uint8_t(bj);
      s.sj = uint8_t(sj);
      if (bj + sj) f(s);  // jokers alone
      for (int r = THREE; r <= TWO; ++r) {
        if (!h.n[r]) continue;
        s.base = uint8_t(r);
        const int twos = (rules.twos_attach && r != TWO) ? h.n[TWO] : 0;
        for (int t = 0; t <= twos; ++t) {
          s.twos = uint8_t(t);
          for (int k = 1; k <= h.n[r]; ++k) detail::with_base_cards(h, rules, s, k, f);
        }
        s.twos = 0;
      }
    }
}

// Every set of the hand that beats `target`.
template <class F>
void for_each_beat(const Hand& h, const SetRules& rules, const Set& target, F&& f) {
  if (target.bj) return;  // 死牌 (rules §12.6)
  const int m = target.size();
  for (int bj = target.sj; bj <= std::min<int>(h.n[BJ], m); ++bj)
    for (int sj = 0; sj <= std::min<int>(h.n[SJ], m - bj); ++sj) {
      Set s;
      s.bj = uint8_t(bj);
      s.sj = uint8_t(sj);
      const int ord = m - bj - sj;
      if (ord == 0) {
        if (beats(s, target)) f(s);
        continue;
      }
      const int lowest = target.ordinary() ? target.base + 1 : THREE;
      for (int r = lowest; r <= TWO; ++r) {
        if (!h.n[r]) continue;
        s.base = uint8_t(r);
        const int twos = (rules.twos_attach && r != TWO) ? std::min<int>(h.n[TWO], ord - 1) : 0;
        for (int t = 0; t <= twos; ++t) {
          const int k = ord - t;
          if (k > h.n[r]) continue;
          s.twos = uint8_t(t);
          detail::with_base_cards(h, rules, s, k, f);
        }
        s.twos = 0;
      }
    }
}

}  // namespace duidiao::climbing
