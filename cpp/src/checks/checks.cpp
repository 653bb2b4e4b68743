#include "attn/checks.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "attn/registry.h"
#include "attn/tasks.h"
#include "attn/translator.h"

namespace attn::check {
namespace {

Error range_error(const std::string& message) { return {ErrorKind::range_error, message}; }

std::string number(double x) { return message_number(x); }

bool is_count(double x) { return std::isfinite(x) && x >= 1 && x == std::floor(x); }

}  // namespace

std::string message_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", x);  // snprintf keeps iostreams out of the wasm
  return text;
}

Error matrix(const MatrixArg& m) {
  for (auto [field, value] : {std::pair{"rows", m.rows}, std::pair{"cols", m.cols}}) {
    if (!is_count(value)) {
      return range_error(std::string(m.name) + "." + field + " must be a whole number >= 1, got " + number(value));
    }
  }
  if (m.batched) {
    if (!is_count(m.heads))
      return range_error(std::string(m.name) + ".heads must be a whole number >= 1, got " + number(m.heads));
    if (m.length != m.heads * m.rows * m.cols) {
      return range_error(std::string(m.name) + ".data has " + number(m.length) +
                         " values, expected heads*rows*cols = " + number(m.heads) + "*" + number(m.rows) + "*" +
                         number(m.cols) + " = " + number(m.heads * m.rows * m.cols));
    }
    return {};
  }
  if (m.length != m.rows * m.cols) {
    return range_error(std::string(m.name) + ".data has " + number(m.length) + " values, expected rows*cols = " +
                       number(m.rows) + "*" + number(m.cols) + " = " + number(m.rows * m.cols));
  }
  return {};
}

Error vector_length(const char* name, double length, double expected, const char* what) {
  if (length == expected) return {};
  return range_error(std::string(name) + " has " + number(length) + " values, expected " + number(expected) + " (" +
                     what + ")");
}

Error same(const char* name, double actual, const char* expected_name, double expected) {
  if (actual == expected) return {};
  return range_error(std::string(name) + " must equal " + expected_name + ": expected " + number(expected) + ", got " +
                     number(actual));
}

Error mask(const std::string& kind, double length, double sq, double sk) {
  if (kind == "none" || kind == "causal") return {};
  if (kind != "explicit") {
    return {ErrorKind::type_error, "mask must be 'none', 'causal' or a Uint8Array, got '" + kind + "'"};
  }
  if (length != sq * sk) {
    return range_error("mask has " + number(length) + " entries, expected Sq*Sk = " + number(sq) + "*" + number(sk) +
                       " = " + number(sq * sk));
  }
  return {};
}

Error logit_params(double scale, double temperature) {
  if (!(std::fabs(scale) <= kMaxScale)) {
    return range_error("scale must be a finite number from -1e6 to 1e6, got " + number(scale));
  }
  if (!(temperature >= kMinTemperature && temperature <= kMaxTemperature)) {
    return range_error("temperature must be a finite number > 0, from 1e-6 to 1e6, got " + number(temperature));
  }
  return {};
}

Error head_counts(double heads, double kv_heads, double d_model) {
  if (!is_count(heads)) return range_error("heads must be a whole number >= 1, got " + number(heads));
  if (!is_count(kv_heads)) return range_error("kvHeads must be a whole number >= 1, got " + number(kv_heads));
  if (std::fmod(d_model, heads) != 0) {
    return range_error("heads must divide the model width D = " + number(d_model) + ", got heads = " + number(heads));
  }
  if (std::fmod(heads, kv_heads) != 0) {
    return range_error("kvHeads must divide heads = " + number(heads) + ", got kvHeads = " + number(kv_heads));
  }
  return {};
}

Error model_file_size(double bytes) {
  if (bytes <= kMaxModelBytes) return {};
  return range_error("the model file is larger than 64 MiB");
}

Error memory_budget(const char* operation, double floats) {
  if (floats <= kMaxFloatsPerCall) return {};
  const double mib = floats * 4 / (1024 * 1024);
  return range_error(std::string(operation) + " request too large: it needs " + number(std::ceil(mib)) +
                     " MiB of wasm memory, the limit per call is " + number(kMaxFloatsPerCall * 4 / (1024 * 1024)) +
                     " MiB");
}

