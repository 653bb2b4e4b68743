// Greedy decoding with every attention map kept for display.
#include <algorithm>

#include "attn/translator.h"

namespace attn::model {

Translator::Translator(TranslationModel model, const KernelSet& kernels)
    : model_(std::move(model)), transformer_(model_.config, kernels) {}

std::size_t Translator::max_source_words() const {
  return std::min<std::size_t>(corpus::kMaxEnglishWords, model_.config.max_positions - 1);
}

TranslateResult Translator::translate(const std::string& sentence, float temperature) {
  const std::vector<std::string> words = tokenize(sentence);
  TranslateResult result;
  if (words.empty()) {
    result.error = TranslateError{TranslateError::Kind::empty, "the sentence has no words", {}, {}};
    return result;
  }
  if (words.size() > max_source_words()) {
    result.error = TranslateError{TranslateError::Kind::too_long,
                                  "the sentence has " + std::to_string(words.size()) + " words; the model reads at most " +
                                      std::to_string(max_source_words()),
                                  {}, {}};
    return result;
  }
  TranslateError unknown{TranslateError::Kind::unknown_words, "", {}, {}};
  for (const auto& w : words) {
    if (model_.source.id(w) >= 0 || std::find(unknown.unknown_words.begin(), unknown.unknown_words.end(), w) !=
                                        unknown.unknown_words.end()) {
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
  result.translation = translate_words(words, temperature);
  return result;
}

std::vector<int> Translator::source_ids(const std::vector<std::string>& words) const {
  std::vector<int> source;
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
                                        std::size_t max_tokens) {
  const Config& c = model_.config;
  const std::vector<int> source = source_ids(words);

  // Step by step: feed <bos> + the words so far, take the most likely next word, stop at <eos>.
  std::vector<int> target_in = {kTargetBegin}, produced;
  transformer_.forward(model_.parameters.data(), source, target_in, temperature, activations_);
  for (;;) {
    const std::size_t last = target_in.size() - 1;
    const float* row = activations_.logits.data() + last * c.target_vocabulary;
    // Never produce <bos>: it is an input marker, not a word.
    const int next = static_cast<int>(std::max_element(row + 1, row + c.target_vocabulary) - row);
    produced.push_back(next);
    if (next == kTargetEnd || target_in.size() == c.max_positions || produced.size() >= max_tokens) break;
    target_in.push_back(next);
    transformer_.forward_decoder(model_.parameters.data(), target_in, temperature, activations_);
  }

  Translation t;
  t.source = words;
  t.source.push_back(model_.source.word(kSourceEnd));
  for (int id : produced) t.target.push_back(model_.target.word(id));
  t.layers_encoder = c.encoder_layers;
  t.layers_decoder = c.decoder_layers;
  t.heads = c.heads;
  for (const auto& layer : activations_.encoder)
    t.encoder_self.insert(t.encoder_self.end(), layer.self_attention.weights.begin(), layer.self_attention.weights.end());
  for (const auto& layer : activations_.decoder) {
    t.decoder_self.insert(t.decoder_self.end(), layer.self_attention.weights.begin(), layer.self_attention.weights.end());
    t.cross_attention.insert(t.cross_attention.end(), layer.cross_attention.weights.begin(),
                             layer.cross_attention.weights.end());
  }
  return t;
}

}  // namespace attn::model
