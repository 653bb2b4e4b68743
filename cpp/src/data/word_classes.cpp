// The closed classes of word_classes.h. Each list holds the words a newcomer types first (greetings, "every",
// "tomorrow", "from"), not a dictionary's: a word missing here is still read by its form or its spelling. Plain
// arrays of literals, not containers of strings: every attention build carries them, and a std::string per word
// would cost its construction code in each.
#include "word_classes.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "grammar.h"

namespace attn::corpus {

namespace {
// The grammar's own adverbs (yesterday, today, now; here, there) come from its lexicon (add_grammar_words).
constexpr const char* kTime[] = {"tomorrow", "tonight", "later", "soon", "always", "never", "often", "sometimes",
                                 "usually",  "already", "again", "then", "ago",    "still", "once",  "yet"};
constexpr const char* kPlace[] = {"everywhere", "somewhere",  "anywhere", "nowhere", "outside", "inside",
                                  "upstairs",   "downstairs", "away",     "abroad",  "nearby"};
constexpr const char* kDegree[] = {"very", "too",    "so",     "really", "quite", "much", "just", "only", "also",
                                   "even", "almost", "rather", "enough", "more",  "most", "less", "least"};
constexpr const char* kManner[] = {"well", "fast", "together", "alone", "suddenly", "finally", "carefully", "easily"};
constexpr const char* kDeterminer[] = {"any",     "every", "each", "all",  "no",  "many",  "few",   "both", "several",
                                       "another", "its",   "one",  "five", "six", "seven", "eight", "nine", "ten"};
constexpr const char* kPronoun[] = {"myself",     "yourself", "himself",   "herself",    "itself", "ourselves",
                                    "themselves", "someone",  "somebody",  "something",  "anyone", "anybody",
                                    "anything",   "everyone", "everybody", "everything", "nobody", "nothing",
                                    "mine",       "yours",    "hers",      "ours",       "theirs"};
constexpr const char* kPreposition[] = {"at",     "from",    "of",      "for",    "by",     "about", "into",
                                        "onto",   "over",    "between", "after",  "before", "above", "below",
                                        "across", "through", "around",  "along",  "off",    "up",    "down",
                                        "out",    "toward",  "towards", "during", "since",  "until"};
constexpr const char* kQuestion[] = {"where", "what", "who", "whom", "whose", "why", "how", "when", "which"};
constexpr const char* kConjunction[] = {"and",  "but",   "or",       "because", "if",
                                        "than", "while", "although", "though",  "unless"};
constexpr const char* kModal[] = {"can", "could", "will", "would", "shall", "should", "may", "might", "must", "cannot"};
constexpr const char* kSetPhrase[] = {"hello", "hi", "hey",  "bye",   "goodbye", "please", "thanks",
                                      "yes",   "ok", "okay", "sorry", "welcome", "oh"};

struct ClosedClass {
  WordKind kind;
  const char* const* begin;
  const char* const* end;
};
#define ATTN_CLASS(kind, words) {kind, std::begin(words), std::end(words)}
constexpr ClosedClass kClasses[] = {
    ATTN_CLASS(WordKind::time_adverb, kTime),        ATTN_CLASS(WordKind::place_adverb, kPlace),
    ATTN_CLASS(WordKind::degree_adverb, kDegree),    ATTN_CLASS(WordKind::manner_adverb, kManner),
    ATTN_CLASS(WordKind::determiner, kDeterminer),   ATTN_CLASS(WordKind::pronoun, kPronoun),
    ATTN_CLASS(WordKind::preposition, kPreposition), ATTN_CLASS(WordKind::question_word, kQuestion),
    ATTN_CLASS(WordKind::conjunction, kConjunction), ATTN_CLASS(WordKind::modal, kModal),
    ATTN_CLASS(WordKind::set_phrase, kSetPhrase),
};
#undef ATTN_CLASS

constexpr const char* kContractions[][2] = {
    {"don't", "do not"},   {"doesn't", "does not"}, {"didn't", "did not"},   {"isn't", "is not"},
    {"aren't", "are not"}, {"wasn't", "was not"},   {"weren't", "were not"}, {"i'm", "i am"},
    {"you're", "you are"}, {"he's", "he is"},       {"she's", "she is"},     {"it's", "it is"},
    {"we're", "we are"},   {"they're", "they are"}, {"dont", "do not"},      {"doesnt", "does not"},
    {"didnt", "did not"},  {"isnt", "is not"},      {"arent", "are not"},    {"im", "i am"},
};

// The grammar's own words of a class, which a model of a language that does not say them may lack.
void add_grammar_words(WordKind kind, std::vector<std::string>& out) {
  if (kind == WordKind::determiner) {
    for (const auto& d : grammar::determiners()) {
      out.emplace_back(d.en);
      if (d.en_before_vowel) out.emplace_back(d.en_before_vowel);
    }
  } else if (kind == WordKind::pronoun) {
    for (const auto& p : grammar::pronouns()) {
      out.emplace_back(p.en_subject);
      out.emplace_back(p.en_object);
    }
  } else if (kind == WordKind::preposition) {
    for (const auto& p : grammar::prepositions()) out.emplace_back(p.en);
  } else if (kind == WordKind::time_adverb || kind == WordKind::place_adverb) {
    for (const auto& a : grammar::adverbs())
      if (a.place == (kind == WordKind::place_adverb)) out.emplace_back(a.en);
  }
}

// "don’t" as "don't": the curly apostrophe a phone's keyboard types.
std::string straight_apostrophes(const std::string& word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word.compare(i, 3, "\xE2\x80\x99") == 0) {
      out += '\'';
      i += 2;
    } else {
      out += word[i];
    }
  }
  return out;
}
}  // namespace

const char* contraction_of(const std::string& word) {
  const std::string straight = straight_apostrophes(word);
  for (const auto& c : kContractions)
    if (straight == c[0]) return c[1];
  return nullptr;
}

std::optional<WordKind> closed_class_of(const std::string& word) {
  for (const auto& c : kClasses)
    if (std::any_of(c.begin, c.end, [&](const char* w) { return word == w; })) return c.kind;
  for (const WordKind kind : {WordKind::determiner, WordKind::pronoun, WordKind::preposition, WordKind::time_adverb,
                              WordKind::place_adverb}) {
    std::vector<std::string> own;
    add_grammar_words(kind, own);
    if (std::find(own.begin(), own.end(), word) != own.end()) return kind;
  }
  return std::nullopt;
}

std::vector<std::string> word_class(WordKind kind) {
  std::vector<std::string> out;
  add_grammar_words(kind, out);
  for (const auto& c : kClasses)
    if (c.kind == kind)
      for (auto w = c.begin; w != c.end; ++w)
        if (std::find(out.begin(), out.end(), *w) == out.end()) out.emplace_back(*w);
  return out;
}

}  // namespace attn::corpus
