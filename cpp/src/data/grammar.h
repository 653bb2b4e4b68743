// The grammar's trees and lexicon tables, shared by the generator, the parser and the renderers.
//
//   Sentence    → Statement | Command | Copula | Where | Question | Greeting
//   Statement   → Subject [do/does/did not] Verb Complements [Place] [Time]
//   Command     → [do not] Verb Complements [Place] [Time]                             "give me the book"
//   Copula      → Subject be [not] Predicate [Time]                                  "she was here yesterday"
//   Predicate   → ["very"] Adjective | a Profession | Preposition Object | "here" | "there"
//   Where       → "where" be Subject [Time]                                          "where is the book"
//   Question    → do/does/did Subject Verb Complements [Place] [Time]                "do you see the bird"
//               | be Subject Predicate [Time]                                        "is the dog big"
//   Complements → (none) | Object | Recipient Object | Object "to" Recipient        by the verb's valency
//   Place       → Preposition Object | "here" | "there"                             "here" in place of the phrase
//   Time        → "yesterday" (the past) | "today" | "now" (the present)
//   NounPhrase  → Pronoun | Name | Determiner ["very"] [Adjective] Noun               "her car": "her" a determiner
//   Greeting    → SetPhrase [Name] | Opening [Name] "how are you" | "how are you"     "hello john how are you"
//   SetPhrase   → Opening | "good night" | "goodbye" | "thank you" ["very much"] | "nice to meet you"
//   Opening     → "hello" | "good morning"
//
// Verbs are in the present or the past. A question is a statement's or a copula's tree, never negated. A greeting
// is a sentence of its own, said whole in each language and greeting at most a name: "hello i am a teacher" is two
// sentences, and the grammar says one at a time. What a
// ditransitive verb gives is a noun phrase, or "it" before "to" ("give it to me"). A tree renders to an English
// sentence; a target language (Spanish, Japanese, Marathi) renders its translation and the word alignment from the
// positions the English words took.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "attn/corpus.h"
#include "attn/grammar_problem.h"

namespace attn::corpus::grammar {

enum class Number { singular, plural, either };
enum class Person { first, second, third };
enum class Valency { intransitive, transitive, ditransitive };
enum class Tense { present, past };
enum class Clause { statement, command, copula, where, greeting };
// What a noun names: the generator keeps subjects animate, professions for "is a teacher", places for "go to".
enum class Kind { animal, person, profession, thing, food, place };

struct Noun {
  const char *en_singular, *en_plural, *es_singular, *es_plural;
  bool feminine;  // the Spanish noun's gender
  Kind kind;
  // A profession's feminine forms, for "she is a teacher" (es profesora); nullptr: as the masculine.
  const char* es_feminine_singular = nullptr;
  const char* es_feminine_plural = nullptr;

  bool animate() const { return kind == Kind::animal || human(); }
  bool human() const { return kind == Kind::person || kind == Kind::profession; }
};
struct Adjective {
  const char* en;
  const char* es[4];  // masculine singular, feminine singular, masculine plural, feminine plural
  bool es_estar;      // a state ("tired", "dirty"): "está cansado", not "es"
};
// Spanish verb forms come in the order yo, tú, él/ella, nosotros, ellos (the grammar's "you" is tú).
struct Verb {
  const char *en_third_singular, *en_base, *en_past;
  Valency valency;
  enum Destination { no_destination, may_go_to, goes_to } destination;  // "to the park": come may, go must
  const char* es_infinitive;
  const char* es_present;  // the five forms, space-separated, when not those of a regular verb; else nullptr
  const char* es_past;     // the preterite's five forms when irregular; else nullptr
  bool es_stative;         // its past is the imperfect: "tenía", "quería", "vivía"
  // The tú command, the same with the written accent a joined pronoun needs, and the negative command
  // (subjunctive): "come cóme comas" (come, cómelo, no comas). nullptr: the grammar has no command of it.
  const char* es_command;
  bool es_without_personal_a = false;  // tener, querer: "tiene un perro", not "a un perro"