Error whole_number(const char* name, double value, double low, double high) {
  if (std::isfinite(value) && value == std::floor(value) && value >= low && value <= high) return {};
  return range_error(std::string(name) + " must be a whole number from " + number(low) + " to " + number(high) +
                     ", got " + number(value));
}

Error schedule_options(const TrainingArgs& a) {
  const Error checks[] = {
      whole_number("seed", a.seed, 0, 9007199254740991.0),
      whole_number("dataSeed", a.data_seed, 0, 9007199254740991.0),
      whole_number("steps", a.steps, 1, kMaxTrainingSteps),
      whole_number("batchSize", a.batch_size, 1, kMaxBatchSize),
      whole_number("warmupSteps", a.warmup_steps, 0, kMaxTrainingSteps),
  };
  for (const Error& error : checks)
    if (error) return error;
  if (!std::isfinite(a.learning_rate) || a.learning_rate <= 0 || a.learning_rate > 1) {
    return range_error("learningRate must be a finite number in (0, 1], got " + number(a.learning_rate));
  }
  if (a.warmup_steps > a.steps) {
    return range_error("warmupSteps must be at most steps = " + number(a.steps) + ", got " + number(a.warmup_steps));
  }
  return {};
}

Error model_shape(const ModelShape& s) {
  const Error checks[] = {
      whole_number("model.dModel", s.d_model, 2, kMaxModelWidth),
      whole_number("model.heads", s.heads, 1, kMaxModelWidth),
      whole_number("model.ffn", s.ffn, 1, kMaxFfnWidth),
      whole_number("model.encoderLayers", s.encoder_layers, 1, kMaxLayers),
      whole_number("model.decoderLayers", s.decoder_layers, 1, kMaxLayers),
  };
  for (const Error& error : checks)
    if (error) return error;
  if (std::fmod(s.d_model, 2) != 0)
    return range_error("model.dModel must be even (sine and cosine pairs), got " + number(s.d_model));
  if (std::fmod(s.d_model, s.heads) != 0) {
    return range_error("model.heads must divide model.dModel = " + number(s.d_model) + ", got " + number(s.heads));
  }
  if (auto error = whole_number("model.kvHeads", s.kv_heads, 1, s.heads)) return error;
  if (std::fmod(s.heads, s.kv_heads) != 0) {
    return range_error("model.kvHeads must divide model.heads = " + number(s.heads) + ", got " + number(s.kv_heads));
  }
  return {};
}

Error training_options(const TrainingArgs& a) {
  if (auto error = schedule_options(a)) return error;
  return model_shape({a.d_model, a.heads, a.ffn, a.encoder_layers, a.decoder_layers, a.kv_heads});
}

Error position_shape(double rows, double cols) {
  if (!is_count(rows) || rows > 65536)
    return range_error("rows must be a whole number from 1 to 65536, got " + number(rows));
  if (!is_count(cols) || cols > 4096)
    return range_error("cols must be a whole number from 1 to 4096, got " + number(cols));
  return {};
}

Error decoding(const std::string& choice, double output_temperature, double seed) {
  if (choice != "greedy" && choice != "sample") {
    return range_error("options.decoding must be 'greedy' or 'sample', got '" + choice + "'");
  }
  if (!(std::isfinite(output_temperature) && output_temperature >= 0.01 && output_temperature <= 100)) {
    return range_error("options.outputTemperature must be a number from 0.01 to 100, got " +
                       number(output_temperature));
  }
  if (!(seed >= 0 && seed <= 9007199254740991.0 && seed == std::floor(seed))) {
    return range_error("options.seed must be a whole number from 0 to 2^53 - 1, got " + number(seed));
  }
  return {};
}

