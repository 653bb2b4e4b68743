// Where the time of a wasm attention call goes, measured inside the module (no JS, no copies): the fast
// GEMM alone at the two products the streaming kernel computes per block (a 16-query block's scores
// against 256 keys, Q·Kᵀ: 16 × 64 · 64 × 256; and those weights times the values, P·V: 16 × 256 · 256 × 64),
// then the whole streaming kernel on one head. Built for SIMD128 and relaxed SIMD by
// scripts/bench/build-ceiling.sh as modules exporting the two functions below; scripts/bench/run.mjs loads
// them in its own process, right after measuring the arithmetic peak, so the figures are comparable (this
// shared machine's speed differs more between processes than within one). Medians of 9 timed rounds.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <vector>

#include <emscripten/emscripten.h>

#include "attn/attention.h"
#include "attn/matmul.h"
#include "gemm_variants.hpp"
#include "matmul_parts.h"

using namespace attn;

namespace {

template <class Body>
double median_seconds(Body&& body, int calls) {
  for (int i = 0; i < calls; ++i) body();  // warm-up: V8 tiers the code up
  std::vector<double> rounds;
  for (int r = 0; r < 9; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) body();
    rounds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / calls);
  }
  std::sort(rounds.begin(), rounds.end());
  return rounds[rounds.size() / 2];
}

std::vector<float> filled(std::size_t n, float phase) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * static_cast<float>(i) + phase);
  return v;
}

}  // namespace

extern "C" {

// GFLOP/s of C (m × n) = A (m × k) · B, B packed once beforehand (as the streaming kernel packs it per head).
EMSCRIPTEN_KEEPALIVE double gemm_gflops(unsigned m, unsigned k, unsigned n) {
  const std::vector<float> a = filled(m * k, 1), b = filled(k * n, 2);
  std::vector<float> packed(matmul_workspace_floats_fast(k, n)), c(m * n);
  matmul_pack_fast(dense(b.data(), k, n), packed.data());
  const double s = median_seconds(
      [&] { matmul_packed_fast(dense(a.data(), m, k), packed.data(), n, nullptr, dense(c.data(), m, n)); },
      std::max(3, static_cast<int>(5e8 / (2.0 * m * k * n))));
  return 2.0 * m * k * n / s / 1e9;
}

// GFLOP/s (4·S²·d) of the streaming kernel on one head, S queries and keys, d = 64, no mask.
EMSCRIPTEN_KEEPALIVE double streaming_gflops(unsigned sq) {
  const std::size_t d = 64;
  const std::vector<float> q = filled(sq * d, 1), k = filled(sq * d, 2), v = filled(sq * d, 3);
  std::vector<float> out(sq * d), workspace(attention_streaming_workspace_floats_fast(sq, sq, d, d));
  const LogitParams params{default_scale(d), 1.0f, false};
  const double s = median_seconds(
      [&] {
        attention_streaming_fast(dense(q.data(), sq, d), dense(k.data(), sq, d), dense(v.data(), sq, d), Mask{}, params,
                                 dense(out.data(), sq, d), workspace.data());
      },
      std::max(3, static_cast<int>(1e9 / (4.0 * sq * sq * d))));
  return 4.0 * sq * sq * d / s / 1e9;
}

// GFLOP/s of micro-kernel shape `variant` (bench::kGemmVariants; 0 is the shipped GEMM) at C = A (m × k) · B,
// B packed once; the packed variants' copy of A counts, as it would in a kernel. Negative when the variant's C
// differs from the reference product by more than 1e-4 × k (checked before timing).
EMSCRIPTEN_KEEPALIVE double gemm_variant_gflops(unsigned variant, unsigned m, unsigned k, unsigned n) {
  using Variants = bench::GemmVariants<xsimd::default_arch>;
  const bench::GemmVariant which = bench::kGemmVariants[variant];
  const std::vector<float> a = filled(m * k, 1), b = filled(k * n, 2);
  std::vector<float> packed(matmul_workspace_floats_fast(k, n)), c(m * n), expected(m * n),
      scratch(Variants::scratch_floats(m, k)), reference_workspace(matmul_workspace_floats_reference(k, n));
  matmul_pack_fast(dense(b.data(), k, n), packed.data());
  matmul_reference(dense(a.data(), m, k), dense(b.data(), k, n), nullptr, dense(expected.data(), m, n),
                   reference_workspace.data());
  auto run = [&] {
    Variants::multiply(which, dense(a.data(), m, k), packed.data(), n, dense(c.data(), m, n), scratch.data());
  };
  run();
  for (std::size_t i = 0; i < c.size(); ++i)
    if (!(std::abs(c[i] - expected[i]) <= 1e-4f * static_cast<float>(k))) return -1.0;
  const double s = median_seconds(run, std::max(3, static_cast<int>(5e8 / (2.0 * m * k * n))));
  return 2.0 * m * k * n / s / 1e9;
}

EMSCRIPTEN_KEEPALIVE unsigned gemm_variant_count() { return std::size(bench::kGemmVariants); }

}  // extern "C"
