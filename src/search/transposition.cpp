#include "search/transposition.h"

#include <cstring>
#include <new>

namespace duidiao {

TranspositionTable::TranspositionTable(size_t bytes) {
  buckets_ = bytes / (sizeof(TTEntry) * BUCKET);
  if (buckets_ == 0) buckets_ = 1;
  size_ = buckets_ * BUCKET;
  entries_.reset(static_cast<TTEntry*>(std::calloc(size_, sizeof(TTEntry))));
  if (!entries_) throw std::bad_alloc();
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(entries_.get()), 0, size_ * sizeof(TTEntry));
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
