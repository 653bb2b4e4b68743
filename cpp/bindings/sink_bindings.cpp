// Attention sinks and windows on the JS seam: a loaded language model reads a text past its context with some keys
// kept (StreamingLLM), and Gu et al.'s first-token share of each head's attention. Answers { error } instead of
// throwing, as the other Embind files do.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>

#include "attn/attention_sinks.h"
#include "js_values.h"
#include "language_model_table.h"

namespace {

using emscripten::val;
using namespace attn;

constexpr double kMaxTextCharacters = 1024.0 * 1024;  // a streamed reading costs a step per token
constexpr double kMaxWindow = 4096, kMaxSinks = 64;

bool whole_in(double value, double low, double high) {
  return std::isfinite(value) && value == std::floor(value) && value >= low && value <= high;
}

// The model's tokens of `text`, or an { error } in `refusal`.
std::vector<int> text_tokens(const model::TrainedLanguageModel& trained, const val& text, val& refusal) {
  if (text["length"].as<double>() > kMaxTextCharacters) {
    refusal = js::error_result("RangeError", "text is longer than 1 MiB of text");
    return {};
  }
  std::vector<int> tokens = trained.tokenizer.encode(text.as<std::string>());
  if (tokens.size() < 2) refusal = js::error_result("RangeError", "text must hold at least two tokens to predict one");
  return tokens;
}

// languageModelStream(id, text, { window, sinks, recompute }) → { bitsPerCharacter, tokens, characters,
//   firstPositionAttention (layers × heads), longest, cacheBytes }
val model_stream(int id, const val& text, const val& o) {
  const bindings::LanguageModelEntry* entry = bindings::language_models().find(id);
  if (!entry) return bindings::language_models().disposed();
  const double window = o["window"].as<double>(), sinks = o["sinks"].as<double>();
  const bool recompute = o["recompute"].as<bool>();
  if (!whole_in(window, 0, kMaxWindow))
    return js::error_result("RangeError", "options.window must be a whole number from 0 (every key) to 4096");
  if (!whole_in(sinks, 0, kMaxSinks))
    return js::error_result("RangeError", "options.sinks must be a whole number from 0 to 64");
  if (window == 0 && (sinks > 0 || recompute))
    return js::error_result("RangeError", "options.sinks and options.recompute need a window (every key is kept)");
  val refusal = val::undefined();
  const std::vector<int> tokens = text_tokens(entry->trained, text, refusal);
  if (!refusal.isUndefined()) return refusal;
  const model::KeysKept keys{static_cast<std::size_t>(window), static_cast<std::size_t>(sinks), recompute};
  const model::StreamingScore score =
      model::score_streaming(*entry->model, entry->trained.parameters.data(), entry->trained.tokenizer, tokens, keys);
  if (!score.refused.empty()) return js::error_result("RangeError", score.refused);
  const std::vector<float> shares(score.first_position_attention.begin(), score.first_position_attention.end());
  val out = val::object();
  out.set("bitsPerCharacter", score.text.bits_per_character());
  out.set("tokens", static_cast<double>(score.text.tokens));
  out.set("characters", static_cast<double>(score.text.characters));
  out.set("firstPositionAttention", js::copy_out(shares));
  out.set("longest", static_cast<double>(score.longest));
  out.set("cacheBytes", static_cast<double>(score.cache_bytes));
  return out;
}

// languageModelFirstTokenAttention(id, text) → { shares (layers × heads) }
val model_first_token_attention(int id, const val& text) {
  const bindings::LanguageModelEntry* entry = bindings::language_models().find(id);
  if (!entry) return bindings::language_models().disposed();
  val refusal = val::undefined();
  const std::vector<int> tokens = text_tokens(entry->trained, text, refusal);
  if (!refusal.isUndefined()) return refusal;
  const std::vector<double> shares =
      model::first_token_attention(*entry->model, entry->trained.parameters.data(), tokens);
  val out = val::object();
  out.set("shares", js::copy_out(std::vector<float>(shares.begin(), shares.end())));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(sink_module) {
  emscripten::function("languageModelStream", &model_stream);
  emscripten::function("languageModelFirstTokenAttention", &model_first_token_attention);
}
