// TranspositionTable: bounds on the value of positions at the start of a trick, in a fixed
// amount of memory set by the caller. Entries of 16 bytes in buckets of four, one cache line
// each. A new entry replaces, in this order: an empty slot, the same position, an entry of an
// older search (see new_search), the entry with the fewest cards left (the cheapest to search
// again).
//
// Threads of one solve may share one table's memory (share): each entry is two 64-bit words
// written and read without locks, the first holding the key xor the second, so that an entry
// half written by one thread while another reads it fails the key check and reads as missing
// (Hyatt and Mann's lockless table). Each thread keeps its own statistics.
#pragma once
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace duidiao {

// An entry as probe copies it out.
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
};

struct TTStats {
  uint64_t probes = 0, hits = 0, stores = 0;
};

class TranspositionTable {
 public:
  static constexpr int BUCKET = 4;
  explicit TranspositionTable(size_t bytes);
  size_t bytes() const { return memory_->size * sizeof(Slot); }
  void clear();
  // A new search begins: entries from earlier ones stay valid but are replaced first. A table
  // sharing another's memory leaves the count to that one.
  void new_search() {
    if (!borrowed_) memory_->generation.store(uint8_t(memory_->generation.load() + 1));
  }
  // From now on use `owner`'s memory (this one's is let go): what either stores, both see.
  void share(const TranspositionTable& owner) {
    memory_ = owner.memory_;
    borrowed_ = true;
  }
  void reset_stats() { stats_ = TTStats{}; }
  // The entry of `key`, copied into *out; false when there is none.
  bool probe(uint64_t key, TTEntry* out);
  void prefetch(uint64_t key) const { __builtin_prefetch(bucket_of(key)); }
  // Bounds a 16-bit entry cannot hold are stored weaker, never wrapped: a lower bound below
  // −LIMIT as none, above LIMIT as LIMIT; an upper bound above LIMIT as none, below −LIMIT as
  // −LIMIT (the caller's infinities, beyond both, become none).
  void store(uint64_t key, int lower, int upper, int cards, int best);
  const TTStats& stats() const { return stats_; }

 private:
  // The key xor the data, and the data: bounds, cards, best move and generation packed.
  struct Slot {
    std::atomic<uint64_t> check, data;
  };
  static_assert(sizeof(Slot) == 16, "four entries per cache line");
  static_assert(std::atomic<uint64_t>::is_always_lock_free, "zeroed memory is empty slots");
  // Zeroed memory the system hands out as it is touched, so a large table costs nothing until
  // used; all-zero bytes are an empty slot. From 8 MiB on Linux it is mapped on its own, 2 MiB
  // aligned and marked for huge pages: a probe is a random access, and with 4 KiB pages a
  // large table misses the address cache on most of them. Otherwise calloc's, `slots` being
  // `raw` aligned to a cache line.
  struct Memory {
    explicit Memory(size_t bytes);
    ~Memory();
    Memory(const Memory&) = delete;
    Memory& operator=(const Memory&) = delete;
    void* raw = nullptr;
    size_t mapped = 0;  // the length of raw's mapping (0: raw is calloc's)
    Slot* slots = nullptr;
    size_t size = 0, buckets = 0;
    std::atomic<uint8_t> generation{0};
  };
  Slot* bucket_of(uint64_t key) const { return memory_->slots + (key % memory_->buckets) * BUCKET; }

  std::shared_ptr<Memory> memory_;
  bool borrowed_ = false;
  TTStats stats_;
};

}  // namespace duidiao
