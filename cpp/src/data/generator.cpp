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

NounPhrase random_noun_phrase(Rng& rng, bool animate_only, float name_chance) {
  NounPhrase np;
  if (rng.chance(name_chance)) {
    np.name = pick(rng, names());
    return np;
  }
  do {
    np.noun = pick(rng, nouns());
  } while (animate_only && !nouns()[np.noun].animate);
  np.determiner = pick(rng, determiners());
  const Number number = determiners()[np.determiner].number;
  np.plural = number == Number::either ? rng.chance(0.4f) : number == Number::plural;
  if (rng.chance(0.45f)) {
    np.adjective = pick(rng, adjectives());
    np.very = rng.chance(0.25f);
  }
  return np;
}

Sentence random_sentence(Rng& rng) {
  Sentence s;
  s.subject = random_noun_phrase(rng, /*animate_only=*/true, 0.15f);
  s.verb = pick(rng, verbs());
  s.negated = rng.chance(0.2f);
  if (verbs()[s.verb].transitive) s.object = random_noun_phrase(rng, false, 0.1f);
  if (rng.chance(0.35f)) {
    s.preposition = pick(rng, prepositions());
    s.prepositional_object = random_noun_phrase(rng, false, 0.1f);
  }
  return s;
}

// Draws until the English side is short enough.
SentencePair random_pair(Rng& rng) {
  for (;;) {
    SentencePair pair = render(random_sentence(rng));
    if (pair.source.size() <= kMaxEnglishWords) return pair;
  }
}

// FNV-1a over the words with a separator, so "a b" and "ab" differ.
}  // namespace

std::uint64_t sentence_hash(const std::vector<std::string>& words) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const auto& w : words) {
    for (unsigned char c : w) h = (h ^ c) * 0x100000001b3ull;
    h = (h ^ 0x1f) * 0x100000001b3ull;
  }
  return h;
}

bool is_held_out(const std::vector<std::string>& english) { return sentence_hash(english) % 10 == 0; }

TrainingStream::TrainingStream(std::uint64_t seed) : state_(seed) {}

SentencePair TrainingStream::next() {
  Rng rng(state_);
  for (;;) {
    SentencePair pair = random_pair(rng);
    if (!is_held_out(pair.source)) {
      state_ = rng.state();
      return pair;
    }
  }
}

std::vector<SentencePair> held_out_set(std::size_t count, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<SentencePair> out;
  std::unordered_set<std::string> seen;
  while (out.size() < count) {
    SentencePair pair = random_pair(rng);
    if (is_held_out(pair.source) && seen.insert(join(pair.source)).second) out.push_back(std::move(pair));
  }
  return out;
}

std::optional<SentencePair> translate_by_grammar(const std::vector<std::string>& english) {
  std::optional<Sentence> tree = parse(english);
  if (!tree) return std::nullopt;
  return render(*tree);
}

}  // namespace attn::corpus
