// Decoding (greedy, sampled or teacher-forced) with every attention map and each step's output distribution
// kept for display.
#include <algorithm>
#include <cmath>

#include "../data/rng.h"
#include "attn/translator.h"

namespace attn::model {

Translator::Translator(TranslationModel model, const KernelSet& kernels)
    : model_(std::move(model)), transformer_(model_.config, kernels) {}

std::size_t Translator::max_source_words() const {
  return std::min<std::size_t>(corpus::kMaxEnglishWords, model_.config.max_positions - 1);
}

TranslateResult Translator::translate(const std::string& sentence, float temperature, const Decoding& decoding) {
  TranslateResult result;
  if (sentence.size() > kMaxSentenceBytes) {
    result.error = TranslateError{TranslateError::Kind::too_long,
                                  "the sentence is longer than " + std::to_string(kMaxSentenceBytes) + " bytes",
                                  {},
                                  {}};
    return result;
  }
  const std::vector<std::string> words = tokenize(sentence);
  if (words.empty()) {
    result.error = TranslateError{TranslateError::Kind::empty, "the sentence has no words", {}, {}};
    return result;
  }
  if (words.size() > max_source_words()) {
    result.error = TranslateError{TranslateError::Kind::too_long,
                                  "the sentence has " + std::to_string(words.size()) +
                                      " words; the model reads at most " + std::to_string(max_source_words()),
                                  {},
                                  {}};
    return result;
  }
  TranslateError unknown{TranslateError::Kind::unknown_words, "", {}, {}};
  for (const auto& w : words) {
    if (model_.source.id(w) >= 0 ||
        std::find(unknown.unknown_words.begin(), unknown.unknown_words.end(), w) != unknown.unknown_words.end()) {
      continue;
    }
    unknown.unknown_words.push_back(w);
    unknown.suggestions.push_back(closest_words(w, model_.source.words()));
  }
  if (!unknown.unknown_words.empty()) {
    unknown.message = unknown.unknown_words.size() == 1 ? "unknown word " : "unknown words ";
    for (std::size_t i = 0; i < unknown.unknown_words.size(); ++i) {
      unknown.message += (i ? "; '" : "'") + unknown.unknown_words[i] + "' (closest: ";
      for (std::size_t j = 0; j < unknown.suggestions[i].size(); ++j)
        unknown.message += (j ? ", " : "") + unknown.suggestions[i][j];
      unknown.message += ")";
    }
    result.error = std::move(unknown);
    return result;
  }
  if (decoding.forced_target) {
    const auto& target = *decoding.forced_target;
    std::vector<std::string> unknown_target;
    for (const auto& w : target)
      if (model_.target.id(w) < 2 && std::find(unknown_target.begin(), unknown_target.end(), w) == unknown_target.end())
        unknown_target.push_back(w);  // ids 0 and 1 are <bos> and <eos>: not words one can force
    if (!unknown_target.empty()) {
      std::string message = "the forced target has words the model does not produce: ";
      for (std::size_t i = 0; i < unknown_target.size(); ++i) message += (i ? ", '" : "'") + unknown_target[i] + "'";
      result.error = TranslateError{TranslateError::Kind::unknown_target_words, message, unknown_target, {}};
      return result;
    }
    const std::size_t fit = std::min<std::size_t>(model_.config.max_positions, kMaxTargetTokens) - 1;
    if (target.size() > fit) {
      result.error = TranslateError{
          TranslateError::Kind::too_long,
          "the forced target has " + std::to_string(target.size()) + " words; at most " + std::to_string(fit) + " fit",
          {},
          {}};
      return result;
    }
  }
  result.translation = translate_words(words, temperature, SIZE_MAX, decoding);
  return result;
}

void Translator::distribution(std::size_t row, float output_temperature, float* out) const {
  const std::size_t v = model_.config.target_vocabulary;
  const float* logits = activations_.logits.data() + row * v;
  const float top = *std::max_element(logits + 1, logits + v);
  double sum = 0;
  out[0] = 0.0f;  // <bos> is an input marker, never an output
  for (std::size_t i = 1; i < v; ++i) sum += std::exp(static_cast<double>(logits[i] - top) / output_temperature);
  for (std::size_t i = 1; i < v; ++i)
    out[i] = static_cast<float>(std::exp(static_cast<double>(logits[i] - top) / output_temperature) / sum);
}

std::vector<int> Translator::source_ids(const std::vector<std::string>& words) const {
  std::vector<int> source;
  source.reserve(words.size() + 1);
  for (const auto& w : words) source.push_back(model_.source.id(w));
  source.push_back(kSourceEnd);
  return source;
}

std::vector<float> Translator::forced_cross_attention(const std::vector<std::string>& source,
                                                      const std::vector<std::string>& target) {
  std::vector<int> target_in = {kTargetBegin};
  for (const auto& w : target) target_in.push_back(model_.target.id(w));
  transformer_.forward(model_.parameters.data(), source_ids(source), target_in, 1.0f, activations_);
  std::vector<float> maps;
  for (const auto& layer : activations_.decoder)
    maps.insert(maps.end(), layer.cross_attention.weights.begin(), layer.cross_attention.weights.end());
  return maps;
}

Translation Translator::translate_words(const std::vector<std::string>& words, float temperature,
                                        std::size_t max_tokens, const Decoding& decoding) {
  const Config& c = model_.config;
  const std::size_t v = c.target_vocabulary;
  const std::vector<int> source = source_ids(words);
  std::vector<int> target_in = {kTargetBegin}, produced;
  std::vector<float> probabilities;

  if (decoding.forced_target) {
    // Teacher forcing: one pass over <bos> + the reference; row t is the model's guess at reference word t.
    for (const auto& w : *decoding.forced_target) produced.push_back(model_.target.id(w));
    produced.push_back(kTargetEnd);
    target_in.insert(target_in.end(), produced.begin(), produced.end() - 1);
    transformer_.forward(model_.parameters.data(), source, target_in, temperature, activations_);
    probabilities.resize(produced.size() * v);
    for (std::size_t row = 0; row < produced.size(); ++row)
      distribution(row, decoding.output_temperature, &probabilities[row * v]);
  } else {
    // Step by step: feed <bos> + the words so far, choose the next word, stop at <eos>.
    Rng rng(decoding.seed);
    transformer_.forward(model_.parameters.data(), source, target_in, temperature, activations_);
    for (;;) {
      const std::size_t last = target_in.size() - 1;
      probabilities.resize(probabilities.size() + v);
      float* p = &probabilities[probabilities.size() - v];
      distribution(last, decoding.output_temperature, p);
      int next;
      if (decoding.choice == Decoding::Choice::greedy) {
        // The logits' argmax, not the probabilities': the same word at any output temperature.
        const float* row = activations_.logits.data() + last * v;
        next = static_cast<int>(std::max_element(row + 1, row + v) - row);
      } else {
        // Inverse CDF on one uniform draw; the last word with any probability takes the rounding remainder.
        double u = rng.unit(), cumulative = 0;
        next = static_cast<int>(v) - 1;
        while (next > 1 && p[next] == 0.0f) --next;
        for (std::size_t i = 1; i < v; ++i) {
          cumulative += p[i];
          if (u < cumulative) {
            next = static_cast<int>(i);
            break;
          }
        }
      }
      produced.push_back(next);
      if (next == kTargetEnd || target_in.size() == c.max_positions ||
          produced.size() >= std::min(max_tokens, kMaxTargetTokens)) {
        break;
      }
      target_in.push_back(next);
      transformer_.forward_decoder(model_.parameters.data(), target_in, temperature, activations_);
    }
  }

  Translation t;
  t.probabilities = std::move(probabilities);
  t.source = words;
  t.source.push_back(model_.source.word(kSourceEnd));
  for (int id : produced) t.target.push_back(model_.target.word(id));
  t.layers_encoder = c.encoder_layers;
  t.layers_decoder = c.decoder_layers;
  t.heads = c.heads;
  for (const auto& layer : activations_.encoder)
    t.encoder_self.insert(t.encoder_self.end(), layer.self_attention.weights.begin(),
                          layer.self_attention.weights.end());
  for (const auto& layer : activations_.decoder) {
    t.decoder_self.insert(t.decoder_self.end(), layer.self_attention.weights.begin(),
                          layer.self_attention.weights.end());
    t.cross_attention.insert(t.cross_attention.end(), layer.cross_attention.weights.begin(),
                             layer.cross_attention.weights.end());
  }
  return t;
}

}  // namespace attn::model
