// The only C++ that knows about JavaScript: reads plain JS objects, checks them, copies typed arrays into
// wasm memory, runs the kernels and copies results back out as new Float32Arrays the caller owns.
//
// Errors are returned, not thrown: a C++ exception would reach JS as a bare number, and a JS exception
// thrown from here would skip C++ destructors and leak. So a failed check returns { error: { type, message } }
// after every local has been destroyed, and web/lib turns it into a real RangeError or TypeError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/attention.h"
#if ATTN_THREADS
#include "attn/batched.h"
#endif
#include "attn/call_checks.h"
#include "attn/checks.h"
#include "attn/matmul.h"
#include "attn/model.h"
#include "attn/multi_head.h"
#include "attn/online_softmax.h"
#include "js_values.h"
#include "memory_stats.h"
#include "module_shared.h"

namespace {

using emscripten::val;
using namespace attn;
using js::copy_in;
using js::copy_out;
using js::Floats;

#if ATTN_THREADS
ThreadPool& thread_pool() { return bindings::module_thread_pool(); }
ThreadPool& single_thread() {
  static ThreadPool pool(1);
  return pool;
}
#endif

using js::error_result;

// The kernels this module is built with: xsimd for the SIMD build, the reference loops for the scalar one.
#if ATTN_SIMD
#if ATTN_THREADS
constexpr const char* kBackend = "wasm-simd128-threads";
#else
constexpr const char* kBackend = "wasm-simd128";
#endif
constexpr auto matmul_workspace_floats = matmul_workspace_floats_fast;
constexpr auto matmul_kernel = matmul_fast;
constexpr auto logits_workspace_floats = attention_logits_workspace_floats_fast;
constexpr auto logits_kernel = attention_logits_fast;
[[maybe_unused]] constexpr auto attention_workspace_floats = attention_workspace_floats_fast;
[[maybe_unused]] constexpr auto attention_kernel = attention_fast;
[[maybe_unused]] constexpr auto streaming_workspace_floats = attention_streaming_workspace_floats_fast;
[[maybe_unused]] constexpr auto streaming_kernel = attention_streaming_fast;
[[maybe_unused]] constexpr auto multi_head_workspace_floats = multi_head_workspace_floats_fast;
[[maybe_unused]] constexpr auto multi_head_kernel = multi_head_attention_fast;
#else
constexpr const char* kBackend = "wasm-scalar";
constexpr auto matmul_workspace_floats = matmul_workspace_floats_reference;
constexpr auto matmul_kernel = matmul_reference;
constexpr auto logits_workspace_floats = attention_logits_workspace_floats_reference;
constexpr auto logits_kernel = attention_logits_reference;
constexpr auto attention_workspace_floats = attention_workspace_floats_reference;
constexpr auto attention_kernel = attention_reference;
constexpr auto streaming_workspace_floats = attention_streaming_workspace_floats_reference;
constexpr auto streaming_kernel = attention_streaming_reference;
constexpr auto multi_head_workspace_floats = multi_head_workspace_floats_reference;
constexpr auto multi_head_kernel = multi_head_attention_reference;
#endif

// How web/lib passes a call: the typed arrays as they are, every number (shapes, lengths, options) in one
// Float64Array read with a single copy. Reading fields of JS objects through Embind costs a property lookup
// and a string conversion each, which made a small call's fixed cost ~20 µs; this way it is a few.
//
// Per matrix argument, five numbers: heads (1 unless batched), rows, cols, data.length, batched (0 or 1).
constexpr std::size_t kMatrixNumbers = 5;

struct MatrixInput {
  const char* name;
  val data;               // a Float32Array (web/lib checked the type)
  check::MatrixArg spec;  // what the checks see: its numbers

  MatrixInput(const char* arg_name, val array, const double* n)
      : name(arg_name), data(std::move(array)), spec{arg_name, n[1], n[2], n[3], n[0], n[4] != 0} {}

