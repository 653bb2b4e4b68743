// The translation model's side of the JS seam: load a weight file, translate a sentence with every attention
// map (and the grammar's reference, for a model of one of the corpus's language pairs), free a model, and draw
// held-out example sentences from the corpus generator. Like embind.cpp, it
// returns { error } instead of throwing, after all C++ locals are gone.
//
// Models live in a table keyed by a small integer (handle_table.h).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "attn/checks.h"
#include "attn/corpus.h"
#include "attn/most_likely.h"
#include "attn/registry.h"
#include "attn/translator.h"
#include "js_values.h"
#include "module_shared.h"

namespace {

using emscripten::val;
using namespace attn;

using bindings::module_kernels;

// Refused before conversion (a UTF-16 unit is at least one UTF-8 byte); translate() checks the bytes.
constexpr auto kMaxSentenceChars = static_cast<double>(model::kMaxSentenceBytes);
constexpr double kMaxExamples = 100000;

using bindings::translators;

val config_object(const model::Config& c) {
  val out = val::object();
  out.set("dModel", c.d_model);
  out.set("heads", c.heads);
  out.set("kvHeads", c.key_value_heads());
  out.set("ffn", c.ffn);
  out.set("encoderLayers", c.encoder_layers);
  out.set("decoderLayers", c.decoder_layers);
  out.set("maxPositions", c.max_positions);
  out.set("parameters", static_cast<double>(model::ParameterLayout(c).count));
  // How self-attention sees positions (a file may also add sinusoids to a relative scheme: it is named by the latter).
  out.set("positions", check::position_scheme_name(c.positions, c.relative));
  out.set("tiedOutput", c.tied_output);
  val ablations = val::object();
  ablations.set("noPositions", !c.positions && c.relative == model::RelativePositions::none);
  ablations.set("noScaling", !c.scaled);
  ablations.set("sigmoidGates", c.weighting == model::AttentionWeighting::sigmoid);
  out.set("ablations", ablations);
  return out;
}

// translatorLoad(bytes: Uint8Array) → { id, sourceWords, targetWords, config, maxWords } | { error }
val translator_load(const val& bytes) {
  const double length = bytes["length"].as<double>();
  if (auto error = check::model_file_size(length)) return js::error_result(error);
  model::LoadedModel loaded;
  {
    const auto data = js::copy_in<std::uint8_t>(bytes, static_cast<std::size_t>(length));
    loaded = model::load_weights(data.data(), data.size());
  }
  if (!loaded.model) return js::error_result("RangeError", loaded.error);
  return bindings::register_translator(std::move(*loaded.model));
}

}  // namespace

attn::bindings::HandleTable<std::unique_ptr<model::Translator>>& attn::bindings::translators() {
  static HandleTable<std::unique_ptr<model::Translator>> table("translator");
  return table;
}

namespace {
// Per unknown word, what kind of word it is: [{ kind: "verb-form", base: "eat", suggestions: ["eat", …] }].
val readings_array(const std::vector<corpus::WordReading>& readings) {
  val out = val::array();
  for (std::size_t i = 0; i < readings.size(); ++i) {
    val reading = val::object();
    reading.set("kind", std::string(corpus::word_kind_name(readings[i].kind)));
    reading.set("base", readings[i].base);
    reading.set("suggestions", js::string_array(readings[i].suggestions));
    out.set(i, reading);
  }
  return out;
}
}  // namespace

val attn::bindings::translate_error(const model::TranslateError& e) {
  val result = js::error_result("RangeError", e.message);
  val detail = result["error"];
  detail.set("kind", e.kind == model::TranslateError::Kind::unknown_words          ? "unknown-words"
                     : e.kind == model::TranslateError::Kind::unknown_target_words ? "unknown-target-words"
                     : e.kind == model::TranslateError::Kind::too_long             ? "too-long"
                                                                                   : "empty");
  if (e.kind == model::TranslateError::Kind::unknown_words) {
    detail.set("unknownWords", js::string_array(e.unknown_words));
    detail.set("readings", readings_array(e.readings));
  }
  if (e.limit > 0) {  // too many words: the counts, for a message in the page's language
    detail.set("words", static_cast<double>(e.words));
    detail.set("limit", static_cast<double>(e.limit));
  }
  return result;
}

