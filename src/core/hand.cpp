#include "hand.h"

#include "combination.h"
#include "legal.h"

namespace duidiao {

std::string suit_name(int e) {
  static const char* NAMES[] = {"hearts", "diamonds", "spades", "clubs", "trumps"};
  return NAMES[e];
}

std::string seat_name(int seat) { return std::string(1, "SENW"[seat]); }

Hand::Hand(const HandSetup& s)
    : rules_(s.rules),
      declarer_(s.declarer),
      kitty_(s.kitty),
      kitty_known_(s.kitty_known),
      dry_(s.dry),
      tricks_done_(s.tricks_done) {
  rules_.check_supported();
  require(s.level >= 0 && s.level < LEVEL_NB, "level must be 0..12");
  if (s.trump == NO_TRUMP && !rules_.allows_no_trump())
    throw BadSetup("trump=NT: a hand without trumps is not in the " + rules_.name +
                       " rules (rules §10.1, §11.7: declaring=standard or huanle)",
                   {"trump", "NT", "no_trump", -1});
  require(s.trump >= 0 && s.trump <= NO_TRUMP, "trump must be a suit 0..3 or 4 (no trump)");
  if (s.dry && rules_.kitty_burial == KITTY_BURIAL_FACE_DOWN)
    throw BadSetup("dry: 干巴锅 is not in the " + rules_.name +
                       " rules (the kitty is buried face down, rules §10.6)",
                   {"dry", "yes", "dry_not_in_rules", -1});
  require(s.declarer >= 0 && s.declarer < 4, "declarer must be a seat 0..3");
  require(s.leader >= 0 && s.leader < 4, "leader must be a seat 0..3");
  const Sizes z = rules_.sizes();
  if (s.points < 0 || s.points > z.deck_points || s.points % 5 != 0)  // (no string built when fine)
    throw std::invalid_argument("points must be 0.." + std::to_string(z.deck_points) + " in fives");
  if (s.tricks_done < 0 || s.tricks_done > z.hand_cards)
    throw std::invalid_argument("tricks_done must be 0.." + std::to_string(z.hand_cards));
  ctx_ = Context(rules_, s.level, s.trump);

  // Ranges first; then (§2) the cards add up to 108 and no face is known more than twice; then
  // the four hands are of one size (a trick starts), a dry kitty is dry, and no seat holds a suit
  // it is void in. The refusals carry a Detail: the notation words its messages from them.
  require(s.gone.valid(), "gone is not a valid card set");
  require(s.kitty.valid(), "kitty is not a valid card set");
  int64_t total = s.gone.size() + (kitty_known_ ? s.kitty.size() : z.kitty_cards);
  for (int seat = 0; seat < 4; ++seat) {
    if (!s.held[seat].valid()) throw std::invalid_argument(seat_name(seat) + ": not a valid card set");
    total += s.held[seat].size() + int64_t(s.unknown[seat]);
  }
  if (total != z.deck_cards)
    throw BadSetup(std::to_string(total) + " cards in all, a hand has " + std::to_string(z.deck_cards),
                   {"cards", std::to_string(total), "total"});
  for (int seat = 0; seat < 4; ++seat) {
    if (s.unknown[seat] < 0 || s.unknown[seat] > z.hand_cards)
      throw std::invalid_argument(seat_name(seat) + ": unknown count 0.." + std::to_string(z.hand_cards));
    if (s.voids[seat] < 0 || s.voids[seat] >= 32)
      throw std::invalid_argument(seat_name(seat) + ": void mask 0..31");
  }
  CardSet known = s.gone;
  auto add_known = [&](const CardSet& c, const std::string& where) {
    const uint64_t over = known.beyond(c, z.decks);
    if (over)
      throw BadSetup(where + ": a card appears more than " + times(z.decks) + " in the position",
                     {where, card_name(lowest_bit(over)), "copies"});
    known = known.plus(c);
  };
  for (int seat = 0; seat < 4; ++seat) add_known(s.held[seat], seat_name(seat));
  if (kitty_known_) {
    if (s.kitty.size() != z.kitty_cards)
      throw std::invalid_argument("the kitty holds " + std::to_string(z.kitty_cards) + " cards");
    add_known(s.kitty, "kitty");
  }
  for (int seat = 0; seat < 4; ++seat) {
    unknown_[seat] = s.unknown[seat];
    if (s.held[seat].size() + s.unknown[seat] != s.held[0].size() + s.unknown[0])
      throw BadSetup("the four hands must hold the same number of cards when a trick starts",
                     {seat_name(seat), std::to_string(s.held[seat].size() + s.unknown[seat]), "sizes"});
  }
  // §6.3: a dry hand (干巴锅) is one whose kitty held no card of the trump suit but level cards.
  if (dry_ && kitty_known_ && (s.kitty.one & ctx_.trump_naturals)) {
    const std::string natural = card_name(lowest_bit(s.kitty.one & ctx_.trump_naturals));
    throw BadSetup("a dry hand's kitty holds no card of the trump suit, not " + natural,
                   {"dry", natural, "not_dry"});
  }
  for (int seat = 0; seat < 4; ++seat) {
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
      const CardSet in_suit = s.held[seat].within(ctx_.suit_mask[e]);
      if ((s.voids[seat] & (1 << e)) && !in_suit.empty())
        throw BadSetup(seat_name(seat) + " is said to be void in " + suit_name(e) + " but holds " +
                           ctx_.format(in_suit),
                       {seat_name(seat), ctx_.format(in_suit), "void_held", e});
    }
  }
  state_.deal(s.held, s.leader);
  state_.out = s.gone;
  state_.points = s.points;
  for (int seat = 0; seat < 4; ++seat) state_.voids[seat] = s.voids[seat];
}

