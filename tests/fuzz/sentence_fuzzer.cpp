// The translator's sentence path with the shipped English → Spanish model: tokenising, unknown words and their
// suggestions, length limits, greedy and sampled decoding, teacher forcing. Input: one byte of options, eight of
// seed, then the sentence; a 0x01 byte in it starts the forced target.
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "attn/translator.h"
#include "fuzz_check.h"

using namespace attn;

namespace {

model::Translator& translator() {
  static model::Translator* t = [] {
    std::ifstream in(ATTN_SOURCE_DIR "/web/lib/models/en-es.bin", std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
    FUZZ_CHECK(loaded.model);
    return new model::Translator(std::move(*loaded.model), reference_kernels());
  }();
  return *t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 9) return 0;
  const std::uint8_t options = data[0];
  std::uint64_t seed = 0;
  for (int i = 0; i < 8; ++i) seed = seed << 8 | data[1 + i];
  std::string text(reinterpret_cast<const char*>(data + 9), size - 9);

  model::Decoding decoding;
  decoding.choice = options & 1 ? model::Decoding::Choice::sample : model::Decoding::Choice::greedy;
  decoding.output_temperature = 0.01f + static_cast<float>(options >> 1) * 0.8f;  // 0.01 to ~100
  decoding.seed = seed;
  const std::size_t split = text.find('\x01');
  if (split != std::string::npos) {
    decoding.forced_target = model::tokenize(text.substr(split + 1));
    text.resize(split);
  }
  const float attention_temperature = options & 0x80 ? 0.05f : 1.0f;
  const model::TranslateResult result = translator().translate(text, attention_temperature, decoding);
  FUZZ_CHECK(result.translation.has_value() != result.error.has_value());
  if (result.error) {
    FUZZ_CHECK(!result.error->message.empty());
    FUZZ_CHECK(result.error->readings.size() <= result.error->unknown_words.size());
    return 0;
  }
  const model::Translation& t = *result.translation;
  FUZZ_CHECK(t.source.size() <= translator().max_source_words() + 1);
  fuzz::check_translation(t, translator().model());
  return 0;
}
