#include "search/declare_search.h"

#include <stdexcept>
#include <utility>

#include "core/random.h"
#include "search/heuristic_player.h"
#include "search/paired_choice.h"
#include "search/player.h"

namespace duidiao {

namespace {

// Decks that fit a declare-phase observation. Draw i goes to seat (first_drawer + i) % 4 and the
// last kitty_cards of the deck are the kitty (§6.1, §11.1). A seat's cards drawn so far fill its first slots, the
// cards it showed first (so that its declarations so far were open to it when it made them);
// every unseen card is shuffled into the other slots.
class DeckSampler {
 public:
  explicit DeckSampler(const Observation& obs) : obs_(obs) {
    for (Card c = 0; c < FACE_NB; ++c) {
      int copies = obs.rules.decks - obs.hand.count(c);  // the packs' copies (§11.1)
      for (int seat = 0; seat < 4; ++seat)
        if (seat != obs.seat) copies -= obs.exposed[seat].count(c);
      if (copies < 0) throw std::invalid_argument("declare search: a card is seen more often than the packs hold it");
      for (int k = 0; k < copies; ++k) unseen_.push_back(c);
    }
    for (int seat = 0; seat < 4; ++seat) {
      auto add = [&](const CardSet& cards) {
        for (Card c = 0; c < FACE_NB; ++c)
          for (int k = 0; k < cards.count(c); ++k) known_[seat].push_back(c);
      };
      add(obs.exposed[seat]);
      if (seat == obs.seat) add(obs.hand.minus(obs.exposed[seat]));
    }
  }

  void deal(Rng& rng, GameSetup* setup) {
    for (size_t i = unseen_.size(); i > 1; --i) std::swap(unseen_[i - 1], unseen_[rng.below(i)]);
    size_t next = 0;
    size_t placed[4] = {};
    for (int i = 0; i < obs_.rules.sizes().deck_cards; ++i) {
      const int seat = (obs_.first_drawer + i) & 3;
      if (i < obs_.drawn && placed[seat] < known_[seat].size()) {
        setup->deck[i] = known_[seat][placed[seat]++];
      } else {
        if (next >= unseen_.size()) throw std::invalid_argument("declare search: the deck does not add up");
        setup->deck[i] = unseen_[next++];
      }
    }
  }

 private:
  const Observation& obs_;
  std::vector<Card> unseen_;         // one entry per physical card
  std::vector<Card> known_[4];       // each seat's cards known to the observer
};

// Replays the declaring of `obs` on a game dealt from a sampled deck: every declaration made so
// far at the draw it was made, every other chance declined, up to the observer's decision.
// False when the deck does not fit (a declaration is not open in it, or the decision never comes).
bool replay_to_decision(const Observation& obs, Game* game) {
  size_t made = 0;
  while (game->phase() == PHASE_DECLARE) {
    const int seat = game->to_act();
    if (made == obs.declarations.size() && seat == obs.seat && game->drawn() == obs.drawn)
      return true;
    if (made < obs.declarations.size()) {
      const Declaration& d = obs.declarations[made];
      if (d.seat == seat && d.drawn == game->drawn()) {
        try {
          game->declare(d.suit, d.kind);
        } catch (const std::exception&) {
          return false;
        }
        ++made;
        continue;
      }
    }
    if (game->drawn() > obs.drawn) return false;
    game->pass();
  }
  return false;
}

// The worlds of a counter decision: the seat's own hand as it is, each other seat's shown cards
// and as many unseen cards as it holds besides, the rest in the kitty. The cards the declarer
// showed before it buried (§10.6: in its hand or the kitty) go to one of those two.
class CounterWorlds {
 public:
  explicit CounterWorlds(const Observation& obs) : obs_(obs) {
    const CardSet& shown = obs.declarer_or_kitty;
    for (Card c = 0; c < FACE_NB; ++c) {
      int copies = obs.rules.decks - obs.hand.count(c);
      for (int seat = 0; seat < 4; ++seat)
        if (seat != obs.seat) copies -= obs.exposed[seat].count(c);
      for (int k = 0; k < shown.count(c); ++k, --copies) shown_.push_back(c);
      if (copies < 0) throw std::invalid_argument("counter search: a card is seen more often than the packs hold it");
      for (int k = 0; k < copies; ++k) unseen_.push_back(c);
    }
    int slots = obs.rules.sizes().kitty_cards;
    for (int seat = 0; seat < 4; ++seat)
      if (seat != obs.seat) slots += hidden(seat);
    if (slots != int(unseen_.size() + shown_.size()) || (!shown_.empty() && obs.declarer == obs.seat))
      throw std::invalid_argument("counter search: the hands do not add up");
  }

