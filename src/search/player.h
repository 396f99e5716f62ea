// Player: the one interface through which every decision of a hand is asked (§6, §5), for C++
// bots. A player sees only its Observation. Python players have a matching protocol.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/observation.h"
#include "core/random.h"
#include "search/pimc.h"

namespace duidiao {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // True for measuring devices only (an oracle): its play view shows every hand.
  virtual bool sees_everything() const { return false; }
  // Index into `options`, or -1 to pass.
  virtual int declare(const Observation& obs, const std::vector<Declaration>& options) = 0;
  // 8 cards of obs.hand (33 cards) to bury face up.
  virtual CardSet bury(const Observation& obs) = 0;
  // A card of obs.hand to put in the kitty for obs.grab_offer, or -1 to pass.
  virtual int grab(const Observation& obs) = 0;
  // Jokers to put in the kitty and as many cards of `takeable` to take; empty sets to pass.
  virtual std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) = 0;
  // A legal play (obs.view is the play from this seat's view; its legal moves are the options).
  virtual CardSet play(const Observation& obs) = 0;

  // The one question: the decision at obs's point, whichever it is, asked of the method of its
  // phase with that phase's options (computed from obs, as the game computes them).
  Decision decide(const Observation& obs);

  // From any thread: the decision in progress (any of the five) answers at once with the best
  // it has found; the players that do not search answer at once anyway. A stop sent while no
  // decision is in progress ends the next one at once: a stop is for one decision, and the
  // decision it ends clears it. clear_stop() forgets a stop that no decision has taken yet (a
  // caller that stops decisions on a timer calls it once the decision has answered).
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  void clear_stop() { stop_.store(false, std::memory_order_relaxed); }
  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }
  // The ranked values a searching player saw at its last play, best first; empty for players
  // that do not search, and after a play made without searching (a single legal move).
  virtual std::vector<MoveAnalysis> last_values() const { return {}; }
  // And what its worlds were worth there (PimcAnalysis: pool and effective_pool with inference,
  // independent_worlds): how far the weights thinned them. Zeros where last_values is empty.
  struct WorldsWorth {
    int worlds = 0, pool = 0;
    double effective_pool = 0, independent_worlds = 0;
  };
  virtual WorldsWorth last_worlds() const { return {}; }

 protected:
  // For a searching decision: the stop check its searches poll, and, held for the length of
  // the decision, the guard that clears the stop once the decision ends however it ends.
  std::function<bool()> stop_check() const {
    return [this] { return stop_requested(); };
  }
  struct OneDecision {
    Player& player;
    ~OneDecision() { player.clear_stop(); }
  };

 private:
  std::atomic<bool> stop_{false};
};

// make_player (bot_table.h) makes the built-in bots by name.

// Asks the players for every decision until the hand is over.
void play_game(Game& game, Player* const players[4]);

}  // namespace duidiao
