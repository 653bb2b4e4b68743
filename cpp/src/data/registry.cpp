// The registry's table (attn/registry.h): one entry per language pair, one per sequence task. Adding a pair is one
// entry here, its grammar (cpp/src/data/<language>.cpp) and its messages (CONTRIBUTING.md says which).
#include "attn/registry.h"

#include <cstdio>

#include "grammar.h"

namespace attn::registry {

const std::vector<LanguagePair>& language_pairs() {
  using corpus::Language;
  namespace grammar = corpus::grammar;
  static const std::vector<LanguagePair> pairs = {
      {"en-es",
       Language::spanish,
       grammar::spanish,
       "en",
       "Latn",
       "en-es.bin",
       true,
       // A probe is the Train view's first sentence: of words a model of its smallest vocabulary (60) knows.
       "i see the big houses",
       {"the big dog sees the white cats", "maria loves the cat", "the man does not see the very tall woman",
        "the women read a red letter near the car", "three happy boys find some green houses",
        "these cows do not sleep behind the tree", "juan walks with my very old friends"}},
      {"en-ja",
       Language::japanese,
       grammar::japanese,
       "en",
       "Latn",  // romanized
       "en-ja.bin",
       false,  // the site's: the package's budget holds the default pair's model at width 96 (docs/embed.md)
       "maria opens the door in the house",
       {"maria eats the apple in the garden", "the big dog does not see the white cats",
        "this boy reads a new book near the tree", "my very small friends live in the city",
        "these girls do not sleep behind the house", "juan walks with the dogs"}},
      {"en-mr",
       Language::marathi,
       grammar::marathi,
       "en",
       "Deva",
       "en-mr.bin",
       false,  // the site's: its Devanagari font comes with it (docs/embed.md)
       "give me your hand",
       {"give me the book", "the boy reads the book", "the girl reads the book", "my big dogs sleep in my big house",
        "where is the book", "the house is big"}},
  };
  return pairs;
}

const std::vector<SequenceTask>& sequence_tasks() {
  static const std::vector<SequenceTask> tasks = {
      {"reverse", tasks::SequenceKind::reverse, "3 1 4 1 5 9"},
      {"sort", tasks::SequenceKind::sort, "3 1 4 1 5 9"},
      {"copy", tasks::SequenceKind::copy, "3 # 1 4 # # 1 5"},
  };
  return tasks;
}

const LanguagePair* find_language_pair(const std::string& id) {
  for (const auto& pair : language_pairs())
    if (id == pair.id) return &pair;
  return nullptr;
}

const LanguagePair& language_pair(corpus::Language language) {
  return language_pairs()[static_cast<std::size_t>(language)];
}

const SequenceTask* find_sequence_task(const std::string& id) {
  for (const auto& task : sequence_tasks())
    if (id == task.id) return &task;
  return nullptr;
}

std::string quoted_pair_names() {
  const auto& pairs = language_pairs();
  std::string out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i > 0) out += i + 1 == pairs.size() ? " or " : ", ";
    out += std::string("'") + pairs[i].id + "'";
  }
  return out;
}

std::string quoted_task_names() {
  std::string out;
  auto add = [&](const char* id) { out += (out.empty() ? "'" : ", '") + std::string(id) + "'"; };
  for (const auto& pair : language_pairs()) add(pair.id);
  for (const auto& task : sequence_tasks()) add(task.id);
  return out;
}

namespace {

// A JSON string: the table's text is ours, but quotes, backslashes and control characters are escaped anyway.
std::string json_string(const char* text) {
  std::string out = "\"";
  for (const char* c = text; *c != '\0'; ++c) {
    const auto byte = static_cast<unsigned char>(*c);
    if (*c == '"' || *c == '\\') {
      out += '\\';
      out += *c;
    } else if (byte < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
      out += escaped;
    } else {
      out += *c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string registry_json() {
  std::string out = "{\"languagePairs\":[";
  for (const auto& pair : language_pairs()) {
    if (out.back() == '}') out += ',';
    out += "{\"id\":" + json_string(pair.id) + ",\"source\":" + json_string(pair.source_language) +
           ",\"target\":" + json_string(pair.grammar().code()) + ",\"script\":" + json_string(pair.target_script) +
           ",\"model\":" + (*pair.model_file != '\0' ? json_string(pair.model_file) : std::string("null")) +
           ",\"modelInPackage\":" + (pair.model_in_package ? "true" : "false") +
           ",\"probe\":" + json_string(pair.probe) + ",\"examples\":[";
    for (std::size_t i = 0; i < pair.examples.size(); ++i) out += (i > 0 ? "," : "") + json_string(pair.examples[i]);
    out += "]}";
  }
  out += "],\"sequenceTasks\":[";
  for (const auto& task : sequence_tasks()) {
    if (out.back() == '}') out += ',';
    out += "{\"id\":" + json_string(task.id) + ",\"probe\":" + json_string(task.probe) + "}";
  }
  return out + "]}";
}

}  // namespace attn::registry
