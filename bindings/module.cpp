// duidiao._core (and _core3, the same glue over the three-deck build): the pybind11 glue. No game logic here: only conversions between Python values
// (ints, (one, two) mask tuples, lists) and the core, and the GIL released around long calls.
#include "bindings.h"

#include <pybind11/numpy.h>

#include "core/hand.h"
#include "core/playout.h"
#include "search/solver.h"

using namespace duidiao;

namespace {

py::object core_error, illegal_move_error, search_stopped_error;

// Raises `type` with the message and, from a Detail, the attributes field, token, reason and
// suit (each None when the refusal has no detail), which Python formats its own messages from.
void raise_with_detail(const py::object& type, const char* message, const Detail* detail) {
  py::object error = type(message);
  const bool has = detail && !detail->reason.empty();
  auto text = [&](const std::string& s) -> py::object { return has ? py::object(py::str(s)) : py::object(py::none()); };
  error.attr("field") = text(has ? detail->field : "");
  error.attr("token") = text(has ? detail->token : "");
  error.attr("reason") = text(has ? detail->reason : "");
  error.attr("suit") = has && detail->suit >= 0 ? py::object(py::int_(detail->suit)) : py::none();
  PyErr_SetObject(type.ptr(), error.ptr());
}

void init_rules(py::module_& m) {
  // The enums' Python names are the strings the options and results print as.
  py::enum_<KDig>(m, "KDig").value("swap", K_DIG_SWAP).value("ten", K_DIG_TEN);
  py::enum_<KittyPoints>(m, "KittyPoints")
      .value("never", KITTY_POINTS_NEVER)
      .value("power", KITTY_POINTS_POWER)
      .value("cards", KITTY_POINTS_CARDS)
      .value("component", KITTY_POINTS_COMPONENT)
      .value("double", KITTY_POINTS_DOUBLE);
  py::enum_<FailedThrow>(m, "FailedThrow")
      .value("lowest_failing", FAILED_THROW_LOWEST_FAILING)
      .value("lowest", FAILED_THROW_LOWEST);
  // A ladder prints as "A-K" or "2-A", which are not Python names: these are.
  py::enum_<Ladder>(m, "Ladder").value("a_to_k", LADDER_A_K).value("two_to_a", LADDER_2_A);
  py::enum_<TrumpCompare>(m, "TrumpCompare")
      .value("format", TRUMP_COMPARE_FORMAT)
      .value("structure", TRUMP_COMPARE_STRUCTURE);
  py::enum_<Declaring>(m, "Declaring")
      .value("chifeng", DECLARING_CHIFENG)
      .value("standard", DECLARING_STANDARD)
      .value("huanle", DECLARING_HUANLE);
  py::enum_<FirstDeclarer>(m, "FirstDeclarer")
      .value("standing", FIRST_DECLARER_STANDING)
      .value("first", FIRST_DECLARER_FIRST);
  py::enum_<KittyBurial>(m, "KittyBurial")
      .value("face_up", KITTY_BURIAL_FACE_UP)
      .value("face_down", KITTY_BURIAL_FACE_DOWN);
  py::enum_<Scoring>(m, "Scoring").value("chifeng", SCORING_CHIFENG).value("bands", SCORING_BANDS);
  m.def("ladder_letters", [](Ladder l) { return std::string(ladder_letters(l)); }, py::arg("ladder"));
  py::class_<Rules>(m, "Rules")
      .def(py::init<>())
      .def_static("preset", &Rules::preset, py::arg("name"))
      .def_static("presets", &Rules::presets)
      .def_readwrite("name", &Rules::name)
      .def_readwrite("must_follow_format", &Rules::must_follow_format)
      .def_readwrite("ace_low_tractor", &Rules::ace_low_tractor)
      .def_readwrite("level_tractor_bridge", &Rules::level_tractor_bridge)
      .def_readwrite("throws_in_trumps", &Rules::throws_in_trumps)
      .def_readwrite("throw_penalty", &Rules::throw_penalty)
      .def_readwrite("level_card_grab", &Rules::level_card_grab)
      .def_readwrite("k_dig", &Rules::k_dig)
      .def_readwrite("must_play_levels", &Rules::must_play_levels)
      .def_readwrite("kitty_points", &Rules::kitty_points)
      .def_readwrite("muddy_throws", &Rules::muddy_throws)
      .def_readwrite("failed_throw", &Rules::failed_throw)
      .def_readwrite("ladder", &Rules::ladder)
      .def_readwrite("gated_takeover", &Rules::gated_takeover)
      .def_readwrite("trump_compare", &Rules::trump_compare)
      .def_readwrite("declaring", &Rules::declaring)
      .def_readwrite("kitty_burial", &Rules::kitty_burial)
      .def_readwrite("xiaosa", &Rules::xiaosa)
      .def_readwrite("digs", &Rules::digs)
      .def_readwrite("scoring", &Rules::scoring)
      .def_readwrite("decks", &Rules::decks)
      .def_readwrite("permanent_twos", &Rules::permanent_twos)
      .def_readwrite("protect_triples", &Rules::protect_triples)
      .def_readwrite("counter_bury", &Rules::counter_bury)
      .def_readwrite("stakes", &Rules::stakes)
      .def_readwrite("first_declarer", &Rules::first_declarer)
      .def("level_rank", &Rules::level_rank, py::arg("level"))
      .def("check_supported", &Rules::check_supported)
      .def("check_game_supported", &Rules::check_game_supported)
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; }, py::is_operator())
      .def("__str__", &Rules::to_string)
      .def("__repr__", [](const Rules& r) { return "Rules.preset('" + r.name + "')"; })
      .def("__copy__", [](const Rules& r) { return r; })
      .def("__deepcopy__", [](const Rules& r, py::dict) { return r; }, py::arg("memo"));
}

