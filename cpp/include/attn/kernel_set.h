// The arithmetic a layer needs, as a set of function pointers: code written once over a KernelSet (multi-head
// attention, the translation model) runs on the reference loops or on the xsimd kernels and differs only in
// arithmetic. The scalar wasm build links the reference set alone.
#pragma once

#include <cstddef>

#include "attn/attention.h"
#include "attn/gradient_products.h"
#include "attn/matrix.h"
#include "attn/quantized.h"

namespace attn {

struct KernelSet {
  std::size_t (*matmul_workspace_floats)(std::size_t k, std::size_t n);
  std::size_t (*attention_workspace_floats)(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv);
  void (*matmul)(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float* workspace);
  void (*attention)(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                    const LogitParams& params, MatrixView output, MatrixView weights, float* workspace);
  // The backward pass's products, adding into C (attn/gradient_products.h): C += Aᵀ·B and C += A·Bᵀ.
  std::size_t (*add_at_b_workspace_floats)(std::size_t k, std::size_t m, std::size_t n);
  void (*add_at_b)(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
  std::size_t (*add_a_bt_workspace_floats)(std::size_t k, std::size_t n);
  void (*add_a_bt)(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
  // The two over a causal mask's triangle, on the same workspaces: attention's backward, its zeros left out.
  void (*add_at_b_triangular)(ConstMatrixView a, ConstMatrixView b, MatrixView c, Zeros a_zeros, float* workspace);
  void (*add_a_bt_lower)(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
  // matmul and add_a_bt with B already packed (B's panels: what they would make in their workspace, of the
  // workspace's size; nothing for a set that reads B where it lies): the same bits, B packed once for many products
  // (a training step's windows all read the same weights).
  void (*matmul_pack)(ConstMatrixView b, float* packed);
  void (*matmul_prepacked)(ConstMatrixView a, ConstMatrixView b, const float* packed, const float* bias, MatrixView c);
  void (*add_a_bt_pack)(ConstMatrixView b, float* packed);
  void (*add_a_bt_prepacked)(ConstMatrixView a, ConstMatrixView b, const float* packed, MatrixView c);
  // Y = X·Wᵀ scaled per output [+ bias], W in 8 bits (attn/quantized.h).
  std::size_t (*quantized_workspace_floats)(std::size_t rows, std::size_t inputs);
  void (*quantized_matmul)(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y,
                           float* workspace);
  // The row softmax on its own (attn/attention.h): a translation's output distribution over its vocabulary. Its
  // workspace: softmax_workspace_floats_reference(cols) floats, the most any set needs (the fast one needs none).
  void (*softmax_rows)(MatrixView logits, const Mask& mask, const LogitParams& params, float* workspace);
};

const KernelSet& reference_kernels();
const KernelSet& fast_kernels();  // defined only where the xsimd kernels are built (not in the scalar module)

}  // namespace attn
