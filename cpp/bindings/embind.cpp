// The only C++ that knows about JavaScript: reads plain JS objects, checks them, copies typed arrays into
// wasm memory, runs the kernels and copies results back out as new Float32Arrays the caller owns.
//
// Errors are returned, not thrown: a C++ exception would reach JS as a bare number, and a JS exception
// thrown from here would skip C++ destructors and leak. So a failed check returns { error: { type, message } }
// after every local has been destroyed, and web/lib turns it into a real RangeError or TypeError.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/attention.h"
#if ATTN_THREADS
#include <emscripten/threading.h>

#include <algorithm>
#include <memory>

#include "attn/batched.h"
#endif
#include "attn/matmul.h"
#include "attn/model.h"
#include "attn/multi_head.h"
#include "call_checks.h"
#include "checks.h"
#include "js_values.h"
#include "module_shared.h"

#if ATTN_THREADS
attn::ThreadPool& attn::bindings::module_thread_pool() {
  static ThreadPool pool(static_cast<unsigned>(std::clamp(emscripten_num_logical_cores(), 1, 4)));
  return pool;
}
#endif

namespace {

using emscripten::val;
using namespace attn;
using js::copy_in;
using js::copy_out;
using js::matrix_result;

#if ATTN_THREADS
ThreadPool& thread_pool() { return bindings::module_thread_pool(); }
ThreadPool& single_thread() {
  static ThreadPool pool(1);
  return pool;
}
#endif

val error_result(const check::Error& error) {
  return js::error_result(error.kind == check::ErrorKind::type_error ? "TypeError" : "RangeError", error.message);
}

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
constexpr auto multi_head_workspace_floats = multi_head_workspace_floats_fast;
constexpr auto multi_head_kernel = multi_head_attention_fast;
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

// A { data, rows, cols } or batched { data, heads, rows, cols } argument as received; `data` is a
// Float32Array (web/lib checked the types).
struct MatrixInput {
  const char* name;
  val data;
  check::MatrixArg spec;  // what the checks see: its numbers

  MatrixInput(const val& m, const char* arg_name)
      : name(arg_name),
        data(m["data"]),
        spec{arg_name, m["rows"].as<double>(), m["cols"].as<double>(), m["data"]["length"].as<double>(),
             m["heads"].isUndefined() ? 1.0 : m["heads"].as<double>(), !m["heads"].isUndefined()} {}

  std::size_t size() const { return static_cast<std::size_t>(spec.length); }
  std::size_t rows() const { return static_cast<std::size_t>(spec.rows); }
  std::size_t cols() const { return static_cast<std::size_t>(spec.cols); }
  bool batched() const { return spec.batched; }
};

// Copies a checked matrix argument in and refuses non-finite values.
check::Error copy_finite(const MatrixInput& m, std::vector<float>& out) {
  out = copy_in<float>(m.data, m.size());
  const std::string name = std::string(m.name) + ".data";
  if (m.batched()) return check::finite(name.c_str(), out.data(), out.size(), m.cols(), m.rows());
  return check::finite(name.c_str(), out.data(), out.size(), m.cols());
}

// mask = { kind: 'none' | 'causal' | 'explicit', allowed?: Uint8Array }
struct MaskInput {
  val allowed;
  check::MaskSpec spec;

