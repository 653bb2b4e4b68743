#include "attn/trainer_setup.h"

#include "attn/translator.h"

namespace attn::check {
namespace {

Error range_error(std::string message) { return {ErrorKind::range_error, std::move(message)}; }

// model.positions (with the noPositions ablation) into `dims`, or why it cannot be.
Error position_scheme(const TrainerRequest& r, model::Config& dims) {
  if (r.no_positions && r.positions == "sinusoidal")
    return range_error("model.positions 'sinusoidal' contradicts ablations.noPositions");
  if (r.positions == "alibi" && r.sigmoid_gates)
    return range_error("model.positions 'alibi' biases a softmax; it cannot go with ablations.sigmoidGates");
  return check::position_scheme(r.positions, dims.head_width(), dims.positions, dims.relative);
}

// "N lines are not a pair: line 3: …; line 7: …; …" (the first five).
std::string pairs_summary(const std::vector<tasks::PairsError>& errors) {
  std::string message =
      std::to_string(errors.size()) + (errors.size() == 1 ? " line is" : " lines are") + " not a pair: ";
  for (std::size_t i = 0; i < errors.size() && i < 5; ++i)
    message += (i ? "; line " : "line ") + std::to_string(errors[i].line) + ": " + errors[i].message;
  if (errors.size() > 5) message += "; …";
  return message;
}

}  // namespace

TrainerSetup trainer_setup(const TrainerRequest& r) {
  TrainerSetup setup;
  const TrainingArgs& n = r.numbers;
  if ((setup.error = training_options(n))) return setup;
  if ((setup.error = training_task(r.task, r.min_length, r.max_length, r.longest_sentence))) return setup;
  if ((setup.error = vocabulary_size(r.vocabulary, r.task))) return setup;
  if ((setup.error = unknown_word_rate(r.unknown_word_rate, r.task))) return setup;
  setup.unknown_token = r.unknown_word_rate > 0;
  const auto data_seed = static_cast<std::uint64_t>(n.data_seed);
  if (r.task == "pairs") {
    if ((setup.error = held_out_share(r.held_out_share))) return setup;
    if (static_cast<double>(r.pairs_text.size()) > kMaxPairsTextBytes) {
      setup.error = range_error("the pairs are longer than 4 MiB of text");
      return setup;
    }
    tasks::ParsedPairs parsed = tasks::parse_pairs(r.pairs_text, r.lowercase);
    if (!parsed.errors.empty()) {
      setup.error = range_error(pairs_summary(parsed.errors));
      setup.pair_errors = std::move(parsed.errors);
      return setup;
    }
    setup.task = tasks::pairs_task(parsed.pairs, r.held_out_share, data_seed, setup.pairs_problem);
    if (!setup.task) {
      setup.error = range_error(setup.pairs_problem.message);
      return setup;
    }
  } else {
    // The lengths were checked only for the sequence tasks, the longest sentence and the vocabulary only for the
    // language pairs; the others ignore them (and must not convert them).
    const bool sequence = r.task == "reverse" || r.task == "sort" || r.task == "copy";
    const tasks::SequenceLengths lengths = sequence ? tasks::SequenceLengths{static_cast<std::size_t>(r.min_length),
                                                                             static_cast<std::size_t>(r.max_length)}
                                                    : tasks::SequenceLengths{};
    const bool pair = tasks::translation_language(r.task).has_value();
    const std::size_t longest = pair ? static_cast<std::size_t>(r.longest_sentence) : corpus::kMaxEnglishWords;
    const std::size_t vocabulary = pair ? static_cast<std::size_t>(r.vocabulary) : 0;
    setup.task = tasks::named_task(r.task, lengths, data_seed, longest, vocabulary);
  }
  model::Config& dims = setup.dims;
  dims.d_model = static_cast<std::uint32_t>(n.d_model);
  dims.heads = static_cast<std::uint32_t>(n.heads);
  dims.kv_heads = static_cast<std::uint32_t>(n.kv_heads);
  dims.ffn = static_cast<std::uint32_t>(n.ffn);
  dims.encoder_layers = static_cast<std::uint32_t>(n.encoder_layers);
  dims.decoder_layers = static_cast<std::uint32_t>(n.decoder_layers);
  dims.scaled = !r.no_scaling;
  dims.weighting = r.sigmoid_gates ? model::AttentionWeighting::sigmoid : model::AttentionWeighting::softmax;
  dims.tied_output = r.tied_output;
  if ((setup.error = position_scheme(r, dims))) {
    setup.task.reset();
    return setup;
  }
  const auto parameters = static_cast<double>(
      model::ParameterLayout(model::with_vocabularies(dims, *setup.task, setup.unknown_token)).count);
  if ((setup.error = training_parameters(parameters))) {
    setup.task.reset();
    return setup;
  }
  setup.options.data_seed = data_seed;
  setup.options.steps = static_cast<std::size_t>(n.steps);
  setup.options.batch = static_cast<std::size_t>(n.batch_size);
  setup.options.learning_rate = static_cast<float>(n.learning_rate);
  setup.options.warmup = static_cast<std::size_t>(n.warmup_steps);
  setup.options.unknown_word_rate = static_cast<float>(r.unknown_word_rate);
  return setup;
}

}  // namespace attn::check
