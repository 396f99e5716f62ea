// Young Brothers Wait: the threads of one solve, out of root moves, help the others at trick
// starts whose first lead did not cut off (so every other must be searched). Internal to
// src/search/solver/: search.cpp calls Solver::split at such a trick start and sends threads
// out of root moves to help (Solver::help_until); split.cpp offers a node's leads and searches
// them.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "search/solver.h"

namespace duidiao::solver_internal {

// A trick start's remaining leads, offered by the thread searching it (the owner) to one idle thread;
// both take the next move left until none is, or one of them cuts off. It lives in the owner's
// frame, and the owner leaves only once its helper has.
struct SplitPoint {
  const SplitPoint* parent = nullptr;  // the shared node the owner was searching in, if any
  const Solver::Node* node = nullptr;
  const std::vector<CardSet>* moves = nullptr;  // the owner's list at its ply (not touched meanwhile)
  int alpha = 0, beta = 0, ply = 0;
  bool max_node = true;
  std::atomic<size_t> next{0};
  std::atomic<bool> cut{false};          // a cutoff (or a stop, a failure): every search here ends
  std::atomic<bool> helper_done{false};  // the helper that took the offer has left
  std::mutex lock;  // guards what follows
  int best = 0, best_index = -1;  // the best value so far and its move's place in *moves
  bool stopped = false;  // the stop check ended a search here
  std::exception_ptr failure;
};

// Whether `sp` or a shared node it lies under has cut off.
inline bool cut_above(const SplitPoint* sp) {
  for (; sp; sp = sp->parent)
    if (sp->cut.load(std::memory_order_relaxed)) return true;
  return false;
}

inline bool lies_under(const SplitPoint* sp, const SplitPoint* above) {
  for (; sp; sp = sp->parent)
    if (sp == above) return true;
  return false;
}

// The threads of one solve's root search, and the one node offered at a time. The offer is
// made, taken and withdrawn under the lock (a few thousand times a second at most), so that a
// thread can read an offer's chain before taking it while its owner cannot leave.
struct Team {
  std::atomic<int> idle{0};   // threads waiting to help
  std::atomic<int> busy{0};   // threads still on root moves
  std::mutex lock;
  SplitPoint* offered = nullptr;
  std::atomic<bool> has_offer{false};  // offered != nullptr, read without the lock

  bool offer(SplitPoint* sp) {
    std::lock_guard<std::mutex> hold(lock);
    if (offered) return false;
    offered = sp;
    has_offer.store(true, std::memory_order_release);
    return true;
  }
  // The offer, taken, if there is one (and it lies under `under`, when not null).
  SplitPoint* take(const SplitPoint* under) {
    std::lock_guard<std::mutex> hold(lock);
    SplitPoint* sp = offered;
    if (!sp || (under && !lies_under(sp, under))) return nullptr;
    offered = nullptr;
    has_offer.store(false, std::memory_order_relaxed);
    return sp;
  }
  // True when `sp` was still on offer (now withdrawn); false when a thread took it.
  bool withdraw(SplitPoint* sp) {
    std::lock_guard<std::mutex> hold(lock);
    if (offered != sp) return false;
    offered = nullptr;
    has_offer.store(false, std::memory_order_relaxed);
    return true;
  }
};

// Thrown inside a shared node's search when it or a shared node above it cut off.
struct SplitCut {};

}  // namespace duidiao::solver_internal

namespace duidiao {

// A thread waiting on its own shared node takes only offers under it: those are searched at
// deeper plies than any node it owns, whose move lists (its per-ply buffers) must stay as they are.
template <typename Done>
void Solver::help_until(Done&& done, const solver_internal::SplitPoint* under) {
  using namespace solver_internal;
  ++team_->idle;
  for (int spins = 0; !done();) {
    if (SplitPoint* sp = team_->has_offer.load(std::memory_order_acquire) ? team_->take(under) : nullptr) {
      --team_->idle;
      take_part(*sp);  // a shared node above cutting off ends it like its own cutoff
      sp->helper_done.store(true, std::memory_order_release);
      ++team_->idle;
      spins = 0;
    } else if (++spins < 1000) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(50));  // a loaded machine's core
    }
  }
  --team_->idle;
}

}  // namespace duidiao