  explicit MaskInput(const val& m) : allowed(m["allowed"]), spec{m["kind"].as<std::string>(), 0} {
    if (spec.kind == "explicit") spec.length = allowed["length"].as<double>();
  }
};

// Copies the mask in and checks it holds only 0 and 1; `storage` keeps the bytes alive for the kernel.
check::Error read_mask(const MaskInput& arg, std::size_t sq, std::size_t sk, std::vector<std::uint8_t>& storage,
                       Mask& mask) {
  if (arg.spec.kind == "none") return {};
  if (arg.spec.kind == "causal") {
    mask.kind = MaskKind::causal;
    return {};
  }
  storage = copy_in<std::uint8_t>(arg.allowed, sq * sk);
  if (auto error = check::mask_values(storage.data(), storage.size(), sk)) return error;
  mask.kind = MaskKind::explicit_;
  mask.allowed = storage.data();
  return {};
}

check::OptionalNumber optional_number(const val& value) {
  if (value.isUndefined() || value.isNull()) return {};
  return {true, value.as<double>()};
}

check::OptionalVector optional_vector(const val& value) {
  if (value.isNull()) return {};
  return {true, value["length"].as<double>()};
}

// A result matrix: { data, rows, cols }, or { data, heads, rows, cols } when the call was batched.
val result_matrix(const std::vector<float>& data, bool batched, std::size_t heads, std::size_t rows, std::size_t cols) {
  val m = matrix_result(data, rows, cols);
  if (batched) m.set("heads", heads);
  return m;
}

// attention({ q, k, v, mask, scale?, temperature, hard, weights }) with web/lib's normalised argument object.
// q, k, v are single matrices or batches of H heads ({ data, heads, rows, cols }, the same H for all three);
// the mask applies to every head. weights: false skips materialising the weights and runs the streaming
// kernel, whose memory does not grow with Sq·Sk.
val attention(const val& args) {
  const MatrixInput q(args["q"], "q"), k(args["k"], "k"), v(args["v"], "v");
  const MaskInput mask_arg(args["mask"]);
  const bool hard = args["hard"].as<bool>();
  const bool want_weights = args["weights"].as<bool>();
  double scale = 0;
  const check::AttentionCall call{q.spec, k.spec, v.spec, mask_arg.spec, optional_number(args["scale"]),
                                  args["temperature"].as<double>(), want_weights};
  if (auto error = check::attention_call(call, scale)) return error_result(error);

  std::vector<float> q_data, k_data, v_data;
  if (auto error = copy_finite(q, q_data)) return error_result(error);
  if (auto error = copy_finite(k, k_data)) return error_result(error);
  if (auto error = copy_finite(v, v_data)) return error_result(error);
  Mask mask;
  std::vector<std::uint8_t> mask_storage;
  if (auto error = read_mask(mask_arg, q.rows(), k.rows(), mask_storage, mask)) return error_result(error);

  const std::size_t heads = static_cast<std::size_t>(q.spec.heads), sq = q.rows(), sk = k.rows(), dk = q.cols(),
                    dv = v.cols();
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature), hard};
  std::vector<float> output(heads * sq * dv), weights(want_weights ? heads * sq * sk : 0);
#if ATTN_THREADS
  // Heads and query blocks shared among the pool's threads; calls too small to repay waking them run inline.
  const HeadsShape shape{heads, sq, sk, dk, dv};
  ThreadPool& pool = 4.0 * heads * sq * sk * (dk + dv) < 4e6 ? single_thread() : thread_pool();
  std::vector<float> workspace(batched_workspace_floats_fast(shape, want_weights, pool.size()));
  batched_attention_fast(q_data.data(), k_data.data(), v_data.data(), shape, mask, params, output.data(),
                         want_weights ? weights.data() : nullptr, workspace.data(), pool);
#else
  std::vector<float> workspace(want_weights ? attention_workspace_floats(sq, sk, dk, dv)
                                            : streaming_workspace_floats(sq, sk, dk, dv));
  for (std::size_t h = 0; h < heads; ++h) {
    const ConstMatrixView q_h = dense(q_data.data() + h * sq * dk, sq, dk), k_h = dense(k_data.data() + h * sk * dk, sk, dk),
                          v_h = dense(v_data.data() + h * sk * dv, sk, dv);
    const MatrixView out_h = dense(output.data() + h * sq * dv, sq, dv);
    if (want_weights) {
      attention_kernel(q_h, k_h, v_h, mask, params, out_h, dense(weights.data() + h * sq * sk, sq, sk), workspace.data());
    } else {
      streaming_kernel(q_h, k_h, v_h, mask, params, out_h, workspace.data());
    }
  }
#endif

  val result = val::object();
  result.set("output", result_matrix(output, q.batched(), heads, sq, dv));
  result.set("weights", want_weights ? result_matrix(weights, q.batched(), heads, sq, sk) : val::null());
  return result;
}

