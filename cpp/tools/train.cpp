// Trains the translation model, writes the weight file, reloads it and evaluates the file's weights on the
// held-out sentences. The shipped model is made by the command in docs/models.md; same options, same bytes.
// The default kernels are the reference loops: plain C++ arithmetic (the model library is built without
// -march=native or FMA contraction), so the same command writes the same bytes on any x86-64 machine,
// whatever its vector width; --kernels fast trains about 1.8x faster with this CPU's xsimd kernels.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "attn/checks.h"
#include "attn/registry.h"
#include "attn/training.h"
#include "copying_report.h"
#include "encoding_option.h"
#include "options.h"

using namespace attn;

int main(int argc, char** argv) {
  const tools::Options o(argc, argv,
                         {{"out", "web/lib/models/en-es.bin"},
                          {"seed", "7"},
                          {"data-seed", "1"},
                          {"steps", "4000"},
                          {"batch", "48"},
                          {"lr", "0.003"},
                          {"threads", "2"},
                          {"d-model", "32"},
                          {"heads", "4"},
                          {"ffn", "64"},
                          {"encoder-layers", "2"},
                          {"decoder-layers", "2"},
                          {"held-out", "1000"},
                          {"held-out-seed", "2"},
                          {"kernels", "reference"},
                          {"warmup", "200"},
                          {"positions", "on"},
                          {"scaling", "on"},
                          {"weights", "softmax"},
                          {"dump-parameters", ""},
                          {"file-encoding", "float16"},
                          {"stored-steps", "0"},
                          {"task", "en-es"},
                          {"min-length", "3"},
                          {"max-length", "8"},
                          {"longest-sentence", "12"},
                          {"vocabulary", "0"},
                          {"unk-rate", "0"}},
                         {"tie-output"});
  // --task: a language pair of the corpus (--longest-sentence: English words, 2-12; --vocabulary N: the commonest N
  // nouns, verbs and adjectives, 0 the whole lexicon) or a sequence task with --min-length/--max-length, by the
  // registry's names (attn/registry.h).
  if (!tasks::named_task(o.text("task"), {}, 0)) {
    std::cerr << "--task must be one of " << registry::quoted_task_names() << "\n";
    return 1;
  }
  // The module's checks (createTrainer()'s), before anything trains: a shape it refuses is refused here, in its words.
  const double unknown_word_rate = o.real("unk-rate");
  for (const check::Error& error :
       {check::model_shape({o.real("d-model"), o.real("heads"), o.real("ffn"), o.real("encoder-layers"),
                            o.real("decoder-layers"), o.real("heads")}),
        check::training_task(o.text("task"), o.real("min-length"), o.real("max-length"), o.real("longest-sentence")),
        check::unknown_word_rate(unknown_word_rate, o.text("task"))}) {
    if (error) {
      std::cerr << error.message << "\n";
      return 1;
    }
  }
  auto make_task = [&](std::uint64_t seed) {
    return tasks::named_task(o.text("task"), {o.number("min-length"), o.number("max-length")}, seed,
                             o.number("longest-sentence"), o.number("vocabulary"));
  };
  // --unk-rate p: train to carry unknown words (each maskable word pair becomes <unk> with probability p); the
  // model then has "<unk>" in both vocabularies. 0, the default, trains exactly as before.
  const KernelSet& kernels = o.text("kernels") == "reference" ? reference_kernels() : fast_kernels();
  model::Config dims;
  dims.d_model = static_cast<std::uint32_t>(o.number("d-model"));
  dims.heads = static_cast<std::uint32_t>(o.number("heads"));
  dims.ffn = static_cast<std::uint32_t>(o.number("ffn"));
  dims.encoder_layers = static_cast<std::uint32_t>(o.number("encoder-layers"));
  dims.decoder_layers = static_cast<std::uint32_t>(o.number("decoder-layers"));
  // The ablations the Train view offers: --positions off, --scaling off, --weights sigmoid.
  dims.positions = o.text("positions") != "off";
  dims.scaled = o.text("scaling") != "off";
  dims.weighting =
      o.text("weights") == "sigmoid" ? model::AttentionWeighting::sigmoid : model::AttentionWeighting::softmax;
  // --tie-output: the logits read the target embeddings transposed (Press & Wolf 2017), no output matrix.
  dims.tied_output = o.text("tie-output") == "on";
  model::TranslationModel m = model::new_model(dims, o.number("seed"), *make_task(0), unknown_word_rate > 0);
  std::printf("model: D=%u H=%u FFN=%u encoder %u decoder %u, vocabularies %u/%u, %zu parameters%s\n", dims.d_model,
              dims.heads, dims.ffn, dims.encoder_layers, dims.decoder_layers, m.config.source_vocabulary,
              m.config.target_vocabulary, m.parameters.size(), dims.tied_output ? ", output tied" : "");

  // --file-encoding int8 or int4: the weight file's parameters as 8- or 4-bit blocks (int4: the shipped models); the
  // evaluation below reads the file back, so it scores the weights as stored. --stored-steps N: the last N steps
  // train the weights as the file will store them (TrainingOptions::stored_steps).
  const std::optional<model::WeightEncoding> encoding = tools::weight_encoding(o.text("file-encoding"));
  if (!encoding) {
    std::cerr << "--file-encoding must be float16, int8 or int4\n";
    return 1;
  }
  model::TrainingOptions t;
  t.stored_steps = o.number("stored-steps");
  t.stored_as = *encoding;
  t.data_seed = o.number("data-seed");
  t.steps = o.number("steps");
  t.batch = o.number("batch");
  t.learning_rate = static_cast<float>(o.real("lr"));
  t.warmup = o.number("warmup");
  t.threads = static_cast<unsigned>(o.number("threads"));
  t.unknown_word_rate = static_cast<float>(unknown_word_rate);
  t.on_progress = [](const model::TrainingProgress& p) {
    std::printf("step %5zu  loss/token %.4f  lr %.5f  %.1f s\n", p.step, p.loss_per_token, p.learning_rate, p.seconds);
    std::fflush(stdout);
  };
  const model::TrainingReport report = model::train(m, t, kernels, make_task(t.data_seed));

  if (!o.text("dump-parameters").empty()) {  // the exact float32 weights, for bit-for-bit comparisons
    std::ofstream(o.text("dump-parameters"), std::ios::binary)
        .write(reinterpret_cast<const char*>(m.parameters.data()),
               static_cast<std::streamsize>(m.parameters.size() * 4));
  }
  const std::vector<std::uint8_t> bytes = model::save_weights(m, *encoding);
  std::ofstream(o.text("out"), std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  if (!loaded.model) {
    std::cerr << loaded.error << "\n";
    return 1;
  }
  model::Translator translator(std::move(*loaded.model), kernels);
  const auto held_out = make_task(0)->held_out(o.number("held-out"), o.number("held-out-seed"));
  const model::Evaluation e = model::evaluate(translator, held_out);
  std::size_t best = 0;
  const double share = e.best_alignment_share(&best);
  std::printf("trained %zu steps in %.3f s; wrote %s (%zu bytes)\n", report.steps, report.seconds,
              o.text("out").c_str(), bytes.size());
  std::printf("held-out exact: %zu / %zu = %.2f%%\n", e.exact, e.sentences, 100.0 * e.accuracy());
  std::printf("best cross-attention head for alignment: layer %zu head %zu, %.1f%% of %zu aligned words\n",
              best / dims.heads, best % dims.heads, 100.0 * share, e.aligned_words);
  for (std::size_t i = 0; i < e.alignment_hits.size(); ++i)
    std::printf("  layer %zu head %zu: %.1f%%\n", i / dims.heads, i % dims.heads,
                100.0 * e.alignment_hits[i] / std::max<std::size_t>(e.aligned_words, 1));
  tools::print_copying(translator, held_out);
  return 0;
}
