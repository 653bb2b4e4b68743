// The toy English → Marathi pair (the lecture's own): hand-checked translations of every construction it says,
// with their alignments; what it leaves out; and the rules of its Marathi on 10,000 generated pairs (every word
// aligned, negation, agreement of the verb with a plural subject, the parser as the generator's inverse).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

std::string marathi(const std::string& english) { return testing::translation(english, Language::marathi); }
std::string aligned(const std::string& english) { return testing::aligned(english, Language::marathi); }
using testing::ends_with;

TEST(Marathi, TheLecturesExamples) {
  EXPECT_EQ(aligned("give me the book"), "मला:me पुस्तक:book दे:give");
  EXPECT_EQ(aligned("the boy reads the book"), "मुलगा:boy पुस्तक:book वाचतो:reads");
  EXPECT_EQ(aligned("the girl reads the book"), "मुलगी:girl पुस्तक:book वाचते:reads");
}

TEST(Marathi, VerbsAgreeWithTheirSubject) {
  EXPECT_EQ(marathi("i sleep"), "मी झोपतो");
  EXPECT_EQ(marathi("you sleep"), "तू झोपतोस");
  EXPECT_EQ(marathi("she sleeps"), "ती झोपते");
  EXPECT_EQ(marathi("the baby sleeps"), "बाळ झोपते");
  EXPECT_EQ(marathi("we sleep"), "आम्ही झोपतो");
  EXPECT_EQ(marathi("the girls sleep"), "मुली झोपतात");
  EXPECT_EQ(aligned("he does not sleep"), "तो:he झोपत:sleep नाही:not");
  EXPECT_EQ(marathi("you do not sleep"), "तू झोपत नाहीस");
  EXPECT_EQ(marathi("they do not sleep"), "ते झोपत नाहीत");
  // The past of verbs without an object agrees with the subject.
  EXPECT_EQ(marathi("he slept"), "तो झोपला");
  EXPECT_EQ(marathi("she slept"), "ती झोपली");
  EXPECT_EQ(marathi("i slept"), "मी झोपलो");
  EXPECT_EQ(marathi("you slept"), "तू झोपलास");
  EXPECT_EQ(marathi("you did not sleep"), "तू झोपला नाहीस");
  EXPECT_EQ(marathi("the girls went to the school"), "मुली शाळेत गेल्या");
  EXPECT_EQ(marathi("the babies came"), "बाळे आली");
  EXPECT_EQ(marathi("she buys the car"), "ती गाडी विकत घेते");
  EXPECT_EQ(aligned("she does not buy the car"), "ती:she गाडी:car विकत:buy घेत:buy नाही:not");
}

TEST(Marathi, NounPhrasesAgreeAndTakeTheirCase) {
  EXPECT_EQ(marathi("my big dog sleeps in the house"), "माझा मोठा कुत्रा घरात झोपतो");
  EXPECT_EQ(marathi("my big dogs sleep in my big house"), "माझे मोठे कुत्रे माझ्या मोठ्या घरात झोपतात");
  EXPECT_EQ(marathi("these black cats eat the apples"), "ह्या काळ्या मांजरी सफरचंदे खातात");
  EXPECT_EQ(aligned("the boy sees the girl"), "मुलगा:boy मुलीला:girl पाहतो:sees");
  EXPECT_EQ(marathi("the girls see the boys"), "मुली मुलांना पाहतात");
  EXPECT_EQ(marathi("he sees you"), "तो तुला पाहतो");
  EXPECT_EQ(marathi("we see it"), "आम्ही ते पाहतो");
  EXPECT_EQ(aligned("the boy walks with me"), "मुलगा:boy माझ्यासोबत:me चालतो:walks");
  EXPECT_EQ(aligned("the cat sleeps under the table"), "मांजर:cat टेबलाच्या:table खाली:under झोपते:sleeps");
  EXPECT_EQ(marathi("the dog runs near the trees"), "कुत्रा झाडांच्या जवळ धावतो");
  EXPECT_EQ(marathi("the bird sleeps on the car"), "पक्षी गाडीवर झोपतो");
  EXPECT_EQ(aligned("he gives the book to the girl"), "तो:he मुलीला:girl पुस्तक:book देतो:gives");
  EXPECT_EQ(marathi("he gives the girls the book"), "तो मुलींना पुस्तक देतो");
  EXPECT_EQ(marathi("maria shows john the letter"), "मारिया जॉनला पत्र दाखवते");
}

