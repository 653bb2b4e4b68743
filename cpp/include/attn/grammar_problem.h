// Why an English sentence is outside the toy grammar, or outside the part a target language says: a kind and
// the words it names, never a sentence. A page says it in its own language from the kind and the words (the
// bindings pass both on as data); describe() says it in English for the native tools.
#pragma once

#include <string>
#include <vector>

namespace attn::corpus {

// The words each kind fills are listed after it ("after": the words read so far; "found": the word found there,
// empty at the sentence's end).
enum class GrammarProblemKind {
  none,
  empty,                      // the sentence has no words
  sentence_start,             // found
  verb_agreement,             // subject, number (empty for a pronoun), expected, found: "with “the dogs” … “eat”"
  auxiliary_agreement,        // subject, number, expected ("do"/"does"), found: "“the dogs” is plural: “do not”"
  where_needs_be,             // found: "where" not followed by "is", "are", "was" or "were"
  needs_not,                  // word ("do", "does", "did"): not followed by "not"
  expects_plain_verb,         // after, examples, found
  command_plain_form,         // expected, found: "eats the apple"
  not_a_command,              // word: "have the book"
  expects_verb,               // subject, found: after the subject, neither a verb nor the copula
  needs_object,               // word (the verb), examples (a sentence that has one)
  needs_destination,          // word (the verb), examples (a sentence that has one)
  expects_to_and_place,       // word (the verb), found
  misplaced_to,               // "to" after a verb that goes nowhere and gives nothing
  takes_no_object,            // word (the verb), prepositions, adverbs, found
  expects_preposition,        // after, prepositions, adverbs, found
  needs_what_and_to_whom,     // word (the verb), examples (two sentences that have both)
  very_needs_adjective,       // examples (adjectives), found
  expects_complement,         // after, examples (adjectives), prepositions (of places), found
  expects_profession,         // after, examples (professions), found
  profession_number,          // subject, number, expected, found: "we are a teacher"
  article,                    // word (the word after it), expected, found: "a apple"
  sentence_ends,              // after, found
  no_reflexive,               // person ("first" or "second"): "i see me"
  pronoun_after_preposition,  // word (the preposition), found (the pronoun)
  past_same_as_present,       // word (the past, as the present), expected (the plain form): "we read the book"
  gives_pronoun,              // found (the pronoun given): "give him to me", "give me it"
  pronoun_case,               // role, role_word, form ("subject"/"object", the one wanted), expected, found
  expects_noun_phrase,        // role, role_word, names, pronouns, determiners, found
  expects_noun,               // after, examples (nouns), found
  determiner_number,          // word (the determiner), number, expected, found: "two dog"
  adverb_needs_past,          // word (the adverb), found (the verb): "i see him yesterday"
  adverb_needs_present,       // word (the adverb), found (the verb): "i saw him now"
  // What a target language does not say (language set: "es", "ja" or "mr"):
  not_in_vocabulary,  // word: the language's sentences never have it, so its models' vocabularies do not either
  needs_place,        // word (the verb): "maria lives" in Japanese
  phrase_not_said,    // word (the prepositional phrase): "in the car" in Japanese
  giving_to_you,      // Japanese: someone else giving to "you" (ageru or kureru depends on whose side)
  do_not_give_me,     // Japanese: "do not give me" (kurenaide)
  past_not_said,      // word (the plain form), found (the past): Marathi, a verb without its past
  ergative_past,      // word (the plain form), found (the past): Marathi, the past of a verb with an object
  animate_object,     // word (the verb): Marathi, a person or an animal as its object
};
inline constexpr int kGrammarProblemKinds = static_cast<int>(GrammarProblemKind::animate_object) + 1;

// Where a noun phrase was expected, for the kinds that name it (pronoun_case, expects_noun_phrase).
enum class NounPhraseRole { none, subject, where_subject, object, preposition_object, recipient, thing_given, given };

struct GrammarProblem {
  GrammarProblemKind kind = GrammarProblemKind::none;
  std::string after;                  // the words read so far: "we ate the apples"
  std::string found;                  // the word found where another was expected ("" at the sentence's end)
  std::string word;                   // the word the rule is about: a verb, a determiner, a preposition, an auxiliary
  std::string expected;               // the form the grammar expects in place of `found`
  std::string subject;                // the sentence's subject as written: "the dogs"
  std::string number;                 // "singular" or "plural"
  std::string person;                 // "first" or "second"
  std::string form;                   // "subject" or "object": the pronoun form wanted
  std::string language;               // "es", "ja" or "mr": the target language that does not say it
  std::vector<std::string> examples;  // words (or whole sentences) the grammar would take there
  std::vector<std::string> prepositions, adverbs, names, pronouns, determiners;
  NounPhraseRole role = NounPhraseRole::none;
  std::string role_word;  // the verb, preposition or words the role names: "eat", "with", "where is"

  explicit operator bool() const { return kind != GrammarProblemKind::none; }

  // Out of line (grammar_problem.cpp): one copy of the members' code in the wasm, not one per place a problem is made.
  GrammarProblem();
  GrammarProblem(const GrammarProblem&);
  GrammarProblem(GrammarProblem&&) noexcept;
  GrammarProblem& operator=(const GrammarProblem&);
  GrammarProblem& operator=(GrammarProblem&&) noexcept;
  ~GrammarProblem();
};

// "expects-noun", "not-in-vocabulary": the kind's name as the bindings pass it to JavaScript.
const char* kind_name(GrammarProblemKind kind);
// "object", "preposition-object": the role's name, or "" for none.
const char* role_name(NounPhraseRole role);
// The problem in English, for the native tools (a page says it in its own language from the kind and words).
std::string describe(const GrammarProblem& problem);

}  // namespace attn::corpus
