// The oracle: plain loops, double accumulation, no cleverness. Every fast kernel is tested against these.
#include <cmath>
#include <cstdint>
#include <limits>

#include "attn/attention.h"
#include "attn/matmul.h"

namespace attn {
namespace {

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

// The reference keeps a row of logits in double; that row lives in the caller's float workspace.
std::size_t double_row_floats(std::size_t doubles) { return 2 * doubles + 2; }

// The first double-aligned address in the workspace. The oracle favours plainness over the optimiser here (the
// integer round trip tidy warns of), and the workspace is written through the result, so not const.
double* double_row(float* workspace) {  // NOLINT(readability-non-const-parameter)
  auto address = reinterpret_cast<std::uintptr_t>(workspace);
  address = (address + alignof(double) - 1) & ~static_cast<std::uintptr_t>(alignof(double) - 1);
  return reinterpret_cast<double*>(address);  // NOLINT(performance-no-int-to-ptr)
}

double logit_factor(const LogitParams& params) {
  return static_cast<double>(params.scale) / static_cast<double>(params.temperature);
}

// Replaces logits[0..n) (already scaled; masked entries are -inf) by their weights.
void normalise_row(double* logits, std::size_t n, bool hard) {
  // pass 1: the maximum (softmax is shift-invariant; subtracting it keeps exp() from overflowing)
  double max_logit = kMinusInfinity;
  std::size_t argmax = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (logits[j] > max_logit) {  // strict: ties keep the lowest index
      max_logit = logits[j];
      argmax = j;
    }
  }
  if (max_logit == kMinusInfinity) {  // every key masked: zero weights, not NaN
    for (std::size_t j = 0; j < n; ++j) logits[j] = 0.0;
    return;
  }
  if (hard) {
    for (std::size_t j = 0; j < n; ++j) logits[j] = j == argmax ? 1.0 : 0.0;
    return;
  }
  // pass 2: exponentials and their sum
  double sum = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    logits[j] = logits[j] == kMinusInfinity ? 0.0 : std::exp(logits[j] - max_logit);
    sum += logits[j];
  }
  // pass 3: normalise
  for (std::size_t j = 0; j < n; ++j) logits[j] /= sum;
}

}  // namespace

float default_scale(std::size_t d) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(d))); }

std::size_t softmax_workspace_floats_reference(std::size_t cols) { return double_row_floats(cols); }

void softmax_rows_reference(MatrixView logits, const Mask& mask, const LogitParams& params, float* workspace) {
  const double factor = logit_factor(params);
  double* row_logits = double_row(workspace);
  for (std::size_t i = 0; i < logits.rows; ++i) {
    float* row = logits.row(i);
    for (std::size_t j = 0; j < logits.cols; ++j) {
      row_logits[j] = mask.allows(i, j, logits.cols) ? row[j] * factor : kMinusInfinity;
    }
    normalise_row(row_logits, logits.cols, params.hard);
    for (std::size_t j = 0; j < logits.cols; ++j) row[j] = static_cast<float>(row_logits[j]);
  }
}

std::size_t attention_workspace_floats_reference(std::size_t, std::size_t sk, std::size_t, std::size_t) {
  return double_row_floats(sk);
}

namespace {
// Both reference attentions: `weights.data` may be null (the streaming twin), then only the output is written.
void attention_rows(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                    const LogitParams& params, MatrixView output, MatrixView weights, float* workspace) {
  const std::size_t sk = k.rows;
  const double factor = logit_factor(params);
  double* row_weights = double_row(workspace);
  for (std::size_t i = 0; i < q.rows; ++i) {
    // scores for query i, scaled; masked keys excluded
    for (std::size_t j = 0; j < sk; ++j) {
      if (!mask.allows(i, j, sk)) {
        row_weights[j] = kMinusInfinity;
        continue;
      }
      double dot = 0.0;
      for (std::size_t c = 0; c < q.cols; ++c) dot += static_cast<double>(q.row(i)[c]) * k.row(j)[c];
      row_weights[j] = dot * factor;
    }
    normalise_row(row_weights, sk, params.hard);
    if (weights.data)
      for (std::size_t j = 0; j < sk; ++j) weights.row(i)[j] = static_cast<float>(row_weights[j]);
    // output row = weights row . V
    for (std::size_t c = 0; c < v.cols; ++c) {
      double sum = 0.0;
      for (std::size_t j = 0; j < sk; ++j) sum += row_weights[j] * v.row(j)[c];
      output.row(i)[c] = static_cast<float>(sum);
    }
  }
}

}  // namespace

void attention_reference(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                         const LogitParams& params, MatrixView output, MatrixView weights, float* workspace) {
  attention_rows(q, k, v, mask, params, output, weights, workspace);
}

std::size_t attention_streaming_workspace_floats_reference(std::size_t, std::size_t sk, std::size_t, std::size_t) {
  return double_row_floats(sk);
}

void attention_streaming_reference(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                   const LogitParams& params, MatrixView output, float* workspace) {
  attention_rows(q, k, v, mask, params, output, MatrixView{}, workspace);
}

std::size_t attention_logits_workspace_floats_reference(std::size_t, std::size_t) { return 0; }

void attention_logits_reference(ConstMatrixView q, ConstMatrixView k, const Mask& mask, const LogitParams& params,
                                MatrixView logits, float*) {
  const double factor = logit_factor(params);
  for (std::size_t i = 0; i < q.rows; ++i) {
    for (std::size_t j = 0; j < k.rows; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < q.cols; ++c) dot += static_cast<double>(q.row(i)[c]) * k.row(j)[c];
      logits.row(i)[j] = static_cast<float>(mask.allows(i, j, k.rows) ? dot * factor : kMinusInfinity);
    }
  }
}

std::size_t matmul_workspace_floats_reference(std::size_t, std::size_t) { return 0; }

void matmul_reference(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float*) {
  for (std::size_t i = 0; i < a.rows; ++i) {
    for (std::size_t j = 0; j < b.cols; ++j) {
      double sum = bias ? bias[j] : 0.0;
      for (std::size_t p = 0; p < a.cols; ++p) sum += static_cast<double>(a.row(i)[p]) * b.row(p)[j];
      c.row(i)[j] = static_cast<float>(sum);
    }
  }
}

void matmul_pack_reference(ConstMatrixView, float*) {}

void matmul_prepacked_reference(ConstMatrixView a, ConstMatrixView b, const float*, const float* bias, MatrixView c) {
  matmul_reference(a, b, bias, c, nullptr);
}

}  // namespace attn
