// Bindings of the hand flow: Game, Observation, the C++ bots and self-play.
#include <cmath>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <pybind11/numpy.h>

#include "bindings.h"
#include "core/game.h"
#include "core/observation.h"
#include "core/observation_planes.h"
#include "search/belief.h"
#include "search/declare_search.h"
#include "search/grab_search.h"
#include "search/bot_table.h"
#include "search/pimc_player.h"
#include "search/xiaosa_search.h"
#include "search/player.h"
#include "search/selfplay.h"

using namespace duidiao;

namespace {

// A decision crosses as (phase, seat, pass, suit, kind, cards, taken, put), card sets as masks.
using RawDecision = std::tuple<int, int, bool, int, int, Masks, Masks, int>;

RawDecision raw_decision(const Decision& d) {
  return {int(d.phase), d.seat, d.pass, d.suit, d.kind, to_masks(d.cards), to_masks(d.taken), d.put};
}

Decision core_decision(const RawDecision& raw) {
  Decision d;
  const int phase = std::get<0>(raw);
  if (phase < 0 || phase >= PHASE_NB || phase == PHASE_OVER)
    throw std::invalid_argument("decision: phase must be 0..4 or 6 (countering)");
  d.phase = Phase(phase);
  d.seat = checked_seat(std::get<1>(raw));
  d.pass = std::get<2>(raw);
  d.suit = std::get<3>(raw);
  d.kind = std::get<4>(raw);
  d.cards = to_set(std::get<5>(raw));
  d.taken = to_set(std::get<6>(raw));
  d.put = std::get<7>(raw);
  return d;
}

py::tuple declaration_tuple(const Declaration& d) {
  return py::make_tuple(d.seat, d.suit, d.kind, d.drawn);
}

py::list declarations(const std::vector<Declaration>& ds) {
  py::list out;
  for (const Declaration& d : ds) out.append(declaration_tuple(d));
  return out;
}

py::list grabs(const std::vector<Game::Grab>& gs) {
  py::list out;
  for (const auto& g : gs) out.append(py::make_tuple(g.seat, g.taken, g.put));
  return out;
}

py::list xiaosas(const std::vector<Game::Xiaosa>& xs) {
  py::list out;
  for (const auto& x : xs) out.append(py::make_tuple(x.seat, to_masks(x.jokers), to_masks(x.taken)));
  return out;
}

GameSetup make_setup(const Rules& rules, const std::vector<int>& deck, int first_drawer,
                     int declarer, int level_ns, int level_ew) {
  rules.check_game_supported();  // (its decks size the deck below)
  const int cards = rules.sizes().deck_cards;
  if (deck.size() != size_t(cards))
    throw std::invalid_argument("deck: " + std::to_string(cards) + " cards, not " + std::to_string(deck.size()));
  GameSetup s;
  s.rules = rules;
  s.first_drawer = first_drawer;
  s.declarer = declarer;
  s.level_ns = level_ns;
  s.level_ew = level_ew;
  for (int i = 0; i < cards; ++i) s.deck[i] = deck[i];
  return s;
}

}  // namespace

namespace {

// The budget of a searched decision before the play (declare, 抢牌, 潇洒), checked.
void check_decision_search(int worlds, double margin) {
  if (worlds < 0 || worlds > 4096) throw std::invalid_argument("worlds must be from 0 to 4096");
  if (!(margin >= 0)) throw std::invalid_argument("margin cannot be negative");
}

py::dict choice_values(const ChoiceValue& c) {
  py::dict d;
  d["mean"] = c.mean;
  d["gain"] = c.gain;
  d["gain_stderr"] = c.gain_stderr;
  return d;
}

}  // namespace

