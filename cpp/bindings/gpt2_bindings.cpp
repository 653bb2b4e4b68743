// GPT-2 from a learner's four files on the JS seam (marshal only; the reading and checking is attn/gpt2_weights.h's,
// the tokenizer attn/tokenizer.h's): web/lib/gpt2.js reads the file's first 8 bytes (gpt2HeaderLength), its header
// and opens a session (gpt2Open: config.json, the header, the file's size, vocab.json, merges.txt), which lists the
// pieces of the file it needs; then hands over each piece a few MB at a time (gpt2Put), and gpt2Finish turns the
// session into a language model in languageModelLoad's table. The weights are allocated once, at open, and filled
// in place: the file is never whole in the module. gpt2Abort frees a session. languageModelGpt2Files writes a model
// of GPT-2's architecture trained here as those four files. Answers { error: { kind } } rather than throwing, as the
// other Embind files do.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "attn/gpt2_weights.h"
#include "attn/safetensors.h"
#include "attn/tokenizer.h"
#include "js_values.h"
#include "language_model_table.h"
#include "memory_stats.h"

namespace {

using emscripten::val;
using namespace attn;

// A learner's vocab.json is 1 MB, merges.txt 456 kB, config.json under 1 kB.
constexpr double kMaxTextBytes = 16.0 * 1024 * 1024;
// Room beyond the weights asked for at open: a window of the file, the tokenizer's tables, a short generation.
constexpr std::uint64_t kWorkingBytes = 64ull * 1024 * 1024;

struct Session {
  gpt2::Config config;
  text::Tokenizer tokenizer;
  gpt2::Loader loader;
};

bindings::HandleTable<std::unique_ptr<Session>>& sessions() {
  static bindings::HandleTable<std::unique_ptr<Session>> table("GPT-2 load");
  return table;
}

// "header length" → "header-length": the contract's kinds.
std::string kind_of(safetensors::ErrorKind kind) {
  std::string name = safetensors::kind_name(kind);
  for (char& c : name)
    if (c == ' ') c = '-';
  return name;
}

val refused(const std::string& kind, const std::string& message) {
  val result = js::error_result("RangeError", message);
  result["error"].set("kind", kind);
  return result;
}

val refused(const safetensors::Error& error) { return refused(kind_of(error.kind), error.message); }

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MB"; }

// What one pass over a whole context keeps (LanguageModelActivations, every layer's, for its readers): per layer ten
// context × width rows (the residual stream, both LayerNorms' outputs and normalized inputs, q, k, v, the heads'
// outputs), the heads' attention maps (heads × context²) and the feed-forward's two hidden rows; then the logits
// (context × vocabulary). GPT-2 small: 1.50 GB (measured: the heap grew to 2.02 GB over a 1,150-token text).
std::uint64_t context_pass_bytes(const gpt2::Config& c) {
  const std::uint64_t t = c.n_positions, per_layer = 10 * t * c.n_embd + c.n_head * t * t + 2 * t * c.n_inner;
  return (c.n_layer * per_layer + t * c.vocab_size + 3 * t * c.n_embd) * sizeof(float);
}

// Whether the module can hold the weights and a pass over the whole context: the sum against the module's ceiling
// (a pass that does not fit would abort the module later, the module being built without exceptions), then the
// weights asked of the allocator itself (the heap grown, then given back), so that too little memory is a refusal
// here rather than an abort in a later allocation.
std::optional<val> memory_refusal(const gpt2::Config& config) {
  const std::uint64_t weights = config.parameters() * sizeof(float), pass = context_pass_bytes(config);
  const std::uint64_t limit = ATTN_MAXIMUM_MEMORY;  // the link flag -sMAXIMUM_MEMORY (CMakeLists.txt)
  const std::uint64_t needed = weights + kWorkingBytes;
  std::unique_ptr<std::uint8_t[]> probe(
      weights + pass < limit ? new (std::nothrow) std::uint8_t[static_cast<std::size_t>(needed)] : nullptr);
  if (probe) {
    // a volatile write: an allocation never used may otherwise be removed
    *static_cast<volatile std::uint8_t*>(probe.get()) = 0;
    return std::nullopt;
  }
  return refused("memory", "GPT-2 of " + std::to_string(config.parameters()) + " parameters needs " +
                               megabytes(weights) + " for its float32 weights and " + megabytes(pass) +
                               " for a pass over its context of " + std::to_string(config.n_positions) +
                               " tokens; this module can hold at most " + megabytes(limit) + " in all (" +
                               megabytes(emscripten_get_heap_size()) + " in use now)");
}

// A string argument (web/lib/gpt2.js checked its type) of at most kMaxTextBytes.
bool text_in(const val& value, const char* name, std::string& out, val& refusal) {
  if (value["length"].as<double>() > kMaxTextBytes) {
    refusal = js::error_result("RangeError", std::string(name) + " is longer than 16 MiB");
    return false;
  }
  out = value.as<std::string>();
  return true;
}

// gpt2HeaderLength(first: Uint8Array of up to 8 bytes, fileSize) → { headerBytes } | { error: { kind } }
val header_length(const val& first, double file_size) {
  const auto available = static_cast<std::size_t>(std::min(8.0, first["length"].as<double>()));
  const auto bytes = js::copy_in<std::uint8_t>(first, available);
  std::uint64_t header_bytes = 0;
  if (auto error =
          safetensors::header_length(bytes.data(), available, static_cast<std::uint64_t>(file_size), header_bytes))
    return refused(error);
  val out = val::object();
  out.set("headerBytes", static_cast<double>(header_bytes));
  return out;
}

// { offset, bytes }: where a piece lies in the file.
val piece_list(const gpt2::Loader& loader) {
  val out = val::array();
  for (std::size_t i = 0; i < loader.pieces().size(); ++i) {
    const gpt2::Piece& p = loader.pieces()[i];
    val piece = val::object();
    piece.set("offset", static_cast<double>(p.file_offset));
    piece.set("bytes", static_cast<double>(p.tensor.bytes()));
    piece.set("elementBytes", static_cast<double>(safetensors::dtype_bytes(p.tensor.dtype)));
    out.set(i, piece);
  }
  return out;
}

// gpt2Open({ config, header: Uint8Array (the N bytes after the first 8), fileSize, vocab, merges })
//   → { id, pieces: [{ offset, bytes, elementBytes }], parameters } | { error: { kind } }
// Checked in the order a learner can fix them: config.json, then whether the module can hold that model, then
// vocab.json and merges.txt, then the header against the file and against the configuration.
val open(const val& o) {
  auto session = std::make_unique<Session>();
  val refusal = val::undefined();
  {
    std::string text;
    if (!text_in(o["config"], "config", text, refusal)) return refusal;
    if (auto error = gpt2::read_config(text, session->config)) return refused(error);
  }
  if (auto refusal_memory = memory_refusal(session->config)) return *refusal_memory;
  {
    std::string vocab, merges, why;
    if (!text_in(o["vocab"], "vocab", vocab, refusal) || !text_in(o["merges"], "merges", merges, refusal))
      return refusal;
    auto tokenizer = text::Tokenizer::gpt2(vocab, merges, why);
    if (!tokenizer) return refused(why.rfind("merges", 0) == 0 ? "merges" : "vocab", why);
    if (tokenizer->size() != session->config.vocab_size) {
      return refused("vocab", "vocab.json holds " + std::to_string(tokenizer->size()) +
                                  " tokens, but config.json's vocab_size is " +
                                  std::to_string(session->config.vocab_size));
    }
    session->tokenizer = std::move(*tokenizer);
  }
  const double file_size = o["fileSize"].as<double>();
  safetensors::Header header;
  {
    const auto length = static_cast<std::size_t>(o["header"]["length"].as<double>());
    const auto json = js::copy_in<std::uint8_t>(o["header"], length);
    if (auto error = safetensors::read_header(json.data(), json.size(), static_cast<std::uint64_t>(file_size), header))
      return refused(error);
  }
  if (auto error = session->loader.open(header, session->config)) return refused(error);
  val out = val::object();
  out.set("pieces", piece_list(session->loader));
  out.set("parameters", static_cast<double>(session->config.parameters()));
  out.set("id", sessions().add(std::move(session)).first);
  return out;
}

// gpt2Put(id, piece, offset, bytes: Uint8Array) → {} | { error: { kind } }: the piece's next bytes, whole elements.
val put(int id, double piece, double offset, const val& bytes) {
  auto* session = sessions().find(id);
  if (!session) return sessions().disposed();
  const auto size = static_cast<std::size_t>(bytes["length"].as<double>());
  const auto data = js::copy_in<std::uint8_t>(bytes, size);
  if (auto error = (*session)->loader.put(static_cast<std::size_t>(piece), static_cast<std::uint64_t>(offset),
                                          data.data(), size))
    return refused(error);
  return val::object();
}

// gpt2Finish(id) → { id, config, tokenizer } (a language model, as languageModelLoad answers) | { error: { kind } }:
// every piece put in full, the weights handed over as they are (no copy) and the session freed either way.
val finish(int id) {
  auto* found = sessions().find(id);
  if (!found) return sessions().disposed();
  std::unique_ptr<Session> session = std::move(*found);
  sessions().erase(id);
  if (auto error = session->loader.finish()) return refused(error);
  model::TrainedLanguageModel trained;
  trained.config = gpt2::language_model_config(session->config);
  trained.tokenizer = std::move(session->tokenizer);
  trained.parameters = session->loader.take_parameters();
  session.reset();
  return bindings::register_language_model(std::move(trained));
}

bool abort_session(int id) { return sessions().erase(id); }

// languageModelGpt2Files(id) → { weights: Uint8Array, config, vocab, merges } | { error: { kind } }: a language model
// of GPT-2's architecture with GPT-2's byte pairs (task.tokenizer 'gpt2-byte-pairs') as GPT-2's four files, which
// gpt2Open reads back to the same model. Another architecture is refused (kind 'config', naming its first
// difference), as is another tokenizer (kind 'vocab').
val export_files(int id) {
  auto* entry = bindings::language_models().find(id);
  if (!entry) return bindings::language_models().disposed();
  const model::TrainedLanguageModel& trained = entry->trained;
  std::vector<std::uint8_t> weights;
  if (auto error = gpt2::export_safetensors(trained.config, trained.parameters.data(), weights)) return refused(error);
  std::string vocab = trained.tokenizer.vocab_json();
  if (vocab.empty()) {
    return refused("vocab", "its tokenizer is not GPT-2's byte pairs: train it with task.tokenizer 'gpt2-byte-pairs'");
  }
  val out = val::object();
  out.set("weights", val::global("Uint8Array").new_(emscripten::typed_memory_view(weights.size(), weights.data())));
  out.set("config", gpt2::export_config(trained.config));
  out.set("vocab", std::move(vocab));
  out.set("merges", trained.tokenizer.merges_txt());
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(gpt2_module) {
  emscripten::function("gpt2HeaderLength", &header_length);
  emscripten::function("gpt2Open", &open);
  emscripten::function("gpt2Put", &put);
  emscripten::function("gpt2Finish", &finish);
  emscripten::function("gpt2Abort", &abort_session);
  emscripten::function("languageModelGpt2Files", &export_files);
  emscripten::function("languageModelMemoryStats", &bindings::memory_stats);
}
