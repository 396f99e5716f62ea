// Game: one whole hand (§6), from the first card drawn to the result — declaring trumps while
// drawing, the kitty (干巴锅, burying face up, 抢牌), 潇洒, the play, and the result (§7).
//
// It is a state machine that stops at each decision: phase() says which, to_act() whose, and
// the matching method applies it after checking it (an illegal decision throws IllegalMove and
// changes nothing). Drawing and every step without a choice happen by themselves.
#pragma once
#include <string>
#include <vector>

#include "hand.h"

namespace duidiao {

// PHASE_COUNTER (§11.8 反底) comes between burying and the play; it is numbered last so that the
// older phases keep their numbers.
enum Phase : int { PHASE_DECLARE, PHASE_BURY, PHASE_GRAB, PHASE_XIAOSA, PHASE_PLAY, PHASE_OVER,
                   PHASE_COUNTER, PHASE_NB };
// Has the play begun (the play, or the hand over)? Phases are not compared by number.
inline bool play_started(int phase) { return phase == PHASE_PLAY || phase == PHASE_OVER; }

// §6.2: 亮主 (a single level card), 封主 (a lock: a pair, or the second card added to one's own
// single), 正主 (an override by a pair of another suit, then only of a higher suit).
// §10.6 (declaring=standard), weakest first: a single, a pair of level cards (or reinforcing
// one's own single, 加固), a pair of small jokers, a pair of big jokers (the joker pairs declare
// no trump: their suit is NO_TRUMP).
// §11.7 (declaring=huanle), the rungs of a ladder: a single (rung 1), a pair of level cards
// (2–5, D < C < H < S), two small, two big jokers (6, 7: NT), three copies of a level card
// (8–11), three small, three big jokers (12, 13: NT); the last three only with three decks.
enum DeclareKind : int {
  DECLARE_SINGLE = 1, DECLARE_LOCK = 2, DECLARE_OVERRIDE = 3,
  DECLARE_PAIR = 4, DECLARE_REINFORCE = 5, DECLARE_SMALL_JOKERS = 6, DECLARE_BIG_JOKERS = 7,
  DECLARE_TRIPLE = 8, DECLARE_THREE_SMALL_JOKERS = 9, DECLARE_THREE_BIG_JOKERS = 10,
  DECLARE_KIND_MAX = 10
};

struct Declaration {
  int seat = 0;
  int suit = 0;
  int kind = DECLARE_SINGLE;
  int drawn = 0;  // cards drawn (0 … the rules' dealt cards) when it was made
};

// A choice at one decision of a hand, whichever it is (rules §6): the one currency in which
// players answer (Player::decide) and a game takes choices (Game::apply).
struct Decision {
  Phase phase = PHASE_DECLARE;
  int seat = 0;
  bool pass = false;        // declined: no declaration, no grab, no 潇洒, no counter
  int suit = -1, kind = 0;  // PHASE_DECLARE, PHASE_COUNTER: the declaration
  CardSet cards;            // PHASE_BURY: the 8 buried; PHASE_XIAOSA: the jokers; PHASE_PLAY
  CardSet taken;            // PHASE_XIAOSA: the kitty cards taken
  Card put = -1;            // PHASE_GRAB: the card put in the offered one's place
};

struct GameSetup {
  Rules rules;
  int level_ns = LEVEL_START, level_ew = LEVEL_START;
  int declarer = -1;      // fixed by §8.4, or -1 in a match's first hand (抢庄)
  int first_drawer = 0;   // the declarer in later hands
  Card deck[MAX_DECK_CARDS] = {};  // deck[0] is drawn first; the last kitty's size the kitty, the last its bottom
};

// §6.2 (or §10.6 under declaring=standard): the declarations open to `seat`, holding `hand`,
// after the declarations `made` so far, with `drawn` cards drawn. Passing is always open too.
// `level_rank` is the rank of the hand's level cards.
std::vector<Declaration> declaration_options(const Rules& rules, int seat, const CardSet& hand,
                                             int level_rank, const std::vector<Declaration>& made,
                                             int drawn);
// The kinds of declaration the rules' declaring knows (§6.2, §10.6 or §11.7), weakest first.
std::vector<int> declaration_kinds(const Rules& rules);
// The cards a declaration shows (level cards, or jokers of one kind).
CardSet declaration_cards(const Declaration& d, int level_rank);
// §11.7: a declaration's rung on 欢乐升级's ladder (1 … 13).
int huanle_rung(const Declaration& d);
// §11.7, §11.9: does declaration `d`, following `standing`, double the stake? Every 反主, 反无主
// and 自反 does; 自保 (the same player, more copies of the same face) does not.
bool doubles_stake(const Declaration& standing, const Declaration& d);
// §11.8 反底: the counters open to `seat`, holding `hand`, against the declaration standing
// (none: `standing` null): declarations of a pair or more on a strictly higher rung.
std::vector<Declaration> counter_options(const Rules& rules, int seat, const CardSet& hand,
                                         int level_rank, const Declaration* standing);
// §6.4 潇洒: the cards of the face-up `kitty` a joker may take (ranks 2-9 but 5 and the level).
CardSet xiaosa_takeable(const CardSet& kitty, int level_rank);

struct Observation;

class Game {
 public:
  explicit Game(const GameSetup& setup);  // throws std::invalid_argument on a bad setup

