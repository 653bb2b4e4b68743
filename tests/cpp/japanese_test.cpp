// The toy English → Japanese pair: hand-checked translations of every construction, the rules of its Japanese
// on 10,000 generated pairs (wa and o, the predicate last, negation forms), alignments that point at the word
// each Japanese word translates (particles to nothing), and the parser as the generator's inverse.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "../../cpp/src/data/japanese.h"
#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

using namespace grammar;
using testing::words;

std::string japanese_of(const std::string& english) { return testing::translation(english, Language::japanese); }
std::string aligned(const std::string& english) { return testing::aligned(english, Language::japanese); }

using testing::ends_with;

TEST(Japanese, HandCheckedTranslations) {
  EXPECT_EQ(japanese_of("maria eats the apple in the garden"), "maria wa niwa de ringo o taberu");
  EXPECT_EQ(japanese_of("the big dog does not see the white cats"), "ōkii inu wa shiroi neko o minai");
  EXPECT_EQ(japanese_of("my very small friends live in the city"),
            "watashi no totemo chiisai tomodachi wa machi ni sunde iru");
  EXPECT_EQ(japanese_of("this boy reads a new book near the tree"),
            "kono shōnen wa ki no chikaku de atarashii hon o yomu");
  EXPECT_EQ(japanese_of("juan walks with the dogs"), "fuan wa inu to aruku");
  EXPECT_EQ(japanese_of("these girls do not sleep behind the house"), "kono shōjo wa ie no ushiro de nenai");
  EXPECT_EQ(japanese_of("ana does not live behind my house"), "ana wa watashi no ie no ushiro ni sunde inai");
  EXPECT_EQ(japanese_of("a young teacher buys the tables"), "wakai sensei wa tēburu o kau");
}

TEST(Japanese, PronounsAndThePast) {
  EXPECT_EQ(aligned("you see me"), "anata:you wa:- watashi:me o:- miru:see");
  EXPECT_EQ(japanese_of("i see you"), "watashi wa anata o miru");
  EXPECT_EQ(aligned("they ate the apples"), "karera:they wa:- ringo:apples o:- tabeta:ate");
  EXPECT_EQ(aligned("he did not see her"), "kare:he wa:- kanojo:her o:- minakatta:see");
  EXPECT_EQ(japanese_of("we went to the park"), "watashitachi wa kōen ni itta");
  EXPECT_EQ(japanese_of("she read the book"), "kanojo wa hon o yonda");
  EXPECT_EQ(japanese_of("the boy walks with me"), "shōnen wa watashi to aruku");
  EXPECT_EQ(japanese_of("the dog slept under the table"), "inu wa tēburu no shita de neta");
  EXPECT_EQ(japanese_of("they lived in the city"), "karera wa machi ni sunde ita");
  EXPECT_EQ(japanese_of("our teacher brought me the books"), "watashitachi no sensei wa watashi ni hon o motte kita");
}

TEST(Japanese, TheCopulaAdjectivesAndWhere) {
  EXPECT_EQ(aligned("the house is big"), "ie:house wa:- ōkii:big");
  EXPECT_EQ(japanese_of("the house is not very big"), "ie wa amari ōkikunai");
  EXPECT_EQ(japanese_of("the house was big"), "ie wa ōkikatta");
  EXPECT_EQ(japanese_of("the house was not big"), "ie wa ōkikunakatta");
  EXPECT_EQ(japanese_of("the dog is good"), "inu wa ii");
  EXPECT_EQ(japanese_of("the dog was not good"), "inu wa yokunakatta");
  EXPECT_EQ(aligned("the car is in the garden"), "kuruma:car wa:- niwa:garden ni:- aru:is");
  EXPECT_EQ(japanese_of("the cat is in the garden"), "neko wa niwa ni iru");
  EXPECT_EQ(japanese_of("the book is on the table"), "hon wa tēburu no ue ni aru");
  EXPECT_EQ(japanese_of("the cats were not under the bed"), "neko wa beddo no shita ni inakatta");
  EXPECT_EQ(aligned("i am a teacher"), "watashi:i wa:- sensei:teacher da:am");
  EXPECT_EQ(japanese_of("she was not a doctor"), "kanojo wa isha ja nakatta");
  EXPECT_EQ(japanese_of("we are students"), "watashitachi wa gakusei da");
  EXPECT_EQ(aligned("where is the book"), "hon:book wa:- doko:where ni:- aru:is");
  EXPECT_EQ(japanese_of("where are you"), "anata wa doko ni iru");
  EXPECT_EQ(japanese_of("where was it"), "sore wa doko ni atta");
}

