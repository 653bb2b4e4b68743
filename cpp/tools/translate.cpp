// Translates with a weight file natively: the given sentence, or its language pair's held-out set (one
// "english<TAB>output" line per sentence, and <TAB>reference where the output is not the grammar's, then a summary),
// which the Vitest suite compares with the wasm module's output. --beam W (1 to 8) decodes by beam search of that
// width, and the summary then counts its exact outputs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "attn/checks.h"
#include "attn/corpus.h"
#include "attn/most_likely.h"
#include "attn/training.h"
#include "copying_report.h"
#include "encoding_option.h"
#include "options.h"

using namespace attn;

int main(int argc, char** argv) {
  const tools::Options o(argc, argv,
                         {{"model", "web/lib/models/en-es.bin"},
                          {"sentence", ""},
                          {"repeat", "0"},
                          {"held-out", "1000"},
                          {"held-out-seed", "2"},
                          {"temperature", "1"},
                          {"kernels", "fast"},
                          {"beam", "0"},
                          {"parameters", ""},
                          {"save-as", ""},
                          {"out", ""}});
  // The module's check of translate()'s temperature, in its words.
  if (const check::Error error = check::logit_params(1.0, o.real("temperature"))) {
    std::cerr << error.message << "\n";
    return 1;
  }
  std::ifstream in(o.text("model"), std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  if (!loaded.model) {
    std::cerr << o.text("model") << ": " << loaded.error << "\n";
    return 1;
  }
  // --parameters FILE (train --dump-parameters' float32 weights, for this model's shape) --save-as ENCODING --out
  // FILE: the same model stored another way (float16, int8 or int4), then scored as stored: how much an encoding
  // costs, without training again.
  if (!o.text("parameters").empty()) {
    std::ifstream dump(o.text("parameters"), std::ios::binary);
    std::vector<float>& p = loaded.model->parameters;
    dump.read(reinterpret_cast<char*>(p.data()), static_cast<std::streamsize>(p.size() * sizeof(float)));
    if (!dump || dump.peek() != std::char_traits<char>::eof()) {
      std::cerr << o.text("parameters") << ": not " << p.size() << " float32 parameters\n";
      return 1;
    }
  }
  if (!o.text("save-as").empty()) {
    const std::optional<model::WeightEncoding> as = tools::weight_encoding(o.text("save-as"));
    if (!as) {
      std::cerr << "--save-as must be float16, int8 or int4\n";
      return 1;
    }
    const auto saved = model::save_weights(*loaded.model, *as);
    std::ofstream(o.text("out"), std::ios::binary)
        .write(reinterpret_cast<const char*>(saved.data()), static_cast<std::streamsize>(saved.size()));
    loaded = model::load_weights(saved.data(), saved.size());
  }
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): loaded above, or re-read from bytes this build wrote
  model::Translator translator(std::move(*loaded.model),
                               o.text("kernels") == "reference" ? reference_kernels() : fast_kernels());
  if (!o.text("sentence").empty()) {
    const model::TranslateResult r =
        translator.translate(o.text("sentence"), static_cast<float>(o.real("temperature")));
    if (r.error) {
      std::cerr << r.error->message << "\n";
      return 1;
    }
    // NOLINTNEXTLINE(bugprone-unchecked-optional-access): a result without an error has a translation
    std::printf("%s\n", corpus::join(r.translation->target).c_str());
    // --repeat N: the sentence translated N more times, timed (npm run bench:translator-boundary's native figure:
    // the same work as the module's translatorTranslate, greedy decoding with every map, then each step's ten most
    // likely words and the grammar's own translation of the sentence, for the alignment).
    if (const auto repeat = o.number("repeat")) {
      const std::size_t v = translator.model().config.target_vocabulary, top = std::min<std::size_t>(10, v);
      std::vector<int> ids(top);
      std::vector<float> chosen(top);
      const std::optional<corpus::Language>& pair_language = translator.language();
      const auto start = std::chrono::steady_clock::now();
      unsigned long long words = 0;
      for (unsigned long long i = 0; i < repeat; ++i) {
        const model::TranslateResult again =
            translator.translate(o.text("sentence"), static_cast<float>(o.real("temperature")));
        if (!again.translation) continue;
        const model::Translation& t = *again.translation;
        words += t.target.size();
        for (std::size_t step = 0; step < t.target.size(); ++step)
          model::most_likely_tokens(&t.probabilities[step * v], v, top, ids.data(), chosen.data());
        if (pair_language) {
          corpus::GrammarProblem problem;
          const std::vector<std::string> source(t.source.begin(), t.source.end() - 1);
          corpus::translate_by_grammar(source, *pair_language, &problem);
        }
      }
      const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
      std::printf("# %llu translations (%llu words each), %.4f ms each\n", repeat, words / repeat,
                  elapsed.count() / static_cast<double>(repeat));
    }
    return 0;
  }
  const std::optional<corpus::Language> language = model::grammar_language(translator.model());
  if (!language) {
    std::cerr << o.text("model") << ": not a model of the corpus's language pairs; it has no held-out set\n";
    return 1;
  }
  const auto pairs = corpus::held_out_set(o.number("held-out"), o.number("held-out-seed"), *language,
                                          corpus::kMaxEnglishWords, translator.vocabulary());
  const model::Evaluation e = model::evaluate(translator, pairs);
  model::Decoding decoding;
  decoding.beam = o.number("beam");
  std::size_t beam_exact = 0;
  for (const auto& pair : pairs) {
    std::vector<std::string> words = translator.translate_words(pair.source, 1.0f, SIZE_MAX, decoding).target;
    if (!words.empty() && words.back() == "<eos>") words.pop_back();
    beam_exact += words == pair.target;
    // A third column, the grammar's reference, where the output is not it: what went wrong, at a glance.
    const std::string reference = words == pair.target ? "" : "\t" + corpus::join(pair.target);
    std::printf("%s\t%s%s\n", corpus::join(pair.source).c_str(), corpus::join(words).c_str(), reference.c_str());
  }
  if (decoding.beam > 0) std::printf("# beam %zu: exact %zu/%zu\n", decoding.beam, beam_exact, pairs.size());
  std::size_t best = 0;
  const double share = e.best_alignment_share(&best);
  std::printf("# exact %zu/%zu, best alignment head: layer %zu head %zu %.4f\n", e.exact, e.sentences,
              best / translator.model().config.heads, best % translator.model().config.heads, share);
  tools::print_copying(translator, pairs, "# ");  // as train prints it, for the file as it is
  return 0;
}
