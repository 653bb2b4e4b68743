// Softmax attention in plain loops (what the kernels' softmax does not take: ALiBi's bias, a sink logit per head).
// A lesson's path, not a hot one: the kernels serve every other block.
#include <algorithm>
#include <cmath>

#include "layers.h"

namespace attn::model::layers {

void plain_softmax_forward(const float* params, const AttentionBlock& block, const Mask& mask, float temperature,
                           AttentionActivations& act, std::size_t first_query) {
  const std::size_t d = block.q.out, dh = block.head_width(), kvw = block.k.out, sq = act.sq, sk = act.sk;
  const bool alibi = block.relative == RelativePositions::alibi;
  std::fill(act.heads.begin(), act.heads.end(), 0.0f);
  for (std::size_t h = 0; h < block.heads; ++h) {
    const std::size_t col = h * dh, kv_col = block.kv_head_of(h) * dh;
    const double slope = alibi ? alibi_slope(h, block.heads) : 0.0;
    const double sink = block.sink_logits ? static_cast<double>(params[block.sink_logits + h]) / temperature : 0.0;
    for (std::size_t i = 0; i < sq; ++i) {
      float* w = act.weights.data() + (h * sq + i) * sk;
      // pass 1: the logits and their maximum (the sink's among them)
      double top = block.sink_logits ? sink : -INFINITY;
      for (std::size_t j = 0; j < sk; ++j) {
        if (!mask.allows(i, j, sk)) continue;
        const std::size_t at = first_query + i;
        const double distance = at > j ? static_cast<double>(at - j) : static_cast<double>(j - at);
        w[j] = static_cast<float>(
            (static_cast<double>(dot_8(act.q.data() + i * d + col, act.k.data() + j * kvw + kv_col, dh)) *
                 block.logit_scale -
             slope * distance) /
            temperature);
        top = std::max(top, static_cast<double>(w[j]));
      }
      // pass 2: the denominator, then the weights and the mix of values (the sink's value is zero)
      double sum = block.sink_logits ? std::exp(sink - top) : 0.0;
      for (std::size_t j = 0; j < sk; ++j) sum += mask.allows(i, j, sk) ? std::exp(w[j] - top) : 0.0;
      for (std::size_t j = 0; j < sk; ++j) {
        w[j] = mask.allows(i, j, sk) ? static_cast<float>(std::exp(w[j] - top) / sum) : 0.0f;
        axpy(w[j], act.v.data() + j * kvw + kv_col, act.heads.data() + i * d + col, dh);
      }
    }
  }
}

}  // namespace attn::model::layers
