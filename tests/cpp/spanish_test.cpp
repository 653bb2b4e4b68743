// The toy English → Spanish pair beyond "subject verb object": pronouns and their clitics, agreement in every
// person and both tenses, the copula (ser and estar), "where" questions, commands with joined pronouns and
// ditransitive verbs, each with its exact translation and alignment; and every verb's forms.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

std::string spanish(const std::string& english) { return testing::translation(english, Language::spanish); }
std::string aligned(const std::string& english) { return testing::aligned(english, Language::spanish); }

TEST(Spanish, PronounsGoBeforeTheVerbAndSubjectsAreLeftOut) {
  EXPECT_EQ(aligned("you see me"), "me:me ves:see");
  EXPECT_EQ(aligned("she sees him"), "lo:him ve:sees");
  EXPECT_EQ(spanish("i see you"), "te veo");
  EXPECT_EQ(spanish("they eat it"), "lo comen");
  EXPECT_EQ(spanish("we love her"), "la amamos");
  EXPECT_EQ(spanish("he helps us"), "nos ayuda");
  EXPECT_EQ(spanish("maria sees them"), "maría los ve");
  EXPECT_EQ(aligned("he does not see her"), "no:not la:her ve:see");
  EXPECT_EQ(aligned("he did not see her"), "no:not la:her vio:see");
  // After a preposition: mí, ti, él, ella; "con" joins with mí and ti.
  EXPECT_EQ(aligned("the boy walks with me"), "el:the niño:boy camina:walks conmigo:me");
  EXPECT_EQ(spanish("i sleep near her"), "duermo cerca de ella");
  EXPECT_EQ(spanish("we run without you"), "corremos sin ti");
  EXPECT_EQ(spanish("they sing behind him"), "cantan detrás de él");
}

TEST(Spanish, VerbsAgreeWithEveryPersonInBothTenses) {
  EXPECT_EQ(spanish("i eat the apple"), "como la manzana");
  EXPECT_EQ(spanish("you eat the apple"), "comes la manzana");
  EXPECT_EQ(spanish("he eats the apple"), "come la manzana");
  EXPECT_EQ(spanish("we eat the apple"), "comemos la manzana");
  EXPECT_EQ(spanish("they eat the apple"), "comen la manzana");
  EXPECT_EQ(aligned("they ate the apples"), "comieron:ate las:the manzanas:apples");
  EXPECT_EQ(spanish("i ate the apple"), "comí la manzana");
  EXPECT_EQ(spanish("you slept"), "dormiste");
  EXPECT_EQ(spanish("she slept"), "durmió");
  EXPECT_EQ(spanish("the dogs slept"), "los perros durmieron");
  EXPECT_EQ(spanish("we went to the park"), "fuimos al parque");
  EXPECT_EQ(spanish("i came to the house"), "vine a la casa");
  EXPECT_EQ(spanish("she made a cake"), "hizo un pastel");
  EXPECT_EQ(spanish("he read the book"), "leyó el libro");
  EXPECT_EQ(spanish("they read the book"), "leen el libro");  // "read" after "they" is the present
  EXPECT_EQ(spanish("they did not read the book"), "no leyeron el libro");
  EXPECT_EQ(spanish("i heard the bird"), "oí al pájaro");
  EXPECT_EQ(spanish("you found the key"), "encontraste la llave");
  // Verbs of state take the imperfect in the past.
  EXPECT_EQ(spanish("maria had a dog"), "maría tenía un perro");
  EXPECT_EQ(spanish("we wanted the cakes"), "queríamos los pasteles");
  EXPECT_EQ(spanish("they lived in the city"), "vivían en la ciudad");
}

TEST(Spanish, TheCopulaIsSerOrEstar) {
  EXPECT_EQ(aligned("the house is big"), "la:the casa:house es:is grande:big");
  EXPECT_EQ(aligned("the car is in the garden"), "el:the coche:car está:is en:in el:the jardín:garden");
  EXPECT_EQ(spanish("the book is on the table"), "el libro está sobre la mesa");
  EXPECT_EQ(spanish("the cat was under the bed"), "el gato estaba debajo de la cama");
  EXPECT_EQ(spanish("the houses were not very big"), "las casas no eran muy grandes");
  EXPECT_EQ(spanish("i am tired"), "estoy cansado");  // unknown genders take the masculine
  EXPECT_EQ(spanish("she is tired"), "está cansada");
  EXPECT_EQ(spanish("we are happy"), "somos felices");
  // A profession after ser: no article, the subject's gender and number.
  EXPECT_EQ(aligned("i am a teacher"), "soy:am profesor:teacher");
  EXPECT_EQ(spanish("she is a teacher"), "es profesora");
  EXPECT_EQ(spanish("maria was a doctor"), "maría era médica");
  EXPECT_EQ(spanish("we are doctors"), "somos médicos");
  EXPECT_EQ(spanish("the girls are not students"), "las niñas no son estudiantes");
  EXPECT_EQ(spanish("anna is a singer"), "ana es cantante");
  EXPECT_EQ(spanish("an old man sleeps"), "un hombre viejo duerme");
}