void init_game(py::module_& m) {
  // A hand goes through them in turn, but for `counter` (numbered last, between bury and play).
  py::enum_<Phase>(m, "Phase", py::arithmetic())
      .value("declare", PHASE_DECLARE)
      .value("bury", PHASE_BURY)
      .value("grab", PHASE_GRAB)
      .value("xiaosa", PHASE_XIAOSA)
      .value("play", PHASE_PLAY)
      .value("over", PHASE_OVER)
      .value("counter", PHASE_COUNTER);  // §11.8 反底, between burying and the play
  py::class_<Game>(m, "Game")
      .def(py::init([](const Rules& rules, const std::vector<int>& deck, int first_drawer,
                       int declarer, int level_ns, int level_ew) {
             return Game(make_setup(rules, deck, first_drawer, declarer, level_ns, level_ew));
           }),
           py::arg("rules"), py::arg("deck"), py::arg("first_drawer"), py::arg("declarer") = -1,
           py::arg("level_ns") = 0, py::arg("level_ew") = 0)
      .def_property_readonly("phase", &Game::phase)
      .def_property_readonly("to_act", &Game::to_act)
      .def_property_readonly("rules", &Game::rules)
      .def_property_readonly("level", &Game::level)
      .def("level_of", &Game::level_of, py::arg("team"))
      .def_property_readonly("trump", &Game::trump)
      .def_property_readonly("declarer", &Game::declarer)
      .def_property_readonly("first_drawer", &Game::first_drawer)
      .def_property_readonly("drawn", &Game::drawn)
      .def_property_readonly("dry", &Game::dry)
      .def_property_readonly("trump_from_kitty", &Game::trump_from_kitty)
      .def_property_readonly("kitty_public", &Game::kitty_public)
      .def_property_readonly("kitty", [](const Game& g) { return to_masks(g.kitty()); })
      .def_property_readonly("original_kitty", [](const Game& g) { return to_masks(g.original_kitty()); })
      .def_property_readonly("declarer_or_kitty", [](const Game& g) { return to_masks(g.declarer_or_kitty()); })
      .def_property_readonly("grab_offer", &Game::grab_offer)
      .def("deck", [](const Game& g) { return std::vector<int>(g.deck(), g.deck() + g.rules().sizes().deck_cards); })
      .def("held", [](const Game& g, int seat) { return to_masks(g.held(checked_seat(seat))); }, py::arg("seat"))
      .def("exposed", [](const Game& g, int seat) { return to_masks(g.exposed(checked_seat(seat))); }, py::arg("seat"))
      .def("declarations", [](const Game& g) { return declarations(g.declarations()); })
      .def("declare_options", [](const Game& g) {
        py::list out;
        for (const Declaration& d : g.declare_options()) out.append(py::make_tuple(d.suit, d.kind));
        return out;
      })
      .def("declare", &Game::declare, py::arg("suit"), py::arg("kind"))
      .def("counters", [](const Game& g) { return declarations(g.counters()); })
      .def("counter_options", [](const Game& g) {
        py::list out;
        for (const Declaration& d : g.counter_declarations()) out.append(py::make_tuple(d.suit, d.kind));
        return out;
      })
      .def("counter", &Game::counter, py::arg("suit"), py::arg("kind"))
      .def_property_readonly("kitty_burier", &Game::kitty_burier)
      .def_property_readonly("doublings", &Game::doublings)
      .def_property_readonly("stake", &Game::stake)
      .def("decline", &Game::pass)
      .def("bury", [](Game& g, const Masks& cards) { g.bury(to_set(cards)); }, py::arg("cards"))
      .def("grab", &Game::grab, py::arg("put"))
      .def("xiaosa_takeable", [](const Game& g) { return to_masks(g.xiaosa_takeable()); })
      .def("xiaosa", [](Game& g, const Masks& jokers, const Masks& taken) {
             g.xiaosa(to_set(jokers), to_set(taken));
           }, py::arg("jokers"), py::arg("taken"))
      .def("extensions", [](const Game& g, const Masks& partial) {
             bool complete = false;
             uint64_t addable;
             {
               py::gil_scoped_release release;
               addable = g.extensions(to_set(partial), &complete);
             }
             return std::make_pair(addable, complete);
           },
           py::arg("partial"))
      .def("hand", [](const Game& g) { return g.hand(); })
      .def("play", [](Game& g, const Masks& cards) { return to_masks(g.play(to_set(cards))); },
           py::arg("cards"))
      .def("result", &Game::result)
      .def("apply", [](Game& g, const RawDecision& d) { return to_masks(g.apply(core_decision(d))); },
           py::arg("decision"))
      .def("grabs", [](const Game& g) { return grabs(g.grabs()); })
      .def("xiaosas", [](const Game& g) { return xiaosas(g.xiaosas()); })
      .def("observe", [](const Game& g, int seat, bool everything) {
             return observe(g, checked_seat(seat), everything);
           }, py::arg("seat"), py::arg("everything") = false)
      .def("copy", [](const Game& g) { return Game(g); });

  py::class_<Observation>(m, "Observation")
      .def(py::init([](int seat, Phase phase, const Rules& rules, int level, std::pair<int, int> levels,
                       int trump, int declarer, int first_drawer, int drawn, const Masks& hand,
                       const std::vector<Masks>& exposed, const std::vector<int>& hand_sizes,
                       const std::vector<std::tuple<int, int, int, int>>& made, bool kitty_visible,
                       const Masks& kitty, const Masks& original_kitty, bool dry, int trump_from_kitty,
                       int grab_offer, const std::vector<std::tuple<int, int, int>>& grabs_made,
                       const std::vector<std::tuple<int, Masks, Masks>>& xiaosas_made,
                       std::optional<Hand> view,
                       const std::vector<std::tuple<int, int, int, int>>& counters_made,
                       int kitty_burier, int stake) {
             if (exposed.size() != 4 || hand_sizes.size() != 4)
               throw std::invalid_argument("observation: exposed and hand_sizes need 4 entries");
             Observation o;
             o.seat = checked_seat(seat), o.phase = phase, o.rules = rules, o.level = level;
             o.levels[0] = levels.first, o.levels[1] = levels.second;
             o.trump = trump, o.declarer = declarer, o.first_drawer = first_drawer, o.drawn = drawn;
             o.hand = to_set(hand);
             for (int i = 0; i < 4; ++i) o.exposed[i] = to_set(exposed[i]), o.hand_size[i] = hand_sizes[i];
             for (auto [s, suit, kind, d] : made) o.declarations.push_back({s, suit, kind, d});
             for (auto [s, suit, kind, d] : counters_made) o.counters.push_back({s, suit, kind, d});
             if (kitty_burier < -1 || kitty_burier > 3)
               throw std::invalid_argument("observation: kitty_burier is a seat 0..3, or -1");
             o.kitty_burier = kitty_burier, o.stake = stake;
             o.kitty_visible = kitty_visible, o.kitty = to_set(kitty);
             o.original_kitty = to_set(original_kitty);
             o.dry = dry, o.trump_from_kitty = trump_from_kitty, o.grab_offer = grab_offer;
             for (auto [s, taken, put] : grabs_made) o.grabs.push_back({s, taken, put});
             for (auto [s, jokers, taken] : xiaosas_made) o.xiaosas.push_back({s, to_set(jokers), to_set(taken)});
             // The play is read from its position: the view the bots see, the rest checked
             // against it.
             if (play_started(phase) != view.has_value())
               throw std::invalid_argument(
                   "observation: position: a play observation has its view, the others none");
             if (view) o.view = *view;
             if (view && o.seat != view->declarer()) o.declarer_or_kitty = view->declarer_or_kitty();
             check_observation(o);
             return o;
           }),
           py::arg("seat"), py::arg("phase"), py::arg("rules"), py::arg("level"), py::arg("levels"),
           py::arg("trump"), py::arg("declarer"), py::arg("first_drawer"), py::arg("drawn"),
           py::arg("hand"), py::arg("exposed"), py::arg("hand_sizes"), py::arg("declarations"),
           py::arg("kitty_visible"), py::arg("kitty"), py::arg("original_kitty"), py::arg("dry"),
           py::arg("trump_from_kitty"), py::arg("grab_offer"), py::arg("grabs"), py::arg("xiaosas"),
           py::arg("view") = py::none(), py::arg("counters") = std::vector<std::tuple<int, int, int, int>>{},
           py::arg("kitty_burier") = -1, py::arg("stake") = 1)
      .def_readonly("seat", &Observation::seat)
      .def_readonly("phase", &Observation::phase)
      .def_readonly("rules", &Observation::rules)
      .def_readonly("level", &Observation::level)
      .def_property_readonly("levels", [](const Observation& o) { return py::make_tuple(o.levels[0], o.levels[1]); })
      .def_readonly("trump", &Observation::trump)
      .def_readonly("declarer", &Observation::declarer)
      .def_readonly("first_drawer", &Observation::first_drawer)
      .def_readonly("drawn", &Observation::drawn)
      .def_property_readonly("hand", [](const Observation& o) { return to_masks(o.hand); })
      .def("exposed", [](const Observation& o, int seat) { return to_masks(o.exposed[checked_seat(seat)]); }, py::arg("seat"))
      .def("hand_size", [](const Observation& o, int seat) { return o.hand_size[checked_seat(seat)]; }, py::arg("seat"))
      .def_property_readonly("declarations", [](const Observation& o) { return declarations(o.declarations); })
      .def_property_readonly("counters", [](const Observation& o) { return declarations(o.counters); })
      .def_readonly("kitty_burier", &Observation::kitty_burier)
      .def_readonly("stake", &Observation::stake)
      .def_readonly("kitty_visible", &Observation::kitty_visible)
      .def_property_readonly("kitty", [](const Observation& o) { return to_masks(o.kitty); })
      .def_property_readonly("original_kitty", [](const Observation& o) { return to_masks(o.original_kitty); })
      .def_property_readonly("declarer_or_kitty", [](const Observation& o) { return to_masks(o.declarer_or_kitty); })
      .def_readonly("dry", &Observation::dry)
      .def_readonly("trump_from_kitty", &Observation::trump_from_kitty)
      .def_readonly("grab_offer", &Observation::grab_offer)
      .def_property_readonly("grabs", [](const Observation& o) { return grabs(o.grabs); })
      .def_property_readonly("xiaosas", [](const Observation& o) { return xiaosas(o.xiaosas); })
      .def_property_readonly("view", [](const Observation& o) { return o.view; })
      .def_property_readonly("tricks", [](const Observation& o) { return trick_records(o.view); });

  m.def("declaration_options", [](const Rules& rules, int seat, const Masks& hand, int level_rank,
                                   const std::vector<std::tuple<int, int, int, int>>& made, int drawn) {
        std::vector<Declaration> ds;
        for (auto [s, suit, kind, d] : made) ds.push_back({s, suit, kind, d});
        return declarations(declaration_options(rules, checked_seat(seat), to_set(hand),
                                                checked_rank(level_rank), ds, drawn));
      }, py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("level_rank"), py::arg("made"),
      py::arg("drawn"));
  m.def("counter_options", [](const Rules& rules, int seat, const Masks& hand, int level_rank,
                               const std::optional<std::tuple<int, int, int, int>>& standing) {
        Declaration d{};
        if (standing) {
          auto [s, suit, kind, drawn] = *standing;
          if (suit < 0 || suit > NO_TRUMP || kind < DECLARE_SINGLE || kind > DECLARE_KIND_MAX)
            throw std::invalid_argument("standing: a declaration's suit is 0..4 and its kind 1..10");
          d = {checked_seat(s), suit, kind, drawn};
        }
        return declarations(counter_options(rules, checked_seat(seat), to_set(hand),
                                            checked_rank(level_rank), standing ? &d : nullptr));
      }, py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("level_rank"),
      py::arg("standing"));
  m.def("declaration_kinds", &declaration_kinds, py::arg("rules"));
  m.def("declaration_cards", [](int suit, int kind, int level_rank) {
        if (suit < 0 || suit > NO_TRUMP || kind < DECLARE_SINGLE || kind > DECLARE_KIND_MAX)
          throw std::invalid_argument("a declaration's suit is 0..4 and its kind 1..10");
        return to_masks(declaration_cards({0, suit, kind, 0}, checked_rank(level_rank)));
      }, py::arg("suit"), py::arg("kind"), py::arg("level_rank"));
  m.def("xiaosa_takeable", [](const Masks& kitty, int level_rank) {
        return to_masks(xiaosa_takeable(to_set(kitty), checked_rank(level_rank)));
      }, py::arg("kitty"), py::arg("level_rank"));
  m.def("observe_play", &observe_play, py::arg("view"), py::arg("level_ns"), py::arg("level_ew"));

  // The learning encoding (docs/env.md): an Observation as a (PLANE_NB, 54) float32 array.
  m.attr("OBSERVATION_PLANES_VERSION") = OBSERVATION_PLANES_VERSION;
  m.attr("KITTY_CARDS") = TWO_DECKS.kitty_cards;  // the two-deck game's (the rules' sizes: §11.1)
  m.attr("DECK_CARDS") = TWO_DECKS.deck_cards;
  m.attr("HAND_CARDS") = TWO_DECKS.hand_cards;
  m.attr("COPIES") = COPIES;
  m.def("observation_plane_names", [] {
    return std::vector<std::string>(PLANE_NAMES, PLANE_NAMES + PLANE_NB);
  });
  m.def("observation_planes", [](const Observation& o, const Masks& chosen_cards) {
        const CardSet chosen = to_set(chosen_cards);
        if (!chosen.valid()) throw std::invalid_argument("chosen: not a card set");
        py::array_t<float> out({py::ssize_t(PLANE_NB), py::ssize_t(FACE_NB)});
        observation_planes(o, chosen, out.mutable_data());
        return out;
      }, py::arg("observation"), py::arg_v("chosen", Masks{}, "(0, 0)"));

  // The learned belief (search/belief.h): duidiao.search.belief reads the weights' file.
  m.def("load_belief_model",
        [](int planes_version, const std::vector<std::string>& presets,
           const std::vector<std::pair<py::array_t<float, py::array::c_style | py::array::forcecast>,
                                       py::array_t<float, py::array::c_style | py::array::forcecast>>>& layers) {
          std::vector<BeliefModel::Layer> out;
          for (const auto& [w, b] : layers) {
            if (w.ndim() != 2 || b.ndim() != 1)
              throw std::invalid_argument("belief model: a layer is a 2-d weight array and a 1-d bias array");
            BeliefModel::Layer l;
            l.inputs = int(w.shape(0));
            l.outputs = int(w.shape(1));
            l.weights.assign(w.data(), w.data() + w.size());
            l.biases.assign(b.data(), b.data() + b.size());
            out.push_back(std::move(l));
          }
          set_belief_model(std::make_shared<const BeliefModel>(planes_version, presets, std::move(out)));
        }, py::arg("planes_version"), py::arg("presets"), py::arg("layers"));
  m.attr("BELIEF_FEATURES") = BELIEF_FEATURES;
  m.def("belief_features", [](py::array_t<float, py::array::c_style | py::array::forcecast> planes) {
        if (planes.ndim() != 3 || planes.shape(1) != PLANE_NB || planes.shape(2) != FACE_NB)
          throw std::invalid_argument("belief_features: planes of shape (n, " + std::to_string(PLANE_NB) + ", " + std::to_string(FACE_NB) + ")");
        const py::ssize_t n = planes.shape(0);
        py::array_t<float> out({n, py::ssize_t(FACE_NB), py::ssize_t(BELIEF_FEATURES)});
        const float* in = planes.data();
        float* o = out.mutable_data();
        {
          py::gil_scoped_release free;
          for (py::ssize_t i = 0; i < n; ++i)
            belief_features(in + i * PLANE_NB * FACE_NB, o + i * FACE_NB * BELIEF_FEATURES);
        }
        return out;
      }, py::arg("planes"));
  m.def("unload_belief_model", [] { set_belief_model(nullptr); });
  m.def("belief_presets", [] {
    const auto model = belief_model();
    return model ? model->presets() : std::vector<std::string>{};
  });
  m.def("belief_of", [](const Observation& o) {
        const auto model = belief_model();
        if (!model) throw std::invalid_argument("belief: no belief model is loaded");
        if (!model->covers(o.rules))
          throw std::invalid_argument("belief: the loaded model was not trained under these rules");
        std::vector<float> factors;
        model->log_factors(o, &factors);
        py::array_t<float> out({py::ssize_t(FACE_NB), py::ssize_t(BELIEF_HOLDERS)});
        std::copy(factors.begin(), factors.end(), out.mutable_data());
        return out;
      }, py::arg("observation"));

  // The built-in bots (bot_table.h): what duidiao.bots, the engine, the server and the CLI list.
  m.def("bot_table", [] {
    py::list out;
    for (const BotKind& kind : bot_kinds()) {
      py::list settings;
      for (const BotSetting& s : kind.settings) {
        py::dict d;
        d["name"] = s.key;
        d["type"] = s.whole ? "integer" : "number";
        d["minimum"] = s.low;
        d["maximum"] = s.high;
        d["default"] = s.fallback;
        d["doc"] = s.doc;
        settings.append(d);
      }
      py::dict d;
      d["name"] = kind.name;
      d["doc"] = kind.doc;
      d["defaults"] = kind.defaults;
      d["searches"] = kind.searches;
      d["sees_everything"] = kind.sees_everything;
      d["level"] = kind.level;
      d["settings"] = settings;
      out.append(d);
    }
    return out;
  });
  m.def("search_declare", [](const Observation& o, const std::vector<std::pair<int, int>>& options,
                             int worlds, double margin, uint64_t seed) {
    check_decision_search(worlds, margin);
    std::vector<Declaration> ds;
    for (auto [suit, kind] : options) ds.push_back({o.seat, suit, kind, o.drawn});
    DeclareChoice c;
    {
      py::gil_scoped_release release;
      c = search_declare(o, ds, worlds, margin, seed);
    }
    py::dict d = choice_values(c);
    d["option"] = c.option;
    d["worlds"] = c.worlds;
    return d;
  }, py::arg("observation"), py::arg("options"), py::arg("worlds"), py::arg("margin"), py::arg("seed"));
  m.def("search_xiaosa", [](const Observation& o, const Masks& takeable, int worlds, double margin,
                            uint64_t seed) {
    check_decision_search(worlds, margin);
    XiaosaChoice c;
    {
      py::gil_scoped_release release;
      c = search_xiaosa(o, to_set(takeable), worlds, margin, seed);
    }
    py::dict d = choice_values(c);
    d["jokers"] = to_masks(c.jokers);
    d["taken"] = to_masks(c.taken);
    d["candidates"] = c.candidates;
    return d;
  }, py::arg("observation"), py::arg("takeable"), py::arg("worlds"), py::arg("margin"), py::arg("seed"));
  m.def("search_grab", [](const Observation& o, int worlds, double margin, uint64_t seed) {
    check_decision_search(worlds, margin);
    GrabChoice c;
    {
      py::gil_scoped_release release;
      c = search_grab(o, worlds, margin, seed);
    }
    py::dict d = choice_values(c);
    d["put"] = c.put;
    d["candidates"] = c.candidates;
    return d;
  }, py::arg("observation"), py::arg("worlds"), py::arg("margin"), py::arg("seed"));
  py::class_<Player>(m, "Bot")
      .def(py::init([](const std::string& name, uint64_t seed) { return make_player(name, seed); }),
           py::arg("name"), py::arg("seed") = 0)
      .def_property_readonly("name", &Player::name)
      .def_property_readonly("sees_everything", &Player::sees_everything)
      // Every decision may search (pimc's declare, bury, grab and xiaosa settings): each runs
      // without the GIL, so that other Python threads (a server's event loop) go on meanwhile.
      .def("declare", [](Player& p, const Observation& o, const std::vector<std::pair<int, int>>& options) {
             std::vector<Declaration> ds;
             for (auto [suit, kind] : options) ds.push_back({o.seat, suit, kind, o.drawn});
             py::gil_scoped_release release;
             return p.declare(o, ds);
           }, py::arg("observation"), py::arg("options"))
      .def("bury", [](Player& p, const Observation& o) {
             py::gil_scoped_release release;
             return to_masks(p.bury(o));
           }, py::arg("observation"))
      .def("grab", [](Player& p, const Observation& o) {
             py::gil_scoped_release release;
             return p.grab(o);
           }, py::arg("observation"))
      .def("xiaosa", [](Player& p, const Observation& o, const Masks& takeable) {
             std::pair<CardSet, CardSet> answer;
             {
               py::gil_scoped_release release;
               answer = p.xiaosa(o, to_set(takeable));
             }
             return py::make_tuple(to_masks(answer.first), to_masks(answer.second));
           }, py::arg("observation"), py::arg("takeable"))
      .def("play", [](Player& p, const Observation& o) {
             py::gil_scoped_release release;
             return to_masks(p.play(o));
           }, py::arg("observation"))
      .def("decide", [](Player& p, const Observation& o) {
             Decision d;
             {
               py::gil_scoped_release release;
               d = p.decide(o);
             }
             return raw_decision(d);
           }, py::arg("observation"))
      .def("stop", [](Player& p) { p.stop(); })
      .def("clear_stop", [](Player& p) { p.clear_stop(); })
      .def_property_readonly("last_values", [](const Player& p) {
             py::list out;
             for (const MoveAnalysis& ma : p.last_values())
               out.append(py::make_tuple(to_masks(ma.move), ma.mean, ma.stderr_, ma.makes, ma.worlds,
                                         ma.gain, ma.gain_stderr, ma.baseline));
             return out;
           })
      .def_property_readonly("last_worlds", [](const Player& p) {
             const Player::WorldsWorth w = p.last_worlds();
             return py::make_tuple(w.worlds, w.pool, w.effective_pool, w.independent_worlds);
           });

  m.def("play_game", [](Game& game, std::vector<Player*> players) {
        if (players.size() != 4) throw std::invalid_argument("play_game needs 4 bots, one per seat");
        Player* seats[4] = {players[0], players[1], players[2], players[3]};
        py::gil_scoped_release release;
        play_game(game, seats);
      }, py::arg("game"), py::arg("bots"));

  m.def("selfplay_hands", [](int n, uint64_t seed, const std::string& preset, std::vector<std::string> bots) {
        if (bots.size() != 4) throw std::invalid_argument("selfplay_hands needs 4 bot names");
        Rules rules = Rules::preset(preset);
        std::string names[4] = {bots[0], bots[1], bots[2], bots[3]};
        SelfplayStats s;
        {
          py::gil_scoped_release release;
          s = selfplay_hands(rules, n, seed, names);
        }
        py::dict out;
        out["hands"] = s.hands;
        out["declarer_stays"] = s.declarer_stays;
        out["defender_points"] = s.defender_points;
        out["digs"] = s.digs;
        out["xiaosa_hands"] = s.xiaosa_hands;
        out["score_ns_minus_ew"] = s.score_ns;
        out["checksum"] = s.checksum;
        return out;
      }, py::arg("n"), py::arg("seed"), py::arg("preset"), py::arg("bots"));
}
