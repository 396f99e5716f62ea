// A trick in progress (§5.4): who is winning it, and the points in it. Also the validity of a
// throw (§5.2), decided against what the other players hold.
#pragma once
#include "combination.h"
#include "context.h"

namespace duidiao {

// §10.4, §11.5 (must_follow_format): what a lead asks of a follower who holds more cards of its
// suit than were led, beyond playing only that suit. All 0 without the option (§5.3), or when
// the lead has no pair or triple: then any cards of the suit will do.
struct FollowDuty {
  int pairs = 0;    // p: the lead's pairs (a tractor of length L counts L, a throw all of them)
  int tractor = 0;  // L when the lead is one tractor (not a throw), else 0
  int triples = 0;  // t: the lead's triples (a Titanic of length L counts L), §11.5
  int titanic = 0;  // L when the lead is one Titanic, else 0
  bool any() const { return pairs || (COPIES >= 3 && triples); }  // no triples led where none are dealt
};

struct Trick {
  int leader = 0;
  int played = 0;  // plays so far, 0..4
  CardSet plays[4];
  int size = 0;    // cards in the lead
  int led = 0;     // effective suit of the lead
  Format format;   // the lead's format
  bool lead_is_throw = false;
  // §10.5 `structure`, for a lead of three cards or more: plays compete with exactly the lead's
  // components, by their highest card (a single or a pair compares alike under both rules).
  bool by_structure = false;
  FollowDuty duty;  // what the lead asks of the followers (§10.4)
  int winner = 0;  // index of the winning play so far
  bool winner_trumped = false;  // is the winning play a trumping (杀牌) of a side-suit lead?
  int winner_key = 0;
  int point_total = 0;  // points in the plays so far (kept as they are made: playouts ask often)

  void start(int leader_seat) { *this = Trick{}; leader = leader_seat; }
  int turn() const { return (leader + played) & 3; }
  // The lead is already resolved (a failed throw replaced by its forced component).
  void lead(const Context& ctx, const CardSet& cards);
  void follow(const Context& ctx, const CardSet& cards);
  // Would `cards`, played next, take the trick (become its winning play)? As follow() decides.
  bool takes(const Context& ctx, const CardSet& cards) const;
  int winner_seat() const { return (leader + winner) & 3; }
  int points() const { return point_total; }
};

// What a throw comes to, against the other players' holdings.
struct ThrowVerdict {
  bool valid = true;
  int forced = -1;  // index of the forced component in the decomposition when not valid
};

// §5.2 for a side-suit throw decomposed in `d`; others[] are the other players' cards, one
// holding each (three; a fourth for cards some other player surely holds, whoever it is).
ThrowVerdict judge_throw(const Context& ctx, const Decomposition& d, int suit, const CardSet* others,
                         int holders = 3);

}  // namespace duidiao
