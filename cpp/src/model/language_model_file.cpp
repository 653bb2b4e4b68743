// The language model's weight file, little-endian throughout:
//   "APLM" u32 version (1) | u32 d_model heads kv_heads ffn layers context vocabulary
//   | u32 flags: 1 positions, 8 RoPE, 16 ALiBi, 32 sink logits, 64 learned positions (with 1), 128 GELU, 256 tied
//     output, 512 no output bias, 1024 embedding unscaled, 2048 a LayerNorm epsilon other than 1e-5 (an f32 follows
//     the flags); bits 16-31 a sliding window's width (0: none). A build that predates a flag refuses it; files
//     without the newer flags are as they always were. | u32 tokenizer bytes | the tokenizer (Tokenizer::serialize)
//   | u32 parameter count | float16 × count | u32 CRC-32 of every byte before it
#include <cmath>
#include <cstring>

#include "attn/language_model_training.h"
#include "language_model_file_parts.h"

namespace attn::model {
namespace {

constexpr char kMagic[4] = {'A', 'P', 'L', 'M'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kPositions = 1, kRope = 8, kAlibi = 16, kSinkLogits = 32;
// GPT-2's choices (LanguageModelConfig), each a bit set only when it differs from the default.
constexpr std::uint32_t kLearnedPositions = 64, kGelu = 128, kTiedOutput = 256, kNoOutputBias = 512,
                        kEmbeddingUnscaled = 1024, kEpsilon = 2048;
constexpr std::uint32_t kKnownFlags = kPositions | kRope | kAlibi | kSinkLogits | kLearnedPositions | kGelu |
                                      kTiedOutput | kNoOutputBias | kEmbeddingUnscaled | kEpsilon;
constexpr float kDefaultEpsilon = LanguageModelConfig{}.norm_epsilon;
constexpr std::uint32_t kFlagBits = 0xffff, kWindowShift = 16;  // the window's width above the flags
constexpr std::uint32_t kMaxTokenizerBytes = 4 * 1024 * 1024;

LoadedLanguageModel refuse(std::string why, const char* kind = "damaged") {
  return {std::nullopt, "not a usable language model file: " + std::move(why), kind};
}

}  // namespace

std::optional<std::string> check_version_and_checksum(weight_io::Reader& r, const std::uint8_t* bytes, std::size_t size,
                                                      std::uint32_t version) {
  r.take(4);
  const std::uint32_t found = r.u32();
  if (found != version) {
    return "format version " + std::to_string(found) + ", but this build reads version " + std::to_string(version);
  }
  if (size < 12) return "truncated";
  std::uint32_t stored_crc = 0;
  std::memcpy(&stored_crc, bytes + size - 4, 4);  // little-endian hosts only (x86, wasm)
  if (weight_file_checksum(bytes, size - 4) != stored_crc)
    return "checksum mismatch (the file is corrupted or truncated)";
  return std::nullopt;
}

void write_language_model_header(weight_io::Writer& w, const LanguageModelConfig& c, const text::Tokenizer& tokenizer) {
  for (std::uint32_t v : {c.d_model, c.heads, c.key_value_heads(), c.ffn, c.layers, c.context, c.vocabulary}) w.u32(v);
  const bool epsilon = c.norm_epsilon != kDefaultEpsilon;
  w.u32((c.positions ? kPositions : 0) | (c.relative == RelativePositions::rope ? kRope : 0) |
        (c.relative == RelativePositions::alibi ? kAlibi : 0) | (c.sink_logits ? kSinkLogits : 0) |
        (c.positions && c.learned_positions ? kLearnedPositions : 0) |
        (c.activation == Activation::gelu_tanh ? kGelu : 0) | (c.tied_output ? kTiedOutput : 0) |
        (c.output_bias ? 0 : kNoOutputBias) | (c.embedding_scaled ? 0 : kEmbeddingUnscaled) | (epsilon ? kEpsilon : 0) |
        (c.window << kWindowShift));
  if (epsilon) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &c.norm_epsilon, 4);
    w.u32(bits);
  }
  const std::vector<std::uint8_t> bytes = tokenizer.serialize();
  w.u32(static_cast<std::uint32_t>(bytes.size()));
  w.bytes.insert(w.bytes.end(), bytes.begin(), bytes.end());
}