bool Hand::is_over() const {
  if (state_.trick.played) return false;
  for (int seat = 0; seat < 4; ++seat)
    if (!state_.held[seat].empty() || unknown_[seat]) return false;
  return true;
}

void Hand::require_known_turn() const {
  if (unknown_[turn()])
    throw std::invalid_argument(seat_name(turn()) + "'s hand is not known (" +
                                std::to_string(unknown_[turn()]) + " hidden cards): its moves "
                                "cannot be listed");
  if (is_over()) throw std::invalid_argument("the hand is over: there are no moves");
}

void Hand::legal_moves(std::vector<CardSet>* out) const {
  require_known_turn();
  const CardSet& hand = held(turn());
  const Trick& t = state_.trick;
  if (t.played == 0) legal_leads(ctx_, hand, true, out);
  else legal_follows(ctx_, hand, t, out);
}

void Hand::legal_moves_page(uint64_t first, uint64_t limit, std::vector<CardSet>* out) const {
  require_known_turn();
  const CardSet& hand = held(turn());
  const Trick& t = state_.trick;
  MoveSink page(out, first, limit);
  if (t.played == 0) legal_leads(ctx_, hand, true, &page);
  else legal_follows(ctx_, hand, t, &page);
}

uint64_t Hand::extensions(const CardSet& partial, bool* complete) const {
  require_known_turn();
  const CardSet& hand = held(turn());
  const Trick& t = state_.trick;
  *complete = false;
  if (!partial.valid() || !hand.contains(partial)) return 0;
  // The enumeration is the rule (§5.1, §5.3, §10.4): the moves holding `partial` are kept.
  MoveSink sink = MoveSink::extending(partial);
  if (t.played == 0) legal_leads(ctx_, hand, true, &sink);
  else legal_follows(ctx_, hand, t, &sink);
  *complete = sink.complete();
  return sink.addable();
}

uint64_t Hand::count_legal_moves() const {
  require_known_turn();
  const CardSet& hand = held(turn());
  const Trick& t = state_.trick;
  if (t.played == 0) return count_leads(ctx_, hand, true);
  return count_follows(ctx_, hand, t);
}

CardSet Hand::unknown_pool() const {
  CardSet pool = CardSet::full_deck(rules_.decks).minus(state_.out);
  for (int seat = 0; seat < 4; ++seat) pool = pool.minus(state_.held[seat]);
  if (kitty_known_) pool = pool.minus(kitty_);
  return pool;
}