// multiHeadAttention({ xq, xkv, wq, wk, wv, wo, bq, bk, bv, bo, heads, kvHeads, mask, scale?, temperature, hard })
// with web/lib's normalised argument object (xkv is xq for self-attention; absent biases are null).
val multi_head_attention(const val& args) {
  const MatrixInput xq(args["xq"], "xq"), xkv(args["xkv"], "xkv");
  const MatrixInput wq(args["wq"], "wq"), wk(args["wk"], "wk"), wv(args["wv"], "wv"), wo(args["wo"], "wo");
  const MaskInput mask_arg(args["mask"]);
  const bool hard = args["hard"].as<bool>();
  const val bias_values[4] = {args["bq"], args["bk"], args["bv"], args["bo"]};
  const char* bias_names[4] = {"bq", "bk", "bv", "bo"};
  const check::MultiHeadCall call{xq.spec,
                                  xkv.spec,
                                  wq.spec,
                                  wk.spec,
                                  wv.spec,
                                  wo.spec,
                                  optional_vector(bias_values[0]),
                                  optional_vector(bias_values[1]),
                                  optional_vector(bias_values[2]),
                                  optional_vector(bias_values[3]),
                                  args["heads"].as<double>(),
                                  args["kvHeads"].as<double>(),
                                  mask_arg.spec,
                                  optional_number(args["scale"]),
                                  args["temperature"].as<double>()};
  double scale = 0;
  if (auto error = check::multi_head_call(call, scale)) return error_result(error);

  const MultiHeadShape shape{xq.rows(), xkv.rows(), xq.cols(), static_cast<std::size_t>(call.heads),
                             static_cast<std::size_t>(call.kv_heads)};
  std::vector<float> inputs[6];
  const MatrixInput* matrices[6] = {&xq, &xkv, &wq, &wk, &wv, &wo};
  for (int i = 0; i < 6; ++i) {
    if (auto error = copy_finite(*matrices[i], inputs[i])) return error_result(error);
  }
  std::vector<float> bias_data[4];
  for (int i = 0; i < 4; ++i) {
    if (bias_values[i].isNull()) continue;
    // Checked above: a present bias has exactly the length its role needs.
    bias_data[i] = copy_in<float>(bias_values[i], static_cast<std::size_t>(bias_values[i]["length"].as<double>()));
    if (auto error = check::finite(bias_names[i], bias_data[i].data(), bias_data[i].size(), bias_data[i].size())) {
      return error_result(error);
    }
  }
  Mask mask;
  std::vector<std::uint8_t> mask_storage;
  if (auto error = read_mask(mask_arg, shape.sq, shape.sk, mask_storage, mask)) return error_result(error);

  auto optional = [](const std::vector<float>& b) { return b.empty() ? nullptr : b.data(); };
  const MultiHeadWeights w{inputs[2].data(),         inputs[3].data(),         inputs[4].data(),
                           inputs[5].data(),         optional(bias_data[0]), optional(bias_data[1]),
                           optional(bias_data[2]), optional(bias_data[3])};
  std::vector<float> output(shape.sq * shape.d_model), weights(shape.heads * shape.sq * shape.sk);
  std::vector<float> workspace(multi_head_workspace_floats(shape));
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature), hard};
  multi_head_kernel(inputs[0].data(), inputs[1].data(), w, shape, mask, params, output.data(), weights.data(),
                    workspace.data());

  val weights_result = val::object();
  weights_result.set("data", copy_out(weights));
  weights_result.set("heads", shape.heads);
  weights_result.set("rows", shape.sq);
  weights_result.set("cols", shape.sk);
  val result = val::object();
  result.set("output", matrix_result(output, shape.sq, shape.d_model));
  result.set("weights", weights_result);
  return result;
}

