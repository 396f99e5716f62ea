#include "rules.h"

#include <algorithm>
#include <stdexcept>

namespace duidiao {

const char* k_dig_name(KDig k) { return k == K_DIG_SWAP ? "swap" : k == K_DIG_TEN ? "ten" : "?"; }

const char* kitty_points_name(KittyPoints k) { return k == KITTY_POINTS_NEVER ? "never" : "?"; }

const char* failed_throw_name(FailedThrow f) {
  return f == FAILED_THROW_LOWEST_FAILING ? "lowest_failing" : f == FAILED_THROW_LOWEST ? "lowest" : "?";
}

std::vector<std::string> Rules::presets() { return {"chifeng", "chifeng-classic", "chifeng-10"}; }

Rules Rules::preset(const std::string& name) {
  Rules r;
  r.name = name;
  if (name == "chifeng") return r;
  if (name == "chifeng-classic") {
    r.level_card_grab = true;
    r.k_dig = K_DIG_TEN;
    return r;
  }
  if (name == "chifeng-10") {
    r.level_card_grab = true;
    r.k_dig = K_DIG_TEN;
    r.must_play_levels = {9, 10, 11, 12};
    return r;
  }
  throw std::invalid_argument("unknown preset '" + name +
                              "' (expected chifeng, chifeng-classic or chifeng-10)");
}

void Rules::check_supported() const {
  if (must_follow_format)
    throw std::invalid_argument("must_follow_format=on is not supported yet (chifeng presets have it off)");
  if (throws_in_trumps)
    throw std::invalid_argument("throws_in_trumps=on is not supported yet (chifeng presets have it off)");
  if (kitty_points < 0 || kitty_points >= KITTY_POINTS_NB)
    throw std::invalid_argument("kitty_points is not an option (expected never)");
  if (k_dig < 0 || k_dig >= K_DIG_NB)
    throw std::invalid_argument("k_dig is not an option (expected swap or ten)");
  if (failed_throw < 0 || failed_throw >= FAILED_THROW_NB)
    throw std::invalid_argument("failed_throw is not an option (expected lowest_failing or lowest)");
  if (throw_penalty != 0)
    throw std::invalid_argument("throw_penalty must be 0 for now (chifeng presets)");
  for (int l : must_play_levels)
    if (l < 0 || l > 12)
      throw std::invalid_argument("must_play_levels: " + std::to_string(l) + " is not a level 0..12");
}

uint64_t Rules::fingerprint() const {
  uint64_t levels = 0;
  for (int l : must_play_levels) levels |= uint64_t(1) << (l & 15);
  return uint64_t(must_follow_format) | uint64_t(ace_low_tractor) << 1 |
         uint64_t(level_tractor_bridge) << 2 | uint64_t(throws_in_trumps) << 3 |
         uint64_t(level_card_grab) << 4 | uint64_t(k_dig) << 5 | uint64_t(kitty_points) << 8 |
         uint64_t(levels) << 12 | uint64_t(muddy_throws) << 28 | uint64_t(failed_throw) << 29 |
         uint64_t(uint32_t(throw_penalty)) << 32;
}

bool Rules::is_must_play(int level) const {
  return std::find(must_play_levels.begin(), must_play_levels.end(), level) != must_play_levels.end();
}

std::string Rules::to_string() const {
  static const char* LEVELS[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"};
  auto onoff = [](bool b) { return std::string(b ? "on" : "off"); };
  std::string levels;
  for (int l : must_play_levels) {
    if (!levels.empty()) levels += ",";
    levels += (l >= 0 && l <= 12) ? LEVELS[l] : "?";
  }
  return "name=" + name + "\nmust_follow_format=" + onoff(must_follow_format) +
         "\nace_low_tractor=" + onoff(ace_low_tractor) +
         "\nlevel_tractor_bridge=" + onoff(level_tractor_bridge) +
         "\nthrows_in_trumps=" + onoff(throws_in_trumps) +
         "\nthrow_penalty=" + std::to_string(throw_penalty) +
         "\nlevel_card_grab=" + onoff(level_card_grab) + "\nk_dig=" + k_dig_name(k_dig) +
         "\nmust_play_levels=" + levels + "\nkitty_points=" + kitty_points_name(kitty_points) +
         "\nmuddy_throws=" + onoff(muddy_throws) + "\nfailed_throw=" + failed_throw_name(failed_throw);
}

bool Rules::operator==(const Rules& o) const {
  return name == o.name && must_follow_format == o.must_follow_format &&
         ace_low_tractor == o.ace_low_tractor && level_tractor_bridge == o.level_tractor_bridge &&
         throws_in_trumps == o.throws_in_trumps && throw_penalty == o.throw_penalty &&
         level_card_grab == o.level_card_grab && k_dig == o.k_dig &&
         must_play_levels == o.must_play_levels && kitty_points == o.kitty_points &&
         muddy_throws == o.muddy_throws && failed_throw == o.failed_throw;
}

}  // namespace duidiao
