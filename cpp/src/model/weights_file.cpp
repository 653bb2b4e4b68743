// The weight file, little-endian throughout:
//   "APTM" u32 version | u32 d_model heads ffn encoder_layers decoder_layers max_positions
//   | (versions 2 to 4) u32 flags: 1 no positions, 2 unscaled logits, 4 sigmoid gates, 8 RoPE, 16 ALiBi,
//     32 the output projection tied to the target embeddings (no D × vocabulary matrix among the parameters)
//   | (version 3) u32 key/value heads, fewer than heads; (version 4) u32 key/value heads, a divisor of heads
//   | (version 4) u32 parameter encoding: 0 float16, 1 8-bit blocks, 2 4-bit blocks
//   | vocabulary ×2: u32 count, then per word u8 length + UTF-8 bytes
//   | u32 parameter count | float16 × count, or per block of 64 (the last may be shorter) a float16 scale and
//     the block's int8 values, or per block of 32 a float16 scale and the block's 4-bit values two to a byte
//     (low nibble first; an odd last block's last high nibble 0) | u32 CRC-32 of every byte before it
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "attn/translator.h"
#include "weight_file_io.h"

namespace attn::model {
namespace {

constexpr char kMagic[4] = {'A', 'P', 'T', 'M'};
constexpr std::uint32_t kNoPositions = 1, kUnscaled = 2, kSigmoidGates = 4, kRope = 8, kAlibi = 16, kTiedOutput = 32,
                        kKnownFlags = 63;

std::uint32_t header_flags(const Config& c) {
  return (c.positions ? 0 : kNoPositions) | (c.scaled ? 0 : kUnscaled) |
         (c.weighting == AttentionWeighting::sigmoid ? kSigmoidGates : 0) |
         (c.relative == RelativePositions::rope ? kRope : 0) | (c.relative == RelativePositions::alibi ? kAlibi : 0) |
         (c.tied_output ? kTiedOutput : 0);
}

// The oldest version that holds the model: 4 for 8-bit parameters, 3 for shared key/value heads, 2 for
// ablations, relative positions or a tied output, else 1.
std::uint32_t file_version(const Config& c, WeightEncoding encoding) {
  if (encoding != WeightEncoding::float16) return 4;
  if (c.key_value_heads() != c.heads) return 3;
  return c.has_flags() ? 2 : 1;
}

}  // namespace

namespace {

using weight_io::from_half;
using weight_io::Reader;
using weight_io::to_half;
using weight_io::Writer;

LoadedModel refuse(std::string why) { return {std::nullopt, "not a usable model file: " + std::move(why)}; }

// How `encoding` packs parameters: values per block, the largest integer a value is rounded to, bits per value.
struct BlockFormat {
  std::size_t block;
  int largest;
  int bits;
};
constexpr BlockFormat kInt8{kWeightBlock, 127, 8}, kInt4{kWeight4Block, 7, 4};
const BlockFormat& block_format(WeightEncoding encoding) {
  return encoding == WeightEncoding::int4_blocks ? kInt4 : kInt8;
}

// The bytes `count` parameters take in `encoding`.
std::size_t parameter_bytes(std::size_t count, WeightEncoding encoding) {
  if (encoding == WeightEncoding::float16) return std::size_t{2} * count;
  const BlockFormat& f = block_format(encoding);
  const std::size_t blocks = (count + f.block - 1) / f.block;
  return 2 * blocks + (f.bits == 8 ? count : count / f.block * (f.block / 2) + (count % f.block + 1) / 2);
}

// The float16 scale of a block: max |w| / largest for 8 bits; for 4 bits, of the scales from that one down to
// 60% of it (in 16 steps), the one whose rounded values are nearest the block's in squared error, since with 15
// levels clipping the largest value a little can place every other value better (ties keep the larger scale).
std::uint16_t block_scale(const float* values, std::size_t count, const BlockFormat& f) {
  float largest = 0;
  for (std::size_t i = 0; i < count; ++i) largest = std::max(largest, std::fabs(values[i]));
  const std::uint16_t widest = to_half(largest / static_cast<float>(f.largest));
  if (f.bits == 8 || largest == 0) return widest;
  std::uint16_t best = widest;
  double best_error = INFINITY;
  for (int step = 0; step <= 16; ++step) {
    const std::uint16_t bits =
        to_half(largest * (1.0f - 0.025f * static_cast<float>(step)) / static_cast<float>(f.largest));
    const float scale = from_half(bits);
    double error = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const float q =
          std::clamp(std::nearbyint(values[i] / scale), static_cast<float>(-f.largest), static_cast<float>(f.largest));
      error += static_cast<double>(values[i] - q * scale) * (values[i] - q * scale);
    }
    if (error < best_error) best = bits, best_error = error;
  }
  return best;
}

// The integer a value is stored as in a block of `scale`: round(w / scale), clamped to the format's range.
int level_in_block(float value, float scale, const BlockFormat& f) {
  const float q = scale > 0 ? std::nearbyint(value / scale) : 0.0f;
  return static_cast<int>(std::clamp(q, static_cast<float>(-f.largest), static_cast<float>(f.largest)));
}

// Each block as its float16 scale (block_scale), then round(w / scale), clamped, for each w: the scale is rounded to
// float16 first, so the values are those of the scale a reader gets.
void write_blocks(const std::vector<float>& parameters, const BlockFormat& f, Writer& w) {
  for (std::size_t start = 0; start < parameters.size(); start += f.block) {
    const std::size_t end = std::min(parameters.size(), start + f.block);
    const std::uint16_t scale_bits = block_scale(parameters.data() + start, end - start, f);
    const float scale = from_half(scale_bits);
    w.u16(scale_bits);
    const auto level = [&](std::size_t i) { return level_in_block(parameters[i], scale, f); };
    if (f.bits == 8) {
      for (std::size_t i = start; i < end; ++i) w.u8(static_cast<std::uint8_t>(static_cast<std::int8_t>(level(i))));
    } else {
      for (std::size_t i = start; i < end; i += 2) {
        const int high = i + 1 < end ? level(i + 1) : 0;
        w.u8(static_cast<std::uint8_t>((level(i) & 0xF) | ((high & 0xF) << 4)));
      }
    }
  }
}

// A 4-bit two's-complement value, -8 to 7 (a writer never writes -8; a reader takes it as it is).
float nibble(unsigned bits) {
  return static_cast<float>(bits >= 8 ? static_cast<int>(bits) - 16 : static_cast<int>(bits));
}

void read_blocks(Reader& r, const BlockFormat& f, std::vector<float>& parameters) {
  for (std::size_t start = 0; start < parameters.size(); start += f.block) {
    const float scale = from_half(r.u16());
    const std::size_t end = std::min(parameters.size(), start + f.block);
    if (f.bits == 8) {
      for (std::size_t i = start; i < end; ++i)
        parameters[i] = scale * static_cast<float>(static_cast<std::int8_t>(r.u8()));
    } else {
      for (std::size_t i = start; i < end; i += 2) {
        const unsigned byte = r.u8();
        parameters[i] = scale * nibble(byte & 0xF);
        if (i + 1 < end) parameters[i + 1] = scale * nibble(byte >> 4);
      }
    }
  }
}

}  // namespace

