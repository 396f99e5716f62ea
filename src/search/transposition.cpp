#include "search/transposition.h"

namespace duidiao {

TranspositionTable::TranspositionTable(size_t bytes) {
  buckets_ = bytes / (sizeof(TTEntry) * BUCKET);
  if (buckets_ == 0) buckets_ = 1;
  entries_.assign(buckets_ * BUCKET, TTEntry{});
}

void TranspositionTable::clear() {
  entries_.assign(entries_.size(), TTEntry{});
  stats_ = TTStats{};
}

const TTEntry* TranspositionTable::probe(uint64_t key) {
  ++stats_.probes;
  TTEntry* bucket = &entries_[(key % buckets_) * BUCKET];
  for (int i = 0; i < BUCKET; ++i)
    if (bucket[i].used && bucket[i].key == key) {
      ++stats_.hits;
      return &bucket[i];
    }
  return nullptr;
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int cards, const CardSet& best) {
  ++stats_.stores;
  TTEntry* bucket = &entries_[(key % buckets_) * BUCKET];
  TTEntry* slot = &bucket[0];
  for (int i = 0; i < BUCKET; ++i) {
    if (!bucket[i].used || bucket[i].key == key) {
      slot = &bucket[i];
      break;
    }
    if (bucket[i].cards < slot->cards) slot = &bucket[i];
  }
  slot->key = key;
  slot->lower = int16_t(lower);
  slot->upper = int16_t(upper);
  slot->cards = uint8_t(cards);
  slot->used = 1;
  slot->best = best;
}

}  // namespace duidiao
