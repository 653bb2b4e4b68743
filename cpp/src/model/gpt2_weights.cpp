// GPT-2's weights (attn/gpt2_weights.h): config.json's fields, Hugging Face's tensor names mapped to the parameters,
// and the piece-by-piece copy.
#include "attn/gpt2_weights.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <utility>

#include "attn/json.h"
#include "gpt2_names.h"

namespace attn::gpt2 {
namespace {

using namespace names;  // the tables this file reads files by

Error fail(ErrorKind kind, std::string message) { return {kind, std::move(message)}; }

std::string num(std::uint64_t v) { return std::to_string(v); }

// A whole-number field from low to high; `found` says whether it was there at all.
Error whole_field(const json::Value& root, const char* name, std::size_t low, std::size_t high, std::size_t& out,
                  bool& found) {
  const json::Value* v = root.find(name);
  found = v != nullptr;
  if (!v) return {};
  std::uint64_t n = 0;
  if (!v->whole(n) || n < low || n > high) {
    return fail(ErrorKind::config, std::string("config.json's ") + name + " must be a whole number from " + num(low) +
                                       " to " + num(high) + ", got " +
                                       (v->is(json::Value::Type::number) ? v->text() : json::type_name(v->type())));
  }
  out = static_cast<std::size_t>(n);
  return {};
}

Error required_field(const json::Value& root, const char* name, std::size_t low, std::size_t high, std::size_t& out) {
  bool found = false;
  if (Error error = whole_field(root, name, low, high, out, found)) return error;
  if (!found) return fail(ErrorKind::config, std::string("config.json has no ") + name);
  return {};
}

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + num(shape[i]);
  return out + "]";
}

// "h.<i>.<rest>": the layer's index (digits, no leading zero) and rest; false for any other name.
bool layer_name(std::string_view name, std::size_t& layer, std::string_view& rest) {
  if (name.substr(0, 2) != "h.") return false;
  std::size_t at = 2, n = 0;
  while (at < name.size() && name[at] >= '0' && name[at] <= '9' && at < 12) n = n * 10 + (name[at++] - '0');
  if (at == 2 || at >= name.size() || name[at] != '.' || (name[2] == '0' && at > 3)) return false;
  layer = n;
  rest = name.substr(at + 1);
  return true;
}

}  // namespace

std::uint64_t Config::parameters() const {
  const std::uint64_t d = n_embd, inner = n_inner;
  const std::uint64_t per_layer = 4 * d + (d * 3 * d + 3 * d) + (d * d + d) + (d * inner + inner) + (inner * d + d);
  return static_cast<std::uint64_t>(vocab_size) * d + static_cast<std::uint64_t>(n_positions) * d +
         n_layer * per_layer + 2 * d;
}

model::LanguageModelConfig language_model_config(const Config& c) {
  model::LanguageModelConfig m;
  m.d_model = static_cast<std::uint32_t>(c.n_embd);
  m.heads = static_cast<std::uint32_t>(c.n_head);
  m.kv_heads = 0;
  m.ffn = static_cast<std::uint32_t>(c.n_inner);
  m.layers = static_cast<std::uint32_t>(c.n_layer);
  m.context = static_cast<std::uint32_t>(c.n_positions);
  m.vocabulary = static_cast<std::uint32_t>(c.vocab_size);
  m.positions = true;
  m.learned_positions = true;
  m.activation = model::Activation::gelu_tanh;
  m.tied_output = true;
  m.output_bias = false;
  m.embedding_scaled = false;
  m.norm_epsilon = static_cast<float>(c.layer_norm_epsilon);
  return m;
}

