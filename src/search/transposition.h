// TranspositionTable: bounds on the value of positions at the start of a trick, in a fixed
// amount of memory set by the caller. Entries of 16 bytes in buckets of four, one cache line
// each. A new entry replaces, in this order: an empty slot, the same position, an entry of an
// older search (see new_search), the entry with the fewest cards left (the cheapest to search
// again).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace duidiao {

struct TTEntry {
  // 16-bit bounds: NO_LOWER and NO_UPPER mean none; a bound beyond ±LIMIT is kept as a weaker
  // one (see TranspositionTable::store).
  static constexpr int LIMIT = 32000;
  static constexpr int16_t NO_LOWER = INT16_MIN, NO_UPPER = INT16_MAX;
  uint64_t key = 0;              // the position's hash; 0 is an empty slot
  int16_t lower = 0, upper = 0;  // bounds on the stored value
  uint8_t cards = 0;             // cards left in all hands: the entry's worth
  uint8_t best = 0;              // the best move's index in the generated list, plus one (0: none)
  uint8_t generation = 0;        // the search that stored it
  uint8_t pad = 0;
};
static_assert(sizeof(TTEntry) == 16, "four entries per cache line");

struct TTStats {
  uint64_t probes = 0, hits = 0, stores = 0;
};

class TranspositionTable {
 public:
  static constexpr int BUCKET = 4;
  explicit TranspositionTable(size_t bytes);
  size_t bytes() const { return size_ * sizeof(TTEntry); }
  void clear();
  // A new search begins: entries from earlier ones stay valid but are replaced first.
  void new_search() { generation_ = uint8_t(generation_ + 1); }
  void reset_stats() { stats_ = TTStats{}; }
  const TTEntry* probe(uint64_t key);
  void prefetch(uint64_t key) const { __builtin_prefetch(bucket_of(key)); }
  // Bounds a 16-bit entry cannot hold are stored weaker, never wrapped: a lower bound below
  // −LIMIT as none, above LIMIT as LIMIT; an upper bound above LIMIT as none, below −LIMIT as
  // −LIMIT (the caller's infinities, beyond both, become none).
  void store(uint64_t key, int lower, int upper, int cards, int best);
  const TTStats& stats() const { return stats_; }

 private:
  TTEntry* bucket_of(uint64_t key) const { return entries_ + (key % buckets_) * BUCKET; }

  // Zeroed memory from calloc: the system hands out zero pages as they are touched, so a large
  // table costs nothing until used. All-zero bytes are an empty entry. `entries_` is `memory_`
  // aligned to a cache line.
  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<void, Free> memory_;
  TTEntry* entries_ = nullptr;
  size_t size_ = 0;
  size_t buckets_ = 0;
  uint8_t generation_ = 0;
  TTStats stats_;
};

}  // namespace duidiao
