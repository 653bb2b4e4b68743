// The tokenizer on outside bytes, read three ways: as a serialized tokenizer, which loads only in the one form
// serialize() writes (else refused with a reason); as GPT-2's two files (vocab.json, then merges.txt after the
// first blank line, up to the next), refused naming one of them or a tokenizer that gives every text back; and as a
// text to learn from and encode, which every tokenizer must give back byte for byte, a gpt2 byte-pairs one's files
// encoding it as the tokenizer itself does.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "attn/tokenizer.h"
#include "fuzz_check.h"

using attn::text::Tokenizer;

namespace {

// decode(encode(text)) is the text, every id is in the vocabulary, and text() is valid UTF-8 (repairing it again
// changes nothing).
void check_round_trip(const Tokenizer& t, const std::string& text) {
  const std::vector<int> ids = t.encode(text);
  for (int id : ids) FUZZ_CHECK(id >= 0 && static_cast<std::size_t>(id) < t.size());
  FUZZ_CHECK(t.decode(ids) == text);
  FUZZ_CHECK(ids.size() <= text.size());
  const std::string printable = t.text(ids);
  const Tokenizer bytes_only = Tokenizer::characters("");
  FUZZ_CHECK(bytes_only.text(bytes_only.encode(printable)) == printable);
}

void check_serialized(const Tokenizer& t) {
  const std::vector<std::uint8_t> bytes = t.serialize();
  std::string error;
  const std::optional<Tokenizer> back = Tokenizer::deserialize(bytes.data(), bytes.size(), error);
  FUZZ_CHECK(back && back->size() == t.size() && back->serialize() == bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  if (const std::optional<Tokenizer> loaded = Tokenizer::deserialize(data, size, error)) {
    FUZZ_CHECK(loaded->serialize() == std::vector<std::uint8_t>(data, data + size));  // one form only
    check_round_trip(*loaded, text);
  } else {
    FUZZ_CHECK(error.find("not a usable tokenizer: ") == 0);
  }

  const std::size_t blank = std::min(text.find("\n\n"), text.size());
  const std::size_t start = std::min(blank + 2, text.size());
  const std::size_t next = std::min(text.find("\n\n", start), text.size());
  const std::string vocab = text.substr(0, blank), merges = text.substr(start, next - start);
  if (const std::optional<Tokenizer> gpt2 = Tokenizer::gpt2(vocab, merges, error)) {
    check_round_trip(*gpt2, text);
    std::string again;
    const std::optional<Tokenizer> rewritten = Tokenizer::gpt2(gpt2->vocab_json(), gpt2->merges_txt(), again);
    FUZZ_CHECK(rewritten && rewritten->encode(text) == gpt2->encode(text));
  } else {
    FUZZ_CHECK(error.find("vocab.json") == 0 || error.find("merges.txt") == 0);
  }

  const Tokenizer characters = Tokenizer::characters(text);
  const Tokenizer byte_pairs = Tokenizer::byte_pairs(text, 64);
  const Tokenizer gpt2_byte_pairs = Tokenizer::gpt2_byte_pairs(text, 64);
  for (const Tokenizer* t : {&characters, &byte_pairs, &gpt2_byte_pairs}) {
    check_round_trip(*t, text);
    check_serialized(*t);
  }
  const std::optional<Tokenizer> files =
      Tokenizer::gpt2(gpt2_byte_pairs.vocab_json(), gpt2_byte_pairs.merges_txt(), error);
  FUZZ_CHECK(files && files->encode(text) == gpt2_byte_pairs.encode(text));
  FUZZ_CHECK(characters.encode(text).size() <= attn::text::count_characters(text));
  return 0;
}
