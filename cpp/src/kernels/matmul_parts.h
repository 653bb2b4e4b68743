// The fast matrix product's two steps as separate entry points (fast.cpp), for batched.cpp to share out among
// threads: pack B once, then multiply blocks of A's rows by the packed B, each block on its own thread.
#pragma once

#include <cstddef>

#include "attn/matrix.h"

namespace attn {

// C = A · B (+ bias), B as packed by matmul_pack_fast (attn/matmul.h) with n columns.
void matmul_packed_fast(ConstMatrixView a, const float* packed, std::size_t n, const float* bias, MatrixView c);

}  // namespace attn
