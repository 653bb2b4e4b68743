// From createTrainer()'s options (as numbers, strings and flags) to what a Trainer is built from, or the reason
// the options are refused: every check and the task's construction in plain C++, so the bindings, GoogleTest
// and the libFuzzer target (tests/fuzz/trainer_setup_fuzzer.cpp) run the same path.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "attn/checks.h"
#include "attn/tasks.h"
#include "attn/training.h"

namespace attn::check {

// The most text createTrainer() reads as pasted pairs (UTF-8 bytes; the bindings refuse longer JS strings
// before converting them).
inline constexpr double kMaxPairsTextBytes = 4.0 * 1024 * 1024;

struct TrainerRequest {
  TrainingArgs numbers;
  std::string task;
  double min_length = 3, max_length = 8;  // the sequence tasks
  double longest_sentence = 12;           // the language pairs: English words, 2-12
  double vocabulary = 0;                  // the language pairs: the lexicon's commonest open-class words; 0: all
  double held_out_share = 0.1;            // pairs
  std::string pairs_text;                 // pairs
  bool lowercase = false;                 // pairs: lower-case the target side
  bool no_positions = false, no_scaling = false, sigmoid_gates = false;
  std::string positions = "sinusoidal";  // 'sinusoidal', 'none', 'rope' or 'alibi'
  double unknown_word_rate = 0;          // above 0: the model gets "<unk>" and training masks word pairs
  bool tied_output = false;              // model.tiedOutput: the logits read the target embeddings
};

struct TrainerSetup {
  Error error;                                 // set when refused
  std::vector<tasks::PairsError> pair_errors;  // pasted pairs: every bad line (error says how many)
  tasks::PairsError pairs_problem{};           // pasted pairs as a whole (kind set): too few, too many words
  std::unique_ptr<tasks::Task> task;
  model::Config dims;  // without the vocabulary sizes (new_model() fills them from the task)
  model::TrainingOptions options;
  bool unknown_token = false;  // new_model(dims, seed, *task, unknown_token)
};

TrainerSetup trainer_setup(const TrainerRequest& request);

}  // namespace attn::check
