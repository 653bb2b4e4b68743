// The lexicon's small tables (adjectives, determiners, names, prepositions, pronouns, adverbs, greetings), each
// with its Spanish, what a noun phrase is (person, number, gender) and the vocabularies built from them. The nouns
// and verbs are in lexicon_nouns.cpp and lexicon_verbs.cpp; the Japanese and Marathi in their own files.
#include <algorithm>
#include <set>

#include "attn/registry.h"
#include "grammar.h"

namespace attn::corpus::grammar {

const std::vector<Determiner>& determiners() {
  constexpr Number singular = Number::singular, plural = Number::plural, either = Number::either;
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Determiner> table = {
      {"the", either, {"el", "la", "los", "las"}},                     {"a", singular, {"un", "una", "", ""}, "an"},
      {"my", either, {"mi", "mi", "mis", "mis"}},                      {"this", singular, {"este", "esta", "", ""}},
      {"these", plural, {"", "", "estos", "estas"}},                   {"two", plural, {"", "", "dos", "dos"}},
      {"three", plural, {"", "", "tres", "tres"}},                     {"some", plural, {"", "", "unos", "unas"}},
      {"your", either, {"tu", "tu", "tus", "tus"}},
      {"our", either, {"nuestro", "nuestra", "nuestros", "nuestras"}}, {"his", either, {"su", "su", "sus", "sus"}},
      {"their", either, {"su", "su", "sus", "sus"}},                   {"that", singular, {"ese", "esa", "", ""}},
      {"those", plural, {"", "", "esos", "esas"}},                     {"four", plural, {"", "", "cuatro", "cuatro"}},
      {"her", either, {"su", "su", "sus", "sus"}},
  };
  // clang-format on
  return table;
}

const std::vector<Name>& names() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Name> table = {
      {"maria", "maría", true}, {"juan", "juan", false}, {"ana", "ana", true},     {"pedro", "pedro", false},
      {"john", "juan", false},  {"mary", "maría", true}, {"peter", "pedro", false}, {"anna", "ana", true},
      {"tom", "tomás", false},  {"lucy", "lucía", true}, {"paul", "pablo", false},
  };
  // clang-format on
  return table;
}

const std::vector<Preposition>& prepositions() {
  constexpr bool place = true, pronoun = true, no = false;
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Preposition> table = {
      {"in", "en", nullptr, place, no},            {"with", "con", nullptr, no, pronoun},
      {"without", "sin", nullptr, no, pronoun},    {"near", "cerca", "de", place, pronoun},
      {"behind", "detrás", "de", place, pronoun},  {"on", "sobre", nullptr, place, no},
      {"under", "debajo", "de", place, no},        {"to", nullptr, "a", no, no},
  };
  // clang-format on
  return table;
}

const std::vector<Pronoun>& pronouns() {
  constexpr Person first = Person::first, second = Person::second, third = Person::third;
  constexpr bool plural = true, singular = false, f = true, m = false, animate = true;
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Pronoun> table = {
      {"i", "me", first, singular, m, animate, "me", "me", "mí"},
      {"you", "you", second, singular, m, animate, "te", "te", "ti"},
      {"he", "him", third, singular, m, animate, "lo", "le", "él"},
      {"she", "her", third, singular, f, animate, "la", "le", "ella"},
      {"it", "it", third, singular, m, !animate, "lo", "le", "él"},
      {"we", "us", first, plural, m, animate, "nos", "nos", "nosotros"},
      {"they", "them", third, plural, m, animate, "los", "les", "ellos"},
  };
  // clang-format on
  return table;
}

const std::vector<Adverb>& adverbs() {
  constexpr bool place = true, time = false, only = true, any = false;
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Adverb> table = {
      {"yesterday", "ayer", time, only, any}, {"today", "hoy", time, any, any},   {"now", "ahora", time, any, only},
      {"here", "aquí", place, any, any},      {"there", "allí", place, any, any},
  };
  // clang-format on
  return table;
}

const std::vector<Greeting>& greetings() {
  constexpr bool opens = true, closes = false;
  // Each Spanish word aligns to the English word it stands for: "buenos:good días:morning", "muchas:much
  // gracias:thank"; "mucho gusto" (much pleasure) to "nice", "¿ ?" to "how", the word that makes it a question.
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Greeting> table = {
      {"how are you",         "¿ cómo estás ?",  "how how are how", closes},
      {"hello",               "hola",            "hello",           opens},
      {"good morning",        "buenos días",     "good morning",    opens},
      {"good night",          "buenas noches",   "good night",      closes},
      {"goodbye",             "adiós",           "goodbye",         closes},
      {"thank you",           "gracias",         "thank",           closes},
      {"thank you very much", "muchas gracias",  "much thank",      closes},
      {"nice to meet you",    "mucho gusto",     "nice nice",       closes},
  };
  // clang-format on
  return table;
}

