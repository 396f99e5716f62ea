// The two ways the core refuses: std::invalid_argument for a call that makes no sense (a bad
// setup or argument), IllegalMove for a decision the rules do not allow. The bindings turn both
// into ValueError subclasses.
//
// A refusal that callers word in their own terms (the position notation's messages) carries a
// Detail besides its message: the field it is about, the offending token, and a reason word;
// Python formats from those and never re-checks the rule itself.
#pragma once
#include <stdexcept>
#include <string>

namespace duidiao {

struct Detail {
  std::string field;   // a seat ("S"), "kitty", "gone", "cards", ...
  std::string token;   // the cards concerned, as the core writes them (or a number)
  std::string reason;  // a fixed word: "copies", "total", "void_held", "not_followed", ...
  int suit = -1;       // the effective suit concerned, when there is one
};

// A setup (position, options) the rules cannot accept.
struct BadSetup : std::invalid_argument {
  BadSetup(const std::string& message, Detail d) : std::invalid_argument(message), detail(std::move(d)) {}
  Detail detail;
};

// A move is illegal: the message says why in game terms.
struct IllegalMove : std::invalid_argument {
  explicit IllegalMove(const std::string& message, Detail d = {})
      : std::invalid_argument(message), detail(std::move(d)) {}
  Detail detail;
};

// A literal message: nothing is built unless the check fails.
inline void require(bool ok, const char* message) {
  if (!ok) throw std::invalid_argument(message);
}
inline void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

[[noreturn]] inline void refuse(const std::string& message, Detail detail = {}) {
  throw IllegalMove(message, std::move(detail));
}

}  // namespace duidiao
