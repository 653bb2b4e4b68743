// GPT-2 opened into our language model: files written as Hugging Face writes them (seeded random float32 and
// float16 tensors, scaled as a trained model's are so that no softmax saturates), loaded through gpt2::load, then
// our forward pass against a float64 GPT-2 written here from the raw tensors and nothing else of ours
// (log-probabilities and every head's attention within 1e-4), the cached step against the whole pass, and a head
// switched off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "attn/gpt2_weights.h"
#include "attn/language_model.h"
#include "safetensors_files.h"

namespace {

using attn::gpt2::Config;
using attn::model::LanguageModel;
using attn::model::LanguageModelActivations;
using attn::testing::TensorSpec;
using Matrix = std::vector<double>;  // row-major

Config small_config() {
  Config c;
  c.n_layer = 2, c.n_head = 4, c.n_embd = 32, c.n_positions = 24, c.vocab_size = 300, c.n_inner = 128;
  return c;
}

// A float32 value stored as `dtype`, truncated to it (float16: the normal range, smaller values as zero), with the
// value the file then holds.
void append_value(TensorSpec& t, float v) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &v, 4);
  if (t.dtype == "F32") {
    for (int k = 0; k < 4; ++k) t.data.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
    t.values.push_back(v);
    return;
  }
  std::uint16_t small = 0;
  if (t.dtype == "BF16") {
    small = static_cast<std::uint16_t>(bits >> 16);
  } else {
    const int exponent = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
    if (exponent > 0 && exponent < 31)
      small = static_cast<std::uint16_t>(((bits >> 16) & 0x8000) | (exponent << 10) | ((bits >> 13) & 0x3ff));
  }
  t.data.push_back(static_cast<std::uint8_t>(small & 0xff));
  t.data.push_back(static_cast<std::uint8_t>(small >> 8));
  t.values.push_back(t.dtype == "BF16" ? attn::testing::bfloat16_value(small) : attn::testing::half_value(small));
}

// gpt2_tensors' names, shapes and buffers with values of a trained model's scale: gains about 1, biases and
// embeddings small, each weight's column a unit-variance sum over its inputs.
std::vector<TensorSpec> gpt2_scaled_tensors(const Config& c, const std::string& dtype, std::uint32_t seed) {
  std::vector<TensorSpec> tensors = attn::testing::gpt2_tensors(c, dtype, seed % 2 == 1, seed);
  std::mt19937 rng(seed);
  for (TensorSpec& t : tensors) {
    const auto ends = [&](const char* suffix) {
      return t.name.size() >= std::strlen(suffix) &&
             t.name.compare(t.name.size() - std::strlen(suffix), std::string::npos, suffix) == 0;
    };
    if (ends("attn.bias") || ends("attn.masked_bias")) continue;  // the mask buffers
    const bool norm = t.name.find("ln_") != std::string::npos;
    const double spread = norm && ends(".weight") ? 0.3
                          : ends(".bias")         ? 0.1
                          : t.name.find("wte") != std::string::npos || t.name.find("wpe") != std::string::npos ||
                                  t.name == "lm_head.weight"
                              ? 0.5
                              : std::sqrt(3.0 / static_cast<double>(t.shape[0]));
    const std::vector<float> old_values = t.values;
    t.data.clear();
    t.values.clear();
    for (std::size_t i = 0; i < old_values.size(); ++i) {
      const double u = std::uniform_real_distribution<double>(-1.0, 1.0)(rng) * spread;
      append_value(t, static_cast<float>(norm && ends(".weight") ? 1.0 + u : u));
    }
  }
  // lm_head.weight (the prefixed files') is wte, as Hugging Face writes it.
  for (TensorSpec& t : tensors) {
    if (t.name != "lm_head.weight") continue;
    t = tensors[0];
    t.name = "lm_head.weight";
  }
  return tensors;
}

const std::vector<float>& values(const std::vector<TensorSpec>& tensors, const std::string& name) {
  for (const TensorSpec& t : tensors)
    if (t.name == name || t.name == "transformer." + name) return t.values;
  ADD_FAILURE() << "no tensor " << name;
  return tensors[0].values;
}

// GPT-2 in float64 from the tensors as Hugging Face's modelling code computes it, written from GPT2-FILES.md.
struct Reference {
  std::vector<Matrix> attention;  // per layer: [head][query][key]
  Matrix log_probs;               // tokens × vocabulary
};