TEST(Japanese, CommandsAndGiving) {
  EXPECT_EQ(aligned("give me the book"), "watashi:me ni:- hon:book o:- kudasai:give");
  EXPECT_EQ(aligned("show her the letter"), "kanojo:her ni:- tegami:letter o:- misete:show kudasai:show");
  EXPECT_EQ(japanese_of("eat the apple"), "ringo o tabete kudasai");
  EXPECT_EQ(aligned("do not eat the apple"), "ringo:apple o:- tabenaide:eat kudasai:eat");
  EXPECT_EQ(japanese_of("go to the park"), "kōen ni itte kudasai");
  EXPECT_EQ(japanese_of("give the book to the girl"), "shōjo ni hon o agete kudasai");
  EXPECT_EQ(aligned("he gives the book to the girl"), "kare:he wa:- shōjo:girl ni:- hon:book o:- ageru:gives");
  EXPECT_EQ(japanese_of("he gives the girl the book"), "kare wa shōjo ni hon o ageru");
  EXPECT_EQ(japanese_of("he gives me the book"), "kare wa watashi ni hon o kureru");
  EXPECT_EQ(japanese_of("she gave us the apples"), "kanojo wa watashitachi ni ringo o kureta");
  EXPECT_EQ(japanese_of("i give you the book"), "watashi wa anata ni hon o ageru");
  EXPECT_EQ(japanese_of("maria shows you the letter"), "maria wa anata ni tegami o miseru");
}

TEST(Japanese, YesNoQuestionsEndInKa) {
  EXPECT_EQ(aligned("do you see the bird"), "anata:you wa:- tori:bird o:- miru:see ka:do");
  EXPECT_EQ(japanese_of("did the boy eat the apple"), "shōnen wa ringo o tabeta ka");
  EXPECT_EQ(aligned("is the dog big"), "inu:dog wa:- ōkii:big ka:is");
  // A noun's question asks with desu ("da ka" is no Japanese).
  EXPECT_EQ(aligned("are you a student"), "anata:you wa:- gakusei:student desu:are ka:are");
  EXPECT_EQ(japanese_of("was she a doctor"), "kanojo wa isha deshita ka");
  EXPECT_EQ(japanese_of("was the cat in the house"), "neko wa ie ni ita ka");
  EXPECT_EQ(japanese_of("is the book here"), "hon wa koko ni aru ka");
}

TEST(Japanese, AdverbsOfTimeFollowTheTopicAndHereIsAPlace) {
  EXPECT_EQ(aligned("we go to the park now"), "watashitachi:we wa:- ima:now kōen:park ni:- iku:go");
  EXPECT_EQ(japanese_of("i saw my friend yesterday"), "watashi wa kinō watashi no tomodachi o mita");
  EXPECT_EQ(japanese_of("where is the book now"), "hon wa ima doko ni aru");
  EXPECT_EQ(japanese_of("eat the apple now"), "ima ringo o tabete kudasai");
  EXPECT_EQ(aligned("she is not here"), "kanojo:she wa:- koko:here ni:- inai:is");
  EXPECT_EQ(aligned("come here"), "koko:here ni:- kite:come kudasai:come");
  EXPECT_EQ(japanese_of("i eat the apple here"), "watashi wa koko de ringo o taberu");
  EXPECT_EQ(japanese_of("they live there"), "karera wa soko ni sunde iru");
  EXPECT_EQ(aligned("she was here yesterday"), "kanojo:she wa:- kinō:yesterday koko:here ni:- ita:was");
}

