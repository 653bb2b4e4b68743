// Writes weights_fuzzer's seed corpus: real weight files of tiny models (versions 1, 2 and 4: each ablation, a
// tied output, several shapes, 8-bit parameters), without their last four bytes (the fuzzer appends the checksum
// itself).
//   weight_seeds <directory>
#include <cstdio>
#include <fstream>
#include <string>

#include "attn/translator.h"

using namespace attn;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: weight_seeds <directory>\n");
    return 2;
  }
  struct Seed {
    const char* name;
    std::uint32_t d_model, heads, ffn, layers;
    bool positions, scaled, sigmoid;
    model::WeightEncoding encoding = model::WeightEncoding::float16;
    bool tied_output = false;
  };
  const Seed seeds[] = {{"d2-h1", 2, 1, 2, 1, true, true, false},
                        {"d4-h2", 4, 2, 4, 1, true, true, false},
                        {"d4-h2-2layers", 4, 2, 3, 2, true, true, false},
                        {"d2-no-positions", 2, 1, 2, 1, false, true, false},
                        {"d2-unscaled", 2, 1, 2, 1, true, false, false},
                        {"d2-sigmoid", 2, 2, 2, 1, true, true, true},
                        {"d4-h2-int8", 4, 2, 4, 1, true, true, false, model::WeightEncoding::int8_blocks},
                        {"d4-h2-int4", 4, 2, 4, 1, true, true, false, model::WeightEncoding::int4_blocks},
                        {"d4-h2-tied", 4, 2, 4, 1, true, true, false, model::WeightEncoding::float16, true}};
  const auto task = tasks::named_task("copy", {1, 2}, 1);
  for (const Seed& s : seeds) {
    model::Config c;
    c.d_model = s.d_model, c.heads = s.heads, c.ffn = s.ffn, c.encoder_layers = s.layers, c.decoder_layers = s.layers;
    c.max_positions = 8, c.positions = s.positions, c.scaled = s.scaled;
    c.weighting = s.sigmoid ? model::AttentionWeighting::sigmoid : model::AttentionWeighting::softmax;
    c.tied_output = s.tied_output;
    const auto bytes = model::save_weights(model::new_model(c, 1, *task), s.encoding);
    std::ofstream(std::string(argv[1]) + "/" + s.name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size() - 4));
  }
  return 0;
}
