// C = A * B (+ bias broadcast along rows), row-major float32: A is M x K, B is K x N, C is M x N.
// The reference accumulates in double; the fast twin packs B into column panels (workspace) and runs an
// xsimd register-blocked micro-kernel, or, for one or two rows of A (a generated token), reads B where it lies, row
// by row, once: packing would copy all of B to use it once.
#pragma once

#include <cstddef>

#include "attn/matrix.h"

namespace attn {

std::size_t matmul_workspace_floats_reference(std::size_t k, std::size_t n);
std::size_t matmul_workspace_floats_fast(std::size_t k, std::size_t n);

// `bias` may be null; otherwise it holds N floats added to every row of C.
void matmul_reference(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float* workspace);
void matmul_fast(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float* workspace);

// B packed once (into matmul_workspace_floats(k, n) floats: the reference packs nothing), then any number of
// products with it: matmul's bits.
void matmul_pack_reference(ConstMatrixView b, float* packed);
void matmul_prepacked_reference(ConstMatrixView a, ConstMatrixView b, const float* packed, const float* bias,
                                MatrixView c);
void matmul_pack_fast(ConstMatrixView b, float* packed);
void matmul_prepacked_fast(ConstMatrixView a, ConstMatrixView b, const float* packed, const float* bias, MatrixView c);

}  // namespace attn
