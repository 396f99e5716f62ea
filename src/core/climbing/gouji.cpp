#include "core/climbing/gouji.h"

#include <algorithm>
#include <stdexcept>

namespace duidiao::climbing {

namespace {
constexpr SetRules GOUJI_SETS{true, 0};
// The burn window's order (rules §12.9.4, burn_priority=team): the owner's teammates in playing
// order, then his opponents in playing order, as offsets from the owner.
constexpr int WINDOW_ORDER[4] = {2, 4, 1, 5};
constexpr int PLACE_POINTS[GOUJI_SEATS] = {4, 2, 0, 0, -2, -4};  // rules §12.12


// A well-formed set (rules §12.5): base-rank cards if it has a base, 2s stuck on only to another
// rank, at least one card.
bool well_formed(const Set& s) {
  if (s.size() == 0) return false;
  if (s.base == 0) return s.ordinary() == 0;
  if (s.plain + s.called == 0) return false;
  return s.base != TWO || s.twos == 0;
}
}  // namespace

Gouji::Gouji(const GoujiOptions& options, const Hand (&hands)[GOUJI_SEATS], const int* out,
             int n_out, int leader, int revolutionary, int used, bool renounced,
             const bool (&burning)[GOUJI_SEATS])
    : opt_(options), revolutionary_(revolutionary), used_(used), renounced_(renounced) {
  for (int p = 0; p < GOUJI_SEATS; ++p) {
    hand_[p] = hands[p];
    burning_[p] = burning[p];
  }
  for (int i = 0; i < n_out; ++i) {
    finished_[out[i]] = true;
    out_[i] = int8_t(out[i]);
  }
  n_out_ = n_out;
  last_finisher_ = n_out ? out[n_out - 1] : -1;
  if (leader < 0 || leader >= GOUJI_SEATS || !present(leader))
    throw std::invalid_argument("the round's leader is not in the hand");
  luanchan_ = n_out_ >= 2;
  if (luanchan_)
    for (bool& b : burning_) b = false;
  stage_ = LEAD;
  to_act_ = leader;
  if (team_out(0) || team_out(1)) stage_ = OVER;
}

bool Gouji::has_head(int p) const {
  const int o = opp(p);
  if (present(o) || went_out_[o]) return true;  // 有头, or the 底牌 ghost (rules §12.8)
  return o == revolutionary_ && used_ < 3 && !renounced_;
}

bool Gouji::team_out(int team) const {
  for (int p = team; p < GOUJI_SEATS; p += 2)
    if (present(p)) return false;
  return true;
}

bool Gouji::asked_in_window(int p) const {
  return present(p) && !passed_[p] && has_head(p);
}

bool Gouji::asked_in_rotation(int p) const {
  if (!present(p) || p == owner_) return false;
  if (luanchan_) return !(opt_.luanchan_hard && passed_[p]);
  if (p == opp(owner_)) return true;  // the 对头 is always asked (rules §12.9.2)
  // On a restricted set a headless seat may beat, and a seat with a head is asked for its burn
  // when the rotation offers burns.
  if (restricted_) return !passed_[p] && (!has_head(p) || burns_in_rotation());
  return !passed_[p];
}

bool Gouji::burn_turn() const {
  if (stage_ == WINDOW) return true;
  return stage_ == ROTATION && burns_in_rotation() && restricted_ && !luanchan_ &&
         to_act_ != opp(owner_) && has_head(to_act_);
}

// Under burn_priority=order the rotation asks for burns instead of a window before the 对头; and
// after the 对头 yielded a restricted set (yield_on_gouji, rules §12.9.3) it asks X+4 and X+5.
bool Gouji::burns_in_rotation() const { return opt_.burn_order || yielded_; }

bool Gouji::may_yield() const {
  if (to_act_ != opp(owner_) || stage_ != ROTATION) return false;
  if (luanchan_ && !opt_.luanchan_hard) return false;  // soft 乱缠: nobody yields
  if (restricted_ && !opt_.yield_on_gouji) return false;
  for (int k : {4, 5}) {
    const int p = seat(owner_ + k);
    if (present(p) && !passed_[p]) return true;
  }
  return false;
}

bool Gouji::play_allowed(int p, const Set& s) const {
  if (luanchan_ || !burning_[p]) return true;
  Hand after = hand_[p];
  take(after, s);
  return after.empty() || ((s.sj || s.bj) && can_finish_hanging(after));
}

bool Gouji::burn_allowed(int p, const Set& s) const {
  Hand after = hand_[p];
  take(after, s);
  return can_finish_hanging(after) && play_allowed(p, s);
}

void Gouji::legal(std::vector<Action>& out) const {
  out.clear();
  if (stage_ == OVER) return;
  const int p = to_act_;
  const Hand& h = hand_[p];
  auto push = [&](const Set& s) { out.push_back(Action{PLAY, s}); };
  switch (stage_) {
    case LEAD:
      for_each_lead(h, GOUJI_SETS, [&](const Set& s) {
        if (play_allowed(p, s)) push(s);
      });
      return;
    case WINDOW:
    case ROTATION:
    case AFTER_YIELD:
      if (burn_turn()) {
        for_each_beat(h, GOUJI_SETS, cur_, [&](const Set& s) {
          if (burn_allowed(p, s)) push(s);
        });
        out.push_back(Action{NOBURN, {}});
        return;
      }
      for_each_beat(h, GOUJI_SETS, cur_, [&](const Set& s) {
        if (play_allowed(p, s)) push(s);
      });
      out.push_back(Action{!luanchan_ && p == opp(owner_) ? FOLD : PASS, {}});
      if (may_yield()) out.push_back(Action{YIELD, {}});
      return;
    case OVER:
      return;
  }
}

const char* Gouji::refusal(const Action& a) const {
  if (stage_ == OVER) return "the hand is over";
  const int p = to_act_;
  const bool the_opp = !luanchan_ && stage_ != LEAD && p == opp(owner_);
  switch (a.kind) {
    case PASS:
      if (stage_ == LEAD) return "the leader must play a set";
      if (burn_turn()) return "a burn candidate declines with noburn, not pass";
      if (the_opp) return "the 对头 folds (fold), he does not pass";
      return "";
    case FOLD:
      if (!the_opp || burn_turn()) return "only the 对头 of the set's owner folds";
      return "";
    case YIELD:
      if (!may_yield()) {
        if (!the_opp) return "only the 对头 of the set's owner may yield";
        if (restricted_ && !opt_.yield_on_gouji) return "no yield on a 够级 set";
        return "nobody after the 对头 is left to act";
      }
      return "";
    case NOBURN:
      if (!burn_turn()) return "noburn answers only a burn window";
      return "";
    case PLAY:
      break;
  }
  const Set& s = a.set;
  if (!well_formed(s)) return "not a set";
  if (!holds(hand_[p], s, 0)) return "the player does not hold these cards";
  if (stage_ != LEAD) {
    if (s.size() != cur_.size()) return "a set must have as many cards as the set it answers";
    if (!beats(s, cur_)) return "it does not beat the set it answers";
    if (burn_turn() && !burn_allowed(p, s))
      return "a burn must leave a hand that can hang a joker on every set but the last";
  }
  if (!play_allowed(p, s)) return "a burning player's set must hold a joker and keep him able to finish";
  return "";
}

void Gouji::finish_if_empty(int p) {
  if (!hand_[p].empty()) return;
  finished_[p] = true;
  went_out_[p] = true;
  burning_[p] = false;  // the burn succeeded (rules §12.9.5)
  out_[n_out_++] = int8_t(p);
  last_finisher_ = p;
  if (team_out(0) || team_out(1)) stage_ = OVER;
}

void Gouji::apply(const Action& a) {
  if (const char* why = refusal(a); *why) throw std::invalid_argument(why);
  const int p = to_act_;
  switch (a.kind) {
    case NOBURN:
      ++step_;
      advance();
      return;
    case PASS:
    case FOLD:
      passed_[p] = true;
      if (stage_ == AFTER_YIELD) {
        end_round(owner_);
        return;
      }
      ++step_;
      advance();
      return;
    case YIELD:
      yielded_ = true;
      ++step_;
      advance();
      return;
    case PLAY:
      break;
  }
  if (burn_turn()) burning_[p] = true;
  if (stage_ != LEAD) {
    burning_[owner_] = false;                  // 解烧: his set was beaten (rules §12.9.5)
    // A yield overtaken by another's beat counts as a pass (rules §12.9.1).
    if (yielded_ && p != opp(owner_)) passed_[opp(owner_)] = true;
  }
  take(hand_[p], a.set);
  finish_if_empty(p);
  if (stage_ == OVER) return;
  answer(a.set, p);
}

void Gouji::answer(const Set& s, int x) {
  cur_ = s;
  owner_ = x;
  yielded_ = false;
  // Restricted by rules §12.7's definition, a BJ set too: it uses a 够死级 chance (rules §12.8).
  restricted_ = !luanchan_ && is_gouji(s) && has_head(x);
  if (restricted_ && opp(x) == revolutionary_) ++used_;
  if (s.bj) {  // 死牌: the round ends at once (rules §12.9.6)
    end_round(x);
    return;
  }
  const bool window = restricted_ && !opt_.burn_order;
  stage_ = window ? WINDOW : ROTATION;
  step_ = window ? 0 : 1;
  advance();
}

void Gouji::advance() {
  if (stage_ == WINDOW) {
    for (; step_ < 4; ++step_) {
      const int p = seat(owner_ + WINDOW_ORDER[step_]);
      if (asked_in_window(p)) {
        to_act_ = p;
        return;
      }
    }
    stage_ = ROTATION;
    step_ = 1;
  }
  for (; step_ < GOUJI_SEATS; ++step_) {
    const int p = seat(owner_ + step_);
    if (asked_in_rotation(p)) {
      to_act_ = p;
      return;
    }
  }
  if (yielded_) {  // R3: the 对头 who yielded beats or folds (rules §12.9.3)
    stage_ = AFTER_YIELD;
    to_act_ = opp(owner_);
    return;
  }
  end_round(owner_);
}

void Gouji::end_round(int x) {
  int leader = x;
  for (int k = 0; k < GOUJI_SEATS && !present(leader); ++k) leader = seat(leader + 1);  // 接风
  for (int p = 0; p < GOUJI_SEATS; ++p) passed_[p] = went_out_[p] = false;
  yielded_ = false;
  restricted_ = false;
  owner_ = -1;
  cur_ = Set{};
  luanchan_ = n_out_ >= 2;
  if (luanchan_)
    for (bool& b : burning_) b = false;
  stage_ = LEAD;
  step_ = 0;
  to_act_ = leader;
}

void Gouji::places(int (&order)[GOUJI_SEATS]) const {
  int list[GOUJI_SEATS];
  int n = 0;
  for (int i = 0; i < n_out_; ++i) list[n++] = out_[i];
  // The unfinished, fewer cards first, ties in playing order from next of the last finisher.
  const int from = last_finisher_ >= 0 ? seat(last_finisher_ + 1) : 0;
  int rest[GOUJI_SEATS];
  int m = 0;
  for (int k = 0; k < GOUJI_SEATS; ++k) {
    const int p = seat(from + k);
    if (!finished_[p] && p != revolutionary_) rest[m++] = p;
  }
  std::stable_sort(rest, rest + m, [&](int a, int b) { return hand_[a].size() < hand_[b].size(); });
  for (int i = 0; i < m; ++i) list[n++] = rest[i];
  if (revolutionary_ < 0) {
    std::copy(list, list + GOUJI_SEATS, order);
    return;
  }
  // The revolutionary is 四科, or 三科 when his teammates are 头科 and 二科 (rules §12.13).
  const int r = revolutionary_;
  const bool mates_first = n_out_ >= 2 && (out_[0] - r) % 2 == 0 && (out_[1] - r) % 2 == 0;
  const int at = mates_first ? 2 : 3;
  int j = 0;
  for (int i = 0; i < GOUJI_SEATS; ++i) order[i] = i == at ? r : list[j++];
}

void Gouji::scores(int (&team)[2]) const {
  int order[GOUJI_SEATS];
  places(order);
  int sum[2] = {0, 0};
  for (int i = 0; i < GOUJI_SEATS; ++i) sum[order[i] % 2] += PLACE_POINTS[i];
  for (int t = 0; t < 2; ++t)
    if (order[0] % 2 == t && order[1] % 2 == t && order[2] % 2 == t) sum[t] = 12;  // 串三户
  team[0] = sum[0] > 0 && sum[0] >= sum[1] ? sum[0] : 0;
  team[1] = sum[1] > 0 && sum[1] >= sum[0] ? sum[1] : 0;
  if (sum[0] == sum[1]) team[0] = team[1] = 0;
}

}  // namespace duidiao::climbing
