// GPT-2's tokenizer on the JS seam (web/lib/gpt2-tokenizer.js): built from its two files, then encode and decode;
// and a language model's tokenizer written as those two files, when its words split GPT-2's way. Marshalling only;
// the tokenizer is attn::text::Tokenizer. Answers { error } instead of throwing, as the
// other Embind files do; tokenizers live in a table keyed by small integers.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attn/tokenizer.h"
#include "handle_table.h"
#include "js_values.h"
#include "language_model_table.h"

namespace {

using attn::text::Tokenizer;
using emscripten::val;

constexpr double kMaxTextCharacters = 8.0 * 1024 * 1024;  // JS string length, checked before conversion

attn::bindings::HandleTable<Tokenizer>& tokenizers() {
  static attn::bindings::HandleTable<Tokenizer> table("GPT-2 tokenizer");
  return table;
}

// gpt2TokenizerCreate(vocab, merges) → { id, size, endOfText } | { error: { kind: 'vocab' | 'merges', ... } }
val tokenizer_create(const std::string& vocab, const std::string& merges) {
  std::string error;
  std::optional<Tokenizer> t = Tokenizer::gpt2(vocab, merges, error);
  if (!t) {
    val result = attn::js::error_result("RangeError", error);
    result["error"].set("kind", val(error.rfind("vocab.json", 0) == 0 ? "vocab" : "merges"));
    return result;
  }
  val out = val::object();
  out.set("size", static_cast<double>(t->size()));
  out.set("endOfText", t->end_of_text());
  out.set("id", tokenizers().add(std::move(*t)).first);
  return out;
}

// gpt2TokenizerEncode(id, text) → { ids: Int32Array }
val tokenizer_encode(int id, const val& text) {
  const Tokenizer* t = tokenizers().find(id);
  if (!t) return tokenizers().disposed();
  if (text["length"].as<double>() > kMaxTextCharacters)
    return attn::js::error_result("RangeError", "text is longer than 8 MiB of text");
  const std::vector<int> ids = t->encode(text.as<std::string>());
  val out = val::object();
  out.set("ids", val::global("Int32Array").new_(emscripten::typed_memory_view(ids.size(), ids.data())));
  return out;
}

// gpt2TokenizerDecode(id, ids) → { text } (malformed UTF-8 as U+FFFD, as TextDecoder writes it)
val tokenizer_decode(int id, const val& ids) {
  const Tokenizer* t = tokenizers().find(id);
  if (!t) return tokenizers().disposed();
  const std::vector<double> given = emscripten::convertJSArrayToNumberVector<double>(ids);
  std::vector<int> tokens;
  tokens.reserve(given.size());
  for (double v : given) {
    if (!(v >= 0 && v < static_cast<double>(t->size()) && v == static_cast<double>(static_cast<int>(v)))) {
      return attn::js::error_result("RangeError", "ids must be whole numbers from 0 to " +
                                                      std::to_string(t->size() - 1) + ", got " + std::to_string(v));
    }
    tokens.push_back(static_cast<int>(v));
  }
  val out = val::object();
  out.set("text", t->text(tokens));
  return out;
}

bool tokenizer_free(int id) { return tokenizers().erase(id); }

// languageModelTokenizerFiles(modelId) → { vocab, merges }: vocab.json and merges.txt that gpt2TokenizerCreate reads
// into a tokenizer encoding every text as the model's does (a 'gpt2-byte-pairs' model's; others are refused).
val model_tokenizer_files(int id) {
  const attn::bindings::LanguageModelEntry* entry = attn::bindings::language_models().find(id);
  if (!entry) return attn::bindings::language_models().disposed();
  const Tokenizer& t = entry->trained.tokenizer;
  const std::string vocab = t.vocab_json();
  if (vocab.empty()) {
    return attn::js::error_result("RangeError",
                                  "only a 'gpt2-byte-pairs' tokenizer splits words as GPT-2's files say; this model's "
                                  "splits them otherwise");
  }
  val out = val::object();
  out.set("vocab", vocab);
  out.set("merges", t.merges_txt());
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(tokenizer_module) {
  emscripten::function("gpt2TokenizerCreate", &tokenizer_create);
  emscripten::function("gpt2TokenizerEncode", &tokenizer_encode);
  emscripten::function("gpt2TokenizerDecode", &tokenizer_decode);
  emscripten::function("gpt2TokenizerFree", &tokenizer_free);
  emscripten::function("languageModelTokenizerFiles", &model_tokenizer_files);
}
