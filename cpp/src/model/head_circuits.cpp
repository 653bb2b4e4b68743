// A head's OV circuit read from the weights: the eigenvalues of a real matrix (Householder reduction to Hessenberg
// form, then QR iterations in complex arithmetic with Wilkinson shifts, deflating one eigenvalue at a time), and each
// head's copying score from them.
#include "attn/head_circuits.h"

#include <cmath>
#include <limits>

namespace attn::model {
namespace {

using Complex = std::complex<double>;

// Householder reflections zero each column below its subdiagonal: a similar matrix (same eigenvalues), upper
// Hessenberg. Row-major n × n, in place.
void reduce_to_hessenberg(std::vector<double>& a, std::size_t n) {
  std::vector<double> v(n);
  for (std::size_t k = 0; k + 2 < n; ++k) {
    double norm = 0;
    for (std::size_t i = k + 1; i < n; ++i) norm += a[i * n + k] * a[i * n + k];
    norm = std::sqrt(norm);
    if (norm == 0) continue;
    const double alpha = a[(k + 1) * n + k] > 0 ? -norm : norm;  // the sign that avoids cancellation
    double v_norm = 0;
    for (std::size_t i = k + 1; i < n; ++i) {
      v[i] = a[i * n + k] - (i == k + 1 ? alpha : 0.0);
      v_norm += v[i] * v[i];
    }
    if (v_norm == 0) continue;
    // A ← (I − 2vvᵀ/vᵀv) A (I − 2vvᵀ/vᵀv)
    for (std::size_t j = 0; j < n; ++j) {
      double s = 0;
      for (std::size_t i = k + 1; i < n; ++i) s += v[i] * a[i * n + j];
      s *= 2 / v_norm;
      for (std::size_t i = k + 1; i < n; ++i) a[i * n + j] -= s * v[i];
    }
    for (std::size_t i = 0; i < n; ++i) {
      double s = 0;
      for (std::size_t j = k + 1; j < n; ++j) s += a[i * n + j] * v[j];
      s *= 2 / v_norm;
      for (std::size_t j = k + 1; j < n; ++j) a[i * n + j] -= s * v[j];
    }
  }
}

// The eigenvalue of the trailing 2 × 2 block [[a, b], [c, d]] nearer d.
Complex wilkinson_shift(Complex a, Complex b, Complex c, Complex d) {
  const Complex half_trace = (a + d) / 2.0, root = std::sqrt(half_trace * half_trace - (a * d - b * c));
  const Complex one = half_trace + root, other = half_trace - root;
  return std::abs(one - d) < std::abs(other - d) ? one : other;
}

}  // namespace

std::vector<Complex> eigenvalues(std::vector<double> matrix, std::size_t n) {
  if (n == 0) return {};
  reduce_to_hessenberg(matrix, n);
  std::vector<Complex> h(matrix.begin(), matrix.end());
  auto at = [&h, n](std::size_t i, std::size_t j) -> Complex& { return h[i * n + j]; };
  std::vector<Complex> found(n);
  const double epsilon = std::numeric_limits<double>::epsilon();
  std::size_t hi = n - 1, iterations = 0;
  std::vector<std::pair<Complex, Complex>> rotations;  // (c, s) of each Givens rotation of a step
  while (hi > 0) {
    // The active block [lo, hi] ends where a subdiagonal entry is negligible beside its neighbours.
    std::size_t lo = hi;
    while (lo > 0 && std::abs(at(lo, lo - 1)) > epsilon * (std::abs(at(lo - 1, lo - 1)) + std::abs(at(lo, lo)))) --lo;
    if (lo == hi) {
      found[hi] = at(hi, hi);
      --hi;
      iterations = 0;
      continue;
    }
    if (++iterations > 100 * n) return {};
    Complex shift = wilkinson_shift(at(hi - 1, hi - 1), at(hi - 1, hi), at(hi, hi - 1), at(hi, hi));
    if (iterations % 11 == 0) shift += 0.75 * std::abs(at(hi, hi - 1));  // an exceptional shift breaks a cycle
    // One QR step on the block: H − μI = QR by Givens rotations, then RQ + μI.
    for (std::size_t k = lo; k <= hi; ++k) at(k, k) -= shift;
    rotations.clear();
    for (std::size_t k = lo; k < hi; ++k) {
      const Complex x = at(k, k), y = at(k + 1, k);
      const double r = std::hypot(std::abs(x), std::abs(y));
      const Complex c = r == 0 ? Complex(1) : x / r, s = r == 0 ? Complex(0) : y / r;
      rotations.emplace_back(c, s);
      for (std::size_t j = k; j <= hi; ++j) {  // rows k, k + 1 ← Gᴴ rows
        const Complex top = at(k, j), bottom = at(k + 1, j);
        at(k, j) = std::conj(c) * top + std::conj(s) * bottom;
        at(k + 1, j) = -s * top + c * bottom;
      }
    }
    for (std::size_t k = lo; k < hi; ++k) {
      const auto [c, s] = rotations[k - lo];
      for (std::size_t i = lo; i <= std::min(k + 1, hi); ++i) {  // columns k, k + 1 ← columns G
        const Complex left = at(i, k), right = at(i, k + 1);
        at(i, k) = left * c + right * s;
        at(i, k + 1) = -left * std::conj(s) + right * std::conj(c);
      }
    }
    for (std::size_t k = lo; k <= hi; ++k) at(k, k) += shift;
  }
  found[0] = at(0, 0);
  return found;
}

std::vector<double> copying_scores(const TrainedLanguageModel& m, const std::vector<int>& tokens) {
  const LanguageModelLayout layout(m.config);
  const std::size_t d = m.config.d_model, dh = m.config.head_width();
  const float* p = m.parameters.data();
  const float* final_gain = p + layout.final_norm.gamma;
  // U·E restricted to the tokens, D × D: Σ_t diag(γ_final)·U[:, t] · E[t, :] (U is D × vocabulary, E vocabulary × D;
  // a tied U is Eᵀ, read from the embedding table).
  std::vector<double> unembed_embed(d * d, 0.0);
  for (int t : tokens) {
    const float* e = p + layout.embedding + static_cast<std::size_t>(t) * d;
    for (std::size_t i = 0; i < d; ++i) {
      const std::size_t u_at = m.config.tied_output ? layout.output.w + static_cast<std::size_t>(t) * d + i
                                                    : layout.output.w + i * layout.output.out + t;
      const double u = static_cast<double>(final_gain[i]) * p[u_at];
      for (std::size_t j = 0; j < d; ++j) unembed_embed[i * d + j] += u * e[j];
    }
  }
  std::vector<double> scores;
  for (const ResidualBlock& block : layout.blocks) {
    const AttentionBlock& a = block.self_attention;
    const float* gain = p + block.attention_norm.gamma;
    for (std::size_t h = 0; h < a.heads; ++h) {
      const std::size_t value_column = a.kv_head_of(h) * dh, output_row = h * dh;
      // W_O^h · (U·E) · diag(γ) · W_V^h, head width × head width: the nonzero eigenvalues of the circuit.
      std::vector<double> left(dh * d, 0.0);  // W_O^h · (U·E)
      for (std::size_t r = 0; r < dh; ++r)
        for (std::size_t k = 0; k < d; ++k) {
          const double o = p[a.o.w + (output_row + r) * a.o.out + k];
          for (std::size_t j = 0; j < d; ++j) left[r * d + j] += o * unembed_embed[k * d + j];
        }
      std::vector<double> circuit(dh * dh, 0.0);
      for (std::size_t r = 0; r < dh; ++r)
        for (std::size_t j = 0; j < d; ++j) {
          const double l = left[r * d + j] * gain[j];
          for (std::size_t c = 0; c < dh; ++c) circuit[r * dh + c] += l * p[a.v.w + j * a.v.out + value_column + c];
        }
      double sum = 0, magnitude = 0;
      for (const Complex& lambda : eigenvalues(std::move(circuit), dh))
        sum += lambda.real(), magnitude += std::abs(lambda);
      scores.push_back(magnitude > 0 ? sum / magnitude : 0.0);
    }
  }
  return scores;
}

}  // namespace attn::model
