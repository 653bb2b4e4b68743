// The public calls' argument checks (cpp/include/attn/call_checks.h, what the bindings run on what JavaScript
// passed), driven with any numbers: 0, negative, fractional, NaN, infinite, 2^31, 2^32, mismatched lengths,
// unknown mask kinds. A call the checks pass then runs as the bindings run it, with data that may hold NaN or
// mask bytes other than 0/1 (which the next checks must refuse), on both the reference and the fast kernels,
// which must agree.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "attn/attention.h"
#include "attn/call_checks.h"
#include "attn/matmul.h"
#include "attn/multi_head.h"
#include "fuzz_check.h"

using namespace attn;

namespace {

constexpr double kMaxFloatsRun = 1024;  // larger calls are checked but not run: the fuzzer stays fast

double hostile_number(FuzzedDataProvider& p) {
  static const double palette[] = {
      0,     -1,    0.5,   1.5,    std::nan(""),      INFINITY, -INFINITY, 2147483648.0, 4294967296.0,
      1e300, 65536, 65537, 1e-300, 9007199254740993.0};
  return palette[p.ConsumeIntegralInRange<std::size_t>(0, std::size(palette) - 1)];
}

// Usually small and whole (so calls get past the checks), sometimes hostile.
double size_number(FuzzedDataProvider& p) {
  return p.ConsumeIntegralInRange<int>(0, 7) == 0 ? hostile_number(p) : p.ConsumeIntegralInRange<int>(1, 9);
}

// `right` most of the time, anything otherwise.
double maybe(FuzzedDataProvider& p, double right) {
  return p.ConsumeIntegralInRange<int>(0, 9) == 0 ? size_number(p) : right;
}

check::MatrixArg matrix(FuzzedDataProvider& p, const char* name, double rows, double cols, bool batched = false,
                        double heads = 1) {
  check::MatrixArg m{name, maybe(p, rows), maybe(p, cols), 0, batched ? maybe(p, heads) : 1, batched};
  m.length = maybe(p, m.heads * m.rows * m.cols);
  return m;
}

check::MaskSpec mask(FuzzedDataProvider& p, double sq, double sk) {
  switch (p.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      return {"none", 0};
    case 1:
      return {"causal", 0};
    case 2:
      return {p.ConsumeRandomLengthString(12), 0};
    default:
      return {"explicit", maybe(p, sq * sk)};
  }
}

check::OptionalNumber scale(FuzzedDataProvider& p) {
  switch (p.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return {true, hostile_number(p)};
    case 1:
      return {true, p.ConsumeFloatingPointInRange<double>(-2, 2)};
    default:
      return {};
  }
}

double temperature(FuzzedDataProvider& p) {
  return p.ConsumeIntegralInRange<int>(0, 5) == 0 ? hostile_number(p) : p.ConsumeFloatingPointInRange<double>(0.25, 8);
}

// Data in [-2, 2] (sixteenths), with one NaN or infinity when asked.
std::vector<float> data(FuzzedDataProvider& p, double count, bool poison) {
  std::vector<float> out(static_cast<std::size_t>(count));
  for (float& x : out) x = static_cast<float>(p.ConsumeIntegralInRange<int>(-32, 32)) / 16;
  if (poison && !out.empty())
    out[p.ConsumeIntegralInRange<std::size_t>(0, out.size() - 1)] = p.ConsumeBool() ? NAN : INFINITY;
  return out;
}

// An explicit mask's bytes, sometimes with a 2 (refused by mask_values); `storage` backs `m`.
Mask run_mask(FuzzedDataProvider& p, const check::MaskSpec& spec, std::size_t sq, std::size_t sk,
              std::vector<std::uint8_t>& storage, bool& refused) {
  Mask m;
  refused = false;
  if (spec.kind == "causal") m.kind = MaskKind::causal;
  if (spec.kind != "explicit") return m;
  storage.resize(sq * sk);
  for (auto& b : storage) b = p.ConsumeIntegralInRange<int>(0, 50) == 0 ? 2 : p.ConsumeIntegralInRange<int>(0, 4) != 0;
  refused = static_cast<bool>(check::mask_values(storage.data(), storage.size(), sk));
  FUZZ_CHECK(refused == (std::find(storage.begin(), storage.end(), 2) != storage.end()));
  m.kind = MaskKind::explicit_;
  m.allowed = storage.data();
  return m;
}

bool finite_ok(const char* name, const std::vector<float>& values, std::size_t cols, bool poisoned) {
  const bool refused = static_cast<bool>(check::finite(name, values.data(), values.size(), cols));
  FUZZ_CHECK(refused == poisoned);
  return !refused;
}

// The call under way, for the message when an invariant breaks.
char call_description[256];

void expect_close(const std::vector<float>& fast, const std::vector<float>& reference, double tolerance) {
  FUZZ_CHECK(fast.size() == reference.size());
  for (std::size_t i = 0; i < fast.size(); ++i) {
    if (!std::isfinite(fast[i]) || !std::isfinite(reference[i]) ||
        std::fabs(fast[i] - reference[i]) > tolerance * std::max(1.0f, std::fabs(reference[i]))) {
      std::fprintf(stderr, "%s: entry %zu of %zu: fast %.9g, reference %.9g\n", call_description, i, fast.size(),
                   fast[i], reference[i]);
      FUZZ_CHECK(!"fast and reference kernels agree");
    }
  }
}

// Compared only where rounding cannot flip a near-tie into a different answer: soft weights, moderate logits.
bool comparable(double scale, double temperature, bool hard) { return !hard && std::fabs(scale) / temperature <= 4; }

void fuzz_attention(FuzzedDataProvider& p) {
  const bool batched = p.ConsumeBool();
  const double heads = size_number(p), sq = size_number(p), sk = size_number(p), dk = size_number(p),
               dv = size_number(p);
  check::AttentionCall call{matrix(p, "q", sq, dk, batched, heads),
                            matrix(p, "k", sk, dk, batched, heads),
                            matrix(p, "v", sk, dv, batched, heads),
                            mask(p, sq, sk),
                            scale(p),
                            temperature(p),
                            p.ConsumeBool()};
  const bool hard = p.ConsumeBool();
  double s = 0;
  if (check::attention_call(call, s)) return;
  const double total =
      call.q.length + call.k.length + call.v.length + call.q.heads * call.q.rows * (call.k.rows + call.v.cols);
  if (total > kMaxFloatsRun) return;
  const bool poison = p.ConsumeIntegralInRange<int>(0, 9) == 0;
  const auto qd = data(p, call.q.length, poison), kd = data(p, call.k.length, false),
             vd = data(p, call.v.length, false);
  const std::size_t h = call.q.heads, rq = call.q.rows, rk = call.k.rows, wk = call.q.cols, wv = call.v.cols;
  if (!finite_ok("q.data", qd, wk, poison)) return;
  std::vector<std::uint8_t> storage;
  bool refused = false;
  const Mask m = run_mask(p, call.mask, rq, rk, storage, refused);
  if (refused) return;
  const LogitParams params{static_cast<float>(s), static_cast<float>(call.temperature), hard};
  std::snprintf(call_description, sizeof call_description,
                "attention heads %zu, Sq %zu, Sk %zu, dk %zu, dv %zu, mask %s, scale %g, temperature %g, weights %d", h,
                rq, rk, wk, wv, call.mask.kind.c_str(), s, call.temperature, call.weights);
  std::vector<float> out[2], weights[2];
  for (int fast = 0; fast < 2; ++fast) {
    out[fast].assign(h * rq * wv, -1);
    weights[fast].assign(h * rq * rk, -1);
    std::vector<float> workspace(std::max(
        fast ? attention_workspace_floats_fast(rq, rk, wk, wv) : attention_workspace_floats_reference(rq, rk, wk, wv),
        fast ? attention_streaming_workspace_floats_fast(rq, rk, wk, wv)
             : attention_streaming_workspace_floats_reference(rq, rk, wk, wv)));
    for (std::size_t i = 0; i < h; ++i) {
      const auto qh = dense(qd.data() + i * rq * wk, rq, wk), kh = dense(kd.data() + i * rk * wk, rk, wk),
                 vh = dense(vd.data() + i * rk * wv, rk, wv);
      const auto oh = dense(out[fast].data() + i * rq * wv, rq, wv);
      if (call.weights) {
        (fast ? attention_fast : attention_reference)(
            qh, kh, vh, m, params, oh, dense(weights[fast].data() + i * rq * rk, rq, rk), workspace.data());
      } else {
        (fast ? attention_streaming_fast : attention_streaming_reference)(qh, kh, vh, m, params, oh, workspace.data());
      }
    }
  }
  if (call.weights) fuzz::check_rows(weights[0], rk);
  if (comparable(s, call.temperature, hard)) {
    expect_close(out[1], out[0], 2e-3);
    if (call.weights) expect_close(weights[1], weights[0], 2e-3);
  }
}

void fuzz_multi_head(FuzzedDataProvider& p) {
  const double kv_heads = size_number(p), groups = size_number(p), width = size_number(p);
  const double heads = maybe(p, kv_heads * groups), d = maybe(p, heads * width), kvw = kv_heads * width;
  const double sq = size_number(p), sk = size_number(p);
  auto bias = [&](double length) {
    return p.ConsumeBool() ? check::OptionalVector{true, maybe(p, length)} : check::OptionalVector{};
  };
  check::MultiHeadCall call{matrix(p, "xq", sq, d),
                            matrix(p, "xkv", sk, d),
                            matrix(p, "wq", d, d),
                            matrix(p, "wk", d, kvw),
                            matrix(p, "wv", d, kvw),
                            matrix(p, "wo", d, d),
                            bias(d),
                            bias(kvw),
                            bias(kvw),
                            bias(d),
                            heads,
                            maybe(p, kv_heads),
                            mask(p, sq, sk),
                            scale(p),
                            temperature(p)};
  const bool hard = p.ConsumeBool();
  double s = 0;
  if (check::multi_head_call(call, s)) return;
  const MultiHeadShape shape{static_cast<std::size_t>(call.xq.rows), static_cast<std::size_t>(call.xkv.rows),
                             static_cast<std::size_t>(call.xq.cols), static_cast<std::size_t>(call.heads),
                             static_cast<std::size_t>(call.kv_heads)};
  const double total = call.xq.length + call.xkv.length + call.wq.length + call.wk.length + call.wv.length +
                       call.wo.length + call.heads * call.xq.rows * call.xkv.rows;
  if (total > kMaxFloatsRun) return;
  std::vector<float> inputs[6];
  const check::MatrixArg* args[6] = {&call.xq, &call.xkv, &call.wq, &call.wk, &call.wv, &call.wo};
  for (int i = 0; i < 6; ++i) inputs[i] = data(p, args[i]->length, false);
  std::vector<float> biases[4];
  const check::OptionalVector* bias_args[4] = {&call.bq, &call.bk, &call.bv, &call.bo};
  for (int i = 0; i < 4; ++i)
    if (bias_args[i]->present) biases[i] = data(p, bias_args[i]->length, false);
  std::vector<std::uint8_t> storage;
  bool refused = false;
  const Mask m = run_mask(p, call.mask, shape.sq, shape.sk, storage, refused);
  if (refused) return;
  auto optional = [](const std::vector<float>& b) { return b.empty() ? nullptr : b.data(); };
  const MultiHeadWeights w{inputs[2].data(),    inputs[3].data(),    inputs[4].data(),    inputs[5].data(),
                           optional(biases[0]), optional(biases[1]), optional(biases[2]), optional(biases[3])};
  const LogitParams params{static_cast<float>(s), static_cast<float>(call.temperature), hard};
  std::snprintf(call_description, sizeof call_description,
                "multiHeadAttention Sq %zu, Sk %zu, D %zu, heads %zu, kvHeads %zu, mask %s, scale %g, temperature %g",
                shape.sq, shape.sk, shape.d_model, shape.heads, shape.kv_heads, call.mask.kind.c_str(), s,
                call.temperature);
  std::vector<float> out[2], weights[2];
  for (int fast = 0; fast < 2; ++fast) {
    out[fast].assign(shape.sq * shape.d_model, -1);
    weights[fast].assign(shape.heads * shape.sq * shape.sk, -1);
    std::vector<float> workspace(fast ? multi_head_workspace_floats_fast(shape)
                                      : multi_head_workspace_floats_reference(shape));
    (fast ? multi_head_attention_fast : multi_head_attention_reference)(inputs[0].data(), inputs[1].data(), w, shape, m,
                                                                        params, out[fast].data(), weights[fast].data(),
                                                                        workspace.data());
  }
  fuzz::check_rows(weights[0], shape.sk);
  // Projections make logits larger than the raw data: compare weights only when they are moderate too.
  if (comparable(s, call.temperature, hard) && shape.d_model <= 4) expect_close(weights[1], weights[0], 5e-3);
}

void fuzz_matmul(FuzzedDataProvider& p) {
  const double m = size_number(p), k = size_number(p), n = size_number(p);
  const check::MatmulCall call{matrix(p, "a", m, k), matrix(p, "b", k, n),
                               p.ConsumeBool() ? check::OptionalVector{true, maybe(p, n)} : check::OptionalVector{}};
  if (check::matmul_call(call)) return;
  if (call.a.length + call.b.length + call.a.rows * call.b.cols > kMaxFloatsRun) return;
  const auto a = data(p, call.a.length, false), b = data(p, call.b.length, false);
  const auto bias = call.bias.present ? data(p, call.bias.length, false) : std::vector<float>{};
  const std::size_t rows = call.a.rows, inner = call.a.cols, cols = call.b.cols;
  std::snprintf(call_description, sizeof call_description, "matmul %zux%zu by %zux%zu, bias %d", rows, inner, inner,
                cols, call.bias.present);
  std::vector<float> c[2];
  for (int fast = 0; fast < 2; ++fast) {
    c[fast].assign(rows * cols, -1);
    std::vector<float> workspace(fast ? matmul_workspace_floats_fast(inner, cols)
                                      : matmul_workspace_floats_reference(inner, cols));
    (fast ? matmul_fast : matmul_reference)(dense(a.data(), rows, inner), dense(b.data(), inner, cols),
                                            bias.empty() ? nullptr : bias.data(), dense(c[fast].data(), rows, cols),
                                            workspace.data());
  }
  expect_close(c[1], c[0], 1e-5);
}

void fuzz_logits(FuzzedDataProvider& p) {
  const double sq = size_number(p), sk = size_number(p), dk = size_number(p);
  const check::LogitsCall call{matrix(p, "q", sq, dk), matrix(p, "k", sk, dk), mask(p, sq, sk), scale(p),
                               temperature(p)};
  double s = 0;
  if (check::logits_call(call, s)) return;
  if (call.q.length + call.k.length + call.q.rows * call.k.rows > kMaxFloatsRun) return;
  const auto q = data(p, call.q.length, false), k = data(p, call.k.length, false);
  const std::size_t rq = call.q.rows, rk = call.k.rows, w = call.q.cols;
  std::vector<std::uint8_t> storage;
  bool refused = false;
  const Mask m = run_mask(p, call.mask, rq, rk, storage, refused);
  if (refused) return;
  std::vector<float> out[2];
  for (int fast = 0; fast < 2; ++fast) {
    out[fast].assign(rq * rk, 0);
    std::vector<float> workspace(fast ? attention_logits_workspace_floats_fast(rk, w)
                                      : attention_logits_workspace_floats_reference(rk, w));
    (fast ? attention_logits_fast : attention_logits_reference)(
        dense(q.data(), rq, w), dense(k.data(), rk, w), m,
        {static_cast<float>(s), static_cast<float>(call.temperature)}, dense(out[fast].data(), rq, rk),
        workspace.data());
  }
  for (std::size_t i = 0; i < out[0].size(); ++i) {
    const bool masked = std::isinf(out[0][i]);
    if (masked != std::isinf(out[1][i]) ||
        (!masked && std::fabs(out[1][i] - out[0][i]) > 1e-4 * std::max(1.0f, std::fabs(out[0][i])))) {
      std::fprintf(stderr, "logits %zux%zu (dk %zu, scale %g, temperature %g) entry %zu: fast %.9g, reference %.9g\n",
                   rq, rk, w, s, call.temperature, i, out[1][i], out[0][i]);
      FUZZ_CHECK(false);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider p(bytes, size);
  switch (p.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      fuzz_attention(p);
      break;
    case 1:
      fuzz_multi_head(p);
      break;
    case 2:
      fuzz_matmul(p);
      break;
    case 3:
      fuzz_logits(p);
      break;
    default:
      (void)check::position_shape(hostile_number(p), size_number(p));
      break;
  }
  return 0;
}