Error beam(double width, const std::string& choice, bool forced) {
  if (!(width >= 1 && width <= static_cast<double>(model::kMaxBeamWidth) && width == std::floor(width))) {
    return range_error("options.beam must be a whole number from 1 to " + std::to_string(model::kMaxBeamWidth) +
                       ", got " + number(width));
  }
  if (choice == "sample") {
    return range_error(
        "options.beam cannot go with options.decoding 'sample': a beam keeps the most likely hypotheses, a sample "
        "draws one");
  }
  if (forced) return range_error("options.beam cannot go with options.target: teacher forcing chooses every word");
  return {};
}

Error unknown_word_rate(double rate, const std::string& task) {
  if (!(rate >= 0 && rate <= 1))
    return range_error("unknownWordRate must be a number from 0 to 1, got " + number(rate));
  if (rate > 0 && task == "pairs") {
    return range_error("unknownWordRate needs a task with word alignments (" + registry::quoted_task_names() +
                       "): pasted pairs have none, so no word could be masked");
  }
  return {};
}

Error vocabulary_size(double vocabulary, const std::string& task) {
  if (!tasks::translation_language(task)) return {};  // the sequence tasks and pasted pairs have no lexicon to cut
  if (std::isfinite(vocabulary) && vocabulary == std::floor(vocabulary) && vocabulary >= 0 &&
      vocabulary <= kMaxVocabularyWords) {
    return {};
  }
  return range_error(
      "options.vocabulary must be 0 (the whole lexicon) or a whole number of the commonest words from 1 to " +
      number(kMaxVocabularyWords) + ", got " + number(vocabulary));
}

Error training_task(const std::string& task, double min_length, double max_length, double longest_sentence) {
  if (tasks::translation_language(task)) {
    if (is_count(longest_sentence) && longest_sentence >= 2 && longest_sentence <= 12) return {};  // corpus.h's limits
    return range_error("longestSentence must be a whole number of words from 2 to 12, got " + number(longest_sentence));
  }
  if (task == "pairs") return {};
  if (!registry::find_sequence_task(task)) {
    return range_error("task must be " + registry::quoted_task_names() + " or { pairs }, got '" + task + "'");
  }
  for (auto [name, value] :
       {std::pair{"sequenceLength.min", min_length}, std::pair{"sequenceLength.max", max_length}}) {
    if (!is_count(value) || value > 16) {  // tasks::kMaxSequenceLength
      return range_error(std::string(name) + " must be a whole number from 1 to 16, got " + number(value));
    }
  }
  if (min_length > max_length) {
    return range_error("sequenceLength.min must be at most sequenceLength.max = " + number(max_length) + ", got " +
                       number(min_length));
  }
  return {};
}

Error held_out_share(double share) {
  if (std::isfinite(share) && share >= 0.01 && share <= 0.5) return {};
  return range_error("task.heldOut must be a share from 0.01 to 0.5, got " + number(share));
}

Error position_scheme(const std::string& name, std::size_t head_width, bool& sinusoids,
                      model::RelativePositions& relative) {
  const std::string& p = name;
  if (p != "sinusoidal" && p != "none" && p != "rope" && p != "alibi")
    return range_error("model.positions must be 'sinusoidal', 'none', 'rope' or 'alibi', got '" + p + "'");
  if (p == "rope" && head_width % 2 != 0) {
    return range_error("model.positions 'rope' turns pairs of dimensions: the head width dModel / heads = " +
                       std::to_string(head_width) + " must be even");
  }
  sinusoids = p == "sinusoidal";
  relative = p == "rope"    ? model::RelativePositions::rope
             : p == "alibi" ? model::RelativePositions::alibi
                            : model::RelativePositions::none;
  return {};
}

const char* position_scheme_name(bool sinusoids, model::RelativePositions relative) {
  return relative == model::RelativePositions::rope    ? "rope"
         : relative == model::RelativePositions::alibi ? "alibi"
         : sinusoids                                   ? "sinusoidal"
                                                       : "none";
}

Error training_parameters(double parameters) {
  if (parameters <= kMaxTrainingParameters) return {};
  return range_error("the model would have " + number(parameters) + " parameters; the trainer's limit is " +
                     number(kMaxTrainingParameters) + " (make model.dModel, model.ffn or the layers smaller)");
}

}  // namespace attn::check