  std::size_t size() const { return static_cast<std::size_t>(spec.length); }
  std::size_t rows() const { return static_cast<std::size_t>(spec.rows); }
  std::size_t cols() const { return static_cast<std::size_t>(spec.cols); }
  bool batched() const { return spec.batched; }
};

js::Buffer<double> call_numbers(const val& numbers, std::size_t count) { return copy_in<double>(numbers, count); }

// Copies a checked matrix argument in and refuses non-finite values.
check::Error copy_finite(const MatrixInput& m, Floats& out) {
  out = copy_in<float>(m.data, m.size());
  const std::string name = std::string(m.name) + ".data";
  if (m.batched()) return check::finite(name.c_str(), out.data(), out.size(), m.cols(), m.rows());
  return check::finite(name.c_str(), out.data(), out.size(), m.cols());
}

// Copies an explicit mask in (its length checked) and checks it holds only 0 and 1; `storage` keeps the bytes
// alive for the kernel.
check::Error read_mask(const check::MaskSpec& spec, const val& allowed, std::size_t sq, std::size_t sk,
                       js::Buffer<std::uint8_t>& storage, Mask& mask) {
  if (spec.kind == "none") return {};
  if (spec.kind == "causal") {
    mask.kind = MaskKind::causal;
    return {};
  }
  storage = copy_in<std::uint8_t>(allowed, sq * sk);
  if (auto error = check::mask_values(storage.data(), storage.size(), sk)) return error;
  mask.kind = MaskKind::explicit_;
  mask.allowed = storage.data();
  return {};
}

// An optional number as two: present (0/1), value.
check::OptionalNumber optional_number(const double* n) { return {n[0] != 0, n[1]}; }
// An optional vector's length, or -1 when absent.
check::OptionalVector optional_vector(double length) { return {length >= 0, length}; }

// attention(q, k, v, maskAllowed, maskKind, numbers): q, k, v are single matrices or batches of H heads (the
// same H for all three); the mask applies to every head. numbers: q, k, v (5 each), mask length, scale
// (present, value), temperature, hard, weights. weights 0 skips materialising the weights and runs the
// streaming kernel, whose memory does not grow with Sq·Sk. → { output, weights: Float32Array | null }
val attention(val q_data_in, val k_data_in, val v_data_in, const val& mask_allowed, const std::string& mask_kind,
              const val& numbers_in) {
  const js::Buffer<double> n = call_numbers(numbers_in, 3 * kMatrixNumbers + 6);
  const MatrixInput q("q", std::move(q_data_in), &n[0]), k("k", std::move(k_data_in), &n[5]),
      v("v", std::move(v_data_in), &n[10]);
  const bool hard = n[19] != 0, want_weights = n[20] != 0;
  const check::AttentionCall call{q.spec, k.spec,      v.spec, {mask_kind, n[15]}, optional_number(&n[16]),
                                  n[18],  want_weights};
  double scale = 0;
  if (auto error = check::attention_call(call, scale)) return error_result(error);

  Floats q_data, k_data, v_data;
  if (auto error = copy_finite(q, q_data)) return error_result(error);
  if (auto error = copy_finite(k, k_data)) return error_result(error);
  if (auto error = copy_finite(v, v_data)) return error_result(error);
  Mask mask;
  js::Buffer<std::uint8_t> mask_storage;
  if (auto error = read_mask(call.mask, mask_allowed, q.rows(), k.rows(), mask_storage, mask))
    return error_result(error);

  const std::size_t heads = static_cast<std::size_t>(q.spec.heads), sq = q.rows(), sk = k.rows(), dk = q.cols(),
                    dv = v.cols();
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature), hard};
  Floats output(heads * sq * dv), weights(want_weights ? heads * sq * sk : 0);
