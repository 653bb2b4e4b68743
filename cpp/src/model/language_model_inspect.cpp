// inspect(): one forward() over the text up to the position, its activations read at the position's row, and the
// logit lens through the model's own output layer.
#include "attn/language_model_inspect.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "residual_stack.h"
#include "sampling.h"

namespace attn::model {
namespace {

// Row `row` of a rows × width matrix.
std::vector<float> row_of(const std::vector<float>& matrix, std::size_t row, std::size_t width) {
  const auto begin = matrix.begin() + static_cast<std::ptrdiff_t>(row * width);
  return {begin, begin + static_cast<std::ptrdiff_t>(width)};
}

// The `count` largest of `values` (largest first, ties to the lower index) as indices.
std::vector<std::size_t> largest(const float* values, std::size_t n, std::size_t count) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const std::size_t keep = std::min(count, n);
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
      [&](std::size_t a, std::size_t b) { return values[a] > values[b] || (values[a] == values[b] && a < b); });
  order.resize(keep);
  return order;
}

// The `count` most likely tokens of softmax(logits), with their probabilities.
std::vector<TokenProbability> most_likely(const float* logits, std::size_t v, std::size_t count) {
  const float top = max_logit(logits, 0, v);
  const double sum = softmax_sum(logits, 0, v, top, 1.0f);
  std::vector<TokenProbability> out;
  for (std::size_t id : largest(logits, v, count))
    out.push_back({static_cast<int>(id), static_cast<float>(softmax_term(logits[id], top, 1.0f) / sum)});
  return out;
}

// The position's row of each head's map (heads × t × t) over keys 0 … position.
std::vector<float> pattern_row(const AttentionActivations& attention, std::size_t heads, std::size_t position) {
  const std::size_t t = attention.sk, keys = position + 1;
  std::vector<float> out(heads * keys);
  for (std::size_t h = 0; h < heads; ++h)
    std::copy_n(attention.weights.data() + (h * t + position) * t, keys, out.data() + h * keys);
  return out;
}

std::size_t bytes(const std::vector<float>& v) { return v.capacity() * sizeof(float); }
std::size_t bytes(const LayerNormActivations& a) { return bytes(a.out) + bytes(a.normalized) + bytes(a.rstd); }
std::size_t bytes(const AttentionActivations& a) {
  return bytes(a.q) + bytes(a.k) + bytes(a.v) + bytes(a.weights) + bytes(a.heads);
}
// What a block's activations hold allocated.
std::size_t bytes(const ResidualBlockActivations& a) {
  return bytes(a.input) + bytes(a.after_self) + bytes(a.after_cross) + bytes(a.attention_norm) + bytes(a.cross_norm) +
         bytes(a.ffn_norm) + bytes(a.self_attention) + bytes(a.cross_attention) + bytes(a.ffn.hidden) +
         bytes(a.ffn.pre);
}

void read_block(const ResidualBlock& block, const ResidualBlockActivations& act, const std::vector<float>& after,
                std::size_t d, std::size_t position, const InspectOptions& options, InspectedBlock& out) {
  const std::size_t heads = block.self_attention.heads;
  out.resid_pre = row_of(act.input, position, d);
  out.resid_mid = row_of(act.after_self, position, d);
  out.resid_post = row_of(after, position, d);
  out.pattern = pattern_row(act.self_attention, heads, position);
  if (options.full_attention) out.full_pattern = act.self_attention.weights;
  if (!block.has_feed_forward()) return;
  const std::size_t width = block.ffn.expand.out;
  out.mlp_post = row_of(act.ffn.hidden, position, width);
  for (std::size_t neuron : largest(out.mlp_post.data(), width, options.top))
    out.mlp_top.push_back({static_cast<std::uint32_t>(neuron), out.mlp_post[neuron]});
}

// What the embedding adds to the stream at `position` for `token`: the token's row (×√D when the model scales it, as
// TokenEmbedding does) and the position's encoding: its learned row (GPT-2's wpe) or its sinusoid, when it adds one.
void read_embeddings(const LanguageModel& model, const float* params, int token, std::size_t position,
                     InspectResult& out) {
  const LanguageModelConfig& c = model.config();
  const std::size_t d = c.d_model, learned = model.layout().positions;
  const float gain = c.embedding_scaled ? std::sqrt(static_cast<float>(d)) : 1.0f;
  const float* row = params + model.layout().embedding + static_cast<std::size_t>(token) * d;
  out.token_embedding.resize(d);
  for (std::size_t j = 0; j < d; ++j) out.token_embedding[j] = row[j] * gain;
  out.position_embedding.clear();
  if (!c.positions) return;
  out.position_embedding.resize(d);
  if (learned) {
    std::copy_n(params + learned + position * d, d, out.position_embedding.data());
  } else {
    sinusoidal_positions(1, d, out.position_embedding.data(), position);
  }
}