void init_result(py::module_& m) {
  py::enum_<Dig>(m, "Dig").value("none", DIG_NONE).value("joker", DIG_JOKER).value("level", DIG_LEVEL);
  py::enum_<Outcome>(m, "Outcome")
      .value("guangpai", OUTCOME_GUANGPAI)
      .value("dacheng", OUTCOME_DACHENG)
      .value("dapo", OUTCOME_DAPO)
      .value("gulupo", OUTCOME_GULUPO)
      .value("joker_dig", OUTCOME_JOKER_DIG)
      .value("j_daodi", OUTCOME_J_DAODI)
      .value("q_banjie", OUTCOME_Q_BANJIE)
      .value("k_fantian", OUTCOME_K_FANTIAN)
      .value("k_sanji", OUTCOME_K_SANJI)
      .value("xiaoguang", OUTCOME_XIAOGUANG)
      .value("dapo_climb", OUTCOME_DAPO_CLIMB);
  py::class_<HandResult>(m, "HandResult")
      .def_readonly("points", &HandResult::points)
      .def_readonly("dig", &HandResult::dig)
      .def_readonly("outcome", &HandResult::outcome)
      .def_readonly("kitty_jokers_climb", &HandResult::kitty_jokers_climb)
      .def_readonly("declarers_stay", &HandResult::declarers_stay)
      .def_readonly("level_ns", &HandResult::level_ns)
      .def_readonly("level_ew", &HandResult::level_ew)
      .def_readonly("score_ns", &HandResult::score_ns)
      .def_readonly("stake", &HandResult::stake)
      .def_readonly("base", &HandResult::base)
      .def_readonly("score_ew", &HandResult::score_ew)
      .def_readonly("next_declarer", &HandResult::next_declarer)
      .def_readonly("match_won", &HandResult::match_won)
      .def_readonly("kitty_points", &HandResult::kitty_points)
      .def_readonly("kitty_multiplier", &HandResult::kitty_multiplier);
}

