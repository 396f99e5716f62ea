// 够级 (rules §12): the play of a hand from its first lead, as the answer procedure of rules
// §12.9.1 (main phase) and §12.10 (四人乱缠) run as a state machine: who is asked, what he may do,
// what his answer changes. Places and scores of rules §12.11–§12.13.
#pragma once
#include <cstdint>
#include <vector>

#include "core/climbing/generate.h"
#include "core/climbing/sets.h"
#include "core/random.h"

namespace duidiao::climbing {

constexpr int GOUJI_SEATS = 6;
constexpr int GOUJI_HAND = 36;

enum ActionKind : uint8_t { PLAY, PASS, YIELD, FOLD, NOBURN };

struct Action {
  ActionKind kind = PASS;
  Set set;  // for PLAY
  bool operator==(const Action& o) const { return kind == o.kind && (kind != PLAY || set == o.set); }
};

struct GoujiOptions {
  bool yield_on_gouji = false;  // rules §12.9.3
  bool luanchan_hard = false;   // luanchan_pass=hard (rules §12.10)
  bool burn_order = false;      // burn_priority=order (rules §12.9.4): no window, one rotation
};

class Gouji {
 public:
  enum Stage : uint8_t { LEAD, WINDOW, ROTATION, AFTER_YIELD, OVER };

  // A hand at the start of a round led by `leader`: the hands, the finishers in order, the
  // revolutionary (-1 for none) with his 对头's chances used (rules §12.8, §12.13), and the seats
  // bound by a burn made in an earlier round.
  Gouji(const GoujiOptions& options, const Hand (&hands)[GOUJI_SEATS], const int* out, int n_out,
        int leader, int revolutionary, int used, bool renounced, const bool (&burning)[GOUJI_SEATS]);

  int to_act() const { return stage_ == OVER ? -1 : to_act_; }
  Stage stage() const { return stage_; }
  bool over() const { return stage_ == OVER; }
  bool luanchan() const { return luanchan_; }

  // The actions open to the seat to act (rules §12.9–§12.10), into `out` (cleared first).
  void legal(std::vector<Action>& out) const;
  // Why `action` is refused for the seat to act ("" when it is legal).
  const char* refusal(const Action& action) const;
  // Plays a legal action (checked: std::invalid_argument with refusal's words otherwise).
  void apply(const Action& action);

  const Hand& hand(int seat) const { return hand_[seat]; }
  int n_out() const { return n_out_; }
  int out(int i) const { return out_[i]; }
  bool burning(int seat) const { return burning_[seat]; }
  int used() const { return used_; }
  bool renounced() const { return renounced_; }
  int revolutionary() const { return revolutionary_; }
  bool has_set() const { return stage_ != LEAD && stage_ != OVER; }
  const Set& current() const { return cur_; }
  int owner() const { return owner_; }
  bool restricted() const { return restricted_; }
  bool passed(int seat) const { return passed_[seat]; }
  // The seat to act is offered a burn (or noburn): in the window before the 对头, or in the
  // rotation under burn_priority=order or after the 对头's yield (yield_on_gouji).
  bool burn_turn() const;
  bool present(int seat) const { return !finished_[seat] && seat != revolutionary_; }
  bool has_head(int seat) const;
  // When over: the seats in place order (rules §12.11, §12.13) and each team's recorded score
  // (rules §12.12: team 0 = A C E, team 1 = B D F).
  void places(int (&order)[GOUJI_SEATS]) const;
  void scores(int (&team)[2]) const;

  // Determinization: deals `pool` (every card no seat shows, its size the hidden cards' total)
  // at random to the hidden cards of the hands (rules: sizes are public, cards are not). The one
  // fact the hand proves is kept: a revolutionary was dealt no 2, SJ or BJ (rules §12.13). A
  // pass, a yield or a fold proves nothing: each is open to a seat that could beat (§12.9).
  void fill_hidden(const Hand& pool, Rng& rng) {
    deal_hidden(hand_, GOUJI_SEATS, pool, 0, rng, revolutionary_, REVOLT_BARRED);
  }
  static constexpr uint32_t REVOLT_BARRED = (1u << TWO) | (1u << SJ) | (1u << BJ);

 private:
  static int seat(int s) { return (s % GOUJI_SEATS + GOUJI_SEATS) % GOUJI_SEATS; }
  static int opp(int s) { return seat(s + 3); }
  void answer(const Set& s, int x);  // a set just played by x: R0, then the first asked seat
  void end_round(int x);
  void advance();  // from stage_/step_, the next seat asked, or the round's end
  bool asked_in_window(int p) const;
  bool asked_in_rotation(int p) const;
  bool burns_in_rotation() const;
  bool may_yield() const;
  bool play_allowed(int p, const Set& s) const;  // the burn obligation (rules §12.9.5)
  bool burn_allowed(int p, const Set& s) const;  // rules §12.9.4
  void finish_if_empty(int p);
  bool team_out(int team) const;

  GoujiOptions opt_;
  Hand hand_[GOUJI_SEATS];
  bool finished_[GOUJI_SEATS] = {};
  int8_t out_[GOUJI_SEATS] = {};
  int n_out_ = 0;
  int revolutionary_ = -1;
  int used_ = 0;
  bool renounced_ = false;
  bool burning_[GOUJI_SEATS] = {};
  bool luanchan_ = false;
  // the round
  Stage stage_ = LEAD;
  int step_ = 0;
  int to_act_ = 0;
  Set cur_;
  int owner_ = -1;
  bool restricted_ = false;
  bool passed_[GOUJI_SEATS] = {};
  bool went_out_[GOUJI_SEATS] = {};  // finished during this round: his 对头's 底牌 ghost
  bool yielded_ = false;
  int last_finisher_ = -1;
};

}  // namespace duidiao::climbing