TEST(Marathi, TheCopulaAndWhere) {
  EXPECT_EQ(aligned("the house is big"), "घर:house मोठे:big आहे:is");
  EXPECT_EQ(marathi("the house was not big"), "घर मोठे नव्हते");
  EXPECT_EQ(marathi("the houses are very big"), "घरे खूप मोठी आहेत");
  EXPECT_EQ(marathi("you were tired"), "तू थकलेला होतास");
  EXPECT_EQ(marathi("she is not tired"), "ती थकलेली नाही");
  EXPECT_EQ(aligned("the car is in the garden"), "गाडी:car बागेत:garden आहे:is");
  EXPECT_EQ(marathi("the book is on the table"), "पुस्तक टेबलावर आहे");
  EXPECT_EQ(marathi("the cats were behind the house"), "मांजरी घराच्या मागे होत्या");
  EXPECT_EQ(aligned("i am a teacher"), "मी:i शिक्षक:teacher आहे:am");
  EXPECT_EQ(marathi("she is a teacher"), "ती शिक्षिका आहे");
  EXPECT_EQ(marathi("we are students"), "आम्ही विद्यार्थी आहोत");
  EXPECT_EQ(marathi("maria was a singer"), "मारिया गायिका होती");
  EXPECT_EQ(aligned("where is the book"), "पुस्तक:book कुठे:where आहे:is");
  EXPECT_EQ(marathi("where are you"), "तू कुठे आहेस");
  EXPECT_EQ(marathi("where were the girls"), "मुली कुठे होत्या");
}

TEST(Marathi, YesNoQuestionsEndInKa) {
  EXPECT_EQ(aligned("is the dog big"), "कुत्रा:dog मोठा:big आहे:is का:is");
  EXPECT_EQ(aligned("are you a student"), "तू:you विद्यार्थी:student आहेस:are का:are");
  EXPECT_EQ(aligned("do you see the bird"), "तू:you पक्ष्याला:bird पाहतोस:see का:do");
  EXPECT_EQ(marathi("does the girl read the book"), "मुलगी पुस्तक वाचते का");
  EXPECT_EQ(marathi("did she sleep"), "ती झोपली का");
  EXPECT_EQ(marathi("was the cat in the house"), "मांजर घरात होती का");
}

TEST(Marathi, AdverbsFollowTheSubject) {
  EXPECT_EQ(aligned("we go to the park now"), "आम्ही:we आता:now उद्यानात:park जातो:go");
  EXPECT_EQ(aligned("she is not here"), "ती:she इथे:here नाही:is");
  EXPECT_EQ(aligned("come here"), "इथे:here ये:come");
  EXPECT_EQ(aligned("the boy slept there yesterday"), "मुलगा:boy काल:yesterday तिथे:there झोपला:slept");
  EXPECT_EQ(marathi("the boy slept yesterday"), "मुलगा काल झोपला");
  EXPECT_EQ(marathi("eat the apple now"), "आता सफरचंद खा");
  EXPECT_EQ(marathi("where is the book today"), "पुस्तक आज कुठे आहे");
}

// Greetings are set phrases; a name follows the phrase.
TEST(Marathi, GreetingsAreSetPhrases) {
  EXPECT_EQ(aligned("hello how are you"), "नमस्कार:hello तू:you कसा:how आहेस:are");
  EXPECT_EQ(aligned("thank you very much"), "खूप:very धन्यवाद:thank");
  EXPECT_EQ(aligned("good morning"), "सुप्रभात:morning");
  EXPECT_EQ(aligned("good night"), "शुभ:good रात्री:night");
  // The list leaves "goodbye" out, unsure of it: पुन्हा भेटू ("we will meet again"; marathi_lexicon.cpp says why).
  EXPECT_EQ(aligned("goodbye"), "पुन्हा:goodbye भेटू:goodbye");
  EXPECT_EQ(aligned("nice to meet you"), "तुम्हाला:you भेटून:meet आनंद:nice झाला:nice");
  EXPECT_EQ(marathi("thank you"), "धन्यवाद");
  EXPECT_EQ(aligned("good morning john"), "सुप्रभात:morning जॉन:john");
  EXPECT_EQ(marathi("hello maria how are you"), "नमस्कार मारिया तू कसा आहेस");
}

TEST(Marathi, HerAgreesAndItIsGiven) {
  EXPECT_EQ(aligned("her car is red"), "तिची:her गाडी:car लाल:red आहे:is");
  EXPECT_EQ(marathi("her dog is big"), "तिचा कुत्रा मोठा आहे");
  EXPECT_EQ(marathi("i see her"), "मी तिला पाहतो");
  EXPECT_EQ(aligned("give it to me"), "मला:me ते:it दे:give");
}

TEST(Marathi, Commands) {
  EXPECT_EQ(aligned("do not give me the book"), "मला:me पुस्तक:book देऊ:give नकोस:not");
  EXPECT_EQ(marathi("show her the letter"), "तिला पत्र दाखव");
  EXPECT_EQ(marathi("eat the apple"), "सफरचंद खा");
  EXPECT_EQ(marathi("eat it"), "ते खा");
  EXPECT_EQ(marathi("do not eat the apple"), "सफरचंद खाऊ नकोस");
  EXPECT_EQ(marathi("go to the park"), "उद्यानात जा");
  EXPECT_EQ(marathi("write a letter"), "पत्र लिही");
  EXPECT_EQ(marathi("give the book to the girl"), "मुलीला पुस्तक दे");
}

