// Shared conversions for the binding files: card sets cross as (one, two) mask tuples.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <utility>

#include "core/cardset.h"
#include "core/hand.h"

namespace py = pybind11;

using Masks = std::pair<uint64_t, uint64_t>;
inline duidiao::CardSet to_set(const Masks& m) { return {m.first, m.second}; }
inline Masks to_masks(const duidiao::CardSet& s) { return {s.one, s.two}; }

// The tricks played in a Hand as (leader, [4 plays], winner, points) tuples, with the lead as
// attempted (a failed throw's whole throw, §5.2) as a fifth item when `attempts` is set.
py::list trick_records(const duidiao::Hand& h, bool attempts = false);

// Long searches run with the GIL released; called from Python's main thread, they take it now
// and then to run Python's signal handlers (PyErr_CheckSignals), so Ctrl-C stops them. True
// when a handler raised (the exception, KeyboardInterrupt, is then set). Other threads get no
// signals: false there.
bool python_interrupted(bool main_thread);
// Is the calling thread Python's main thread? (Call with the GIL held.)
bool in_main_thread();

void init_game(py::module_& m);
void init_search(py::module_& m);
void init_sampler(py::module_& m);
void init_analysis(py::module_& m);
