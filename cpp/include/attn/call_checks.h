// Every check one public call makes before it copies any data in, in the order the bindings make them, as plain
// C++: the Embind files run them on what JavaScript passed, GoogleTest and the libFuzzer target
// (tests/fuzz/call_checks_fuzzer.cpp) run them on anything at all. A call that passes may size its buffers
// from these numbers: every size is a whole number >= 1 and the whole call fits the per-call memory budget.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "attn/checks.h"

namespace attn::check {

// mask = 'none' | 'causal' | an explicit Uint8Array of `length` bytes (kind "explicit").
struct MaskSpec {
  std::string kind = "none";
  double length = 0;
};

// An optional number (scale): absent means the default 1/sqrt(d).
struct OptionalNumber {
  bool present = false;
  double value = 0;
};

// An optional Float32Array (a bias): absent, or present with `length` values.
struct OptionalVector {
  bool present = false;
  double length = 0;
};

struct AttentionCall {
  MatrixArg q, k, v;
  MaskSpec mask;
  OptionalNumber scale;
  double temperature = 1;
  bool weights = true;  // false: the streaming kernel, no Sq·Sk weights
};

struct MultiHeadCall {
  MatrixArg xq, xkv, wq, wk, wv, wo;
  OptionalVector bq, bk, bv, bo;
  double heads = 1, kv_heads = 1;
  MaskSpec mask;
  OptionalNumber scale;
  double temperature = 1;
};

struct MatmulCall {
  MatrixArg a, b;
  OptionalVector bias;
};

struct LogitsCall {
  MatrixArg q, k;
  MaskSpec mask;
  OptionalNumber scale;
  double temperature = 1;
};

// On success `scale` holds the scale the call uses (the given one, or 1/sqrt of the key width).
Error attention_call(const AttentionCall& call, double& scale);
Error multi_head_call(const MultiHeadCall& call, double& scale);
Error matmul_call(const MatmulCall& call);
Error logits_call(const LogitsCall& call, double& scale);

// An explicit mask's bytes (rows of sk) hold only 0 and 1.
Error mask_values(const std::uint8_t* allowed, std::size_t count, std::size_t sk);

}  // namespace attn::check
