// The parser's reading position and its noun phrases (parser_phrases.cpp), shared with the clauses it reads
// (parser.cpp). Every English word belongs to one lexical category (lexicon_nouns.cpp says how the lexicon
// keeps it so) but "her" (a pronoun, or a determiner before its noun), and a clause's first word says which clause
// it is ("do" with the word after it), so two words of lookahead suffice, but for a greeting, read whole ("thank
// you very much").
#pragma once

#include "grammar.h"

namespace attn::corpus::grammar::parsing {

std::string quoted(const std::string& text);

// The index of the entry whose `field` is `word`, or -1 (a field may be nullptr: Determiner::en_before_vowel).
template <typename Table, typename Field>
int find(const Table& table, Field field, const std::string& word) {
  for (std::size_t i = 0; i < table.size(); ++i)
    // The first letters before the whole word: comparing a std::string with a C string measures the C string first,
    // and most of a lexicon's entries differ from the word at once (a translation's parse in the module: 0.05 ms, then
    // 0.03).
    if (const char* entry = table[i].*field; entry && entry[0] == word[0] && word == entry) return static_cast<int>(i);
  return -1;
}

// The first entries of a table, for a learner: big, small, red.
template <typename Table, typename Field>
std::vector<std::string> examples(const Table& table, Field field, std::size_t count = 3) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count && i < table.size(); ++i) out.emplace_back(table[i].*field);
  return out;
}

enum class Case { subject, object };  // which pronoun form a noun phrase takes: "i" or "me"

class Reader {
 public:
  explicit Reader(const std::vector<std::string>& words) : words_(words) {}

  const std::string& peek() const {
    static const std::string end;
    return at_ < words_.size() ? words_[at_] : end;
  }
  const std::string& next() const { return ahead(1); }  // the word after peek()
  const std::string& ahead(std::size_t n) const {       // the word n after peek(): a set phrase's
    static const std::string end;
    return at_ + n < words_.size() ? words_[at_ + n] : end;
  }
  const std::string& previous() const { return words_[at_ - 1]; }
  bool at_end() const { return at_ == words_.size(); }
  void advance() { ++at_; }
  std::string so_far() const;
  std::string found() const { return at_end() ? "" : peek(); }  // the word where another was expected
  std::nullopt_t fail(GrammarProblem why) {
    problem_ = std::move(why);
    return std::nullopt;
  }
  const GrammarProblem& problem() const { return problem_; }

  // Whether the next word can start a noun phrase (a pronoun, a name or a determiner).
  bool starts_noun_phrase() const;
  // A noun phrase in the case given; `role` says why one is expected here ("“eat” needs an object": object,
  // "eat").
  bool noun_phrase(NounPhrase& np, Case grammatical_case, NounPhraseRole role, const std::string& role_word = "");

 private:
  bool common_noun_phrase(NounPhrase& np, Case grammatical_case, NounPhraseRole role, const std::string& role_word);

  const std::vector<std::string>& words_;
  std::size_t at_ = 0;
  GrammarProblem problem_;
};

}  // namespace attn::corpus::grammar::parsing
