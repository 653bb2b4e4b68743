// The dense layers (layers.h): linear maps, the unembedding tied to the embedding table, and the feed-forward layer
// with its ReLU or GELU, each with its backward twin.
#include <algorithm>
#include <cmath>

#include "attn/quantized_weights.h"
#include "layers.h"
#include "packed_weights.h"

namespace attn::model::layers {
namespace {

// Vocabulary entries of a tied unembedding read per product: the kernel set packs one block of the table at a time
// (256 × D floats, 768 kB for GPT-2), never the whole table.
constexpr std::size_t kUnembeddingBlock = 256;
// Up to this many rows (a cached step's one), dot products straight off the table's rows instead: packing the table
// costs more than it saves when few rows share it (GPT-2 small's table, one row, natively on a busy 2-core machine:
// 34 ms, against 45 to 76 ms packed and 500 to 830 ms transposing the whole table first).
constexpr std::size_t kRowDotRows = 4;

// A shared one-row product's outputs go out in ranges of whole cache lines (16 floats), so no two threads write one
// line.
constexpr std::size_t kSharedOutputsAlign = 16;

// GPT-2's GELU ("gelu_new"): 0.5·x·(1 + tanh(u)), u = √(2/π)·(x + 0.044715·x³).
constexpr float kGeluScale = 0.7978845608028654f;  // √(2/π)
constexpr float kGeluCubic = 0.044715f;

float gelu(float x) { return 0.5f * x * (1.0f + std::tanh(kGeluScale * (x + kGeluCubic * x * x * x))); }

// d gelu / dx = 0.5·(1 + t) + 0.5·x·(1 − t²)·√(2/π)·(1 + 3·0.044715·x²), t = tanh(u).
float gelu_derivative(float x) {
  const float t = std::tanh(kGeluScale * (x + kGeluCubic * x * x * x));
  return 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * kGeluScale * (1.0f + 3.0f * kGeluCubic * x * x);
}

}  // namespace

namespace {

// Runs product(first, count, part) over outputs [0, n) of a product of `rows` rows by `inputs`: in scratch.split_parts
// ranges on scratch.split when it is one row of at least scratch.split_from multiply-adds (each output computed
// exactly as the whole call would), else once over all of them as part 0.
template <class Product>
void over_outputs(const Scratch& scratch, std::size_t rows, std::size_t inputs, std::size_t n, Product product) {
  const bool shared = scratch.split && scratch.split_parts > 1 && rows == 1 && inputs * n >= scratch.split_from;
  if (!shared) {
    product(std::size_t{0}, n, std::size_t{0});
    return;
  }
  const std::size_t share = (n + scratch.split_parts - 1) / scratch.split_parts;
  const std::size_t range = (share + kSharedOutputsAlign - 1) / kSharedOutputsAlign * kSharedOutputsAlign;
  scratch.split((n + range - 1) / range, [&](std::size_t part) {
    const std::size_t first = part * range;
    product(first, std::min(range, n - first), part);
  });
}

// The most parts over_outputs runs (a workspace each).
std::size_t output_parts(const Scratch& scratch) {
  return scratch.split ? std::max<std::size_t>(scratch.split_parts, 1) : 1;
}

// y = x·Wᵀ from W's 8-bit copy (its rows: the outputs), when the model has one: true if it did.
bool quantized_forward(const KernelSet& kernels, const float* params, const Linear& l, const float* x, std::size_t rows,
                       float* y, Scratch& scratch) {
  const QuantizedMatrix* w = scratch.quantized ? scratch.quantized->find(l.w) : nullptr;
  if (!w) return false;
  const std::size_t floats = kernels.quantized_workspace_floats(rows, l.in);
  float* workspace = Scratch::sized(scratch.kernel, floats * output_parts(scratch));
  const float* bias = l.has_bias ? params + l.b : nullptr;
  over_outputs(scratch, rows, l.in, l.out, [&](std::size_t first, std::size_t count, std::size_t part) {
    const QuantizedMatrix outputs{w->values + first * w->inputs, w->scales + first, count, w->inputs};
    kernels.quantized_matmul(dense(x, rows, l.in), outputs, bias ? bias + first : nullptr,
                             MatrixView{y + first, rows, count, l.out}, workspace + part * floats);
  });
  return true;
}

}  // namespace

void linear_forward(const KernelSet& kernels, const float* params, const Linear& l, const float* x, std::size_t rows,
                    float* y, Scratch& scratch) {
  if (quantized_forward(kernels, params, l, x, rows, y, scratch)) return;
  const ConstMatrixView w = dense(params + l.w, l.in, l.out);
  if (const PackedWeights::Entry* packed = scratch.packed ? scratch.packed->find(l.w) : nullptr) {
    kernels.matmul_prepacked(dense(x, rows, l.in), w, scratch.packed->forward(*packed),
                             l.has_bias ? params + l.b : nullptr, dense(y, rows, l.out));
    return;
  }
  // A workspace per part, each for a part's outputs at most; part 0's for all of them when the product is not shared.
  const std::size_t parts = output_parts(scratch);
  const std::size_t floats = kernels.matmul_workspace_floats(l.in, (l.out + parts - 1) / parts + kSharedOutputsAlign);
  float* workspace =
      Scratch::sized(scratch.kernel, std::max(kernels.matmul_workspace_floats(l.in, l.out), floats * parts));
  const float* bias = l.has_bias ? params + l.b : nullptr;
  over_outputs(scratch, rows, l.in, l.out, [&](std::size_t first, std::size_t count, std::size_t part) {
    kernels.matmul(dense(x, rows, l.in), ConstMatrixView{w.data + first, l.in, count, l.out},
                   bias ? bias + first : nullptr, MatrixView{y + first, rows, count, l.out}, workspace + part * floats);
  });
}

// The products run on the kernel set (attn/gradient_products.h): its reference twin is the order the shipped models
// were trained in.
void linear_backward(const KernelSet& kernels, const float* params, float* grads, const Linear& l, const float* x,
                     const float* dy, std::size_t rows, float* dx, Scratch& scratch) {
  const std::size_t in = l.in, out = l.out;
  if (l.has_bias)
    for (std::size_t i = 0; i < rows; ++i) axpy(1.0f, dy + i * out, grads + l.b, out);
  const PackedWeights::Entry* packed =
      scratch.packed && scratch.packed->packs_backward() ? scratch.packed->find(l.w) : nullptr;
  const std::size_t input_floats = dx && !packed ? kernels.add_a_bt_workspace_floats(out, in) : 0;
  float* workspace =
      Scratch::sized(scratch.kernel, std::max(kernels.add_at_b_workspace_floats(rows, in, out), input_floats));
  kernels.add_at_b(dense(x, rows, in), dense(dy, rows, out), dense(grads + l.w, in, out), workspace);
  if (!dx) return;
  const ConstMatrixView w = dense(params + l.w, in, out);
  if (packed) {
    kernels.add_a_bt_prepacked(dense(dy, rows, out), w, scratch.packed->backward(*packed), dense(dx, rows, in));
  } else {
    kernels.add_a_bt(dense(dy, rows, out), w, dense(dx, rows, in), workspace);
  }
}

void tied_output_forward(const KernelSet& kernels, const float* params, const Linear& l, const float* x,
                         std::size_t rows, float* y, Scratch& scratch) {
  if (quantized_forward(kernels, params, l, x, rows, y, scratch)) return;  // E's 8-bit rows, a row per token
  const std::size_t d = l.in, v = l.out;
  const float* table = params + l.w;
  for (std::size_t i = 0; i < rows; ++i) {
    if (l.has_bias) {
      std::copy_n(params + l.b, v, y + i * v);
    } else {
      std::fill_n(y + i * v, v, 0.0f);
    }
  }
  if (rows <= kRowDotRows) {  // y[i][w] += x_i · E[w], each a dot_8 (add_dots_8: three of E's rows at a time)
    over_outputs(scratch, rows, d, v, [&](std::size_t first, std::size_t count, std::size_t) {
      for (std::size_t i = 0; i < rows; ++i) add_dots_8(x + i * d, table + first * d, d, count, y + i * v + first);
    });
    return;
  }
  const std::size_t block = std::min(kUnembeddingBlock, v);
  float* workspace = Scratch::sized(scratch.kernel, kernels.add_a_bt_workspace_floats(d, block));
  for (std::size_t first = 0; first < v; first += block) {
    const std::size_t n = std::min(block, v - first);
    kernels.add_a_bt(dense(x, rows, d), dense(table + first * d, n, d), MatrixView{y + first, rows, n, v}, workspace);
  }
}

void tied_output_backward(const KernelSet& kernels, const float* params, float* grads, const Linear& l, const float* x,
                          const float* dy, std::size_t rows, float* dx, Scratch& scratch) {
  const std::size_t d = l.in, v = l.out;
  if (l.has_bias)
    for (std::size_t i = 0; i < rows; ++i) axpy(1.0f, dy + i * v, grads + l.b, v);
  const std::size_t workspace_floats =
      std::max(kernels.add_at_b_workspace_floats(rows, v, d), kernels.add_at_b_workspace_floats(v, rows, d));
  float* workspace = Scratch::sized(scratch.kernel, workspace_floats);
  kernels.add_at_b(dense(dy, rows, v), dense(x, rows, d), dense(grads + l.w, v, d), workspace);
  if (!dx) return;
  float* dy_t = Scratch::sized(scratch.transposed, v * rows);  // dx += dy·E is (dyᵀ)ᵀ·E
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t word = 0; word < v; ++word) dy_t[word * rows + i] = dy[i * v + word];
  kernels.add_at_b(dense(dy_t, v, rows), dense(params + l.w, v, d), dense(dx, rows, d), workspace);
}

