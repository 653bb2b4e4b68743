// Decoding (greedy, sampled, teacher-forced; beam search in beam_search.cpp) with every attention map and each
// step's output distribution kept for display.
#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/translator.h"
#include "packed_weights.h"
#include "sampling.h"

namespace attn::model {

Translator::Translator(TranslationModel model, const KernelSet& kernels)
    : model_(std::move(model)),
      language_(model::grammar_language(model_)),
      transformer_(model_.config, kernels),
      cache_(model_.config) {
  if (language_) vocabulary_ = model::grammar_vocabulary(model_, *language_);
  packed_ = packed_for_forward(kernels, model_.config, transformer_.layout(), model_.parameters.data());
  transformer_.use_packed_weights(packed_.get());
}

Translator::~Translator() = default;
Translator::Translator(Translator&&) noexcept = default;

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
                                  {},
                                  words.size(),
                                  max_source_words()};
    return result;
  }
  if (!has_unknown_token(model_)) {  // a model that never learned <unk> refuses unknown words
    TranslateError unknown{TranslateError::Kind::unknown_words, "", {}, {}};
    find_unknown_words(words, model_.source, unknown.unknown_words, unknown.readings);
    if (!unknown.unknown_words.empty()) {
      unknown.message = unknown.unknown_words.size() == 1 ? "unknown word " : "unknown words ";
      for (std::size_t i = 0; i < unknown.unknown_words.size(); ++i) {
        const corpus::WordReading& reading = unknown.readings[i];
        unknown.message += (i ? "; '" : "'") + unknown.unknown_words[i] + "' (" + corpus::word_kind_name(reading.kind);
        if (!reading.base.empty()) unknown.message += " of " + reading.base;
        for (std::size_t j = 0; j < reading.suggestions.size(); ++j)
          unknown.message += (j ? ", " : ": ") + reading.suggestions[j];
        unknown.message += ")";
      }
      result.error = std::move(unknown);
      return result;
    }
  }
  if (decoding.forced_target) {
    const auto& target = *decoding.forced_target;
    std::vector<std::string> unknown_target;
    for (const auto& w : target)
      if (target_id(w) < 2 && std::find(unknown_target.begin(), unknown_target.end(), w) == unknown_target.end())
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

void Translator::distribution(std::size_t row, float output_temperature, float* out) {
  distribution_of(activations_.logits.data() + row * model_.config.target_vocabulary, output_temperature, out);
}

void Translator::distribution_of(const float* logits, float output_temperature, float* out) {
  const std::size_t v = model_.config.target_vocabulary;
  // From token 1: <bos> (id 0) is an input marker, never an output. The kernel set's softmax (the xsimd one in
  // float, as every attention map's): the double-precision exp of each of the V terms was an eighth of a
  // translation's time in the module.
  out[0] = 0.0f;
  std::copy(logits + 1, logits + v, out + 1);
  softmax_workspace_.resize(softmax_workspace_floats_reference(v - 1));
  LogitParams params;
  params.temperature = output_temperature;
  transformer_.kernels().softmax_rows(dense(out + 1, 1, v - 1), Mask{}, params, softmax_workspace_.data());
}

void Translator::log_distribution(std::size_t row, float output_temperature, std::vector<double>& out) const {
  const std::size_t v = model_.config.target_vocabulary;
  const float* logits = activations_.logits.data() + row * v;
  const float top = max_logit(logits, 1, v);
  const double log_sum = std::log(softmax_sum(logits, 1, v, top, output_temperature));
  out.resize(v);
  out[0] = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 1; i < v; ++i) out[i] = static_cast<double>(logits[i] - top) / output_temperature - log_sum;
}

std::vector<int> Translator::source_ids(const std::vector<std::string>& words) const {
  const int unknown = has_unknown_token(model_) ? kSourceUnknown : -1;
  std::vector<int> source;
  source.reserve(words.size() + 1);
  for (const auto& w : words) {
    const int id = model_.source.id(w);
    source.push_back(id >= 0 ? id : unknown);
  }
  source.push_back(kSourceEnd);
  return source;
}

