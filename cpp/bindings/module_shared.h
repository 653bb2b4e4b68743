// What the Embind files of one build share: the build's kernels, its thread pool (pthreads build only) and
// the table of loaded translators, which the trainer adds to when it hands out its current weights.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <optional>

#include "attn/checks.h"
#include "attn/kernel_set.h"
#include "attn/training.h"
#include "attn/translator.h"
#include "handle_table.h"
#include "js_values.h"

#if ATTN_THREADS
#include <emscripten/threading.h>

#include <algorithm>

#include "attn/thread_pool.h"
#endif

namespace attn::bindings {

// xsimd for the SIMD builds, the reference loops for the scalar one.
inline const KernelSet& module_kernels() {
#if ATTN_SIMD
  return fast_kernels();
#else
  return reference_kernels();
#endif
}

// The most threads a trainer runs its shards on: one per shard.
inline constexpr unsigned kMaxTrainerThreads = static_cast<unsigned>(model::Trainer::kShards);

#if ATTN_THREADS
// This thread and Emscripten's three pooled workers (PTHREAD_POOL_SIZE=3, started with the module whatever the
// machine): one per shard, so a trainer may be given any count from 1 to 4 (more threads than cores only share
// them). One pool per module (each module has its own workers); the batched kernels share all of it.
inline ThreadPool& module_thread_pool() {
  // The batched kernels' calls run on as many as the machine has cores (the trainers choose their own count).
  static ThreadPool pool(kMaxTrainerThreads, static_cast<unsigned>(std::clamp(emscripten_num_logical_cores(), 1,
                                                                              static_cast<int>(kMaxTrainerThreads))));
  return pool;
}
#endif

// Where a trainer's shards run: on the first `threads` of the module's pool in the pthreads builds, in turn in the
// others (whose web/lib asks for one thread only). Both trainers, in both modules, take it from here.
inline model::ParallelFor module_parallel_for(unsigned threads) {
#if ATTN_THREADS
  return module_thread_pool().parallel_for(threads);
#else
  (void)threads;
  return model::run_sequentially;
#endif
}

// options.threads as a trainer and a language model's generate() take it, into `threads`: a whole number from 1 to
// 4 (web/lib sends 1 to the single-thread builds); or the RangeError saying what is wrong.
inline std::optional<emscripten::val> read_threads(const emscripten::val& options, unsigned& threads) {
  const double value = options["threads"].as<double>();
  if (auto error = check::whole_number("options.threads", value, 1, kMaxTrainerThreads)) return js::error_result(error);
  threads = static_cast<unsigned>(value);
  return std::nullopt;
}

// Keeps `model` as a translator and returns what loadTranslator() reads: { id, sourceWords, targetWords,
// config, maxWords }. Defined in translator_bindings.cpp.
emscripten::val register_translator(model::TranslationModel model);

// The loaded translators, by the id loadTranslator() handed out. Defined in translator_bindings.cpp.
HandleTable<std::unique_ptr<model::Translator>>& translators();

// { error: { name: 'RangeError', message, kind, unknownWords?, suggestions? } }: why translate() refused a
// sentence. Defined in translator_bindings.cpp.
emscripten::val translate_error(const model::TranslateError& e);

// { target, sourceIndex }: a pair's target words and, per word, the source position it comes from (-1: none).
// Defined in translator_bindings.cpp.
emscripten::val alignment_object(const corpus::SentencePair& pair);

// [{ source, target, sourceIndex }]: pairs with both sides as space-separated text and the alignment.
// Defined in translator_bindings.cpp.
emscripten::val pair_objects(const std::vector<corpus::SentencePair>& pairs);

// The head mask a JS call passes ({ encoderSelf, decoderSelf, cross }: each a Uint8Array of layers × heads
// entries or null; the whole object may be null), into `mask`; or the RangeError naming what does not fit
// `config`. Defined in translator_bindings.cpp.
std::optional<emscripten::val> head_mask_from(const emscripten::val& value, const model::Config& config,
                                              model::HeadMask& mask);

// { exact, total, alignment, alignmentHead: { layer, head }, alignmentByHead, cacheBytesPerToken }: an
// evaluation as evaluate() returns it. Defined in translator_bindings.cpp.
emscripten::val evaluation_object(const model::Evaluation& e, const model::Config& config);

}  // namespace attn::bindings
