// Rules options (rules §9): every table custom is a field, presets are data.
#pragma once
#include <string>
#include <vector>

namespace duidiao {

struct Rules {
  std::string name = "chifeng";
  bool must_follow_format = false;   // §5.3: must a follower match pairs and tractors?
  bool ace_low_tractor = true;       // §4: AA-22 is a tractor
  bool level_tractor_bridge = false; // §4: trump level - off-suit level - trump A link
  bool throws_in_trumps = false;     // §4: may trumps be thrown?
  int throw_penalty = 0;             // §5.2: points for a failed throw
  bool level_card_grab = false;      // §6.3: 抢牌
  std::string k_dig = "swap";        // §7: K翻天 "swap" or K三级 "ten"
  std::vector<int> must_play_levels = {10, 11, 12};  // §7.1, as levels (J Q K)
  std::string kitty_points = "never";  // §6.3: kitty points never count

  static Rules preset(const std::string& name);
  static std::vector<std::string> presets();

  // Throws std::invalid_argument when an option has a value the engine does not play.
  void check_supported() const;
  bool is_must_play(int level) const;
  std::string to_string() const;  // one "key=value" per line
  bool operator==(const Rules& o) const;
};

}  // namespace duidiao