int Translator::target_id(const std::string& word) const {
  const int id = model_.target.id(word);
  return id >= 0 || !has_unknown_token(model_) ? id : kTargetUnknown;
}

std::size_t Translator::token_limit(std::size_t max_tokens) const {
  return std::min({max_tokens, kMaxTargetTokens, static_cast<std::size_t>(model_.config.max_positions)});
}

std::vector<float> Translator::forced_cross_attention(const std::vector<std::string>& source,
                                                      const std::vector<std::string>& target) {
  std::vector<int> target_in = {kTargetBegin};
  for (const auto& w : target) target_in.push_back(target_id(w));
  transformer_.forward(model_.parameters.data(), source_ids(source), target_in, 1.0f, activations_);
  std::vector<float> maps;
  for (const auto& layer : activations_.decoder)
    maps.insert(maps.end(), layer.cross_attention.weights.begin(), layer.cross_attention.weights.end());
  return maps;
}

void Translator::decode_forced(const std::vector<int>& source, const std::vector<int>& produced, float temperature,
                               float output_temperature, std::vector<float>& probabilities) {
  const std::size_t v = model_.config.target_vocabulary;
  std::vector<int> target_in = {kTargetBegin};
  target_in.insert(target_in.end(), produced.begin(), produced.end() - 1);
  transformer_.forward(model_.parameters.data(), source, target_in, temperature, activations_);
  probabilities.resize(produced.size() * v);
  for (std::size_t row = 0; row < produced.size(); ++row)
    distribution(row, output_temperature, &probabilities[row * v]);
}

namespace {

// The next of `v` tokens: greedy's argmax of `logits`, or a draw from `p` (their distribution) with `rng`.
int choose(const float* logits, const float* p, std::size_t v, const Decoding& decoding, Rng& rng) {
  // The logits' argmax, not the probabilities': the same word at any output temperature.
  if (decoding.choice == Decoding::Choice::greedy) return most_likely_token(logits, 1, v);
  return draw_token<double>(p, 1, v, rng);
}

}  // namespace

std::vector<int> Translator::decode_freely(const std::vector<int>& source, float temperature, std::size_t max_tokens,
                                           const Decoding& decoding, std::vector<float>& probabilities) {
  // Step by step: feed <bos> + the words so far, choose the next word, stop at <eos>.
  const std::size_t v = model_.config.target_vocabulary;
  const float* params = model_.parameters.data();
  const bool cached = decoding.cache && transformer_.decodes_incrementally();
  std::vector<int> target_in = {kTargetBegin}, produced;
  Rng rng(decoding.seed);
  transformer_.forward_encoder(params, source, temperature, activations_);
  if (cached) {
    transformer_.start_decoding(params, activations_, cache_);
    step_logits_.resize(v);
  }
  // With the cache, each step's row of every decoder map: its self-attention over the words so far (layers × heads ×
  // its length), then its cross-attention over the source (layers × heads × source rows).
  const std::size_t maps = std::size_t{model_.config.decoder_layers} * model_.config.heads;
  std::vector<float> self_rows, cross_rows;
  for (;;) {
    // The last position's logits: one cached step, or a pass over the whole prefix.
    const float* logits = step_logits_.data();
    if (cached) {
      self_rows.resize(self_rows.size() + maps * target_in.size());
      cross_rows.resize(cross_rows.size() + maps * source.size());
      transformer_.decode_step(params, target_in.back(), temperature, cache_, step_logits_.data(),
                               &self_rows[self_rows.size() - maps * target_in.size()],
                               &cross_rows[cross_rows.size() - maps * source.size()]);
    } else {
      transformer_.forward_decoder(params, target_in, temperature, activations_);
      logits = activations_.logits.data() + (target_in.size() - 1) * v;
    }
    probabilities.resize(probabilities.size() + v);
    float* p = &probabilities[probabilities.size() - v];
    distribution_of(logits, decoding.output_temperature, p);
    const int next = choose(logits, p, v, decoding, rng);
    produced.push_back(next);
    if (next == kTargetEnd || produced.size() >= token_limit(max_tokens)) break;
    target_in.push_back(next);
  }
  // The maps (and assemble()'s copying of unknown words) read the decoder's activations: with the cache, its maps made
  // from the steps' rows (what a pass over the whole translation gives, within float rounding; that pass was a sixth
  // of a translation's time in the module), and nothing else of the decoder's.
  if (cached) maps_from_steps(self_rows, cross_rows, target_in.size(), source.size());
  return produced;
}