Matrix layer_norm(const Matrix& x, std::size_t d, const std::vector<float>& gain, const std::vector<float>& bias,
                  double epsilon) {
  Matrix out(x.size());
  for (std::size_t r = 0; r < x.size() / d; ++r) {
    double mean = 0, var = 0;
    for (std::size_t j = 0; j < d; ++j) mean += x[r * d + j] / static_cast<double>(d);
    for (std::size_t j = 0; j < d; ++j) var += (x[r * d + j] - mean) * (x[r * d + j] - mean) / static_cast<double>(d);
    for (std::size_t j = 0; j < d; ++j)
      out[r * d + j] = (x[r * d + j] - mean) / std::sqrt(var + epsilon) * gain[j] + bias[j];
  }
  return out;
}

// x (rows × in) · W (in × out) + b: a Conv1D.
Matrix conv1d(const Matrix& x, std::size_t in, const std::vector<float>& w, const std::vector<float>& b) {
  const std::size_t out = b.size(), rows = x.size() / in;
  Matrix y(rows * out);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t o = 0; o < out; ++o) {
      double s = b[o];
      for (std::size_t i = 0; i < in; ++i) s += x[r * in + i] * w[i * out + o];
      y[r * out + o] = s;
    }
  return y;
}

Reference gpt2_reference(const std::vector<TensorSpec>& t, const Config& c, const std::vector<int>& tokens,
                         const std::vector<std::uint8_t>& heads_on = {}) {
  const std::size_t n = tokens.size(), d = c.n_embd, heads = c.n_head, dh = d / heads, v = c.vocab_size;
  const std::vector<float>&wte = values(t, "wte.weight"), &wpe = values(t, "wpe.weight");
  Matrix x(n * d);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < d; ++j) x[i * d + j] = double{wte[tokens[i] * d + j]} + wpe[i * d + j];
  Reference ref;
  for (std::size_t l = 0; l < c.n_layer; ++l) {
    const std::string h = "h." + std::to_string(l) + ".";
    const Matrix qkv =
        conv1d(layer_norm(x, d, values(t, h + "ln_1.weight"), values(t, h + "ln_1.bias"), c.layer_norm_epsilon), d,
               values(t, h + "attn.c_attn.weight"), values(t, h + "attn.c_attn.bias"));
    Matrix pattern(heads * n * n, 0.0), mixed(n * d, 0.0);
    for (std::size_t head = 0; head < heads; ++head) {
      for (std::size_t i = 0; i < n; ++i) {
        std::vector<double> logits(i + 1);
        double top = -INFINITY, sum = 0;
        for (std::size_t j = 0; j <= i; ++j) {
          double s = 0;
          for (std::size_t k = 0; k < dh; ++k) s += qkv[i * 3 * d + head * dh + k] * qkv[j * 3 * d + d + head * dh + k];
          logits[j] = s / std::sqrt(static_cast<double>(dh));
          top = std::max(top, logits[j]);
        }
        for (std::size_t j = 0; j <= i; ++j) sum += std::exp(logits[j] - top);
        for (std::size_t j = 0; j <= i; ++j) {
          const double p = std::exp(logits[j] - top) / sum;
          pattern[(head * n + i) * n + j] = p;
          if (!heads_on.empty() && !heads_on[l * heads + head]) continue;
          for (std::size_t k = 0; k < dh; ++k)
            mixed[i * d + head * dh + k] += p * qkv[j * 3 * d + 2 * d + head * dh + k];
        }
      }
    }
    ref.attention.push_back(pattern);
    const Matrix attn_out = conv1d(mixed, d, values(t, h + "attn.c_proj.weight"), values(t, h + "attn.c_proj.bias"));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] += attn_out[i];
    Matrix hidden =
        conv1d(layer_norm(x, d, values(t, h + "ln_2.weight"), values(t, h + "ln_2.bias"), c.layer_norm_epsilon), d,
               values(t, h + "mlp.c_fc.weight"), values(t, h + "mlp.c_fc.bias"));
    for (double& a : hidden) a = 0.5 * a * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (a + 0.044715 * a * a * a)));
    const Matrix mlp_out =
        conv1d(hidden, c.n_inner, values(t, h + "mlp.c_proj.weight"), values(t, h + "mlp.c_proj.bias"));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] += mlp_out[i];
  }
  const Matrix final = layer_norm(x, d, values(t, "ln_f.weight"), values(t, "ln_f.bias"), c.layer_norm_epsilon);
  ref.log_probs.assign(n * v, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    double top = -INFINITY, sum = 0;
    for (std::size_t w = 0; w < v; ++w) {
      double s = 0;
      for (std::size_t j = 0; j < d; ++j) s += final[i * d + j] * wte[w * d + j];
      ref.log_probs[i * v + w] = s;
      top = std::max(top, s);
    }
    for (std::size_t w = 0; w < v; ++w) sum += std::exp(ref.log_probs[i * v + w] - top);
    for (std::size_t w = 0; w < v; ++w) ref.log_probs[i * v + w] -= top + std::log(sum);
  }
  return ref;
}

