// 保皇 (rules §13): the play of a hand once the emperor and the guard are chosen, as the answer
// procedure of rules §13.5 run as a state machine, with the end of rules §13.6 and the scores of
// rules §13.7.
#pragma once
#include <cstdint>
#include <vector>

#include "core/climbing/generate.h"
#include "core/climbing/gouji.h"
#include "core/climbing/sets.h"
#include "core/random.h"

namespace duidiao::climbing {

constexpr int BAOHUANG_SEATS = 5;

struct BaohuangOptions {
  bool yield = true;         // 让牌, the second circle (rules §13.5)
  bool twos_attach = false;  // rules §13.4
  bool early_end = true;     // rules §13.6
};

// How the emperor plays (rules §13.3): `DARK` without a declaration (a guard, or 独保 when the
// guard is the emperor himself), `OPEN` after 明保, `SOLO_OPEN` after 明独, `GRAB` after 抢庄.
enum Mode : uint8_t { DARK, OPEN, SOLO_OPEN, GRAB };

class Baohuang {
 public:
  enum Stage : uint8_t { LEAD, FIRST, SECOND, OVER };

  Baohuang(const BaohuangOptions& options, const Hand (&hands)[BAOHUANG_SEATS], const int* out,
           int n_out, int leader, int emperor, int guard, Mode mode, bool guard_shown,
           int call_rank);

  int to_act() const { return stage_ == OVER ? -1 : to_act_; }
  Stage stage() const { return stage_; }
  bool over() const { return stage_ == OVER; }
  void legal(std::vector<Action>& out) const;
  const char* refusal(const Action& action) const;
  void apply(const Action& action);

  const Hand& hand(int seat) const { return hand_[seat]; }
  int n_out() const { return n_out_; }
  int out(int i) const { return out_[i]; }
  bool present(int seat) const { return !finished_[seat]; }
  bool guard_shown() const { return guard_shown_; }
  bool solo() const { return guard_ == emperor_ || mode_ == GRAB; }
  const Set& current() const { return cur_; }
  int emperor() const { return emperor_; }
  int guard() const { return guard_; }
  int owner() const { return owner_; }
  // When over: the seats with a place, in place order (rules §13.6), and each seat's score.
  int places(int (&order)[BAOHUANG_SEATS]) const;
  void scores(int (&score)[BAOHUANG_SEATS]) const;

  // Determinization: deals `pool` (every card no seat shows, its size the hidden cards' total)
  // at random to the hidden cards of the hands (rules: sizes are public, cards are not).
  // In 保皇 the guard is whoever then holds the called face's last copy, unless he is known.
  void fill_hidden(const Hand& pool, Rng& rng);

 private:
  static int seat(int s) { return (s % BAOHUANG_SEATS + BAOHUANG_SEATS) % BAOHUANG_SEATS; }
  bool emperors_side(int p) const { return p == emperor_ || p == guard_; }
  void answer(const Set& s, int x);
  void advance();
  void end_round(int x);
  void finish_if_empty(int p);
  bool hand_over() const;

  BaohuangOptions opt_;
  SetRules sets_;
  Hand hand_[BAOHUANG_SEATS];
  bool finished_[BAOHUANG_SEATS] = {};
  int8_t out_[BAOHUANG_SEATS] = {};
  int n_out_ = 0;
  int emperor_ = 0;
  int guard_ = -1;
  Mode mode_ = DARK;
  bool guard_shown_ = false;
  Stage stage_ = LEAD;
  int step_ = 0;
  int to_act_ = 0;
  Set cur_;
  int owner_ = -1;
  uint8_t yielders_ = 0;  // bit per seat: yielded on the current set in the first circle
};

}  // namespace duidiao::climbing
