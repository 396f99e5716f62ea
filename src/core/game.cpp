#include "game.h"

#include "observation.h"

namespace duidiao {

namespace {

const char* PHASE_NAMES[] = {"declaring", "burying", "grabbing", "xiaosa", "play", "over", "countering"};

// Suit precedence for declaring (§2): H > D > S > C, i.e. a lower index is higher.
bool higher_suit(int a, int b) { return a < b; }
}  // namespace

Game::Game(const GameSetup& s)
    : rules_(s.rules), first_drawer_(s.first_drawer), fixed_declarer_(s.declarer) {
  rules_.check_game_supported();
  if (s.level_ns < 0 || s.level_ns > 12 || s.level_ew < 0 || s.level_ew > 12)
    throw std::invalid_argument("team levels must be 0..12");
  if (s.first_drawer < 0 || s.first_drawer > 3) throw std::invalid_argument("first_drawer must be a seat 0..3");
  if (s.declarer < -1 || s.declarer > 3) throw std::invalid_argument("declarer must be a seat 0..3 or -1");
  const Sizes z = rules_.sizes();
  int copies[FACE_NB] = {};
  for (int i = 0; i < z.deck_cards; ++i) {
    if (s.deck[i] < 0 || s.deck[i] >= FACE_NB) throw std::invalid_argument("deck: a card id is not 0..53");
    if (++copies[s.deck[i]] > z.decks)
      throw std::invalid_argument("deck: " + card_name(s.deck[i]) + " appears more than " + times(z.decks));
    deck_[i] = s.deck[i];
  }
  levels_[0] = s.level_ns;
  levels_[1] = s.level_ew;
  // The hand is played at the declaring team's level; in a first hand both teams are at A.
  if (s.declarer >= 0) level_ = levels_[team_of(s.declarer)];
  else if (s.level_ns != s.level_ew)
    throw std::invalid_argument("a first hand (no declarer yet) needs both teams at the same level");
  else level_ = s.level_ns;
  for (int i = z.dealt_cards; i < z.deck_cards; ++i) original_kitty_.add(deck_[i]);
  draw_until_decision();
}

void Game::require_phase(Phase p, const char* what) const {
  if (phase_ != p)
    refuse(std::string("cannot ") + what + " now: the game is in its " + PHASE_NAMES[phase_] + " phase");
}

namespace {

// §6.2: a lock ends declaring; an override needs a pair of another suit, then of a higher one.
std::vector<Declaration> chifeng_options(int seat, const CardSet& hand, int rank,
                                         const std::vector<Declaration>& made, int drawn) {
  std::vector<Declaration> out;
  auto add = [&](int suit, int kind) { out.push_back({seat, suit, kind, drawn}); };
  if (made.empty()) {
    for (int suit = 0; suit < 4; ++suit) {
      int n = hand.count(make_card(suit, rank));
      if (n >= 1) add(suit, DECLARE_SINGLE);
      if (n == 2) add(suit, DECLARE_LOCK);
    }
    return out;
  }
  for (const Declaration& d : made)
    if (d.kind == DECLARE_LOCK) return out;  // a lock ends declaring
  const Declaration& last = made.back();
  for (int suit = 0; suit < 4; ++suit) {
    if (hand.count(make_card(suit, rank)) < 2) continue;
    if (last.kind == DECLARE_SINGLE) {
      if (suit == last.suit && last.seat == seat) add(suit, DECLARE_LOCK);
      else if (suit != last.suit) add(suit, DECLARE_OVERRIDE);
    } else if (higher_suit(suit, last.suit)) {
      add(suit, DECLARE_OVERRIDE);
    }
  }
  return out;
}

int standard_strength(int kind) {
  switch (kind) {
    case DECLARE_SINGLE: return 1;
    case DECLARE_PAIR: case DECLARE_REINFORCE: return 2;
    case DECLARE_SMALL_JOKERS: return 3;
    default: return 4;  // DECLARE_BIG_JOKERS
  }
}

// §10.6: each new declaration stronger than the standing one; nobody over their own, but the
// owner of a standing single may reinforce it.
std::vector<Declaration> standard_options(int seat, const CardSet& hand, int rank,
                                          const std::vector<Declaration>& made, int drawn) {
  std::vector<Declaration> out;
  auto add = [&](int suit, int kind) { out.push_back({seat, suit, kind, drawn}); };
  if (!made.empty() && made.back().seat == seat) {
    const Declaration& mine = made.back();
    if (mine.kind == DECLARE_SINGLE && hand.count(make_card(mine.suit, rank)) == 2)
      add(mine.suit, DECLARE_REINFORCE);
    return out;
  }
  const int standing = made.empty() ? 0 : standard_strength(made.back().kind);
  for (int suit = 0; suit < 4; ++suit) {
    const int n = hand.count(make_card(suit, rank));
    if (n >= 1 && standing < 1) add(suit, DECLARE_SINGLE);
    if (n == 2 && standing < 2) add(suit, DECLARE_PAIR);
  }
  if (hand.count(SMALL_JOKER) == 2 && standing < 3) add(NO_TRUMP, DECLARE_SMALL_JOKERS);
  if (hand.count(BIG_JOKER) == 2 && standing < 4) add(NO_TRUMP, DECLARE_BIG_JOKERS);
  return out;
}

// §11.7's suits on the ladder: D < C < H < S (not §2's order).
int ladder_suit(int suit) {
  static const int PLACE[4] = {2, 0, 3, 1};  // H D S C
  return PLACE[suit];
}

// The copies of one face a declaration shows.
int declaration_copies(int kind) {
  switch (kind) {
    case DECLARE_SINGLE: return 1;
    case DECLARE_TRIPLE: case DECLARE_THREE_SMALL_JOKERS: case DECLARE_THREE_BIG_JOKERS: return 3;
    default: return 2;
  }
}

// §11.7: every declaration of the hand, of as many copies as the decks allow (one deck: singles
// only), on a rung above `standing` (0: none yet), `least` rung at least.
std::vector<Declaration> huanle_declarations(const Rules& rules, int seat, const CardSet& hand, int rank,
                                             int standing, int least, int drawn) {
  std::vector<Declaration> out;
  auto add = [&](int suit, int kind) {
    const Declaration d{seat, suit, kind, drawn};
    const int rung = huanle_rung(d);
    if (rung > standing && rung >= least) out.push_back(d);
  };
  const int most = rules.decks == 1 ? 1 : std::min(rules.decks, COPIES);
  for (int suit = 0; suit < 4; ++suit) {
    const int n = std::min(hand.count(make_card(suit, rank)), most);
    if (n >= 1) add(suit, DECLARE_SINGLE);
    if (n >= 2) add(suit, DECLARE_PAIR);
    if (n >= 3) add(suit, DECLARE_TRIPLE);
  }
  for (Card joker : {SMALL_JOKER, BIG_JOKER}) {
    const int n = std::min(hand.count(joker), most);
    const bool big = joker == BIG_JOKER;
    if (n >= 2) add(NO_TRUMP, big ? DECLARE_BIG_JOKERS : DECLARE_SMALL_JOKERS);
    if (n >= 3) add(NO_TRUMP, big ? DECLARE_THREE_BIG_JOKERS : DECLARE_THREE_SMALL_JOKERS);
  }
  return out;
}

}  // namespace

int huanle_rung(const Declaration& d) {
  switch (d.kind) {
    case DECLARE_SINGLE: return 1;
    case DECLARE_PAIR: return 2 + ladder_suit(d.suit);
    case DECLARE_SMALL_JOKERS: return 6;
    case DECLARE_BIG_JOKERS: return 7;
    case DECLARE_TRIPLE: return 8 + ladder_suit(d.suit);
    case DECLARE_THREE_SMALL_JOKERS: return 12;
    case DECLARE_THREE_BIG_JOKERS: return 13;
    default: return 0;
  }
}

bool doubles_stake(const Declaration& standing, const Declaration& d) {
  // 自保: the same player shows more copies of the same face (a level card of the same suit, or
  // the same joker).
  auto face = [](const Declaration& x) {
    switch (x.kind) {
      case DECLARE_SMALL_JOKERS: case DECLARE_THREE_SMALL_JOKERS: return int(SMALL_JOKER);
      case DECLARE_BIG_JOKERS: case DECLARE_THREE_BIG_JOKERS: return int(BIG_JOKER);
      default: return x.suit;
    }
  };
  return !(d.seat == standing.seat && face(d) == face(standing));
}

std::vector<Declaration> counter_options(const Rules& rules, int seat, const CardSet& hand,
                                         int level_rank, const Declaration* standing) {
  if (rules.decks < 2) return {};  // a counter needs a pair
  return huanle_declarations(rules, seat, hand, level_rank, standing ? huanle_rung(*standing) : 0, 2, 0);
}

std::vector<Declaration> declaration_options(const Rules& rules, int seat, const CardSet& hand,
                                             int level_rank, const std::vector<Declaration>& made,
                                             int drawn) {
  if (rules.declaring == DECLARING_HUANLE)
    return huanle_declarations(rules, seat, hand, level_rank, made.empty() ? 0 : huanle_rung(made.back()),
                               1, drawn);
  return rules.declaring == DECLARING_STANDARD
             ? standard_options(seat, hand, level_rank, made, drawn)
             : chifeng_options(seat, hand, level_rank, made, drawn);
}

std::vector<int> declaration_kinds(const Rules& rules) {
  if (rules.declaring == DECLARING_HUANLE) {
    if (rules.decks == 1) return {DECLARE_SINGLE};
    std::vector<int> kinds = {DECLARE_SINGLE, DECLARE_PAIR, DECLARE_SMALL_JOKERS, DECLARE_BIG_JOKERS};
    if (rules.decks >= 3)
      kinds.insert(kinds.end(), {DECLARE_TRIPLE, DECLARE_THREE_SMALL_JOKERS, DECLARE_THREE_BIG_JOKERS});
    return kinds;
  }
  if (rules.declaring == DECLARING_STANDARD)
    return {DECLARE_SINGLE, DECLARE_PAIR, DECLARE_REINFORCE, DECLARE_SMALL_JOKERS, DECLARE_BIG_JOKERS};
  return {DECLARE_SINGLE, DECLARE_LOCK, DECLARE_OVERRIDE};
}

CardSet declaration_cards(const Declaration& d, int level_rank) {
  CardSet shown;
  const Card card = d.kind == DECLARE_SMALL_JOKERS || d.kind == DECLARE_THREE_SMALL_JOKERS ? SMALL_JOKER
                    : d.kind == DECLARE_BIG_JOKERS || d.kind == DECLARE_THREE_BIG_JOKERS ? BIG_JOKER
                                                                                          : make_card(d.suit, level_rank);
  for (int k = std::min(declaration_copies(d.kind), COPIES); k > 0; --k) shown.add(card);
  return shown;
}

std::vector<Declaration> Game::declare_options() const {
  if (phase_ != PHASE_DECLARE) return {};
  return declaration_options(rules_, to_act_, held_[to_act_], rules_.level_rank(level_),
                             declarations_, drawn_);
}

void Game::declare(int suit, int kind) {
  require_phase(PHASE_DECLARE, "declare");
  bool open = false;
  for (const Declaration& d : declare_options()) open |= d.suit == suit && d.kind == kind;
  if (!open)
    refuse(seat_name(to_act_) + " cannot make that declaration (suit " + std::to_string(suit) +
           ", kind " + std::to_string(kind) + ") now");
  const Declaration made{to_act_, suit, kind, drawn_};
  // §11.9: every 反主, 反无主 and 自反 doubles the stake; 自保 and the first declaration do not.
  if (rules_.declaring == DECLARING_HUANLE && !declarations_.empty() &&
      doubles_stake(declarations_.back(), made))
    ++doublings_;
  declarations_.push_back(made);
  const CardSet shown = declaration_cards(declarations_.back(), rules_.level_rank(level_));
  exposed_[to_act_] = exposed_[to_act_].plus(exposed_[to_act_].missing(shown));
  draw_until_decision();  // one declaration per chance: drawing (or the last round) goes on
}

void Game::pass() {
  switch (phase_) {
    case PHASE_DECLARE:
      draw_until_decision();
      return;
    case PHASE_COUNTER:
      next_counter(counter_passes_ + 1);
      return;
    case PHASE_GRAB:
      next_grab(grab_candidate_ + 1);
      return;
    case PHASE_XIAOSA:
      next_xiaosa(xiaosa_index_ + 1);
      return;
    default:
      refuse(std::string("nothing to pass in the ") + PHASE_NAMES[phase_] + " phase");
  }
}

// Draws cards one at a time; stops when the drawer may declare (§6.2 discrete timing), then
// gives each player one more chance after the 100th card, then settles trumps.
void Game::draw_until_decision() {
  phase_ = PHASE_DECLARE;
  while (drawn_ < rules_.sizes().dealt_cards) {
    const int seat = (first_drawer_ + drawn_) & 3;
    held_[seat].add(deck_[drawn_]);
    ++drawn_;
    to_act_ = seat;
    if (!declare_options().empty()) return;
  }
  while (last_chances_ < 4) {
    to_act_ = (first_drawer_ + last_chances_) & 3;
    ++last_chances_;
    if (!declare_options().empty()) return;
  }
  finish_declaring();
}

void Game::finish_declaring() {
  if (!declarations_.empty()) {
    trump_ = declarations_.back().suit;
    // §11.7 first_declarer=first: the first to declare is the first hand's declarer.
    const bool first = rules_.declaring == DECLARING_HUANLE && rules_.first_declarer == FIRST_DECLARER_FIRST;
    declarer_ = fixed_declarer_ >= 0 ? fixed_declarer_ : (first ? declarations_.front() : declarations_.back()).seat;
  } else if (rules_.declaring != DECLARING_CHIFENG) {
    // §10.6, §11.7: no declaration, no trump; in a first hand the first drawer declares.
    trump_ = NO_TRUMP;
    declarer_ = fixed_declarer_ >= 0 ? fixed_declarer_ : first_drawer_;
  } else {
    // 翻主: the third card from the bottom of the kitty; a big joker means H, a small one S.
    const Card c = deck_[105];
    trump_ = c == BIG_JOKER ? HEARTS : c == SMALL_JOKER ? SPADES : card_suit(c);
    trump_from_kitty_ = 1;
    declarer_ = fixed_declarer_ >= 0 ? fixed_declarer_ : first_drawer_;
  }
  kitty_ = original_kitty_;
  // 干巴锅: no card of the trump suit other than its level cards: the kitty stays as it is.
  // Only in the Chifeng declaring with a face-up kitty (§10.6 has none).
  dry_ = rules_.declaring == DECLARING_CHIFENG && rules_.kitty_burial == KITTY_BURIAL_FACE_UP &&
         (kitty_.one & Context(rules_, level_, trump_).trump_naturals) == 0;
  if (dry_) return start_play();
  held_[declarer_] = held_[declarer_].plus(kitty_);
  phase_ = PHASE_BURY;
  to_act_ = declarer_;
}

const Declaration* Game::standing_declaration() const {
  if (!counters_.empty()) return &counters_.back();
  return declarations_.empty() ? nullptr : &declarations_.back();
}

std::vector<Declaration> Game::counter_declarations() const {
  if (phase_ != PHASE_COUNTER) return {};
  return counter_options(rules_, to_act_, held_[to_act_], rules_.level_rank(level_), standing_declaration());
}

// §11.8: the round of counters goes on from the seat after the last burier; three passes in a
// row end it. A seat with no counter open passes without being asked.
void Game::next_counter(int passes) {
  phase_ = PHASE_COUNTER;
  for (; passes < 3; ++passes) {
    to_act_ = (burier_ + 1 + passes) & 3;
    counter_passes_ = passes;
    if (!counter_declarations().empty()) return;
  }
  start_play();
}

void Game::counter(int suit, int kind) {
  require_phase(PHASE_COUNTER, "counter");
  bool open = false;
  for (const Declaration& d : counter_declarations()) open |= d.suit == suit && d.kind == kind;
  if (!open)
    refuse(seat_name(to_act_) + " cannot counter with that declaration (suit " + std::to_string(suit) +
           ", kind " + std::to_string(kind) + ") now");
  counters_.push_back({to_act_, suit, kind, drawn_});
  ++doublings_;  // §11.9: every counter doubles the stake
  trump_ = suit;
  const CardSet shown = declaration_cards(counters_.back(), rules_.level_rank(level_));
  exposed_[to_act_] = exposed_[to_act_].plus(exposed_[to_act_].missing(shown));
  // The cards the last burier showed may be in the kitty the counter takes: nobody can say.
  shown_buried_ = CardSet{};
  held_[to_act_] = held_[to_act_].plus(kitty_);
  phase_ = PHASE_BURY;
}

void Game::bury(const CardSet& cards) {
  require_phase(PHASE_BURY, "bury");
  const int burier = to_act_;  // the declarer, or (§11.8) the player who countered
  const int kitty = rules_.sizes().kitty_cards;
  if (!cards.valid() || cards.size() != kitty)
    refuse("bury exactly " + std::to_string(kitty) + " cards, not " +
           std::to_string(cards.valid() ? cards.size() : 0));
  if (!held_[burier].contains(cards))
    refuse(seat_name(burier) + " does not hold " + to_string(held_[burier].missing(cards)));
  held_[burier] = held_[burier].minus(cards);
  kitty_ = cards;
  burier_ = burier;
  if (rules_.kitty_burial == KITTY_BURIAL_FACE_DOWN) {
    // §10.6 face down: the others saw what the burier showed (and a 翻主 card) but not whether
    // it was buried. Only the declarer's is kept (the play's Hand knows it as such).
    shown_buried_ = burier == declarer_ ? exposed_[burier] : CardSet{};
    if (trump_from_kitty_) {
      const CardSet turned{bit(deck_[105]), 0};
      shown_buried_ = shown_buried_.plus(shown_buried_.missing(turned));
    }
    exposed_[burier] = CardSet{};
    if (rules_.counter_bury) return next_counter(0);
    return start_play();
  }
  give_away(burier, cards);
  after_bury();
}

bool Game::kitty_public() const {
  if (rules_.kitty_burial == KITTY_BURIAL_FACE_DOWN) return phase_ == PHASE_OVER;
  return (phase_ != PHASE_DECLARE && phase_ != PHASE_BURY) || dry_;
}

const CardSet& Game::declarer_or_kitty() const {
  return play_started(phase_) ? hand_.declarer_or_kitty() : shown_buried_;
}

void Game::after_bury() {
  grab_queue_ = rules_.level_card_grab ? kitty_.within(Context(rules_, level_, trump_).level_cards)
                                       : CardSet{};
  grab_offer_ = -1;
  next_grab(3);
}

// 抢牌 (§6.3): each buried level card in turn is offered to the others from the declarer's next.
void Game::next_grab(int candidate) {
  if (candidate >= 3) {
    if (grab_queue_.empty()) {
      grab_offer_ = -1;
      return next_xiaosa(0);
    }
    grab_offer_ = lowest_bit(grab_queue_.one);
    grab_queue_.remove(grab_offer_);
    candidate = 0;
  }
  phase_ = PHASE_GRAB;
  grab_candidate_ = candidate;
  to_act_ = (declarer_ + 1 + candidate) & 3;
}

void Game::grab(Card put) {
  require_phase(PHASE_GRAB, "grab");
  const int seat = to_act_;
  if (put < 0 || put >= FACE_NB || !held_[seat].count(put))
    refuse(seat_name(seat) + " must put one of its own cards in the kitty to grab " +
           card_name(grab_offer_));
  held_[seat].remove(put);
  give_away(seat, {bit(put), 0});
  held_[seat].add(grab_offer_);
  exposed_[seat].add(grab_offer_);
  kitty_.remove(grab_offer_);
  kitty_.add(put);
  grabs_.push_back({seat, grab_offer_, put});
  next_grab(3);
}

CardSet xiaosa_takeable(const CardSet& kitty, int level_rank) {
  uint64_t eligible = 0;
  for (int s = 0; s < 4; ++s)
    for (int r = 0; r <= 7; ++r)  // ranks 2..9
      if (r != RANK_5 && r != level_rank) eligible |= bit(make_card(s, r));
  return kitty.within(eligible);
}

CardSet Game::xiaosa_takeable() const {
  return duidiao::xiaosa_takeable(kitty_, rules_.level_rank(level_));
}

// 潇洒 (§6.4): the others in turn from the declarer's next, when they hold a joker and the
// kitty has a card they could take.
void Game::next_xiaosa(int index) {
  const uint64_t jokers = bit(SMALL_JOKER) | bit(BIG_JOKER);
  for (; rules_.xiaosa && index < 3; ++index) {
    const int seat = (declarer_ + 1 + index) & 3;
    if ((held_[seat].one & jokers) && !xiaosa_takeable().empty()) {
      phase_ = PHASE_XIAOSA;
      xiaosa_index_ = index;
      to_act_ = seat;
      return;
    }
  }
  start_play();
}

void Game::xiaosa(const CardSet& jokers, const CardSet& taken) {
  require_phase(PHASE_XIAOSA, "put jokers in the kitty");
  const int seat = to_act_;
  const uint64_t joker_faces = bit(SMALL_JOKER) | bit(BIG_JOKER);
  if (!jokers.valid() || !taken.valid()) refuse("xiaosa: not a valid card set");
  if (jokers.empty()) refuse("xiaosa: put at least one joker in (or pass)");
  if ((jokers.one & ~joker_faces) != 0) refuse("xiaosa: only jokers go into the kitty");
  if (!held_[seat].contains(jokers))
    refuse(seat_name(seat) + " does not hold " + to_string(held_[seat].missing(jokers)));
  if (taken.size() != jokers.size())
    refuse("xiaosa: take as many cards as jokers put in (" + std::to_string(jokers.size()) + ")");
  if (!xiaosa_takeable().contains(taken))
    refuse("xiaosa: only kitty cards of rank 2-9, not 5 and not the level rank, can be taken");
  held_[seat] = held_[seat].minus(jokers).plus(taken);
  give_away(seat, jokers);
  exposed_[seat] = exposed_[seat].plus(taken);
  kitty_ = kitty_.minus(taken).plus(jokers);
  xiaosas_.push_back({seat, jokers, taken});
  next_xiaosa(xiaosa_index_ + 1);
}

uint64_t Game::extensions(const CardSet& partial, bool* complete) const {
  *complete = false;
  if (!partial.valid()) return 0;
  if (phase_ == PHASE_PLAY) return hand_.extensions(partial, complete);
  const CardSet& hand = held_[to_act_];
  const int size = partial.size();
  if (phase_ == PHASE_BURY || phase_ == PHASE_GRAB) {
    // Any cards of one's own: the kitty's size to bury, one to put in the grabbed card's place.
    const int wanted = phase_ == PHASE_BURY ? rules_.sizes().kitty_cards : 1;
    if (!hand.contains(partial) || size > wanted) return 0;
    *complete = size == wanted;
    return size < wanted ? hand.minus(partial).one : 0;
  }
  if (phase_ != PHASE_XIAOSA) return 0;
  // 潇洒 (§6.4): jokers of one's own and as many takeable kitty cards, at least one of each.
  const uint64_t joker_faces = bit(SMALL_JOKER) | bit(BIG_JOKER);
  const CardSet jokers = partial.within(joker_faces), taken = partial.within(~joker_faces);
  const CardSet held_jokers = hand.within(joker_faces), takeable = xiaosa_takeable();
  if (!held_jokers.contains(jokers) || !takeable.contains(taken)) return 0;
  const int most = std::min(held_jokers.size(), takeable.size());
  *complete = jokers.size() == taken.size() && !jokers.empty();
  uint64_t addable = 0;
  if (jokers.size() < most) addable |= held_jokers.minus(jokers).one;
  if (taken.size() < most) addable |= takeable.minus(taken).one;
  return addable;
}

void Game::start_play() {
  HandSetup s;
  s.rules = rules_;
  s.level = level_;
  s.trump = trump_;
  s.declarer = s.leader = declarer_;
  for (int seat = 0; seat < 4; ++seat) s.held[seat] = held_[seat];
  s.kitty = kitty_;
  s.kitty_known = true;
  s.dry = dry_;
  hand_ = Hand(s);
  if (!shown_buried_.empty()) hand_.set_declarer_or_kitty(shown_buried_);
  if (rules_.stakes) hand_.set_stake(1 << doublings_);
  hand_.set_shown_at_start(exposed_);
  phase_ = PHASE_PLAY;
  to_act_ = hand_.turn();
}

CardSet Game::play(const CardSet& cards) {
  require_phase(PHASE_PLAY, "play");
  const int seat = hand_.turn();
  CardSet actual = hand_.play(cards);
  held_[seat] = hand_.held(seat);
  give_away(seat, actual);
  if (hand_.is_over()) phase_ = PHASE_OVER;
  else to_act_ = hand_.turn();
  return actual;
}

CardSet Game::apply(const Decision& d) {
  if (phase_ == PHASE_OVER) refuse("the hand is over: there is no decision to make");
  if (d.phase != phase_ || d.seat != to_act_)
    refuse("the game asks " + seat_name(to_act_) + " to decide (" + PHASE_NAMES[phase_] +
           "), not " + (d.seat >= 0 && d.seat < 4 ? seat_name(d.seat) : std::string("?")) +
           " (" + (d.phase >= 0 && d.phase < PHASE_NB ? PHASE_NAMES[d.phase] : "?") + ")");
  switch (d.phase) {
    case PHASE_DECLARE:
      if (d.pass) pass();
      else declare(d.suit, d.kind);
      return {};
    case PHASE_BURY:
      bury(d.cards);
      return {};
    case PHASE_COUNTER:
      if (d.pass) pass();
      else counter(d.suit, d.kind);
      return {};
    case PHASE_GRAB:
      if (d.pass) pass();
      else grab(d.put);
      return {};
    case PHASE_XIAOSA:
      if (d.pass) pass();
      else xiaosa(d.cards, d.taken);
      return {};
    case PHASE_PLAY:
      return play(d.cards);
    default:
      refuse("the hand is over: there is no decision to make");
  }
}

Game Game::at_counter(const Observation& obs, const CardSet held[4], const CardSet& kitty) {
  if (obs.phase != PHASE_COUNTER || obs.kitty_burier < 0)
    throw std::invalid_argument("at_counter: not a counter decision (rules §11.8)");
  Game g;
  g.rules_ = obs.rules;
  g.levels_[0] = obs.levels[0], g.levels_[1] = obs.levels[1];
  g.level_ = obs.level;
  g.phase_ = PHASE_COUNTER;
  g.to_act_ = obs.seat;
  g.first_drawer_ = obs.first_drawer;
  g.fixed_declarer_ = g.declarer_ = obs.declarer;
  g.trump_ = obs.trump;
  g.drawn_ = obs.drawn;
  g.dry_ = obs.dry;
  for (int seat = 0; seat < 4; ++seat) g.held_[seat] = held[seat], g.exposed_[seat] = obs.exposed[seat];
  g.declarations_ = obs.declarations;
  g.counters_ = obs.counters;
  g.burier_ = obs.kitty_burier;
  g.counter_passes_ = (obs.seat - obs.kitty_burier - 1) & 3;  // the seats asked since the bury
  g.kitty_ = kitty;
  // §11.9: the doublings the declarations and counters made, as declare() and counter() count them.
  g.doublings_ = int(obs.counters.size());
  if (obs.rules.declaring == DECLARING_HUANLE)
    for (size_t i = 1; i < obs.declarations.size(); ++i)
      g.doublings_ += doubles_stake(obs.declarations[i - 1], obs.declarations[i]);
  // §10.6: what the declarer showed is in its hand or the kitty, when it buried last (the
  // observer is then another seat, which knows those cards).
  if (g.burier_ == g.declarer_) g.shown_buried_ = obs.declarer_or_kitty;
  return g;
}

HandResult Game::result() const {
  require_phase(PHASE_OVER, "give the result");
  return hand_.result(levels_[0], levels_[1]);
}

void Game::give_away(int seat, const CardSet& cards) {
  // Others saw `seat` show some cards and now give away some of the same faces: they cannot
  // tell which copies went, so only the copies beyond those given away stay surely held.
  const CardSet& e = exposed_[seat];
  exposed_[seat] = e.minus(e.common(cards));
}

}  // namespace duidiao
