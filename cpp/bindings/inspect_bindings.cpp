// Inside a loaded language model on the JS seam: model::inspect()'s reading of one position of a text, copied out
// (web/lib/inspect.js gives it its final shape). Answers { error } instead of throwing, as the other Embind files do;
// a refusal names its kind (empty, context, position) and the numbers it compares.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>

#include "attn/language_model_inspect.h"
#include "js_values.h"
#include "language_model_table.h"
#include "module_shared.h"
#include "token_pieces.h"

namespace {

using emscripten::val;
using namespace attn;

constexpr double kMaxTextCharacters = 1024.0 * 1024;  // far more than any context holds; checked before converting
constexpr double kMaxTop = 1000;

val refused(const std::string& message, const char* kind, double count, double limit) {
  val result = js::error_result("RangeError", message);
  result["error"].set("kind", val(kind));
  result["error"].set("count", count);
  result["error"].set("limit", limit);
  return result;
}

// { norm, vector }: a residual-stream vector and its length.
val residual(const std::vector<float>& vector) {
  val out = val::object();
  out.set("norm", model::residual_norm(vector));
  out.set("vector", js::copy_out(vector));
  return out;
}

val block_object(const model::InspectedBlock& b) {
  val out = val::object();
  for (const auto& [name, stream] : {std::pair{"residPre", &b.resid_pre}, std::pair{"residMid", &b.resid_mid},
                                     std::pair{"residPost", &b.resid_post}})
    out.set(name, residual(*stream));
  out.set("pattern", js::copy_out(b.pattern));
  out.set("full", b.full_pattern.empty() ? val::null() : js::copy_out(b.full_pattern));
  if (b.mlp_post.empty()) {
    out.set("mlp", val::null());
    return out;
  }
  val top = val::array();
  for (std::size_t k = 0; k < b.mlp_top.size(); ++k) {
    val neuron = val::object();
    neuron.set("neuron", b.mlp_top[k].neuron);
    neuron.set("value", b.mlp_top[k].value);
    top.set(k, neuron);
  }
  val mlp = val::object();
  mlp.set("post", js::copy_out(b.mlp_post));
  mlp.set("top", top);
  out.set("mlp", mlp);
  return out;
}

val lens_object(const text::Tokenizer& tokenizer, const std::vector<std::vector<model::TokenProbability>>& lens) {
  val out = val::array();
  for (std::size_t layer = 0; layer < lens.size(); ++layer) {
    val top = val::array();
    for (std::size_t k = 0; k < lens[layer].size(); ++k) {
      val entry = val::object();
      entry.set("id", lens[layer][k].token);
      entry.set("text", bindings::piece(tokenizer, lens[layer][k].token));
      entry.set("probability", lens[layer][k].probability);
      top.set(k, entry);
    }
    val row = val::object();
    row.set("layer", layer);
    row.set("top", top);
    out.set(layer, row);
  }
  return out;
}

// languageModelInspect(id, text, { position (−1: the last token), top, full }) → { ids, pieces, position,
//   embed: { token, position | null }, blocks: [{ residPre, residMid, residPost: { norm, vector }, pattern
//   (heads × (position + 1)), full (heads × T × T) | null, mlp: { post, top: [{ neuron, value }] } | null }],
//   logitLens: [{ layer, top: [{ id, text, probability }] }], firstAgreeingLayer }
val model_inspect(int id, const val& text, const val& o) {
  bindings::LanguageModelEntry* entry = bindings::language_models().find(id);
  if (!entry) return bindings::language_models().disposed();
  const double top = o["top"].as<double>(), asked = o["position"].as<double>();
  if (!(top >= 1 && top <= kMaxTop && top == std::floor(top)))
    return js::error_result("RangeError", "options.top must be a whole number from 1 to 1000");
  if (text["length"].as<double>() > kMaxTextCharacters)
    return refused("text is longer than 1 MiB of text", "context", text["length"].as<double>(), kMaxTextCharacters);
  const model::TrainedLanguageModel& trained = entry->trained;
  const std::vector<int> tokens = trained.tokenizer.encode(text.as<std::string>());
  const double count = static_cast<double>(tokens.size()), context = trained.config.context;
  if (tokens.empty()) return refused("text holds no token to inspect", "empty", 0, 1);
  if (count > context)
    return refused("text is " + std::to_string(tokens.size()) + " tokens, past the model's context of " +
                       std::to_string(trained.config.context),
                   "context", count, context);
  const double position = asked == -1 ? count - 1 : asked;
  if (!(position >= 0 && position < count && position == std::floor(position)))
    return refused("options.position must be a whole number from 0 to " + std::to_string(tokens.size() - 1) +
                       " (the text's tokens)",
                   "position", position, count);
  model::InspectOptions options;
  options.top = static_cast<std::size_t>(top);
  options.full_attention = o["full"].as<bool>();
  model::InspectResult r;
  model::inspect(*entry->model, bindings::module_kernels(), trained.parameters.data(), tokens,
                 static_cast<std::size_t>(position), options, r);

  val out = val::object();
  out.set("ids", val::global("Int32Array").new_(emscripten::typed_memory_view(tokens.size(), tokens.data())));
  out.set("pieces", bindings::pieces(trained.tokenizer, tokens));
  out.set("position", position);
  val embed = val::object();
  embed.set("token", js::copy_out(r.token_embedding));
  embed.set("position", r.position_embedding.empty() ? val::null() : js::copy_out(r.position_embedding));
  out.set("embed", embed);
  val blocks = val::array();
  for (std::size_t l = 0; l < r.blocks.size(); ++l) blocks.set(l, block_object(r.blocks[l]));
  out.set("blocks", blocks);
  out.set("logitLens", lens_object(trained.tokenizer, r.logit_lens));
  out.set("firstAgreeingLayer", r.first_agreeing_layer);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(inspect_module) { emscripten::function("languageModelInspect", &model_inspect); }
