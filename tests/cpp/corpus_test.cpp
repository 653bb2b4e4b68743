// The toy corpus: determinism, the train/held-out split, sentence lengths, the grammar's agreement rules,
// the parser as the generator's inverse, and hand-checked translations.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "attn/corpus.h"

namespace attn::corpus {
namespace {

std::vector<std::string> words(const std::string& sentence) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < sentence.size()) {
    const std::size_t end = std::min(sentence.find(' ', start), sentence.size());
    out.push_back(sentence.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string spanish_of(const std::string& english) {
  const auto pair = translate_by_grammar(words(english));
  return pair ? join(pair->target) : "<not in the grammar>";
}

TEST(Corpus, SameSeedSameSentencesOtherSeedOthers) {
  TrainingStream a(11), b(11), c(12);
  int differing = 0;
  for (int i = 0; i < 200; ++i) {
    const SentencePair x = a.next(), y = b.next(), z = c.next();
    EXPECT_EQ(x.source, y.source);
    EXPECT_EQ(x.target, y.target);
    EXPECT_EQ(x.alignment, y.alignment);
    differing += x.source != z.source;
  }
  EXPECT_GT(differing, 150);
  EXPECT_EQ(join(held_out_set(5, 3)[4].source), join(held_out_set(5, 3)[4].source));
}

TEST(Corpus, TrainingAndHeldOutAreDisjointAndHeldOutIsDistinct) {
  const auto held_out = held_out_set(1000, 2);
  std::set<std::string> held;
  for (const auto& p : held_out) {
    EXPECT_TRUE(is_held_out(p.source));
    held.insert(join(p.source));
  }
  EXPECT_EQ(held.size(), 1000u);
  TrainingStream stream(1);
  for (int i = 0; i < 50000; ++i) {
    const SentencePair p = stream.next();
    ASSERT_FALSE(is_held_out(p.source)) << join(p.source);
    ASSERT_EQ(held.count(join(p.source)), 0u);
  }
}

TEST(Corpus, LengthsVocabularyAndAlignmentsAreInRange) {
  EXPECT_GE(english_words().size(), 60u);
  EXPECT_LE(english_words().size(), 120u);
  const std::set<std::string> english(english_words().begin(), english_words().end());
  const std::set<std::string> spanish(target_words(Language::spanish).begin(), target_words(Language::spanish).end());
  std::size_t shortest = 99, longest = 0;
  TrainingStream stream(5);
  for (int i = 0; i < 20000; ++i) {
    const SentencePair p = stream.next();
    shortest = std::min(shortest, p.source.size());
    longest = std::max(longest, p.source.size());
    ASSERT_EQ(p.alignment.size(), p.target.size());
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      ASSERT_TRUE(spanish.count(p.target[t])) << p.target[t];
      ASSERT_TRUE(p.alignment[t] == kUnaligned ||
                  (p.alignment[t] >= 0 && p.alignment[t] < static_cast<int>(p.source.size())));
      // Only the personal "a" has no English counterpart.
      ASSERT_EQ(p.alignment[t] == kUnaligned, p.target[t] == "a") << join(p.target);
    }
    for (const auto& w : p.source) ASSERT_TRUE(english.count(w)) << w;
  }
  EXPECT_EQ(shortest, kMinWords);
  EXPECT_EQ(longest, kMaxEnglishWords);
}

// Every determiner and adjective agrees in gender and number with its noun; verbs agree with the subject.
TEST(Corpus, SpanishAgreesInGenderAndNumber) {
  using namespace grammar;
  struct Form {
    bool feminine, plural;
  };
  auto noun_form = [](const std::string& w, Form& f) {
    for (const auto& n : nouns()) {
      if (w == n.es_singular || w == n.es_plural) {
        f = {n.feminine, w == n.es_plural};
        return true;
      }
    }
    return false;
  };
  auto agrees = [](const char* const forms[4], const std::string& w, Form f) {
    const std::string expected = forms[(f.plural ? 2 : 0) + (f.feminine ? 1 : 0)];
    return expected == w || (w == "al" || w == "del") && expected == "el";
  };
  TrainingStream stream(9);
  int noun_phrases = 0;
  for (int i = 0; i < 5000; ++i) {
    const SentencePair p = stream.next();
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      Form f{};
      if (!noun_form(p.target[t], f)) continue;
      ++noun_phrases;
      ASSERT_GE(t, 1u);
      const std::string& before = p.target[t - 1];
      const auto det = std::find_if(determiners().begin(), determiners().end(), [&](const Determiner& d) {
        return std::find(std::begin(d.es), std::end(d.es), before) != std::end(d.es) || before == "al" ||
               before == "del";
      });
      ASSERT_NE(det, determiners().end()) << join(p.target);
      const Determiner& d = before == "al" || before == "del" ? determiners()[0] : *det;
      ASSERT_TRUE(agrees(d.es, before, f)) << before << " " << p.target[t] << " in: " << join(p.target);
      std::size_t next = t + 1;
      if (next < p.target.size() && p.target[next] == "muy") ++next;
      for (const auto& a : adjectives()) {
        if (next < p.target.size() && std::find(std::begin(a.es), std::end(a.es), p.target[next]) != std::end(a.es)) {
          ASSERT_TRUE(agrees(a.es, p.target[next], f)) << p.target[next] << " after " << p.target[t];
        }
      }
    }
  }
  EXPECT_GT(noun_phrases, 5000);
}

TEST(Corpus, HandCheckedTranslations) {
  EXPECT_EQ(spanish_of("the big dog sees the white cats"), "el perro grande ve a los gatos blancos");
  EXPECT_EQ(spanish_of("a small girl does not eat the apples"), "una niña pequeña no come las manzanas");
  EXPECT_EQ(spanish_of("the women read a red letter near the car"), "las mujeres leen una carta roja cerca del coche");
  EXPECT_EQ(spanish_of("maria loves the cat"), "maría ama al gato");
  EXPECT_EQ(spanish_of("juan walks with my very old friends"), "juan camina con mis amigos muy viejos");
  EXPECT_EQ(spanish_of("these cows do not sleep behind the tree"), "estas vacas no duermen detrás del árbol");
  EXPECT_EQ(spanish_of("three happy boys find some green houses"), "tres niños felices encuentran unas casas verdes");
  EXPECT_EQ(spanish_of("ana sleeps"), "ana duerme");
}

TEST(Corpus, AlignmentOfAReorderedSentence) {
  const auto p = translate_by_grammar(words("the man does not see the very tall woman"));
  ASSERT_TRUE(p);
  // el hombre no ve a la mujer muy alta
  EXPECT_EQ(join(p->target), "el hombre no ve a la mujer muy alta");
  EXPECT_EQ(p->alignment, (std::vector<int>{0, 1, 3, 4, kUnaligned, 5, 8, 6, 7}));
}

TEST(Corpus, ParserInvertsTheGenerator) {
  TrainingStream stream(21);
  for (int i = 0; i < 5000; ++i) {
    const SentencePair p = stream.next();
    const auto parsed = translate_by_grammar(p.source);
    ASSERT_TRUE(parsed) << join(p.source);
    ASSERT_EQ(parsed->target, p.target);
    ASSERT_EQ(parsed->alignment, p.alignment);
  }
}

TEST(Corpus, ParserRefusesWhatTheGrammarDoesNotMake) {
  for (const char* s : {"the dog sleep", "a dogs sleep", "dog sleeps", "the dog sees", "the dog sleeps the cat",
                        "the very dog sleeps", "the dogs does not sleep", "the dog does sleep", "the dog sleeps in",
                        "the dog sleeps in the house the", "two dog sleeps", "sleeps"}) {
    EXPECT_FALSE(translate_by_grammar(words(s))) << s;
  }
}

std::string problem_with(const std::string& english, Language language = Language::spanish) {
  std::string problem;
  EXPECT_FALSE(translate_by_grammar(words(english), language, &problem)) << english;
  return problem;
}

TEST(Corpus, SaysWhatTheGrammarExpectedWhere) {
  EXPECT_EQ(problem_with("the dogs eat"), "“eat” needs an object: say what, e.g. “the dogs eat the apple”");
  EXPECT_EQ(problem_with("the dogs eats the cat"), "with the plural subject “the dogs” the verb is “eat”, not “eats”");
  EXPECT_EQ(
      problem_with("the dog sleeps the cat"),
      "“sleeps” takes no object; after it only a preposition (in, with, without, near, behind) may follow, not “the”");
  EXPECT_EQ(problem_with("two dog sleeps"), "“two” takes a plural noun: “dogs”, not “dog”");
  EXPECT_EQ(problem_with("the very dog sleeps"),
            "“very” must be followed by an adjective (big, small, red, …), not “dog”");
  EXPECT_EQ(problem_with("dog sleeps"),
            "the sentence starts with its subject: a name (maria, juan, ana, pedro) or a determiner (the, a, my, this, "
            "these, two, three, some) and a noun, not “dog”");
  EXPECT_EQ(problem_with("the dogs does not sleep"), "“the dogs” is plural: “do not”, not “does not”");
  EXPECT_EQ(problem_with("the dog sleeps in the house the"),
            "the grammar's sentences end after “the dog sleeps in the house”, not “the”");
  EXPECT_EQ(problem_with("two dogs sleep", Language::japanese), "the grammar's Japanese leaves out “two”");
  EXPECT_EQ(problem_with("the dog sleeps in the car", Language::japanese),
            "the grammar's Japanese leaves out “in the car”");
  EXPECT_EQ(problem_with("maria lives", Language::japanese),
            "in the grammar's Japanese “lives” needs a place (in, near, behind) or a companion (with)");
}

}  // namespace
}  // namespace attn::corpus
