// Scaled dot-product attention and its softmax, forward pass, float32, row-major.
//
//   logits[i][j] = (q_i . k_j) * scale / temperature        (masked entries excluded)
//   weights[i]   = softmax(logits[i])   or, when hard, one-hot on the row's first argmax
//   output[i]    = sum_j weights[i][j] * v_j
//
// A row whose keys are all masked gets zero weights and a zero output, never NaN.
// Every implementation comes in two twins with identical signatures: `reference` (plain loops, double
// accumulation; the oracle) and `fast` (xsimd, blocked). None of them allocates: the caller passes a
// workspace of at least `*_workspace_floats(...)` floats.
#pragma once

#include <cstddef>
#include <cstdint>

#include "attn/matrix.h"

namespace attn {

enum class MaskKind {
  none,      // every query sees every key
  causal,    // query i sees keys j <= i (top-left aligned when Sq != Sk)
  explicit_  // `allowed[i * Sk + j] != 0` where query i may attend to key j
};

struct Mask {
  MaskKind kind = MaskKind::none;
  const std::uint8_t* allowed = nullptr;  // Sq x Sk, only for MaskKind::explicit_

  bool allows(std::size_t i, std::size_t j, std::size_t sk) const {
    switch (kind) {
      case MaskKind::none:
        return true;
      case MaskKind::causal:
        return j <= i;
      case MaskKind::explicit_:
        return allowed[i * sk + j] != 0;
    }
    return true;
  }
};

struct LogitParams {
  float scale = 1.0f;        // usually 1/sqrt(d_k); see default_scale()
  float temperature = 1.0f;  // > 0; high flattens the softmax towards uniform, low sharpens it towards argmax
  bool hard = false;         // one-hot argmax instead of softmax (ties go to the lowest key index)
};

// 1/sqrt(d): the standard scale for keys of width d.
float default_scale(std::size_t d);

// In-place row softmax of `logits` (rows x cols): each entry is multiplied by scale/temperature, masked
// entries are excluded, and the row is replaced by its weights. Row i is query i of the mask.
std::size_t softmax_workspace_floats_reference(std::size_t cols);
std::size_t softmax_workspace_floats_fast(std::size_t cols);

void softmax_rows_reference(MatrixView logits, const Mask& mask, const LogitParams& params, float* workspace);
void softmax_rows_fast(MatrixView logits, const Mask& mask, const LogitParams& params, float* workspace);

// The logits alone: logits = (Q Kᵀ)·scale/temperature with masked entries set to -infinity (Sq x Sk).
// What the playground shows between the scores and the weights; attention() never materialises them apart.
std::size_t attention_logits_workspace_floats_reference(std::size_t sk, std::size_t dk);
std::size_t attention_logits_workspace_floats_fast(std::size_t sk, std::size_t dk);

void attention_logits_reference(ConstMatrixView q, ConstMatrixView k, const Mask& mask, const LogitParams& params,
                                MatrixView logits, float* workspace);
void attention_logits_fast(ConstMatrixView q, ConstMatrixView k, const Mask& mask, const LogitParams& params,
                           MatrixView logits, float* workspace);

// Scaled dot-product attention. q: Sq x dk, k: Sk x dk, v: Sk x dv; output: Sq x dv, weights: Sq x Sk.
// Sq != Sk (cross-attention) and dk != dv are allowed.
std::size_t attention_workspace_floats_reference(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv);
std::size_t attention_workspace_floats_fast(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv);

void attention_reference(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                         const LogitParams& params, MatrixView output, MatrixView weights, float* workspace);
void attention_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                    const LogitParams& params, MatrixView output, MatrixView weights, float* workspace);

// Streaming attention: the same output as attention() without the weights, in memory independent of Sq·Sk.
// The fast twin walks query blocks against key blocks keeping a running maximum and sum per query row (the
// online softmax), so it never holds more than one block of scores; the reference keeps one row of logits.
// Causal masks skip key blocks wholly in a query block's future.
std::size_t attention_streaming_workspace_floats_reference(std::size_t sq, std::size_t sk, std::size_t dk,
                                                           std::size_t dv);
std::size_t attention_streaming_workspace_floats_fast(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv);
void attention_streaming_reference(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                   const LogitParams& params, MatrixView output, float* workspace);
void attention_streaming_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                              const LogitParams& params, MatrixView output, float* workspace);

}  // namespace attn
