// Random sentences of the grammar, the train/held-out split and the grammar's own translation of any
// English sentence it can parse.
#include <cstring>
#include <unordered_set>

#include "grammar.h"
#include "rng.h"

namespace attn::corpus {
namespace {

using namespace grammar;

template <typename Table>
int pick(Rng& rng, const Table& table) {
  return static_cast<int>(rng.below(static_cast<std::uint32_t>(table.size())));
}

// Each choice is drawn again until the language says it (Spanish says all: one draw each, as always).
template <typename Table, typename Accepts>
int pick(Rng& rng, const Table& table, Accepts accepts) {
  for (;;) {
    const int i = pick(rng, table);
    if (accepts(i)) return i;
  }
}

NounPhrase random_noun_phrase(Rng& rng, const TargetLanguage& language, bool animate_only, float name_chance) {
  NounPhrase np;
  if (rng.chance(name_chance)) {
    np.name = pick(rng, names());
    return np;
  }
  np.noun = pick(rng, nouns(), [&](int n) { return !animate_only || nouns()[n].animate; });
  np.determiner = pick(rng, determiners(), [&](int d) { return language.says_determiner(d); });
  const Number number = determiners()[np.determiner].number;
  np.plural = number == Number::either ? rng.chance(0.4f) : number == Number::plural;
  if (rng.chance(0.45f)) {
    np.adjective = pick(rng, adjectives(), [&](int a) { return language.says_adjective(a); });
    np.very = rng.chance(0.25f);
  }
  return np;
}

Sentence random_sentence(Rng& rng, const TargetLanguage& language) {
  Sentence s;
  s.subject = random_noun_phrase(rng, language, /*animate_only=*/true, 0.15f);
  s.verb = pick(rng, verbs(), [&](int v) { return language.says_verb(v); });
  s.negated = rng.chance(0.2f);
  if (verbs()[s.verb].transitive) s.object = random_noun_phrase(rng, language, false, 0.1f);
  if (rng.chance(0.35f) || language.needs_place(s.verb)) {
    s.preposition = pick(rng, prepositions(), [&](int p) { return language.says_preposition(p); });
    do {
      s.prepositional_object = random_noun_phrase(rng, language, false, 0.1f);
    } while (!language.says_prepositional_object(s.preposition, s.prepositional_object));
  }
  return s;
}

// Draws until the English side is short enough.
SentencePair random_pair(Rng& rng, const TargetLanguage& language) {
  for (;;) {
    SentencePair pair = language.render(random_sentence(rng, language));
    if (pair.source.size() <= kMaxEnglishWords) return pair;
  }
}

}  // namespace

// FNV-1a over the words with a separator, so "a b" and "ab" differ.
std::uint64_t sentence_hash(const std::vector<std::string>& words) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const auto& w : words) {
    for (unsigned char c : w) h = (h ^ c) * 0x100000001b3ull;
    h = (h ^ 0x1f) * 0x100000001b3ull;
  }
  return h;
}

bool is_held_out(const std::vector<std::string>& english) { return sentence_hash(english) % 10 == 0; }

TrainingStream::TrainingStream(std::uint64_t seed, Language language) : state_(seed), language_(language) {}

SentencePair TrainingStream::next() {
  Rng rng(state_);
  for (;;) {
    SentencePair pair = random_pair(rng, target(language_));
    if (!is_held_out(pair.source)) {
      state_ = rng.state();
      return pair;
    }
  }
}

std::vector<SentencePair> held_out_set(std::size_t count, std::uint64_t seed, Language language) {
  Rng rng(seed);
  std::vector<SentencePair> out;
  std::unordered_set<std::string> seen;
  while (out.size() < count) {
    SentencePair pair = random_pair(rng, target(language));
    if (is_held_out(pair.source) && seen.insert(join(pair.source)).second) out.push_back(std::move(pair));
  }
  return out;
}

std::optional<SentencePair> translate_by_grammar(const std::vector<std::string>& english, Language language,
                                                 std::string* problem) {
  std::optional<Sentence> tree = parse(english, problem);
  if (!tree) return std::nullopt;
  if (std::string unsaid = target(language).unsaid(*tree); !unsaid.empty()) {
    if (problem) *problem = std::move(unsaid);
    return std::nullopt;
  }
  return target(language).render(*tree);
}

}  // namespace attn::corpus