CardSet Hand::resolve_throw(int seat, int suit, const CardSet& cards, bool recorded) const {
  Decomposition d;
  decompose(ctx_, cards, &d);
  // What the others surely hold (their known cards) and what they might (plus hidden cards).
  CardSet surely[4], maybe[3];
  CardSet pool = unknown_pool();
  bool hidden = false;
  int may_hold = 0, holder = -1;  // the others that may hold the suit's unseen cards
  for (int i = 0; i < 3; ++i) {
    int other = (seat + 1 + i) & 3;
    surely[i] = maybe[i] = held(other);
    if (unknown_[other] && !(voids(other) & (1 << suit))) {
      maybe[i] = held(other).plus(pool.within(ctx_.suit_mask[suit]));
      // A seat known to hold no pair (or no triple) of the suit (§10.4, §11.5) holds at most
      // one (two) of each face: what it has shown it lacks cannot beat a component.
      const int most = (no_pairs(other) >> suit & 1) ? 1 : (no_triples(other) >> suit & 1) ? 2 : COPIES;
      if (most < COPIES) {
        const uint64_t faces = ctx_.suit_mask[suit];
        maybe[i] = maybe[i].within(~faces).plus(maybe[i].within(faces).common(CardSet::every(faces, most)));
      }
      hidden = true;
      ++may_hold, holder = i;
    }
  }
  ThrowVerdict worst = judge_throw(ctx_, d, suit, maybe);
  if (worst.valid) return cards;  // stands whatever the hidden cards are
  // With the thrower's hand and the kitty known, every unseen card of the suit is with one of
  // the others that may hold it: all of them with the only one, else each face's card with
  // somebody (a fourth holding of singles, which beat whoever holds them).
  int holders = 3;
  const CardSet unseen = pool.within(ctx_.suit_mask[suit]);
  if (hidden && !unknown_[seat] && kitty_known_ && !unseen.empty()) {
    if (may_hold == 1) surely[holder] = maybe[holder];
    else surely[holders++] = CardSet::every(unseen.one, 1);
  }
  ThrowVerdict best = hidden ? judge_throw(ctx_, d, suit, surely, holders) : worst;
  if (hidden && (best.valid || best.forced != worst.forced)) {
    if (recorded) return cards;  // the record says what happened; we cannot contradict it
    refuse("cannot tell whether " + seat_name(seat) + "'s throw " + ctx_.format(cards) +
               " stands: it depends on hidden cards",
           {seat_name(seat), ctx_.format(cards), "throw_unknown"});
  }
  const CardSet& forced = d.parts[worst.forced].cards;
  if (recorded)
    refuse(seat_name(seat) + "'s throw " + ctx_.format(cards) + " fails (" + ctx_.format(forced) +
           " can be beaten), so it cannot have been played");
  return forced;
}

namespace {

// "a pair", "2 pairs" (of a suit).
std::string pairs_text(int n) { return n == 1 ? "a pair" : std::to_string(n) + " pairs"; }
std::string triples_text(int n) { return n == 1 ? "a triple" : std::to_string(n) + " triples"; }

// The highest tractor of `length` pairs among the faces of `pairs` in suit e (there is one).
CardSet highest_tractor(const Context& ctx, int e, uint64_t pairs, int length) {
  uint64_t best = 0;
  int best_top = -1;
  for_each_tractor(ctx, e, pairs, [&](uint64_t faces, int len, int top, Card) {
    if (len == length && top > best_top) best = faces, best_top = top;
    return false;
  });
  return {best, best};
}

}  // namespace

