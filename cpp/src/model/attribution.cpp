// Raw attention, rollout and flow from a translation's maps (Abnar & Zuidema 2020), and Spearman's rank
// correlation to compare them with an experiment. Analysis, not a kernel: it allocates.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>

#include "attn/attribution.h"

namespace attn::attribution {
namespace {

// Capacities below this are treated as saturated: the weights are float, the flows sums of at most a few
// hundred of them.
constexpr double kFlowEpsilon = 1e-12;

// A graph kept as edge lists with paired reverse edges (the residual graph of Edmonds–Karp).
class FlowGraph {
 public:
  explicit FlowGraph(std::size_t nodes) : first_(nodes) {}
  void add_edge(std::size_t from, std::size_t to, double capacity) {
    if (!(capacity > 0)) return;
    first_[from].push_back(edges_.size());
    edges_.push_back({to, capacity});
    first_[to].push_back(edges_.size());
    edges_.push_back({from, 0.0});
  }
  // Consumes the capacities: call once.
  double max_flow(std::size_t source, std::size_t sink) {
    if (source == sink) return 0;
    double total = 0;
    std::vector<std::size_t> via(first_.size());  // the edge a node was reached by
    for (;;) {
      std::fill(via.begin(), via.end(), kNone);
      std::queue<std::size_t> queue;
      queue.push(source);
      via[source] = kNone - 1;  // reached, by no edge
      while (!queue.empty() && via[sink] == kNone) {
        const std::size_t node = queue.front();
        queue.pop();
        for (std::size_t e : first_[node]) {
          if (edges_[e].capacity > kFlowEpsilon && via[edges_[e].to] == kNone) {
            via[edges_[e].to] = e;
            queue.push(edges_[e].to);
          }
        }
      }
      if (via[sink] == kNone) return total;
      double bottleneck = std::numeric_limits<double>::infinity();
      for (std::size_t node = sink; node != source; node = edges_[via[node] ^ 1].to)
        bottleneck = std::min(bottleneck, edges_[via[node]].capacity);
      for (std::size_t node = sink; node != source; node = edges_[via[node] ^ 1].to) {
        edges_[via[node]].capacity -= bottleneck;
        edges_[via[node] ^ 1].capacity += bottleneck;
      }
      total += bottleneck;
    }
  }

 private:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  struct Edge {
    std::size_t to;
    double capacity;
  };
  std::vector<std::vector<std::size_t>> first_;  // node → its edges (forward and reverse)
  std::vector<Edge> edges_;                      // edge e's reverse is e ^ 1
};

// The layered graph of `layers` layers of n words: node (l, w) = l·n + w, layer 0 the input words; an edge
// from (l + 1, a) to (l, b) of capacity Ã_l(a, b). `extra` nodes follow, for the caller to join.
FlowGraph layered_graph(const std::vector<std::vector<double>>& residual, std::size_t n, std::size_t extra) {
  FlowGraph graph((residual.size() + 1) * n + extra);
  for (std::size_t l = 0; l < residual.size(); ++l)
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = 0; b < n; ++b) graph.add_edge((l + 1) * n + a, l * n + b, residual[l][a * n + b]);
  return graph;
}

std::vector<std::vector<double>> residual_layers(const float* maps, std::size_t layers, std::size_t heads,
                                                 std::size_t n) {
  std::vector<std::vector<double>> out;
  out.reserve(layers);
  for (std::size_t l = 0; l < layers; ++l) out.push_back(residual_attention(maps + l * heads * n * n, heads, n));
  return out;
}

// a (rows × inner) · b (inner × cols)
std::vector<double> product(const std::vector<double>& a, const std::vector<double>& b, std::size_t rows,
                            std::size_t inner, std::size_t cols) {
  std::vector<double> out(rows * cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t k = 0; k < inner; ++k)
      for (std::size_t j = 0; j < cols; ++j) out[i * cols + j] += a[i * inner + k] * b[k * cols + j];
  return out;
}

std::vector<double> ranks(const double* values, std::size_t n) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> rank(n);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && values[order[j + 1]] == values[order[i]]) ++j;
    for (std::size_t t = i; t <= j; ++t) rank[order[t]] = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
    i = j + 1;
  }
  return rank;
}

}  // namespace

