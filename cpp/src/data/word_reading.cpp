// Reading an unknown English word by what the grammar's lexicon knows (see attn/word_reading.h): the grammar's own
// adverbs, the closed classes the grammar lacks (word_classes.cpp), then the grammar's own words a model may not have,
// then the forms of its nouns, verbs and adjectives by the spelling rules of English, and only then spelling alone.
#include "attn/word_reading.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string_view>
#include <tuple>

#include "grammar.h"
#include "word_classes.h"

namespace attn::corpus {

namespace {
using grammar::adjectives;
using grammar::nouns;
using grammar::verbs;

bool ends_with(const std::string& w, std::string_view suffix) {
  return w.size() > suffix.size() + 1 && w.compare(w.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The stems `w` may have before `suffix` by English spelling: as is, a dropped "e" (making, nicer), a doubled
// consonant (running, bigger), "y" turned "i" (cried, happier, happily).
std::vector<std::string> stems_before(const std::string& w, std::string_view suffix) {
  if (!ends_with(w, suffix)) return {};
  const std::string stem = w.substr(0, w.size() - suffix.size());
  std::vector<std::string> out = {stem, stem + "e"};
  const std::size_t n = stem.size();
  if (n >= 2 && stem[n - 1] == stem[n - 2]) {
    out.push_back(stem.substr(0, n - 1));
    out.push_back(stem.substr(0, n - 1) + "e");  // written, ridden
  }
  if (stem.back() == 'i') out.push_back(stem.substr(0, n - 1) + "y");
  if (stem.back() == 'y' && suffix == "ing") out.push_back(stem.substr(0, n - 1) + "ie");  // lying
  if (suffix == "ly") out.push_back(w.substr(0, w.size() - 1) + "e");                      // gently
  return out;
}

// Participles the rules above do not reach, and their verbs.
constexpr const char* kIrregularForms[][2] = {
    {"gone", "go"},          {"done", "do"},     {"broken", "break"}, {"spoken", "speak"},  {"chosen", "choose"},
    {"stolen", "steal"},     {"begun", "begin"}, {"sung", "sing"},    {"drunk", "drink"},   {"swum", "swim"},
    {"forgotten", "forget"}, {"gotten", "get"},  {"woken", "wake"},   {"frozen", "freeze"}, {"worn", "wear"},
    {"torn", "tear"},        {"flown", "fly"},   {"lain", "lie"},     {"slain", "slay"},    {"sworn", "swear"},
};

class Known {
 public:
  explicit Known(const std::vector<std::string>& words) : words_(words) {}
  bool has(const std::string& w) const { return std::find(words_.begin(), words_.end(), w) != words_.end(); }
  // Those of `candidates` the model knows, each once, in order, at most kMaxSuggestions.
  std::vector<std::string> of(const std::vector<std::string>& candidates) const {
    std::vector<std::string> out;
    for (const auto& c : candidates)
      if (has(c) && std::find(out.begin(), out.end(), c) == out.end() && out.size() < kMaxSuggestions) out.push_back(c);
    return out;
  }
  const std::vector<std::string>& words() const { return words_; }

 private:
  const std::vector<std::string>& words_;  // a few hundred: a search per candidate costs nothing beside decoding
};

WordReading reading(WordKind kind, std::string base, std::vector<std::string> suggestions) {
  return WordReading{kind, std::move(base), std::move(suggestions)};
}

std::vector<std::string> verb_forms(const grammar::Verb& v) { return {v.en_base, v.en_third_singular, v.en_past}; }

// A word of the grammar's own lexicon (a model of a language that does not say it lacks it): known words of the
// same class, nouns of the same kind, verbs of the same valency.
std::optional<WordReading> grammar_word(const std::string& w, const Known& known) {
  for (const auto& n : nouns()) {
    if (w != n.en_singular && w != n.en_plural) continue;
    std::vector<std::string> same;
    for (const auto& other : nouns())
      if (other.kind == n.kind) same.push_back(w == n.en_plural ? other.en_plural : other.en_singular);
    return reading(WordKind::noun, "", known.of(same));
  }
  for (const auto& v : verbs()) {
    const auto forms = verb_forms(v);
    const auto at = std::find(forms.begin(), forms.end(), w);
    if (at == forms.end()) continue;
    std::vector<std::string> same;
    for (const auto& other : verbs())
      if (other.valency == v.valency) same.push_back(verb_forms(other)[static_cast<std::size_t>(at - forms.begin())]);
    return reading(WordKind::verb, "", known.of(same));
  }
  for (const auto& a : adjectives()) {
    if (w != a.en) continue;
    std::vector<std::string> same;
    for (const auto& other : adjectives()) same.emplace_back(other.en);
    return reading(WordKind::adjective, "", known.of(same));
  }
  return std::nullopt;
}

// One of the grammar's adverbs ("yesterday", "here"), which a model trained before them lacks: the known adverbs of
// its kind, the grammar's first. Read before the closed classes, which list them too.
std::optional<WordReading> grammar_adverb(const std::string& w, const Known& known) {
  for (const auto& a : grammar::adverbs())
    if (w == a.en)
      return reading(WordKind::adverb, "",
                     known.of(word_class(a.place ? WordKind::place_adverb : WordKind::time_adverb)));
  return std::nullopt;
}

// A form the grammar does not use of one of its verbs, nouns or adjectives.
std::optional<WordReading> form_of_grammar_word(const std::string& w, const Known& known) {
  std::vector<std::string> verb_stems;
  for (const char* suffix : {"ing", "ed", "en", "n", "s", "es"}) {
    const auto s = stems_before(w, suffix);
    verb_stems.insert(verb_stems.end(), s.begin(), s.end());
  }
  for (const auto& form : kIrregularForms)
    if (w == form[0]) verb_stems.emplace_back(form[1]);
  for (const auto& stem : verb_stems) {
    if (stem == "be") return reading(WordKind::verb_form, "be", known.of({"is", "are", "am", "was", "were"}));
    for (const auto& v : verbs())
      if (stem == v.en_base) return reading(WordKind::verb_form, v.en_base, known.of(verb_forms(v)));
  }
  for (const char* suffix : {"s", "es"}) {
    for (const auto& stem : stems_before(w, suffix))
      for (const auto& n : nouns())
        if (stem == n.en_singular || stem == n.en_plural)
          return reading(WordKind::noun_form, n.en_singular, known.of({n.en_singular, n.en_plural}));
  }
  for (const char* suffix : {"er", "est"})
    for (const auto& stem : stems_before(w, suffix))
      for (const auto& a : adjectives())
        if (stem == a.en) return reading(WordKind::comparative, a.en, known.of({a.en}));
  for (const auto& stem : stems_before(w, "ly"))
    for (const auto& a : adjectives())
      if (stem == a.en) return reading(WordKind::manner_adverb, a.en, known.of(word_class(WordKind::manner_adverb)));
  return std::nullopt;
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours ("dgo").
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

// Known words a typo away from `w`, nearest first; among equals, words of the same length (a typo more often
// changes letters than drops them). A typo: one edit (a letter changed, added, dropped, or two swapped: most
// misspellings, Damerau 1964), two in a word of eight letters or more, and the same first letter (rarely the one
// mistyped). Looser, real words read as typos of others: of the 49 words the en-es model did not know in the 100
// first sentences, two edits offered "teacher" for "weather", "singer" for "dinner", "went" for "twenty".
std::vector<std::string> spelled_like(const std::string& w, const Known& known) {
  const std::size_t most = w.size() >= 8 ? 2 : 1;
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> ranked;  // (distance, length gap, index)
  for (std::size_t i = 0; i < known.words().size(); ++i) {
    const std::string& k = known.words()[i];
    if (k.empty() || k.front() == '<' || k.front() != w.front()) continue;  // special tokens are never offered
    const std::size_t d = edit_distance(w, k);
    if (d <= most) ranked.emplace_back(d, k.size() > w.size() ? k.size() - w.size() : w.size() - k.size(), i);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < ranked.size() && out.size() < 3; ++i)
    out.push_back(known.words()[std::get<2>(ranked[i])]);
  return out;
}
}  // namespace

WordReading read_unknown_word(const std::string& word, const std::vector<std::string>& known_words) {
  const Known known(known_words);
  if (const char* expansion = contraction_of(word)) {
    std::vector<std::string> parts;
    for (std::size_t start = 0, end; start <= std::string_view(expansion).size(); start = end + 1) {
      end = std::string_view(expansion).find(' ', start);
      if (end == std::string_view::npos) end = std::string_view(expansion).size();
      parts.emplace_back(std::string_view(expansion).substr(start, end - start));
    }
    const bool says = std::all_of(parts.begin(), parts.end(), [&](const std::string& p) { return known.has(p); });
    return reading(WordKind::contraction, expansion,
                   says ? std::vector<std::string>{expansion} : std::vector<std::string>{});
  }
  if (auto r = grammar_adverb(word, known)) return *r;
  if (const auto kind = closed_class_of(word)) return reading(*kind, "", known.of(word_class(*kind)));
  if (auto r = grammar_word(word, known)) return *r;
  if (auto r = form_of_grammar_word(word, known)) return *r;
  if (auto close = spelled_like(word, known); !close.empty()) return reading(WordKind::misspelling, "", close);
  return {};
}

const char* word_kind_name(WordKind kind) {
  static const char* const names[] = {
      "unknown",   "misspelling", "noun",          "verb",        "adjective",    "adverb",        "noun-form",
      "verb-form", "comparative", "manner-adverb", "time-adverb", "place-adverb", "degree-adverb", "determiner",
      "pronoun",   "preposition", "question-word", "conjunction", "modal",        "contraction",   "set-phrase",
  };
  static_assert(std::size(names) == static_cast<std::size_t>(WordKind::set_phrase) + 1, "a name per kind");
  return names[static_cast<std::size_t>(kind)];
}

}  // namespace attn::corpus
