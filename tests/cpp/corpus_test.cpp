// The toy corpus: determinism, the train/held-out split, sentence lengths, the grammar's agreement rules,
// the parser as the generator's inverse, and hand-checked translations.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

using testing::problem_with;
using testing::words;

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

// Disjoint but for the set phrases said alone, which both sides have (the next test).
TEST(Corpus, TrainingAndHeldOutAreDisjointAndHeldOutIsDistinct) {
  const auto held_out = held_out_set(1000, 2);
  std::set<std::string> held;
  for (const auto& p : held_out) {
    EXPECT_TRUE(is_held_out(p.source) || is_set_phrase(p.source)) << join(p.source);
    held.insert(join(p.source));
  }
  EXPECT_EQ(held.size(), 1000u);
  TrainingStream stream(1);
  for (int i = 0; i < 50000; ++i) {
    const SentencePair p = stream.next();
    if (is_set_phrase(p.source)) continue;
    ASSERT_FALSE(is_held_out(p.source)) << join(p.source);
    ASSERT_EQ(held.count(join(p.source)), 0u);
  }
}

// The one-word sentences are "hello" and "goodbye" alone, never a lone command ("sleep") or noun: 3.75% and 7.5% of
// the greetings drawn, and now of the greetings said too (none is refused for its length), which are 1.5% of the
// sentences (2.1% in Marathi, which says fewer of the other trees): about 5 and 10 in 10,000. A set phrase alone is
// split by its draws, not its hash, so the training stream has "hello" and "good morning" though their hash holds
// them out, and a held-out set has "goodbye" though its hash does not.
TEST(Corpus, OneWordSentencesAreTheGreetingsAloneInTrainingAndHeldOut) {
  EXPECT_TRUE(is_held_out(words("hello")));
  EXPECT_TRUE(is_held_out(words("good morning")));
  EXPECT_FALSE(is_held_out(words("goodbye")));
  for (const char* phrase : {"hello", "goodbye", "good morning", "thank you very much", "hello how are you"})
    EXPECT_TRUE(is_set_phrase(words(phrase))) << phrase;
  for (const char* not_one : {"hello john", "goodbye maria how are you", "sleep", "the dog sleeps", "good"})
    EXPECT_FALSE(is_set_phrase(words(not_one))) << not_one;

  // "hello", "goodbye" and greetings in 40,000 pairs: Spanish 21, 60 of 582 (1.46%); Japanese 26, 54 of 633 (1.58%);
  // Marathi 29, 63 of 847 (2.12%).
  for (const Language language : {Language::spanish, Language::japanese, Language::marathi}) {
    TrainingStream stream(9, language);
    std::map<std::string, int> one_word;
    int greetings = 0;
    constexpr int kPairs = 40000;
    for (int i = 0; i < kPairs; ++i) {
      const SentencePair p = stream.next();
      if (p.source.size() == 1) ++one_word[p.source[0]];
      const auto tree = grammar::parse(p.source);
      ASSERT_TRUE(tree) << join(p.source);
      greetings += tree->clause == grammar::Clause::greeting;
    }
    EXPECT_EQ(one_word.size(), 2u);
    EXPECT_GT(one_word["hello"], 10);
    EXPECT_LT(one_word["hello"], 45);
    EXPECT_GT(one_word["goodbye"], 30);
    EXPECT_LT(one_word["goodbye"], 80);
    const int one_word_greetings = one_word["hello"] + one_word["goodbye"];
    EXPECT_GT(one_word_greetings * 100, greetings * 8);  // 11.25% of the greetings
    EXPECT_LT(one_word_greetings * 100, greetings * 16);
    EXPECT_GT(greetings, kPairs * 13 / 1000);
    EXPECT_LT(greetings, kPairs * (language == Language::marathi ? 24 : 17) / 1000);
  }

  // Every held-out sentence of at most 2 words: the set phrases of one or two words alone are there too.
  std::set<std::string> short_held;
  for (const auto& p : held_out_set(1000, 2, Language::spanish, 2)) short_held.insert(join(p.source));
  for (const char* phrase : {"hello", "goodbye", "good morning", "good night", "thank you"})
    EXPECT_EQ(short_held.count(phrase), 1u) << phrase;
}

