// Shared conversions for the binding files: card sets cross as tuples of their planes.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/cardset.h"
#include "core/hand.h"

namespace py = pybind11;

// A card set as it crosses to Python: the tuple of its planes, (one, two) from the two-deck
// build and (one, two, three) from the three-deck one (docs/internals.md). Coming in, a tuple
// or list of one to four planes: the planes a build does not have must be empty, else one clear
// error (a card held three times needs the three-deck build).
struct Masks {
  uint64_t plane[duidiao::COPIES] = {};
};

inline duidiao::CardSet to_set(const Masks& m) { return duidiao::CardSet::from_planes(m.plane); }
inline Masks to_masks(const duidiao::CardSet& s) {
  Masks m;
  for (int n = 1; n <= duidiao::COPIES; ++n) m.plane[n - 1] = s.at_least(n);
  return m;
}

namespace pybind11::detail {
template <>
struct type_caster<Masks> {
  PYBIND11_TYPE_CASTER(Masks, const_name("tuple[int, ...]"));

  bool load(handle src, bool) {
    if (!isinstance<sequence>(src) || isinstance<str>(src)) return false;
    const auto planes = reinterpret_borrow<sequence>(src);
    const size_t n = planes.size();
    if (n < 1 || n > 4) return false;
    value = Masks{};
    for (size_t i = 0; i < n; ++i) {
      make_caster<uint64_t> plane;
      if (!plane.load(planes[i], true)) return false;
      const uint64_t bits = cast_op<uint64_t>(plane);
      if (i < size_t(duidiao::COPIES))
        value.plane[i] = bits;
      else if (bits != 0)
        throw std::invalid_argument("a card held " + std::to_string(i + 1) +
                                    " times: this build of the engine holds " +
                                    std::to_string(duidiao::COPIES) + " copies at most");
    }
    return true;
  }

  static handle cast(const Masks& m, return_value_policy, handle) {
    tuple out(duidiao::COPIES);
    for (int i = 0; i < duidiao::COPIES; ++i) out[size_t(i)] = int_(m.plane[i]);
    return out.release();
  }
};
}  // namespace pybind11::detail

// A seat number from Python, refused (ValueError) outside 0..3 rather than wrapped: `seat & 3`
// would quietly turn 5 into East.
inline int checked_seat(int seat) {
  if (seat < 0 || seat > 3)
    throw std::invalid_argument("seat must be 0 to 3 (S, E, N, W), not " + std::to_string(seat));
  return seat;
}

// A card rank from Python (0 = 2 … 12 = A), refused outside 0..12.
inline int checked_rank(int rank) {
  if (rank < 0 || rank > 12)
    throw std::invalid_argument("level_rank must be 0 to 12 (2 … A), not " + std::to_string(rank));
  return rank;
}

// The tricks played in a Hand as (leader, [4 plays], winner, points) tuples, with the lead as
// attempted (a failed throw's whole throw, §5.2) as a fifth item when `attempts` is set.
py::list trick_records(const duidiao::Hand& h, bool attempts = false);

// Is the calling thread Python's main thread? (Call with the GIL held.)
bool in_main_thread();

// The stop check of one long search call (made with the GIL held, asked from the searching
// threads without it): a time limit (seconds <= 0: none), a threading.Event another Python thread
// may set (None: none), and Ctrl-C when the call came from the main thread.
class StopWatch {
 public:
  StopWatch(py::object event, double seconds);
  bool operator()();
  bool interrupted() const { return reason_ == INTERRUPTED; }  // KeyboardInterrupt is then set
  bool fired() const { return reason_ != NONE; }

 private:
  enum Reason : int { NONE, INTERRUPTED, STOPPED };
  bool main_thread_;
  py::object event_;
  bool has_deadline_;
  std::chrono::steady_clock::time_point deadline_;
  std::atomic<int> reason_{NONE};
};

void init_game(py::module_& m);
void init_search(py::module_& m);
void init_sampler(py::module_& m);
void init_analysis(py::module_& m);
void init_multisets(py::module_& m);
