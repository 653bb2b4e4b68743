// What the language model's two files share: the header after the magic and version (dimensions, position flags,
// the tokenizer), written and read (with every check) the same way by the weight file (APLM) and a training
// run's checkpoint (APLS).
#pragma once

#include <optional>
#include <string>

#include "attn/language_model_training.h"
#include "weight_file_io.h"

namespace attn::model {

// After the magic (the caller's to check, naming the other kinds): the format version, which must be `version`,
// and the CRC-32 in the last four bytes. Leaves the reader after the version; says what is wrong, or nothing.
std::optional<std::string> check_version_and_checksum(weight_io::Reader& r, const std::uint8_t* bytes, std::size_t size,
                                                      std::uint32_t version);

void write_language_model_header(weight_io::Writer& w, const LanguageModelConfig& config,
                                 const text::Tokenizer& tokenizer);

// Reads the header at the reader's position (bytes is the whole file, for the tokenizer's bytes): fills `config`
// and returns the tokenizer, or says in `why` why not. Checks the dimensions, the parameter count they need and the
// tokenizer's size.
std::optional<text::Tokenizer> read_language_model_header(weight_io::Reader& r, const std::uint8_t* bytes,
                                                          LanguageModelConfig& config, std::string& why);

}  // namespace attn::model