  Phase phase() const { return phase_; }
  int to_act() const { return to_act_; }
  const Rules& rules() const { return rules_; }
  int level() const { return level_; }              // the hand's level (the declarers' team's)
  int level_of(int team) const { return levels_[team]; }
  int trump() const { return trump_; }              // -1 until declaring is over
  // -1 until known: in a first hand (抢庄) until declaring ends; a later hand's is fixed (§8.4).
  int declarer() const { return declarer_ >= 0 ? declarer_ : fixed_declarer_; }
  int first_drawer() const { return first_drawer_; }
  int drawn() const { return drawn_; }
  const CardSet& held(int seat) const { return held_[seat]; }
  // Cards of a seat that every player knows it holds (shown when declaring, taken from the
  // face-up kitty), until played.
  const CardSet& exposed(int seat) const { return exposed_[seat]; }
  const std::vector<Declaration>& declarations() const { return declarations_; }
  const CardSet& original_kitty() const { return original_kitty_; }
  const CardSet& kitty() const { return kitty_; }  // the kitty now
  bool dry() const { return dry_; }                // 干巴锅
  // Whether every player sees the kitty: after a face-up bury (or 干巴锅); buried face down
  // (§10.6), only when the hand is over.
  bool kitty_public() const;
  // §10.6, buried face down: the cards the declarer showed that may be in its hand or in the
  // kitty (the others cannot tell); empty otherwise.
  const CardSet& declarer_or_kitty() const;
  int trump_from_kitty() const { return trump_from_kitty_; }  // 翻主: 1 when turned up
  // §11.8: the seat that buried the kitty last (the declarer unless someone countered), -1
  // before the first bury; the counters made; §11.9: the stake's doublings so far.
  int kitty_burier() const { return burier_; }
  const std::vector<Declaration>& counters() const { return counters_; }
  int doublings() const { return doublings_; }
  int stake() const { return 1 << doublings_; }
  const Card* deck() const { return deck_; }