// Every question between "¿" and "?", tokens of their own, which align to the word that makes the English a
// question: "where", the question's "do" or its copula.
TEST(Spanish, WhereQuestions) {
  EXPECT_EQ(aligned("where is the book"), "¿:where dónde:where está:is el:the libro:book ?:where");
  EXPECT_EQ(spanish("where are you"), "¿ dónde estás ?");
  EXPECT_EQ(spanish("where am i"), "¿ dónde estoy ?");
  EXPECT_EQ(spanish("where were the dogs"), "¿ dónde estaban los perros ?");
  EXPECT_EQ(spanish("where is maria"), "¿ dónde está maría ?");
  EXPECT_EQ(spanish("where is the book now"), "¿ dónde está el libro ahora ?");
}

TEST(Spanish, YesNoQuestionsAreTheStatementBetweenQuestionMarks) {
  EXPECT_EQ(aligned("do you see the bird"), "¿:do ves:see al:the pájaro:bird ?:do");
  EXPECT_EQ(spanish("does the girl eat the apple"), "¿ la niña come la manzana ?");
  EXPECT_EQ(spanish("did they eat the apples"), "¿ comieron las manzanas ?");
  EXPECT_EQ(spanish("do you have a car"), "¿ tienes un coche ?");
  EXPECT_EQ(spanish("do you want an orange"), "¿ quieres una naranja ?");
  EXPECT_EQ(aligned("is the dog big"), "¿:is el:the perro:dog es:is grande:big ?:is");
  EXPECT_EQ(aligned("are you a student"), "¿:are eres:are estudiante:student ?:are");
  EXPECT_EQ(spanish("was the cat in the house"), "¿ el gato estaba en la casa ?");
  EXPECT_EQ(spanish("is she here"), "¿ está aquí ?");
  EXPECT_EQ(spanish("did you see the bird yesterday"), "¿ viste al pájaro ayer ?");
}

TEST(Spanish, AdverbsOfTimeAndPlaceComeLast) {
  EXPECT_EQ(aligned("i saw my friend yesterday"), "vi:saw a:- mi:my amigo:friend ayer:yesterday");
  EXPECT_EQ(aligned("we go to the park now"), "vamos:go al:the parque:park ahora:now");
  EXPECT_EQ(spanish("the children play in the garden today"), "los niños juegan en el jardín hoy");
  EXPECT_EQ(aligned("she is not here"), "no:not está:is aquí:here");
  EXPECT_EQ(spanish("the books were there"), "los libros estaban allí");
  EXPECT_EQ(aligned("come here"), "ven:come aquí:here");
  EXPECT_EQ(spanish("do not go there"), "no vayas allí");
  EXPECT_EQ(spanish("i sleep here"), "duermo aquí");
  EXPECT_EQ(spanish("the dog is big today"), "el perro es grande hoy");
  EXPECT_EQ(aligned("she was here yesterday"), "estaba:was aquí:here ayer:yesterday");
}

// Greetings are set phrases, each word aligned to the English word it stands for; a name follows the phrase.
TEST(Spanish, GreetingsAreSetPhrases) {
  EXPECT_EQ(aligned("hello how are you"), "hola:hello ¿:how cómo:how estás:are ?:how");
  EXPECT_EQ(aligned("thank you very much"), "muchas:much gracias:thank");
  EXPECT_EQ(aligned("good morning"), "buenos:good días:morning");
  EXPECT_EQ(aligned("good night"), "buenas:good noches:night");
  EXPECT_EQ(aligned("goodbye"), "adiós:goodbye");
  EXPECT_EQ(aligned("nice to meet you"), "mucho:nice gusto:nice");
  EXPECT_EQ(spanish("hello"), "hola");
  EXPECT_EQ(spanish("thank you"), "gracias");
  EXPECT_EQ(spanish("how are you"), "¿ cómo estás ?");
  EXPECT_EQ(aligned("good morning john"), "buenos:good días:morning juan:john");
  EXPECT_EQ(spanish("hello maria how are you"), "hola maría ¿ cómo estás ?");
  EXPECT_EQ(spanish("goodbye lucy"), "adiós lucía");
}