std::vector<std::uint8_t> save_weights(const TranslationModel& m, WeightEncoding encoding) {
  Writer w;
  w.bytes.insert(w.bytes.end(), std::begin(kMagic), std::end(kMagic));
  const Config& c = m.config;
  const std::uint32_t version = file_version(c, encoding);
  w.u32(version);
  for (std::uint32_t v : {c.d_model, c.heads, c.ffn, c.encoder_layers, c.decoder_layers, c.max_positions}) w.u32(v);
  if (version >= 2) w.u32(header_flags(c));
  if (version >= 3) w.u32(c.key_value_heads());
  if (version >= 4) w.u32(static_cast<std::uint32_t>(encoding));
  w.vocabulary(m.source);
  w.vocabulary(m.target);
  w.u32(static_cast<std::uint32_t>(m.parameters.size()));
  if (encoding != WeightEncoding::float16) {
    write_blocks(m.parameters, block_format(encoding), w);
  } else {
    for (float p : m.parameters) w.u16(to_half(p));
  }
  w.u32(weight_file_checksum(w.bytes.data(), w.bytes.size()));
  return std::move(w.bytes);
}

void stored_values(const std::vector<float>& parameters, WeightEncoding encoding, std::vector<float>& stored) {
  stored.resize(parameters.size());
  if (encoding == WeightEncoding::float16) {
    for (std::size_t i = 0; i < parameters.size(); ++i) stored[i] = from_half(to_half(parameters[i]));
    return;
  }
  const BlockFormat& f = block_format(encoding);
  for (std::size_t start = 0; start < parameters.size(); start += f.block) {
    const std::size_t end = std::min(parameters.size(), start + f.block);
    const float scale = from_half(block_scale(parameters.data() + start, end - start, f));
    for (std::size_t i = start; i < end; ++i)
      stored[i] = scale * static_cast<float>(level_in_block(parameters[i], scale, f));
  }
}