namespace {

// { kind, ...words }: why the grammar does not translate a sentence, each word the kind names as a field (only
// those it fills), for a page to say it in its own language (web/lib/index.d.ts lists them by kind).
val grammar_problem_object(const corpus::GrammarProblem& p) {
  val out = val::object();
  out.set("kind", val(corpus::kind_name(p.kind)));
  const std::pair<const char*, const std::string*> words[] = {
      {"after", &p.after},       {"found", &p.found},       {"word", &p.word},     {"expected", &p.expected},
      {"subject", &p.subject},   {"number", &p.number},     {"person", &p.person}, {"form", &p.form},
      {"language", &p.language}, {"roleWord", &p.role_word}};
  for (const auto& [name, value] : words)
    if (!value->empty()) out.set(name, val(*value));
  const std::pair<const char*, const std::vector<std::string>*> lists[] = {
      {"examples", &p.examples}, {"prepositions", &p.prepositions}, {"adverbs", &p.adverbs},
      {"names", &p.names},       {"pronouns", &p.pronouns},         {"determiners", &p.determiners}};
  for (const auto& [name, value] : lists)
    if (!value->empty()) out.set(name, js::string_array(*value));
  if (p.role != corpus::NounPhraseRole::none) out.set("role", val(corpus::role_name(p.role)));
  return out;
}

}  // namespace

val attn::bindings::alignment_object(const corpus::SentencePair& pair) {
  val out = val::object();
  out.set("target", js::string_array(pair.target));
  val links = val::array();
  for (std::size_t t = 0; t < pair.alignment.size(); ++t) links.set(t, pair.alignment[t]);
  out.set("sourceIndex", links);
  return out;
}

val attn::bindings::pair_objects(const std::vector<corpus::SentencePair>& pairs) {
  val out = val::array();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    val p = alignment_object(pairs[i]);
    p.set("source", corpus::join(pairs[i].source));
    p.set("target", corpus::join(pairs[i].target));
    out.set(i, p);
  }
  return out;
}

std::optional<val> attn::bindings::head_mask_from(const val& value, const model::Config& config,
                                                  model::HeadMask& mask) {
  if (value.isNull() || value.isUndefined()) return std::nullopt;
  const struct {
    const char* key;
    std::vector<std::uint8_t>& entries;
    std::size_t layers;
  } kinds[] = {{"encoderSelf", mask.encoder_self, config.encoder_layers},
               {"decoderSelf", mask.decoder_self, config.decoder_layers},
               {"cross", mask.cross, config.decoder_layers}};
  for (const auto& kind : kinds) {
    const val entries = value[kind.key];
    if (entries.isNull() || entries.isUndefined()) continue;
    const double length = entries["length"].as<double>();
    if (length != static_cast<double>(kind.layers * config.heads)) {
      return js::error_result("RangeError", std::string("options.headMask.") + kind.key + " must have " +
                                                std::to_string(kind.layers) + " layers of " +
                                                std::to_string(config.heads) + " heads");
    }
    const auto copied = js::copy_in<std::uint8_t>(entries, static_cast<std::size_t>(length));
    kind.entries.assign(copied.data(), copied.data() + copied.size());
  }
  if (std::string problem = model::head_mask_problem(config, mask); !problem.empty())
    return js::error_result("RangeError", problem);
  return std::nullopt;
}