#if ATTN_THREADS
  // Heads and query blocks shared among the pool's threads; calls too small to repay waking them run inline.
  const HeadsShape shape{heads, sq, sk, dk, dv};
  ThreadPool& pool = 4.0 * heads * sq * sk * (dk + dv) < 4e6 ? single_thread() : thread_pool();
  Floats workspace(batched_workspace_floats_fast(shape, want_weights, pool.size()));
  batched_attention_fast(q_data.data(), k_data.data(), v_data.data(), shape, mask, params, output.data(),
                         want_weights ? weights.data() : nullptr, workspace.data(), pool);
#else
  Floats workspace(want_weights ? attention_workspace_floats(sq, sk, dk, dv)
                                : streaming_workspace_floats(sq, sk, dk, dv));
  for (std::size_t h = 0; h < heads; ++h) {
    const ConstMatrixView q_h = dense(q_data.data() + h * sq * dk, sq, dk),
                          k_h = dense(k_data.data() + h * sk * dk, sk, dk),
                          v_h = dense(v_data.data() + h * sk * dv, sk, dv);
    const MatrixView out_h = dense(output.data() + h * sq * dv, sq, dv);
    if (want_weights) {
      attention_kernel(q_h, k_h, v_h, mask, params, out_h, dense(weights.data() + h * sq * sk, sq, sk),
                       workspace.data());
    } else {
      streaming_kernel(q_h, k_h, v_h, mask, params, out_h, workspace.data());
    }
  }
#endif

  if (auto error = check::overflowed(output.data(), output.size())) return error_result(error);
  if (auto error = check::overflowed(weights.data(), weights.size())) return error_result(error);
  val result = val::object();
  result.set("output", copy_out(output));
  result.set("weights", want_weights ? copy_out(weights) : val::null());
  return result;
}

// onlineSoftmax(q, k, v, maskAllowed, maskKind, numbers): one query row of the streaming kernel, block by
// block (cpp/include/attn/online_softmax.h). numbers: q, k, v (5 each, single matrices), mask length, scale
// (present, value), temperature, row, blockSize. → { blocks: [{ firstKey, keys, scores, weights, runningMax,
// rescale, runningSum, accumulator }], output: Float32Array }
val online_softmax(val q_data_in, val k_data_in, val v_data_in, const val& mask_allowed, const std::string& mask_kind,
                   const val& numbers_in) {
#if ATTN_SIMD
  const js::Buffer<double> n = call_numbers(numbers_in, 3 * kMatrixNumbers + 6);
  const MatrixInput q("q", std::move(q_data_in), &n[0]), k("k", std::move(k_data_in), &n[5]),
      v("v", std::move(v_data_in), &n[10]);
  const check::AttentionCall call{q.spec, k.spec, v.spec, {mask_kind, n[15]}, optional_number(&n[16]), n[18], true};
  double scale = 0;
  if (auto error = check::attention_call(call, scale)) return error_result(error);
  if (q.batched() || k.batched() || v.batched())
    return js::error_result("RangeError", "q, k and v must be single matrices, not batches of heads");
  const double row = n[19], block = n[20];
  if (!(row >= 0 && row < q.spec.rows) || row != std::floor(row))
    return js::error_result("RangeError",
                            "row must be a whole number from 0 to q.rows - 1, got " + check::message_number(row));
  if (!(block >= 1 && block <= 4096) || block != std::floor(block))
    return js::error_result("RangeError",
                            "blockSize must be a whole number from 1 to 4096, got " + check::message_number(block));

  Floats q_data, k_data, v_data;
  if (auto error = copy_finite(q, q_data)) return error_result(error);
  if (auto error = copy_finite(k, k_data)) return error_result(error);
  if (auto error = copy_finite(v, v_data)) return error_result(error);
  Mask mask;
  js::Buffer<std::uint8_t> mask_storage;
  if (auto error = read_mask(call.mask, mask_allowed, q.rows(), k.rows(), mask_storage, mask))
    return error_result(error);
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature), false};
  const OnlineSoftmaxTrace trace =
      online_softmax_trace_fast(dense(q_data.data(), q.rows(), q.cols()), dense(k_data.data(), k.rows(), k.cols()),
                                dense(v_data.data(), v.rows(), v.cols()), mask, params, static_cast<std::size_t>(row),
                                static_cast<std::size_t>(block));
  if (auto error = check::overflowed(trace.output.data(), trace.output.size())) return error_result(error);
  val blocks = val::array();
  for (std::size_t b = 0; b < trace.blocks.size(); ++b) {
    const OnlineSoftmaxBlock& t = trace.blocks[b];
    val out = val::object();
    out.set("firstKey", static_cast<double>(t.first_key));
    out.set("keys", static_cast<double>(t.keys));
    out.set("scores", copy_out(t.scores.data(), t.scores.size()));
    out.set("weights", copy_out(t.weights.data(), t.weights.size()));
    out.set("runningMax", t.running_max);
    out.set("rescale", t.rescale);
    out.set("runningSum", t.running_sum);
    out.set("accumulator", copy_out(t.accumulator.data(), t.accumulator.size()));
    blocks.set(b, out);
  }
  val result = val::object();
  result.set("blocks", blocks);
  result.set("output", copy_out(trace.output.data(), trace.output.size()));
  return result;