TEST(Marathi, LeavesOutWhatItCannotSayCorrectly) {
  for (const char* s : {"he read the book", "the boy ate the apple", "she gave me the book", "she sang",
                        "the dog has a book", "maria wants the apple", "i love you", "the boy eats the girl",
                        "he runs without the dog", "the dog sleeps in the street", "go to the street",
                        "my mother sleeps", "the old man runs", "the doctor sleeps", "he finds the key"}) {
    EXPECT_EQ(marathi(s), "<not said>") << s;
  }
  EXPECT_EQ(testing::problem_with("he read the book", Language::marathi),
            "the grammar's Marathi leaves out “read”, the past of “read” (with an object the past is ergative: the "
            "subject takes -ने and the verb agrees with the object)");
  EXPECT_EQ(testing::problem_with("the boy eats the girl", Language::marathi),
            "the grammar's Marathi leaves out “eat” with a person or an animal as its object");
  // ... which Spanish says.
  EXPECT_TRUE(translate_by_grammar(testing::words("he read the book"), Language::spanish));
}

TEST(Marathi, TenThousandPairsObeyTheRules) {
  const std::set<std::string> marathi_words(target_words(Language::marathi).begin(),
                                            target_words(Language::marathi).end());
  TrainingStream stream(41, Language::marathi);
  std::size_t longest = 0, negated = 0, past = 0, plural_subjects = 0, questions = 0, greetings = 0;
  for (int i = 0; i < 10000; ++i) {
    const SentencePair p = stream.next();
    const std::string all = join(p.source) + " → " + join(p.target);
    ASSERT_EQ(p.target.size(), p.alignment.size()) << all;
    longest = std::max(longest, p.target.size());
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      ASSERT_TRUE(marathi_words.count(p.target[t])) << p.target[t] << " in " << all;
      ASSERT_NE(p.alignment[t], kUnaligned) << all;  // no particles: every word translates one
    }
    // Negative exactly when the English says "not".
    const bool english_negated = std::count(p.source.begin(), p.source.end(), "not") == 1;
    const bool marathi_negated = std::any_of(p.target.begin(), p.target.end(), [](const std::string& w) {
      return w == "नाही" || w == "नाहीस" || w == "नाहीत" || w == "नकोस" || w.rfind("नव्हत", 0) == 0;
    });
    ASSERT_EQ(marathi_negated, english_negated) << all;
    negated += english_negated;
    // A verb in the present after a plural subject in the third person ends in -तात (its negative in नाहीत).
    const auto tree = grammar::parse(p.source);
    ASSERT_TRUE(tree) << all;
    if (tree->clause == grammar::Clause::statement && tree->tense == grammar::Tense::present &&
        tree->subject.is_plural() && tree->subject.person() == grammar::Person::third) {
      const std::string& last = p.target[p.target.size() - (tree->question ? 2 : 1)];  // before a question's का
      ASSERT_TRUE(last == "नाहीत" || ends_with(last, "तात")) << all;
      ++plural_subjects;
    }
    greetings += tree->clause == grammar::Clause::greeting;
    past += tree->tense == grammar::Tense::past;
    ASSERT_EQ(p.target.back() == "का", tree->question) << all;
    questions += tree->question;
    // The parser, then the renderer, give the same pair back.
    const auto parsed = translate_by_grammar(p.source, Language::marathi);
    ASSERT_TRUE(parsed) << all;
    ASSERT_EQ(parsed->target, p.target) << all;
    ASSERT_EQ(parsed->alignment, p.alignment) << all;
  }
  EXPECT_LE(longest, kMaxTargetWords);
  EXPECT_GT(negated, 1200u);
  EXPECT_GT(plural_subjects, 200u);
  EXPECT_GT(past, 300u);
  EXPECT_GT(questions, 300u);
  // 1.5% of the trees drawn, 2.1% of the sentences (Marathi says fewer of the other trees): 215.
  EXPECT_GT(greetings, 150u);
  EXPECT_LT(greetings, 280u);
}

TEST(Marathi, VocabulariesAndTheSplit) {
  const auto& en = english_words(Language::marathi);
  EXPECT_TRUE(std::includes(english_words().begin(), english_words().end(), en.begin(), en.end()));
  EXPECT_EQ(std::count(en.begin(), en.end(), "without"), 0);
  EXPECT_EQ(grammar_language(en, target_words(Language::marathi)), Language::marathi);
  EXPECT_FALSE(grammar_language(en, target_words(Language::japanese)));
  for (const auto& p : held_out_set(300, 2, Language::marathi)) {
    ASSERT_TRUE(is_held_out(p.source) || is_set_phrase(p.source)) << join(p.source);
    ASSERT_TRUE(translate_by_grammar(p.source, Language::marathi));
  }
}

}  // namespace
}  // namespace attn::corpus