std::string architecture_problem(const model::LanguageModelConfig& c) {
  if (!c.positions || !c.learned_positions || c.relative != model::RelativePositions::none) {
    const char* ours = c.relative == model::RelativePositions::rope    ? "RoPE"
                       : c.relative == model::RelativePositions::alibi ? "ALiBi"
                       : !c.positions                                  ? "none"
                                                                       : "sinusoidal";
    return std::string("its positions are ") + ours + "; GPT-2's are learned";
  }
  if (c.activation != model::Activation::gelu_tanh) return "its feed-forward layer has ReLU; GPT-2's has GELU";
  if (c.ffn == 0) return "it has no feed-forward layers; GPT-2's blocks have one";
  if (!c.tied_output) return "its unembedding is a matrix of its own; GPT-2's is the embedding table (tied)";
  if (c.output_bias) return "its unembedding has a bias; GPT-2's has none";
  if (c.embedding_scaled) return "its embedding is scaled by √D; GPT-2's is not";
  if (c.key_value_heads() != c.heads) return "its query heads share key/value heads; GPT-2's each have their own";
  if (c.window) return "it has a sliding window; GPT-2's heads read every earlier position";
  if (c.sink_logits) return "it has sink logits; GPT-2 has none";
  return "";
}

Error read_config(std::string_view text, Config& out) {
  out = Config();
  json::Value root;
  std::string why;
  if (!json::parse(text, root, why)) return fail(ErrorKind::config, "config.json is not JSON: " + why);
  if (!root.is(json::Value::Type::object)) return fail(ErrorKind::config, "config.json must hold a JSON object");
  const std::pair<const char*, std::size_t*> counts[] = {
      {"n_layer", &out.n_layer}, {"n_head", &out.n_head}, {"n_embd", &out.n_embd}};
  for (auto [name, field] : counts) {
    if (Error error = required_field(root, name, 1, name == std::string("n_layer") ? kMaxLayers : kMaxWidth, *field))
      return error;
  }
  if (Error error = required_field(root, "vocab_size", 1, kMaxVocabulary, out.vocab_size)) return error;
  bool found = false;
  if (Error error = whole_field(root, "n_positions", 1, kMaxPositions, out.n_positions, found)) return error;
  if (!found) {
    if (Error error = whole_field(root, "n_ctx", 1, kMaxPositions, out.n_positions, found)) return error;
    if (!found) return fail(ErrorKind::config, "config.json has neither n_positions nor n_ctx");
  }
  if (out.n_embd % out.n_head != 0) {
    return fail(ErrorKind::config,
                "config.json's n_head = " + num(out.n_head) + " must divide n_embd = " + num(out.n_embd));
  }
  out.n_inner = 4 * out.n_embd;
  if (const json::Value* inner = root.find("n_inner"); inner && !inner->is(json::Value::Type::null)) {
    if (Error error = whole_field(root, "n_inner", 1, 4 * kMaxWidth, out.n_inner, found)) return error;
  }
  if (const json::Value* epsilon = root.find("layer_norm_epsilon")) {
    const double e = epsilon->number();
    if (!epsilon->is(json::Value::Type::number) || !(e > 0 && e < 1)) {
      return fail(ErrorKind::config,
                  "config.json's layer_norm_epsilon must be a number in (0, 1), got " +
                      (epsilon->is(json::Value::Type::number) ? epsilon->text() : json::type_name(epsilon->type())));
    }
    out.layer_norm_epsilon = e;
  }
  if (const json::Value* activation = root.find("activation_function")) {
    if (!activation->is(json::Value::Type::string) || activation->text() != "gelu_new") {
      return fail(ErrorKind::config,
                  "config.json's activation_function must be \"gelu_new\" (GPT-2's tanh form), got " +
                      (activation->is(json::Value::Type::string) ? "\"" + activation->text() + "\""
                                                                 : std::string(json::type_name(activation->type()))));
    }
  }
  return {};
}

namespace {

// Which parameter a tensor's name (without the prefix) is: its slot, in the order of kTopNames then each layer's
// kLayerNames; `slots` for a name that is no parameter (lm_head.weight, the mask buffers, anything else).
std::size_t slot_of(std::string_view name, std::size_t slots) {
  constexpr std::size_t top = std::size(kTopNames), per_layer = std::size(kLayerNames);
  std::size_t layer = 0;
  std::string_view rest;
  if (layer_name(name, layer, rest)) {
    for (std::size_t i = 0; i < per_layer; ++i)
      if (rest == kLayerNames[i].suffix) return top + layer * per_layer + i;
    return slots;
  }
  for (std::size_t i = 0; i < top; ++i)
    if (name == kTopNames[i].name) return i;
  return slots;
}

Error missing(const std::string& name) {
  return fail(ErrorKind::missing, "the file has no tensor \"" + name + "\" (nor \"transformer." + name + "\")");
}

}  // namespace

