#include "rules.h"

#include <algorithm>
#include <stdexcept>

namespace duidiao {

namespace {

// A name per enum value, in the enum's order.
template <typename E, size_t N>
const char* name_of(E e, const char* const (&names)[N]) {
  return int(e) >= 0 && size_t(e) < N ? names[int(e)] : "?";
}

const char* const K_DIGS[] = {"swap", "ten"};
const char* const KITTY_POINTS[] = {"never", "power", "cards", "component", "double"};
const char* const FAILED_THROWS[] = {"lowest_failing", "lowest"};
const char* const LADDERS[] = {"A-K", "2-A"};
const char* const TRUMP_COMPARES[] = {"format", "structure"};
const char* const DECLARINGS[] = {"chifeng", "standard", "huanle"};
const char* const FIRST_DECLARERS[] = {"standing", "first"};
const char* const KITTY_BURIALS[] = {"face_up", "face_down"};
const char* const SCORINGS[] = {"chifeng", "bands"};
const char* const LADDER_LETTERS[] = {"A23456789TJQK", "23456789TJQKA"};

// The presets of rules §9, as data: each is the default Rules with some options changed.
std::vector<Rules> make_presets() {
  std::vector<Rules> out;
  Rules chifeng;  // the defaults are chifeng's
  out.push_back(chifeng);

  Rules classic = chifeng;
  classic.name = "chifeng-classic";
  classic.level_card_grab = true;
  classic.k_dig = K_DIG_TEN;
  out.push_back(classic);

  Rules ten = classic;
  ten.name = "chifeng-10";
  ten.must_play_levels = {9, 10, 11, 12};  // T J Q K
  out.push_back(ten);

  Rules tractor;  // §10, from the standard answers [004]
  tractor.name = "tractor";
  tractor.ladder = LADDER_2_A;
  tractor.must_play_levels = {};
  tractor.must_follow_format = true;
  tractor.ace_low_tractor = false;
  tractor.level_tractor_bridge = true;
  tractor.throws_in_trumps = true;
  tractor.muddy_throws = false;
  tractor.declaring = DECLARING_STANDARD;
  tractor.kitty_burial = KITTY_BURIAL_FACE_DOWN;
  tractor.xiaosa = false;
  tractor.digs = false;
  tractor.scoring = SCORING_BANDS;
  tractor.kitty_points = KITTY_POINTS_POWER;
  out.push_back(tractor);

  Rules shanghai = tractor;  // §10, the Shanghai table [80fen]
  shanghai.name = "shanghai";
  shanghai.must_play_levels = {0, 3, 8, 11};  // the gates 2 5 10 K
  shanghai.gated_takeover = true;
  shanghai.failed_throw = FAILED_THROW_LOWEST;
  shanghai.trump_compare = TRUMP_COMPARE_STRUCTURE;
  shanghai.kitty_points = KITTY_POINTS_CARDS;
  out.push_back(shanghai);

  // §11.10: `tractor` with one, two or three packs, 欢乐升级's declaring and kitty multiplier, and
  // (where a counter can be made: pairs exist) 反底 and stakes.
  const struct { const char* name; int decks; } wider[] = {{"one-deck", 1}, {"huanle", 2}, {"three-deck", 3}};
  for (const auto& w : wider) {
    Rules r = tractor;
    r.name = w.name;
    r.decks = w.decks;
    r.declaring = DECLARING_HUANLE;
    r.kitty_points = KITTY_POINTS_COMPONENT;
    r.counter_bury = w.decks > 1;
    r.stakes = w.decks > 1;
    out.push_back(r);
  }
  return out;
}

const std::vector<Rules>& preset_table() {
  static const std::vector<Rules> table = make_presets();
  return table;
}

void refuse(const std::string& option, const std::string& value) {
  throw std::invalid_argument(option + "=" + value + " is not supported yet");
}

}  // namespace

const char* k_dig_name(KDig k) { return name_of(k, K_DIGS); }
const char* kitty_points_name(KittyPoints k) { return name_of(k, KITTY_POINTS); }
const char* failed_throw_name(FailedThrow f) { return name_of(f, FAILED_THROWS); }
const char* ladder_name(Ladder l) { return name_of(l, LADDERS); }
const char* trump_compare_name(TrumpCompare t) { return name_of(t, TRUMP_COMPARES); }
const char* declaring_name(Declaring d) { return name_of(d, DECLARINGS); }
const char* kitty_burial_name(KittyBurial k) { return name_of(k, KITTY_BURIALS); }
const char* scoring_name(Scoring s) { return name_of(s, SCORINGS); }
const char* ladder_letters(Ladder l) { return name_of(l, LADDER_LETTERS); }
const char* first_declarer_name(FirstDeclarer f) { return name_of(f, FIRST_DECLARERS); }

std::vector<std::string> Rules::presets() {
  std::vector<std::string> names;
  for (const Rules& r : preset_table()) names.push_back(r.name);
  return names;
}

Rules Rules::preset(const std::string& name) {
  std::string known;
  for (const Rules& r : preset_table()) {
    if (r.name == name) return r;
    known += (known.empty() ? "" : ", ") + r.name;
  }
  throw std::invalid_argument("unknown preset '" + name + "' (expected " + known + ")");
}

void Rules::check_game_supported() const {
  check_supported();
  // A hand from the deal on: declaring and burying (§6, §10.6) as well as the play. 抢牌 and
  // 潇洒 take from a face-up kitty.
  if (kitty_burial == KITTY_BURIAL_FACE_DOWN && level_card_grab)
    throw std::invalid_argument(
        "level_card_grab=on needs kitty_burial=face_up (抢牌 takes a card from the face-up kitty)");
  // §11.8: 反底 re-buries a kitty face down, after 欢乐升级's declaring.
  if (counter_bury && (declaring != DECLARING_HUANLE || kitty_burial != KITTY_BURIAL_FACE_DOWN))
    throw std::invalid_argument("counter_bury=on needs declaring=huanle and kitty_burial=face_down (rules §11.8)");
  if (declaring == DECLARING_HUANLE && kitty_burial != KITTY_BURIAL_FACE_DOWN)
    throw std::invalid_argument("declaring=huanle needs kitty_burial=face_down (rules §11.8)");
  if (kitty_burial == KITTY_BURIAL_FACE_DOWN && xiaosa)
    throw std::invalid_argument(
        "xiaosa=on needs kitty_burial=face_up (潇洒 takes cards from the face-up kitty)");
}

void Rules::check_supported() const {
  auto in_range = [](int v, int nb) { return v >= 0 && v < nb; };
  if (!in_range(kitty_points, KITTY_POINTS_NB))
    throw std::invalid_argument(
        "kitty_points is not an option (expected never, power, cards, component or double)");
  if (!in_range(k_dig, K_DIG_NB))
    throw std::invalid_argument("k_dig is not an option (expected swap or ten)");
  if (!in_range(failed_throw, FAILED_THROW_NB))
    throw std::invalid_argument("failed_throw is not an option (expected lowest_failing or lowest)");
  if (!in_range(ladder, LADDER_NB))
    throw std::invalid_argument("ladder is not an option (expected A-K or 2-A)");
  if (!in_range(trump_compare, TRUMP_COMPARE_NB))
    throw std::invalid_argument("trump_compare is not an option (expected format or structure)");
  if (!in_range(declaring, DECLARING_NB))
    throw std::invalid_argument("declaring is not an option (expected chifeng, standard or huanle)");
  if (!in_range(first_declarer, FIRST_DECLARER_NB))
    throw std::invalid_argument("first_declarer is not an option (expected standing or first)");
  if (!in_range(kitty_burial, KITTY_BURIAL_NB))
    throw std::invalid_argument("kitty_burial is not an option (expected face_up or face_down)");
  if (!in_range(scoring, SCORING_NB))
    throw std::invalid_argument("scoring is not an option (expected chifeng or bands)");
  for (int l : must_play_levels)
    if (l < 0 || l > 12)
      throw std::invalid_argument("must_play_levels: " + std::to_string(l) + " is not a level 0..12");
  // The option values the engine does not play yet (every preset has throw_penalty 0).
  if (throw_penalty != 0) refuse("throw_penalty", std::to_string(throw_penalty));
  if (decks < 1 || decks > 3)
    throw std::invalid_argument("decks must be 1, 2 or 3, not " + std::to_string(decks));
  // Each build plays up to its copies of a face (types.h): three decks are duidiao._core3's.
  if (decks > COPIES)
    throw std::invalid_argument("decks=" + std::to_string(decks) + " is played by the engine built for " +
                                std::to_string(decks) + " copies (duidiao._core" + std::to_string(decks) +
                                "), not this one");
  if (stakes && scoring != SCORING_BANDS)
    throw std::invalid_argument("stakes=on needs scoring=bands (rules §11.9)");
}

int Rules::level_rank(int level) const {
  // Ranks count 2 = 0 … A = 12 (rules §2); the A…K ladder starts one below the 2.
  return ladder == LADDER_2_A ? level : (level + 12) % 13;
}

int Rules::level_of_rank(int rank) const { return ladder == LADDER_2_A ? rank : (rank + 1) % 13; }

uint64_t Rules::fingerprint() const {
  uint64_t levels = 0;
  for (int l : must_play_levels) levels |= uint64_t(1) << (l & 15);
  // throw_penalty is 0 in every rule set the engine plays: 8 bits of it are plenty. §11's
  // options are 0 under the older presets, so their keys are as they were.
  return uint64_t(must_follow_format) | uint64_t(ace_low_tractor) << 1 |
         uint64_t(level_tractor_bridge) << 2 | uint64_t(throws_in_trumps) << 3 |
         uint64_t(level_card_grab) << 4 | uint64_t(k_dig) << 5 | uint64_t(kitty_points) << 8 |
         uint64_t(levels) << 12 | uint64_t(muddy_throws) << 28 | uint64_t(failed_throw) << 29 |
         uint64_t(uint8_t(throw_penalty)) << 32 | uint64_t(permanent_twos) << 40 |
         uint64_t(protect_triples) << 41 | uint64_t(counter_bury) << 42 | uint64_t(stakes) << 43 |
         uint64_t(first_declarer) << 44 | uint64_t(ladder) << 48 |
         uint64_t(gated_takeover) << 50 | uint64_t(trump_compare) << 51 |
         uint64_t(declaring) << 53 | uint64_t(kitty_burial) << 55 | uint64_t(xiaosa) << 57 |
         uint64_t(digs) << 58 | uint64_t(scoring) << 59 |
         uint64_t((decks + 2) & 3) << 61;  // two decks: 0, so the two-deck keys are as they were
}

bool Rules::is_must_play(int level) const {
  return std::find(must_play_levels.begin(), must_play_levels.end(), level) != must_play_levels.end();
}

std::string Rules::to_string() const {
  auto onoff = [](bool b) { return std::string(b ? "on" : "off"); };
  const char* letters = ladder_letters(ladder);
  std::string levels;
  for (int l : must_play_levels) {
    if (!levels.empty()) levels += ",";
    levels += (l >= 0 && l <= 12 && letters[0] != '?') ? std::string(1, letters[l]) : "?";
  }
  if (levels.empty()) levels = "-";
  return "name=" + name + "\nmust_follow_format=" + onoff(must_follow_format) +
         "\nace_low_tractor=" + onoff(ace_low_tractor) +
         "\nlevel_tractor_bridge=" + onoff(level_tractor_bridge) +
         "\nthrows_in_trumps=" + onoff(throws_in_trumps) +
         "\nthrow_penalty=" + std::to_string(throw_penalty) +
         "\nlevel_card_grab=" + onoff(level_card_grab) + "\nk_dig=" + k_dig_name(k_dig) +
         "\nmust_play_levels=" + levels + "\nkitty_points=" + kitty_points_name(kitty_points) +
         "\nmuddy_throws=" + onoff(muddy_throws) + "\nfailed_throw=" + failed_throw_name(failed_throw) +
         "\nladder=" + ladder_name(ladder) + "\ngated_takeover=" + onoff(gated_takeover) +
         "\ntrump_compare=" + trump_compare_name(trump_compare) +
         "\ndeclaring=" + declaring_name(declaring) +
         "\nkitty_burial=" + kitty_burial_name(kitty_burial) + "\nxiaosa=" + onoff(xiaosa) +
         "\ndigs=" + onoff(digs) + "\nscoring=" + scoring_name(scoring) +
         "\ndecks=" + std::to_string(decks) + "\npermanent_twos=" + onoff(permanent_twos) +
         "\nprotect_triples=" + onoff(protect_triples) + "\ncounter_bury=" + onoff(counter_bury) +
         "\nstakes=" + onoff(stakes) + "\nfirst_declarer=" + first_declarer_name(first_declarer);
}

bool Rules::operator==(const Rules& o) const {
  return name == o.name && must_follow_format == o.must_follow_format &&
         ace_low_tractor == o.ace_low_tractor && level_tractor_bridge == o.level_tractor_bridge &&
         throws_in_trumps == o.throws_in_trumps && throw_penalty == o.throw_penalty &&
         level_card_grab == o.level_card_grab && k_dig == o.k_dig &&
         must_play_levels == o.must_play_levels && kitty_points == o.kitty_points &&
         muddy_throws == o.muddy_throws && failed_throw == o.failed_throw && ladder == o.ladder &&
         gated_takeover == o.gated_takeover && trump_compare == o.trump_compare &&
         declaring == o.declaring && kitty_burial == o.kitty_burial && xiaosa == o.xiaosa &&
         digs == o.digs && scoring == o.scoring && decks == o.decks &&
         permanent_twos == o.permanent_twos && protect_triples == o.protect_triples &&
         counter_bury == o.counter_bury && stakes == o.stakes && first_declarer == o.first_declarer;
}

}  // namespace duidiao
