// Bindings of the determinized Monte Carlo search (PimcSearch).
#include "bindings.h"
#include "search/heuristic_player.h"
#include "search/inference.h"
#include "search/pimc.h"

using namespace duidiao;

void init_analysis(py::module_& m) {
  py::class_<PimcSearch>(m, "PimcSearch")
      .def(py::init([](int worlds, double seconds, int threads, uint64_t seed, int solve_cards, double tt_mb,
                       int infer_pool, double infer_miss) {
             if (!(tt_mb > 0) || tt_mb > 65536) throw std::invalid_argument("tt_mb must be in (0, 65536]");
             PimcOptions o;
             o.worlds = worlds;
             o.seconds = seconds;
             o.threads = threads;
             o.seed = seed;
             o.solve_cards = solve_cards;
             o.tt_bytes = size_t(tt_mb * 1024 * 1024);
             o.infer_pool = infer_pool;
             o.infer_miss = infer_miss;
             return std::make_unique<PimcSearch>(o);
           }),
           py::arg("worlds"), py::arg("seconds"), py::arg("threads"), py::arg("seed"),
           py::arg("solve_cards"), py::arg("tt_mb"), py::arg("infer_pool") = 1,
           py::arg("infer_miss") = 1.0)
      .def("analyse", [](PimcSearch& s, const Hand& h, int level_ns, int level_ew, py::object progress,
                         py::object stop) {
             // Ctrl-C and the stop event end the search (see StopWatch); after each world of the
             // calling thread the caller's progress callback may too.
             StopWatch watch(std::move(stop), 0);
             s.set_stop_check([&watch] { return watch(); });
             struct Reset {
               PimcSearch& search;
               ~Reset() { search.set_stop_check(nullptr); }
             } reset{s};
             PimcProgress report;
             bool failed = false;  // the callback raised: its exception is set
             if (!progress.is_none())
               report = [&](const PimcProgressInfo& info) {
                 py::gil_scoped_acquire hold;
                 try {
                   return progress(info.worlds, to_masks(info.best), info.best_mean, info.seconds)
                       .cast<bool>();
                 } catch (py::error_already_set& e) {
                   e.restore();
                   failed = true;
                   return false;
                 }
               };
             PimcAnalysis a;
             {
               py::gil_scoped_release release;
               a = s.analyse(h, level_ns, level_ew, report);
             }
             if (watch.interrupted() || failed) throw py::error_already_set();
             py::list moves;
             for (const MoveAnalysis& ma : a.moves)
               moves.append(py::make_tuple(to_masks(ma.move), ma.mean, ma.stderr_, ma.makes, ma.worlds,
                                         ma.gain, ma.gain_stderr, ma.baseline));
             py::dict d;
             d["moves"] = moves;
             d["worlds"] = a.worlds;
             d["seconds"] = a.seconds;
             d["exact"] = a.exact;
             d["solver_nodes"] = a.solver_nodes;
             d["legal"] = a.legal;
             d["pool"] = a.pool;
             d["effective_pool"] = a.effective_pool;
             d["independent_worlds"] = a.independent_worlds;
             return d;
           }, py::arg("hand"), py::arg("level_ns"), py::arg("level_ew"), py::arg("progress") = py::none(),
           py::arg("stop") = py::none());
  m.def("heuristic_misses", [](const Hand& world, int observer, const Hand* view, bool partner_only) {
    if (observer < 0 || observer > 3) throw std::invalid_argument("observer must be a seat from 0 to 3");
    for (int s = 0; s < 4; ++s)
      if (world.unknown(s)) throw std::invalid_argument("heuristic_misses needs a full deal: every hand known");
    CardSet shown[4];
    if (view) shown_in_view(*view, observer, shown);
    else
      for (int p = 0; p < 4; ++p) shown[p] = world.shown_at_start(p);
    int by_partner = 0;
    const int all = heuristic_misses(world, observer, shown, &by_partner);
    return partner_only ? by_partner : all;
  }, py::arg("world"), py::arg("observer"), py::arg("view") = nullptr,
     py::arg("partner_only") = false);
  m.def("heuristic_playout", [](const Hand& world, bool fair) {
    for (int s = 0; s < 4; ++s)
      if (world.unknown(s)) throw std::invalid_argument("heuristic_playout needs a full deal: every hand known");
    if (world.is_over()) throw std::invalid_argument("the hand is over: there is nothing to play out");
    PlayState line = world.state();
    std::vector<CardSet> plays;
    heuristic_playout(world.context(), world.rules(), world.declarer(), world.kitty(), &line, fair, &plays);
    std::vector<Masks> out;
    for (const CardSet& p : plays) out.push_back(to_masks(p));
    return out;
  }, py::arg("world"), py::arg("fair") = true);
}