HandSetup make_setup(const Rules& rules, int level, int trump, int declarer, int leader,
                     const std::vector<Masks>& hands, const std::vector<int>& unknown,
                     const Masks& kitty, bool kitty_known, bool dry, int points,
                     const std::vector<int>& voids, int tricks_done, const Masks& gone) {
  if (hands.size() != 4 || unknown.size() != 4 || voids.size() != 4)
    throw std::invalid_argument("hands, unknown and voids need one entry per seat (4)");
  HandSetup s;
  s.rules = rules;
  s.level = level, s.trump = trump, s.declarer = declarer, s.leader = leader;
  for (int i = 0; i < 4; ++i) {
    s.held[i] = to_set(hands[i]);
    s.unknown[i] = unknown[i];
    s.voids[i] = voids[i];
  }
  s.kitty = to_set(kitty), s.kitty_known = kitty_known, s.dry = dry;
  s.points = points, s.tricks_done = tricks_done, s.gone = to_set(gone);
  return s;
}

void init_hand(py::module_& m) {
  py::class_<Hand>(m, "Hand")
      .def(py::init([](const Rules& rules, int level, int trump, int declarer, int leader,
                       const std::vector<Masks>& hands, const std::vector<int>& unknown,
                       const Masks& kitty, bool kitty_known, bool dry, int points,
                       const std::vector<int>& voids, int tricks_done, const Masks& gone) {
             return Hand(make_setup(rules, level, trump, declarer, leader, hands, unknown, kitty,
                                    kitty_known, dry, points, voids, tricks_done, gone));
           }),
           py::arg("rules"), py::arg("level"), py::arg("trump"), py::arg("declarer"),
           py::arg("leader"), py::arg("hands"), py::arg("unknown"), py::arg("kitty"),
           py::arg("kitty_known"), py::arg("dry"), py::arg("points"), py::arg("voids"),
           py::arg("tricks_done"), py::arg_v("gone", Masks{}, "(0, 0)"))
      .def_property_readonly("turn", &Hand::turn)
      .def_property_readonly("leader", &Hand::leader)
      .def_property_readonly("declarer", &Hand::declarer)
      .def_property_readonly("level", [](const Hand& h) { return h.context().level; })
      .def_property_readonly("trump", [](const Hand& h) { return h.context().trump; })
      .def_property_readonly("rules", &Hand::rules)
      .def_property_readonly("points", &Hand::points)
      .def_property_readonly("dry", &Hand::dry)
      .def_property_readonly("kitty", [](const Hand& h) { return to_masks(h.kitty()); })
      .def_property_readonly("kitty_known", &Hand::kitty_known)
      .def_property_readonly("tricks_done", &Hand::tricks_done)
      .def_property_readonly("is_over", &Hand::is_over)
      .def("hand", [](const Hand& h, int seat) { return to_masks(h.held(checked_seat(seat))); }, py::arg("seat"))
      .def("unknown", [](const Hand& h, int seat) { return h.unknown(checked_seat(seat)); }, py::arg("seat"))
      .def("voids", [](const Hand& h, int seat) { return h.voids(checked_seat(seat)); }, py::arg("seat"))
      .def("add_voids", &Hand::add_voids, py::arg("seat"), py::arg("mask"))
      .def("no_pairs", [](const Hand& h, int seat) { return h.no_pairs(checked_seat(seat)); },
           py::arg("seat"))
      .def("add_no_pairs", &Hand::add_no_pairs, py::arg("seat"), py::arg("mask"))
      .def("no_triples", [](const Hand& h, int seat) { return h.no_triples(checked_seat(seat)); },
           py::arg("seat"))
      .def("add_no_triples", &Hand::add_no_triples, py::arg("seat"), py::arg("mask"))
      .def_property_readonly("stake", &Hand::stake)
      .def("set_stake", &Hand::set_stake, py::arg("stake"))
      .def("bank_points", &Hand::bank_points, py::arg("points"))
      .def_property_readonly("declarer_or_kitty", [](const Hand& h) { return to_masks(h.declarer_or_kitty()); })
      .def("set_declarer_or_kitty", [](Hand& h, const Masks& cards) { h.set_declarer_or_kitty(to_set(cards)); },
           py::arg("cards"))
      .def("hide_kitty", &Hand::hide_kitty)
      .def("trick", [](const Hand& h) {
        std::vector<Masks> plays;
        for (int i = 0; i < h.trick().played; ++i) plays.push_back(to_masks(h.trick().plays[i]));
        return plays;
      })
      .def("tricks", &trick_records, py::arg("attempts") = false)
      .def_property_readonly("lead_attempt", [](const Hand& h) { return to_masks(h.lead_attempt()); })
      .def("legal_moves", [](const Hand& h) {
        std::vector<CardSet> moves;
        {
          py::gil_scoped_release release;
          h.legal_moves(&moves);
        }
        std::vector<Masks> out;
        out.reserve(moves.size());
        for (const CardSet& c : moves) out.push_back(to_masks(c));
        return out;
      })
      .def("legal_moves_page", [](const Hand& h, uint64_t first, uint64_t limit) {
        std::vector<CardSet> moves;
        {
          py::gil_scoped_release release;
          h.legal_moves_page(first, limit, &moves);
        }
        std::vector<Masks> out;
        out.reserve(moves.size());
        for (const CardSet& c : moves) out.push_back(to_masks(c));
        return out;
      }, py::arg("first"), py::arg("limit"))
      .def("legal_moves_array", [](const Hand& h) {
        // The same moves as an (n, COPIES) uint64 array of their planes: no Python object per move.
        std::vector<CardSet> moves;
        {
          py::gil_scoped_release release;
          h.legal_moves(&moves);
        }
        py::array_t<uint64_t> out({py::ssize_t(moves.size()), py::ssize_t(COPIES)});
        auto a = out.mutable_unchecked<2>();
        for (size_t i = 0; i < moves.size(); ++i)
          for (int n = 1; n <= COPIES; ++n) a(i, n - 1) = moves[i].at_least(n);
        return out;
      })
      .def("count_legal_moves", &Hand::count_legal_moves)
      .def("extensions", [](const Hand& h, const Masks& partial) {
             bool complete = false;
             uint64_t addable;
             {
               py::gil_scoped_release release;
               addable = h.extensions(to_set(partial), &complete);
             }
             return std::make_pair(addable, complete);
           },
           py::arg("partial"))
      .def("play", [](Hand& h, const Masks& cards, bool recorded) {
             return to_masks(h.play(to_set(cards), recorded));
           },
           py::arg("cards"), py::arg("recorded") = false)
      .def("copy", [](const Hand& h) { return Hand(h); })
      .def("__copy__", [](const Hand& h) { return Hand(h); })
      .def("result", &Hand::result, py::arg("level_ns"), py::arg("level_ew"));
}

}  // namespace