// A smaller task of the same grammar (the Train view's default): sentences of at most `longest` English words, in
// training and held out alike, for every language pair; the limit is clamped to the corpus's 2-12.
TEST(Corpus, TheLongestSentenceLimitsTrainingAndHeldOutSentences) {
  for (const Language language : {Language::spanish, Language::japanese, Language::marathi}) {
    for (const std::size_t longest : {std::size_t{3}, std::size_t{5}}) {
      std::size_t longest_seen = 0;
      for (const auto& p : held_out_set(100, 2, language, longest)) {
        ASSERT_LE(p.source.size(), longest) << join(p.source);
        longest_seen = std::max(longest_seen, p.source.size());
      }
      EXPECT_EQ(longest_seen, longest) << "the limit is reached, not just respected";
      TrainingStream stream(1, language, longest);
      for (int i = 0; i < 2000; ++i) ASSERT_LE(stream.next().source.size(), longest);
    }
  }
  // Two words: few sentences, and fewer held out; asking for more returns all there are, not a wait forever.
  const auto two_words = held_out_set(1000, 2, Language::spanish, 0);
  EXPECT_LT(two_words.size(), 1000u);
  EXPECT_GT(two_words.size(), 5u);
  for (const auto& p : two_words)
    EXPECT_TRUE(p.source.size() == kMinWords || (p.source.size() == 1 && is_set_phrase(p.source))) << join(p.source);
  EXPECT_EQ(held_out_set(20, 2, Language::spanish, 99)[0].source, held_out_set(20, 2)[0].source);
}

