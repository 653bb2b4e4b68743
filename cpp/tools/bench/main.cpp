// Native benchmark of the attention kernels: batched heads (H × S × 64), streaming (no weights) and
// materialised (weights written), median of repeated calls after warm-up, in GFLOP/s counting 4·H·S²·d
// (the two matrix products; softmax not counted). Prints a markdown table, or JSON with --json.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../../../tests/cpp/test_util.h"
#include "arch_kernels.h"
#include "attn/attention.h"
#include "attn/batched.h"

using namespace attn;

namespace {

struct Shape {
  std::size_t heads, s;
};
constexpr std::size_t kD = 64;
const Shape kShapes[] = {{1, 64}, {8, 128}, {8, 512}, {12, 1024}};

template <class Body>
double median_ms(Body&& body, std::size_t calls) {
  body();
  body();  // warm-up
  std::vector<double> ms;
  for (std::size_t i = 0; i < calls; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

struct Row {
  std::string kernel;
  Shape shape;
  double ms;
  double gflops() const { return 4.0 * shape.heads * shape.s * shape.s * kD / ms / 1e6; }
};

}  // namespace

int main(int argc, char** argv) {
  const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
  std::vector<Row> rows;
  for (const Shape& shape : kShapes) {
    const std::size_t n = shape.heads * shape.s * kD;
    const auto q = attn::testing::random_values(n, 1), k = attn::testing::random_values(n, 2),
               v = attn::testing::random_values(n, 3);
    std::vector<float> out(n), weights(shape.heads * shape.s * shape.s);
    const LogitParams params{default_scale(kD), 1.0f, false};
    const std::size_t calls = shape.s >= 1024 ? 21 : 41;
    auto view = [&](const std::vector<float>& m, std::size_t h) {
      return dense(m.data() + h * shape.s * kD, shape.s, kD);
    };

    for (const bench::ArchKernels& kernels : {bench::sse_kernels(), bench::native_kernels()}) {
      std::vector<float> ws(kernels.streaming_workspace_floats(shape.s, kD, kD));
      const double ms = median_ms(
          [&] {
            for (std::size_t h = 0; h < shape.heads; ++h)
              kernels.streaming(view(q, h), view(k, h), view(v, h), Mask{}, params,
                                dense(out.data() + h * shape.s * kD, shape.s, kD), ws.data());
          },
          calls);
      rows.push_back({std::string("streaming, ") + kernels.arch, shape, ms});
    }
    // This machine's best, heads and query blocks shared by two threads.
    {
      ThreadPool pool(2);
      const HeadsShape heads_shape{shape.heads, shape.s, shape.s, kD, kD};
      std::vector<float> ws(batched_workspace_floats_fast(heads_shape, false, pool.size()));
      const double ms = median_ms(
          [&] {
            batched_attention_fast(q.data(), k.data(), v.data(), heads_shape, Mask{}, params, out.data(), nullptr,
                                   ws.data(), pool);
          },
          calls);
      rows.push_back({std::string("streaming, 2 threads, ") + bench::native_kernels().arch, shape, ms});
    }
    std::vector<float> ws(attention_workspace_floats_fast(shape.s, shape.s, kD, kD));
    const double ms = median_ms(
        [&] {
          for (std::size_t h = 0; h < shape.heads; ++h)
            attention_fast(view(q, h), view(k, h), view(v, h), Mask{}, params,
                           dense(out.data() + h * shape.s * kD, shape.s, kD),
                           dense(weights.data() + h * shape.s * shape.s, shape.s, shape.s), ws.data());
        },
        calls);
    rows.push_back({std::string("with weights, ") + bench::native_kernels().arch, shape, ms});
  }

  if (json) {
    std::printf("[\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      std::printf("  {\"kernel\": \"%s\", \"heads\": %zu, \"s\": %zu, \"d\": %zu, \"ms\": %.6f, \"gflops\": %.3f}%s\n",
                  r.kernel.c_str(), r.shape.heads, r.shape.s, kD, r.ms, r.gflops(), i + 1 < rows.size() ? "," : "");
    }
    std::printf("]\n");
    return 0;
  }
  std::printf("| kernel | H | S | d | ms (median) | GFLOP/s |\n|---|---|---|---|---|---|\n");
  for (const Row& r : rows)
    std::printf("| %s | %zu | %zu | %zu | %.3f | %.1f |\n", r.kernel.c_str(), r.shape.heads, r.shape.s, kD, r.ms,
                r.gflops());
  return 0;
}
