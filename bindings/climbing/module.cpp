// duidiao._climb: the pybind11 glue of the climbing games' core (src/core/climbing). No rule here:
// hands cross as 16 counts by card value, the called face's copies and hidden cards, sets and actions as
// tuples of ints, refusals as IllegalMove (a ValueError).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <atomic>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "core/climbing/baohuang.h"
#include "core/climbing/deal.h"
#include "core/climbing/gouji.h"
#include "search/climbing/endgame.h"
#include "search/climbing/policy.h"

namespace py = pybind11;
using namespace pybind11::literals;
using namespace duidiao::climbing;

namespace {

// (kind, base, plain, called, twos, sj, bj)
using ActionTuple = std::array<int, 7>;
// (16 counts by value, called copies, hidden cards)
using HandTuple = std::tuple<std::array<int, VALUES>, int, int>;

py::object illegal_move;

Action to_action(const ActionTuple& t) {
  if (t[0] < PLAY || t[0] > NOBURN) throw std::invalid_argument("unknown action kind");
  for (int i = 1; i < 7; ++i)
    if (t[i] < 0 || t[i] > 255) throw std::invalid_argument("a count out of range");
  Action a;
  a.kind = ActionKind(t[0]);
  a.set.base = uint8_t(t[1]);
  a.set.plain = uint8_t(t[2]);
  a.set.called = uint8_t(t[3]);
  a.set.twos = uint8_t(t[4]);
  a.set.sj = uint8_t(t[5]);
  a.set.bj = uint8_t(t[6]);
  if (a.set.base > BJ) throw std::invalid_argument("a base rank out of range");
  return a;
}

ActionTuple from_action(const Action& a) {
  return {a.kind, a.set.base, a.set.plain, a.set.called, a.set.twos, a.set.sj, a.set.bj};
}

Hand to_hand(const HandTuple& t) {
  Hand h;
  for (int v = 1; v < VALUES; ++v) {
    const int n = std::get<0>(t)[size_t(v)];
    const int most = v >= SJ ? COPIES_OF_JOKER : COPIES_OF_RANK;
    if (n < 0 || n > most) throw std::invalid_argument("a hand's count out of range");
    h.n[v] = uint8_t(n);
  }
  const int called = std::get<1>(t), hidden = std::get<2>(t);
  if (called < 0 || called > 4) throw std::invalid_argument("called copies out of range");
  if (hidden < 0 || hidden > 44) throw std::invalid_argument("hidden cards out of range");
  h.called = uint8_t(called);
  h.hidden = uint8_t(hidden);
  return h;
}

HandTuple from_hand(const Hand& h) {
  HandTuple t{};
  for (int v = 0; v < VALUES; ++v) std::get<0>(t)[size_t(v)] = h.n[v];
  std::get<1>(t) = h.called;
  std::get<2>(t) = h.hidden;
  return t;
}

template <class Game>
std::vector<ActionTuple> legal_of(const Game& g) {
  thread_local std::vector<Action> buffer;
  g.legal(buffer);
  std::vector<ActionTuple> out;
  out.reserve(buffer.size());
  for (const Action& a : buffer) out.push_back(from_action(a));
  return out;
}

template <class Game>
void apply_to(Game& g, const ActionTuple& t) {
  const Action a = to_action(t);
  if (const char* why = g.refusal(a); *why) {
    PyErr_SetString(illegal_move.ptr(), why);
    throw py::error_already_set();
  }
  g.apply(a);
}

template <size_t N>
void check_seats(const std::vector<int>& seats, const char* what) {
  for (int s : seats)
    if (s < 0 || s >= int(N)) throw std::invalid_argument(std::string(what) + ": a seat out of range");
}

// A stop a search reads between worlds: set from any thread (a server's deadline), cleared
// before the next search; shared by the Python object and the search that holds it.
struct StopFlag {
  std::atomic<bool> set{false};
};

// (action, mean, sd, worlds) for each candidate, best first.
using Valued = std::tuple<ActionTuple, double, double, int>;

template <class Game>
std::vector<Valued> pimc_of(const Game& g, const HandTuple& pool, int worlds, int max_actions,
                            double seconds, uint64_t seed, double random_share, int exact_cards,
                            int64_t exact_nodes, const StopFlag* stop) {
  if (g.over()) throw std::invalid_argument("the hand is over");
  if (worlds < 1 || max_actions < 1 || !(seconds > 0)) throw std::invalid_argument("worlds, max_actions and seconds must be positive");
  PimcSettings settings;
  settings.worlds = worlds;
  settings.max_actions = max_actions;
  settings.seconds = seconds;
  settings.seed = seed;
  settings.random_share = random_share;
  if (exact_cards < 0 || exact_nodes < 1) throw std::invalid_argument("exact_cards must be 0 or more and exact_nodes positive");
  settings.exact_cards = exact_cards;
  settings.exact_nodes = exact_nodes;
  const Hand p = to_hand(pool);
  std::vector<ActionValue> values;
  {
    py::gil_scoped_release release;
    values = pimc(g, p, settings, stop ? &stop->set : nullptr);
  }
  std::vector<Valued> out;
  for (const ActionValue& v : values) out.emplace_back(from_action(v.action), v.mean, v.sd, v.worlds);
  return out;
}

// A world of the position: its hidden cards dealt from `pool` (for tests of the sampler).
template <class Game>
Game sample_of(const Game& g, const HandTuple& pool, uint64_t seed) {
  Game world = g;
  Rng rng(seed);
  world.fill_hidden(to_hand(pool), rng);
  return world;
}

// The exact value for `seat` of a position with every hand known: (value, complete, nodes).
template <class Game, int N>
std::tuple<double, bool, int64_t> solve_of(const Game& g, int seat, int64_t max_nodes) {
  if (g.over()) throw std::invalid_argument("the hand is over");
  if (seat < 0 || seat >= N) throw std::invalid_argument("seat: out of range");
  if (max_nodes < 1) throw std::invalid_argument("max_nodes must be positive");
  for (int p = 0; p < N; ++p)
    if (g.hand(p).hidden) throw std::invalid_argument("every hand must be known to solve exactly");
  ExactResult r;
  {
    py::gil_scoped_release release;
    r = solve_exact(g, seat, max_nodes);
  }
  return {r.value, r.complete, r.nodes};
}

template <class Game>
ActionTuple heuristic_of(const Game& g) {
  if (g.over()) throw std::invalid_argument("the hand is over");
  thread_local std::vector<Action> buffer;
  g.legal(buffer);
  return from_action(heuristic_choice(g, buffer));
}

}  // namespace

