#include "search/transposition.h"

#include <algorithm>
#include <cstring>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace duidiao {

namespace {
constexpr size_t LINE = 64;
constexpr size_t HUGE_PAGE = size_t(2) << 20, HUGE_FROM = size_t(8) << 20;

uint64_t pack(const TTEntry& e) {
  return uint64_t(uint16_t(e.lower)) | uint64_t(uint16_t(e.upper)) << 16 | uint64_t(e.cards) << 32 |
         uint64_t(e.best) << 40 | uint64_t(e.generation) << 48;
}

TTEntry unpack(uint64_t key, uint64_t data) {
  TTEntry e;
  e.key = key;
  e.lower = int16_t(uint16_t(data));
  e.upper = int16_t(uint16_t(data >> 16));
  e.cards = uint8_t(data >> 32);
  e.best = uint8_t(data >> 40);
  e.generation = uint8_t(data >> 48);
  return e;
}
}  // namespace

TranspositionTable::Memory::Memory(size_t bytes) {
  // One cache line of the budget goes to aligning the table (at least one bucket, whatever the
  // budget); the bucket count alone decides where a key goes.
  buckets = (bytes > LINE ? bytes - LINE : 0) / (sizeof(Slot) * BUCKET);
  if (buckets == 0) buckets = 1;
  size = buckets * BUCKET;
#ifdef __linux__
  if (size * sizeof(Slot) >= HUGE_FROM) {
    const size_t length = size * sizeof(Slot) + HUGE_PAGE;
    void* p = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
      raw = p;
      mapped = length;
      const uintptr_t at = (reinterpret_cast<uintptr_t>(p) + HUGE_PAGE - 1) & ~uintptr_t(HUGE_PAGE - 1);
      slots = reinterpret_cast<Slot*>(at);
      madvise(slots, size * sizeof(Slot), MADV_HUGEPAGE);  // a hint: refused, small pages serve
      return;
    }
  }
#endif
  raw = std::calloc(size * sizeof(Slot) + LINE, 1);
  if (!raw) throw std::bad_alloc();
  const uintptr_t at = reinterpret_cast<uintptr_t>(raw);
  slots = reinterpret_cast<Slot*>((at + LINE - 1) & ~uintptr_t(LINE - 1));
}

TranspositionTable::Memory::~Memory() {
#ifdef __linux__
  if (mapped) {
    munmap(raw, mapped);
    return;
  }
#endif
  std::free(raw);
}

TranspositionTable::TranspositionTable(size_t bytes) : memory_(std::make_shared<Memory>(bytes)) {}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(memory_->slots), 0, memory_->size * sizeof(Slot));
  stats_ = TTStats{};
}

bool TranspositionTable::probe(uint64_t key, TTEntry* out) {
  ++stats_.probes;
  Slot* bucket = bucket_of(key);
  for (int i = 0; i < BUCKET; ++i) {
    const uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    if ((bucket[i].check.load(std::memory_order_relaxed) ^ data) == key) {
      ++stats_.hits;
      *out = unpack(key, data);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int cards, int best) {
  ++stats_.stores;
  const uint8_t generation = memory_->generation.load(std::memory_order_relaxed);
  Slot* bucket = bucket_of(key);
  Slot* slot = nullptr;
  int least = INT32_MAX;
  for (int i = 0; i < BUCKET; ++i) {
    const uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    const uint64_t held = bucket[i].check.load(std::memory_order_relaxed) ^ data;
    if (held == key || (held == 0 && data == 0)) {
      slot = &bucket[i];
      break;
    }
    // Else the least worth keeping: an older search's, then the fewest cards left.
    const TTEntry e = unpack(held, data);
    const int worth = (e.generation == generation ? 256 : 0) + e.cards;
    if (worth < least) least = worth, slot = &bucket[i];
  }
  TTEntry e;
  e.lower = lower < -TTEntry::LIMIT ? TTEntry::NO_LOWER : int16_t(std::min(lower, TTEntry::LIMIT));
  e.upper = upper > TTEntry::LIMIT ? TTEntry::NO_UPPER : int16_t(std::max(upper, -TTEntry::LIMIT));
  e.cards = uint8_t(cards);
  e.best = uint8_t(best);
  e.generation = generation;
  const uint64_t data = pack(e);
  slot->data.store(data, std::memory_order_relaxed);
  slot->check.store(key ^ data, std::memory_order_relaxed);
}

}  // namespace duidiao
