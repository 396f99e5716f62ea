#include "core/climbing/baohuang.h"

#include <stdexcept>

namespace duidiao::climbing {

namespace {
constexpr int PLACE_POINTS[BAOHUANG_SEATS] = {6, 3, 0, -3, -6};   // rules §13.7
constexpr int SOLO_POINTS[BAOHUANG_SEATS] = {16, 4, 0, -4, -16};  // 独保 (rules §13.7)

}  // namespace

Baohuang::Baohuang(const BaohuangOptions& options, const Hand (&hands)[BAOHUANG_SEATS],
                   const int* out, int n_out, int leader, int emperor, int guard, Mode mode,
                   bool guard_shown, int call_rank)
    : opt_(options),
      sets_{options.twos_attach, call_rank},
      emperor_(emperor),
      guard_(guard),
      mode_(mode),
      guard_shown_(guard_shown) {
  for (int p = 0; p < BAOHUANG_SEATS; ++p) hand_[p] = hands[p];
  for (int i = 0; i < n_out; ++i) {
    finished_[out[i]] = true;
    out_[i] = int8_t(out[i]);
  }
  n_out_ = n_out;
  if (leader < 0 || leader >= BAOHUANG_SEATS || !present(leader))
    throw std::invalid_argument("the round's leader is not in the hand");
  to_act_ = leader;
  stage_ = hand_over() ? OVER : LEAD;
}

bool Baohuang::hand_over() const {
  int left = 0, side_left = 0, rebels_left = 0;
  for (int p = 0; p < BAOHUANG_SEATS; ++p) {
    if (!present(p)) continue;
    ++left;
    (emperors_side(p) ? side_left : rebels_left) += 1;
  }
  if (left <= 1) return true;
  if (!opt_.early_end) return false;
  if (solo()) return !present(emperor_) || rebels_left == 0;
  return side_left == 0 || rebels_left == 0;
}

void Baohuang::legal(std::vector<Action>& out) const {
  out.clear();
  if (stage_ == OVER) return;
  const Hand& h = hand_[to_act_];
  if (stage_ == LEAD) {
    for_each_lead(h, sets_, [&](const Set& s) { out.push_back(Action{PLAY, s}); });
    return;
  }
  for_each_beat(h, sets_, cur_, [&](const Set& s) { out.push_back(Action{PLAY, s}); });
  out.push_back(Action{PASS, {}});
  if (stage_ == FIRST && opt_.yield) out.push_back(Action{YIELD, {}});
}

const char* Baohuang::refusal(const Action& a) const {
  if (stage_ == OVER) return "the hand is over";
  switch (a.kind) {
    case PASS:
      return stage_ == LEAD ? "the leader must play a set" : "";
    case YIELD:
      if (stage_ == LEAD) return "the leader must play a set";
      if (!opt_.yield) return "no yielding under this preset (option yield is off)";
      return stage_ == FIRST ? "" : "a yield is made in the first circle only";
    case FOLD:
    case NOBURN:
      return "not an action of 保皇";
    case PLAY:
      break;
  }
  const Set& s = a.set;
  const bool formed = s.size() > 0 &&
                      (s.base == 0 ? s.ordinary() == 0
                                   : s.plain + s.called > 0 &&
                                         (s.twos == 0 || (sets_.twos_attach && s.base != TWO))) &&
                      (s.called == 0 || s.base == sets_.call_rank);
  if (!formed) return "not a set";
  if (!holds(hand_[to_act_], s, sets_.call_rank)) return "the player does not hold these cards";
  if (stage_ != LEAD) {
    if (s.size() != cur_.size()) return "a set must have as many cards as the set it answers";
    if (!beats(s, cur_)) return "it does not beat the set it answers";
  }
  return "";
}

void Baohuang::apply(const Action& a) {
  if (const char* why = refusal(a); *why) throw std::invalid_argument(why);
  const int p = to_act_;
  switch (a.kind) {
    case YIELD:
      yielders_ = uint8_t(yielders_ | (1u << p));
      [[fallthrough]];
    case PASS:
      ++step_;
      advance();
      return;
    case FOLD:
    case NOBURN:
      return;
    case PLAY:
      break;
  }
  // Only the emperor and the guard hold the called face: playing it shows the guard (rules §13.3).
  // (A called joker face has no suit: every copy of it is the called face.)
  const bool shows = a.set.called || (sets_.call_rank == SJ && a.set.sj) ||
                     (sets_.call_rank == BJ && a.set.bj);
  if (shows && p == guard_) guard_shown_ = true;
  take(hand_[p], a.set);
  finish_if_empty(p);
  if (stage_ == OVER) return;
  answer(a.set, p);
}

void Baohuang::finish_if_empty(int p) {
  if (!hand_[p].empty()) return;
  finished_[p] = true;
  out_[n_out_++] = int8_t(p);
  if (hand_over()) stage_ = OVER;
}

void Baohuang::answer(const Set& s, int x) {
  cur_ = s;
  owner_ = x;
  yielders_ = 0;
  if (s.bj) {  // a set with a BJ is unbeatable (rules §13.4)
    end_round(x);
    return;
  }
  stage_ = FIRST;
  step_ = 1;
  advance();
}

void Baohuang::advance() {
  if (stage_ == FIRST) {
    for (; step_ < BAOHUANG_SEATS; ++step_) {
      const int p = seat(owner_ + step_);
      if (present(p)) {
        to_act_ = p;
        return;
      }
    }
    stage_ = SECOND;
    step_ = 1;
  }
  for (; step_ < BAOHUANG_SEATS; ++step_) {
    const int p = seat(owner_ + step_);
    if (present(p) && (yielders_ >> p & 1)) {
      to_act_ = p;
      return;
    }
  }
  end_round(owner_);  // 扣牌 (rules §13.5)
}

void Baohuang::end_round(int x) {
  int leader = x;
  for (int k = 0; k < BAOHUANG_SEATS && !present(leader); ++k) leader = seat(leader + 1);  // 接风
  cur_ = Set{};
  owner_ = -1;
  yielders_ = 0;
  stage_ = LEAD;
  step_ = 0;
  to_act_ = leader;
}

void Baohuang::fill_hidden(const Hand& pool, Rng& rng) {
  // While the guard is unknown no copy of the called face has been played: they are all held.
  const bool unknown_guard = mode_ == DARK && !guard_shown_ && sets_.call_rank &&
                             sets_.call_rank < SJ;
  deal_hidden(hand_, BAOHUANG_SEATS, pool, sets_.call_rank, rng, -1, 0, unknown_guard);
  if (mode_ != DARK || guard_shown_ || !sets_.call_rank || sets_.call_rank >= SJ) return;
  guard_ = emperor_;  // 独保, unless another seat holds a copy of the called face
  for (int p = 0; p < BAOHUANG_SEATS; ++p)
    if (p != emperor_ && hand_[p].called) guard_ = p;
}

int Baohuang::places(int (&order)[BAOHUANG_SEATS]) const {
  int n = 0;
  for (int i = 0; i < n_out_; ++i) order[n++] = out_[i];
  int left = -1, count = 0;
  for (int p = 0; p < BAOHUANG_SEATS; ++p)
    if (present(p)) left = p, ++count;
  if (count == 1) order[n++] = left;  // the last player takes the last place
  return n;
}

void Baohuang::scores(int (&score)[BAOHUANG_SEATS]) const {
  // The places still open are taken by the players left, in an order that cannot change the
  // scores (rules §13.6): fill them in seat order.
  int place[BAOHUANG_SEATS];
  for (int& v : place) v = -1;
  int next = 0;
  for (int i = 0; i < n_out_; ++i) place[out_[i]] = next++;
  // Those left: the emperor's side after the rebels only matters when the rebels are all out,
  // in which case the emperor's side takes the last places whatever their order.
  for (int p = 0; p < BAOHUANG_SEATS; ++p)
    if (place[p] < 0 && !emperors_side(p)) place[p] = next++;
  for (int p = 0; p < BAOHUANG_SEATS; ++p)
    if (place[p] < 0) place[p] = next++;
  for (int& v : score) v = 0;
  if (mode_ == GRAB) {
    const int e = place[emperor_] == 0 ? 40 : -40;
    for (int p = 0; p < BAOHUANG_SEATS; ++p) score[p] = p == emperor_ ? e : -e / 4;
    return;
  }
  if (guard_ == emperor_) {
    const int e = SOLO_POINTS[place[emperor_]] * (mode_ == SOLO_OPEN ? 2 : 1);
    for (int p = 0; p < BAOHUANG_SEATS; ++p) score[p] = p == emperor_ ? e : -e / 4;
    return;
  }
  const int g = PLACE_POINTS[place[emperor_]] + PLACE_POINTS[place[guard_]];
  const int twice = mode_ == OPEN ? 2 : 1;
  for (int p = 0; p < BAOHUANG_SEATS; ++p)
    score[p] = twice * (p == emperor_ ? 2 * g / 3 : p == guard_ ? g / 3 : -g / 3);
}

}  // namespace duidiao::climbing
