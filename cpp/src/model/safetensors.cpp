// The safetensors reader (attn/safetensors.h): the header's checks in the order a damaged file would fail them, and
// the conversion of one chunk of a tensor to float32.
#include "attn/safetensors.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>

#include "attn/json.h"
#include "weight_file_io.h"

namespace attn::safetensors {
namespace {

Error fail(ErrorKind kind, std::string message) { return {kind, std::move(message)}; }

std::string num(std::uint64_t v) { return std::to_string(v); }

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

struct DTypeName {
  DType dtype;
  const char* name;
  std::size_t bytes;
};
constexpr DTypeName kDTypes[] = {
    {DType::f64, "F64", 8},      {DType::f32, "F32", 4},         {DType::f16, "F16", 2},
    {DType::bf16, "BF16", 2},    {DType::i64, "I64", 8},         {DType::i32, "I32", 4},
    {DType::i16, "I16", 2},      {DType::i8, "I8", 1},           {DType::u64, "U64", 8},
    {DType::u32, "U32", 4},      {DType::u16, "U16", 2},         {DType::u8, "U8", 1},
    {DType::boolean, "BOOL", 1}, {DType::f8_e4m3, "F8_E4M3", 1}, {DType::f8_e5m2, "F8_E5M2", 1},
};

const DTypeName& entry(DType d) {
  for (const DTypeName& e : kDTypes)
    if (e.dtype == d) return e;
  return kDTypes[1];
}

// One tensor's entry: { "dtype": string, "shape": [whole numbers], "data_offsets": [begin, end] } and nothing else.
Error read_entry(const std::string& name, const json::Value& v, Tensor& t) {
  const std::string where = "tensor " + quoted(name);
  if (!v.is(json::Value::Type::object)) {
    return fail(ErrorKind::header, where + " must be an object, got " + json::type_name(v.type()));
  }
  for (const auto& member : v.members()) {
    if (member.first != "dtype" && member.first != "shape" && member.first != "data_offsets") {
      return fail(ErrorKind::header, where + " has an unknown field " + quoted(member.first));
    }
  }
  const json::Value* dtype = v.find("dtype");
  const json::Value* shape = v.find("shape");
  const json::Value* offsets = v.find("data_offsets");
  for (auto [field, value] : {std::pair{"dtype", dtype}, std::pair{"shape", shape}, {"data_offsets", offsets}}) {
    if (!value) return fail(ErrorKind::header, where + " has no \"" + field + "\"");
  }
  if (!dtype->is(json::Value::Type::string)) return fail(ErrorKind::header, where + "'s dtype must be a string");
  if (!dtype_from_name(dtype->text(), t.dtype)) {
    return fail(ErrorKind::dtype,
                where + " has dtype " + quoted(dtype->text()) + ", which safetensors does not define");
  }
  if (!shape->is(json::Value::Type::array)) return fail(ErrorKind::header, where + "'s shape must be an array");
  t.shape.clear();
  for (const json::Value& d : shape->items()) {
    std::uint64_t n = 0;
    if (!d.whole(n)) return fail(ErrorKind::header, where + "'s shape must hold whole numbers >= 0, got " + d.text());
    t.shape.push_back(n);
  }
  if (!offsets->is(json::Value::Type::array) || offsets->items().size() != 2 || !offsets->items()[0].whole(t.begin) ||
      !offsets->items()[1].whole(t.end)) {
    return fail(ErrorKind::header, where + "'s data_offsets must be two whole numbers [begin, end]");
  }
  t.name = name;
  return {};
}

// shape's product times the dtype's size equals end - begin, without overflow.
Error check_size(const Tensor& t) {
  const std::string where = "tensor " + quoted(t.name);
  if (t.end < t.begin) {
    return fail(ErrorKind::offsets,
                where + "'s data_offsets are reversed: begin " + num(t.begin) + " > end " + num(t.end));
  }
  std::uint64_t expected = dtype_bytes(t.dtype);
  for (std::uint64_t d : t.shape) {
    if (d != 0 && expected > std::numeric_limits<std::uint64_t>::max() / d) {
      return fail(ErrorKind::size, where + "'s shape holds more elements than any file could");
    }
    expected *= d;
  }
  if (expected != t.bytes()) {
    std::string shape;
    for (std::uint64_t d : t.shape) shape += (shape.empty() ? "" : ", ") + num(d);
    return fail(ErrorKind::size, where + " has shape [" + shape + "] of " + dtype_name(t.dtype) + ", which is " +
                                     num(expected) + " bytes, but data_offsets give " + num(t.bytes()));
  }
  return {};
}

// Sorted by begin, the ranges tile [0, data size): no overlap, no gap, nothing after the last.
Error check_tiling(const std::vector<Tensor>& tensors, std::uint64_t data_size) {
  std::uint64_t expected = 0;
  const Tensor* previous = nullptr;
  for (const Tensor& t : tensors) {
    if (t.begin < expected) {
      return fail(ErrorKind::offsets, "tensor " + quoted(t.name) + " begins at byte " + num(t.begin) +
                                          ", inside tensor " + quoted(previous->name) + " (bytes " +
                                          num(previous->begin) + " to " + num(previous->end) + ")");
    }
    if (t.begin > expected) {
      return fail(ErrorKind::offsets, "tensor " + quoted(t.name) + " begins at byte " + num(t.begin) +
                                          ", leaving bytes " + num(expected) + " to " + num(t.begin) + " unused");
    }
    if (t.end > data_size) {
      return fail(ErrorKind::truncated, "the file ends inside tensor " + quoted(t.name) + ": its data ends at byte " +
                                            num(t.end) + " of the data, which holds " + num(data_size));
    }
    expected = t.end;
    previous = &t;
  }
  if (expected != data_size) {
    return fail(ErrorKind::offsets, "the data holds " + num(data_size) + " bytes but its tensors end at byte " +
                                        num(expected) + ": bytes after the last tensor");
  }
  return {};
}

Error read_metadata(const json::Value& v, Header& out) {
  if (!v.is(json::Value::Type::object)) return fail(ErrorKind::header, "\"__metadata__\" must be an object");
  for (const auto& [key, value] : v.members()) {
    if (!value.is(json::Value::Type::string)) {
      return fail(ErrorKind::header,
                  "\"__metadata__\"." + key + " must be a string, got " + json::type_name(value.type()));
    }
    out.metadata.emplace_back(key, value.text());
  }
  return {};
}

}  // namespace

const char* kind_name(ErrorKind kind) {
  // In ErrorKind's order.
  static const char* const names[] = {"none",    "truncated", "header length", "header", "dtype", "size",
                                      "offsets", "missing",   "shape",         "config", "usage"};
  const auto index = static_cast<std::size_t>(kind);
  return index < std::size(names) ? names[index] : "?";
}

bool dtype_from_name(std::string_view name, DType& out) {
  for (const DTypeName& e : kDTypes) {
    if (name == e.name) {
      out = e.dtype;
      return true;
    }
  }
  return false;
}

const char* dtype_name(DType d) { return entry(d).name; }
std::size_t dtype_bytes(DType d) { return entry(d).bytes; }
bool convertible(DType d) { return d == DType::f32 || d == DType::f16 || d == DType::bf16; }

std::uint64_t Tensor::elements() const {
  std::uint64_t n = 1;
  for (std::uint64_t d : shape) n *= d;
  return n;
}

const Tensor* Header::find(std::string_view name) const {
  for (const Tensor& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

Error header_length(const std::uint8_t* first, std::size_t available, std::uint64_t file_size,
                    std::uint64_t& header_bytes) {
  if (available < 8 || file_size < 8) {
    return fail(ErrorKind::truncated, "the file has " + num(std::min<std::uint64_t>(available, file_size)) +
                                          " bytes, fewer than the 8 of its header length");
  }
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | first[i];
  if (n > file_size - 8) {
    return fail(ErrorKind::header_length,
                "the header length says " + num(n) + " bytes, past the end of a file of " + num(file_size) + " bytes");
  }
  if (n > kMaxHeaderBytes) {
    return fail(ErrorKind::header_length,
                "the header length says " + num(n) + " bytes, more than the format's limit of " + num(kMaxHeaderBytes));
  }
  if (n < 2) return fail(ErrorKind::header, "the header is " + num(n) + " bytes long, too short for a JSON object");
  header_bytes = n;
  return {};
}

Error read_header(const std::uint8_t* json_bytes, std::size_t size, std::uint64_t file_size, Header& out) {
  out = Header();
  if (file_size < 8 || size > file_size - 8) {
    return fail(ErrorKind::header_length,
                "a header of " + num(size) + " bytes does not fit in a file of " + num(file_size) + " bytes");
  }
  out.header_bytes = size;
  json::Value root;
  std::string why;
  if (!json::parse(std::string_view(reinterpret_cast<const char*>(json_bytes), size), root, why)) {
    return fail(ErrorKind::header, "the header is not JSON: " + why);
  }
  if (!root.is(json::Value::Type::object)) {
    return fail(ErrorKind::header,
                std::string("the header must be a JSON object, got ") + json::type_name(root.type()));
  }
  out.tensors.reserve(root.members().size());
  for (const auto& [name, value] : root.members()) {
    if (name == "__metadata__") {
      if (Error error = read_metadata(value, out)) return error;
      continue;
    }
    Tensor t;
    if (Error error = read_entry(name, value, t)) return error;
    if (Error error = check_size(t)) return error;
    out.tensors.push_back(std::move(t));
  }
  // Offset order; ties (empty tensors) by end, then name, so that the order is the same for every header.
  std::sort(out.tensors.begin(), out.tensors.end(), [](const Tensor& a, const Tensor& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end != b.end ? a.end < b.end : a.name < b.name;
  });
  return check_tiling(out.tensors, file_size - out.data_start());
}

Error read_header(const std::uint8_t* file, std::size_t file_size, Header& out) {
  std::uint64_t n = 0;
  if (Error error = header_length(file, file_size, file_size, n)) return error;
  return read_header(file + 8, static_cast<std::size_t>(n), file_size, out);
}

float from_bfloat16(std::uint16_t bits) {
  return model::weight_io::bits<float>(static_cast<std::uint32_t>(bits) << 16);
}

float from_float16(std::uint16_t bits) { return model::weight_io::from_half(bits); }

Error convert(const Tensor& tensor, const std::uint8_t* bytes, std::size_t count, float* out) {
  const auto u16 = [&](std::size_t i) {
    return static_cast<std::uint16_t>(bytes[2 * i] | (static_cast<unsigned>(bytes[2 * i + 1]) << 8));
  };
  switch (tensor.dtype) {
    case DType::f32:
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t v = bytes[4 * i] | (static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8) |
                                (static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16) |
                                (static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24);
        out[i] = model::weight_io::bits<float>(v);
      }
      return {};
    case DType::f16:
      for (std::size_t i = 0; i < count; ++i) out[i] = from_float16(u16(i));
      return {};
    case DType::bf16:
      for (std::size_t i = 0; i < count; ++i) out[i] = from_bfloat16(u16(i));
      return {};
    default:
      return fail(ErrorKind::dtype, "tensor " + quoted(tensor.name) + " has dtype " + dtype_name(tensor.dtype) +
                                        ", which cannot be read as float32 (only F32, F16 and BF16)");
  }
}

}  // namespace attn::safetensors