// §10.4, §11.5 for a play all of the led suit: the duties, as far as the seat's known cards and
// the cards it plays prove what it holds (a hidden card may only add pairs, triples and runs).
void Hand::check_duties(int seat, const CardSet& cards) const {
  const Trick& t = state_.trick;
  const int led = t.led;
  const CardSet proven = held(seat).plus(held(seat).missing(cards)).within(ctx_.suit_mask[led]);
  const FollowNeed need = follow_need(ctx_, proven, t);
  const DutyBreach breach = duty_breach(ctx_, led, cards, need);
  if (breach == DUTY_MET) return;
  const std::string who = seat_name(seat), suit = suit_name(led);
  if (breach == TITANIC_NOT_FOLLOWED) {
    const CardSet titanic = CardSet::every(highest_tractor(ctx_, led, proven.at_least(3), need.titanic).one, 3);
    const std::string held_text = ctx_.format(titanic);
    refuse(who + " must follow the Titanic with a Titanic of " + std::to_string(need.titanic) +
               " triples of " + suit + ": " + who + " holds " + held_text,
           {who, held_text, "titanic_not_followed", led});
  }
  if (breach == TRACTOR_NOT_FOLLOWED) {
    const uint64_t doubles = ctx_.protect_triples ? proven.two & ~proven.at_least(3) : proven.two;
    const CardSet tractor = highest_tractor(ctx_, led, doubles, need.tractor);
    const std::string held_text = ctx_.format(tractor);
    if (t.duty.titanic)
      refuse(who + " must follow the Titanic with a tractor of " + std::to_string(need.tractor) +
                 " pairs of " + suit + " (holding no Titanic that long): " + who + " holds " + held_text,
             {who, held_text, "tractor_not_followed", led});
    if (need.tractor == t.duty.tractor)
      refuse(who + " must follow the tractor with a tractor of " + std::to_string(need.tractor) +
                 " pairs of " + suit + ": " + who + " holds " + held_text,
             {who, held_text, "tractor_not_followed", led});
    refuse(who + " must play a tractor of " + std::to_string(need.tractor) + " pairs of " + suit +
               " (the lead is a tractor of " + std::to_string(t.duty.tractor) + ", the longest " +
               who + " holds has " + std::to_string(need.tractor) + "): " + who + " holds " +
               held_text,
           {who, held_text, "tractor_not_followed", led});
  }
  if (breach == TRIPLES_NOT_FOLLOWED) {
    const uint64_t kept = proven.at_least(3) & ~cards.at_least(3);
    const std::string kept_text = ctx_.format(CardSet::every(kept, 3));
    const int played = popcount(cards.at_least(3));
    refuse(who + " must play " + triples_text(need.triples) + " of " + suit + " (the lead has " +
               std::to_string(t.duty.triples) + ", " + who + " holds " +
               std::to_string(popcount(proven.at_least(3))) + ") but played " +
               (played ? std::to_string(played) : "none") + ": " + who + " still holds " +
               (popcount(kept) == 1 ? "the triple " : "the triples ") + kept_text,
           {who, kept_text, "triples_not_followed", led});
  }
  const uint64_t kept = proven.two & ~cards.two;  // pairs held, not played as pairs
  const std::string kept_text = ctx_.format(CardSet::every(kept, 2));
  const int played = popcount(cards.two) - need.triples;
  const int wanted = need.pairs;
  std::string lead_has = std::to_string(t.duty.pairs);
  if (t.duty.triples) lead_has += " and " + triples_text(t.duty.triples);
  refuse(who + " must play " + pairs_text(wanted) + (need.triples ? " besides its triples" : "") +
             " of " + suit + " (the lead has " + lead_has + ", " + who + " holds " +
             std::to_string(popcount(proven.two)) + ") but played " +
             (played > 0 ? std::to_string(played) : "none") + ": " + who + " still holds " +
             (popcount(kept) == 1 ? "the pair " : "the pairs ") + kept_text,
         {who, kept_text, "pairs_not_followed", led});
}

void Hand::check_follow(int seat, const CardSet& cards) const {
  const int led = state_.trick.led, size = state_.trick.size;
  if (cards.size() != size)
    refuse(seat_name(seat) + " must play " + std::to_string(size) + " card" +
           (size > 1 ? "s" : "") + " (the lead was " + std::to_string(size) + "), not " +
           std::to_string(cards.size()));
  int played = cards.within(ctx_.suit_mask[led]).size();
  if (played == size) {
    if (state_.trick.duty.any()) check_duties(seat, cards);
    return;
  }
  // Short in the led suit: no known card of it may stay in the hand (hidden cards were
  // checked against the seat's voids already; after this play the seat is void).
  CardSet rest = held(seat).minus(cards.minus(held(seat).missing(cards)));
  CardSet still = rest.within(ctx_.suit_mask[led]);
  if (!still.empty())
    refuse(seat_name(seat) + " must follow " + suit_name(led) + ": " + seat_name(seat) +
               " still holds " + ctx_.format(still) + " and played only " + std::to_string(played) +
               " of " + std::to_string(size),
           {seat_name(seat), ctx_.format(still), "not_followed", led});
}

CardSet Hand::resolve(const CardSet& cards, bool recorded) const {
  if (is_over()) refuse("the hand is over");
  const int seat = turn();
  if (!cards.valid() || cards.empty()) refuse("a play needs at least one card");
  // The cards must be in the seat's hand: its known cards, or hidden ones still unaccounted for.
  CardSet extra = held(seat).missing(cards);
  if (extra.size()) {
    if (!unknown_[seat])
      refuse(seat_name(seat) + " does not hold " + ctx_.format(extra),
             {seat_name(seat), ctx_.format(extra), "not_held"});
    if (extra.size() > unknown_[seat])
      refuse(seat_name(seat) + " has only " + std::to_string(unknown_[seat]) +
             " hidden cards, not enough for " + ctx_.format(extra));
    if (!unknown_pool().contains(extra))
      refuse(seat_name(seat) + " cannot hold " + ctx_.format(extra) +
             ": every copy is accounted for elsewhere");
    for (uint64_t m = extra.one; m; m &= m - 1) {
      int e = ctx_.suit_of(lowest_bit(m));
      if (voids(seat) & (1 << e))
        refuse(seat_name(seat) + " is known to be void in " + suit_name(e) + " and cannot hold " +
               card_name(lowest_bit(m)));
    }
  }

  CardSet actual = cards;
  if (state_.trick.played == 0) {
    int e = ctx_.common_suit(cards);
    if (e < 0) refuse("a lead must be of one suit: " + ctx_.format(cards) + " mixes suits");
    if (!is_simple_combination(ctx_, cards)) {
      if (e == TRUMP && !ctx_.throws_in_trumps)
        refuse("trumps cannot be thrown: " + ctx_.format(cards));
      actual = resolve_throw(seat, e, cards, recorded);
    }
  } else {
    check_follow(seat, cards);
  }
  return actual;
}

