// TranspositionTable: bounds on the value of positions at the start of a trick, in a fixed
// amount of memory set by the caller. Buckets of four entries; a new entry replaces the one
// with the fewest cards left (the cheapest to search again).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "core/cardset.h"

namespace duidiao {

struct TTEntry {
  uint64_t key = 0;
  int16_t lower = 0, upper = 0;  // bounds on the stored value
  uint8_t cards = 0;             // cards left in each hand: the entry's worth
  uint8_t used = 0;
  CardSet best;                  // the best move found, for move ordering
};

struct TTStats {
  uint64_t probes = 0, hits = 0, stores = 0;
};

class TranspositionTable {
 public:
  static constexpr int BUCKET = 4;
  explicit TranspositionTable(size_t bytes);
  size_t bytes() const { return size_ * sizeof(TTEntry); }
  void clear();
  void reset_stats() { stats_ = TTStats{}; }
  const TTEntry* probe(uint64_t key);
  void store(uint64_t key, int lower, int upper, int cards, const CardSet& best);
  const TTStats& stats() const { return stats_; }

 private:
  // Zeroed memory from calloc: the system hands out zero pages as they are touched, so a large
  // table costs nothing until used. All-zero bytes are an empty entry.
  struct Free {
    void operator()(TTEntry* p) const { std::free(p); }
  };
  std::unique_ptr<TTEntry[], Free> entries_;
  size_t size_ = 0;
  size_t buckets_ = 0;
  TTStats stats_;
};

}  // namespace duidiao