TEST(Spanish, HerIsAPossessiveBeforeItsNoun) {
  EXPECT_EQ(aligned("her car is red"), "su:her coche:car es:is rojo:red");
  EXPECT_EQ(spanish("i see her dogs"), "veo a sus perros");
  EXPECT_EQ(spanish("her very small cat sleeps"), "su gato muy pequeño duerme");
  EXPECT_EQ(spanish("i see her"), "la veo");
  EXPECT_EQ(spanish("give her the book"), "dale el libro");
}

TEST(Spanish, ItGivenJoinsAfterTheRecipient) {
  EXPECT_EQ(aligned("give it to me"), "dámelo:give");
  EXPECT_EQ(spanish("show it to us"), "muéstranoslo");
  EXPECT_EQ(spanish("tell it to him"), "díselo");
  EXPECT_EQ(aligned("give it to the girl"), "dáselo:give a:to la:the niña:girl");
  EXPECT_EQ(aligned("she gives it to me"), "me:me lo:it da:gives");
  EXPECT_EQ(aligned("he gave it to them"), "se:them lo:it dio:gave");
  EXPECT_EQ(aligned("maria sells it to the boys"), "maría:maria se:- lo:it vende:sells a:to los:the niños:boys");
  EXPECT_EQ(spanish("do not give it to me"), "no me lo des");
}

TEST(Spanish, CommandsJoinTheirPronouns) {
  EXPECT_EQ(aligned("give me the book"), "dame:give el:the libro:book");
  EXPECT_EQ(aligned("show her the letter"), "muéstrale:show la:the carta:letter");
  EXPECT_EQ(aligned("eat it"), "cómelo:eat");
  EXPECT_EQ(aligned("do not eat it"), "no:not lo:it comas:eat");
  EXPECT_EQ(aligned("do not give me the book"), "no:not me:me des:give el:the libro:book");
  EXPECT_EQ(spanish("help us"), "ayúdanos");
  EXPECT_EQ(spanish("call him"), "llámalo");
  EXPECT_EQ(spanish("make it"), "hazlo");
  EXPECT_EQ(spanish("bring me the apples"), "tráeme las manzanas");
  EXPECT_EQ(spanish("send them a letter"), "envíales una carta");
  EXPECT_EQ(spanish("read the book in the garden"), "lee el libro en el jardín");
  EXPECT_EQ(spanish("go to the park"), "ve al parque");
  EXPECT_EQ(spanish("do not go to the park"), "no vayas al parque");
  EXPECT_EQ(spanish("come to the house"), "ven a la casa");
  EXPECT_EQ(spanish("help the boy"), "ayuda al niño");
  EXPECT_EQ(aligned("give the book to the girl"), "dale:give el:the libro:book a:to la:the niña:girl");
}

TEST(Spanish, DitransitivesDoubleTheirRecipient) {
  EXPECT_EQ(aligned("he gives the book to the girl"), "le:- da:gives el:the libro:book a:to la:the niña:girl");
  EXPECT_EQ(aligned("he gives the girl the book"), "le:- da:gives el:the libro:book a:- la:the niña:girl");
  EXPECT_EQ(aligned("she gave me the apples"), "me:me dio:gave las:the manzanas:apples");
  EXPECT_EQ(spanish("she gave the apples to me"), "me dio las manzanas");
  EXPECT_EQ(spanish("they send the letter to maria"), "le envían la carta a maría");
  EXPECT_EQ(spanish("i sold the boys my car"), "les vendí mi coche a los niños");
  EXPECT_EQ(spanish("we did not show the man the picture"), "no le mostramos el cuadro al hombre");
}

// A verb's ten forms as the grammar writes them: yo, tú, él, nosotros, ellos in the present, then the past.
std::string conjugation(const grammar::Verb& v, const std::string& complement) {
  std::string out;
  for (const char* form : {"present", "past"}) {
    for (const char* subject : {"i", "you", "he", "we", "they"}) {
      const bool present = std::string(form) == "present", he = std::string(subject) == "he";
      // "read" is its own past: "did not" says which ("no leyeron"); the word after "no" is the verb.
      const std::string verb = present                               ? (he ? v.en_third_singular : v.en_base)
                               : std::string(v.en_past) == v.en_base ? std::string("did not ") + v.en_base
                                                                     : v.en_past;
      const auto pair = translate_by_grammar(testing::words(std::string(subject) + " " + verb + complement));
      if (!pair) return std::string("<not said: ") + subject + " " + verb + complement + ">";
      const int verb_at = std::string(verb).rfind("did not", 0) == 0 ? 3 : 1;
      const auto at = std::find(pair->alignment.begin(), pair->alignment.end(), verb_at) - pair->alignment.begin();
      out += (out.empty() ? "" : " ") + pair->target[static_cast<std::size_t>(at)];
    }
  }
  return out;
}