  void deal(Rng& rng, CardSet held[4], CardSet* kitty) {
    shuffle(rng, &unseen_);
    // The declarer's hidden cards then the kitty: the shown cards take random places among them.
    const int declarer = obs_.declarer, kitty_cards = obs_.rules.sizes().kitty_cards;
    std::vector<Card> mine(size_t(hidden(declarer) + kitty_cards), -1);
    for (size_t i = 0; i < shown_.size(); ++i) {  // a random slot not taken yet
      size_t j = rng.below(mine.size() - i);
      for (size_t k = 0; k < mine.size(); ++k)
        if (mine[k] < 0 && j-- == 0) {
          mine[k] = shown_[i];
          break;
        }
    }
    size_t next = 0, slot = 0;
    auto take = [&]() { return mine[slot] >= 0 ? mine[slot++] : (++slot, unseen_[next++]); };
    for (int seat = 0; seat < 4; ++seat) {
      held[seat] = seat == obs_.seat ? obs_.hand : obs_.exposed[seat];
      if (seat == obs_.seat) continue;
      for (int k = 0; k < hidden(seat); ++k) held[seat].add(seat == declarer ? take() : unseen_[next++]);
    }
    *kitty = CardSet{};
    for (int k = 0; k < kitty_cards; ++k) kitty->add(take());
  }

 private:
  int hidden(int seat) const { return obs_.hand_size[seat] - obs_.exposed[seat].size(); }
  static void shuffle(Rng& rng, std::vector<Card>* v) {
    for (size_t i = v->size(); i > 1; --i) std::swap((*v)[i - 1], (*v)[rng.below(i)]);
  }

  const Observation& obs_;
  std::vector<Card> unseen_;  // one entry per physical card, but the declarer's shown ones
  std::vector<Card> shown_;   // §10.6: the declarer's shown cards, in its hand or the kitty
};

// The options of the declaring or counter decision `start` waits for — passing (0), then
// options[k - 1] — each applied through the game's one door and finished by `players`: the
// hand score margins of `team`.
void value_options(const Game& start, const std::vector<Declaration>& options,
                   Player* const players[4], int team, std::vector<int>* values) {
  for (size_t k = 0; k <= options.size(); ++k) {
    Game game = start;
    Decision d;
    d.phase = game.phase();
    d.seat = game.to_act();
    d.pass = k == 0;
    if (k > 0) d.suit = options[k - 1].suit, d.kind = options[k - 1].kind;
    game.apply(d);
    play_game(game, players);
    (*values)[k] = game.result().score_margin(team);
  }
}

// The searched choice (option 0 passing, k options[k - 1]), or the heuristic's in `choice`.
DeclareChoice chosen(const PairedChoice& paired, double margin, DeclareChoice choice) {
  const PairedChoice::Result r = paired.choose(margin);
  choice.option = int(r.option) - 1;
  choice.worlds = paired.worlds();
  static_cast<ChoiceValue&>(choice) = r;
  return choice;
}

}  // namespace

DeclareChoice search_counter(const Observation& obs, const std::vector<Declaration>& options,
                             int worlds, double margin, uint64_t seed,
                             const std::function<bool()>& stop) {
  if (obs.phase != PHASE_COUNTER) throw std::invalid_argument("counter search: not a counter decision");
  HeuristicPlayer heuristic(0);
  DeclareChoice choice;
  choice.option = heuristic.declare(obs, options);
  if (options.empty() || worlds < 2) return choice;
  const size_t n = options.size() + 1;  // option 0 passes, k counters with options[k - 1]
  PairedChoice paired(n, size_t(choice.option + 1));
  CounterWorlds deals(obs);
  Player* const players[4] = {&heuristic, &heuristic, &heuristic, &heuristic};
  std::vector<int> values(n);
  Rng rng(seed ^ 0xC0C0A7E5ULL);
  const int team = team_of(obs.seat);
  CardSet held[4], kitty;
  while (paired.worlds() < worlds) {
    if (stop && stop()) break;
    deals.deal(rng, held, &kitty);
    value_options(Game::at_counter(obs, held, kitty), options, players, team, &values);
    paired.add(values);
  }
  return chosen(paired, margin, choice);
}

DeclareChoice search_declare(const Observation& obs, const std::vector<Declaration>& options,
                             int worlds, double margin, uint64_t seed,
                             const std::function<bool()>& stop) {
  if (obs.phase == PHASE_COUNTER) return search_counter(obs, options, worlds, margin, seed, stop);
  if (obs.phase != PHASE_DECLARE) throw std::invalid_argument("declare search: not a declare decision");
  HeuristicPlayer heuristic(0);
  DeclareChoice choice;
  choice.option = heuristic.declare(obs, options);
  if (options.empty() || worlds < 2) return choice;
  // Option k of the search is options[k - 1], option 0 passing.
  const size_t n = options.size() + 1;
  PairedChoice paired(n, size_t(choice.option + 1));
  DeckSampler decks(obs);
  GameSetup setup;
  setup.rules = obs.rules;
  setup.level_ns = obs.levels[0];
  setup.level_ew = obs.levels[1];
  setup.declarer = obs.declarer;
  setup.first_drawer = obs.first_drawer;
  Player* const players[4] = {&heuristic, &heuristic, &heuristic, &heuristic};
  std::vector<int> values(n);
  Rng rng(seed ^ 0xDEC1A4EULL);
  const int team = team_of(obs.seat);
  // Decks the declarations so far do not fit are drawn again, up to 4 times the worlds asked.
  for (int tries = 0; paired.worlds() < worlds && tries < 4 * worlds; ++tries) {
    if (stop && stop()) break;
    decks.deal(rng, &setup);
    Game start(setup);
    if (!replay_to_decision(obs, &start)) continue;
    value_options(start, options, players, team, &values);
    paired.add(values);
  }
  return chosen(paired, margin, choice);
}

}  // namespace duidiao