  bool commands() const { return es_command != nullptr; }
};
struct Determiner {
  const char* en;
  Number number;
  const char* es[4];                      // same order as Adjective::es
  const char* en_before_vowel = nullptr;  // "an" for "a"
};
struct Name {
  const char *en, *es;
  bool feminine;
};
struct Preposition {
  const char* en;
  const char* es;           // nullptr: only the particle ("to the park" → "al parque")
  const char* es_particle;  // "de" after "cerca", "a" for "to"; de/a + el contract to del/al
  bool place;               // a place a thing is at: "is in the garden"
  bool takes_pronoun;       // "with me", "near her"; "in", "on", "under", "to" take noun phrases only
};
// An adverb at the end of the English sentence: of time ("yesterday" only with the past, "now" only with the
// present) or of place ("here", "there": in place of a place's prepositional phrase).
struct Adverb {
  const char *en, *es;
  bool place;
  bool past_only, present_only;
};
// A set phrase (greetings, thanks, leave-taking), said whole: its English words, its Spanish and, for each Spanish
// word, the English word of the phrase it translates. `opens`: "how are you" may follow it ("hello how are you").
struct Greeting {
  const char *en, *es, *es_aligned;
  bool opens;
};
// A target language's words for a set phrase, keyed by its English, each aligned to the English word of the
// phrase named at its place in `aligned` ("-": none).
struct PhraseWords {
  const char *en, *target, *aligned;
};
struct Pronoun {
  const char *en_subject, *en_object;
  Person person;
  bool plural, feminine, animate;  // I, you, we and they are masculine in the Spanish (its default gender)
  const char *es_direct, *es_indirect, *es_after_preposition;  // lo, le, él
};

const std::vector<Noun>& nouns();
const std::vector<Adjective>& adjectives();
const std::vector<Verb>& verbs();
const std::vector<Determiner>& determiners();
const std::vector<Name>& names();
const std::vector<Preposition>& prepositions();
const std::vector<Pronoun>& pronouns();
const std::vector<Adverb>& adverbs();
const std::vector<Greeting>& greetings();
inline constexpr int kHowAreYou = 0;  // greetings()[kHowAreYou] is "how are you"
inline constexpr int kA = 1;          // determiners()[kA] is "a" ("an"), the article of "is a teacher"
inline constexpr int kTo = 7;         // prepositions()[kTo] is "to"
int verb_named(const char* en_base);  // the index of a verb in verbs()

// The open-class words (nouns, verbs, adjectives) in the order of how often English uses them, commonest first
// (SUBTLEX-US, docs/lexicon-source.md): each table's own rows are in that order, and this list merges them. The
// vocabulary option (attn/corpus.h) keeps the first N of it.
enum class OpenClass { noun, verb, adjective };
struct RankedWord {
  OpenClass word_class;
  int row;  // into nouns(), verbs() or adjectives()
};
const std::vector<RankedWord>& open_class_by_rank();
// The same list by English word (lexicon_ranks.cpp), which open_class_by_rank() resolves to rows: every row once.
struct RankedEnglish {
  OpenClass word_class;
  const char* en;  // a noun's singular, a verb's base form
};
const std::vector<RankedEnglish>& open_class_ranking();

// Which open-class rows a lexicon keeps: all of them, or the commonest N (vocabulary.cpp).
struct LexiconRows {
  std::vector<bool> nouns, verbs, adjectives;
  static LexiconRows first(std::size_t count);  // the first `count` of open_class_by_rank()
  static const LexiconRows& whole();
};

// A target language's entries keyed by the English word of a lexicon entry (`en`), turned into a table
// parallel to the lexicon's (nullptr where the language has none). A key the lexicon lacks stops the program:
// a typo, found by the first test that runs.
struct Keyed {
  const char* en;
  const char* target;
};
template <typename Table, typename Field, typename Entry>
std::vector<const Entry*> parallel(const Table& table, Field field, const std::vector<Entry>& keyed);

// A grammar problem built field by field: Problem(GrammarProblemKind::expects_noun).after(…).found(…). The
// setters are out of line (grammar_problem.cpp), as GrammarProblem's members are: the wasm keeps one copy.
class Problem {
 public:
  explicit Problem(GrammarProblemKind kind);
  Problem& after(std::string s);
  Problem& found(std::string s);
  Problem& word(std::string s);
  Problem& expected(std::string s);
  Problem& subject(std::string s);
  Problem& number(std::string s);
  Problem& person(std::string s);
  Problem& form(std::string s);
  Problem& examples(std::vector<std::string> v);
  Problem& prepositions(std::vector<std::string> v);
  Problem& adverbs(std::vector<std::string> v);
  Problem& names(std::vector<std::string> v);
  Problem& pronouns(std::vector<std::string> v);
  Problem& determiners(std::vector<std::string> v);
  Problem& role(NounPhraseRole role, std::string word);
  operator GrammarProblem() const { return p_; }  // NOLINT(google-explicit-constructor): a builder's result

