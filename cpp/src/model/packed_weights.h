// Weight matrices packed once for many products: every window of a training step reads the same weights, so the
// language model's trainer packs each linear map once per step (the kernel set's matmul_pack for the forward pass,
// add_a_bt_pack for the input gradient) instead of once per window and product (6% of a step in the module). Looked
// up by where the float32 weights start in the parameters, as QuantizedWeights is; the products given them have
// the bits of the unpacked ones. A kernel set that reads B where it lies (the reference) packs nothing: find() is
// then always null.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "attn/kernel_set.h"
#include "attn/model.h"

namespace attn::model {

class PackedWeights {
 public:
  struct Entry {
    Linear map;
    std::size_t forward = 0, backward = 0;  // where its two packings start in the storage
  };

  PackedWeights(const KernelSet& kernels, std::vector<Linear> maps) : kernels_(kernels) {
    std::sort(maps.begin(), maps.end(), [](const Linear& a, const Linear& b) { return a.w < b.w; });
    std::size_t floats = 0;
    for (const Linear& l : maps) {
      const std::size_t forward = kernels.matmul_workspace_floats(l.in, l.out);
      const std::size_t backward = kernels.add_a_bt_workspace_floats(l.out, l.in);
      if (forward == 0 || backward == 0) continue;  // this set does not pack
      entries_.push_back({l, floats, floats + forward});
      floats += forward + backward;
    }
    storage_.resize(floats);
  }

  // Packs every map from `params` (after each change of the parameters, before the products read them).
  void pack(const float* params) {
    for (const Entry& e : entries_) {
      const ConstMatrixView w = dense(params + e.map.w, e.map.in, e.map.out);
      kernels_.matmul_pack(w, storage_.data() + e.forward);
      kernels_.add_a_bt_pack(w, storage_.data() + e.backward);
    }
  }

  // The map whose weights start at params + offset, or null.
  const Entry* find(std::size_t offset) const {
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), offset,
                                     [](const Entry& e, std::size_t value) { return e.map.w < value; });
    return at != entries_.end() && at->map.w == offset ? &*at : nullptr;
  }
  const float* forward(const Entry& e) const { return storage_.data() + e.forward; }
  const float* backward(const Entry& e) const { return storage_.data() + e.backward; }

 private:
  const KernelSet& kernels_;
  std::vector<Entry> entries_;  // offsets ascending
  std::vector<float> storage_;
};

}  // namespace attn::model
