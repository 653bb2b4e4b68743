// What a language model's attention heads do, read from their weights rather than their activations (Elhage et al.
// 2021, "A Mathematical Framework for Transformer Circuits"): a head's OV circuit maps the token it attends to onto
// the logits it raises. A copying head (an induction head is one) raises the logit of the very token it reads: its
// OV circuit's eigenvalues are mostly positive.
#pragma once

#include <complex>
#include <cstddef>
#include <vector>

#include "attn/language_model_training.h"

namespace attn::model {

// The eigenvalues of a real n × n matrix (row-major), complex in general: Hessenberg reduction and Francis's
// double-shift QR iteration, in double precision. Empty if the iteration does not converge (it does for any matrix
// of finite entries the size of a head's circuit).
std::vector<std::complex<double>> eigenvalues(std::vector<double> matrix, std::size_t n);

// Σλ / Σ|λ| over the eigenvalues λ of each head's direct OV circuit restricted to `tokens` (say, a text's distinct
// characters): E_S · diag(γ) · W_V^h · W_O^h · diag(γ_final) · W_U,S, the token embeddings through the head's value
// and output maps to the unembedding, LayerNorm's gains folded in and its normalisation left out as in Elhage et al.
// 1 for a head that only ever raises the token it reads, −1 for one that only lowers it. Its nonzero eigenvalues are
// those of a head-width × head-width product (a cyclic permutation of the factors), so it costs little at any
// vocabulary. Layer-major: scores[layer · heads + head].
std::vector<double> copying_scores(const TrainedLanguageModel& model, const std::vector<int>& tokens);

}  // namespace attn::model