#else
  (void)q_data_in, (void)k_data_in, (void)v_data_in, (void)mask_allowed, (void)mask_kind, (void)numbers_in;
  return js::error_result("RangeError", "the scalar build has no streaming kernel to trace: use a SIMD build");
#endif
}

// multiHeadAttention(xq, xkv, wq, wk, wv, wo, bq, bk, bv, bo, maskAllowed, maskKind, numbers): xkv is xq for
// self-attention; absent biases are null. numbers: the six matrices (5 each), the four bias lengths (-1:
// absent), heads, kvHeads, mask length, scale (present, value), temperature, hard.
// → { output: Float32Array (Sq × D), weights: Float32Array (H × Sq × Sk) }
val multi_head_attention(val xq_in, val xkv_in, val wq_in, val wk_in, val wv_in, val wo_in, val bq, val bk, val bv,
                         val bo, const val& mask_allowed, const std::string& mask_kind, const val& numbers_in) {
  const js::Buffer<double> n = call_numbers(numbers_in, 6 * kMatrixNumbers + 11);
  const MatrixInput xq("xq", std::move(xq_in), &n[0]), xkv("xkv", std::move(xkv_in), &n[5]),
      wq("wq", std::move(wq_in), &n[10]), wk("wk", std::move(wk_in), &n[15]), wv("wv", std::move(wv_in), &n[20]),
      wo("wo", std::move(wo_in), &n[25]);
  const val* bias_values[4] = {&bq, &bk, &bv, &bo};
  const char* bias_names[4] = {"bq", "bk", "bv", "bo"};
  const double* o = &n[30];  // the numbers after the matrices
  const check::MultiHeadCall call{xq.spec,
                                  xkv.spec,
                                  wq.spec,
                                  wk.spec,
                                  wv.spec,
                                  wo.spec,
                                  optional_vector(o[0]),
                                  optional_vector(o[1]),
                                  optional_vector(o[2]),
                                  optional_vector(o[3]),
                                  o[4],
                                  o[5],
                                  {mask_kind, o[6]},
                                  optional_number(&o[7]),
                                  o[9]};
  const bool hard = o[10] != 0;
  double scale = 0;
  if (auto error = check::multi_head_call(call, scale)) return error_result(error);

  const MultiHeadShape shape{xq.rows(), xkv.rows(), xq.cols(), static_cast<std::size_t>(call.heads),
                             static_cast<std::size_t>(call.kv_heads)};
  Floats inputs[6];
  const MatrixInput* matrices[6] = {&xq, &xkv, &wq, &wk, &wv, &wo};
  for (int i = 0; i < 6; ++i) {
    if (auto error = copy_finite(*matrices[i], inputs[i])) return error_result(error);
  }
  Floats bias_data[4];
  for (int i = 0; i < 4; ++i) {
    if (o[i] < 0) continue;
    // Checked above: a present bias has exactly the length its role needs.
    bias_data[i] = copy_in<float>(*bias_values[i], static_cast<std::size_t>(o[i]));
    if (auto error = check::finite(bias_names[i], bias_data[i].data(), bias_data[i].size(), bias_data[i].size())) {
      return error_result(error);
    }
  }
  Mask mask;
  js::Buffer<std::uint8_t> mask_storage;
  if (auto error = read_mask(call.mask, mask_allowed, shape.sq, shape.sk, mask_storage, mask))
    return error_result(error);

  auto optional = [](const Floats& b) { return b.empty() ? nullptr : b.data(); };
  const MultiHeadWeights w{inputs[2].data(),       inputs[3].data(),       inputs[4].data(),
                           inputs[5].data(),       optional(bias_data[0]), optional(bias_data[1]),
                           optional(bias_data[2]), optional(bias_data[3])};
  Floats output(shape.sq * shape.d_model), weights(shape.heads * shape.sq * shape.sk);
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature), hard};
#if ATTN_THREADS
  // Projections in row blocks and heads shared among the pool's threads; small calls run inline.
  const double flops = 2.0 * shape.d_model * (shape.sq * 2 * shape.d_model + 2 * shape.sk * shape.kv_width()) +
                       4.0 * shape.sq * shape.sk * shape.d_model;
  ThreadPool& pool = flops < 4e6 ? single_thread() : thread_pool();
  Floats workspace(batched_multi_head_workspace_floats_fast(shape, pool.size()));
  batched_multi_head_attention_fast(inputs[0].data(), inputs[1].data(), w, shape, mask, params, output.data(),
                                    weights.data(), workspace.data(), pool);
