// Hand: the play phase of one hand (§5, §6.5) — the lean PlayState (four hands, the trick in
// progress, voids, points) plus the hidden cards, the kitty and the tricks played — with legal
// moves and the checked play, for callers. Hands may be partly unknown (a count of hidden cards),
// as in a position string written from one player's view. Searches copy state(), not the Hand.
#pragma once
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.h"
#include "context.h"
#include "play_state.h"
#include "result.h"
#include "rules.h"
#include "trick.h"

namespace duidiao {

struct TrickRecord {
  int leader = 0;
  CardSet plays[4];
  // The lead as attempted: plays[0] but for a failed throw (§5.2), where plays[0] is the forced
  // component and this is the whole throw.
  CardSet attempt;
  int winner = 0;
  int points = 0;  // point cards in the trick, whoever won it
};

// The tricks played, in order. Copies take the tricks played alone: a Hand is copied for every
// decision a bot is shown (its observation's view), and most of the 25 places are empty.
class TrickHistory {
 public:
  TrickHistory() = default;
  TrickHistory(const TrickHistory& o) : size_(o.size_) { std::copy(o.tricks_, o.tricks_ + o.size_, tricks_); }
  TrickHistory& operator=(const TrickHistory& o) {
    size_ = o.size_;
    std::copy(o.tricks_, o.tricks_ + o.size_, tricks_);
    return *this;
  }
  int size() const { return size_; }
  const TrickRecord& operator[](int i) const { return tricks_[i]; }
  // The next record, or null when 25 are kept.
  TrickRecord* add() { return size_ < MAX_TRICKS ? &tricks_[size_++] : nullptr; }

 private:
  TrickRecord tricks_[MAX_TRICKS];
  int size_ = 0;
};

struct HandSetup {
  Rules rules;
  int level = 0, trump = 0, declarer = 0, leader = 0;
  CardSet held[4];
  int unknown[4] = {};
  CardSet kitty;
  bool kitty_known = false;
  bool dry = false;
  CardSet gone;      // cards played before, not replayed here
  int points = 0;    // the defenders' points in `gone`
  int voids[4] = {};
  int tricks_done = 0;
};

class Hand {
 public:
  Hand() = default;  // an empty placeholder, before a game reaches its play
  // Throws std::invalid_argument when the setup is inconsistent.
  explicit Hand(const HandSetup& setup);

  const Rules& rules() const { return rules_; }
  const Context& context() const { return ctx_; }
  int declarer() const { return declarer_; }
  int turn() const { return state_.trick.turn(); }
  int leader() const { return state_.trick.leader; }
  int points() const { return state_.points; }
  // Adds the defenders' points of tricks played before this hand's (`gone`) once the written
  // tricks are replayed: a position that states its points learns only then what gone holds.
  void bank_points(int points);
  const CardSet& held(int seat) const { return state_.held[seat]; }
  int unknown(int seat) const { return unknown_[seat]; }
  int voids(int seat) const { return state_.voids[seat]; }
  const CardSet& kitty() const { return kitty_; }
  bool kitty_known() const { return kitty_known_; }
  bool dry() const { return dry_; }
  int tricks_done() const { return tricks_done_; }
  const Trick& trick() const { return state_.trick; }
  // The lean state: what a search copies and plays on (its key covers the known cards only).
  const PlayState& state() const { return state_; }
  // Cards out of play: gone before the position, or played in it (the trick's plays too).
  const CardSet& out() const { return state_.out; }
  int history_size() const { return history_.size(); }
  const TrickRecord& history(int i) const { return history_[i]; }
  // The lead of the trick in progress as attempted (see TrickRecord::attempt); empty before it.
  const CardSet& lead_attempt() const { return lead_attempt_; }
  bool is_over() const;

  // Legal plays for the seat to move (its hand must be known).
  void legal_moves(std::vector<CardSet>* out) const;
  uint64_t count_legal_moves() const;
  // One page of them: the moves numbered [first, first + limit) in the enumeration's order
  // (that of legal_moves), in memory for `limit` moves whatever their count.
  void legal_moves_page(uint64_t first, uint64_t limit, std::vector<CardSet>* out) const;

  // A play chosen a card at a time: the faces of which one more copy can join `partial` on the
  // way to some legal play (as a mask), and whether `partial` is a legal play itself. Nothing
  // can join cards the seat does not hold.
  uint64_t extensions(const CardSet& partial, bool* complete) const;