CardSet Hand::play(const CardSet& cards, bool recorded) {
  const CardSet actual = resolve(cards, recorded);
  if (state_.trick.played == 0) lead_attempt_ = cards;
  apply(actual);
  return actual;
}

void Hand::apply(const CardSet& cards) {
  const int seat = turn();
  const CardSet extra = held(seat).missing(cards);  // from the seat's hidden cards
  unknown_[seat] -= extra.size();
  const Trick& t = state_.trick;
  // The trick's last play: its record is written from the trick as it stands, then completed.
  TrickRecord* rec = t.played == 3 ? history_.add() : nullptr;
  if (rec) {
    rec->leader = t.leader;
    for (int i = 0; i < 3; ++i) rec->plays[i] = t.plays[i];
    rec->plays[3] = cards;
    rec->attempt = lead_attempt_;
  }
  if (seat == declarer_ && !declarer_or_kitty_.empty()) {
    // Nobody can tell whether a copy played was the shown one: only the copies beyond those
    // played stay surely in the declarer's hand or the kitty.
    const CardSet& d = declarer_or_kitty_;
    declarer_or_kitty_ = d.minus(d.common(cards));
  }
  if (!state_.apply(ctx_, declarer_, cards)) return;
  if (rec) {
    rec->winner = state_.last_winner;
    rec->points = state_.last_points;
  }
  lead_attempt_ = CardSet{};
}

void Hand::bank_points(int points) {
  const int most = rules_.sizes().deck_points;
  if (points < 0 || points % 5 != 0 || state_.points + points > most)
    throw std::invalid_argument("banked points must be 0.." + std::to_string(most) +
                                " in fives, with those won");
  state_.points += points;
}

void Hand::add_no_pairs(int seat, int mask) {
  if (seat < 0 || seat > 3) throw std::invalid_argument("seat must be 0 to 3");
  if (mask < 0 || mask >= (1 << EFFECTIVE_SUIT_NB)) throw std::invalid_argument("bad suit mask");
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    if (!((mask >> e) & 1)) continue;
    const uint64_t pairs = held(seat).two & ctx_.suit_mask[e];
    if (pairs) {
      const std::string pair = ctx_.format({pairs & (~pairs + 1), pairs & (~pairs + 1)});
      throw BadSetup(seat_name(seat) + " cannot be without a pair in " + suit_name(e) +
                         ": it holds " + pair,
                     {seat_name(seat), pair, "pair_held", e});
    }
  }
  no_pairs_[seat] |= mask;
}

void Hand::add_no_triples(int seat, int mask) {
  if (seat < 0 || seat > 3) throw std::invalid_argument("seat must be 0 to 3");
  if (mask < 0 || mask >= (1 << EFFECTIVE_SUIT_NB)) throw std::invalid_argument("bad suit mask");
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    if (!((mask >> e) & 1)) continue;
    const uint64_t triples = held(seat).at_least(3) & ctx_.suit_mask[e];
    if (triples) {
      const std::string triple = ctx_.format(CardSet::every(triples & (~triples + 1), 3));
      throw BadSetup(seat_name(seat) + " cannot be without a triple in " + suit_name(e) +
                         ": it holds " + triple,
                     {seat_name(seat), triple, "triple_held", e});
    }
  }
  no_triples_[seat] |= mask;
}

void Hand::set_stake(int stake) {
  // §11.9: s = 2^d, d at most the rungs of declaring less one (4096 with three decks).
  if (stake < 1 || stake > 4096 || (stake & (stake - 1)))
    throw std::invalid_argument("the stake must be a power of 2 from 1 to 4096, not " + std::to_string(stake));
  stake_ = stake;
}

