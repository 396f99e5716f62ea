// The built-in bots, in one table: each bot's name, what it is, the settings its name may carry
// (with their ranges and defaults), and how it is made. make_player reads it; so do the Python
// package (duidiao.bots), the engine's hello, the server, the command line and the docs: a new
// bot is one file and one line here.
//
// A bot's name is its base name, or the base and comma-separated settings after a colon:
// "pimc:worlds=64,solve=5". A level (normal, hard, expert) is a bot with settings of its own,
// which those after the colon change ("expert:worlds=64").
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "search/player.h"

namespace duidiao {

struct BotSetting {
  const char* key;
  bool whole;           // a whole number (else any number in the range)
  double low, high;
  const char* fallback;  // the default as a name writes it ("" when there is none)
  const char* doc;
};

// The settings of one name, checked against its bot's table: key → value.
using BotValues = std::map<std::string, double>;

struct BotKind {
  const char* name;
  const char* doc;
  const char* defaults;  // settings of its own (a level's), as after a colon; "" for none
  bool searches;         // decisions by search: a budget, stop(), last_values()
  bool sees_everything;  // a measuring device: its play view shows every hand
  bool level;            // a named strength for frontends (easy … expert, weakest first)
  std::vector<BotSetting> settings;
  // Makes the bot from its name (for messages) and checked values (every key of `settings`
  // given, defaults filled in; a setting with no default and not given is absent).
  std::unique_ptr<Player> (*make)(const std::string& name, const BotValues& values, uint64_t seed);
};

// Every built-in bot, in the order frontends list them (the levels weakest first, last).
const std::vector<BotKind>& bot_kinds();

// The bot a name asks for; std::invalid_argument naming an unknown bot, an unknown setting or
// one out of its range.
std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed);

// The settings of a bot name ("base:key=value,key=value") as (key, value) pairs, after
// `defaults` (a level's own settings, in the same form). Throws std::invalid_argument naming the
// bot for an empty list after the colon or an item that is not key=value.
std::vector<std::pair<std::string, std::string>> bot_settings(const std::string& name,
                                                              const std::string& defaults);

}  // namespace duidiao
