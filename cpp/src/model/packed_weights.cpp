// Building and filling PackedWeights (packed_weights.h), and the blocks' linear maps it is built over: run once per
// model load or training step, so compiled for size with the other once-per-call code (CMakeLists.txt).
#include "packed_weights.h"

namespace attn::model {

std::vector<Linear> linear_maps(const std::vector<ResidualBlock>& blocks) {
  std::vector<Linear> maps;
  const auto attention = [&maps](const AttentionBlock& a) {
    for (const Linear* l : {&a.q, &a.k, &a.v, &a.o}) maps.push_back(*l);
  };
  for (const ResidualBlock& block : blocks) {
    attention(block.self_attention);
    if (block.has_cross_attention()) attention(block.cross_attention);
    if (block.has_feed_forward()) {
      maps.push_back(block.ffn.expand);
      maps.push_back(block.ffn.contract);
    }
  }
  return maps;
}

PackedWeights::PackedWeights(const KernelSet& kernels, std::vector<Linear> maps, Directions directions)
    : kernels_(kernels), backward_(directions == Directions::forward_and_backward) {
  // By where each map's weights start (find()'s order). An insertion sort: the maps come in nearly that order, and
  // std::sort's instantiation was 2 kB of each module.
  for (std::size_t i = 1; i < maps.size(); ++i) {
    const Linear l = maps[i];
    std::size_t j = i;
    for (; j > 0 && maps[j - 1].w > l.w; --j) maps[j] = maps[j - 1];
    maps[j] = l;
  }
  std::size_t floats = 0;
  for (const Linear& l : maps) {
    const std::size_t forward = kernels.matmul_workspace_floats(l.in, l.out);
    const std::size_t backward = backward_ ? kernels.add_a_bt_workspace_floats(l.out, l.in) : 0;
    if (forward == 0 || (backward_ && backward == 0)) continue;  // this set does not pack
    entries_.push_back({l, floats, floats + forward});
    floats += forward + backward;
  }
  storage_.resize(floats);
}

void PackedWeights::pack(const float* params) {
  for (const Entry& e : entries_) {
    const ConstMatrixView w = dense(params + e.map.w, e.map.in, e.map.out);
    kernels_.matmul_pack(w, storage_.data() + e.forward);
    if (backward_) kernels_.add_a_bt_pack(w, storage_.data() + e.backward);
  }
}

std::unique_ptr<PackedWeights> packed_for_forward(const KernelSet& kernels, const Config& config,
                                                  const ParameterLayout& layout, const float* params) {
  std::vector<Linear> maps = linear_maps(layout.encoder);
  for (const Linear& l : linear_maps(layout.decoder)) maps.push_back(l);
  if (!config.tied_output) maps.push_back(layout.output);
  auto packed = std::make_unique<PackedWeights>(kernels, std::move(maps), PackedWeights::Directions::forward);
  packed->pack(params);
  return packed;
}

}  // namespace attn::model
