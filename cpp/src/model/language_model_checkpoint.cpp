// A language model's training run saved to be continued, little-endian throughout:
//   "APLS" u32 version (1) | the weight file's header (dimensions, flags, tokenizer: language_model_file.cpp)
//   | u32 parameter count | float32 × count: the parameters, Adam's first moments, its second moments
//   | u32 steps done, schedule steps, batch, warm-up | float32 learning rate, clip norm | u64 data seed,
//   window draws | float64 held-out share | u64 corpus bytes | u32 corpus CRC-32 | u32 CRC-32 of every byte before
// Full precision throughout (the weight file's float16 would make a continued run drift from an uninterrupted one).
#include <cmath>
#include <cstring>

#include "attn/language_model_training.h"
#include "language_model_file_parts.h"

namespace attn::model {
namespace {

constexpr char kMagic[4] = {'A', 'P', 'L', 'S'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kTailBytes = 4 * 4 + 4 * 2 + 8 * 2 + 8 + 8 + 4;  // everything after the three arrays
constexpr std::uint32_t kMaxSteps = 1'000'000, kMaxBatch = 4096;

LoadedCheckpoint refuse(std::string why) {
  return {std::nullopt, "not a usable training checkpoint: " + std::move(why)};
}

void write_floats(weight_io::Writer& w, const std::vector<float>& values) {
  for (float v : values) w.f32(v);
}

// `count` floats, or false when one is not finite (or, for second moments, negative).
bool read_floats(weight_io::Reader& r, std::vector<float>& values, std::size_t count, bool non_negative) {
  values.resize(count);
  for (float& v : values) {
    v = r.f32();
    if (!std::isfinite(v) || (non_negative && v < 0)) return false;
  }
  return true;
}

}  // namespace

std::vector<std::uint8_t> save_checkpoint(const LanguageModelCheckpoint& c) {
  weight_io::Writer w;
  for (char c : kMagic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(kVersion);
  write_language_model_header(w, c.model.config, c.model.tokenizer);
  w.u32(static_cast<std::uint32_t>(c.model.parameters.size()));
  write_floats(w, c.model.parameters);
  write_floats(w, c.run.first_moments);
  write_floats(w, c.run.second_moments);
  const TrainingOptions& o = c.options;
  for (std::size_t v : {c.run.steps_done, o.steps, o.batch, o.warmup}) w.u32(static_cast<std::uint32_t>(v));
  w.f32(o.learning_rate);
  w.f32(o.clip_norm);
  w.u64(o.data_seed);
  w.u64(c.run.window_draws);
  w.f64(c.held_out_share);
  w.u64(c.corpus_bytes);
  w.u32(c.corpus_checksum);
  w.u32(weight_file_checksum(w.bytes.data(), w.bytes.size()));
  return std::move(w.bytes);
}

LoadedCheckpoint load_checkpoint(const std::uint8_t* bytes, std::size_t size) {
  if (size >= 4 && std::memcmp(bytes, "APLM", 4) == 0) {
    return refuse(
        "it is a language model's weight file (APLM), which keeps no optimiser state: open it with "
        "loadLanguageModel, or continue a run from its checkpoint");
  }
  if (size >= 4 && std::memcmp(bytes, "APTM", 4) == 0)
    return refuse("it is a translation model's weight file (APTM): open it with loadTranslator");
  if (size < 8 || std::memcmp(bytes, kMagic, 4) != 0) return refuse("it does not start with APLS");
  weight_io::Reader r(bytes, size);
  if (auto why = check_version_and_checksum(r, bytes, size, kVersion)) return refuse(std::move(*why));

  LanguageModelCheckpoint c;
  std::string why;
  std::optional<text::Tokenizer> tokenizer = read_language_model_header(r, bytes, c.model.config, why);
  if (!tokenizer) return refuse(std::move(why));
  c.model.tokenizer = std::move(*tokenizer);
  const std::uint32_t count = r.u32();
  const std::size_t needed = LanguageModelLayout(c.model.config).count;
  if (!r.ok() || count != needed) return refuse("its parameter count does not match its dimensions");
  if (r.left() != std::size_t{12} * count + kTailBytes + 4) return refuse("its length does not match its header");
  if (!read_floats(r, c.model.parameters, count, false) || !read_floats(r, c.run.first_moments, count, false) ||
      !read_floats(r, c.run.second_moments, count, true)) {
    return refuse("non-finite parameters or optimiser moments");
  }
  c.run.steps_done = r.u32();
  TrainingOptions& o = c.options;
  o.steps = r.u32(), o.batch = r.u32(), o.warmup = r.u32();
  o.learning_rate = r.f32(), o.clip_norm = r.f32();
  o.data_seed = r.u64();
  c.run.window_draws = r.u64();
  c.held_out_share = r.f64();
  c.corpus_bytes = r.u64();
  c.corpus_checksum = r.u32();
  if (o.steps == 0 || o.steps > kMaxSteps || c.run.steps_done > o.steps || o.warmup > o.steps)
    return refuse("its step counts are out of range");
  if (o.batch == 0 || o.batch > kMaxBatch) return refuse("its batch size is out of range");
  if (!(o.learning_rate > 0 && o.learning_rate <= 1) || !(o.clip_norm > 0 && o.clip_norm <= 1e6f))
    return refuse("its learning rate or clipping norm is out of range");
  if (!(c.held_out_share > 0 && c.held_out_share < 1)) return refuse("its held-out share is not in (0, 1)");
  return {std::move(c), {}};
}

}  // namespace attn::model