TEST(Spanish, ConjugationsSpelledOutByHand) {
  using grammar::verbs;
  auto verb = [](const char* en) { return verbs()[grammar::verb_named(en)]; };
  EXPECT_EQ(conjugation(verb("walk"), ""),
            "camino caminas camina caminamos caminan caminé caminaste caminó caminamos caminaron");
  EXPECT_EQ(conjugation(verb("run"), ""),
            "corro corres corre corremos corren corrí corriste corrió corrimos corrieron");
  EXPECT_EQ(conjugation(verb("live"), " in the city"),
            "vivo vives vive vivimos viven vivía vivías vivía vivíamos vivían");
  EXPECT_EQ(conjugation(verb("sleep"), ""),
            "duermo duermes duerme dormimos duermen dormí dormiste durmió dormimos durmieron");
  EXPECT_EQ(conjugation(verb("go"), " to the park"), "voy vas va vamos van fui fuiste fue fuimos fueron");
  EXPECT_EQ(conjugation(verb("come"), ""), "vengo vienes viene venimos vienen vine viniste vino vinimos vinieron");
  EXPECT_EQ(conjugation(verb("see"), " the book"), "veo ves ve vemos ven vi viste vio vimos vieron");
  EXPECT_EQ(conjugation(verb("read"), " the book"), "leo lees lee leemos leen leí leíste leyó leímos leyeron");
  EXPECT_EQ(conjugation(verb("have"), " the book"),
            "tengo tienes tiene tenemos tienen tenía tenías tenía teníamos tenían");
  EXPECT_EQ(conjugation(verb("close"), " the door"),
            "cierro cierras cierra cerramos cierran cerré cerraste cerró cerramos cerraron");
  EXPECT_EQ(conjugation(verb("hear"), " the book"), "oigo oyes oye oímos oyen oí oíste oyó oímos oyeron");
  EXPECT_EQ(conjugation(verb("make"), " the cake"), "hago haces hace hacemos hacen hice hiciste hizo hicimos hicieron");
  EXPECT_EQ(conjugation(verb("give"), " the book to maria"), "doy das da damos dan di diste dio dimos dieron");
  EXPECT_EQ(conjugation(verb("send"), " the book to maria"),
            "envío envías envía enviamos envían envié enviaste envió enviamos enviaron");
  EXPECT_EQ(conjugation(verb("bring"), " the book to maria"),
            "traigo traes trae traemos traen traje trajiste trajo trajimos trajeron");
  EXPECT_EQ(conjugation(verb("show"), " the book to maria"),
            "muestro muestras muestra mostramos muestran mostré mostraste mostró mostramos mostraron");
}

// A command with a pronoun joined keeps its stress where it was, so a written accent marks it (cómelo), but on a
// one-syllable command (hazlo, dame).
TEST(Spanish, JoinedPronounsCarryTheirAccent) {
  const char* const transitive[][2] = {{"eat", "cómelo"},       {"read", "léelo"},     {"buy", "cómpralo"},
                                       {"find", "encuéntralo"}, {"love", "ámalo"},     {"write", "escríbelo"},
                                       {"open", "ábrelo"},      {"close", "ciérralo"}, {"wash", "lávalo"},
                                       {"help", "ayúdalo"},     {"call", "llámalo"},   {"visit", "visítalo"},
                                       {"make", "hazlo"},       {"break", "rómpelo"}};
  for (const auto& [en, es] : transitive) EXPECT_EQ(spanish(std::string(en) + " it"), es);
  const char* const ditransitive[][2] = {
      {"give", "dame"}, {"show", "muéstrame"}, {"send", "envíame"}, {"sell", "véndeme"}, {"bring", "tráeme"}};
  for (const auto& [en, es] : ditransitive)
    EXPECT_EQ(spanish(std::string(en) + " me the book"), std::string(es) + " el libro");
}

}  // namespace
}  // namespace attn::corpus