 private:
  GrammarProblem p_;
};

struct NounPhrase {
  int pronoun = -1;  // index into pronouns(), or -1
  int name = -1;     // index into names(), or -1
  int determiner = 0;
  bool very = false;
  int adjective = -1;  // -1: none
  int noun = 0;
  bool plural = false;  // a common noun's number

  bool is_pronoun() const { return pronoun >= 0; }
  bool is_name() const { return name >= 0; }
  bool is_common() const { return !is_pronoun() && !is_name(); }
  bool animate() const;
  bool human() const;
  bool is_plural() const;
  Person person() const;
  bool feminine() const;  // in Spanish
};

struct Sentence {
  Clause clause = Clause::statement;
  Tense tense = Tense::present;         // commands are in the present
  bool negated = false;                 // never in "where" or yes/no questions
  bool question = false;                // a statement or a copula asked: "do you see the bird", "is it big"
  NounPhrase subject;                   // all but commands
  int verb = 0;                         // statements and commands
  std::optional<NounPhrase> object;     // transitive verbs; the thing a ditransitive verb's subject gives
  std::optional<NounPhrase> recipient;  // ditransitive verbs
  bool recipient_after_to = false;      // "gives the book to the girl", not "gives the girl the book"
  int adjective = -1;                   // copula: "is (very) big"
  bool very = false;
  int profession = -1;   // copula: "is a teacher", "are teachers" (a noun of Kind::profession)
  int preposition = -1;  // -1: none; the copula's place, or a statement's or command's phrase
  NounPhrase prepositional_object;
  int place_adverb = -1;     // into adverbs(), or -1: "here", "there", where a place's prepositional phrase would be
  int time_adverb = -1;      // into adverbs(), or -1: "yesterday", "today", "now", last
  int greeting = -1;         // a greeting: into greetings(), its first set phrase ("hello", or "how are you" alone)
  int addressee = -1;        // a greeting: into names(), or -1: "good morning john"
  bool how_are_you = false;  // a greeting: "how are you" follows its opening ("hello how are you")