bool in_main_thread() {
  static const unsigned long main_ident =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  return PyThread_get_thread_ident() == main_ident;
}

StopWatch::StopWatch(py::object event, double seconds)
    : main_thread_(in_main_thread()), event_(std::move(event)), has_deadline_(seconds > 0) {
  if (has_deadline_)
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(seconds));
}

bool StopWatch::operator()() {
  if (reason_ != NONE) return true;
  if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) {
    reason_ = STOPPED;
    return true;
  }
  if (!main_thread_ && event_.is_none()) return false;
  py::gil_scoped_acquire hold;
  // Only the main thread runs signal handlers; other threads get 0 here.
  if (main_thread_ && PyErr_CheckSignals() != 0) {
    reason_ = INTERRUPTED;
    return true;
  }
  if (!event_.is_none() && event_.attr("is_set")().cast<bool>()) {
    reason_ = STOPPED;
    return true;
  }
  return false;
}

py::list trick_records(const Hand& h, bool attempts) {
  py::list out;
  for (int i = 0; i < h.history_size(); ++i) {
    const TrickRecord& t = h.history(i);
    std::vector<Masks> plays;
    for (const CardSet& p : t.plays) plays.push_back(to_masks(p));
    if (attempts)
      out.append(py::make_tuple(t.leader, plays, t.winner, t.points, to_masks(t.attempt)));
    else
      out.append(py::make_tuple(t.leader, plays, t.winner, t.points));
  }
  return out;
}

