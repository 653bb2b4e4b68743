// A model of GPT-2's architecture written as Hugging Face publishes GPT-2 (attn/gpt2_weights.h): model.safetensors
// with float32 tensors under GPT-2's names, in the Conv1D layout, and config.json. The names and places are the
// table the loader reads by (gpt2_names.h), so what is written here reads back through gpt2::Loader as it was.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "attn/gpt2_weights.h"
#include "gpt2_names.h"

namespace attn::gpt2 {
namespace {

// config.json's numbers of a language model of GPT-2's architecture.
Config file_config(const model::LanguageModelConfig& c) {
  Config g;
  g.n_layer = c.layers, g.n_head = c.heads, g.n_embd = c.d_model, g.n_positions = c.context;
  g.vocab_size = c.vocabulary, g.n_inner = c.ffn, g.layer_norm_epsilon = c.norm_epsilon;
  return g;
}

// One tensor to write: its name, shape and where its values are in the flat parameters.
struct Entry {
  std::string name;
  std::vector<std::uint64_t> shape;
  names::Place place;
};

std::vector<Entry> entries(const model::LanguageModelConfig& c) {
  const Config g = file_config(c);
  const model::LanguageModelLayout layout(c);
  std::vector<Entry> out;
  for (const names::TopName& t : names::kTopNames)
    out.push_back({t.name, names::shape_of(t.rows, t.cols, g), names::Place{t.place(layout)}});
  for (std::size_t l = 0; l < c.layers; ++l)
    for (const names::Name& n : names::kLayerNames)
      out.push_back(
          {"h." + std::to_string(l) + "." + n.suffix, names::shape_of(n.rows, n.cols, g), n.place(layout.blocks[l])});
  // Sorted by name, as Hugging Face's files list them.
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
  return out;
}

void append_floats(std::vector<std::uint8_t>& out, const float* values, std::size_t count) {
  const std::size_t at = out.size();
  out.resize(at + count * 4);
  std::memcpy(out.data() + at, values, count * 4);  // little-endian hosts only (x86, wasm), as the reader
}

// The shortest decimal that reads back as the same float (config.json's epsilon: 1e-05, not 9.99999975e-06).
std::string shortest(float v) {
  char text[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(text, nullptr) == v) break;
  }
  return text;
}

}  // namespace

Error export_safetensors(const model::LanguageModelConfig& c, const float* params, std::vector<std::uint8_t>& out) {
  out.clear();
  const std::string problem = architecture_problem(c);
  if (!problem.empty()) return {ErrorKind::config, "not a model of GPT-2's architecture: " + problem};
  const std::vector<Entry> tensors = entries(c);
  std::string header = "{\"__metadata__\":{\"format\":\"pt\"}";
  std::uint64_t at = 0;
  for (const Entry& t : tensors) {
    std::uint64_t count = 1;
    std::string shape;
    for (std::uint64_t n : t.shape) {
      count *= n;
      shape += (shape.empty() ? "" : ",") + std::to_string(n);
    }
    header += ",\"" + t.name + "\":{\"dtype\":\"F32\",\"shape\":[" + shape + "],\"data_offsets\":[" +
              std::to_string(at) + "," + std::to_string(at + 4 * count) + "]}";
    at += 4 * count;
  }
  header += "}";
  header.append((8 - header.size() % 8) % 8, ' ');  // the data aligned to 8 bytes, as Hugging Face pads it
  out.reserve(8 + header.size() + at);
  for (int k = 0; k < 8; ++k)
    out.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(header.size()) >> (8 * k)));
  out.insert(out.end(), header.begin(), header.end());
  const std::size_t d = c.d_model;
  for (const Entry& t : tensors) {
    if (!t.place.split) {
      std::uint64_t count = 1;
      for (std::uint64_t n : t.shape) count *= n;
      append_floats(out, params + t.place.at, count);
      continue;
    }
    // c_attn: each row is its q, k and v rows side by side ([D, 3D]), the bias [3D] one such row.
    const std::size_t rows = t.shape.size() == 2 ? d : 1;
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t part = 0; part < 3; ++part) append_floats(out, params + t.place.parts[part] + r * d, d);
  }
  return {};
}

std::vector<std::uint8_t> export_safetensors(const model::LanguageModelConfig& config, const float* params) {
  std::vector<std::uint8_t> out;
  export_safetensors(config, params, out);
  return out;
}

std::string export_config(const model::LanguageModelConfig& c) {
  if (!architecture_problem(c).empty()) return "";
  const Config g = file_config(c);
  const auto field = [](const char* name, const std::string& value) {
    return std::string("  \"") + name + "\": " + value + ",\n";
  };
  return "{\n" + field("activation_function", "\"gelu_new\"") + field("architectures", "[\"GPT2LMHeadModel\"]") +
         field("layer_norm_epsilon", shortest(c.norm_epsilon)) + field("model_type", "\"gpt2\"") +
         field("n_ctx", std::to_string(g.n_positions)) + field("n_embd", std::to_string(g.n_embd)) +
         field("n_head", std::to_string(g.n_head)) +
         field("n_inner", g.n_inner == 4 * g.n_embd ? "null" : std::to_string(g.n_inner)) +
         field("n_layer", std::to_string(g.n_layer)) + field("n_positions", std::to_string(g.n_positions)) +
         "  \"vocab_size\": " + std::to_string(g.vocab_size) + "\n}\n";
}

}  // namespace attn::gpt2
