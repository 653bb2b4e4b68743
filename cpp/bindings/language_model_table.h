// The language models a module holds, by the id languageModelLoad handed out: language_model_bindings.cpp keeps them,
// other binding files over the same models (sink_bindings.cpp) reach one through this table.
#pragma once

#include <emscripten/val.h>

#include <memory>

#include "attn/language_model_training.h"
#include "handle_table.h"

namespace attn::bindings {

struct LanguageModelEntry {
  model::TrainedLanguageModel trained;
  std::unique_ptr<model::LanguageModel> model;
};
HandleTable<LanguageModelEntry>& language_models();

// Keeps `trained` in the table and answers what languageModelLoad does: { id, config, tokenizer }. Defined in
// language_model_bindings.cpp; gpt2_bindings.cpp adds GPT-2 opened from its files through it.
emscripten::val register_language_model(model::TrainedLanguageModel trained);

}  // namespace attn::bindings