int verb_named(const char* en_base) {
  for (std::size_t i = 0; i < verbs().size(); ++i)
    if (std::string(verbs()[i].en_base) == en_base) return static_cast<int>(i);
  std::abort();  // a typo in a renderer
}

bool NounPhrase::animate() const {
  if (is_pronoun()) return pronouns()[pronoun].animate;
  return is_name() || nouns()[noun].animate();
}
bool NounPhrase::human() const {
  if (is_pronoun()) return pronouns()[pronoun].animate;
  return is_name() || nouns()[noun].human();
}
bool NounPhrase::is_plural() const { return is_pronoun() ? pronouns()[pronoun].plural : is_common() && plural; }
Person NounPhrase::person() const { return is_pronoun() ? pronouns()[pronoun].person : Person::third; }
bool NounPhrase::feminine() const {
  if (is_pronoun()) return pronouns()[pronoun].feminine;
  return is_name() ? names()[name].feminine : nouns()[noun].feminine;
}

std::vector<std::string> split(const char* words) {
  std::vector<std::string> out;
  for (const char* at = words; *at;) {
    const char* end = at;
    while (*end && *end != ' ') ++end;
    if (end > at) out.emplace_back(at, end);
    at = *end ? end + 1 : end;
  }
  return out;
}

}  // namespace attn::corpus::grammar

namespace attn::corpus::grammar {

std::vector<std::string> english_words_of(const TargetLanguage& target) {
  std::set<std::string> w = {"very", "does", "do", "did", "not", "am", "is", "are", "was", "were", "where"};
  for (std::size_t i = 0; i < nouns().size(); ++i)
    if (target.says_noun(static_cast<int>(i))) w.insert({nouns()[i].en_singular, nouns()[i].en_plural});
  for (std::size_t i = 0; i < adjectives().size(); ++i)
    if (target.says_adjective(static_cast<int>(i))) w.insert(adjectives()[i].en);
  for (std::size_t i = 0; i < verbs().size(); ++i) {
    const Verb& v = verbs()[i];
    if (target.says_verb(static_cast<int>(i))) w.insert({v.en_third_singular, v.en_base, v.en_past});
  }
  for (std::size_t i = 0; i < determiners().size(); ++i) {
    const Determiner& d = determiners()[i];
    if (!target.says_determiner(static_cast<int>(i))) continue;
    w.insert(d.en);
    if (d.en_before_vowel) w.insert(d.en_before_vowel);
  }
  for (const auto& n : names()) w.insert(n.en);
  for (const auto& p : pronouns()) w.insert({p.en_subject, p.en_object});
  for (const auto& a : adverbs()) w.insert(a.en);
  for (const auto& g : greetings())
    for (auto& word : split(g.en)) w.insert(std::move(word));
  // "to" also marks a recipient ("give the book to maria"), which every language says.
  w.insert("to");
  for (std::size_t i = 0; i < prepositions().size(); ++i)
    if (target.says_preposition(static_cast<int>(i))) w.insert(prepositions()[i].en);
  return std::vector<std::string>(w.begin(), w.end());
}

}  // namespace attn::corpus::grammar

namespace attn::corpus {

const std::vector<std::string>& english_words(Language language) {
  static const std::vector<std::vector<std::string>> words = [] {
    std::vector<std::vector<std::string>> out;
    for (const auto& pair : registry::language_pairs()) out.push_back(grammar::english_words_of(pair.grammar()));
    return out;
  }();
  return words[static_cast<std::size_t>(language)];
}

const std::vector<std::string>& target_words(Language language) { return grammar::target(language).words(); }

std::optional<Language> grammar_language(const std::vector<std::string>& source_words,
                                         const std::vector<std::string>& target_words_) {
  // A model trained on the commonest N words (the vocabulary option) has that N's word lists: find N from its
  // words, then compare every word.
  for (const auto& pair : registry::language_pairs()) {
    const std::size_t vocabulary = vocabulary_of(pair.language, source_words);
    if (source_words == english_words(pair.language, vocabulary) &&
        target_words_ == target_words(pair.language, vocabulary))
      return pair.language;
  }
  return std::nullopt;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

}  // namespace attn::corpus
