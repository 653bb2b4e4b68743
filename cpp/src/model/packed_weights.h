// Weight matrices packed once for many products: every window of a training step reads the same weights, so the
// language model's trainer packs each linear map once per step (the kernel set's matmul_pack for the forward pass,
// add_a_bt_pack for the input gradient) instead of once per window and product (6% of a step in the module). Looked
// up by where the float32 weights start in the parameters, as QuantizedWeights is; the products given them have
// the bits of the unpacked ones. A kernel set that reads B where it lies (the reference) packs nothing: find() is
// then always null. A model that only runs forward (the translator's, packed once when it loads: its encoder's
// products over a sentence's rows, and the memory's cross-attention keys and values, packed those weights again at
// every call, 11-18% of translate() in the module) packs no backward copies.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
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

  enum class Directions { forward, forward_and_backward };

  PackedWeights(const KernelSet& kernels, std::vector<Linear> maps,
                Directions directions = Directions::forward_and_backward);

  // Packs every map from `params` (after each change of the parameters, before the products read them).
  void pack(const float* params);

  // The map whose weights start at params + offset, or null.
  const Entry* find(std::size_t offset) const {
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), offset,
                                     [](const Entry& e, std::size_t value) { return e.map.w < value; });
    return at != entries_.end() && at->map.w == offset ? &*at : nullptr;
  }
  const float* forward(const Entry& e) const { return storage_.data() + e.forward; }
  const float* backward(const Entry& e) const { return storage_.data() + e.backward; }  // forward_and_backward's
  bool packs_backward() const { return backward_; }

 private:
  const KernelSet& kernels_;
  bool backward_;
  std::vector<Entry> entries_;  // offsets ascending
  std::vector<float> storage_;
};

// A translation model's weights packed for its forward passes: every encoder and decoder block's maps, and an untied
// output's (a tied one reads the table's rows, unpacked), packed from `params` once.
std::unique_ptr<PackedWeights> packed_for_forward(const KernelSet& kernels, const Config& config,
                                                  const ParameterLayout& layout, const float* params);

}  // namespace attn::model
