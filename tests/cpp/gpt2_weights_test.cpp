// GPT-2's weights from files written as Hugging Face writes them (seeded random float32, float16 and bfloat16
// tensors, with and without the "transformer." prefix, the causal-mask buffers in place): every parameter lands where
// its name says in the language model's flat parameters (c_attn split into q, k and v), read piece by piece, and files
// that do not make the configured model are refused by kind.
#include "attn/gpt2_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "safetensors_files.h"

namespace {

using attn::gpt2::Config;
using attn::gpt2::ErrorKind;
using attn::testing::TensorSpec;

Config small_config(std::size_t vocabulary = 50) {
  Config c;
  c.n_layer = 2, c.n_head = 2, c.n_embd = 8, c.n_positions = 16, c.vocab_size = vocabulary, c.n_inner = 32;
  return c;
}

// Reads the file through load() from memory, recording the largest single read.
struct MemoryFile {
  const std::vector<std::uint8_t>& bytes;
  std::size_t largest_read = 0;
  std::uint64_t total_read = 0;

  attn::gpt2::ReadBytes reader() {
    return [this](std::uint64_t offset, std::size_t size, std::uint8_t* into) {
      if (offset > bytes.size() || size > bytes.size() - offset) return false;
      std::memcpy(into, bytes.data() + offset, size);
      largest_read = std::max(largest_read, size);
      total_read += size;
      return true;
    };
  }
};

attn::gpt2::Error load(const std::vector<std::uint8_t>& file, const Config& config, std::vector<float>& out,
                       std::size_t chunk = 4096) {
  MemoryFile source{file};
  return attn::gpt2::load(file.size(), source.reader(), config, out, chunk);
}

const TensorSpec& spec(const std::vector<TensorSpec>& tensors, const std::string& name) {
  for (const TensorSpec& t : tensors)
    if (t.name == name || t.name == "transformer." + name) return t;
  ADD_FAILURE() << "no tensor " << name;
  return tensors[0];
}

void expect_refused(const std::vector<TensorSpec>& tensors, const Config& config, ErrorKind kind,
                    const std::string& says) {
  std::vector<float> w;
  const attn::gpt2::Error error = load(attn::testing::gpt2_file(tensors, 7), config, w);
  EXPECT_EQ(attn::safetensors::kind_name(error.kind), std::string(attn::safetensors::kind_name(kind))) << error.message;
  EXPECT_NE(error.message.find(says), std::string::npos) << error.message;
}

// What the flat parameters must hold, from the tensors by name: each where the language model's layout puts it,
// c_attn's columns 0..D−1, D..2D−1 and 2D..3D−1 into q, k and v.
std::vector<float> expected_parameters(const std::vector<TensorSpec>& tensors, const Config& config) {
  const attn::model::LanguageModelLayout layout(attn::gpt2::language_model_config(config));
  std::vector<float> p(layout.count, -99.0f);
  auto put = [&](const std::string& name, std::size_t at) {
    const std::vector<float>& v = spec(tensors, name).values;
    std::copy(v.begin(), v.end(), p.begin() + static_cast<std::ptrdiff_t>(at));
  };
  put("wte.weight", layout.embedding);
  put("wpe.weight", layout.positions);
  put("ln_f.weight", layout.final_norm.gamma);
  put("ln_f.bias", layout.final_norm.beta);
  const std::size_t d = config.n_embd;
  for (std::size_t i = 0; i < config.n_layer; ++i) {
    const attn::model::ResidualBlock& b = layout.blocks[i];
    const std::string h = "h." + std::to_string(i) + ".";
    put(h + "ln_1.weight", b.attention_norm.gamma);
    put(h + "ln_1.bias", b.attention_norm.beta);
    put(h + "attn.c_proj.weight", b.self_attention.o.w);
    put(h + "attn.c_proj.bias", b.self_attention.o.b);
    put(h + "ln_2.weight", b.ffn_norm.gamma);
    put(h + "ln_2.bias", b.ffn_norm.beta);
    put(h + "mlp.c_fc.weight", b.ffn.expand.w);
    put(h + "mlp.c_fc.bias", b.ffn.expand.b);
    put(h + "mlp.c_proj.weight", b.ffn.contract.w);
    put(h + "mlp.c_proj.bias", b.ffn.contract.b);
    const std::vector<float>& w = spec(tensors, h + "attn.c_attn.weight").values;
    const std::vector<float>& bias = spec(tensors, h + "attn.c_attn.bias").values;
    const attn::model::Linear* maps[] = {&b.self_attention.q, &b.self_attention.k, &b.self_attention.v};
    for (std::size_t c = 0; c < 3 * d; ++c) {
      for (std::size_t r = 0; r < d; ++r) p[maps[c / d]->w + r * d + c % d] = w[r * 3 * d + c];
      p[maps[c / d]->b + c % d] = bias[c];
    }
  }
  return p;
}

TEST(Gpt2Weights, EveryParameterLandsWhereItsNameSays) {
  std::uint32_t seed = 1;
  for (const char* dtype : {"F32", "F16", "BF16"}) {
    for (bool prefixed : {false, true}) {
      const Config config = small_config();
      const std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(config, dtype, prefixed, seed * 1000);
      const std::vector<std::uint8_t> file = attn::testing::gpt2_file(tensors, seed++);
      std::vector<float> w;
      MemoryFile source{file};
      const attn::gpt2::Error error = attn::gpt2::load(file.size(), source.reader(), config, w, 64);
      ASSERT_FALSE(error) << dtype << " " << prefixed << ": " << error.message;
      const std::vector<float> expected = expected_parameters(tensors, config);
      ASSERT_EQ(w.size(), expected.size());
      EXPECT_EQ(w.size(), config.parameters());
      for (std::size_t i = 0; i < w.size(); ++i) {
        // NaN patterns of float16/bfloat16 stay NaN; the rest must be equal bit for bit.
        if (std::isnan(expected[i]) && std::isnan(w[i])) continue;
        ASSERT_EQ(w[i], expected[i]) << dtype << " " << prefixed << " parameter " << i;
      }
      // Piece by piece: no read larger than the chunk or the header, and the 16x16 masks (1 kB each) never read.
      const std::size_t header = file[0] | (file[1] << 8) | (file[2] << 16);
      EXPECT_LE(source.largest_read, std::max<std::size_t>(64, header));
      EXPECT_EQ(source.total_read, 8 + header + config.parameters() * (dtype == std::string("F32") ? 4 : 2));
    }
  }
}

TEST(Gpt2Weights, ReadsTheRealVocabularysWidthAndConfigJson) {
  Config config;
  const std::string text = attn::testing::gpt2_config_json(small_config(50257));
  ASSERT_FALSE(attn::gpt2::read_config(text, config));
  EXPECT_EQ(config.n_layer, 2u);
  EXPECT_EQ(config.n_head, 2u);
  EXPECT_EQ(config.n_embd, 8u);
  EXPECT_EQ(config.n_positions, 16u);
  EXPECT_EQ(config.vocab_size, 50257u);
  EXPECT_EQ(config.n_inner, 32u);
  EXPECT_EQ(config.layer_norm_epsilon, 1e-5);
  const std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(config, "F16", true, 3);
  std::vector<float> w;
  ASSERT_FALSE(load(attn::testing::gpt2_file(tensors, 3), config, w, std::size_t{1} << 16));
  const std::vector<float>& wte = spec(tensors, "wte.weight").values;
  EXPECT_TRUE(std::equal(wte.begin(), wte.end(), w.begin()));  // the embedding table comes first
  EXPECT_EQ(wte.size(), 50257u * 8);
  // GPT-2 small's count, the figure Hugging Face gives for it.
  Config gpt2;
  gpt2.n_layer = 12, gpt2.n_head = 12, gpt2.n_embd = 768, gpt2.n_positions = 1024, gpt2.vocab_size = 50257;
  gpt2.n_inner = 3072;
  EXPECT_EQ(gpt2.parameters(), 124439808u);
}

TEST(Gpt2Weights, RefusesAMissingTensor) {
  const Config config = small_config();
  for (bool prefixed : {false, true}) {
    std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(config, "F32", prefixed, 11);
    tensors.erase(std::find_if(tensors.begin(), tensors.end(),
                               [](const TensorSpec& t) { return t.name.find("h.1.ln_2.bias") != std::string::npos; }));
    expect_refused(tensors, config, ErrorKind::missing,
                   "the file has no tensor \"h.1.ln_2.bias\" (nor \"transformer.h.1.ln_2.bias\")");
  }
}

TEST(Gpt2Weights, RefusesAConfigThatDoesNotMatchTheTensors) {
  const std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(small_config(), "F32", false, 12);
  Config wider = small_config();
  wider.n_embd = 16, wider.n_inner = 64;
  expect_refused(tensors, wider, ErrorKind::shape,
                 "tensor \"wte.weight\" has shape [50, 8], but config.json implies [50, 16]");
  Config shorter = small_config();
  shorter.n_positions = 8;
  expect_refused(tensors, shorter, ErrorKind::shape,
                 "tensor \"wpe.weight\" has shape [16, 8], but config.json implies [8, 8]");
  Config fewer = small_config();
  fewer.n_layer = 1;
  expect_refused(tensors, fewer, ErrorKind::config, "the file has tensor \"h.1.");
  Config more = small_config();
  more.n_layer = 3;
  expect_refused(tensors, more, ErrorKind::missing, "the file has no tensor \"h.2.ln_1.weight\"");
}

TEST(Gpt2Weights, RefusesAMismatchedTiedHeadATwiceGivenParameterAndAnUnreadableDtype) {
  const Config config = small_config();
  std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(config, "F32", true, 13);
  tensors.back() = attn::testing::random_tensor("lm_head.weight", "F32", {50, 4}, 1);
  expect_refused(tensors, config, ErrorKind::shape, "tensor \"lm_head.weight\" has shape [50, 4]");

  tensors = attn::testing::gpt2_tensors(config, "F32", false, 14);
  tensors.push_back(attn::testing::random_tensor("transformer.ln_f.bias", "F32", {8}, 2));
  expect_refused(tensors, config, ErrorKind::header, "are the same parameter");

  tensors = attn::testing::gpt2_tensors(config, "F32", false, 15);
  for (TensorSpec& t : tensors) {
    if (t.name == "h.0.ln_1.bias") t.dtype = "I32";  // same size, wrong type
  }
  expect_refused(tensors, config, ErrorKind::dtype, "tensor \"h.0.ln_1.bias\" has dtype I32");
}

TEST(Gpt2Weights, RefusesAFileCutShort) {
  const Config config = small_config();
  const std::vector<std::uint8_t> file =
      attn::testing::gpt2_file(attn::testing::gpt2_tensors(config, "F16", false, 16), 4);
  const std::vector<std::uint8_t> cut(file.begin(), file.end() - 100);
  std::vector<float> w;
  const attn::gpt2::Error error = load(cut, config, w);
  EXPECT_EQ(error.kind, ErrorKind::truncated) << error.message;
  EXPECT_NE(error.message.find("the file ends inside tensor"), std::string::npos) << error.message;
}

TEST(Gpt2Weights, LoaderTakesEachTensorsBytesInOrderAndInFull) {
  const Config config = small_config();
  const std::vector<std::uint8_t> file =
      attn::testing::gpt2_file(attn::testing::gpt2_tensors(config, "F16", false, 17), 5);
  attn::safetensors::Header header;
  ASSERT_FALSE(attn::safetensors::read_header(file.data(), file.size(), header));
  attn::gpt2::Loader loader;
  ASSERT_FALSE(loader.open(header, config));
  EXPECT_EQ(loader.pieces().size(), 4 + 2 * 12u);
  const attn::gpt2::Piece& p = loader.pieces()[0];
  const std::uint8_t* at = file.data() + p.file_offset;
  EXPECT_EQ(loader.put(0, 2, at + 2, 2).kind, ErrorKind::usage);  // not the next bytes
  EXPECT_EQ(loader.put(0, 0, at, 3).kind, ErrorKind::usage);      // half an element
  EXPECT_EQ(loader.put(99, 0, at, 2).kind, ErrorKind::usage);
  ASSERT_FALSE(loader.put(0, 0, at, 4));
  const attn::gpt2::Error unfinished = loader.finish();
  EXPECT_EQ(unfinished.kind, ErrorKind::truncated);
  EXPECT_NE(unfinished.message.find("has 4 of its"), std::string::npos) << unfinished.message;
  EXPECT_EQ(loader.put(0, 4, at + 4, p.tensor.bytes()).kind, ErrorKind::usage);  // past its end
}

TEST(Gpt2Weights, RefusesConfigsItCannotUse) {
  const std::pair<std::string, std::string> cases[] = {
      {"{\"n_layer\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50}", "config.json has no n_head"},
      {"{\"n_layer\":2,\"n_head\":3,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50}",
       "n_head = 3 must divide n_embd = 8"},
      {"{\"n_layer\":0,\"n_head\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50}",
       "n_layer must be a whole number from 1 to 256, got 0"},
      {"{\"n_layer\":2,\"n_head\":2,\"n_embd\":8.5,\"n_positions\":16,\"vocab_size\":50}", "got 8.5"},
      {"{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"vocab_size\":50}", "neither n_positions nor n_ctx"},
      {"{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":\"50\"}", "got a string"},
      {"{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50,\"layer_norm_epsilon\":-1}",
       "layer_norm_epsilon must be a number in (0, 1), got -1"},
      {"{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50,\"activation_function\":"
       "\"relu\"}",
       "activation_function must be \"gelu_new\" (GPT-2's tanh form), got \"relu\""},
      {"[]", "config.json must hold a JSON object"},
      {"{\"n_layer\":2,", "config.json is not JSON"},
  };
  for (const auto& [text, says] : cases) {
    Config c;
    const attn::gpt2::Error error = attn::gpt2::read_config(text, c);
    EXPECT_EQ(error.kind, ErrorKind::config) << text;
    EXPECT_NE(error.message.find(says), std::string::npos) << error.message;
  }
  Config c;
  ASSERT_FALSE(
      attn::gpt2::read_config("{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"n_ctx\":16,\"vocab_size\":50,"
                              "\"n_inner\":null}",
                              c));
  EXPECT_EQ(c.n_positions, 16u);  // older files: n_ctx
  EXPECT_EQ(c.n_inner, 32u);      // null: 4·n_embd
  ASSERT_FALSE(
      attn::gpt2::read_config("{\"n_layer\":2,\"n_head\":2,\"n_embd\":8,\"n_positions\":16,\"vocab_size\":50,"
                              "\"n_inner\":24,\"layer_norm_epsilon\":1e-6}",
                              c));
  EXPECT_EQ(c.n_inner, 24u);
  EXPECT_EQ(c.layer_norm_epsilon, 1e-6);
}

// The fuzzer's seeds (tests/fuzz/corpus/safetensors) reach the end of a load, so that fuzzing starts from files
// that pass every check rather than only from refusals.
TEST(Gpt2Weights, TheFuzzersSeedsLoadAsItsTinyModel) {
  Config tiny;
  tiny.n_layer = 1, tiny.n_head = 1, tiny.n_embd = 2, tiny.n_positions = 2, tiny.vocab_size = 3, tiny.n_inner = 8;
  for (const char* seed : {"gpt2-tiny-f32", "gpt2-tiny-f16-prefixed"}) {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fuzz/corpus/safetensors/" + seed, std::ios::binary);
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(file.empty()) << seed;
    std::vector<float> w;
    const attn::gpt2::Error error = load(file, tiny, w, 8);
    EXPECT_FALSE(error) << seed << ": " << error.message;
    EXPECT_EQ(w.size(), tiny.parameters());
  }
  std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fuzz/corpus/safetensors/config");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Config read;
  ASSERT_FALSE(attn::gpt2::read_config(text, read));
  EXPECT_EQ(read.parameters(), tiny.parameters());
}

}  // namespace
