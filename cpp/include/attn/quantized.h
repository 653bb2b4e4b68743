// 8-bit weights: a weight matrix stored as int8 with one float scale per output, read by a matrix-vector (or
// small-matrix) product that streams the int8 weights once, contiguously: a quarter of float32's bytes, which is what
// a generated token's time is spent reading.
//
// A Linear's weights (in × out, y = x·W) are quantized per output column and stored transposed, one row of `in`
// int8 per output; the unembedding's table (V × D, logits = x·Eᵀ) per row, as it is. Either way the product is
//   y[i][j] = scales[j] · Σ_k x[i][k] · values[j][k] + bias[j]
// and values[j][k] = round(w / scales[j]), scales[j] = max_k |w| / 127 (0 for an all-zero output: its values are 0).
#pragma once

#include <cstddef>
#include <cstdint>

#include "attn/matrix.h"

namespace attn {

// `outputs` rows of `inputs` int8 values each (row j: output j's weights), and one scale per row.
struct QuantizedMatrix {
  const std::int8_t* values = nullptr;
  const float* scales = nullptr;
  std::size_t outputs = 0;
  std::size_t inputs = 0;
};

// A Linear's (in × out, row-major) weights quantized per output column: values out × in, scales out.
void quantize_columns(const float* weights, std::size_t in, std::size_t out, std::int8_t* values, float* scales);
// A table's (rows × cols) rows quantized one by one (the unembedding: a row per token): values rows × cols.
void quantize_rows(const float* table, std::size_t rows, std::size_t cols, std::int8_t* values, float* scales);

// Y (x.rows × w.outputs) = X (x.rows × w.inputs) · Wᵀ scaled per output [+ bias]. Neither allocates: the fast twin
// takes quantized_workspace_floats_fast(x.rows, w.inputs) floats of workspace (the reference none). The reference
// sums in double with X as it is; the fast twin quantizes each row of X to integers in ±quantized_input_range(K)
// (a scale per row: its largest magnitude maps to the range's end) and sums in integers, exactly. Its error beyond
// the reference's is then at most Σ_k |values[j][k]| · scales[j] · (the row's scale) / 2 per output.
std::int32_t quantized_input_range(std::size_t inputs);
std::size_t quantized_workspace_floats_reference(std::size_t rows, std::size_t inputs);
std::size_t quantized_workspace_floats_fast(std::size_t rows, std::size_t inputs);
void quantized_matmul_reference(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y,
                                float* workspace);
void quantized_matmul_fast(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y,
                           float* workspace);

}  // namespace attn
