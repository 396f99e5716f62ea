// Bindings of the double-dummy solver and its brute-force oracle.
#include "bindings.h"
#include "search/brute_force.h"
#include "search/solver.h"

using namespace duidiao;

namespace {

Objective objective_of(const std::string& name) {
  if (name == "points") return Objective::POINTS;
  if (name == "score") return Objective::SCORE;
  throw std::invalid_argument("objective must be 'points' or 'score', not '" + name + "'");
}

py::dict solution_dict(const Solution& s) {
  py::list moves, pv;
  for (const MoveValue& m : s.moves)
    moves.append(py::make_tuple(to_masks(m.move), to_masks(m.played), m.value, m.lower, m.upper));
  for (const CardSet& c : s.pv) pv.append(to_masks(c));
  py::dict d;
  d["value"] = s.value;
  d["lower"] = s.lower;
  d["upper"] = s.upper;
  d["moves"] = moves;
  d["pv"] = pv;
  d["nodes"] = s.stats.nodes;
  d["tt_probes"] = s.stats.tt.probes;
  d["tt_hits"] = s.stats.tt.hits;
  d["tt_stores"] = s.stats.tt.stores;
  d["complete"] = s.complete;
  return d;
}

// Runs a search with the GIL released under a stop check (see StopWatch): Ctrl-C brings the
// KeyboardInterrupt out of the call; a time limit or stop event a partial answer (a solve's
// bounds), or SearchStopped when there is none (a value).
template <typename Run>
auto watched(Solver& solver, StopWatch& watch, Run&& run) {
  solver.set_stop_check([&watch] { return watch(); });
  struct Reset {
    Solver& solver;
    ~Reset() { solver.set_stop_check(nullptr); }
  } reset{solver};
  try {
    auto out = [&] {
      py::gil_scoped_release release;
      return run();
    }();
    if (watch.interrupted()) throw py::error_already_set();
    return out;
  } catch (const SearchStopped&) {
    if (watch.interrupted()) throw py::error_already_set();  // the handler's KeyboardInterrupt
    throw;
  }
}

}  // namespace

void init_search(py::module_& m) {
  m.attr("SOLVER_MAX_THREADS") = SOLVER_MAX_THREADS;
  m.attr("SOLVE_BEST_ONLY") = SOLVE_BEST_ONLY;
  py::class_<Solver>(m, "Solver")
      .def(py::init([](double tt_mb, bool merge, int threads, int relative_keys_from, int split_from_cards) {
             if (!(tt_mb > 0) || tt_mb > 65536) throw std::invalid_argument("tt_mb must be in (0, 65536]");
             SolverOptions o;
             o.tt_bytes = size_t(tt_mb * 1024 * 1024);
             o.merge_equivalent = merge;
             o.threads = threads;
             o.relative_keys_from = relative_keys_from;
             o.split_from_cards = split_from_cards;
             return std::make_unique<Solver>(o);
           }),
           py::arg("tt_mb") = 16.0, py::arg("merge") = true, py::arg("threads") = 1,
           py::arg("relative_keys_from") = SolverOptions{}.relative_keys_from,
           py::arg("split_from_cards") = SolverOptions{}.split_from_cards)
      .def_property_readonly("tt_bytes", &Solver::tt_bytes)
      .def("solve", [](Solver& s, const Hand& h, const std::string& objective, int level_ns, int level_ew,
                       py::object stop, double seconds, uint64_t nodes, int within, bool pv,
                       py::object on_best) {
             Objective o = objective_of(objective);
             // The limits are the solver's own (it shares them among the moves); the watch
             // only hears the stop event and Ctrl-C.
             StopWatch watch(std::move(stop), 0.0);
             SolveLimits limits;
             limits.seconds = seconds;
             limits.nodes = nodes;
             limits.within = within;
             limits.pv = pv;
             // on_best(move masks, value); an exception it raises ends the solve with it.
             bool failed = false;
             if (!on_best.is_none())
               limits.on_best = [&](const CardSet& move, int value) {
                 py::gil_scoped_acquire hold;
                 try {
                   on_best(to_masks(move), value);
                 } catch (py::error_already_set& e) {
                   e.restore();
                   failed = true;
                   throw SearchStopped();
                 }
               };
             try {
               return solution_dict(
                   watched(s, watch, [&] { return s.solve(h, o, level_ns, level_ew, limits); }));
             } catch (const SearchStopped&) {
               if (failed) throw py::error_already_set();
               throw;
             }
           }, py::arg("hand"), py::arg("objective"), py::arg("level_ns"), py::arg("level_ew"),
           py::arg("stop") = py::none(), py::arg("seconds") = 0.0, py::arg("nodes") = 0,
           py::arg("within") = 0, py::arg("pv") = true, py::arg("on_best") = py::none())
      .def("value", [](Solver& s, const Hand& h, const std::string& objective, int level_ns, int level_ew,
                       py::object stop, double seconds) {
             Objective o = objective_of(objective);
             StopWatch watch(std::move(stop), seconds);
             return watched(s, watch, [&] { return s.value(h, o, level_ns, level_ew); });
           }, py::arg("hand"), py::arg("objective"), py::arg("level_ns"), py::arg("level_ew"),
           py::arg("stop") = py::none(), py::arg("seconds") = 0.0)
      .def("defenders_reach", [](Solver& s, const Hand& h, int target, py::object stop, double seconds) {
             StopWatch watch(std::move(stop), seconds);
             return watched(s, watch, [&] { return s.defenders_reach(h, target); });
           }, py::arg("hand"), py::arg("target"), py::arg("stop") = py::none(), py::arg("seconds") = 0.0)
      .def_property_readonly("nodes", [](const Solver& s) { return s.stats().nodes; });

  m.def("brute_force", [](const Hand& h, const std::string& objective, int level_ns, int level_ew) {
        Objective o = objective_of(objective);
        std::vector<std::pair<CardSet, int>> values;
        {
          py::gil_scoped_release release;
          values = brute_force(h, o, level_ns, level_ew);
        }
        py::list out;
        for (const auto& [move, v] : values) out.append(py::make_tuple(to_masks(move), v));
        return out;
      }, py::arg("hand"), py::arg("objective"), py::arg("level_ns"), py::arg("level_ew"));
}