  bool third_singular_subject() const {
    return clause != Clause::command && subject.person() == Person::third && !subject.is_plural();
  }
};

// The tree of an English sentence, or nothing, with `problem` (when given) saying what the grammar expected
// where (needs_object: "eat").
std::optional<Sentence> parse(const std::vector<std::string>& english, GrammarProblem* problem = nullptr);

// What makes a well-formed tree not English the grammar has, or none: a person named twice ("i see me" needs
// "myself", which the grammar has not), "to" after a verb that goes nowhere, a pronoun where only noun
// phrases go. The generator draws only trees without one; the parser refuses them with this problem.
GrammarProblem english_problem(const Sentence& sentence);

// Where render_english() put each word of a tree (-1: absent), so a translation can align to them.
struct EnglishNounPhrase {
  int determiner = -1, very = -1, adjective = -1, head = -1;  // head: the noun, the name or the pronoun
};
struct EnglishSentence {
  std::vector<std::string> words;
  EnglishNounPhrase subject, object, recipient, prepositional_object;
  int auxiliary = -1;  // "do", "does", "did": only a question's marker (¿ ?, ka, का) aligns to them
  int negation = -1;
  int verb = -1;  // the verb, or the copula ("is", "was", …)
  int where = -1, to = -1, preposition = -1;
  int very = -1, adjective = -1, article = -1, profession = -1;  // the copula's complement
  int place_adverb = -1, time_adverb = -1;
  int greeting = -1, addressee = -1, how_are_you = -1;  // a greeting's first words: its set phrase, name, "how"
  // The word that makes the sentence a question ("where", a question's "do" or its copula), or -1: a target's
  // question marks and particles (¿ ?, ka, का) align to it.
  int question = -1;
};
EnglishSentence render_english(const Sentence& sentence);
// A set phrase's words in a target language, each aligned to its English word at `en`, the English sentence's
// position of the phrase's first word (english.cpp).
void phrase_words(const PhraseWords& phrase, int en, SentencePair& out);
// Whether "a" before the word is "an".
bool starts_with_vowel(const std::string& word);

// A language the grammar's English translates into. Generation draws each choice again until the language
// accepts it, so it only ever draws trees the language can say; Spanish accepts every choice.
class TargetLanguage {
 public:
  virtual ~TargetLanguage() = default;
  virtual bool says_noun(int) const { return true; }
  virtual bool says_determiner(int) const { return true; }
  virtual bool says_adjective(int) const { return true; }
  virtual bool says_verb(int) const { return true; }
  virtual bool says_preposition(int) const { return true; }
  virtual bool says_prepositional_object(int /*preposition*/, const NounPhrase&) const { return true; }
  // A verb that cannot stand without a prepositional phrase ("lives" needs a place).
  virtual bool needs_place(int /*verb*/) const { return false; }
  // A construction the language leaves out (giving_to_you), or none: for what the word-by-word checks above
  // cannot see.
  virtual GrammarProblem unsaid_construction(const Sentence&) const { return {}; }
  // The tree's translation, with the English sentence as its source; only for trees says() accepts.
  virtual SentencePair render(const Sentence& sentence) const = 0;
  virtual const std::vector<std::string>& words() const = 0;  // every word render() can write
  // Every word render() can write from the lexicon's `rows` (and the closed classes): words() is words_of(whole).
  virtual std::vector<std::string> words_of(const LexiconRows& rows) const = 0;
  virtual const char* code() const = 0;  // "es", "ja", "mr"
  bool says(const Sentence& sentence) const { return !unsaid(sentence); }
  // What in the tree the language does not say (none when it says it all), for a reader.
  GrammarProblem unsaid(const Sentence& sentence) const;

 private:
  GrammarProblem unsaid_in_english(const Sentence& sentence) const;
};

// The English words of the trees `target` says (lexicon.cpp): a model's source vocabulary.
std::vector<std::string> english_words_of(const TargetLanguage& target);

// The target languages' grammars (spanish.cpp, …), each named by its entry in the registry (registry.cpp).
const TargetLanguage& spanish();
const TargetLanguage& japanese();
const TargetLanguage& marathi();
const TargetLanguage& target(Language language);  // the registry's entry's grammar

// The language's grammar with the commonest `vocabulary` open-class words (vocabulary.cpp; the language's own
// for the whole lexicon).
}  // namespace attn::corpus::grammar
namespace attn::corpus {
const grammar::TargetLanguage& vocabulary_grammar(Language language, std::size_t vocabulary);
}  // namespace attn::corpus
namespace attn::corpus::grammar {

// The words of a space-separated list ("sunde iru" is two). By hand: <sstream> would bring iostreams into
// the wasm.
std::vector<std::string> split(const char* words);

template <typename Table, typename Field, typename Entry>
std::vector<const Entry*> parallel(const Table& table, Field field, const std::vector<Entry>& keyed) {
  std::vector<const Entry*> out(table.size(), nullptr);
  for (const Entry& k : keyed) {
    std::size_t i = 0;
    while (i < table.size() && std::string(table[i].*field) != k.en) ++i;
    if (i == table.size()) std::abort();
    out[i] = &k;
  }
  return out;
}

}  // namespace attn::corpus::grammar
