// The backward pass's products in plain float loops (attn/gradient_products.h): the order of every sum is fixed,
// and this file is compiled with -ffp-contract=off, so training on the reference kernels gives the same bits on
// every machine.
#include <algorithm>
#include <cstddef>
#include <cstring>

#include "attn/float4.h"
#include "attn/gradient_products.h"

namespace attn {

namespace {

// dot_8's closing sum of its eight partial sums, pairwise: one order for dot_8 and add_dots_8 alike.
float sum_8(const float (&partial)[8]) {
  return ((partial[0] + partial[1]) + (partial[2] + partial[3])) +
         ((partial[4] + partial[5]) + (partial[6] + partial[7]));
}

}  // namespace

float dot_8(const float* a, const float* b, std::size_t n) {
  float partial[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::size_t l = 0; l < 8; ++l) partial[l] += a[i + l] * b[i + l];
  for (; i < n; ++i) partial[i % 8] += a[i] * b[i];
  return sum_8(partial);
}

void add_dots_8(const float* x, const float* rows, std::size_t n, std::size_t count, float* y) {
  // Three rows a block: at four, V8 kept two of the eight sums in memory, and the wasm ran at half the speed.
  constexpr std::size_t kRows = 3;
  // Blocks only over a table that stays in cache: from memory, the blocks' three interleaved streams read up to 4.8
  // times slower than one row after another (an AMD EPYC, natively and in wasm alike: 15-20 MB tables 1.4-4.8x
  // slower, 1-2 MB ones 1.2-1.8x faster; GPT-2's 154 MB table goes row by row).
  constexpr std::size_t kBlockedTableFloats = std::size_t{1} << 19;  // 2 MB
  std::size_t r = 0;
  // Row r's partial sum l is lane l % 4 of low[r] (l < 4) or high[r], taking x[i + l]·row[i + l] in order of i as
  // dot_8's partial[l] does. Written as vectors: Clang vectorised the plain loops across the wrong dimension.
  if (n % 8 == 0 && count * n <= kBlockedTableFloats) {
    for (; r + kRows <= count; r += kRows) {
      const float* block = rows + r * n;
      Float4 low[kRows] = {}, high[kRows] = {};
      for (std::size_t i = 0; i < n; i += 8) {
        const Float4 x_low = load_4(x + i), x_high = load_4(x + i + 4);
        for (std::size_t w = 0; w < kRows; ++w) {
          low[w] += x_low * load_4(block + w * n + i);
          high[w] += x_high * load_4(block + w * n + i + 4);
        }
      }
      for (std::size_t w = 0; w < kRows; ++w) {
        float partial[8];
        std::memcpy(partial, &low[w], sizeof low[w]);
        std::memcpy(partial + 4, &high[w], sizeof high[w]);
        y[r + w] += sum_8(partial);
      }
    }
  }
  for (; r < count; ++r) y[r] += dot_8(x, rows + r * n, n);
}

std::size_t add_at_b_workspace_floats_reference(std::size_t, std::size_t, std::size_t) { return 0; }

namespace {

// Which of its terms each row m of C takes: every k, k ≥ m (A zero above its diagonal) or k ≤ m (zero below it).
enum class Terms { all, from_row, to_row };

// C[m][j] += A[k][m] · B[k][j], one product at a time, k in order over the row's terms. Columns in blocks of 16 are
// kept in registers across k; every element still takes its products in the same order, so the blocking does not
// change the result. (The attention backward this replaced skipped zero ∂L/∂logits, a causal mask's; adding their ±0
// products changes nothing, since a sum that starts at +0 never becomes −0, and a branch on them cost more than the
// products. The triangular products leave whole runs of them out instead: the same sums.) One loop for the three
// (a template per kind made the scalar module 4 kB larger).
void add_at_b_terms(ConstMatrixView a, ConstMatrixView b, MatrixView c, Terms terms) {
  constexpr std::size_t kBlock = 16;  // four 128-bit accumulators
  const std::size_t depth = a.rows, n = b.cols;
  for (std::size_t m = 0; m < c.rows; ++m) {
    const std::size_t first = terms == Terms::from_row ? std::min(m, depth) : 0;
    const std::size_t last = terms == Terms::to_row ? std::min(m + 1, depth) : depth;
    float* c_m = c.row(m);
    std::size_t j0 = 0;
    for (; j0 + kBlock <= n; j0 += kBlock) {
      float block[kBlock];
      for (std::size_t l = 0; l < kBlock; ++l) block[l] = c_m[j0 + l];
      for (std::size_t k = first; k < last; ++k) {
        const float a_km = a.row(k)[m];
        const float* b_k = b.row(k) + j0;
        for (std::size_t l = 0; l < kBlock; ++l) block[l] += a_km * b_k[l];
      }
      for (std::size_t l = 0; l < kBlock; ++l) c_m[j0 + l] = block[l];
    }
    for (std::size_t k = first; k < last && j0 < n; ++k) {
      const float a_km = a.row(k)[m];
      const float* b_k = b.row(k);
      for (std::size_t j = j0; j < n; ++j) c_m[j] += a_km * b_k[j];
    }
  }
}

}  // namespace

void add_at_b_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float*) {
  add_at_b_terms(a, b, c, Terms::all);
}

void add_at_b_triangular_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, Zeros a_zeros, float*) {
  add_at_b_terms(a, b, c, a_zeros == Zeros::above_diagonal ? Terms::from_row : Terms::to_row);
}

std::size_t add_a_bt_workspace_floats_reference(std::size_t, std::size_t) { return 0; }

void add_a_bt_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float*) {
  for (std::size_t i = 0; i < c.rows; ++i)
    for (std::size_t j = 0; j < c.cols; ++j) c.row(i)[j] += dot_8(a.row(i), b.row(j), a.cols);
}

void add_a_bt_pack_reference(ConstMatrixView, float*) {}

void add_a_bt_prepacked_reference(ConstMatrixView a, ConstMatrixView b, const float*, MatrixView c) {
  add_a_bt_reference(a, b, c, nullptr);
}

void add_a_bt_lower_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float*) {
  for (std::size_t i = 0; i < c.rows; ++i)
    for (std::size_t j = 0; j <= i && j < c.cols; ++j) c.row(i)[j] += dot_8(a.row(i), b.row(j), a.cols);
}

}  // namespace attn
