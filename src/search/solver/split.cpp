// Young Brothers Wait (split.h): at a trick start whose first lead did not cut off, every
// other lead is searched, so an idle thread can take some of them without wasted work (unless
// one cuts off after all, which ends both threads' searches there). Only the threads of a
// parallel root search share nodes, once one is out of root moves: the last root moves, on
// which it would wait, are searched by both. A thread waiting for its helper to leave helps at
// the nodes that helper shares meanwhile. Trick starts only: mid-trick shares cost more nodes
// than they save time (the 12-card chifeng-classic points solve: 370 M nodes and 43 s shared at
// trick starts, 450-580 M and 48-60 s at every node; docs/solver.md).
#include "search/solver/split.h"

#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

void Solver::search_shared(SplitPoint& sp) {
  for (size_t j; !sp.cut.load(std::memory_order_acquire) && (j = sp.next.fetch_add(1)) < sp.moves->size();) {
    Node child = *sp.node;
    const int v = apply(child, (*sp.moves)[j])
                      ? terminal_value(child)
                      : search(child, sp.alpha, sp.beta, sp.ply + 1);
    std::lock_guard<std::mutex> hold(sp.lock);
    if (sp.max_node ? v > sp.best : v < sp.best) sp.best = v, sp.best_index = int(j);
    if (sp.max_node ? v >= sp.beta : v <= sp.alpha) sp.cut.store(true, std::memory_order_release);
  }
}

bool Solver::take_part(SplitPoint& sp) {
  const SplitPoint* outer = inside_;
  inside_ = &sp;
  bool above = false;
  try {
    search_shared(sp);
  } catch (const SplitCut&) {
    above = !sp.cut.load(std::memory_order_acquire);  // not this node's cutoff: one above it
  } catch (const SearchStopped&) {
    std::lock_guard<std::mutex> hold(sp.lock);
    sp.stopped = true;
    sp.cut.store(true, std::memory_order_release);
  } catch (...) {
    std::lock_guard<std::mutex> hold(sp.lock);
    if (!sp.failure) sp.failure = std::current_exception();
    sp.cut.store(true, std::memory_order_release);
  }
  inside_ = outer;
  return above;
}

bool Solver::split(const Node& node, size_t from, int alpha, int beta, int ply, int* best, int* best_index) {
  SplitPoint sp;
  sp.parent = inside_;
  sp.node = &node;
  sp.moves = &buffers_[ply];
  sp.alpha = alpha;
  sp.beta = beta;
  sp.ply = ply;
  sp.max_node = maximising(node);
  sp.next.store(from);
  sp.best = *best;
  sp.best_index = *best_index;
  if (!team_->offer(&sp)) return false;  // another node's offer is out
  const bool above = take_part(sp);
  // Withdrawn unless a helper took it; then it has to leave first (sp lives in this frame), and
  // meanwhile this thread helps at the nodes the helper shares.
  if (!team_->withdraw(&sp)) help_until([&] { return sp.helper_done.load(std::memory_order_acquire); }, &sp);
  if (sp.failure) std::rethrow_exception(sp.failure);
  if (sp.stopped) throw SearchStopped();
  if (above || cut_above(sp.parent)) throw SplitCut();
  *best = sp.best;
  *best_index = sp.best_index;
  return true;
}

}  // namespace duidiao
