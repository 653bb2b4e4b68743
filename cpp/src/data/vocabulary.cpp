// The vocabulary option: a task over the commonest N nouns, verbs and adjectives of the lexicon (the closed classes
// whole), so that a small run has a small vocabulary. The restricted grammar is the language's own with the rows
// past N left unsaid: the generator draws each choice again until the language says it, so the rows kept are
// drawn with the weights they have in the whole lexicon, and at the whole lexicon nothing is drawn differently.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <utility>

#include "attn/registry.h"
#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

int row_of(const RankedEnglish& word) {
  const auto find = [&](const auto& table, auto field) {
    for (std::size_t i = 0; i < table.size(); ++i)
      if (std::string(table[i].*field) == word.en) return static_cast<int>(i);
    std::abort();  // a ranked word the tables lack: a typo, found by the first test that runs
  };
  switch (word.word_class) {
    case OpenClass::noun:
      return find(nouns(), &Noun::en_singular);
    case OpenClass::verb:
      return find(verbs(), &Verb::en_base);
    case OpenClass::adjective:
      break;
  }
  return find(adjectives(), &Adjective::en);
}

std::vector<bool>& column(LexiconRows& rows, OpenClass word_class) {
  return word_class == OpenClass::noun ? rows.nouns : word_class == OpenClass::verb ? rows.verbs : rows.adjectives;
}

LexiconRows none() {
  return {std::vector<bool>(nouns().size()), std::vector<bool>(verbs().size()), std::vector<bool>(adjectives().size())};
}

// A language with only `rows` of the open classes.
class RestrictedLanguage final : public TargetLanguage {
 public:
  RestrictedLanguage(const TargetLanguage& whole, LexiconRows rows)
      : whole_(whole), rows_(std::move(rows)), words_(whole.words_of(rows_)), english_(english_words_of(*this)) {}
  const std::vector<std::string>& english() const { return english_; }
  bool says_noun(int n) const override { return rows_.nouns[n] && whole_.says_noun(n); }
  bool says_determiner(int d) const override { return whole_.says_determiner(d); }
  bool says_adjective(int a) const override { return rows_.adjectives[a] && whole_.says_adjective(a); }
  bool says_verb(int v) const override { return rows_.verbs[v] && whole_.says_verb(v); }
  bool says_preposition(int p) const override { return whole_.says_preposition(p); }
  bool says_prepositional_object(int p, const NounPhrase& np) const override {
    return whole_.says_prepositional_object(p, np);
  }
  bool needs_place(int v) const override { return whole_.needs_place(v); }
  GrammarProblem unsaid_construction(const Sentence& s) const override { return whole_.unsaid_construction(s); }
  SentencePair render(const Sentence& s) const override { return whole_.render(s); }
  const std::vector<std::string>& words() const override { return words_; }
  std::vector<std::string> words_of(const LexiconRows& rows) const override { return whole_.words_of(rows); }
  const char* code() const override { return whole_.code(); }

 private:
  const TargetLanguage& whole_;
  LexiconRows rows_;
  std::vector<std::string> words_, english_;
};

// Whether the generator finds a word for every role in `language`'s lexicon (else it would draw forever): a
// profession ("is a teacher"), a place to go to, a thing to give, an adjective, a command and a command that gives,
// and a noun for each preposition's object.
bool every_role_filled(const TargetLanguage& language) {
  const auto noun = [&](auto accepts) {
    for (std::size_t i = 0; i < nouns().size(); ++i) {
      NounPhrase np;
      np.noun = static_cast<int>(i);
      if (language.says_noun(np.noun) && accepts(nouns()[i], np)) return true;
    }
    return false;
  };
  const auto verb = [&](auto accepts) {
    for (std::size_t i = 0; i < verbs().size(); ++i)
      if (language.says_verb(static_cast<int>(i)) && accepts(verbs()[i])) return true;
    return false;
  };
  if (!noun([](const Noun& n, const NounPhrase&) { return n.kind == Kind::profession; })) return false;
  if (!noun([](const Noun& n, const NounPhrase&) { return !n.human(); })) return false;
  if (!noun([&](const Noun& n, const NounPhrase& np) {
        return n.kind == Kind::place && language.says_prepositional_object(kTo, np);
      }))
    return false;
  for (std::size_t p = 0; p < prepositions().size(); ++p) {
    const int preposition = static_cast<int>(p);
    if (language.says_preposition(preposition) &&
        !noun([&](const Noun&, const NounPhrase& np) { return language.says_prepositional_object(preposition, np); }))
      return false;
  }
  bool adjective = false;
  for (std::size_t a = 0; a < adjectives().size(); ++a)
    adjective = adjective || language.says_adjective(static_cast<int>(a));
  return adjective && verb([](const Verb& v) { return v.commands(); }) &&
         verb([](const Verb& v) { return v.commands() && v.valency == Valency::ditransitive; });
}

}  // namespace