// Greetings are set phrases in their polite form; a name comes first, with "san".
TEST(Japanese, GreetingsAreSetPhrases) {
  EXPECT_EQ(aligned("hello how are you"), "konnichiwa:hello ogenki:how desu:are ka:how");
  EXPECT_EQ(aligned("thank you very much"), "dōmo:much arigatō:thank gozaimasu:thank");
  EXPECT_EQ(aligned("good morning"), "ohayō:morning gozaimasu:morning");
  EXPECT_EQ(aligned("good night"), "oyasumi:night nasai:night");
  EXPECT_EQ(aligned("goodbye"), "sayōnara:goodbye");
  EXPECT_EQ(aligned("nice to meet you"), "hajimemashite:meet");
  EXPECT_EQ(japanese_of("thank you"), "arigatō gozaimasu");
  EXPECT_EQ(japanese_of("how are you"), "ogenki desu ka");
  EXPECT_EQ(aligned("good morning john"), "jon:john san:john ohayō:morning gozaimasu:morning");
  EXPECT_EQ(japanese_of("hello maria how are you"), "maria san konnichiwa ogenki desu ka");
}

TEST(Japanese, HerAndItGiven) {
  EXPECT_EQ(aligned("her car is red"), "kanojo:her no:- kuruma:car wa:- akai:red");
  EXPECT_EQ(japanese_of("i see her"), "watashi wa kanojo o miru");
  EXPECT_EQ(aligned("give it to me"), "watashi:me ni:- sore:it o:- kudasai:give");
  EXPECT_EQ(japanese_of("he gives it to the girl"), "kare wa shōjo ni sore o ageru");
}

TEST(Japanese, LeavesOutWhatItCannotSayCorrectly) {
  for (const char* s :
       {"two dogs sleep", "some cats run", "the dog has a book", "maria wants the apple", "the old man runs",
        "the happy girl sleeps", "maria runs without the dog", "the dog sleeps in the car", "maria walks with the book",
        "maria lives", "my mother sleeps", "the house is clean", "i am tired", "the dog hears the cat", "go to the dog",
        "he gives you the book", "do not give me the book", "i love you"}) {
    EXPECT_EQ(japanese_of(s), "<not said>") << s;
  }
  // ... which Spanish says.
  EXPECT_TRUE(translate_by_grammar(words("two dogs sleep"), Language::spanish));
  EXPECT_EQ(testing::problem_with("he gives you the book", Language::japanese),
            "the grammar's Japanese leaves out someone else giving to “you” (ageru or kureru depends on whose side "
            "the speaker takes)");
}

TEST(Japanese, AlignmentOfTheVerbThatMovesToTheEnd) {
  const auto j = translate_by_grammar(words("the man does not see the small tree near my house"), Language::japanese);
  ASSERT_TRUE(j);
  // the(0) man(1) does(2) not(3) see(4) the(5) small(6) tree(7) near(8) my(9) house(10)
  EXPECT_EQ(join(j->target), "otoko wa watashi no ie no chikaku de chiisai ki o minai");
  const int none = kUnaligned;
  EXPECT_EQ(j->alignment, (std::vector<int>{1, none, 9, none, 10, none, 8, none, 6, 7, none, 4}));
}