Error Loader::open(const safetensors::Header& header, const Config& config) {
  parameters_ = std::vector<float>();
  pieces_.clear();
  model_config_ = language_model_config(config);
  constexpr std::size_t top = std::size(kTopNames), per_layer = std::size(kLayerNames);
  // Which tensor fills each slot (nullptr until found). Found in the file's order; checked in the parameters' order
  // so that a refusal names the same tensor however the file lays them out.
  std::vector<const safetensors::Tensor*> found(top + config.n_layer * per_layer, nullptr);
  const safetensors::Tensor* head = nullptr;
  for (const safetensors::Tensor& t : header.tensors) {
    std::string_view name = t.name;
    if (name.substr(0, 12) == "transformer.") name.remove_prefix(12);
    if (name == "lm_head.weight") head = &t;
    std::size_t layer = 0;
    std::string_view rest;
    if (layer_name(name, layer, rest) && layer >= config.n_layer) {
      return fail(ErrorKind::config,
                  "the file has tensor \"" + t.name + "\", but config.json's n_layer is " + num(config.n_layer));
    }
    const std::size_t slot = slot_of(name, found.size());
    if (slot == found.size()) continue;  // not a parameter: ignored
    if (found[slot]) {
      return fail(ErrorKind::header,
                  "tensors \"" + found[slot]->name + "\" and \"" + t.name + "\" are the same parameter");
    }
    found[slot] = &t;
  }
  for (std::size_t slot = 0; slot < found.size(); ++slot) {
    const std::size_t layer = slot < top ? 0 : (slot - top) / per_layer,
                      i = slot < top ? slot : (slot - top) % per_layer;
    const std::string name = slot < top ? kTopNames[i].name : "h." + num(layer) + "." + kLayerNames[i].suffix;
    const safetensors::Tensor* t = found[slot];
    if (!t) return missing(name);
    const std::vector<std::uint64_t> expected = slot < top ? shape_of(kTopNames[i].rows, kTopNames[i].cols, config)
                                                           : shape_of(kLayerNames[i].rows, kLayerNames[i].cols, config);
    if (t->shape != expected) {
      return fail(ErrorKind::shape, "tensor \"" + t->name + "\" has shape " + shape_text(t->shape) +
                                        ", but config.json implies " + shape_text(expected));
    }
    if (!safetensors::convertible(t->dtype)) {
      return fail(ErrorKind::dtype, "tensor \"" + t->name + "\" has dtype " + safetensors::dtype_name(t->dtype) +
                                        ", which cannot be read as float32 (only F32, F16 and BF16)");
    }
  }
  if (head && head->shape != shape_of(Dim::vocabulary, Dim::width, config)) {
    return fail(ErrorKind::shape, "tensor \"" + head->name + "\" has shape " + shape_text(head->shape) +
                                      ", but the unembedding is tied to wte.weight, " +
                                      shape_text(shape_of(Dim::vocabulary, Dim::width, config)));
  }
  // Every check passed: only now the parameters are allocated (a refused file allocates nothing large).
  const model::LanguageModelLayout layout(model_config_);
  parameters_.assign(layout.count, 0.0f);
  float* params = parameters_.data();
  for (std::size_t slot = 0; slot < found.size(); ++slot) {
    Piece piece{*found[slot], header.data_start() + found[slot]->begin};
    if (slot < top) {
      piece.destination = params + kTopNames[slot].place(layout);
    } else {
      const Place place = kLayerNames[(slot - top) % per_layer].place(layout.blocks[(slot - top) / per_layer]);
      if (place.split) {
        for (std::size_t part = 0; part < 3; ++part) piece.parts[part] = params + place.parts[part];
        piece.split_columns = config.n_embd;
      } else {
        piece.destination = params + place.at;
      }
    }
    pieces_.push_back(std::move(piece));
  }
  return {};
}

