// Prints the registry (attn/registry.h): as JSON, which scripts/language-pairs.mjs writes web/lib/language-pairs.js
// from (so that the page knows its language pairs without waiting for the module); with `models`, each shipped
// translation model's task and file, one a line ("en-es en-es.bin"), for scripts/train-model.sh.
#include <cstring>
#include <iostream>

#include "attn/registry.h"

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "models") == 0) {
    for (const auto& pair : attn::registry::language_pairs())
      if (*pair.model_file != '\0') std::cout << pair.id << ' ' << pair.model_file << '\n';
    return 0;
  }
  if (argc != 1) {
    std::cerr << "usage: registry [models]\n";
    return 1;
  }
  std::cout << attn::registry::registry_json() << '\n';
  return 0;
}