  // PHASE_DECLARE: the declarations open to to_act() (passing is always open).
  std::vector<Declaration> declare_options() const;
  void declare(int suit, int kind);
  // PHASE_COUNTER (§11.8 反底): the counters open to to_act() (passing is always open); a
  // counter makes its player take the kitty and bury again (PHASE_BURY).
  std::vector<Declaration> counter_declarations() const;
  void counter(int suit, int kind);
  // PHASE_BURY: the declarer (holding 33 cards) buries 8.
  void bury(const CardSet& cards);
  // PHASE_GRAB (抢牌): the buried level card offered to to_act(); grab() puts `put` in its place.
  Card grab_offer() const { return grab_offer_; }
  void grab(Card put);
  // PHASE_XIAOSA (潇洒): to_act() puts jokers into the kitty and takes as many eligible cards.
  CardSet xiaosa_takeable() const;  // kitty cards of rank 2-9, not 5, not the level rank
  void xiaosa(const CardSet& jokers, const CardSet& taken);
  // PHASE_DECLARE, PHASE_GRAB, PHASE_XIAOSA: decline.
  void pass();
  // The decisions made of cards (PHASE_BURY, PHASE_GRAB's card put, PHASE_XIAOSA's jokers and
  // taken cards together, PHASE_PLAY), chosen a card at a time: the faces of which one more
  // copy can join `partial` on the way to a decision this method's phase accepts (as a mask),
  // and whether `partial` is one itself. 0 and false in the other phases.
  uint64_t extensions(const CardSet& partial, bool* complete) const;
  // PHASE_PLAY.
  const Hand& hand() const { return hand_; }
  CardSet play(const CardSet& cards);
  // PHASE_OVER.
  HandResult result() const;

  // The one door for a choice: the decision of to_act() at phase(), applied by the method of
  // its phase (IllegalMove for another seat's or phase's, or one the rules refuse). Returns the
  // cards actually played for a play (a failed throw's forced part, §5.2), else nothing.
  CardSet apply(const Decision& d);

  // §11.8 反底, for searches: the game at the counter decision of `obs` (PHASE_COUNTER), with
  // `held` the four hands and `kitty` the kitty of one world that fits it (the observer's own
  // hand as it is). invalid_argument for another phase.
  static Game at_counter(const Observation& obs, const CardSet held[4], const CardSet& kitty);

  struct Grab { int seat; Card taken; Card put; };
  struct Xiaosa { int seat; CardSet jokers; CardSet taken; };
  const std::vector<Grab>& grabs() const { return grabs_; }
  const std::vector<Xiaosa>& xiaosas() const { return xiaosas_; }

 private:
  Game() = default;  // at_counter's
  void require_phase(Phase p, const char* what) const;
  void draw_until_decision();
  void finish_declaring();
  void after_bury();
  void next_counter(int passes);
  // The declaration standing: the last counter, else the last declaration (null: none).
  const Declaration* standing_declaration() const;
  void next_grab(int from_candidate);
  void next_xiaosa(int from_index);
  void start_play();
  void give_away(int seat, const CardSet& cards);

  Rules rules_;
  int levels_[2] = {};
  int level_ = 0;
  Card deck_[MAX_DECK_CARDS] = {};
  Phase phase_ = PHASE_DECLARE;
  int to_act_ = 0;
  int first_drawer_ = 0;
  int fixed_declarer_ = -1;
  int declarer_ = -1;
  int trump_ = -1;
  int trump_from_kitty_ = 0;
  int drawn_ = 0;
  int last_chances_ = 0;  // §6.2 the extra round after the last card: chances given so far
  CardSet held_[4];
  CardSet exposed_[4];
  std::vector<Declaration> declarations_;
  std::vector<Declaration> counters_;  // §11.8
  int burier_ = -1;
  int counter_passes_ = 0;
  int doublings_ = 0;  // §11.9: d, the stake being 2^d
  CardSet original_kitty_, kitty_;
  CardSet shown_buried_;  // §10.6 face down: what the declarer showed, when it buried
  bool dry_ = false;
  CardSet grab_queue_;  // buried level cards not yet offered
  Card grab_offer_ = -1;
  int grab_candidate_ = 0;  // 0..2: the others in turn from the declarer's next
  int xiaosa_index_ = 0;
  std::vector<Grab> grabs_;
  std::vector<Xiaosa> xiaosas_;
  Hand hand_;
};

}  // namespace duidiao