const std::vector<RankedWord>& open_class_by_rank() {
  static const std::vector<RankedWord> ranked = [] {
    std::vector<RankedWord> out;
    LexiconRows seen = none();
    for (const RankedEnglish& word : open_class_ranking()) {
      const int row = row_of(word);
      std::vector<bool>& rows = column(seen, word.word_class);
      if (rows[static_cast<std::size_t>(row)]) std::abort();  // a word ranked twice
      rows[static_cast<std::size_t>(row)] = true;
      out.push_back({word.word_class, row});
    }
    if (out.size() != nouns().size() + verbs().size() + adjectives().size()) std::abort();  // a word left unranked
    return out;
  }();
  return ranked;
}

LexiconRows LexiconRows::first(std::size_t count) {
  LexiconRows rows = none();
  const auto& ranked = open_class_by_rank();
  for (std::size_t i = 0; i < std::min(count, ranked.size()); ++i)
    column(rows, ranked[i].word_class)[static_cast<std::size_t>(ranked[i].row)] = true;
  return rows;
}

const LexiconRows& LexiconRows::whole() {
  static const LexiconRows rows = first(open_class_by_rank().size());
  return rows;
}

}  // namespace attn::corpus::grammar

namespace attn::corpus {

std::size_t lexicon_size() { return grammar::open_class_by_rank().size(); }

std::size_t smallest_vocabulary(Language language) {
  static const std::vector<std::size_t> smallest = [] {
    std::vector<std::size_t> out;
    for (const auto& pair : registry::language_pairs()) {
      std::size_t n = 1;
      while (n < lexicon_size() &&
             !grammar::every_role_filled(grammar::RestrictedLanguage(pair.grammar(), grammar::LexiconRows::first(n))))
        ++n;
      out.push_back(n);
    }
    return out;
  }();
  return smallest[static_cast<std::size_t>(language)];
}

std::size_t effective_vocabulary(Language language, std::size_t vocabulary) {
  if (vocabulary == 0 || vocabulary >= lexicon_size()) return lexicon_size();
  return std::max(vocabulary, smallest_vocabulary(language));
}

namespace {

// The language with the commonest `vocabulary` words, or null for the whole lexicon. Made once for each size asked
// for and kept (a page asks for a few).
const grammar::RestrictedLanguage* restricted(Language language, std::size_t vocabulary) {
  const std::size_t n = effective_vocabulary(language, vocabulary);
  if (n == lexicon_size()) return nullptr;
  static std::mutex mutex;
  static std::map<std::pair<Language, std::size_t>, std::unique_ptr<grammar::RestrictedLanguage>> made;
  const std::lock_guard<std::mutex> lock(mutex);
  // find and emplace, not operator[]: libc++'s operator[] leaves a byte of std::piecewise_construct in the data
  // under clang 14 and none under clang 19, and the relaxed builds share the SIMD128 builds' glue only while their
  // data lie at the same addresses (scripts/build.sh checks).
  const auto key = std::make_pair(language, n);
  auto found = made.find(key);
  if (found == made.end())
    found = made.emplace(key, std::make_unique<grammar::RestrictedLanguage>(grammar::target(language),
                                                                            grammar::LexiconRows::first(n)))
                .first;
  return found->second.get();
}

}  // namespace

const grammar::TargetLanguage& vocabulary_grammar(Language language, std::size_t vocabulary) {
  const grammar::RestrictedLanguage* r = restricted(language, vocabulary);
  return r ? *r : grammar::target(language);
}

const std::vector<std::string>& english_words(Language language, std::size_t vocabulary) {
  const grammar::RestrictedLanguage* r = restricted(language, vocabulary);
  return r ? r->english() : english_words(language);
}

const std::vector<std::string>& target_words(Language language, std::size_t vocabulary) {
  return vocabulary_grammar(language, vocabulary).words();
}

std::size_t vocabulary_of(Language language, const std::vector<std::string>& source_words) {
  const std::unordered_set<std::string> words(source_words.begin(), source_words.end());
  // The English words each open-class row adds, in rank order: N is one past the last row a model's words name.
  std::size_t last = 0;
  const auto& ranked = grammar::open_class_by_rank();
  const grammar::TargetLanguage& whole = grammar::target(language);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const grammar::RankedWord& w = ranked[i];
    std::vector<const char*> forms;
    if (w.word_class == grammar::OpenClass::noun && whole.says_noun(w.row)) {
      const grammar::Noun& n = grammar::nouns()[static_cast<std::size_t>(w.row)];
      forms = {n.en_singular, n.en_plural};
    } else if (w.word_class == grammar::OpenClass::verb && whole.says_verb(w.row)) {
      const grammar::Verb& v = grammar::verbs()[static_cast<std::size_t>(w.row)];
      forms = {v.en_base, v.en_third_singular, v.en_past};
    } else if (w.word_class == grammar::OpenClass::adjective && whole.says_adjective(w.row)) {
      forms = {grammar::adjectives()[static_cast<std::size_t>(w.row)].en};
    }
    if (std::any_of(forms.begin(), forms.end(), [&](const char* f) { return words.count(f) > 0; })) last = i + 1;
  }
  return effective_vocabulary(language, last);
}

}  // namespace attn::corpus