// What each English word may translate to in Japanese, from the Japanese tables and the forms the renderer
// derives (its spellings are checked by hand above).
std::map<std::string, std::set<std::string>> translations() {
  namespace ja = japanese_words;
  const ja::Lexicon& l = ja::lexicon();
  std::map<std::string, std::set<std::string>> t;
  auto add = [&](const std::string& en, const std::string& text) {
    for (const auto& w : split(text.c_str()))
      if (w != "no") t[en].insert(w);
  };
  for (std::size_t i = 0; i < nouns().size(); ++i)
    if (l.nouns[i]) add(nouns()[i].en_singular, l.nouns[i]->target), add(nouns()[i].en_plural, l.nouns[i]->target);
  for (std::size_t i = 0; i < adjectives().size(); ++i)
    if (l.adjectives[i])
      for (Tense tense : {Tense::present, Tense::past})
        for (bool negated : {false, true})
          add(adjectives()[i].en, ja::adjective(l.adjectives[i]->target, tense, negated));
  for (std::size_t i = 0; i < determiners().size(); ++i)
    if (l.determiners[i]) add(determiners()[i].en, l.determiners[i]->target);
  for (std::size_t i = 0; i < names().size(); ++i) add(names()[i].en, l.names[i]->target);
  for (std::size_t i = 0; i < pronouns().size(); ++i)
    add(pronouns()[i].en_subject, l.pronouns[i]->target), add(pronouns()[i].en_object, l.pronouns[i]->target);
  for (std::size_t i = 0; i < prepositions().size(); ++i)
    if (l.prepositions[i]) add(prepositions()[i].en, l.prepositions[i]->target);
  auto add_verb = [&](const Verb& v, const ja::VerbForms& f) {
    for (const char* en : {v.en_third_singular, v.en_base, v.en_past}) {
      for (const char* form : {f.plain, f.negative, f.past}) add(en, form);
      add(en, ja::negative_past(f.negative));
      if (f.te) add(en, f.te), add(en, std::string(f.negative) + "de");
      add(en, "kudasai");
    }
  };
  for (std::size_t i = 0; i < verbs().size(); ++i)
    if (l.verbs[i]) add_verb(verbs()[i], *l.verbs[i]);
  add_verb(verbs()[verb_named("give")], ja::give_to_speaker());
  for (const char* be : {"am", "is", "are", "was", "were"})
    add(be, "da ja nai datta nakatta aru atta iru ita inai inakatta desu deshita ka");
  for (const char* auxiliary : {"do", "does", "did"}) add(auxiliary, "ka");  // a question's
  for (std::size_t i = 0; i < adverbs().size(); ++i) add(adverbs()[i].en, l.adverbs[i]->target);
  t["where"] = {"doko"};
  t["very"] = {"totemo", "amari"};
  return t;
}

