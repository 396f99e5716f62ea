// Rules options (rules §9): every table custom is a field, presets are data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace duidiao {

// §7: what a level dig at K does: K翻天 swaps the teams' levels, K三级 sends the declarers to 10.
enum KDig : int { K_DIG_SWAP, K_DIG_TEN, K_DIG_NB };
// §6.3: when the kitty's points count: never, in the Chifeng presets.
enum KittyPoints : int { KITTY_POINTS_NEVER, KITTY_POINTS_NB };
// §5.2, §10.3: which part of a throw that does not stand is played: the failing component
// lowest in power, or the lowest component of the whole throw.
enum FailedThrow : int { FAILED_THROW_LOWEST_FAILING, FAILED_THROW_LOWEST, FAILED_THROW_NB };
// The names options print and parse as ("swap", "ten"; "never"; "lowest_failing", "lowest").
const char* k_dig_name(KDig k);
const char* failed_throw_name(FailedThrow f);
const char* kitty_points_name(KittyPoints k);

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

  static Rules preset(const std::string& name);
  static std::vector<std::string> presets();

  // Throws std::invalid_argument when an option has a value the engine does not play.
  void check_supported() const;
  bool is_must_play(int level) const;
  std::string to_string() const;  // one "key=value" per line
  // The options packed in a number, equal for rules that play alike (the name aside): what a
  // search's table keys carry of the rules.
  uint64_t fingerprint() const;
  bool operator==(const Rules& o) const;
};

}  // namespace duidiao
