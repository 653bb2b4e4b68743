// A weight file's parameter encoding as the tools name it (train's --file-encoding, translate's --save-as).
#pragma once

#include <optional>
#include <string>

#include "attn/translator.h"

namespace attn::tools {

// float16, int8 or int4; nothing for any other name.
inline std::optional<model::WeightEncoding> weight_encoding(const std::string& name) {
  if (name == "float16") return model::WeightEncoding::float16;
  if (name == "int8") return model::WeightEncoding::int8_blocks;
  if (name == "int4") return model::WeightEncoding::int4_blocks;
  return std::nullopt;
}

}  // namespace attn::tools