TEST(Japanese, TenThousandPairsObeyTheRules) {
  const auto lexicon = translations();
  const std::set<std::string> japanese_words(target_words(Language::japanese).begin(),
                                             target_words(Language::japanese).end());
  const std::set<std::string> particles = {"wa", "o", "no", "de", "ni", "to"};
  std::set<std::string> takes_object, adjective_words, verb_words;
  for (const auto& v : verbs()) {
    verb_words.insert({v.en_third_singular, v.en_base, v.en_past});
    if (v.valency != Valency::intransitive) takes_object.insert({v.en_third_singular, v.en_base, v.en_past});
  }
  for (const auto& a : adjectives()) adjective_words.insert(a.en);
  const std::set<std::string> copula = {"am", "is", "are", "was", "were"};
  std::set<std::string> affirmative_adjectives;  // kitanai (dirty), kitanakatta: not negative
  for (const Keyed* a : japanese_words::lexicon().adjectives)
    if (a)
      for (Tense tense : {Tense::present, Tense::past})
        affirmative_adjectives.insert(japanese_words::adjective(a->target, tense, false));

  TrainingStream stream(31, Language::japanese);
  std::size_t longest = 0, negated = 0, commands = 0, copulas = 0, questions = 0, greetings = 0;
  for (int i = 0; i < 10000; ++i) {
    const SentencePair p = stream.next();
    const std::string all = join(p.source) + " → " + join(p.target);
    ASSERT_EQ(p.target.size(), p.alignment.size()) << all;
    longest = std::max(longest, p.target.size());
    for (const auto& w : p.target) ASSERT_TRUE(japanese_words.count(w)) << w << " in " << all;

    // A greeting is a set phrase, whose rules are not the clauses': every word of it translates one.
    const auto tree = parse(p.source);
    ASSERT_TRUE(tree) << all;
    if (tree->clause == Clause::greeting) {
      ++greetings;
      ASSERT_TRUE(std::none_of(p.alignment.begin(), p.alignment.end(), [](int a) { return a == kUnaligned; })) << all;
      continue;
    }

    // wa: once, after the subject, except in commands (which start with their verb or "do not").
    const bool command = verb_words.count(p.source[0]) || (p.source[0] == "do" && p.source[1] == "not");
    commands += command;
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "wa"), command ? 0 : 1) << all;

    // The predicate is last (but for a question's "ka"): the verb, the copula or the adjective.
    const bool question = p.target.back() == "ka";
    questions += question;
    const std::string& predicate =
        p.source[static_cast<std::size_t>(p.alignment[p.target.size() - (question ? 2 : 1)])];
    ASSERT_TRUE(verb_words.count(predicate) || copula.count(predicate) || adjective_words.count(predicate)) << all;
    copulas += copula.count(predicate) || adjective_words.count(predicate);

    // Negative exactly when the English says "not".
    const bool english_negated = std::count(p.source.begin(), p.source.end(), "not") == 1;
    const bool japanese_negated = std::any_of(p.target.begin(), p.target.end(), [&](const std::string& w) {
      return !affirmative_adjectives.count(w) &&
             (ends_with(w, "nai") || ends_with(w, "nakatta") || ends_with(w, "naide"));
    });
    ASSERT_EQ(japanese_negated, english_negated) << all;
    negated += english_negated;

    // o: once, exactly when the verb takes an object (a ditransitive verb's thing given).
    const bool has_object =
        std::any_of(p.source.begin(), p.source.end(), [&](const std::string& w) { return takes_object.count(w) == 1; });
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "o"), has_object ? 1 : 0) << all;

    // Every word but the particles translates the English word it aligns to (a question's "ka" the "do" or the
    // copula that asks).
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      const bool particle = particles.count(p.target[t]) == 1;
      ASSERT_EQ(p.alignment[t] == kUnaligned, particle) << all;
      if (particle) continue;
      const std::string& en = p.source[static_cast<std::size_t>(p.alignment[t])];
      ASSERT_TRUE(lexicon.count(en) && lexicon.at(en).count(p.target[t]))
          << en << " → " << p.target[t] << " in " << all;
    }

    // The parser, then the renderer, give the same pair back.
    const auto parsed = translate_by_grammar(p.source, Language::japanese);
    ASSERT_TRUE(parsed) << all;
    ASSERT_EQ(parsed->target, p.target) << all;
    ASSERT_EQ(parsed->alignment, p.alignment) << all;
  }
  EXPECT_LE(longest, kMaxTargetWords);
  EXPECT_GT(negated, 1200u);
  EXPECT_GT(commands, 800u);
  EXPECT_GT(copulas, 1000u);
  EXPECT_GT(questions, 400u);
  // 1.5% of the trees drawn, 1.6% of the sentences (Japanese says fewer of the other trees): 157.
  EXPECT_GT(greetings, 110u);
  EXPECT_LT(greetings, 210u);
}

TEST(Japanese, VocabulariesAndTheSplit) {
  const auto& en = english_words(Language::japanese);
  EXPECT_TRUE(std::includes(english_words().begin(), english_words().end(), en.begin(), en.end()));
  EXPECT_EQ(std::count(en.begin(), en.end(), "two"), 0);
  EXPECT_EQ(grammar_language(en, target_words(Language::japanese)), Language::japanese);
  EXPECT_EQ(grammar_language(english_words(), target_words()), Language::spanish);
  EXPECT_FALSE(grammar_language(en, target_words()));
  for (const auto& p : held_out_set(300, 2, Language::japanese)) {
    ASSERT_TRUE(is_held_out(p.source) || is_set_phrase(p.source)) << join(p.source);
    ASSERT_TRUE(translate_by_grammar(p.source, Language::japanese));
  }
}

}  // namespace
}  // namespace attn::corpus