void feed_forward_forward(const KernelSet& kernels, const float* params, const FeedForward& f, const float* x,
                          std::size_t rows, FeedForwardActivations& act, float* out, Scratch& scratch) {
  act.hidden.resize(rows * f.expand.out);
  linear_forward(kernels, params, f.expand, x, rows, act.hidden.data(), scratch);
  if (f.activation == Activation::gelu_tanh) {
    act.pre = act.hidden;
    for (float& h : act.hidden) h = gelu(h);
  } else {
    act.pre.clear();
    for (float& h : act.hidden) h = std::max(h, 0.0f);
  }
  linear_forward(kernels, params, f.contract, act.hidden.data(), rows, out, scratch);
}

void feed_forward_backward(const KernelSet& kernels, const float* params, float* grads, const FeedForward& f,
                           const float* x, const FeedForwardActivations& act, const float* dout, std::size_t rows,
                           float* dx, Scratch& scratch) {
  const std::size_t n = rows * f.expand.out;
  float* dhidden = Scratch::sized(scratch.a, n);
  std::fill(dhidden, dhidden + n, 0.0f);
  linear_backward(kernels, params, grads, f.contract, act.hidden.data(), dout, rows, dhidden, scratch);
  if (f.activation == Activation::gelu_tanh) {
    for (std::size_t i = 0; i < n; ++i) dhidden[i] *= gelu_derivative(act.pre[i]);
  } else {
    for (std::size_t i = 0; i < n; ++i)
      if (act.hidden[i] <= 0.0f) dhidden[i] = 0.0f;
  }
  linear_backward(kernels, params, grads, f.expand, x, dhidden, rows, dx, scratch);
}

}  // namespace attn::model::layers
