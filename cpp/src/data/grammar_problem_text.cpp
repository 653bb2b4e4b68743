// A grammar problem in English, for the native tools and the tests that read it. The page never shows these
// words: it says a problem in its own language from the kind and the words (web/src/translation).
#include <string>

#include "attn/grammar_problem.h"

namespace attn::corpus {
namespace {

using Kind = GrammarProblemKind;

std::string quoted(const std::string& text) { return "“" + text + "”"; }

std::string list(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

// ", not “station”" after what was expected; nothing at the sentence's end.
std::string found(const GrammarProblem& p) { return p.found.empty() ? "" : ", not " + quoted(p.found); }

std::string language_name(const std::string& code) {
  return code == "ja" ? "Japanese" : code == "mr" ? "Marathi" : "Spanish";
}

std::string subject_phrase(const GrammarProblem& p) {
  return (p.number.empty() ? "the subject " : "the " + p.number + " subject ") + quoted(p.subject);
}

std::string role(const GrammarProblem& p) {
  switch (p.role) {
    case NounPhraseRole::subject:
      return "the sentence starts with its subject";
    case NounPhraseRole::where_subject:
      return quoted(p.role_word) + " needs a subject";
    case NounPhraseRole::object:
      return quoted(p.role_word) + " needs an object";
    case NounPhraseRole::preposition_object:
      return quoted(p.role_word) + " needs a noun phrase";
    case NounPhraseRole::recipient:
      return "“to” needs someone to receive";
    case NounPhraseRole::thing_given:
      return "after " + quoted(p.role_word) + " the thing given";
    case NounPhraseRole::given:
      return quoted(p.role_word) + " needs what and to whom";
    case NounPhraseRole::none:
      break;
  }
  return "";
}

std::string example(const GrammarProblem& p, std::size_t i) {
  return i < p.examples.size() ? quoted(p.examples[i]) : "";
}

// The kinds a target language refuses, which name it.
std::string unsaid(const GrammarProblem& p) {
  const std::string language = language_name(p.language);
  const std::string leaves_out = "the grammar's " + language + " leaves out ";
  switch (p.kind) {
    case Kind::not_in_vocabulary:
      return quoted(p.word) + " is not in the vocabulary of the grammar's English → " + language;
    case Kind::needs_place:
      return "in the grammar's " + language + " " + quoted(p.word) +
             " needs a place (in, on, near, …) or a companion (with)";
    case Kind::phrase_not_said:
      return leaves_out + quoted(p.word);
    case Kind::giving_to_you:
      return leaves_out + "someone else giving to “you” (ageru or kureru depends on whose side the speaker takes)";
    case Kind::do_not_give_me:
      return leaves_out + "“do not give me” (kurenaide)";
    case Kind::past_not_said:
      return leaves_out + quoted(p.found) + ", the past of " + quoted(p.word);
    case Kind::ergative_past:
      return leaves_out + quoted(p.found) + ", the past of " + quoted(p.word) +
             " (with an object the past is ergative: the subject takes -ने and the verb agrees with the object)";
    case Kind::animate_object:
      return leaves_out + quoted(p.word) + " with a person or an animal as its object";
    default:
      return "";
  }
}

}  // namespace

std::string describe(const GrammarProblem& p) {
  switch (p.kind) {
    case Kind::none:
      return "";
    case Kind::empty:
      return "the sentence has no words";
    case Kind::sentence_start:
      return "a sentence starts with its subject (a name, a pronoun, or a determiner and a noun: “maria”, “i”, “the "
             "dog”), with a command's verb (eat, give, sleep, …), with “where”, or asking, with “do” or “is”; or it is "
             "a "
             "greeting (hello, good morning, thank you, …)" +
             found(p);
    case Kind::verb_agreement:
      return "with " + subject_phrase(p) + " the verb is " + quoted(p.expected) + ", not " + quoted(p.found);
    case Kind::auxiliary_agreement:
      return (p.number.empty() ? "with " + quoted(p.subject) + ":" : quoted(p.subject) + " is " + p.number + ":") +
             " " + quoted(p.expected + " not") + ", not " + quoted(p.found + " not");
    case Kind::where_needs_be:
      return "“where” must be followed by “is”, “are”, “was” or “were” and a subject (“where is the book”)" + found(p);
    case Kind::needs_not:
      return quoted(p.word) + " must be followed by “not” and a verb";
    case Kind::expects_plain_verb:
      return "after " + quoted(p.after) + " the grammar expects a verb in its plain form (" + list(p.examples) +
             ", …)" + found(p);
    case Kind::command_plain_form:
      return "a command takes the verb's plain form: " + quoted(p.expected) + ", not " + quoted(p.found);
    case Kind::not_a_command:
      return quoted(p.word) + " is not one of the grammar's commands (" + list(p.examples) + ", …)";
    case Kind::expects_verb:
      return "after the subject " + quoted(p.subject) + " the grammar expects a verb (" + list(p.examples) +
             ", …) or “is”, “are”, “was”, “were”" + found(p);
    case Kind::needs_object:
      return quoted(p.word) + " needs an object: say what, e.g. " + example(p, 0);
    case Kind::needs_destination:
      return quoted(p.word) + " needs a destination: e.g. " + example(p, 0);
    case Kind::expects_to_and_place:
      return "after " + quoted(p.word) + " the grammar expects “to” and a place" + found(p);
    case Kind::misplaced_to:
      return "“to” follows “go” or “come” (“go to the park”) or a thing given (“give the book to maria”)";
    case Kind::takes_no_object:
      return quoted(p.word) + " takes no object; after it only a preposition (" + list(p.prepositions) +
             ") or an adverb (" + list(p.adverbs) + ") may follow" + found(p);
    case Kind::expects_preposition:
      return "after " + quoted(p.after) + " only a preposition (" + list(p.prepositions) + ") or an adverb (" +
             list(p.adverbs) + ") may follow" + found(p);
    case Kind::needs_what_and_to_whom:
      return quoted(p.word) + " needs what and to whom: e.g. " + example(p, 0) + " or " + example(p, 1);
    case Kind::very_needs_adjective:
      return "“very” must be followed by an adjective (" + list(p.examples) + ", …)" + found(p);
    case Kind::expects_complement:
      return "after " + quoted(p.after) + " the grammar expects an adjective (" + list(p.examples) +
             ", …), a profession (“a teacher”) or a place (" + list(p.prepositions) + " and a noun phrase)" + found(p);
    case Kind::expects_profession:
      return "after " + quoted(p.after) + " the grammar expects a profession (" + list(p.examples) + ", …)" + found(p);
    case Kind::profession_number:
      return quoted(p.subject) + " is " + p.number + ": " + quoted(p.expected) + ", not " + quoted(p.found);
    case Kind::article:
      return "before " + quoted(p.word) + " the article is " + quoted(p.expected) + ", not " + quoted(p.found);
    case Kind::sentence_ends:
      return "the grammar's sentences end after " + quoted(p.after) + found(p);
    case Kind::no_reflexive:
      return p.person == "first"
                 ? "the grammar has no reflexive pronouns (myself, ourselves): a sentence names “i” or “we” once"
                 : "the grammar has no reflexive pronouns (yourself): a sentence names “you” once";
    case Kind::pronoun_after_preposition:
      return "after " + quoted(p.word) + " the grammar expects a noun phrase, not the pronoun " + quoted(p.found);
    case Kind::past_same_as_present:
      return "after a subject that takes the plain form, " + quoted(p.word) +
             " is the present (its past is the same word): the grammar's past is " + quoted("did not " + p.expected) +
             " or a singular subject";
    case Kind::gives_pronoun:
      return "the grammar gives things named by a noun phrase (“give me the book”) or “it” before “to” (“give it to "
             "me”), not by the pronoun " +
             quoted(p.found) + " there";
    case Kind::pronoun_case:
      return role(p) + ": " + quoted(p.found) + " is the " + (p.form == "subject" ? "object" : "subject") +
             " form; here it is " + quoted(p.expected);
    case Kind::expects_noun_phrase:
      return role(p) + ": a name (" + list(p.names) + ", …), a pronoun (" + list(p.pronouns) +
             ", …) or a determiner (" + list(p.determiners) + ", …) and a noun" + found(p);
    case Kind::expects_noun:
      return "after " + quoted(p.after) + " the grammar expects a noun (" + list(p.examples) + ", …)" + found(p);
    case Kind::determiner_number:
      return quoted(p.word) + " takes a " + p.number + " noun: " + quoted(p.expected) + ", not " + quoted(p.found);
    case Kind::adverb_needs_past:
      return quoted(p.word) + " goes with a verb in the past, not " + quoted(p.found);
    case Kind::adverb_needs_present:
      return quoted(p.word) + " goes with a verb in the present, not " + quoted(p.found);
    default:
      return unsaid(p);
  }
}

}  // namespace attn::corpus
