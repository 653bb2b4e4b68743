// The two matrix products a backward pass accumulates, row-major float32, adding into C:
//   add_at_b: C (M x N) += Aᵀ · B, A is K x M and B is K x N   (a weight's gradient: dW += Xᵀ · dY)
//   add_a_bt: C (M x N) += A · Bᵀ, A is M x K and B is N x K   (an input's gradient: dX += dY · Wᵀ)
// The reference twins are plain float loops whose every sum has a fixed order, the one the shipped models were
// trained with (scripts/train-model.sh): add_at_b adds each product into C in order of k, and add_a_bt adds to C a
// dot product kept as eight partial sums (dot_8).
// Built with -ffp-contract=off, so those bits are the same on every machine. The fast twins run the xsimd GEMM:
// the same sums in another order, tested against the reference within float rounding.
#pragma once

#include <cstddef>

#include "attn/matrix.h"

namespace attn {

// a · b over n floats as eight partial sums (element i into sum i % 8), added pairwise at the end: vectorisable
// without reassociation, so the same bits in every build.
float dot_8(const float* a, const float* b, std::size_t n);
// y[r] += dot_8(x, rows + r·n, n) for each of `count` rows (row-major, n floats each): the same bits as dot_8 row by
// row, three rows at a time over a table that fits in cache, so that each of x's vectors is loaded once for three
// products (a decoding step's tied output over a vocabulary's rows).
void add_dots_8(const float* x, const float* rows, std::size_t n, std::size_t count, float* y);

std::size_t add_at_b_workspace_floats_reference(std::size_t k, std::size_t m, std::size_t n);
std::size_t add_at_b_workspace_floats_fast(std::size_t k, std::size_t m, std::size_t n);
void add_at_b_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
void add_at_b_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);

std::size_t add_a_bt_workspace_floats_reference(std::size_t k, std::size_t n);
std::size_t add_a_bt_workspace_floats_fast(std::size_t k, std::size_t n);
void add_a_bt_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
void add_a_bt_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
// add_a_bt with B packed once (into add_a_bt_workspace_floats(k, n) floats: the reference packs nothing): its bits.
void add_a_bt_pack_reference(ConstMatrixView b, float* packed);
void add_a_bt_prepacked_reference(ConstMatrixView a, ConstMatrixView b, const float* packed, MatrixView c);
void add_a_bt_pack_fast(ConstMatrixView b, float* packed);
void add_a_bt_prepacked_fast(ConstMatrixView a, ConstMatrixView b, const float* packed, MatrixView c);

// The same products over a causal mask's triangle (attention's backward with as many queries as keys: the weights
// and their gradients are zero past each query's own position), each entry with the bits of the full product's:
//   add_at_b_triangular: C += Aᵀ·B where A (K × M) is zero on one side of its diagonal (`a_zeros`), so row m of C
//     takes only the terms k ≥ m (zeros above: A[k][m] = 0 for m > k) or k ≤ m (zeros below). Those zeros must be
//     zeros: the fast twin multiplies a few of them (its tiles of four rows share their terms).
//   add_a_bt_lower: C += A·Bᵀ on and below C's diagonal (j ≤ i); the entries above it are left as they were.
// Their workspaces are the full products' (add_at_b_workspace_floats, add_a_bt_workspace_floats).
enum class Zeros { above_diagonal, below_diagonal };
void add_at_b_triangular_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, Zeros a_zeros, float* workspace);
void add_at_b_triangular_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, Zeros a_zeros, float* workspace);
void add_a_bt_lower_reference(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);
void add_a_bt_lower_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace);

}  // namespace attn