#else
  Floats workspace(multi_head_workspace_floats(shape));
  multi_head_kernel(inputs[0].data(), inputs[1].data(), w, shape, mask, params, output.data(), weights.data(),
                    workspace.data());
#endif

  if (auto error = check::overflowed(output.data(), output.size())) return error_result(error);
  if (auto error = check::overflowed(weights.data(), weights.size())) return error_result(error);
  val result = val::object();
  result.set("output", copy_out(output));
  result.set("weights", copy_out(weights));
  return result;
}

// matmul(a, b, bias, numbers): C = A B (+ bias on every row), for the playground's projections. numbers: a, b
// (5 each), the bias's length (-1: none). → Float32Array (a.rows × b.cols)
val matmul(val a_in, val b_in, const val& bias, const val& numbers_in) {
  const js::Buffer<double> n = call_numbers(numbers_in, 2 * kMatrixNumbers + 1);
  const MatrixInput a("a", std::move(a_in), &n[0]), b("b", std::move(b_in), &n[5]);
  if (auto error = check::matmul_call({a.spec, b.spec, optional_vector(n[10])})) return error_result(error);

  Floats a_data, b_data, bias_data;
  if (auto error = copy_finite(a, a_data)) return error_result(error);
  if (auto error = copy_finite(b, b_data)) return error_result(error);
  if (n[10] >= 0) {
    bias_data = copy_in<float>(bias, b.cols());
    if (auto error = check::finite("bias", bias_data.data(), bias_data.size(), bias_data.size())) {
      return error_result(error);
    }
  }
  const std::size_t m = a.rows(), k = a.cols(), cols = b.cols();
  Floats c(m * cols), workspace(matmul_workspace_floats(k, cols));
  matmul_kernel(dense(a_data.data(), m, k), dense(b_data.data(), k, cols),
                bias_data.empty() ? nullptr : bias_data.data(), dense(c.data(), m, cols), workspace.data());
  if (auto error = check::overflowed(c.data(), c.size())) return error_result(error);
  return copy_out(c);
}

