#include "search/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/legal.h"
#include "search/heuristic_player.h"
#include "search/sampler.h"

namespace duidiao {

namespace {

struct Node {
  CardSet move;      // the play that led here (the root has none)
  int seat = -1;     // who made it
  double sum = 0;    // of the hand scores from that seat's team's side
  int visits = 0;
  int avail = 0;     // iterations in which the play was legal
  std::vector<int> children;
};

// The plays weighed for the seat to move below the root, in one world: every non-throw lead and
// the heuristic's (whose throws stand); every follow, or a sample of them and the heuristic's.
// `kitty`: as far as the seat to move knows it.
void tree_moves(const Context& ctx, int declarer, const CardSet& kitty, const PlayState& st,
                int follow_samples, Rng& rng, std::vector<CardSet>* out) {
  out->clear();
  const int seat = st.trick.turn();
  const CardSet& hand = st.held[seat];
  out->push_back(heuristic_play(ctx, declarer, kitty, st, nullptr, seat, true));
  if (st.trick.played == 0) {
    legal_leads(ctx, hand, false, out);
  } else if (count_follows(ctx, hand, st.trick) <= uint64_t(follow_samples)) {
    legal_follows(ctx, hand, st.trick, out);
  } else {
    for (int i = 0; i < follow_samples; ++i) out->push_back(random_follow(ctx, hand, st.trick, rng));
  }
  std::sort(out->begin() + 1, out->end(), [](const CardSet& a, const CardSet& b) {
    return a < b;
  });
  out->erase(std::unique(out->begin() + 1, out->end()), out->end());
  // The heuristic's choice first, not twice.
  const CardSet first = (*out)[0];
  out->erase(std::remove(out->begin() + 1, out->end(), first), out->end());
}

}  // namespace

PimcAnalysis ismcts_analyse(const Hand& view, int level_ns, int level_ew, const IsmctsOptions& o) {
  if (view.is_over()) throw std::invalid_argument("the hand is over: there is nothing to analyse");
  if (o.iterations < 0) throw std::invalid_argument("iterations cannot be negative");
  if (o.iterations == 0 && !(o.seconds > 0))
    throw std::invalid_argument("give a number of iterations or a time budget in seconds");
  const int mover = view.turn();
  if (view.unknown(mover))
    throw std::invalid_argument("the hand of " + seat_name(mover) + ", to move, must be known");
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const WorldSampler sampler(view, mover);
  const int declarer = view.declarer();
  std::vector<Node> tree(1);
  std::vector<CardSet> root_moves;
  candidate_moves(view, o.seed, &root_moves);
  for (const CardSet& m : root_moves) {
    tree[0].children.push_back(int(tree.size()));
    Node child;
    child.move = m;
    child.seat = mover;
    tree.push_back(child);
  }
  const CardSet baseline = heuristic_play(view, mover);
  Rng rng(o.seed ^ 0x1C3A5F7E9B2D4C6Full);
  Hand world;
  std::vector<CardSet> moves;
  std::vector<int> path;
  int done = 0, searched = 0;  // iterations, and those whose world was drawn
  for (;;) {
    if (o.iterations > 0 && done >= o.iterations) break;
    if (o.stop_check && o.stop_check()) break;
    if (o.seconds > 0 && done > 0 && (done & 15) == 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() >= o.seconds)
      break;
    Rng world_rng(o.seed ^ (0x9E3779B97F4A7C15ull * uint64_t(done + 1)));
    if (!sampler.try_sample(world_rng, &world)) {  // a world it cannot draw: the next one
      ++done;
      continue;
    }
    const Context& ctx = world.context();
    const CardSet& kitty = world.kitty();
    PlayState st = world.state();
    path.clear();
    int node = 0;
    // Down the tree until a play not tried before (the one node this iteration adds).
    while (!st.hands_empty()) {
      int chosen = -1;
      if (node == 0) {
        // The root's plays are legal in every world: its own hand is known.
        for (int c : tree[0].children) ++tree[size_t(c)].avail;
        for (int c : tree[0].children)
          if (tree[size_t(c)].visits == 0) {
            chosen = c;
            break;
          }
      } else {
        tree_moves(ctx, declarer, kitty_known_to(world.rules(), kitty, st.trick.turn(), declarer),
                   st, o.follow_samples, rng, &moves);
        for (const CardSet& m : moves) {
          int found = -1;
          // The seat too: a root throw that fails in some worlds and stands in others leads
          // to different next players under one node.
          for (int c : tree[size_t(node)].children)
            if (tree[size_t(c)].move == m && tree[size_t(c)].seat == st.trick.turn()) found = c;
          if (found >= 0) {
            ++tree[size_t(found)].avail;
          } else if (chosen < 0) {
            Node child;
            child.move = m;
            child.seat = st.trick.turn();
            child.avail = 1;
            chosen = int(tree.size());
            tree[size_t(node)].children.push_back(chosen);
            tree.push_back(child);
          }
        }
      }
      if (chosen < 0) {  // every legal play has a node: UCB among them
        double best = -1e300;
        for (int c : tree[size_t(node)].children) {
          const Node& n = tree[size_t(c)];
          if (node != 0 && (n.seat != st.trick.turn() ||
                            std::find(moves.begin(), moves.end(), n.move) == moves.end()))
            continue;
          if (n.visits == 0) {
            chosen = c;
            break;
          }
          const double ucb = n.sum / n.visits + o.exploration * std::sqrt(std::log(n.avail) / n.visits);
          if (ucb > best) best = ucb, chosen = c;
        }
      }
      path.push_back(chosen);
      const CardSet m = tree[size_t(chosen)].move;
      st.apply<false>(ctx, declarer, node == 0 ? world.resolve(m) : m);
      node = chosen;
      if (tree[size_t(chosen)].visits == 0) break;
    }
    heuristic_playout(ctx, world.rules(), declarer, kitty, &st, true);
    const HandResult r = world.result_of(st, level_ns, level_ew);
    for (int n : path) {
      tree[size_t(n)].sum += r.score_margin(team_of(tree[size_t(n)].seat));
      ++tree[size_t(n)].visits;
    }
    ++done;
    ++searched;
  }

  PimcAnalysis a;
  a.worlds = searched;
  a.legal = view.count_legal_moves();
  for (int c : tree[0].children) {
    const Node& n = tree[size_t(c)];
    MoveAnalysis ma;
    ma.move = n.move;
    ma.worlds = n.visits;
    ma.mean = n.visits ? n.sum / n.visits : 0;
    ma.baseline = n.move == baseline;
    a.moves.push_back(ma);
  }
  std::stable_sort(a.moves.begin(), a.moves.end(), [](const MoveAnalysis& x, const MoveAnalysis& y) {
    return x.worlds != y.worlds ? x.worlds > y.worlds : x.mean > y.mean;
  });
  if (searched == 0)  // stopped before any world (or none drawn): nothing beats the heuristic's
    std::stable_partition(a.moves.begin(), a.moves.end(), [](const MoveAnalysis& m) { return m.baseline; });
  a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return a;
}

}  // namespace duidiao