// forward() itself over `text`, read at the position; the embedded row goes to `embedded` (D floats).
void read_whole_pass(LanguageModel& model, const float* params, const std::vector<int>& text, std::size_t position,
                     const InspectOptions& read, InspectResult& out, float* embedded) {
  const LanguageModelLayout& layout = model.layout();
  const std::size_t d = model.config().d_model, layers = layout.blocks.size();
  LanguageModelActivations act;
  model.forward(params, text, 1.0f, act);
  out.activation_bytes = bytes(act.out_raw) + bytes(act.final_norm) + bytes(act.logits);
  for (const ResidualBlockActivations& block : act.blocks) out.activation_bytes += bytes(block);
  std::copy_n((layers ? act.blocks[0].input : act.out_raw).data() + position * d, d, embedded);
  for (std::size_t l = 0; l < layers; ++l) {
    // A block's output is the next block's input; the last one's is the stream the output layer reads.
    const std::vector<float>& after = l + 1 < layers ? act.blocks[l + 1].input : act.out_raw;
    read_block(layout.blocks[l], act.blocks[l], after, d, position, read, out.blocks[l]);
  }
}

// A long text's pass (past kFullPatternTokens) through the same embedding and residual blocks as forward()'s, one
// block at a time: only one block's activations (its heads × T × T weights among them) are held at once, and no
// logits are computed for rows the lens does not read (GPT-2 small at 1,024 tokens: about 95 MB, where forward()
// would keep 1.1 GB of activations and 206 MB of logits).
void read_block_by_block(const LanguageModel& model, const KernelSet& kernels, const float* params,
                         const std::vector<int>& text, std::size_t position, const InspectOptions& read,
                         InspectResult& out, float* embedded) {
  const LanguageModelConfig& c = model.config();
  const LanguageModelLayout& layout = model.layout();
  const std::size_t d = c.d_model, t = text.size();
  const TokenEmbedding embedding(d, c.context, c.positions, c.embedding_scaled, layout.positions);  // as the model's
  std::vector<float> x(t * d);
  embedding.forward(params, layout.embedding, text.data(), t, 0, x.data());
  std::copy_n(x.data() + position * d, d, embedded);
  ResidualStack stack(kernels, d);
  BlockInputs in;
  in.mask = Mask{MaskKind::causal, nullptr};
  std::vector<ResidualBlockActivations> one;             // the block at hand's
  const std::uint8_t* heads_on = model.heads_on_mask();  // the heads forward() would switch off (layers × heads)
  out.activation_bytes = 0;
  for (std::size_t l = 0; l < layout.blocks.size(); ++l) {
    in.self_heads_on = heads_on ? heads_on + l * c.heads : nullptr;  // the stack below holds this one block
    stack.forward(params, {layout.blocks[l]}, one, t, in, x);
    out.activation_bytes = std::max(out.activation_bytes, bytes(x) + bytes(one[0]));
    read_block(layout.blocks[l], one[0], x, d, position, read, out.blocks[l]);
  }
}

}  // namespace

double residual_norm(const std::vector<float>& vector) {
  double sum = 0;
  for (float x : vector) sum += static_cast<double>(x) * x;
  return std::sqrt(sum);
}

void inspect(LanguageModel& model, const KernelSet& kernels, const float* params, const std::vector<int>& tokens,
             std::size_t position, const InspectOptions& options, InspectResult& out) {
  const LanguageModelConfig& c = model.config();
  const LanguageModelLayout& layout = model.layout();
  const std::size_t d = c.d_model, v = c.vocabulary, layers = layout.blocks.size();
  InspectOptions read = options;
  read.top = std::max<std::size_t>(options.top, 1);
  read.full_attention = options.full_attention && tokens.size() <= kFullPatternTokens;
  // A causal model's later tokens change nothing at the position: only whole maps need the whole text.
  const std::vector<int> text(
      tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(read.full_attention ? tokens.size() : position + 1));
  out.position = position;
  read_embeddings(model, params, tokens[position], position, out);
  out.blocks.resize(layers);
  std::vector<float> stream((layers + 1) * d);  // the lens's rows: after the embeddings, then after each block
  if (text.size() <= kFullPatternTokens || c.window) {
    read_whole_pass(model, params, text, position, read, out, stream.data());
  } else {
    read_block_by_block(model, kernels, params, text, position, read, out, stream.data());
  }
  for (std::size_t l = 0; l < layers; ++l) std::copy_n(out.blocks[l].resid_post.data(), d, stream.data() + (l + 1) * d);

  // The lens: each row through the model's own final LayerNorm and unembedding (ResidualStack::head_forward, what
  // forward() computes its logits with).
  ResidualStack head(kernels, d);
  LayerNormActivations norm;
  std::vector<float> logits((layers + 1) * v);
  head.head_forward(params, layout.final_norm, layout.output, c.tied_output, stream.data(), layers + 1, norm,
                    logits.data());
  out.logit_lens.resize(layers + 1);
  for (std::size_t l = 0; l <= layers; ++l) out.logit_lens[l] = most_likely(logits.data() + l * v, v, read.top);
  const int final_top = out.logit_lens.back().front().token;
  out.first_agreeing_layer = 0;
  while (out.logit_lens[out.first_agreeing_layer].front().token != final_top) ++out.first_agreeing_layer;
}

}  // namespace attn::model
