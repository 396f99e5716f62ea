// check_observation: an observation built from outside (JSON) is checked whole before any bot
// sees it — each field in its range, and the fields against each other and the rules: the
// declarations made in turn and open when made, the counters of 反底 and the stake they make,
// the trump and declarer they make, the cards
// each seat showed and holds, the hand sizes the dealing gives, the kitty, 抢牌 and 潇洒. A bot
// handed a contradiction would answer with confident nonsense; the caller gets the field instead.
#include <stdexcept>
#include <string>

#include "observation.h"

namespace duidiao {

namespace {

[[noreturn]] void fail(const std::string& field, const std::string& why) {
  throw std::invalid_argument("observation: " + field + ": " + why);
}

void need(bool ok, const std::string& field, const std::string& why) {
  if (!ok) fail(field, why);
}

bool seat_ok(int s) { return s >= 0 && s < 4; }

std::string seat_field(const char* field, int seat) { return std::string(field) + "." + seat_name(seat); }

// Cards drawn by `seat` among the first `drawn` (§6.1: one at a time from the first drawer).
int draws_of(int seat, int first_drawer, int drawn) {
  int n = 0;
  for (int i = 0; i < drawn; ++i) n += ((first_drawer + i) & 3) == seat;
  return n;
}

// a with every card of b it lacks (a seat shows a card once, however often it is named).
CardSet with(const CardSet& a, const CardSet& b) { return a.plus(a.missing(b)); }

std::string declaration_text(const Declaration& d) {
  static const char* kinds[] = {"", "single", "lock", "override", "pair", "reinforce",
                                "small_jokers", "big_jokers", "triple",
                                "three_small_jokers", "three_big_jokers"};
  static_assert(sizeof(kinds) / sizeof(kinds[0]) == DECLARE_KIND_MAX + 1, "a name per kind");
  static const char* suits[] = {"H", "D", "S", "C", "NT"};
  return seat_name(d.seat) + "'s " + kinds[d.kind] + " " + suits[d.suit] + " at card " +
         std::to_string(d.drawn);
}

void check_ranges(const Observation& o) {
  need(seat_ok(o.seat), "seat", "must be 0..3");
  need(o.phase >= PHASE_DECLARE && o.phase < PHASE_NB, "phase", "must be 0..6");
  need(o.level >= 0 && o.level < LEVEL_NB, "level", "must be 0..12");
  need(o.levels[0] >= 0 && o.levels[0] < LEVEL_NB && o.levels[1] >= 0 && o.levels[1] < LEVEL_NB,
       "levels", "must be 0..12");
  const int top_suit = o.rules.allows_no_trump() ? NO_TRUMP : 3;
  need(o.trump >= -1 && o.trump <= top_suit, "trump",
       o.rules.allows_no_trump() ? "must be -1..4 (4: no trump)" : "must be -1..3");
  need(o.declarer >= -1 && o.declarer < 4, "declarer", "must be -1..3");
  need(seat_ok(o.first_drawer), "first_drawer", "must be 0..3");
  const Sizes z = o.rules.sizes();
  need(o.drawn >= 0 && o.drawn <= z.dealt_cards, "drawn", "must be 0.." + std::to_string(z.dealt_cards));
  for (int s = 0; s < 4; ++s)
    need(o.hand_size[s] >= 0 && o.hand_size[s] <= z.hand_cards + z.kitty_cards,
         seat_field("hand_sizes", s), "must be 0.." + std::to_string(z.hand_cards + z.kitty_cards));
  need(o.hand.valid() && o.kitty.valid() && o.original_kitty.valid(), "hand",
       "not a set of cards (at most " + times(z.decks) + " a face)");
  for (int s = 0; s < 4; ++s)
    need(o.exposed[s].valid(), seat_field("exposed", s), "not a set of cards");
  for (const Declaration& d : o.declarations)
    need(seat_ok(d.seat) && d.suit >= 0 && d.suit <= top_suit && d.kind >= DECLARE_SINGLE &&
             d.kind <= DECLARE_KIND_MAX && d.drawn >= 0 && d.drawn <= z.dealt_cards,
         "declarations", "a declaration is out of range");
  for (const Declaration& d : o.counters)
    need(seat_ok(d.seat) && d.suit >= 0 && d.suit <= top_suit && d.kind >= DECLARE_PAIR &&
             d.kind <= DECLARE_KIND_MAX && d.drawn == z.dealt_cards,
         "counters", "a counter is out of range (a pair or more, after the deal)");
  need(o.kitty_burier >= -1 && o.kitty_burier < 4, "kitty_burier", "a seat, or -1");
  need(o.stake >= 1, "stake", "1 or more");
  need(o.trump_from_kitty == 0 || o.trump_from_kitty == 1, "trump_from_kitty", "must be 0 or 1");
  need(o.grab_offer >= -1 && o.grab_offer < FACE_NB, "grab_offer", "must be a card or -1");
  for (const auto& g : o.grabs)
    need(seat_ok(g.seat) && g.taken >= 0 && g.taken < FACE_NB && g.put >= 0 && g.put < FACE_NB,
         "grabs", "a grab is out of range");
  for (const auto& x : o.xiaosas)
    need(seat_ok(x.seat) && x.jokers.valid() && x.taken.valid(), "xiaosas",
         "a 潇洒 is out of range");
}

// §6.2 / §10.6: while drawing, the seat that drew the card just drawn may declare, once; after
// the last card each seat once more, in turn from the first drawer. Each declaration must be
// open after those before it (the rules' own options, with every level card and joker at hand:
// the cards the seat showed are checked apart).
// Every level card and joker, as often as the packs hold it: what any declaration may show.
CardSet every_declarable(const Observation& o, int rank) {
  CardSet every;
  for (int copy = 0; copy < o.rules.decks; ++copy) {
    for (int suit = 0; suit < 4; ++suit) every.add(make_card(suit, rank));
    every.add(SMALL_JOKER), every.add(BIG_JOKER);
  }
  return every;
}

// The seat that buries in the bury phase: the declarer, or (§11.8) the last to counter.
int burier_now(const Observation& o) { return o.counters.empty() ? o.declarer : o.counters.back().seat; }

void check_declaring(const Observation& o, int rank) {
  const CardSet every = every_declarable(o, rank);
  std::vector<Declaration> made;
  int last_drawn = 0, last_chance = -1;
  CardSet shown[4];
  for (const Declaration& d : o.declarations) {
    const std::string what = declaration_text(d);
    need(d.drawn >= 1 && d.drawn >= last_drawn, "declarations",
         what + ": declarations are listed in the order made, after a card is drawn");
    need(d.drawn <= o.drawn, "declarations", what + ": made after the cards drawn so far");
    if (d.drawn < o.rules.sizes().dealt_cards) {
      need(d.drawn > last_drawn || made.empty(), "declarations",
           what + ": one declaration per card drawn (rules §6.2)");
      need(d.seat == ((o.first_drawer + d.drawn - 1) & 3), "declarations",
           what + ": only the seat that drew card " + std::to_string(d.drawn) +
               " may declare then (rules §6.2)");
    } else {
      const int chance = (d.seat - o.first_drawer) & 3;
      need(chance > last_chance, "declarations",
           what + ": after the last card each seat declares once, in turn from the first "
                  "drawer (rules §6.2)");
      last_chance = chance;
    }
    bool open = false;
    for (const Declaration& option :
         declaration_options(o.rules, d.seat, every, rank, made, d.drawn))
      open |= option.suit == d.suit && option.kind == d.kind;
    need(open, "declarations",
         what + " is not open after the declarations before it (rules §6.2, §10.6)");
    shown[d.seat] = with(shown[d.seat], declaration_cards(d, rank));
    need(shown[d.seat].size() <= draws_of(d.seat, o.first_drawer, d.drawn), "declarations",
         what + ": shows more cards than the seat had drawn");
    made.push_back(d);
    last_drawn = d.drawn;
  }
  if (o.phase == PHASE_DECLARE && o.drawn < o.rules.sizes().dealt_cards)
    need(made.empty() || last_drawn < o.drawn, "declarations",
         "a declaration at card " + std::to_string(last_drawn) +
             ", and the seat that drew it asked to declare again");
  if (o.phase == PHASE_DECLARE && o.drawn == o.rules.sizes().dealt_cards)
    need(((o.seat - o.first_drawer) & 3) > last_chance, "declarations",
         "the seat's last chance to declare came before the others' listed (rules §6.2)");
}

// The trump and declarer the declarations make (§6.2 翻主, §10.6), and the hand's level (§8.2).
void check_trump(const Observation& o) {
  const auto& ds = o.declarations;
  if (o.phase == PHASE_DECLARE) {
    need(o.trump == -1, "trump", "no trump is known while declaring");
    need(o.trump_from_kitty == 0, "trump_from_kitty", "not while declaring");
  } else if (!o.counters.empty()) {  // §11.8: the last counter stands
    need(o.trump == o.counters.back().suit, "trump",
         "the counters make " + declaration_text(o.counters.back()) + " the trump, not this one");
    need(o.trump_from_kitty == 0, "trump_from_kitty", "the trump was declared");
  } else if (!ds.empty()) {
    need(o.trump == ds.back().suit, "trump",
         "the declarations make " + declaration_text(ds.back()) + " the trump, not this one");
    need(o.trump_from_kitty == 0, "trump_from_kitty",
         "the trump was declared (" + declaration_text(ds.back()) + ")");
  } else if (o.rules.declaring != DECLARING_CHIFENG) {
    need(o.trump == NO_TRUMP, "trump", "no declaration means no trump (NT, rules §10.6, §11.7)");
    need(o.trump_from_kitty == 0, "trump_from_kitty", "not in the standard game (rules §10.6)");
  } else {
    need(o.trump >= 0, "trump", "missing once declaring is over");
    need(o.trump_from_kitty == 1, "trump_from_kitty",
         "nobody declared, so the kitty turned the trump (翻主, rules §6.2)");
  }
  if (o.phase != PHASE_DECLARE) need(o.declarer >= 0, "declarer", "missing once declaring is over");
  if (o.declarer >= 0) {
    need(o.level == o.levels[team_of(o.declarer)], "level",
         "the hand is played at the declarers' level (rules §8.2)");
  } else {
    need(o.levels[0] == o.levels[1], "levels",
         "a hand without a declarer yet (抢庄) is a match's first: both teams at one level");
    need(o.level == o.levels[0], "level", "the teams' level in a first hand (rules §8.2)");
  }
}

// Cards: what a seat shows is what it showed by declaring, or took from the face-up kitty; no
// face is seen more than twice; the hand sizes are the dealing's.
void check_cards(const Observation& o, int rank) {
  CardSet shown[4];
  for (const Declaration& d : o.declarations)
    shown[d.seat] = with(shown[d.seat], declaration_cards(d, rank));
  for (const Declaration& d : o.counters) shown[d.seat] = with(shown[d.seat], declaration_cards(d, rank));
  // Each card taken from the kitty is one more copy shown (a declaration's, one shown once).
  for (const auto& g : o.grabs) shown[g.seat] = shown[g.seat].plus(CardSet{bit(g.taken), 0});
  for (const auto& x : o.xiaosas) shown[x.seat] = shown[x.seat].plus(x.taken);
  const bool play = play_started(o.phase);
  need(o.hand.contains(o.exposed[o.seat]), seat_field("exposed", o.seat),
       seat_name(o.seat) + " shows " + to_string(o.hand.missing(o.exposed[o.seat])) +
           ", which its hand does not hold");
  for (int s = 0; s < 4; ++s) {
    const std::string field = seat_field("exposed", s);
    need(o.exposed[s].size() <= o.hand_size[s], field, "more cards than the seat holds");
    if (play) continue;  // the position holds the play's cards; played ones left the hands
    if (o.phase == PHASE_DECLARE)
      need(o.exposed[s] == shown[s], field,
           "while declaring a seat shows the cards of its declarations: " +
               (shown[s].empty() ? std::string("none") : to_string(shown[s])));
    else
      need(shown[s].contains(o.exposed[s]), field,
           to_string(shown[s].missing(o.exposed[s])) +
               " was neither declared nor taken from the kitty by " + seat_name(s));
  }
  if (play) return;
  // No face more often than the packs hold it among the cards this seat can place.
  const int decks = o.rules.decks;
  CardSet seen = o.hand;
  for (int s = 0; s < 4; ++s) {
    if (s == o.seat) continue;
    const uint64_t over = seen.beyond(o.exposed[s], decks);
    need(over == 0, seat_field("exposed", s),
         to_string(CardSet::every(over, 1)) + " would be seen more than " + times(decks) + " (with the hand)");
    seen = seen.plus(o.exposed[s]);
  }
  if (o.kitty_visible) {
    const uint64_t over = seen.beyond(o.kitty, decks);
    need(over == 0, "kitty", to_string(CardSet::every(over, 1)) + " would be seen more than " + times(decks));
  }
  need(o.hand.size() == o.hand_size[o.seat], "hand",
       std::to_string(o.hand.size()) + " cards, and hand_sizes gives " +
           std::to_string(o.hand_size[o.seat]));
  // §6.1, §11.1: the cards drawn in turn, the rest left for the kitty; the declarer takes it to
  // bury.
  const Sizes z = o.rules.sizes();
  for (int s = 0; s < 4; ++s) {
    int expected = draws_of(s, o.first_drawer, o.drawn);
    const bool burying = o.phase == PHASE_BURY && s == burier_now(o);
    if (burying) expected += z.kitty_cards;
    need(o.hand_size[s] == expected, seat_field("hand_sizes", s),
         std::to_string(o.hand_size[s]) + ", and " + std::to_string(o.drawn) +
             " cards drawn from the first drawer give " + std::to_string(expected) +
             (burying ? " (the kitty taken)" : ""));
  }
  if (o.phase != PHASE_DECLARE)
    need(o.drawn == z.dealt_cards, "drawn", "every card is drawn before the kitty is buried");
}

// The kitty, 抢牌 and 潇洒 of a hand before its play (§6.3, §6.4, §10.6).
void check_kitty(const Observation& o, int rank) {
  const Phase p = o.phase;
  const bool declarer = o.seat == o.declarer;
  const int kitty = o.rules.sizes().kitty_cards;
  const std::string its = "its " + std::to_string(kitty) + " cards";
  const bool play = play_started(p);
  need(!o.dry || play, "dry", "a dry kitty (干巴锅) goes straight to the play (rules §6.3)");
  if (p == PHASE_DECLARE || p == PHASE_BURY)
    need(!o.kitty_visible, "kitty", "nobody sees the kitty before it is buried face up");
  if (p == PHASE_GRAB || p == PHASE_XIAOSA)
    need(o.kitty_visible && o.kitty.size() == kitty, "kitty",
         "the kitty buried face up: " + its + " (rules §6.3)");
  const bool took = declarer && p != PHASE_DECLARE && !o.dry;
  if (took && !play)  // (a play observation may leave it out: the position has none)
    need(o.original_kitty.size() == kitty, "original_kitty",
         "the " + std::to_string(kitty) + " cards the declarer took (rules §6.3)");
  else if (took)
    need(o.original_kitty.empty() || o.original_kitty.size() == kitty, "original_kitty",
         "the " + std::to_string(kitty) + " cards the declarer took (rules §6.3)");
  else
    need(o.original_kitty.empty(), "original_kitty", "only the declarer, once it took it, knows it");
  if (p == PHASE_BURY) {
    need(o.seat == burier_now(o), "seat", o.counters.empty()
             ? "the declarer buries (rules §6.3)" : "the last to counter buries (rules §11.8)");
    if (o.counters.empty())
      need(o.hand.contains(o.original_kitty), "original_kitty", "taken into the hand, not there");
  }
  if (p == PHASE_COUNTER) {  // §11.8: the last burier knows the kitty it buried face down
    const bool buried = o.seat == o.kitty_burier;
    need(o.kitty_visible == buried && (!buried || o.kitty.size() == kitty), "kitty",
         buried ? "the seat that buried it knows its " + std::to_string(kitty) + " cards"
                : "only the seat that buried it knows the kitty");
  }
  const uint64_t level_cards = [&] {
    uint64_t m = 0;
    for (int suit = 0; suit < 4; ++suit) m |= bit(make_card(suit, rank));
    return m;
  }();
  if (p == PHASE_GRAB) {
    need(o.rules.level_card_grab, "phase", "these rules have no 抢牌 (rules §6.3)");
    need(!declarer, "seat", "抢牌 is offered to the others, not the declarer");
    need(o.grab_offer >= 0 && (level_cards & bit(o.grab_offer)) && o.kitty.count(o.grab_offer),
         "grab_offer", "a level card of the kitty is offered in 抢牌 (rules §6.3)");
  } else {
    need(o.grab_offer < 0, "grab_offer", "only in 抢牌");
  }
  const bool after_grab = play || p == PHASE_GRAB || p == PHASE_XIAOSA;
  need(o.grabs.empty() || (o.rules.level_card_grab && after_grab), "grabs",
       "抢牌 comes after the bury, under rules that have it (rules §6.3)");
  for (const auto& g : o.grabs)
    need((level_cards & bit(g.taken)) && g.seat != o.declarer, "grabs",
         "a grab takes a level card, by a seat other than the declarer (rules §6.3)");
  need(o.xiaosas.empty() || (o.rules.xiaosa && (play || p == PHASE_XIAOSA)), "xiaosas",
       "潇洒 comes after the bury, under rules that have it (rules §6.4)");
  const uint64_t jokers = bit(SMALL_JOKER) | bit(BIG_JOKER);
  for (const auto& x : o.xiaosas)
    need(x.seat != o.declarer && !x.jokers.empty() && (x.jokers.one & ~jokers) == 0 &&
             x.taken.size() == x.jokers.size(),
         "xiaosas", "潇洒 puts jokers in and takes as many cards, by a seat other than the "
                    "declarer (rules §6.4)");
  if (p == PHASE_XIAOSA) {
    need(o.rules.xiaosa, "phase", "these rules have no 潇洒 (rules §6.4)");
    need(!declarer, "seat", "潇洒 is for the others, not the declarer (rules §6.4)");
    need((o.hand.one & jokers) != 0, "hand", "潇洒 is asked of a seat holding a joker");
    need(!xiaosa_takeable(o.kitty, rank).empty(), "kitty",
         "no card a joker may take: no 潇洒 to decide (rules §6.4)");
  }
}

// §11.8 反底: the counters, each open against the declaration standing then and made by a seat
// other than the last burier; the last burier; §11.9: the stake the declarations and counters
// double.
void check_counters(const Observation& o, int rank) {
  const Phase p = o.phase;
  need(o.counters.empty() || (o.rules.counter_bury && p != PHASE_DECLARE), "counters",
       "反底 comes after the bury, under rules that have it (rules §11.8)");
  const CardSet every = every_declarable(o, rank);
  const Declaration* standing = o.declarations.empty() ? nullptr : &o.declarations.back();
  int burier = o.declarer;
  for (const Declaration& d : o.counters) {
    const std::string what = declaration_text(d);
    need(d.seat != burier, "counters", what + ": the last to bury does not counter (rules §11.8)");
    bool open = false;
    for (const Declaration& option : counter_options(o.rules, d.seat, every, rank, standing))
      open |= option.suit == d.suit && option.kind == d.kind;
    need(open, "counters", what + " is not stronger than the declaration standing (rules §11.8)");
    standing = &d;
    burier = d.seat;
  }
  // The last burier: none before the first bury; after a counter, the one before it until the
  // counter's player has buried.
  int expected = -1;
  if (p == PHASE_BURY && !o.counters.empty())
    expected = o.counters.size() > 1 ? o.counters[o.counters.size() - 2].seat : o.declarer;
  else if (p == PHASE_COUNTER || play_started(p))
    expected = burier;
  if (o.rules.counter_bury)
    need(o.kitty_burier == expected, "kitty_burier",
         expected < 0 ? std::string("nobody has buried yet") : "the last to bury is " + seat_name(expected));
  else
    need(o.kitty_burier == -1 || o.kitty_burier == expected, "kitty_burier",
         expected < 0 ? std::string("nobody has buried yet") : "the declarer buried");
  if (p == PHASE_COUNTER)
    need(o.seat != o.kitty_burier, "seat", "the last to bury does not counter (rules §11.8)");
  int doublings = int(o.counters.size());
  if (o.rules.declaring == DECLARING_HUANLE)  // as the game counts them (§11.7)
    for (size_t i = 1; i < o.declarations.size(); ++i)
      doublings += doubles_stake(o.declarations[i - 1], o.declarations[i]);
  const int stake = o.rules.stakes ? 1 << doublings : 1;
  need(o.stake == stake, "stake",
       o.rules.stakes ? "the declarations and counters make it " + std::to_string(stake) + " (rules §11.9)"
                      : std::string("1: these rules have no stakes (rules §11.9)"));
}

// The seat asked to declare: the one that drew the card just drawn (or its last chance), with a
// declaration open to it.
void check_declare_turn(const Observation& o, int rank) {
  if (o.drawn < o.rules.sizes().dealt_cards) {
    need(o.drawn >= 1 && o.seat == ((o.first_drawer + o.drawn - 1) & 3), "seat",
         "while drawing, the seat that drew the card just drawn is asked (rules §6.2)");
  }
  need(!declaration_options(o.rules, o.seat, o.hand, rank, o.declarations, o.drawn).empty(),
       "hand", "no declaration is open to " + seat_name(o.seat) + ": nothing to decide");
}

// A play observation's fields against its play view (the position it was read from).
void check_view(const Observation& o) {
  const Hand& v = o.view;
  need(v.unknown(o.seat) == 0 && v.held(o.seat) == o.hand, "hand", "not the position's");
  for (int s = 0; s < 4; ++s) {
    need(o.hand_size[s] == v.held(s).size() + v.unknown(s), seat_field("hand_sizes", s),
         "not the position's");
    if (s != o.seat)
      need(v.held(s).contains(o.exposed[s]), seat_field("exposed", s),
           "the position does not show " + seat_name(s) + " holding " +
               to_string(v.held(s).missing(o.exposed[s])));
  }
  need(o.trump == v.context().trump, "trump", "not the position's");
  need(o.level == v.context().level, "level", "not the position's");
  need(o.declarer == v.declarer(), "declarer", "not the position's");
  need(o.dry == v.dry(), "dry", "not the position's");
  need(!o.kitty_visible || (v.kitty_known() && o.kitty == v.kitty()), "kitty",
       "not the position's");
  need(o.drawn == o.rules.sizes().dealt_cards, "drawn",
       "the play starts once all " + std::to_string(o.rules.sizes().dealt_cards) + " cards are drawn");
}

}  // namespace

void check_observation(const Observation& o) {
  const bool play = play_started(o.phase);
  check_ranges(o);
  const int rank = o.rules.level_rank(o.level);
  if (play) check_view(o);
  check_declaring(o, rank);
  check_counters(o, rank);
  check_trump(o);
  check_cards(o, rank);
  check_kitty(o, rank);
  if (o.phase == PHASE_DECLARE) check_declare_turn(o, rank);
}

}  // namespace duidiao
