// Inside a language model at one position of a text: every part of its forward pass made readable, named as
// TransformerLens names them (Nanda et al. 2022), and the logit lens (nostalgebraist 2020).
//
//   hook_embed + hook_pos_embed                      = blocks.0.hook_resid_pre
//   blocks.i.hook_resid_pre + attention's output     = blocks.i.hook_resid_mid   (blocks.i.attn.hook_pattern: weights)
//   blocks.i.hook_resid_mid + the MLP's output       = blocks.i.hook_resid_post  (blocks.i.mlp.hook_post: its hidden
//                                                                                 units after the nonlinearity)
//   logit lens, layer 0: the embeddings; layer i + 1: blocks.i.hook_resid_post, each read through ln_final and the
//   unembedding as the model reads its last block's output: what the residual stream would predict by then.
//
// Everything comes from one LanguageModel::forward() over the text's first position + 1 tokens (a causal model's
// later tokens change nothing at the position), read at the position's row; the lens runs the rows through the
// model's own output layer (ResidualStack::head_forward). Full attention maps (heads × T × T per layer) are kept
// only when asked for and T ≤ kFullPatternTokens. Past kFullPatternTokens the same embedding and blocks run one block
// at a time (the same numbers, to the bit): a 1,024-token text never holds every layer's heads × T × T weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/kernel_set.h"
#include "attn/language_model.h"

namespace attn::model {

// The longest text whose full attention maps inspect() returns (GPT-2 small at 256 tokens: 144 maps, 38 MB).
inline constexpr std::size_t kFullPatternTokens = 256;

struct TokenProbability {
  int token = 0;
  float probability = 0;
};
struct NeuronActivation {
  std::uint32_t neuron = 0;
  float value = 0;
};

// One block at the position: the residual stream before it, after its attention and after its MLP (D floats each),
// each head's attention row over keys 0 … position, and the MLP's hidden units after the nonlinearity.
struct InspectedBlock {
  std::vector<float> resid_pre, resid_mid, resid_post;
  std::vector<float> pattern;             // heads × (position + 1)
  std::vector<float> full_pattern;        // heads × T × T (T: the text's tokens) when asked for, else empty
  std::vector<float> mlp_post;            // the MLP's width (empty for an attention-only block)
  std::vector<NeuronActivation> mlp_top;  // its largest activations, largest first
};

struct InspectOptions {
  std::size_t top = 10;         // tokens per logit-lens layer, neurons per block
  bool full_attention = false;  // also every head's whole map (only for texts of ≤ kFullPatternTokens tokens)
};

struct InspectResult {
  std::size_t position = 0;
  std::vector<float> token_embedding;     // hook_embed: the token's row as the stream receives it (×√D if scaled)
  std::vector<float> position_embedding;  // hook_pos_embed: the position's sinusoid; empty when none is added
  std::vector<InspectedBlock> blocks;
  // Layer 0: the embeddings; layer i + 1: after block i. The last is the model's own output distribution.
  std::vector<std::vector<TokenProbability>> logit_lens;
  std::size_t first_agreeing_layer = 0;  // the first lens layer whose top token is the last layer's
  // The most bytes the pass's activations held at once (their buffers' capacities, measured): what a long text costs.
  std::size_t activation_bytes = 0;
};

// The Euclidean norm of a residual-stream vector (summed in double).
double residual_norm(const std::vector<float>& vector);

// Reads `model` (whose arithmetic runs on `kernels`, as it was built with) at `position` of `tokens`
// (position < tokens.size() ≤ model.config().context; the caller checks).
void inspect(LanguageModel& model, const KernelSet& kernels, const float* params, const std::vector<int>& tokens,
             std::size_t position, const InspectOptions& options, InspectResult& out);

}  // namespace attn::model