std::vector<double> log_softmax(const float* logits, std::size_t v) {
  double top = -INFINITY, sum = 0;
  for (std::size_t w = 0; w < v; ++w) top = std::max(top, double{logits[w]});
  for (std::size_t w = 0; w < v; ++w) sum += std::exp(logits[w] - top);
  std::vector<double> out(v);
  for (std::size_t w = 0; w < v; ++w) out[w] = logits[w] - top - std::log(sum);
  return out;
}

struct Opened {
  Config config;
  std::vector<TensorSpec> tensors;
  std::vector<float> params;
};

Opened open_random_gpt2(const std::string& dtype, std::uint32_t seed) {
  Opened o{small_config(), gpt2_scaled_tensors(small_config(), dtype, seed), {}};
  const std::vector<std::uint8_t> file = attn::testing::gpt2_file(o.tensors, seed);
  // 96-byte chunks: c_attn's rows (96 floats) are cut across q, k and v and across rows.
  const attn::gpt2::Error error = attn::gpt2::load(file.size(), attn::testing::read_from(file), o.config, o.params, 96);
  EXPECT_FALSE(error) << error.message;
  return o;
}

std::vector<int> random_tokens(std::size_t n, std::size_t v, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<int> tokens(n);
  for (int& t : tokens) t = static_cast<int>(rng() % v);
  return tokens;
}

struct Worst {
  double log_prob = 0, attention = 0;
};

// Our forward pass's log-probabilities and attention against the reference's.
Worst compare(const LanguageModelActivations& act, const Reference& ref, std::size_t v, std::size_t heads) {
  Worst worst;
  const std::size_t n = act.tokens.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<double> ours = log_softmax(act.logits.data() + i * v, v);
    for (std::size_t w = 0; w < v; ++w)
      worst.log_prob = std::max(worst.log_prob, std::abs(ours[w] - ref.log_probs[i * v + w]));
  }
  for (std::size_t l = 0; l < act.blocks.size(); ++l)
    for (std::size_t k = 0; k < heads * n * n; ++k)
      worst.attention =
          std::max(worst.attention, std::abs(double{act.blocks[l].self_attention.weights[k]} - ref.attention[l][k]));
  return worst;
}

TEST(Gpt2Model, OurForwardPassIsGpt2sWithinFloatRounding) {
  std::uint32_t seed = 40;
  for (const char* dtype : {"F32", "F16"}) {
    const Opened o = open_random_gpt2(dtype, seed++);
    const attn::model::LanguageModelConfig lm = attn::gpt2::language_model_config(o.config);
    const std::vector<int> tokens = random_tokens(o.config.n_positions, o.config.vocab_size, seed++);
    const Reference ref = gpt2_reference(o.tensors, o.config, tokens);
    for (const attn::KernelSet* kernels : {&attn::reference_kernels(), &attn::fast_kernels()}) {
      LanguageModel model(lm, *kernels);
      LanguageModelActivations act;
      model.forward(o.params.data(), tokens, 1.0f, act);
      const Worst worst = compare(act, ref, o.config.vocab_size, o.config.n_head);
      std::printf("%s file, %s kernels, %zu tokens: worst log-probability error %.2e, attention weight %.2e\n", dtype,
                  kernels == &attn::fast_kernels() ? "fast" : "reference", tokens.size(), worst.log_prob,
                  worst.attention);
      EXPECT_LE(worst.log_prob, 1e-4);
      EXPECT_LE(worst.attention, 1e-4);
    }
  }
}

