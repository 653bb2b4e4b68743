// The safetensors reader and GPT-2's weight map on outside bytes. The input is read as a whole file (a header that
// passes must describe tensors tiling the data exactly, each convertible one converting inside its bytes), then
// through gpt2::load over a byte source that serves it in chunks of a size the input picks, against a one-layer GPT-2
// configuration small enough for the fuzzer to build by hand (the seeds in tests/fuzz/corpus/safetensors include
// one): a load either succeeds with the flat parameters of the configured size or is refused with a kind and a message,
// and the source is never asked for bytes outside the file. Last, the input as config.json text.
#include <cstdint>
#include <cstring>
#include <vector>

#include "attn/gpt2_weights.h"
#include "attn/safetensors.h"
#include "fuzz_check.h"

using namespace attn;

namespace {

gpt2::Config tiny_config() {
  gpt2::Config c;
  c.n_layer = 1, c.n_head = 1, c.n_embd = 2, c.n_positions = 2, c.vocab_size = 3, c.n_inner = 8;
  return c;
}

void check_header(const std::uint8_t* data, std::size_t size) {
  safetensors::Header header;
  const safetensors::Error error = safetensors::read_header(data, size, header);
  if (error) {
    FUZZ_CHECK(!error.message.empty());
    return;
  }
  std::uint64_t at = 0;
  std::vector<float> out;
  for (const safetensors::Tensor& t : header.tensors) {
    FUZZ_CHECK(t.begin == at && t.end >= t.begin);
    at = t.end;
    if (!safetensors::convertible(t.dtype) || t.elements() > 4096) continue;
    out.assign(static_cast<std::size_t>(t.elements()), 0.0f);
    FUZZ_CHECK(!safetensors::convert(t, data + header.data_start() + t.begin, out.size(), out.data()));
  }
  FUZZ_CHECK(header.data_start() + at == size);
}

void check_gpt2(const std::uint8_t* data, std::size_t size) {
  const std::size_t chunk = size > 0 ? 1 + data[size - 1] % 64 : 8;
  const gpt2::ReadBytes read = [&](std::uint64_t offset, std::size_t bytes, std::uint8_t* into) {
    FUZZ_CHECK(offset <= size && bytes <= size - offset);
    if (bytes == 0) return true;
    std::memcpy(into, data + offset, bytes);
    return true;
  };
  std::vector<float> parameters;
  const gpt2::Error error = gpt2::load(size, read, tiny_config(), parameters, chunk);
  if (error) {
    FUZZ_CHECK(!error.message.empty());
    return;
  }
  FUZZ_CHECK(parameters.size() == tiny_config().parameters());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_header(data, size);
  check_gpt2(data, size);
  gpt2::Config config;
  if (!gpt2::read_config(std::string_view(reinterpret_cast<const char*>(data), size), config)) {
    FUZZ_CHECK(config.n_embd % config.n_head == 0 && config.n_inner >= 1 && config.n_positions >= 1);
  }
  return 0;
}