std::vector<double> head_mean(const float* maps, std::size_t heads, std::size_t rows, std::size_t cols) {
  std::vector<double> out(rows * cols, 0.0);
  for (std::size_t h = 0; h < heads; ++h)
    for (std::size_t i = 0; i < rows * cols; ++i) out[i] += static_cast<double>(maps[h * rows * cols + i]) / heads;
  return out;
}

std::vector<double> residual_attention(const float* maps, std::size_t heads, std::size_t n) {
  std::vector<double> out = head_mean(maps, heads, n, n);
  for (double& w : out) w *= 0.5;
  for (std::size_t i = 0; i < n; ++i) out[i * n + i] += 0.5;
  return out;
}

std::vector<double> rollout(const float* maps, std::size_t layers, std::size_t heads, std::size_t n) {
  std::vector<double> rolled(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) rolled[i * n + i] = 1.0;
  for (std::size_t l = 0; l < layers; ++l)
    rolled = product(residual_attention(maps + l * heads * n * n, heads, n), rolled, n, n, n);
  return rolled;
}

std::vector<double> flow(const float* maps, std::size_t layers, std::size_t heads, std::size_t n) {
  const auto residual = residual_layers(maps, layers, heads, n);
  std::vector<double> out(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) out[i * n + j] = layered_graph(residual, n, 0).max_flow(layers * n + i, j);
  return out;
}

double max_flow(const std::vector<double>& capacity, std::size_t nodes, std::size_t source, std::size_t sink) {
  FlowGraph graph(nodes);
  for (std::size_t a = 0; a < nodes; ++a)
    for (std::size_t b = 0; b < nodes; ++b) graph.add_edge(a, b, capacity[a * nodes + b]);
  return graph.max_flow(source, sink);
}

double spearman(const double* a, const double* b, std::size_t n) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (n < 2) return nan;
  const std::vector<double> ra = ranks(a, n), rb = ranks(b, n);
  const double mean = (static_cast<double>(n) + 1) / 2;
  double covariance = 0, va = 0, vb = 0;
  for (std::size_t i = 0; i < n; ++i) {
    covariance += (ra[i] - mean) * (rb[i] - mean);
    va += (ra[i] - mean) * (ra[i] - mean);
    vb += (rb[i] - mean) * (rb[i] - mean);
  }
  if (va == 0 || vb == 0) return nan;
  return covariance / std::sqrt(va * vb);
}

SourceRelevance source_relevance(const float* encoder_self, std::size_t encoder_layers, const float* cross,
                                 std::size_t decoder_layers, std::size_t heads, std::size_t target_rows,
                                 std::size_t source_tokens) {
  const std::size_t t_rows = target_rows, s = source_tokens;
  SourceRelevance out;
  out.raw = head_mean(cross, decoder_layers * heads, t_rows, s);  // every decoder layer's heads alike
  out.rollout = product(out.raw, rollout(encoder_self, encoder_layers, heads, s), t_rows, s, s);
  const auto residual = residual_layers(encoder_self, encoder_layers, heads, s);
  const std::size_t output_node = (encoder_layers + 1) * s;
  out.flow.resize(t_rows * s);
  for (std::size_t t = 0; t < t_rows; ++t) {
    for (std::size_t j = 0; j < s; ++j) {
      FlowGraph graph = layered_graph(residual, s, 1);
      for (std::size_t k = 0; k < s; ++k) graph.add_edge(output_node, encoder_layers * s + k, out.raw[t * s + k]);
      out.flow[t * s + j] = graph.max_flow(output_node, j);
    }
  }
  return out;
}

}  // namespace attn::attribution