TEST(Gpt2Model, TheCachedStepIsTheWholePassAndRefusesPastTheContext) {
  const Opened o = open_random_gpt2("F32", 50);
  const attn::model::LanguageModelConfig lm = attn::gpt2::language_model_config(o.config);
  const std::vector<int> tokens = random_tokens(o.config.n_positions, o.config.vocab_size, 51);
  LanguageModel model(lm, attn::fast_kernels());
  LanguageModelActivations act;
  model.forward(o.params.data(), tokens, 1.0f, act);
  attn::model::KeyValueCache cache(lm);
  attn::model::StepOutput out;
  const std::size_t n = tokens.size(), v = o.config.vocab_size, heads = o.config.n_head;
  double worst_logit = 0, worst_weight = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(model.step(o.params.data(), tokens[i], cache, 1.0f, out));
    for (std::size_t w = 0; w < v; ++w)
      worst_logit = std::max(worst_logit, double{std::abs(out.logits[w] - act.logits[i * v + w])});
    for (std::size_t l = 0; l < lm.layers; ++l)
      for (std::size_t h = 0; h < heads; ++h)
        for (std::size_t j = 0; j <= i; ++j)
          worst_weight =
              std::max(worst_weight, double{std::abs(out.attention[(l * heads + h) * (i + 1) + j] -
                                                     act.blocks[l].self_attention.weights[(h * n + i) * n + j])});
  }
  std::printf("cached step against the whole pass: worst logit %.2e, attention weight %.2e\n", worst_logit,
              worst_weight);
  EXPECT_LE(worst_logit, 1e-4);
  EXPECT_LE(worst_weight, 1e-5);
  // Learned positions have no row past the context: neither step() nor step_at() reads there.
  EXPECT_FALSE(model.step(o.params.data(), tokens[0], cache, 1.0f, out));
  cache.evict(0);
  EXPECT_FALSE(model.step_at(o.params.data(), tokens[0], n, cache, 1.0f, out));
  EXPECT_EQ(cache.length(), n - 1);  // unchanged
}

TEST(Gpt2Model, AHeadSwitchedOffIsZeroedBeforeTheOutputProjection) {
  const Opened o = open_random_gpt2("F32", 60);
  const attn::model::LanguageModelConfig lm = attn::gpt2::language_model_config(o.config);
  const std::vector<int> tokens = random_tokens(12, o.config.vocab_size, 61);
  std::vector<std::uint8_t> heads_on(lm.layers * lm.heads, 1);
  heads_on[1 * lm.heads + 2] = 0;  // layer 1, head 2
  heads_on[0 * lm.heads + 0] = 0;  // layer 0, head 0
  const Reference off = gpt2_reference(o.tensors, o.config, tokens, heads_on);
  const Reference on = gpt2_reference(o.tensors, o.config, tokens);
  LanguageModel model(lm, attn::fast_kernels());
  LanguageModelActivations act;
  model.forward(o.params.data(), tokens, 1.0f, act, nullptr, heads_on.data());
  const Worst worst = compare(act, off, o.config.vocab_size, o.config.n_head);
  EXPECT_LE(worst.log_prob, 1e-4);
  EXPECT_LE(worst.attention, 1e-4);  // an off head's weights are still computed (the maps show what it would read)
  double moved = 0;                  // the heads matter: switching them off moves the prediction
  for (std::size_t k = 0; k < on.log_probs.size(); ++k)
    moved = std::max(moved, std::abs(on.log_probs[k] - off.log_probs[k]));
  EXPECT_GT(moved, 1e-2);
  // The cached step with the same heads off gives the same last row.
  attn::model::KeyValueCache cache(lm);
  attn::model::StepOutput out;
  for (int token : tokens) ASSERT_TRUE(model.step(o.params.data(), token, cache, 1.0f, out, heads_on.data()));
  const std::vector<double> last = log_softmax(out.logits.data(), o.config.vocab_size);
  for (std::size_t w = 0; w < o.config.vocab_size; ++w)
    EXPECT_NEAR(last[w], off.log_probs[(tokens.size() - 1) * o.config.vocab_size + w], 1e-4);
}

}  // namespace
