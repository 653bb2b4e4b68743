// Attribution's side of the JS seam: which source words a translation depended on, by raw attention, rollout,
// flow and removal (attn/attribution.h), for one sentence and pooled over held-out sentences. Returns { error }
// instead of throwing, as the other Embind files do.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>

#include "attn/attribution.h"
#include "attn/checks.h"
#include "attn/corpus.h"
#include "js_values.h"
#include "module_shared.h"

namespace {

using emscripten::val;
using namespace attn;

constexpr double kMaxSentenceChars = static_cast<double>(model::kMaxSentenceBytes);

// { data: Float32Array, rows, cols }, as the maps are.
val matrix(const std::vector<double>& values, std::size_t rows, std::size_t cols) {
  return js::matrix_result(std::vector<float>(values.begin(), values.end()), rows, cols);
}

val number_or_null(double x) { return std::isnan(x) ? val::null() : val(x); }

val numbers(const std::vector<double>& values) {
  val out = val::array();
  for (std::size_t i = 0; i < values.size(); ++i) out.set(i, number_or_null(values[i]));
  return out;
}

val agreement_object(const attribution::Agreement& a) {
  val out = val::object();
  out.set("raw", number_or_null(a.raw));
  out.set("rollout", number_or_null(a.rollout));
  out.set("flow", number_or_null(a.flow));
  out.set("rows", static_cast<double>(a.rows));
  return out;
}

// The translator loaded as `id`, or null when it has been disposed.
model::Translator* find_translator(int id) {
  auto* entry = bindings::translators().find(id);
  return entry ? entry->get() : nullptr;
}

// Sets the head mask a call passes, or returns the error naming what does not fit.
std::optional<val> apply_head_mask(model::Translator& translator, const val& head_mask_value) {
  model::HeadMask head_mask;
  if (auto error = bindings::head_mask_from(head_mask_value, translator.model().config, head_mask)) return error;
  translator.set_head_mask(std::move(head_mask));
  return std::nullopt;
}

// translatorAttribute(id, sentence, temperature, headMask) → { source, target, encoder: { raw, rollout, flow },
//   relevance: { raw, rollout, flow }, removal, agreement: { raw, rollout, flow, rows },
//   rowAgreement: { raw, rollout, flow } } | { error }. Maps are { data, rows, cols }; agreements are null
//   where undefined.
val translator_attribute(int id, const val& sentence_value, double temperature, const val& head_mask_value) {
  model::Translator* translator = find_translator(id);
  if (!translator) return bindings::translators().disposed();
  if (auto error = check::logit_params(1.0, temperature)) return js::error_result(error);
  if (sentence_value["length"].as<double>() > kMaxSentenceChars) {
    return js::error_result("RangeError", "the sentence is longer than 4096 characters");
  }
  if (auto error = apply_head_mask(*translator, head_mask_value)) return *error;
  // translate() checks the sentence (empty, too long, unknown words) as it does for a translation.
  const model::TranslateResult checked = translator->translate(sentence_value.as<std::string>());
  if (checked.error) return bindings::translate_error(*checked.error);
  const std::vector<std::string> words(checked.translation->source.begin(), checked.translation->source.end() - 1);
  const attribution::Attribution a = attribution::attribute(*translator, words, static_cast<float>(temperature));
  const std::size_t s = a.source.size(), t = a.target.size();

  val out = val::object();
  out.set("source", js::string_array(a.source));
  out.set("target", js::string_array(a.target));
  val encoder = val::object();
  encoder.set("raw", matrix(a.encoder_raw, s, s));
  encoder.set("rollout", matrix(a.encoder_rollout, s, s));
  encoder.set("flow", matrix(a.encoder_flow, s, s));
  out.set("encoder", encoder);
  val relevance = val::object();
  relevance.set("raw", matrix(a.relevance.raw, t, s));
  relevance.set("rollout", matrix(a.relevance.rollout, t, s));
  relevance.set("flow", matrix(a.relevance.flow, t, s));
  out.set("relevance", relevance);
  out.set("removal", matrix(a.removal, t, s - 1));
  out.set("agreement", agreement_object(a.agreement));
  val rows = val::object();
  rows.set("raw", numbers(a.row_raw));
  rows.set("rollout", numbers(a.row_rollout));
  rows.set("flow", numbers(a.row_flow));
  out.set("rowAgreement", rows);
  return out;
}

// translatorAttributionAgreement(id, count, headMask) → { raw, rollout, flow, rows, sentences }: the agreement
// pooled over the first `count` held-out sentences of the model's language pair (seed 2, as evaluate()).
val translator_attribution_agreement(int id, double count, const val& head_mask_value) {
  model::Translator* translator = find_translator(id);
  if (!translator) return bindings::translators().disposed();
  const std::optional<corpus::Language>& language = translator->language();
  if (!language) return js::error_result("RangeError", "this model is not one of the toy grammar's language pairs");
  if (!(count >= 1 && count <= 1000) || count != std::floor(count))
    return js::error_result("RangeError", "count must be a whole number from 1 to 1000");
  if (auto error = apply_head_mask(*translator, head_mask_value)) return *error;
  std::vector<std::vector<std::string>> sentences;
  for (const auto& pair : corpus::held_out_set(static_cast<std::size_t>(count), 2, *language, corpus::kMaxEnglishWords,
                                               translator->vocabulary()))
    sentences.push_back(pair.source);
  val out = agreement_object(attribution::pooled_agreement(*translator, sentences));
  out.set("sentences", count);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attribution_module) {
  emscripten::function("translatorAttribute", &translator_attribute);
  emscripten::function("translatorAttributionAgreement", &translator_attribution_agreement);
}
