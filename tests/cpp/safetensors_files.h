// safetensors files written by the tests: tensors of seeded random values in the format's exact layout (an 8-byte
// little-endian header length, the JSON header padded with spaces to a multiple of 8, then the data), and GPT-2's
// tensors under Hugging Face's names. The expected float32 values come from an independent decoding of each bit
// pattern (ldexp on its fields), not from the reader's conversion.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "attn/gpt2_weights.h"

namespace attn::testing {

// The value of a 16-bit float pattern of 1 sign bit, `exponent_bits` of exponent and the rest mantissa, from its
// fields by ldexp: float16 has 5 exponent bits, bfloat16 8.
inline float small_float_value(std::uint16_t bits, int exponent_bits) {
  const int mantissa_bits = 15 - exponent_bits, top = (1 << exponent_bits) - 1, bias = top / 2;
  const double sign = (bits & 0x8000) ? -1.0 : 1.0;
  const int e = (bits >> mantissa_bits) & top, m = bits & ((1 << mantissa_bits) - 1);
  if (e == top) return m ? std::numeric_limits<float>::quiet_NaN() : static_cast<float>(sign * INFINITY);
  if (e == 0) return static_cast<float>(sign * std::ldexp(m, 1 - bias - mantissa_bits));  // subnormal
  return static_cast<float>(sign * std::ldexp((1 << mantissa_bits) + m, e - bias - mantissa_bits));
}

inline float half_value(std::uint16_t h) { return small_float_value(h, 5); }
inline float bfloat16_value(std::uint16_t b) { return small_float_value(b, 8); }

struct TensorSpec {
  std::string name, dtype;  // "F32", "F16", "BF16" or any other name
  std::vector<std::uint64_t> shape;
  std::vector<std::uint8_t> data;  // little-endian, as the file holds it
  std::vector<float> values;       // what the data means as float32 (F32, F16, BF16)
};

inline std::uint64_t element_count(const std::vector<std::uint64_t>& shape) {
  return std::accumulate(shape.begin(), shape.end(), std::uint64_t{1}, std::multiplies<>());
}

// Seeded random values of dtype: float32 in [-1, 1); float16 and bfloat16 any finite bit pattern below 2 in size
// (subnormals included) so that the values exercise every field of the format.
inline TensorSpec random_tensor(const std::string& name, const std::string& dtype, std::vector<std::uint64_t> shape,
                                std::uint32_t seed) {
  std::mt19937 rng(seed);
  TensorSpec t{name, dtype, std::move(shape), {}, {}};
  const std::uint64_t n = element_count(t.shape);
  for (std::uint64_t i = 0; i < n; ++i) {
    if (dtype == "F32") {
      const float v = std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng);
      std::uint32_t bits = 0;
      std::memcpy(&bits, &v, 4);
      for (int k = 0; k < 4; ++k) t.data.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
      t.values.push_back(v);
    } else {
      // The exponent kept below the top of its range: 0x3fff (float16) and 0x3fff (bfloat16) are just under 2.
      const auto bits = static_cast<std::uint16_t>((rng() & 0x3fff) | (rng() & 1 ? 0x8000 : 0));
      t.data.push_back(static_cast<std::uint8_t>(bits & 0xff));
      t.data.push_back(static_cast<std::uint8_t>(bits >> 8));
      t.values.push_back(dtype == "F16" ? half_value(bits) : bfloat16_value(bits));
    }
  }
  return t;
}

inline void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
}