// matmul({ a, b, bias }): C = A B (+ bias on every row), for the playground's projections.
val matmul(const val& args) {
  const MatrixInput a(args["a"], "a"), b(args["b"], "b");
  const val bias = args["bias"];
  if (auto error = check::matmul_call({a.spec, b.spec, optional_vector(bias)})) return error_result(error);

  std::vector<float> a_data, b_data, bias_data;
  if (auto error = copy_finite(a, a_data)) return error_result(error);
  if (auto error = copy_finite(b, b_data)) return error_result(error);
  if (!bias.isNull()) {
    bias_data = copy_in<float>(bias, b.cols());
    if (auto error = check::finite("bias", bias_data.data(), bias_data.size(), bias_data.size())) {
      return error_result(error);
    }
  }
  const std::size_t m = a.rows(), k = a.cols(), n = b.cols();
  std::vector<float> c(m * n), workspace(matmul_workspace_floats(k, n));
  matmul_kernel(dense(a_data.data(), m, k), dense(b_data.data(), k, n), bias_data.empty() ? nullptr : bias_data.data(),
                dense(c.data(), m, n), workspace.data());
  return matrix_result(c, m, n);
}

// positionalEncoding({ rows, cols } | { x }): the sinusoidal position encodings P (rows × cols), or x + P.
val positional_encoding(const val& args) {
  const val x_value = args["x"];
  if (!x_value.isNull()) {
    const MatrixInput x(x_value, "x");
    if (auto error = check::matrix(x.spec)) return error_result(error);
    if (auto error = check::position_shape(x.spec.rows, x.spec.cols)) return error_result(error);
    std::vector<float> data;
    if (auto error = copy_finite(x, data)) return error_result(error);
    std::vector<float> positions(data.size());
    model::sinusoidal_positions(x.rows(), x.cols(), positions.data());
    for (std::size_t i = 0; i < data.size(); ++i) data[i] += positions[i];
    return matrix_result(data, x.rows(), x.cols());
  }
  const double rows = args["rows"].as<double>(), cols = args["cols"].as<double>();
  if (auto error = check::position_shape(rows, cols)) return error_result(error);
  if (auto error = check::memory_budget("positionalEncoding", rows * cols)) return error_result(error);
  std::vector<float> positions(static_cast<std::size_t>(rows * cols));
  model::sinusoidal_positions(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols), positions.data());
  return matrix_result(positions, static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
}

// logits({ q, k, mask, scale?, temperature }): (Q Kᵀ)·scale/temperature, masked entries -Infinity.
val logits(const val& args) {
  const MatrixInput q(args["q"], "q"), k(args["k"], "k");
  const MaskInput mask_arg(args["mask"]);
  const check::LogitsCall call{q.spec, k.spec, mask_arg.spec, optional_number(args["scale"]),
                               args["temperature"].as<double>()};
  double scale = 0;
  if (auto error = check::logits_call(call, scale)) return error_result(error);

  std::vector<float> q_data, k_data;
  if (auto error = copy_finite(q, q_data)) return error_result(error);
  if (auto error = copy_finite(k, k_data)) return error_result(error);
  const std::size_t sq = q.rows(), sk = k.rows(), dk = q.cols();
  Mask mask;
  std::vector<std::uint8_t> mask_storage;
  if (auto error = read_mask(mask_arg, sq, sk, mask_storage, mask)) return error_result(error);
  std::vector<float> out(sq * sk), workspace(logits_workspace_floats(sk, dk));
  const LogitParams params{static_cast<float>(scale), static_cast<float>(call.temperature)};
  logits_kernel(dense(q_data.data(), sq, dk), dense(k_data.data(), sk, dk), mask, params, dense(out.data(), sq, sk),
                workspace.data());
  return matrix_result(out, sq, sk);
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

// For leak checks: bytes malloc has handed out, and the size of wasm memory.
val memory_stats() {
  val stats = val::object();
  stats.set("allocatedBytes", static_cast<double>(mallinfo().uordblks));
  stats.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  return stats;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_module) {
  emscripten::function("backend", &backend);
  emscripten::function("threads", &threads);
  emscripten::function("attention", &attention);
  emscripten::function("multiHeadAttention", &multi_head_attention);
  emscripten::function("matmul", &matmul);
  emscripten::function("logits", &logits);
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("memoryStats", &memory_stats);
}
