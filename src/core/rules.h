// Rules options (rules §9): every table custom is a field, presets are data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "types.h"

namespace duidiao {

// §7: what a level dig at K does: K翻天 swaps the teams' levels, K三级 sends the declarers to 10.
enum KDig : int { K_DIG_SWAP, K_DIG_TEN, K_DIG_NB };
// §6.3, §10.7: whether the kitty's points go to the defenders who win the last trick, and times
// what: never (Chifeng); 2^(1+L), L the longest tractor of the winning play (`power`); 2 times
// the cards per play (`cards`); §11.9: min(64, 2^k), k the cards of the winning play's largest own
// component (`component`), or a flat 2 (`double`).
enum KittyPoints : int { KITTY_POINTS_NEVER, KITTY_POINTS_POWER, KITTY_POINTS_CARDS,
                         KITTY_POINTS_COMPONENT, KITTY_POINTS_DOUBLE, KITTY_POINTS_NB };
// §5.2, §10.3: which part of a throw that does not stand is played: the failing component
// lowest in power, or the lowest component of the whole throw.
enum FailedThrow : int { FAILED_THROW_LOWEST_FAILING, FAILED_THROW_LOWEST, FAILED_THROW_NB };
// §3, §10.1: the levels a team climbs through, A…K (Chifeng) or 2…A (the standard game).
enum Ladder : int { LADDER_A_K, LADDER_2_A, LADDER_NB };
// §5.4, §10.5: how trump plays compete: by the lead's format, or by exact structure.
enum TrumpCompare : int { TRUMP_COMPARE_FORMAT, TRUMP_COMPARE_STRUCTURE, TRUMP_COMPARE_NB };
// §6.2, §10.6: how trumps are declared: Chifeng's (翻主 without one), or the standard chain
// (single < pair < small-joker pair < big-joker pair, no declaration: no trump), or §11.7's
// 欢乐升级 ladder (pairs and triples by suit, 自保, 自反, 反主, 反无主).
enum Declaring : int { DECLARING_CHIFENG, DECLARING_STANDARD, DECLARING_HUANLE, DECLARING_NB };
// §11.7: who declares in the first hand: whoever stands at the end of declaring, or the first
// to declare.
enum FirstDeclarer : int { FIRST_DECLARER_STANDING, FIRST_DECLARER_FIRST, FIRST_DECLARER_NB };
// §6.3, §10.6: the kitty buried face up (明埋, with 干巴锅) or face down.
enum KittyBurial : int { KITTY_BURIAL_FACE_UP, KITTY_BURIAL_FACE_DOWN, KITTY_BURIAL_NB };
// §7, §10.7: the result rows: Chifeng's (80/140, 轱辘坡), or the standard bands of 40 points.
enum Scoring : int { SCORING_CHIFENG, SCORING_BANDS, SCORING_NB };

// The names options print and parse as ("swap", "ten"; "never", "power", "cards"; ...).
const char* k_dig_name(KDig k);
const char* failed_throw_name(FailedThrow f);
const char* kitty_points_name(KittyPoints k);
const char* ladder_name(Ladder l);
const char* trump_compare_name(TrumpCompare t);
const char* declaring_name(Declaring d);
const char* kitty_burial_name(KittyBurial k);
const char* scoring_name(Scoring s);
const char* first_declarer_name(FirstDeclarer f);
// The ladder's level letters, lowest first ("A23456789TJQK" or "23456789TJQKA").
const char* ladder_letters(Ladder l);

struct Rules {
  std::string name = "chifeng";
  bool must_follow_format = false;   // §5.3: must a follower match pairs and tractors?
  bool ace_low_tractor = true;       // §4: AA-22 is a tractor
  bool level_tractor_bridge = false; // §4: trump level - off-suit level - trump A link
  bool throws_in_trumps = false;     // §4: may trumps be thrown?
  int throw_penalty = 0;             // §5.2: points for a failed throw
  bool level_card_grab = false;      // §6.3: 抢牌
  KDig k_dig = K_DIG_SWAP;           // §7: K翻天 or K三级
  std::vector<int> must_play_levels = {10, 11, 12};  // §7.1, as levels (J Q K)
  KittyPoints kitty_points = KITTY_POINTS_NEVER;  // §6.3
  bool muddy_throws = true;          // §5.2 浑甩: a throw stands while nobody else holds its top ranks
  FailedThrow failed_throw = FAILED_THROW_LOWEST_FAILING;  // §5.2, §10.3
  Ladder ladder = LADDER_A_K;        // §3, §10.1
  bool gated_takeover = false;       // §10.7: defenders at a must-play level take over, no climb
  TrumpCompare trump_compare = TRUMP_COMPARE_FORMAT;  // §5.4, §10.5
  Declaring declaring = DECLARING_CHIFENG;            // §6.2, §10.6
  KittyBurial kitty_burial = KITTY_BURIAL_FACE_UP;    // §6.3, §10.6
  bool xiaosa = true;                // §6.4 潇洒: jokers buried climb with the result
  bool digs = true;                  // §7: the joker and level digs of the last trick
  Scoring scoring = SCORING_CHIFENG; // §7, §10.7
  int decks = 2;                     // §11.1: packs shuffled together (1, 2 or 3)
  bool permanent_twos = false;       // §11.2 2 为常主: every 2 is a trump
  bool protect_triples = false;      // §11.5: a held triple does not count as a pair to follow
  bool counter_bury = false;         // §11.8 反底: a stronger declaration re-buries the kitty
  bool stakes = false;               // §11.9: the stake s and the hand score ±s·X
  FirstDeclarer first_declarer = FIRST_DECLARER_STANDING;  // §11.7

  static Rules preset(const std::string& name);
  static std::vector<std::string> presets();

  // Throws std::invalid_argument when an option has a value the engine does not play.
  // (The play from a position: what Hand needs.)
  void check_supported() const;
  // The same for a whole hand from the deal (Game): declaring and burying too.
  void check_game_supported() const;
  bool is_must_play(int level) const;
  // The sizes of a game of these rules: cards, hand, kitty, points (rules §11.1).
  Sizes sizes() const { return sizes_of(decks); }
  // May a hand be played without a trump suit (§10.1, §11.7)? Under the standard and the
  // 欢乐升级 declaring (joker pairs and triples declare it; nobody declaring too).
  bool allows_no_trump() const { return declaring == DECLARING_STANDARD || declaring == DECLARING_HUANLE; }
  // The rank of the level cards at a ladder position (0 = 2 … 12 = A as ranks, rules §2).
  int level_rank(int level) const;
  // The ladder position of the level whose level cards have this rank.
  int level_of_rank(int rank) const;
  std::string to_string() const;  // one "key=value" per line
  // The options packed in a number, equal for rules that play alike (the name aside): what a
  // search's table keys carry of the rules.
  uint64_t fingerprint() const;
  bool operator==(const Rules& o) const;
};

}  // namespace duidiao