TEST(Corpus, LengthsVocabularyAndAlignmentsAreInRange) {
  // 540 nouns, verbs and adjectives from the candidate list (issue 62), their forms and the closed classes.
  EXPECT_GE(english_words().size(), 1100u);
  EXPECT_LE(english_words().size(), 1250u);
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
      // Only the personal "a", a recipient's "a" without "to" and the "le"/"les" (or "se") doubling a recipient have no
      // English counterpart.
      if (p.alignment[t] == kUnaligned) {
        ASSERT_TRUE(p.target[t] == "a" || p.target[t] == "le" || p.target[t] == "les" || p.target[t] == "se")
            << join(p.target);
      }
    }
    for (const auto& w : p.source) ASSERT_TRUE(english.count(w)) << w;
  }
  EXPECT_EQ(shortest, 1u);  // "hello", "goodbye"
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
  const std::set<std::string> ser = {"soy", "eres", "es", "somos", "son", "era", "eras", "éramos", "eran"};
  TrainingStream stream(9);
  int noun_phrases = 0;
  for (int i = 0; i < 5000; ++i) {
    const SentencePair p = stream.next();
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      Form f{};
      if (!noun_form(p.target[t], f)) continue;
      ASSERT_GE(t, 1u);
      const std::string& before = p.target[t - 1];
      // A profession after ser has no article ("soy profesor"): its agreement is checked in spanish_test.cpp.
      if (ser.count(before)) continue;
      ++noun_phrases;
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
  EXPECT_GT(noun_phrases, 4000);
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

// For every language: the parser reads each generated English sentence back to the tree it came from, which
// renders the same English, translation and alignment.
TEST(Corpus, ParserInvertsTheGenerator) {
  for (Language language : {Language::spanish, Language::japanese, Language::marathi}) {
    for (std::uint64_t seed : {21u, 22u, 23u}) {
      TrainingStream stream(seed, language);
      for (int i = 0; i < 3000; ++i) {
        const SentencePair p = stream.next();
        const auto tree = grammar::parse(p.source);
        ASSERT_TRUE(tree) << join(p.source);
        ASSERT_EQ(grammar::render_english(*tree).words, p.source);
        const auto parsed = translate_by_grammar(p.source, language);
        ASSERT_TRUE(parsed) << join(p.source);
        ASSERT_EQ(parsed->source, p.source);
        ASSERT_EQ(parsed->target, p.target);
        ASSERT_EQ(parsed->alignment, p.alignment);
      }
    }
  }
}

TEST(Corpus, ParserRefusesWhatTheGrammarDoesNotMake) {
  for (const char* s : {"the dog sleep",
                        "a dogs sleep",
                        "dog sleeps",
                        "the dog sees",
                        "the dog sleeps the cat",
                        "the very dog sleeps",
                        "the dogs does not sleep",
                        "the dog does sleep",
                        "the dog sleeps in",
                        "the dog sleeps in the house the",
                        "two dog sleeps",
                        "sleeps",
                        "i sees the dog",
                        "me sees the dog",
                        "he sees i",
                        "i see me",
                        "you see you",
                        "give him to me",
                        "give me it",
                        "does you see the bird",
                        "do you sees the bird",
                        "do you not see the bird",
                        "is not the dog big",
                        "the dog is here now yesterday",
                        "i see him yesterday",
                        "i saw him now",
                        "go now",
                        "the dog sleeps in the house here",
                        "where is the book here",
                        "a apple is red",
                        "an dog sleeps",
                        "we are a teacher",
                        "she is teachers",
                        "i is big",
                        "where the dog is",
                        "where is",
                        "go",
                        "he goes in the park",
                        "he eats the apple to maria",
                        "have the book",
                        "do not",
                        "the dog gives the book",
                        "he is the teacher",
                        "the dog is with the boy",
                        "the dog sleeps in me",
                        "did not eat it",
                        "eats the apple",
                        "where is not the book",
                        "hello the dog",
                        "goodbye how are you",
                        "how are you john",
                        "thank you very",
                        "good morning how",
                        "hello john maria",
                        "good dog"}) {
    EXPECT_FALSE(translate_by_grammar(words(s))) << s;
  }
}

// A greeting is a set phrase, a name and "how are you" after an opening, read whole: the longest phrase first.
TEST(Corpus, ParserReadsGreetings) {
  for (const char* english : {"hello how are you", "thank you very much", "good morning", "good night", "goodbye",
                              "nice to meet you", "hello", "thank you", "how are you"}) {
    const auto tree = grammar::parse(words(english));
    ASSERT_TRUE(tree) << english;
    EXPECT_EQ(tree->clause, grammar::Clause::greeting) << english;
    EXPECT_EQ(tree->addressee, -1) << english;
    EXPECT_EQ(join(grammar::render_english(*tree).words), english);
  }
  const auto thanks = grammar::parse(words("thank you very much"));
  ASSERT_TRUE(thanks);
  EXPECT_EQ(grammar::greetings()[static_cast<std::size_t>(thanks->greeting)].en, std::string("thank you very much"));
  const auto named = grammar::parse(words("good morning john how are you"));
  ASSERT_TRUE(named);
  EXPECT_EQ(grammar::names()[static_cast<std::size_t>(named->addressee)].en, std::string("john"));
  EXPECT_TRUE(named->how_are_you);
  EXPECT_EQ(problem_with("hello the dog"), "the grammar's sentences end after “hello”, not “the”");
  EXPECT_EQ(problem_with("goodbye how are you"), "the grammar's sentences end after “goodbye”, not “how”");
}

TEST(Corpus, SaysWhatTheGrammarExpectedWhere) {
  EXPECT_EQ(problem_with("the dogs eat"), "“eat” needs an object: say what, e.g. “the dogs eat the apple”");
  EXPECT_EQ(problem_with("the dogs eats the cat"), "with the plural subject “the dogs” the verb is “eat”, not “eats”");
  EXPECT_EQ(problem_with("the dog sleeps the cat"),
            "“sleeps” takes no object; after it only a preposition (in, with, without, near, behind, on, under) or an "
            "adverb (yesterday, today, now, here, there) may follow, not “the”");
  EXPECT_EQ(problem_with("two dog sleeps"), "“two” takes a plural noun: “dogs”, not “dog”");
  EXPECT_EQ(problem_with("the very dog sleeps"),
            "“very” must be followed by an adjective (good, little, new, …), not “dog”");
  EXPECT_EQ(
      problem_with("dog sleeps"),
      "a sentence starts with its subject (a name, a pronoun, or a determiner and a noun: “maria”, “i”, “the "
      "dog”), with a command's verb (eat, give, sleep, …), with “where”, or asking, with “do” or “is”; or it is a "
      "greeting (hello, good morning, thank you, …), not “dog”");
  EXPECT_EQ(problem_with("the dogs does not sleep"), "“the dogs” is plural: “do not”, not “does not”");
  EXPECT_EQ(problem_with("the dog sleeps in the house the"),
            "the grammar's sentences end after “the dog sleeps in the house”, not “the”");
  EXPECT_EQ(problem_with("two dogs sleep", Language::japanese),
            "“two” is not in the vocabulary of the grammar's English → Japanese");
  EXPECT_EQ(problem_with("the dog sleeps in the car", Language::japanese),
            "the grammar's Japanese leaves out “in the car”");
  EXPECT_EQ(problem_with("maria lives", Language::japanese),
            "in the grammar's Japanese “lives” needs a place (in, on, near, …) or a companion (with)");
  // The constructions beyond "subject verb object".
  EXPECT_EQ(problem_with("i sees the dog"), "with the subject “i” the verb is “see”, not “sees”");
  EXPECT_EQ(problem_with("he eat the apple"), "with the subject “he” the verb is “eats”, not “eat”");
  EXPECT_EQ(problem_with("the dog eat the apple"), "with the singular subject “the dog” the verb is “eats”, not “eat”");
  EXPECT_EQ(problem_with("me sees the dog"),
            "the sentence starts with its subject: “me” is the object form; here it is “i”");
  EXPECT_EQ(problem_with("he sees i"), "“sees” needs an object: “i” is the subject form; here it is “me”");
  EXPECT_EQ(problem_with("i see me"),
            "the grammar has no reflexive pronouns (myself, ourselves): a sentence names “i” or “we” once");
  EXPECT_EQ(problem_with("help you"), "the grammar has no reflexive pronouns (yourself): a sentence names “you” once");
  EXPECT_EQ(problem_with("give me it"),
            "the grammar gives things named by a noun phrase (“give me the book”) or “it” before “to” (“give it to "
            "me”), not by the pronoun “it” there");
  EXPECT_EQ(problem_with("give him to me"),
            "the grammar gives things named by a noun phrase (“give me the book”) or “it” before “to” (“give it to "
            "me”), not by the pronoun “him” there");
  // Questions, adverbs, "her".
  EXPECT_EQ(problem_with("does you see the bird"), "with the subject “you” the verb is “do”, not “does”");
  EXPECT_EQ(problem_with("do the dog see the bird"),
            "with the singular subject “the dog” the verb is “does”, not “do”");
  EXPECT_EQ(problem_with("do you sees the bird"),
            "after “do you” the grammar expects a verb in its plain form (see, eat, sleep, …), not “sees”");
  EXPECT_EQ(problem_with("is you big"), "with the subject “you” the verb is “are”, not “is”");
  EXPECT_EQ(problem_with("i see him yesterday"), "“yesterday” goes with a verb in the past, not “see”");
  EXPECT_EQ(problem_with("did you see him now"), "“now” goes with a verb in the present, not “did”");
  EXPECT_EQ(problem_with("go now"), "“go” needs a destination: e.g. “go to the park”");
  EXPECT_EQ(problem_with("her dog sees her"), "");
  EXPECT_EQ(problem_with("a apple is red"), "before “apple” the article is “an”, not “a”");
  EXPECT_EQ(problem_with("an old man sleeps"), "");
  EXPECT_EQ(problem_with("we are a teacher"), "“we” is plural: “teachers”, not “a teacher”");
  EXPECT_EQ(problem_with("she is teachers"), "“she” is singular: “a teacher”, not “teachers”");
  EXPECT_EQ(problem_with("i is big"), "with the subject “i” the verb is “am”, not “is”");
  EXPECT_EQ(problem_with("where is the dogs"), "with the plural subject “the dogs” the verb is “are”, not “is”");
  EXPECT_EQ(problem_with("go"), "“go” needs a destination: e.g. “go to the park”");
  EXPECT_EQ(problem_with("he goes in the park"), "after “goes” the grammar expects “to” and a place, not “in”");
  EXPECT_EQ(problem_with("he eats the apple to maria"),
            "“to” follows “go” or “come” (“go to the park”) or a thing given (“give the book to maria”)");
  EXPECT_EQ(problem_with("have the book"), "“have” is not one of the grammar's commands (eat, give, go, sleep, …)");
  EXPECT_EQ(problem_with("eats the apple"), "a command takes the verb's plain form: “eat”, not “eats”");
  EXPECT_EQ(problem_with("he gives the book"),
            "“gives” needs what and to whom: e.g. “he gives the book to maria” or “he gives maria the book”");
  EXPECT_EQ(
      problem_with("the dog is"),
      "after “the dog is” the grammar expects an adjective (good, little, new, …), a profession (“a teacher”) or a "
      "place (in, near, behind, on, under and a noun phrase)");
  EXPECT_EQ(problem_with("the dog sleeps in me"), "after “in” the grammar expects a noun phrase, not the pronoun “me”");
  EXPECT_EQ(problem_with("he is a dog"),
            "after “he is a” the grammar expects a profession (teacher, doctor, …), not “dog”");
}

}  // namespace
}  // namespace attn::corpus