LoadedModel load_weights(const std::uint8_t* bytes, std::size_t size) {
  if (size >= 4 && std::memcmp(bytes, "APLM", 4) == 0)
    return refuse("it is a language model's weight file (APLM): open it with loadLanguageModel");
  if (size < 8 || std::memcmp(bytes, kMagic, 4) != 0)
    return refuse("it does not start with APTM, so it is not an attention-playground model");
  Reader r(bytes, size);
  r.take(4);
  const std::uint32_t version = r.u32();
  if (version == 0 || version > kWeightFileVersion) {
    return refuse("format version " + std::to_string(version) + ", but this build reads versions 1 to " +
                  std::to_string(kWeightFileVersion));
  }
  if (size < 12) return refuse("truncated");
  std::uint32_t stored_crc = 0;
  std::memcpy(&stored_crc, bytes + size - 4, 4);  // little-endian hosts only (x86, wasm)
  if (weight_file_checksum(bytes, size - 4) != stored_crc)
    return refuse("checksum mismatch (the file is corrupted or truncated)");

  Config c;
  c.d_model = r.u32(), c.heads = r.u32(), c.ffn = r.u32();
  c.encoder_layers = r.u32(), c.decoder_layers = r.u32(), c.max_positions = r.u32();
  const std::uint32_t flags = version >= 2 ? r.u32() : 0;
  c.kv_heads = version >= 3 ? r.u32() : 0;
  const std::uint32_t encoding = version >= 4 ? r.u32() : 0;
  if (!r.ok()) return refuse("truncated header");
  if (version == 3 && (c.kv_heads == 0 || c.heads % c.kv_heads != 0 || c.kv_heads == c.heads)) {
    return refuse(std::to_string(c.kv_heads) + " key/value heads for " + std::to_string(c.heads) +
                  " heads; a version-3 file shares them: a divisor of heads, fewer than heads");
  }
  if (version >= 4 && (c.kv_heads == 0 || c.heads % c.kv_heads != 0)) {
    return refuse(std::to_string(c.kv_heads) + " key/value heads for " + std::to_string(c.heads) +
                  " heads; they must divide the heads");
  }
  if (c.kv_heads == c.heads) c.kv_heads = 0;  // one per query head, as Config says it
  if (encoding > static_cast<std::uint32_t>(WeightEncoding::int4_blocks))
    return refuse("unknown parameter encoding " + std::to_string(encoding));
  const auto stored = static_cast<WeightEncoding>(encoding);
  if (flags & ~kKnownFlags) return refuse("unknown ablation flags " + std::to_string(flags));
  c.tied_output = flags & kTiedOutput;
  c.positions = !(flags & kNoPositions);
  c.scaled = !(flags & kUnscaled);
  c.weighting = flags & kSigmoidGates ? AttentionWeighting::sigmoid : AttentionWeighting::softmax;
  if ((flags & kRope) && (flags & kAlibi)) return refuse("both RoPE and ALiBi flags are set; a model has one");
  c.relative = flags & kRope    ? RelativePositions::rope
               : flags & kAlibi ? RelativePositions::alibi
                                : RelativePositions::none;
  if (c.relative == RelativePositions::alibi && c.weighting == AttentionWeighting::sigmoid)
    return refuse("ALiBi biases a softmax; this file also asks for sigmoid gates");
  if (c.d_model == 0 || c.d_model > 1024 || c.heads == 0 || c.d_model % c.heads != 0 || c.d_model % 2 != 0 ||
      (c.relative == RelativePositions::rope && (c.d_model / c.heads) % 2 != 0) || c.ffn == 0 || c.ffn > 8192 ||
      c.encoder_layers > 16 || c.decoder_layers > 16 || c.max_positions < 2 || c.max_positions > 512) {
    return refuse("implausible dimensions");
  }
  auto source = r.vocabulary(65536);
  auto target = r.vocabulary(65536);
  if (!source || !target) return refuse("damaged vocabulary");
  if (target->size() < 2) return refuse("its target vocabulary has 1 word; it needs <bos> and <eos> first");
  if (source->word(kSourceEnd) != "<eos>" || target->word(kTargetBegin) != "<bos>" ||
      target->word(kTargetEnd) != "<eos>") {
    return refuse("vocabularies lack the <bos>/<eos> tokens at their fixed places");
  }
  c.source_vocabulary = static_cast<std::uint32_t>(source->size());
  c.target_vocabulary = static_cast<std::uint32_t>(target->size());
  const std::uint32_t count = r.u32();
  if (!r.ok()) return refuse("truncated before the parameter count");
  // Nothing is allocated for the parameters before the claim is checked against the limit and the bytes left.
  const std::size_t needed = ParameterLayout(c).count;
  if (needed > kMaxModelParameters) {
    return refuse("its dimensions need " + std::to_string(needed) + " parameters; the limit is " +
                  std::to_string(kMaxModelParameters));
  }
  if (count != needed) {
    // A flipped tied-output flag lands here: the two layouts differ by the vocabulary × D projection.
    return refuse("holds " + std::to_string(count) + " parameters, but its dimensions need " + std::to_string(needed) +
                  (c.tied_output ? " (its output projection tied to the target embeddings, as its flags say)" : ""));
  }
  const std::size_t bytes_needed = parameter_bytes(count, stored);
  if (r.left() != bytes_needed + 4) {
    return refuse("its length does not match its header: " + std::to_string(count) + " parameters need " +
                  std::to_string(bytes_needed) + " bytes, " + std::to_string(r.left() - 4) + " follow");
  }
  TranslationModel m;
  m.config = c;
  m.source = std::move(*source);
  m.target = std::move(*target);
  m.parameters.resize(count);
  if (stored != WeightEncoding::float16) {
    read_blocks(r, block_format(stored), m.parameters);
  } else {
    for (float& p : m.parameters) p = from_half(r.u16());
  }
  for (float p : m.parameters)
    if (!std::isfinite(p)) return refuse("non-finite parameters");
  return {std::move(m), {}, stored};
}

}  // namespace attn::model
