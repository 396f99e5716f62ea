#include "search/grab_search.h"

#include <stdexcept>
#include <vector>

#include "search/heuristic_player.h"
#include "search/kitty_options.h"

namespace duidiao {

GrabChoice search_grab(const Observation& obs, int worlds, double margin, uint64_t seed,
                       const std::function<bool()>& stop) {
  if (obs.phase != PHASE_GRAB || obs.grab_offer < 0 || obs.seat == obs.declarer)
    throw std::invalid_argument("grab search: no level card is offered to this seat");
  HeuristicPlayer heuristic(0);
  GrabChoice choice;
  choice.put = heuristic.grab(obs);
  // Passing, then each face of the hand put in the offered card's place.
  std::vector<int> puts = {-1};
  for (Card c = 0; c < FACE_NB; ++c)
    if (obs.hand.count(c)) puts.push_back(c);
  choice.candidates = int(puts.size());
  size_t baseline = puts.size();
  for (size_t i = 0; i < puts.size(); ++i)
    if (puts[i] == choice.put) baseline = i;
  if (puts.size() < 2 || worlds < 2 || baseline == puts.size() || !obs.kitty_visible) return choice;

  std::vector<KittyOption> options;
  for (int put : puts) {
    KittyOption o{obs.hand, obs.kitty};
    if (put >= 0) {
      o.hand.remove(Card(put));
      o.hand.add(Card(obs.grab_offer));
      o.kitty.remove(Card(obs.grab_offer));
      o.kitty.add(Card(put));
    }
    options.push_back(o);
  }
  const PairedChoice::Result r =
      weigh_kitty_options(obs, options, baseline, worlds, margin, seed ^ 0x6AB6ABull, stop);
  choice.put = puts[r.option];
  static_cast<ChoiceValue&>(choice) = r;
  return choice;
}

}  // namespace duidiao