void Hand::add_voids(int seat, int mask) {
  if (seat < 0 || seat > 3) throw std::invalid_argument("seat must be 0 to 3");
  if (mask < 0 || mask >= (1 << EFFECTIVE_SUIT_NB)) throw std::invalid_argument("bad void mask");
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    if (!((mask >> e) & 1)) continue;
    const CardSet in_suit = held(seat).within(ctx_.suit_mask[e]);
    if (!in_suit.empty())
      throw BadSetup(seat_name(seat) + " cannot be void in " + suit_name(e) + ": it holds " +
                         ctx_.format(in_suit),
                     {seat_name(seat), ctx_.format(in_suit), "void_held", e});
  }
  state_.voids[seat] |= mask;
}

void Hand::set_shown_at_start(const CardSet shown[4]) {
  for (int p = 0; p < 4; ++p)
    if (!shown[p].valid()) throw std::invalid_argument("shown cards: not a valid card set");
  std::copy(shown, shown + 4, shown_at_start_);
}

void Hand::conceal(int seat, const CardSet exposed[4]) {
  for (int p = 0; p < 4; ++p) {
    if (p == seat) continue;
    CardSet& cards = state_.held[p];
    CardSet known = exposed[p].common(cards);
    unknown_[p] += cards.size() - known.size();
    cards = known;
  }
  // The key is left as it was: it is only read when every hand is known (reveal recounts it).
}

void Hand::reveal(const CardSet hidden[4], const CardSet& kitty) {
  // Checked with plain ifs: the messages are built only on failure (the sampler calls this for
  // every world it draws).
  if (kitty_known_ ? !kitty.empty() : kitty.size() != rules_.sizes().kitty_cards)
    throw std::invalid_argument(kitty_known_ ? "reveal: the kitty is known already"
                                             : "reveal: the kitty holds " +
                                                   std::to_string(rules_.sizes().kitty_cards) + " cards");
  CardSet placed = kitty;
  int count = kitty.size();
  for (int seat = 0; seat < 4; ++seat) {
    const CardSet& cards = hidden[seat];
    if (!cards.valid() || cards.size() != unknown_[seat])
      throw std::invalid_argument("reveal: " + seat_name(seat) + " has " +
                                  std::to_string(unknown_[seat]) + " hidden cards, given " +
                                  std::to_string(cards.size()));
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
      if ((voids(seat) & (1 << e)) && (cards.one & ctx_.suit_mask[e]))
        throw std::invalid_argument("reveal: " + seat_name(seat) + " is void in " + suit_name(e));
    placed = placed.plus(cards);  // a third copy would be lost here, and the count catches it
    count += cards.size();
  }
  if (placed.size() != count || placed != unknown_pool())
    throw std::invalid_argument("reveal: the cards placed are not the hidden cards");
  for (int seat = 0; seat < 4; ++seat) {
    state_.held[seat] = state_.held[seat].plus(hidden[seat]);
    unknown_[seat] = 0;
  }
  state_.recount();
  if (!kitty_known_) kitty_ = kitty, kitty_known_ = true;
}

void Hand::hide_kitty() {
  kitty_known_ = false;
  kitty_ = CardSet{};
}

void Hand::set_declarer_or_kitty(const CardSet& cards) {
  if (!cards.valid()) throw std::invalid_argument("declarer_or_kitty: not a valid card set");
  CardSet room = held(declarer_);
  if (kitty_known_) room = room.plus(kitty_);
  if (unknown_[declarer_] || !kitty_known_) room = room.plus(unknown_pool());
  if (!room.contains(cards))
    throw std::invalid_argument("declarer_or_kitty: " + ctx_.format(room.missing(cards)) +
                                " cannot be in " + seat_name(declarer_) + "'s hand or the kitty");
  declarer_or_kitty_ = cards;
}

HandResult Hand::result(int level_ns, int level_ew) const {
  if (!is_over()) throw std::invalid_argument("the hand is not over");
  if (history_.size() == 0) throw std::invalid_argument("the last trick is not known");
  return result_of(state_, level_ns, level_ew);
}

HandResult Hand::result_of(const PlayState& end, int level_ns, int level_ew) const {
  if (!kitty_known_) throw std::invalid_argument("the kitty is not known, so neither is the result");
  return hand_result(rules_, ctx_, declarer_, level_ns, level_ew, end.points, end.last_winner,
                     end.last_play, kitty_, dry_, stake_);
}

}  // namespace duidiao
