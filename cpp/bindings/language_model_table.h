// The language models a module holds are in language_model_bindings.cpp's table; other binding files over the same
// models (sink_bindings.cpp) reach one through this, by the id languageModelLoad handed out.
#pragma once

#include "attn/language_model_training.h"

namespace attn::bindings {

struct LanguageModelRef {
  const model::TrainedLanguageModel* trained = nullptr;  // null when no model has that id (disposed)
  model::LanguageModel* model = nullptr;
};
LanguageModelRef find_language_model(int id);

}  // namespace attn::bindings