val attn::bindings::evaluation_object(const model::Evaluation& e, const model::Config& config) {
  const std::size_t heads = config.heads;
  std::size_t best = 0;
  const double share = e.best_alignment_share(&best);
  val out = val::object();
  out.set("exact", static_cast<double>(e.exact));
  out.set("total", static_cast<double>(e.sentences));
  out.set("alignment", e.aligned_words ? val(share) : val::null());  // null: the task has no true alignment
  val head = val::object();
  head.set("layer", static_cast<double>(best / heads));
  head.set("head", static_cast<double>(best % heads));
  out.set("alignmentHead", head);
  val by_head = val::array();
  for (std::size_t i = 0; i < e.alignment_hits.size(); ++i)
    by_head.set(
        i, e.aligned_words ? static_cast<double>(e.alignment_hits[i]) / static_cast<double>(e.aligned_words) : 0.0);
  out.set("alignmentByHead", by_head);
  out.set("cacheBytesPerToken", static_cast<double>(config.cache_bytes_per_token()));
  return out;
}

val attn::bindings::register_translator(model::TranslationModel model) {
  const auto [id, translator] =
      translators().add(std::make_unique<model::Translator>(std::move(model), module_kernels()));
  const model::TranslationModel& m = translator->model();
  val out = val::object();
  out.set("id", id);
  out.set("sourceWords", js::string_array(m.source.words()));
  out.set("targetWords", js::string_array(m.target.words()));
  out.set("config", config_object(m.config));
  out.set("maxWords", static_cast<double>(translator->max_source_words()));
  const std::optional<corpus::Language> language = model::grammar_language(m);
  out.set("task", language ? val(tasks::translation_task_name(*language)) : val::null());
  out.set("copiesUnknownWords", model::has_unknown_token(m));
  out.set("grammarVocabulary", static_cast<double>(translator->vocabulary()));
  return out;
}