std::optional<text::Tokenizer> read_language_model_header(weight_io::Reader& r, const std::uint8_t* bytes,
                                                          LanguageModelConfig& c, std::string& why) {
  const auto refused = [&why](std::string reason) {
    why = std::move(reason);
    return std::nullopt;
  };
  c.d_model = r.u32(), c.heads = r.u32(), c.kv_heads = r.u32(), c.ffn = r.u32(), c.layers = r.u32();
  c.context = r.u32(), c.vocabulary = r.u32();
  const std::uint32_t flags = r.u32();
  if (!r.ok()) return refused("truncated header");
  if (flags & kFlagBits & ~kKnownFlags) return refused("unknown flags " + std::to_string(flags & kFlagBits));
  c.window = flags >> kWindowShift;
  if (c.window > c.context) return refused("a sliding window wider than the context");
  if ((flags & kRope) && (flags & kAlibi)) return refused("both RoPE and ALiBi flags are set; a model has one");
  c.positions = flags & kPositions;
  c.sink_logits = flags & kSinkLogits;
  if ((flags & kLearnedPositions) && !c.positions) return refused("learned positions flagged without positions");
  c.learned_positions = flags & kLearnedPositions;
  c.activation = flags & kGelu ? Activation::gelu_tanh : Activation::relu;
  c.tied_output = flags & kTiedOutput;
  c.output_bias = !(flags & kNoOutputBias);
  c.embedding_scaled = !(flags & kEmbeddingUnscaled);
  if (flags & kEpsilon) {
    const std::uint32_t bits = r.u32();
    std::memcpy(&c.norm_epsilon, &bits, 4);
    if (!r.ok() || !(c.norm_epsilon > 0.0f && c.norm_epsilon < 1.0f))
      return refused("a LayerNorm epsilon outside (0, 1)");
  }
  c.relative = flags & kRope    ? RelativePositions::rope
               : flags & kAlibi ? RelativePositions::alibi
                                : RelativePositions::none;
  if (c.d_model == 0 || c.d_model > 1024 || c.heads == 0 || c.d_model % c.heads != 0 || c.d_model % 2 != 0 ||
      c.kv_heads == 0 || c.heads % c.kv_heads != 0 ||
      (c.relative == RelativePositions::rope && (c.d_model / c.heads) % 2 != 0) || c.ffn > 8192 || c.layers == 0 ||
      c.layers > 16 || c.context < 2 || c.context > 4096) {
    return refused("implausible dimensions");
  }
  const std::uint32_t tokenizer_bytes = r.u32();
  if (!r.ok() || tokenizer_bytes > kMaxTokenizerBytes || r.left() < std::size_t{tokenizer_bytes} + 4)
    return refused("truncated or oversized tokenizer");
  const std::size_t tokenizer_at = r.at();
  r.take(tokenizer_bytes);
  std::string tokenizer_why;
  std::optional<text::Tokenizer> tokenizer =
      text::Tokenizer::deserialize(bytes + tokenizer_at, tokenizer_bytes, tokenizer_why);
  if (!tokenizer) return refused("its tokenizer: " + tokenizer_why);
  if (tokenizer->size() != c.vocabulary) {
    return refused("its tokenizer has " + std::to_string(tokenizer->size()) + " tokens, its header says " +
                   std::to_string(c.vocabulary));
  }
  const std::size_t needed = LanguageModelLayout(c).count;
  if (needed > kMaxModelParameters) {
    return refused("its dimensions need " + std::to_string(needed) + " parameters; the limit is " +
                   std::to_string(kMaxModelParameters));
  }
  return tokenizer;
}

std::vector<std::uint8_t> save_language_model(const TrainedLanguageModel& m) {
  weight_io::Writer w;
  w.bytes.insert(w.bytes.end(), std::begin(kMagic), std::end(kMagic));
  w.u32(kVersion);
  write_language_model_header(w, m.config, m.tokenizer);
  w.u32(static_cast<std::uint32_t>(m.parameters.size()));
  for (float p : m.parameters) w.u16(weight_io::to_half(p));
  w.u32(weight_file_checksum(w.bytes.data(), w.bytes.size()));
  return std::move(w.bytes);
}

LoadedLanguageModel load_language_model(const std::uint8_t* bytes, std::size_t size) {
  if (size >= 4 && std::memcmp(bytes, "APTM", 4) == 0)
    return refuse("it is a translation model's weight file (APTM): open it with loadTranslator", "translator-file");
  if (size >= 4 && std::memcmp(bytes, "APLS", 4) == 0) {
    return refuse(
        "it is a training run's checkpoint (APLS), not a weight file: continue it with createTrainer({ resume })",
        "checkpoint-file");
  }
  if (size < 4 || std::memcmp(bytes, kMagic, 4) != 0) {
    return refuse("it does not start with APLM, so it is not an attention-playground language model",
                  "not-a-language-model");
  }
  if (size < 8) return refuse("truncated");
  std::uint32_t version = 0;
  std::memcpy(&version, bytes + 4, 4);  // little-endian hosts only, as the checksum's read
  weight_io::Reader r(bytes, size);
  if (auto why = check_version_and_checksum(r, bytes, size, kVersion))
    return refuse(std::move(*why), version == kVersion ? "damaged" : "other-version");

  LanguageModelConfig c;
  std::string why;
  std::optional<text::Tokenizer> tokenizer = read_language_model_header(r, bytes, c, why);
  if (!tokenizer) return refuse(std::move(why));
  const std::uint32_t count = r.u32();
  if (!r.ok()) return refuse("truncated before the parameter count");
  const std::size_t needed = LanguageModelLayout(c).count;
  if (count != needed) {
    return refuse("holds " + std::to_string(count) + " parameters, but its dimensions need " + std::to_string(needed));
  }
  if (r.left() != std::size_t{2} * count + 4) return refuse("its length does not match its header");
  TrainedLanguageModel m{c, std::move(*tokenizer), std::vector<float>(count)};
  for (float& p : m.parameters) p = weight_io::from_half(r.u16());
  for (float p : m.parameters)
    if (!std::isfinite(p)) return refuse("non-finite parameters");
  return {std::move(m), {}};
}

}  // namespace attn::model
