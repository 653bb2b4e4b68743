// The weight-file reader, past its checksum: the input is a file without its last four bytes, and the CRC-32
// is appended here, so the fuzzer explores the header, the vocabularies, the parameter count and the float16
// payload rather than the checksum. A file that loads must translate a sentence of its own words and survive
// a save → load round trip unchanged.
#include <cstdint>
#include <cstring>
#include <vector>

#include "attn/translator.h"
#include "fuzz_check.h"

using namespace attn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // As given (the checksum almost always fails: the early refusals) ...
  (void)model::load_weights(data, size);

  // ... and with the checksum it claims to need.
  std::vector<std::uint8_t> file(data, data + size);
  const std::uint32_t crc = model::weight_file_checksum(file.data(), file.size());
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<std::uint8_t>(crc >> (8 * i)));
  model::LoadedModel loaded = model::load_weights(file.data(), file.size());
  if (!loaded.model) {
    FUZZ_CHECK(!loaded.error.empty());
    return 0;
  }
  // Saved again as float16 it reads back the same (8-bit values times a float16 scale need not be float16 values).
  const std::vector<std::uint8_t> saved = model::save_weights(*loaded.model);
  const model::LoadedModel again = model::load_weights(saved.data(), saved.size());
  FUZZ_CHECK(again.model);
  if (loaded.encoding == model::WeightEncoding::float16)
    FUZZ_CHECK(again.model->parameters == loaded.model->parameters);

  std::string sentence;
  const auto& words = loaded.model->source.words();
  for (std::size_t i = 1; i < words.size() && i < 4; ++i) sentence += words[i] + " ";
  model::Translator translator(std::move(*loaded.model), reference_kernels());
  const model::TranslateResult result = translator.translate(sentence);
  FUZZ_CHECK(result.translation || result.error);
  if (result.translation) fuzz::check_translation(*result.translation, translator.model());
  return 0;
}
