// Legal plays (§5.1 leads, §5.3 and §10.4 follows): enumeration, counting and uniform sampling.
// Every play is a distinct multiset, listed once.
#pragma once
#include <cstdint>
#include <vector>

#include "cardset.h"
#include "context.h"
#include "random.h"
#include "trick.h"

namespace duidiao {

// Where an enumeration puts its moves: every one, or one page of them — the moves numbered
// [first, first + limit) in the enumeration's order — so that a hand with millions of throws
// is listed a page at a time in bounded memory (the enumeration itself is a few ns a move).
// Or, for a play chosen a card at a time (MoveSink::extending), none of them: only what the
// moves holding a partial play add to it, and whether the partial play is itself a move.
class MoveSink {
 public:
  explicit MoveSink(std::vector<CardSet>* out, uint64_t first = 0, uint64_t limit = UINT64_MAX)
      : out_(out), first_(first), limit_(limit) {}
  static MoveSink extending(const CardSet& partial) {
    MoveSink sink(nullptr);
    sink.partial_ = partial;
    return sink;
  }
  void push_back(const CardSet& c) {
    if (!out_) return extend(c);
    if (seen_ >= first_ && seen_ - first_ < limit_) out_->push_back(c);
    ++seen_;
  }
  uint64_t seen() const { return seen_; }
  // For an extending sink: the faces that some move holding the partial play has more copies
  // of, and whether one move is the partial play itself.
  uint64_t addable() const { return addable_; }
  bool complete() const { return complete_; }

 private:
  void extend(const CardSet& c) {
    if (!c.contains(partial_)) return;
    if (c == partial_) complete_ = true;
    else addable_ |= c.minus(partial_).one;
  }

  std::vector<CardSet>* out_;
  uint64_t first_, limit_, seen_ = 0;
  CardSet partial_;
  uint64_t addable_ = 0;
  bool complete_ = false;
};

// Every legal lead: singles, pairs, tractors and (if include_throws) every throw of a side suit,
// and of the trumps when the rules allow it.
void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws, MoveSink* out);
void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws,
                 std::vector<CardSet>* out);
uint64_t count_leads(const Context& ctx, const CardSet& hand, bool include_throws);

// Every legal follow from `hand` to the lead of trick `t` (t.size cards of effective suit t.led):
// §5.3's suit, and with must_follow_format §10.4's duties (t.duty).
void legal_follows(const Context& ctx, const CardSet& hand, const Trick& t, MoveSink* out);
void legal_follows(const Context& ctx, const CardSet& hand, const Trick& t,
                   std::vector<CardSet>* out);
uint64_t count_follows(const Context& ctx, const CardSet& hand, const Trick& t);

// Uniform choices without building a list: a non-throw lead, a follow.
CardSet random_lead(const Context& ctx, const CardSet& hand, Rng& rng);
CardSet random_follow(const Context& ctx, const CardSet& hand, const Trick& t, Rng& rng);

// Is `play`, t.size cards of `hand`, a legal follow to trick t (the suit followed as far as
// possible, and the duties of §10.4 met)?
bool is_legal_follow(const Context& ctx, const CardSet& hand, const CardSet& play, const Trick& t);

// §10.4, §11.5: what a follower holding `suit` of the led suit (more cards of it than were led)
// must play of it, besides the count. All 0 when the lead asks for nothing or the follower holds
// no pair.
struct FollowNeed {
  int pairs = 0;    // faces played twice or more besides the triples: min(P, Q), Q the faces held twice
  int tractor = 0;  // L if `suit` holds a tractor that long; else m, its longest, if 2 <= m < L
  int triples = 0;  // §11.5's t*: faces played three times
  int titanic = 0;  // §11.5 duty 2.1: the play is a Titanic of this length
  bool any() const { return pairs || tractor || triples || titanic; }
};
FollowNeed follow_need(const Context& ctx, const CardSet& suit, const Trick& t);
// Does `play` (all of effective suit e) meet the need?
bool meets_need(const Context& ctx, int e, const CardSet& play, const FollowNeed& need);
// The first part of the need a play all of suit e breaks (§11.5's order), for messages.
enum DutyBreach : int { DUTY_MET, TITANIC_NOT_FOLLOWED, TRACTOR_NOT_FOLLOWED, TRIPLES_NOT_FOLLOWED,
                        PAIRS_NOT_FOLLOWED };
DutyBreach duty_breach(const Context& ctx, int e, const CardSet& play, const FollowNeed& need);

}  // namespace duidiao
