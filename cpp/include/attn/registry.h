// The registry: every task the trainer knows by name (the toy corpus's language pairs and the sequence tasks) and
// the shipped translation models, in one table. Everything else that lists pairs derives from it: the corpus's
// grammars (grammar::target), the task names (tasks::named_task), the module's messages, and the JavaScript table
// web/lib/language-pairs.js, which scripts/language-pairs.mjs writes at build time from what
// build/native/tools/registry prints (registry_json() below). CONTRIBUTING.md, "Adding a language pair", walks it.
#pragma once

#include <string>
#include <vector>

#include "attn/corpus.h"
#include "attn/tasks.h"

namespace attn::corpus::grammar {
class TargetLanguage;  // cpp/src/data/grammar.h: the corpus's own, not the library's
}

namespace attn::registry {

// A language pair of the toy corpus, named source-target ("en-es"). Its position in language_pairs() is its
// corpus::Language (the training stream's and the vocabularies' identity): append, never reorder, or every training
// hash changes.
struct LanguagePair {
  const char* id;  // the task's and the shipped model's name: "en-es"
  corpus::Language language;
  // The target side's grammar (cpp/src/data/<language>.cpp), whose code() is the target language (BCP 47: "es").
  const corpus::grammar::TargetLanguage& (*grammar)();
  const char* source_language;        // BCP 47: "en" (the corpus's English grammar)
  const char* target_script;          // ISO 15924: "Latn", "Deva" (a page draws "Deva" with its Devanagari web font)
  const char* model_file;             // the shipped model in web/lib/models ("en-es.bin"), or "" when none is shipped
  bool model_in_package;              // whether the npm package includes that file (otherwise the site alone serves it)
  const char* probe;                  // the Train view's first sentence for the task
  std::vector<const char*> examples;  // sentences the grammar translates; the first is the Translation view's
};

// A sequence task over the digits (tasks.h): its name, kind and the Train view's first sequence.
struct SequenceTask {
  const char* id;  // "reverse"
  tasks::SequenceKind kind;
  const char* probe;
};

const std::vector<LanguagePair>& language_pairs();  // in corpus::Language order
const std::vector<SequenceTask>& sequence_tasks();
const LanguagePair* find_language_pair(const std::string& id);  // null when `id` is no pair's
const LanguagePair& language_pair(corpus::Language language);
const SequenceTask* find_sequence_task(const std::string& id);

// The names as messages list them, in the table's order: the language pairs' "'en-es', … or '<last>'", and every
// task's "'en-es', …, 'copy'" (for a message to end with its own "or …").
std::string quoted_pair_names();
std::string quoted_task_names();

// The whole table as JSON, for the JavaScript side: { languagePairs: [{ id, source, target, script, model,
// modelInPackage, probe, examples }], sequenceTasks: [{ id, probe }] } (model: the file name, or null).
std::string registry_json();

}  // namespace attn::registry