#ifndef DUIDIAO_MODULE
#define DUIDIAO_MODULE _core
#endif

PYBIND11_MODULE(DUIDIAO_MODULE, m) {
  m.doc() = "duidiao's C++ core (private: use the duidiao package)";
  // The errors are duidiao._core's classes in every build (types.h: one build per number of
  // copies), so Python catches one CoreError whichever build refused; each build translates only
  // its own calls' exceptions.
  if (COPIES == 2) {
    core_error = py::exception<std::invalid_argument>(m, "CoreError", PyExc_ValueError);
    illegal_move_error = py::exception<IllegalMove>(m, "IllegalMoveError", PyExc_ValueError);
    search_stopped_error = py::exception<SearchStopped>(m, "SearchStopped", PyExc_RuntimeError);
  } else {
    py::module_ two_decks = py::module_::import("duidiao._core");
    for (const char* name : {"CoreError", "IllegalMoveError", "SearchStopped"})
      m.attr(name) = two_decks.attr(name);
    core_error = two_decks.attr("CoreError");
    illegal_move_error = two_decks.attr("IllegalMoveError");
    search_stopped_error = two_decks.attr("SearchStopped");
  }
  py::register_local_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalMove& e) {
      raise_with_detail(illegal_move_error, e.what(), &e.detail);
    } catch (const BadSetup& e) {
      raise_with_detail(core_error, e.what(), &e.detail);
    } catch (const std::invalid_argument& e) {
      raise_with_detail(core_error, e.what(), nullptr);
    } catch (const SearchStopped& e) {
      // A search ended by its stop check (time limit or stop event) before it had any answer.
      PyErr_SetString(search_stopped_error.ptr(), e.what());
    }
  });
  init_rules(m);
  init_result(m);
  init_hand(m);
  init_game(m);
  init_search(m);
  init_sampler(m);
  init_analysis(m);
  init_multisets(m);
  m.def("generate_legal_moves",
        [](const std::vector<const Hand*>& hands, int repeat) {
          // Generation alone, for the benchmark: each hand's moves built `repeat` times into one
          // reused list; returns how many moves were built.
          uint64_t total = 0;
          py::gil_scoped_release release;
          std::vector<CardSet> moves;
          for (int r = 0; r < repeat; ++r)
            for (const Hand* h : hands) {
              moves.clear();
              h->legal_moves(&moves);
              total += moves.size();
            }
          return total;
        },
        py::arg("hands"), py::arg("repeat") = 1);
  m.def("face_points", [] {
    std::vector<int> points(FACE_NB);
    for (Card c = 0; c < FACE_NB; ++c) points[c] = card_points(c);
    return points;
  });
  m.def("card_tables",
        [](int level_rank, int trump) {
          if (trump < 0 || trump > NO_TRUMP)
            throw std::invalid_argument("trump must be a suit 0..3 or 4 (no trump)");
          Rules ranks;  // on the 2-A ladder a level's number is its rank; NT allowed
          ranks.ladder = LADDER_2_A;
          ranks.declaring = DECLARING_STANDARD;
          const Context ctx(ranks, checked_rank(level_rank), trump);
          Card order[FACE_NB];
          ctx.notation_order(order);
          std::vector<int> suits(ctx.effective_suit, ctx.effective_suit + FACE_NB);
          return py::make_tuple(suits, std::vector<int>(order, order + FACE_NB));
        },
        py::arg("level_rank"), py::arg("trump"));
  m.def("random_playouts",
        [](int n, uint64_t seed, const std::string& preset) {
          Rules rules = Rules::preset(preset);
          py::gil_scoped_release release;
          return random_playouts(rules, n, seed);
        },
        py::arg("n"), py::arg("seed"), py::arg("preset") = "chifeng");
}
