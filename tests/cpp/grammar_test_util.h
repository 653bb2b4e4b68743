// What the tests of the toy language pairs share: a sentence's words, the grammar's translation of it, and
// that translation with the English word each target word aligns to ("dame:give el:the libro:book", "-" for
// a word aligned to nothing).
#pragma once

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "attn/corpus.h"

namespace attn::corpus::testing {

// A file of the repository as text: the page's lists and catalogues the grammar's kinds must be said in.
inline std::string file_text(const std::string& path) {
  std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<std::string> words(const std::string& sentence) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start < sentence.size();) {
    const std::size_t end = std::min(sentence.find(' ', start), sentence.size());
    out.push_back(sentence.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

inline std::string translation(const std::string& english, Language language) {
  const auto pair = translate_by_grammar(words(english), language);
  return pair ? join(pair->target) : "<not said>";
}

inline std::string aligned(const std::string& english, Language language) {
  const auto pair = translate_by_grammar(words(english), language);
  if (!pair) return "<not said>";
  std::string out;
  for (std::size_t t = 0; t < pair->target.size(); ++t) {
    const int a = pair->alignment[t];
    out += (t ? " " : "") + pair->target[t] + ":" + (a == kUnaligned ? "-" : pair->source[static_cast<std::size_t>(a)]);
  }
  return out;
}

inline bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// What the grammar says is wrong with a sentence it refuses, as the native tools say it ("" if it translates it).
inline std::string problem_with(const std::string& english, Language language = Language::spanish) {
  GrammarProblem problem;
  return translate_by_grammar(words(english), language, &problem) ? "" : describe(problem);
}

// The kind and words of the problem, for the tests of what the bindings pass on.
inline GrammarProblem grammar_problem(const std::string& english, Language language = Language::spanish) {
  GrammarProblem problem;
  translate_by_grammar(words(english), language, &problem);
  return problem;
}

}  // namespace attn::corpus::testing