void Translator::maps_from_steps(const std::vector<float>& self_rows, const std::vector<float>& cross_rows,
                                 std::size_t steps, std::size_t sources) {
  const std::size_t layers = model_.config.decoder_layers, heads = model_.config.heads;
  activations_.decoder.resize(layers);
  for (std::size_t l = 0; l < layers; ++l) {
    AttentionActivations& self = activations_.decoder[l].self_attention;
    AttentionActivations& cross = activations_.decoder[l].cross_attention;
    self.sq = self.sk = cross.sq = steps;
    cross.sk = sources;
    self.weights.assign(heads * steps * steps, 0.0f);  // a row's weights past its own position are zero
    cross.weights.resize(heads * steps * sources);
    std::size_t at = 0;  // where step t's self-attention rows begin: the steps before it took layers × heads × (t' + 1)
    for (std::size_t t = 0; t < steps; ++t) {
      for (std::size_t h = 0; h < heads; ++h) {
        const float* self_row = &self_rows[at + (l * heads + h) * (t + 1)];
        std::copy(self_row, self_row + t + 1, &self.weights[(h * steps + t) * steps]);
        const float* cross_row = &cross_rows[((t * layers + l) * heads + h) * sources];
        std::copy(cross_row, cross_row + sources, &cross.weights[(h * steps + t) * sources]);
      }
      at += layers * heads * (t + 1);
    }
  }
}

Translation Translator::translate_words(const std::vector<std::string>& words, float temperature,
                                        std::size_t max_tokens, const Decoding& decoding) {
  const std::vector<int> source = source_ids(words);
  std::vector<int> produced;
  std::vector<float> probabilities;
  if (decoding.forced_target) {
    // Teacher forcing: one pass over <bos> + the reference; row t is the model's guess at reference word t.
    for (const auto& w : *decoding.forced_target) produced.push_back(target_id(w));
    produced.push_back(kTargetEnd);
    decode_forced(source, produced, temperature, decoding.output_temperature, probabilities);
    return assemble(words, source, produced, std::move(probabilities), false);
  }
  if (decoding.beam == 0) {
    produced = decode_freely(source, temperature, max_tokens, decoding, probabilities);
    return assemble(words, source, produced, std::move(probabilities), true);
  }
  BeamSearch beam = decode_beam(source, words, temperature, max_tokens, decoding, produced);
  // The best hypothesis again, teacher-forced: the maps and distributions greedy decoding would give it.
  decode_forced(source, produced, temperature, decoding.output_temperature, probabilities);
  Translation t = assemble(words, source, produced, std::move(probabilities), true);
  t.beam = std::move(beam);
  return t;
}

Translation Translator::assemble(const std::vector<std::string>& words, const std::vector<int>& source,
                                 const std::vector<int>& produced, std::vector<float> probabilities, bool copy) const {
  const Config& c = model_.config;
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
  if (has_unknown_token(model_)) {
    find_unknown_words(words, model_.source, t.unknown_words, t.readings);
    t.copied_from.assign(produced.size(), -1);
    if (copy) {
      t.copied_from =
          copy_unknown_words(t.cross_attention, t.layers_decoder, t.heads, source, produced, kTargetUnknown);
      for (std::size_t i = 0; i < produced.size(); ++i)
        if (t.copied_from[i] >= 0) t.target[i] = t.source[static_cast<std::size_t>(t.copied_from[i])];
    }
  }
  return t;
}

}  // namespace attn::model
