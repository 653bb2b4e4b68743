// Which input words an output depended on, three ways from the attention maps (Abnar & Zuidema 2020) and one
// way by experiment:
// - raw attention: the weights themselves, averaged over heads;
// - attention rollout: each layer's head-averaged weights with the residual connection as an identity,
//   Ã = 0.5·A + 0.5·I, multiplied from the top layer down to the input words;
// - attention flow: the same Ã as the capacities of a layered graph (a node per word per layer), and the maximum
//   flow from an output's node to each input word's node;
// - removal: how much less likely each output word becomes when one source word is removed from the sentence
//   (the output teacher-forced, so that every step still asks about the same word).
// The map functions take row-major maps (layer by layer, head by head, as a Translation holds them) and know
// nothing of a model; attribute() runs a translator.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "attn/translator.h"

namespace attn::attribution {

// The mean over `heads` maps (heads × rows × cols), rows × cols.
std::vector<double> head_mean(const float* maps, std::size_t heads, std::size_t rows, std::size_t cols);

// One layer's Ã: 0.5·(mean over heads of `maps`, heads × n × n) + 0.5·I, n × n.
std::vector<double> residual_attention(const float* maps, std::size_t heads, std::size_t n);

// Rollout over `layers` layers of self-attention (layers × heads × n × n): Ã_L ⋯ Ã_1, n × n; row i = the top
// layer's word i, column j = input word j. Rows sum to 1 when every map's rows do.
std::vector<double> rollout(const float* maps, std::size_t layers, std::size_t heads, std::size_t n);

// Attention flow over the same maps, n × n: entry (i, j) = the maximum flow from word i's node in the top layer
// to word j's input node, each edge from layer l + 1's word a to layer l's word b carrying at most Ã_l(a, b).
std::vector<double> flow(const float* maps, std::size_t layers, std::size_t heads, std::size_t n);

// The maximum flow from `source` to `sink` in a graph of `nodes` nodes whose edge capacities are `capacity`
// (nodes × nodes, row = from, column = to; 0 = no edge). Edmonds–Karp; exact up to rounding.
double max_flow(const std::vector<double>& capacity, std::size_t nodes, std::size_t source, std::size_t sink);

// Spearman's rank correlation of a and b (n values each; tied values share their average rank). NaN when it is
// undefined: fewer than 2 values, or either side constant.
double spearman(const double* a, const double* b, std::size_t n);

// Output words → source words. cross: Ld × H × T × S maps (the decoder reads the encoder's last layer);
// encoder_self: Le × H × S × S. raw = cross-attention averaged over decoder layers and heads (T × S); rollout =
// raw · the encoder's rollout; flow = the maximum flow from a node per output word, joined to the encoder's top
// nodes by its raw row, through the encoder's layered graph to each source word.
struct SourceRelevance {
  std::vector<double> raw, rollout, flow;  // T × S each
};
SourceRelevance source_relevance(const float* encoder_self, std::size_t encoder_layers, const float* cross,
                                 std::size_t decoder_layers, std::size_t heads, std::size_t target_rows,
                                 std::size_t source_tokens);

struct Agreement {
  double raw = 0, rollout = 0, flow = 0;  // mean Spearman over the rows where it is defined (NaN if none)
  std::size_t rows = 0;                   // how many rows that is
};

struct Attribution {
  std::vector<std::string> source;                    // the words + "<eos>" (S tokens)
  std::vector<std::string> target;                    // the greedy translation + "<eos>" (T tokens; the rows below)
  std::vector<double> encoder_raw;                    // S × S: the encoder's last layer, heads averaged
  std::vector<double> encoder_rollout, encoder_flow;  // S × S
  SourceRelevance relevance;                          // T × S
  // T × (S − 1), one column per source word: p(target[t]) with the whole sentence − p(target[t]) with that word
  // removed (negative when the word's absence makes target[t] more likely).
  std::vector<double> removal;
  // Per output word, Spearman of each method's row (source words only: <eos> cannot be removed) with removal's.
  Agreement agreement;
  std::vector<double> row_raw, row_rollout, row_flow;  // T each (NaN where undefined)
};

// The attribution of a sentence's greedy translation, at attention temperature `temperature`, with the heads the
// translator's head mask switches off. `words` must all be known to the model (as translate_words needs).
Attribution attribute(model::Translator& translator, const std::vector<std::string>& words, float temperature = 1.0f);

// Agreement pooled over many sentences: every output word of every sentence is one row.
Agreement pooled_agreement(model::Translator& translator, const std::vector<std::vector<std::string>>& sentences);

}  // namespace attn::attribution