  // Plays `cards` for the seat to move and returns what was actually played (a failed throw
  // becomes its forced component). `recorded`: the cards come from a record (see internals.md).
  CardSet play(const CardSet& cards, bool recorded = false);
  // The checks of play() alone: what `cards` would come to, or IllegalMove.
  CardSet resolve(const CardSet& cards, bool recorded = false) const;

  // Records that `seat` is known to be void in the effective suits of `mask` (a fact learnt
  // outside the tricks replayed here). Throws std::invalid_argument if it holds such a card.
  void add_voids(int seat, int mask);
  // Records that `seat` is known to hold no pair in the effective suits of `mask` (§10.4: a
  // follow with fewer pairs than the lead asked for shows it, the notation's `!S`). Throws
  // BadSetup (reason pair_held) if its known cards hold one.
  void add_no_pairs(int seat, int mask);
  int no_pairs(int seat) const { return no_pairs_[seat]; }
  // §11.5: the same for triples (the notation's `!3S`): a follow with fewer triples than the
  // lead asked for. Throws BadSetup (reason triple_held) if its known cards hold one.
  void add_no_triples(int seat, int mask);
  int no_triples(int seat) const { return no_triples_[seat]; }
  // §11.9 with `stakes`: the hand's stake s (a power of 2, 1 … 4096), 1 unless set.
  void set_stake(int stake);
  int stake() const { return stake_; }
  // §10.6 with the kitty buried face down: the cards the declarer showed while declaring are in
  // its hand or in the kitty, and the others cannot tell which. Kept as the declarer plays (a
  // copy of a face it plays may be the shown one). Throws std::invalid_argument unless the cards
  // could be there (the declarer's known or hidden cards, the kitty, nowhere else).
  void set_declarer_or_kitty(const CardSet& cards);
  const CardSet& declarer_or_kitty() const { return declarer_or_kitty_; }
  // The cards each seat was seen to hold when the play began (shown when declaring, taken from
  // the kitty or grabbed; Game::start_play sets them): public facts, kept as they were, for a
  // search that replays the play and asks what every seat could see then. Empty for a hand set
  // up otherwise (from a position string).
  void set_shown_at_start(const CardSet shown[4]);
  const CardSet& shown_at_start(int seat) const { return shown_at_start_[seat]; }

  // Hides what `seat` cannot know: every other hand keeps only its `exposed` cards (shown when
  // declaring or taken from the face-up kitty); the rest of it becomes hidden cards.
  void conceal(int seat, const CardSet exposed[4]);
  // The opposite: puts every hidden card in place. hidden[seat] joins the seat's known cards
  // (exactly unknown(seat) of them) and `kitty` becomes the kitty when it was not known (else it
  // must be empty). Together they must be the cards not accounted for, with no seat given a
  // suit it is void in. Throws std::invalid_argument otherwise, leaving the hand unchanged.
  void reveal(const CardSet hidden[4], const CardSet& kitty);
  // §10.6: the kitty buried face down, as every seat but the declarer sees it (8 hidden cards).
  void hide_kitty();

  // §7: needs the hand over, its last trick played here, and the kitty known.
  HandResult result(int level_ns, int level_ew) const;
  // §7 for this hand played on to `end`, a finished state (a playout's), the kitty known.
  HandResult result_of(const PlayState& end, int level_ns, int level_ew) const;

  // The cards not accounted for: in hidden hands, or in the kitty when it is not known.
  CardSet unknown_pool() const;

 private:
  void require_known_turn() const;
  CardSet resolve_throw(int seat, int suit, const CardSet& cards, bool recorded) const;
  void check_follow(int seat, const CardSet& cards) const;
  void check_duties(int seat, const CardSet& cards) const;
  // The play of `cards` (legal, resolved) on the state, the hidden cards and the history.
  void apply(const CardSet& cards);

  Rules rules_;
  Context ctx_;
  int declarer_ = 0;
  PlayState state_;
  int unknown_[4] = {};
  CardSet kitty_;
  bool kitty_known_ = false;
  bool dry_ = false;
  int tricks_done_ = 0;
  TrickHistory history_;
  CardSet lead_attempt_;
  int no_pairs_[4] = {};  // per seat, bit e: known to hold no pair in effective suit e
  int no_triples_[4] = {};  // per seat, bit e: known to hold no triple in effective suit e
  int stake_ = 1;
  CardSet declarer_or_kitty_;
  CardSet shown_at_start_[4];
};

std::string suit_name(int effective_suit);
std::string seat_name(int seat);

}  // namespace duidiao