Error Loader::put(std::size_t index, std::uint64_t offset, const std::uint8_t* bytes, std::size_t size) {
  if (index >= pieces_.size()) return fail(ErrorKind::usage, "no piece " + num(index) + " of " + num(pieces_.size()));
  Piece& p = pieces_[index];
  const std::size_t element = safetensors::dtype_bytes(p.tensor.dtype);
  if (offset != p.bytes_done || size > p.tensor.bytes() - offset || size % element != 0) {
    return fail(ErrorKind::usage, "tensor \"" + p.tensor.name +
                                      "\" takes whole elements in order: expected bytes from " + num(p.bytes_done) +
                                      " of " + num(p.tensor.bytes()) + ", got " + num(size) + " at " + num(offset));
  }
  const std::size_t first = offset / element, count = size / element;
  if (!p.split_columns) {
    if (Error error = safetensors::convert(p.tensor, bytes, count, p.destination + first)) return error;
  } else {  // q, k, v: each run of columns within one row and one of the three goes to its map
    const std::size_t width = p.split_columns;
    for (std::size_t e = first, end = first + count; e < end;) {
      const std::size_t row = e / (3 * width), column = e % (3 * width), within = column % width;
      const std::size_t run = std::min(end - e, width - within);
      if (Error error = safetensors::convert(p.tensor, bytes + (e - first) * element, run,
                                             p.parts[column / width] + row * width + within))
        return error;
      e += run;
    }
  }
  p.bytes_done += size;
  return {};
}

std::vector<float> Loader::take_parameters() {
  pieces_.clear();  // their destinations pointed into what leaves
  return std::move(parameters_);
}

Error Loader::finish() const {
  for (const Piece& p : pieces_) {
    if (p.bytes_done != p.tensor.bytes()) {
      return fail(ErrorKind::truncated, "tensor \"" + p.tensor.name + "\" has " + num(p.bytes_done) + " of its " +
                                            num(p.tensor.bytes()) + " bytes");
    }
  }
  return {};
}

Error load(std::uint64_t file_size, const ReadBytes& read, const Config& config, std::vector<float>& parameters,
           std::size_t chunk_bytes) {
  std::uint8_t first[8] = {};
  const std::size_t available = file_size < 8 ? static_cast<std::size_t>(file_size) : 8;
  if (!read(0, available, first)) return fail(ErrorKind::truncated, "the file could not give its first bytes");
  std::uint64_t header_bytes = 0;
  if (Error error = safetensors::header_length(first, available, file_size, header_bytes)) return error;
  std::vector<std::uint8_t> buffer(static_cast<std::size_t>(header_bytes));
  if (!read(8, buffer.size(), buffer.data())) return fail(ErrorKind::truncated, "the file could not give its header");
  safetensors::Header header;
  if (Error error = safetensors::read_header(buffer.data(), buffer.size(), file_size, header)) return error;
  Loader loader;
  if (Error error = loader.open(header, config)) return error;
  buffer.assign(chunk_bytes < 8 ? 8 : chunk_bytes, 0);
  buffer.shrink_to_fit();
  for (std::size_t i = 0; i < loader.pieces().size(); ++i) {
    const Piece& p = loader.pieces()[i];
    const std::size_t element = safetensors::dtype_bytes(p.tensor.dtype);
    const std::size_t step = buffer.size() / element * element;
    for (std::uint64_t at = 0; at < p.tensor.bytes(); at += step) {
      const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(step, p.tensor.bytes() - at));
      if (!read(p.file_offset + at, size, buffer.data())) {
        return fail(ErrorKind::truncated, "the file could not give tensor \"" + p.tensor.name + "\"'s bytes");
      }
      if (Error error = loader.put(i, at, buffer.data(), size)) return error;
    }
  }
  if (Error error = loader.finish()) return error;
  parameters = loader.take_parameters();
  return {};
}

}  // namespace attn::gpt2