// A dealt card list from Python: (value, suit) pairs (value 1-15; suit 0-3, -1 for a joker, 4
// for 保皇's marked BJ).
using CardPairs = std::vector<std::pair<int, int>>;
std::vector<Card> to_cards(const CardPairs& pairs) {
  std::vector<Card> out;
  out.reserve(pairs.size());
  for (const auto& [value, suit] : pairs) {
    if (value < 1 || value > 15 || suit < -1 || suit > 4) throw std::invalid_argument("a card out of range");
    out.push_back(Card{value, suit});
  }
  return out;
}
template <size_t N>
void to_hands(const std::vector<CardPairs>& hands, std::vector<Card> (&out)[N]) {
  if (hands.size() != N) throw std::invalid_argument("hands: one card list per seat");
  for (size_t i = 0; i < N; ++i) out[i] = to_cards(hands[i]);
}
std::pair<int, int> face_pair(Card c) { return {c.value, c.suit}; }

PYBIND11_MODULE(_climb, m) {
  m.doc() = "The climbing games' core (够级 rules §12, 保皇 rules §13); use duidiao.climbing.";
  illegal_move = py::module_::import("builtins").attr("type")(
      "IllegalMove", py::make_tuple(py::module_::import("builtins").attr("ValueError")),
      py::dict("__module__"_a = "duidiao._climb"));
  m.attr("IllegalMove") = illegal_move;
  m.attr("PLAY") = int(PLAY);
  m.attr("PASS") = int(PASS);
  m.attr("YIELD") = int(YIELD);
  m.attr("FOLD") = int(FOLD);
  m.attr("NOBURN") = int(NOBURN);

  m.def("shangban", [](const std::vector<CardPairs>& hands, int first_drawer) {
    std::vector<Card> h[6];
    to_hands(hands, h);
    check_seats<GOUJI_SEATS>({first_drawer}, "first_drawer");
    const Shangban s = shangban(h, first_drawer);
    return std::make_tuple(s.leader, s.suit, s.count);
  }, py::arg("hands"), py::arg("first_drawer"));
  m.def("may_revolt", [](const CardPairs& cards) { return may_revolt(to_cards(cards)); },
        py::arg("cards"));
  m.def("callable_faces", [](const CardPairs& cards, bool exactly_three) {
    std::vector<std::pair<int, int>> out;
    for (Card f : callable_faces(to_cards(cards), exactly_three)) out.push_back(face_pair(f));
    return out;
  }, py::arg("cards"), py::arg("exactly_three") = false);
  m.def("forced_caller", [](const std::vector<CardPairs>& hands, int first_holder) {
    std::vector<Card> h[5];
    to_hands(hands, h);
    check_seats<BAOHUANG_SEATS>({first_holder}, "first_holder");
    return forced_caller(h, first_holder);
  }, py::arg("hands"), py::arg("first_holder"));
  m.def("guard_of", [](const std::vector<CardPairs>& hands, int emperor, std::pair<int, int> face) {
    std::vector<Card> h[5];
    to_hands(hands, h);
    check_seats<BAOHUANG_SEATS>({emperor}, "emperor");
    return guard_of(h, emperor, Card{face.first, face.second});
  }, py::arg("hands"), py::arg("emperor"), py::arg("face"));

  py::class_<StopFlag>(m, "StopFlag")
      .def(py::init<>())
      .def("set", [](StopFlag& f) { f.set.store(true); })
      .def("clear", [](StopFlag& f) { f.set.store(false); })
      .def("is_set", [](const StopFlag& f) { return f.set.load(); });

  m.def("beats", [](const ActionTuple& a, const ActionTuple& b) {
    return beats(to_action(a).set, to_action(b).set);
  });
  m.def("is_gouji", [](const ActionTuple& a) { return is_gouji(to_action(a).set); });

  py::class_<Gouji>(m, "Gouji")
      .def(py::init([](const std::vector<HandTuple>& hands, const std::vector<int>& out, int leader,
                       int revolutionary, int used, bool renounced, const std::vector<bool>& burning,
                       bool yield_on_gouji, bool luanchan_hard, bool burn_order) {
             if (hands.size() != GOUJI_SEATS || burning.size() != GOUJI_SEATS || out.size() > GOUJI_SEATS)
               throw std::invalid_argument("six hands and six burning flags");
             check_seats<GOUJI_SEATS>(out, "out");
             Hand h[GOUJI_SEATS];
             bool b[GOUJI_SEATS];
             for (int p = 0; p < GOUJI_SEATS; ++p) h[p] = to_hand(hands[size_t(p)]), b[p] = burning[size_t(p)];
             if (revolutionary < -1 || revolutionary >= GOUJI_SEATS) throw std::invalid_argument("revolutionary out of range");
             return Gouji(GoujiOptions{yield_on_gouji, luanchan_hard, burn_order}, h, out.data(), int(out.size()), leader,
                          revolutionary, used, renounced, b);
           }),
           py::arg("hands"), py::arg("out"), py::arg("leader"), py::arg("revolutionary") = -1,
           py::arg("used") = 0, py::arg("renounced") = false, py::kw_only(), py::arg("burning"),
           py::arg("yield_on_gouji") = false, py::arg("luanchan_hard") = false,
           py::arg("burn_order") = false)
      .def("copy", [](const Gouji& g) { return Gouji(g); })
      .def("pimc", &pimc_of<Gouji>, py::arg("pool"), py::arg("worlds"), py::arg("max_actions"),
           py::arg("seconds"), py::arg("seed"), py::arg("random_share") = 0.1,
           py::arg("exact_cards") = 0, py::arg("exact_nodes") = 20000,
           py::arg("stop") = nullptr)
      .def("solve", &solve_of<Gouji, GOUJI_SEATS>, py::arg("seat"), py::arg("max_nodes") = 1000000)
      .def("cards_in_play", [](const Gouji& g) { return cards_in_play(g); })
      .def("sample", &sample_of<Gouji>, py::arg("pool"), py::arg("seed"))
      .def("heuristic", &heuristic_of<Gouji>)
      .def("to_act", &Gouji::to_act)
      .def("over", &Gouji::over)
      .def("stage", [](const Gouji& g) { return int(g.stage()); })
      .def("luanchan", &Gouji::luanchan)
      .def("legal", &legal_of<Gouji>)
      .def("refusal", [](const Gouji& g, const ActionTuple& t) { return std::string(g.refusal(to_action(t))); })
      .def("apply", &apply_to<Gouji>)
      .def("hand", [](const Gouji& g, int p) { check_seats<GOUJI_SEATS>({p}, "seat"); return from_hand(g.hand(p)); })
      .def("out", [](const Gouji& g) {
        std::vector<int> o;
        for (int i = 0; i < g.n_out(); ++i) o.push_back(g.out(i));
        return o;
      })
      .def("burning", [](const Gouji& g) {
        std::vector<bool> b;
        for (int p = 0; p < GOUJI_SEATS; ++p) b.push_back(g.burning(p));
        return b;
      })
      .def("used", &Gouji::used)
      .def("renounced", &Gouji::renounced)
      .def("has_head", [](const Gouji& g, int p) { check_seats<GOUJI_SEATS>({p}, "seat"); return g.has_head(p); })
      .def("current", [](const Gouji& g) { return from_action(Action{PLAY, g.current()}); })
      .def("owner", &Gouji::owner)
      .def("restricted", &Gouji::restricted)
      .def("places", [](const Gouji& g) {
        if (!g.over()) throw std::invalid_argument("the hand is not over");
        int o[GOUJI_SEATS];
        g.places(o);
        return std::vector<int>(o, o + GOUJI_SEATS);
      })
      .def("scores", [](const Gouji& g) {
        if (!g.over()) throw std::invalid_argument("the hand is not over");
        int t[2];
        g.scores(t);
        return std::make_pair(t[0], t[1]);
      });

  py::class_<Baohuang>(m, "Baohuang")
      .def(py::init([](const std::vector<HandTuple>& hands, const std::vector<int>& out, int leader, int emperor,
                       int guard, int mode, bool guard_shown, int call_rank, bool yield, bool twos_attach,
                       bool early_end) {
             if (hands.size() != BAOHUANG_SEATS || out.size() > BAOHUANG_SEATS)
               throw std::invalid_argument("five hands");
             check_seats<BAOHUANG_SEATS>(out, "out");
             check_seats<BAOHUANG_SEATS>({emperor}, "emperor");
             if (guard < -1 || guard >= BAOHUANG_SEATS) throw std::invalid_argument("guard out of range");
             if (mode < DARK || mode > GRAB) throw std::invalid_argument("mode out of range");
             if (call_rank < 0 || call_rank > BJ) throw std::invalid_argument("call rank out of range");
             Hand h[BAOHUANG_SEATS];
             for (int p = 0; p < BAOHUANG_SEATS; ++p) h[p] = to_hand(hands[size_t(p)]);
             return Baohuang(BaohuangOptions{yield, twos_attach, early_end}, h, out.data(), int(out.size()),
                             leader, emperor, guard, Mode(mode), guard_shown, call_rank);
           }),
           py::arg("hands"), py::arg("out"), py::arg("leader"), py::arg("emperor"), py::arg("guard"),
           py::arg("mode"), py::arg("guard_shown"), py::arg("call_rank"), py::arg("yield_") = true,
           py::arg("twos_attach") = false, py::arg("early_end") = true)
      .def("copy", [](const Baohuang& g) { return Baohuang(g); })
      .def("pimc", &pimc_of<Baohuang>, py::arg("pool"), py::arg("worlds"), py::arg("max_actions"),
           py::arg("seconds"), py::arg("seed"), py::arg("random_share") = 0.1,
           py::arg("exact_cards") = 0, py::arg("exact_nodes") = 20000,
           py::arg("stop") = nullptr)
      .def("solve", &solve_of<Baohuang, BAOHUANG_SEATS>, py::arg("seat"), py::arg("max_nodes") = 1000000)
      .def("cards_in_play", [](const Baohuang& g) { return cards_in_play(g); })
      .def("sample", &sample_of<Baohuang>, py::arg("pool"), py::arg("seed"))
      .def("heuristic", &heuristic_of<Baohuang>)
      .def("to_act", &Baohuang::to_act)
      .def("over", &Baohuang::over)
      .def("stage", [](const Baohuang& g) { return int(g.stage()); })
      .def("legal", &legal_of<Baohuang>)
      .def("refusal", [](const Baohuang& g, const ActionTuple& t) { return std::string(g.refusal(to_action(t))); })
      .def("apply", &apply_to<Baohuang>)
      .def("hand", [](const Baohuang& g, int p) { check_seats<BAOHUANG_SEATS>({p}, "seat"); return from_hand(g.hand(p)); })
      .def("out", [](const Baohuang& g) {
        std::vector<int> o;
        for (int i = 0; i < g.n_out(); ++i) o.push_back(g.out(i));
        return o;
      })
      .def("guard_shown", &Baohuang::guard_shown)
      .def("emperor", &Baohuang::emperor)
      .def("guard", &Baohuang::guard)
      .def("current", [](const Baohuang& g) { return from_action(Action{PLAY, g.current()}); })
      .def("owner", &Baohuang::owner)
      .def("places", [](const Baohuang& g) {
        if (!g.over()) throw std::invalid_argument("the hand is not over");
        int o[BAOHUANG_SEATS];
        const int n = g.places(o);
        return std::vector<int>(o, o + n);
      })
      .def("scores", [](const Baohuang& g) {
        if (!g.over()) throw std::invalid_argument("the hand is not over");
        int s[BAOHUANG_SEATS];
        g.scores(s);
        return std::vector<int>(s, s + BAOHUANG_SEATS);
      });
}
