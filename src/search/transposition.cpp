#include "search/transposition.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace duidiao {

namespace {
constexpr size_t LINE = 64;
}

TranspositionTable::TranspositionTable(size_t bytes) {
  // One cache line of the budget goes to aligning the table: the allocation stays within
  // `bytes` (at least one bucket, whatever the budget).
  buckets_ = (bytes > LINE ? bytes - LINE : 0) / (sizeof(TTEntry) * BUCKET);
  if (buckets_ == 0) buckets_ = 1;
  size_ = buckets_ * BUCKET;
  memory_.reset(std::calloc(size_ * sizeof(TTEntry) + LINE, 1));
  if (!memory_) throw std::bad_alloc();
  const uintptr_t at = reinterpret_cast<uintptr_t>(memory_.get());
  entries_ = reinterpret_cast<TTEntry*>((at + LINE - 1) & ~uintptr_t(LINE - 1));
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(entries_), 0, size_ * sizeof(TTEntry));
  stats_ = TTStats{};
}

const TTEntry* TranspositionTable::probe(uint64_t key) {
  ++stats_.probes;
  TTEntry* bucket = bucket_of(key);
  for (int i = 0; i < BUCKET; ++i)
    if (bucket[i].key == key) {
      ++stats_.hits;
      return &bucket[i];
    }
  return nullptr;
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int cards, int best) {
  ++stats_.stores;
  TTEntry* bucket = bucket_of(key);
  TTEntry* slot = nullptr;
  for (int i = 0; i < BUCKET && !slot; ++i)
    if (bucket[i].key == key || bucket[i].key == 0) slot = &bucket[i];
  if (!slot) {
    // The least worth keeping: an older search's, then the fewest cards left.
    auto worth = [&](const TTEntry& e) { return (e.generation == generation_ ? 256 : 0) + e.cards; };
    slot = &bucket[0];
    for (int i = 1; i < BUCKET; ++i)
      if (worth(bucket[i]) < worth(*slot)) slot = &bucket[i];
  }
  slot->key = key;
  slot->lower = lower < -TTEntry::LIMIT ? TTEntry::NO_LOWER : int16_t(std::min(lower, TTEntry::LIMIT));
  slot->upper = upper > TTEntry::LIMIT ? TTEntry::NO_UPPER : int16_t(std::max(upper, -TTEntry::LIMIT));
  slot->cards = uint8_t(cards);
  slot->best = uint8_t(best);
  slot->generation = generation_;
}

}  // namespace duidiao