// positionalEncoding(x, numbers): the sinusoidal position encodings P (x null; numbers: rows, cols), or x + P
// (numbers: x's 5). → Float32Array
val positional_encoding(val x_in, const val& numbers_in) {
  if (!x_in.isNull()) {
    const js::Buffer<double> n = call_numbers(numbers_in, kMatrixNumbers);
    const MatrixInput x("x", std::move(x_in), n.data());
    if (auto error = check::matrix(x.spec)) return error_result(error);
    if (auto error = check::position_shape(x.spec.rows, x.spec.cols)) return error_result(error);
    Floats data;
    if (auto error = copy_finite(x, data)) return error_result(error);
    Floats positions(data.size());
    model::sinusoidal_positions(x.rows(), x.cols(), positions.data());
    for (std::size_t i = 0; i < data.size(); ++i) data[i] += positions[i];
    if (auto error = check::overflowed(data.data(), data.size())) return error_result(error);
    return copy_out(data);
  }
  const js::Buffer<double> n = call_numbers(numbers_in, 2);
  const double rows = n[0], cols = n[1];
  if (auto error = check::position_shape(rows, cols)) return error_result(error);
  if (auto error = check::memory_budget("positionalEncoding", rows * cols)) return error_result(error);
  Floats positions(static_cast<std::size_t>(rows * cols));
  model::sinusoidal_positions(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols), positions.data());
  return copy_out(positions);
}

// logits(q, k, maskAllowed, maskKind, numbers): (Q Kᵀ)·scale/temperature, masked entries -Infinity. numbers:
// q, k (5 each), mask length, scale (present, value), temperature. → Float32Array (Sq × Sk)
val logits(val q_in, val k_in, const val& mask_allowed, const std::string& mask_kind, const val& numbers_in) {
  const js::Buffer<double> n = call_numbers(numbers_in, 2 * kMatrixNumbers + 4);
  const MatrixInput q("q", std::move(q_in), &n[0]), k("k", std::move(k_in), &n[5]);
  const check::LogitsCall call{q.spec, k.spec, {mask_kind, n[10]}, optional_number(&n[11]), n[13]};
  double scale = 0;
  if (auto error = check::logits_call(call, scale)) return error_result(error);

  Floats q_data, k_data;
  if (auto error = copy_finite(q, q_data)) return error_result(error);
  if (auto error = copy_finite(k, k_data)) return error_result(error);
  const std::size_t sq = q.rows(), sk = k.rows(), dk = q.cols();
  Mask mask;
  js::Buffer<std::uint8_t> mask_storage;
  if (auto error = read_mask(call.mask, mask_allowed, sq, sk, mask_storage, mask)) return error_result(error);
  Floats out(sq * sk), workspace(logits_workspace_floats(sk, dk));
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature)};
  logits_kernel(dense(q_data.data(), sq, dk), dense(k_data.data(), sk, dk), mask, params, dense(out.data(), sq, sk),
                workspace.data());
  if (auto error = check::overflowed(out.data(), out.size(), /*minus_infinity_allowed=*/true))
    return error_result(error);
  return copy_out(out);
}

std::string backend() { return kBackend; }

// How many threads share a large call (1 outside the pthreads build).
unsigned threads() {
#if ATTN_THREADS
  return thread_pool().size();
#else
  return 1;
#endif
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_module) {
  emscripten::function("backend", &backend);
  emscripten::function("threads", &threads);
  emscripten::function("attention", &attention);
  emscripten::function("multiHeadAttention", &multi_head_attention);
  emscripten::function("onlineSoftmax", &online_softmax);
  emscripten::function("matmul", &matmul);
  emscripten::function("logits", &logits);
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("memoryStats", &bindings::memory_stats);
}