namespace {

// decoding: { choice: 'greedy' | 'sample', outputTemperature, seed, target: string | null, beam: number | null,
// cache: boolean }
// (types checked in web/lib) → the C++ Decoding, or the RangeError naming the bad value.
std::optional<val> decoding_from(const val& o, model::Decoding& d) {
  const std::string choice = o["choice"].as<std::string>();
  const double temperature = o["outputTemperature"].as<double>(), seed = o["seed"].as<double>();
  if (auto error = check::decoding(choice, temperature, seed)) return js::error_result(error);
  if (!o["beam"].isNull()) {
    const double width = o["beam"].as<double>();
    if (auto error = check::beam(width, choice, !o["target"].isNull())) return js::error_result(error);
    d.beam = static_cast<std::size_t>(width);
  }
  d.choice = choice == "sample" ? model::Decoding::Choice::sample : model::Decoding::Choice::greedy;
  d.output_temperature = static_cast<float>(temperature);
  d.seed = static_cast<std::uint64_t>(seed);
  d.cache = o["cache"].as<bool>();
  if (!o["target"].isNull()) {
    if (o["target"]["length"].as<double>() > kMaxSentenceChars) {
      return js::error_result("RangeError", "options.target is longer than 4096 characters");
    }
    std::vector<std::string> words;
    std::string word;
    for (char c : o["target"].as<std::string>() + " ") {
      if (c == ' ' || c == '\t' || c == '\n') {
        if (!word.empty()) words.push_back(std::move(word));
        word.clear();
      } else {
        word += c;
      }
    }
    if (words.empty()) return js::error_result("RangeError", "options.target has no words");
    d.forced_target = std::move(words);
  }
  return std::nullopt;
}

// The words of a model's unknown-word handling: per target token the source index copied (-1: none), and the
// sentence's unknown words with their readings (all empty for a model without "<unk>").
void set_unknown_words(val& out, const model::Translation& t) {
  val copied = val::array();
  for (std::size_t i = 0; i < t.copied_from.size(); ++i) copied.set(i, t.copied_from[i]);
  out.set("copiedFrom", copied);
  out.set("unknownWords", js::string_array(t.unknown_words));
  out.set("readings", readings_array(t.readings));
}

// A beam search as { width, alpha, steps: [[{ token, word, parent, score, normalizedScore, finished, attendedSource,
// repeats, copiedFrom, cross: Ld × H × S floats }]], best: { step, node }, greedy: { tokens, words, score,
// normalizedScore } }.
val beam_object(const model::BeamSearch& b) {
  val steps = val::array();
  for (std::size_t step = 0; step < b.steps.size(); ++step) {
    val nodes = val::array();
    for (std::size_t i = 0; i < b.steps[step].size(); ++i) {
      const model::BeamHypothesis& h = b.steps[step][i];
      val node = val::object();
      node.set("token", h.copied_from >= 0 ? std::string(model::kUnknownWord) : h.word);
      node.set("word", h.word);
      node.set("parent", h.parent);
      node.set("score", h.score);
      node.set("normalizedScore", h.normalized);
      node.set("finished", h.finished);
      node.set("attendedSource", h.source);
      node.set("repeats", h.repeats);
      node.set("copiedFrom", h.copied_from);
      node.set("cross", js::copy_out(h.cross_attention));
      nodes.set(i, node);
    }
    steps.set(step, nodes);
  }
  val out = val::object();
  out.set("width", static_cast<double>(b.width));
  out.set("alpha", model::kLengthPenaltyAlpha);
  out.set("steps", steps);
  val best = val::object();
  best.set("step", static_cast<double>(b.best_step));
  best.set("node", static_cast<double>(b.best_node));
  out.set("best", best);
  val greedy = val::object();
  greedy.set("tokens", js::string_array(b.greedy));
  greedy.set("words", js::string_array(b.greedy_words));
  greedy.set("score", b.greedy_score);
  greedy.set("normalizedScore", b.greedy_normalized);
  out.set("greedy", greedy);
  return out;
}

// Each step's `count` most likely words as { ids: Int32Array, probabilities: Float32Array }, T × count each (most
// likely first; a step with fewer words of any probability ends its row with id -1), copied out once.
val top_words_object(const std::vector<float>& probabilities, std::size_t steps, std::size_t v, std::size_t count) {
  std::vector<std::int32_t> ids(steps * count, -1);
  std::vector<float> chosen(steps * count, 0.0f);
  for (std::size_t step = 0; step < steps; ++step)
    model::most_likely_tokens(&probabilities[step * v], v, count, &ids[step * count], &chosen[step * count]);
  val out = val::object();
  out.set("ids", js::copy_out(ids));
  out.set("probabilities", js::copy_out(chosen));
  return out;
}

// translatorTranslate(id, sentence, temperature, decoding, headMask, top) → { source, target, encoderSelf
//   (Le × H × S × S floats), decoderSelf (Ld × H × T × T), cross (Ld × H × T × S), probabilities (T × V), top:
//   top_words_object, copiedFrom, unknownWords, suggestions, beam: beam_object | null, grammar: { target, sourceIndex }
//   | null, outsideGrammar: { kind, ...words } | null } | { error }. `top` (a whole number, checked in web/lib) is how
//   many of each step's words to choose.
val translator_translate(int id, const val& sentence_value, double temperature, const val& decoding_value,
                         const val& head_mask_value, double top) {
  auto* entry = translators().find(id);
  if (!entry) return translators().disposed();
  model::Translator& translator = **entry;
  if (auto error = check::logit_params(1.0, temperature)) return js::error_result(error);
  if (sentence_value["length"].as<double>() > kMaxSentenceChars) {
    return js::error_result("RangeError", "the sentence is longer than 4096 characters");
  }
  model::Decoding decoding;
  if (auto error = decoding_from(decoding_value, decoding)) return *error;
  model::HeadMask head_mask;
  if (auto error = bindings::head_mask_from(head_mask_value, translator.model().config, head_mask)) return *error;
  translator.set_head_mask(std::move(head_mask));
  const std::string sentence = sentence_value.as<std::string>();
  model::TranslateResult r = translator.translate(sentence, static_cast<float>(temperature), decoding);
  if (r.error) return bindings::translate_error(*r.error);
  const model::Translation& t = *r.translation;
  const std::size_t n = t.target.size();
  val out = val::object();
  out.set("source", js::string_array(t.source));
  out.set("target", js::string_array(t.target));
  // Each kind's maps in one Float32Array (web/lib splits it into [layer][head] maps): one copy out of the module's
  // memory, not one per map with an object around it.
  out.set("encoderSelf", js::copy_out(t.encoder_self));
  out.set("decoderSelf", js::copy_out(t.decoder_self));
  out.set("cross", js::copy_out(t.cross_attention));
  const std::size_t v = translator.model().config.target_vocabulary;
  out.set("probabilities", js::matrix_result(t.probabilities, n, v));
  out.set("top",
          top_words_object(t.probabilities, n, v, static_cast<std::size_t>(std::min(top, static_cast<double>(v)))));
  set_unknown_words(out, t);
  out.set("beam", t.beam ? beam_object(*t.beam) : val::null());
  const std::vector<std::string> words(t.source.begin(), t.source.end() - 1);
  const std::optional<corpus::Language>& language = translator.language();
  corpus::GrammarProblem problem;
  const auto grammar = language ? corpus::translate_by_grammar(words, *language, &problem) : std::nullopt;
  out.set("grammar", grammar ? bindings::alignment_object(*grammar) : val::null());
  out.set("outsideGrammar", language && !grammar ? grammar_problem_object(problem) : val::null());
  return out;
}

// translatorEvaluate(id, count, headMask) → what trainerEvaluate returns, over the first `count` held-out pairs
// of the model's language pair (seed 2, as the shipped models are measured), with the heads headMask switches off.
val translator_evaluate(int id, double count, const val& head_mask_value) {
  auto* entry = translators().find(id);
  if (!entry) return translators().disposed();
  model::Translator& translator = **entry;
  const std::optional<corpus::Language>& language = translator.language();
  if (!language) return js::error_result("RangeError", "this model is not one of the toy grammar's language pairs");
  if (!(count >= 1 && count <= 10000) || count != std::floor(count))
    return js::error_result("RangeError", "count must be a whole number from 1 to 10000");
  model::HeadMask head_mask;
  if (auto error = bindings::head_mask_from(head_mask_value, translator.model().config, head_mask)) return *error;
  translator.set_head_mask(std::move(head_mask));
  const auto pairs = corpus::held_out_set(static_cast<std::size_t>(count), 2, *language, corpus::kMaxEnglishWords,
                                          translator.vocabulary());
  return bindings::evaluation_object(model::evaluate(translator, pairs), translator.model().config);
}

bool translator_free(int id) { return translators().erase(id); }

// heldOutSentences(task, count, seed, vocabulary) → { sentences: [{ source, target, sourceIndex }] }, the same
// sentences the native tools see; task is a language pair's name ('en-es', …), vocabulary the commonest words a model
// was trained on (0: the whole lexicon), so that a model of N words is asked only its own.
val held_out_sentences(const std::string& task, double count, double seed, double vocabulary) {
  const auto language = tasks::translation_language(task);
  if (!language) return js::error_result("RangeError", "task must be " + registry::quoted_pair_names());
  if (!(count >= 0 && count <= kMaxExamples) || count != std::floor(count)) {
    return js::error_result("RangeError", "count must be an integer from 0 to 100000");
  }
  if (!(seed >= 0 && seed <= 9007199254740991.0) || seed != std::floor(seed)) {
    return js::error_result("RangeError", "seed must be a non-negative integer");
  }
  if (auto error = check::vocabulary_size(vocabulary, task)) return js::error_result(error);
  const auto pairs = corpus::held_out_set(static_cast<std::size_t>(count), static_cast<std::uint64_t>(seed), *language,
                                          corpus::kMaxEnglishWords, static_cast<std::size_t>(vocabulary));
  val result = val::object();
  result.set("sentences", bindings::pair_objects(pairs));
  return result;
}

}  // namespace

EMSCRIPTEN_BINDINGS(translator_module) {
  emscripten::function("translatorLoad", &translator_load);
  emscripten::function("translatorTranslate", &translator_translate);
  emscripten::function("translatorEvaluate", &translator_evaluate);
  emscripten::function("translatorFree", &translator_free);
  emscripten::function("heldOutSentences", &held_out_sentences);
  // The registry's table as JSON (attn/registry.h): tests/web/lib/registry.test.js holds language-pairs.js to it.
  emscripten::function("registryJson", &registry::registry_json);
}
