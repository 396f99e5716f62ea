// The two ways the core refuses: std::invalid_argument for a call that makes no sense (a bad
// setup or argument), IllegalMove for a decision the rules do not allow. The bindings turn both
// into ValueError subclasses.
#pragma once
#include <stdexcept>
#include <string>

namespace duidiao {

// A move is illegal: the message says why in game terms.
struct IllegalMove : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

[[noreturn]] inline void refuse(const std::string& message) { throw IllegalMove(message); }

}  // namespace duidiao