// A file from a header's JSON text and the data after it, the header padded with spaces to a multiple of 8.
inline std::vector<std::uint8_t> file_from(std::string header, const std::vector<std::uint8_t>& data) {
  while (header.size() % 8 != 0) header += ' ';
  std::vector<std::uint8_t> out;
  put_u64(out, header.size());
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

inline std::string shape_json(const std::vector<std::uint64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

// The tensors' data laid out in `data_order` (indices into tensors; all of them), the header naming them in the
// order given, with an optional __metadata__ entry first as Hugging Face writes it.
inline std::vector<std::uint8_t> safetensors_file(const std::vector<TensorSpec>& tensors,
                                                  const std::vector<std::size_t>& data_order,
                                                  const std::string& metadata = "") {
  std::vector<std::uint64_t> begin(tensors.size());
  std::vector<std::uint8_t> data;
  for (std::size_t i : data_order) {
    begin[i] = data.size();
    data.insert(data.end(), tensors[i].data.begin(), tensors[i].data.end());
  }
  std::string header = "{";
  if (!metadata.empty()) header += "\"__metadata__\":" + metadata + ",";
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const TensorSpec& t = tensors[i];
    header += (i ? "," : "") + ("\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":" + shape_json(t.shape) +
                                ",\"data_offsets\":[" + std::to_string(begin[i]) + "," +
                                std::to_string(begin[i] + t.data.size()) + "]}");
  }
  return file_from(header + "}", data);
}

inline std::vector<std::uint8_t> safetensors_file(const std::vector<TensorSpec>& tensors) {
  std::vector<std::size_t> order(tensors.size());
  std::iota(order.begin(), order.end(), 0);
  return safetensors_file(tensors, order);
}

// config.json as Hugging Face writes GPT-2's (with the training settings the reader ignores).
inline std::string gpt2_config_json(const gpt2::Config& c) {
  return "{\n  \"activation_function\": \"gelu_new\",\n  \"architectures\": [\"GPT2LMHeadModel\"],\n"
         "  \"attn_pdrop\": 0.1,\n  \"bos_token_id\": 50256,\n  \"eos_token_id\": 50256,\n"
         "  \"layer_norm_epsilon\": 1e-05,\n  \"model_type\": \"gpt2\",\n  \"n_ctx\": " +
         std::to_string(c.n_positions) + ",\n  \"n_embd\": " + std::to_string(c.n_embd) +
         ",\n  \"n_head\": " + std::to_string(c.n_head) + ",\n  \"n_layer\": " + std::to_string(c.n_layer) +
         ",\n  \"n_positions\": " + std::to_string(c.n_positions) +
         ",\n  \"task_specific_params\": {\"text-generation\": {\"do_sample\": true, \"max_length\": 50}},\n"
         "  \"vocab_size\": " +
         std::to_string(c.vocab_size) + "\n}\n";
}

// GPT-2's tensors for config c, seeded random, under Hugging Face's names (prefixed with "transformer." and with
// lm_head.weight when `prefixed`), with the causal-mask buffers of float32 ones and zeros the reader must skip.
inline std::vector<TensorSpec> gpt2_tensors(const gpt2::Config& c, const std::string& dtype, bool prefixed,
                                            std::uint32_t seed) {
  const std::string p = prefixed ? "transformer." : "";
  const std::uint64_t d = c.n_embd, inner = c.n_inner, v = c.vocab_size, positions = c.n_positions;
  std::vector<TensorSpec> out;
  out.push_back(random_tensor(p + "wte.weight", dtype, {v, d}, seed++));
  out.push_back(random_tensor(p + "wpe.weight", dtype, {positions, d}, seed++));
  for (std::size_t i = 0; i < c.n_layer; ++i) {
    const std::string h = p + "h." + std::to_string(i) + ".";
    const std::pair<const char*, std::vector<std::uint64_t>> parts[] = {
        {"ln_1.weight", {d}},
        {"ln_1.bias", {d}},
        {"attn.c_attn.weight", {d, 3 * d}},
        {"attn.c_attn.bias", {3 * d}},
        {"attn.c_proj.weight", {d, d}},
        {"attn.c_proj.bias", {d}},
        {"ln_2.weight", {d}},
        {"ln_2.bias", {d}},
        {"mlp.c_fc.weight", {d, inner}},
        {"mlp.c_fc.bias", {inner}},
        {"mlp.c_proj.weight", {inner, d}},
        {"mlp.c_proj.bias", {d}},
    };
    for (const auto& [name, shape] : parts) out.push_back(random_tensor(h + name, dtype, shape, seed++));
    TensorSpec mask{h + "attn.bias", "F32", {1, 1, positions, positions}, {}, {}};
    for (std::uint64_t r = 0; r < positions; ++r) {
      for (std::uint64_t col = 0; col < positions; ++col) {
        const std::uint8_t one[4] = {0, 0, 0x80, 0x3f};
        for (std::uint8_t b : one) mask.data.push_back(col <= r ? b : 0);
      }
    }
    out.push_back(mask);
    out.push_back({h + "attn.masked_bias", "F32", {}, {0, 0x40, 0x1c, 0xc6}, {}});  // -1e4
  }
  out.push_back(random_tensor(p + "ln_f.weight", dtype, {d}, seed++));
  out.push_back(random_tensor(p + "ln_f.bias", dtype, {d}, seed++));
  if (prefixed) {
    TensorSpec head = out[0];
    head.name = "lm_head.weight";
    out.push_back(head);
  }
  return out;
}

// A byte source over a file in memory, for gpt2::load: false for bytes outside it.
inline gpt2::ReadBytes read_from(const std::vector<std::uint8_t>& file) {
  return [&file](std::uint64_t offset, std::size_t size, std::uint8_t* into) {
    if (offset > file.size() || size > file.size() - offset) return false;
    std::memcpy(into, file.data() + offset, size);
    return true;
  };
}

// Hugging Face's files name tensors in sorted order; their data may lie in any order: shuffled here.
inline std::vector<std::uint8_t> gpt2_file(const std::vector<TensorSpec>& tensors, std::uint32_t seed) {
  std::vector<TensorSpec> sorted = tensors;
  std::sort(sorted.begin(), sorted.end(), [](const TensorSpec& a, const TensorSpec& b) { return a.name < b.name; });
  std::vector<std::size_t> order(sorted.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(seed));
  return safetensors_file(sorted, order, "{\"format\":\"pt\"}");
}

}  // namespace attn::testing
