// The tokenizer's merge lookup: (left token, right token) → the merge's rank, the one question asked per adjacent
// pair of every word encoded. An open-addressing table of packed keys, at most half full: a lookup is a multiply and
// (usually) one probe of one cache line, where std::unordered_map's node chase was most of GPT-2's encoding time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn::text {

class MergeRanks {
 public:
  bool empty() const { return count_ == 0; }
  // Adds (left, right) → rank (ids ≥ 0) unless the pair is there: then false, its rank in `existing`.
  bool add(int left, int right, int rank, int& existing) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    Slot& s = slot(key(left, right));
    if (s.key != kEmpty) {
      existing = s.rank;
      return false;
    }
    s = {key(left, right), rank};
    ++count_;
    return true;
  }
  // The rank of the merge of (left, right), or -1 when there is none.
  int find(int left, int right) const {
    if (count_ == 0 || left < 0 || right < 0) return -1;
    const std::uint64_t k = key(left, right);
    for (std::size_t i = hash(k);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].key == k) return slots_[i].rank;
      if (slots_[i].key == kEmpty) return -1;
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  struct Slot {
    std::uint64_t key = kEmpty;
    int rank = -1;
  };
  static std::uint64_t key(int left, int right) {
    return static_cast<std::uint64_t>(left) << 32 | static_cast<std::uint32_t>(right);
  }
  std::size_t hash(std::uint64_t k) const {
    return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> shift_) & (slots_.size() - 1);
  }
  Slot& slot(std::uint64_t k) {
    std::size_t i = hash(k);
    while (slots_[i].key != kEmpty && slots_[i].key != k) i = (i + 1) & (slots_.size() - 1);
    return slots_[i];
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    shift_ = 64;
    for (std::size_t size = slots_.size(); size > 1; size >>= 1) --shift_;
    for (const Slot& s : old) {
      if (s.key != kEmpty) slot(s.key) = s;
    }
  }

  std::vector<Slot> slots_;
  std::size_t count_ = 0;
  unsigned shift_ = 64;
};

}  // namespace attn::text
