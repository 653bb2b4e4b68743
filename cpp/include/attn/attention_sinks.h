// Reading a text many times longer than the context, and where the heads put their attention while doing so:
// Xiao et al. 2023 ("Efficient Streaming Language Models with Attention Sinks", StreamingLLM) and Gu et al. 2024
// ("When Attention Sink Emerges in Language Models").
//
// A query keeps either every key before it (the cache grows with the text), or the last `window` of them (the
// oldest evicted, the rest cached as they were computed), or the text's first `sinks` tokens plus the window
// (StreamingLLM), or the same positions recomputed from scratch at each step (the reference a cache is measured
// against). Positions follow StreamingLLM: RoPE and ALiBi see a key's place in the cache (sinks 0..k−1, then the
// window in order), not in the text, so no distance ever exceeds the cache's length; sinusoids, added to the
// embedding once, stay at the token's place in the text (extended past the context's table), the only position an
// absolute encoding can give a cached key. Learned positions (GPT-2's) have no row past the context, and a learned
// absolute position cannot move inside a cache: such a model reads a longer text only through the recomputed window,
// whose positions are re-assigned 0..W−1 at each step (streaming_problem() says what it refuses).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "attn/language_model.h"
#include "attn/language_model_training.h"

namespace attn::model {

struct KeysKept {
  // The last `window` positions, the query's own included; 0: every position (or the model's own window).
  std::size_t window = 0;
  std::size_t sinks = 0;   // the text's first `sinks` tokens, kept beside the window
  bool recompute = false;  // each step runs the causal pass over [first sinks tokens, last window tokens] afresh
};

// Why a model with `config` cannot read `tokens` tokens keeping `keys`, or "" when it can: a model with learned
// positions refuses the cache (every key, or a window with or without sinks) past its context, and a recomputed
// window (sinks + window) longer than its context.
std::string streaming_problem(const LanguageModelConfig& config, const KeysKept& keys, std::size_t tokens);

// Feeds a text to the model one token at a time, keeping the keys `keys` says (what streaming_problem() allows).
class StreamingReader {
 public:
  StreamingReader(LanguageModel& model, const float* params, const KeysKept& keys);

  // Reads the text's next token: the output's logits predict the token after it; its attention (layers × heads ×
  // length) is over the positions kept, first tokens first, then the window from oldest to newest.
  const StepOutput& read(int token);
  std::size_t tokens_read() const { return read_; }
  // The key/value cache's allocation, measured (0 when recomputing).
  std::size_t cache_bytes() const { return keys_.recompute ? 0 : cache_.bytes_allocated(); }

 private:
  LanguageModel& model_;
  const float* params_;
  KeysKept keys_;
  KeyValueCache cache_;
  StepOutput out_;
  LanguageModelActivations activations_;  // recomputing: the causal pass over kept_
  std::vector<int> kept_;
  std::vector<std::uint8_t> causal_;  // recomputing: every kept position (a windowed model's band would hide sinks)
  std::size_t read_ = 0;
};

struct StreamingScore {
  TextScore text;
  // Per layer and head (layer-major), the mean weight a query gives the first position it keeps (the text's first
  // token when any are kept as sinks, or when every key is kept), over every query that has a key before it.
  std::vector<double> first_position_attention;
  std::size_t longest = 0;      // most positions one query attended
  std::size_t cache_bytes = 0;  // the cache's allocation after the last token (0 when recomputing)
  std::string refused;          // streaming_problem()'s answer: when set, nothing was read
};

// Bits of `tokens` read as `keys` says: every token but the first predicted from the positions kept before it.
StreamingScore score_streaming(LanguageModel& model, const float* params, const text::Tokenizer& tokenizer,
                               const std::vector<int>& tokens, const KeysKept& keys);

// Gu et al.'s measure of an attention sink, for one layer's causal attention weights (heads × length × length):
// per head, the mean over queries 2..length of the weight on the first token (the first query, which has no other
// key, is left out). Writes `heads` values to `shares`; length ≥ 2.
void first_token_shares(const float* weights, std::size_t heads, std::size_t length, double* shares);

// first_token_shares of every layer and head (layer-major), averaged over the causal passes of `tokens` cut into
// windows of the context (a last window shorter than 2 tokens is left out). Gu et al. count a head as a sink when
// this exceeds 0.3.
std::vector<double> first_token_attention(LanguageModel& model, const float* params, const std::vector<int>& tokens);

// The step output of a causal pass's last row: its logits and every head's attention (layer-major) over its last
// `keys` positions (0: all of them; a windowed model's row is zero before its window).
void last_row_step(const LanguageModelActivations& act, std::size_t heads, std::size_t vocabulary, StepOutput& out,
                   std::size_t keys = 0);

}  // namespace attn::model
