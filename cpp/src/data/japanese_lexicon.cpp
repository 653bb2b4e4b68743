// The grammar's Japanese words (Hepburn romanization, plain forms), keyed by the English entries they
// translate. An entry missing here is one the Japanese leaves out (japanese.cpp says why).
#include "japanese.h"

namespace attn::corpus::grammar::japanese_words {
namespace {

const std::vector<Keyed>& determiner_table() {
  // Articles are nothing; possessives are a pronoun and "no". Left out: numbers (their counters depend on
  // the noun: ni-hiki, ni-satsu, futari) and "some".
  static const std::vector<Keyed> table = {
      {"the", ""},
      {"a", ""},
      {"my", "watashi no"},
      {"this", "kono"},
      {"these", "kono"},
      {"your", "anata no"},
      {"our", "watashitachi no"},
      {"his", "kare no"},
      {"their", "karera no"},
      {"that", "ano"},
      {"those", "ano"},
      {"her", "kanojo no"},
  };
  return table;
}

const std::vector<Keyed>& name_table() {
  static const std::vector<Keyed> table = {
      {"maria", "maria"}, {"juan", "fuan"}, {"ana", "ana"},  {"pedro", "pedoro"}, {"john", "jon"},  {"mary", "merī"},
      {"peter", "pītā"},  {"anna", "anna"}, {"tom", "tomu"}, {"lucy", "rūshī"},   {"paul", "pōru"},
  };
  return table;
}

const std::vector<Keyed>& pronoun_table() {
  static const std::vector<Keyed> table = {
      {"i", "watashi"}, {"you", "anata"},       {"he", "kare"},     {"she", "kanojo"},
      {"it", "sore"},   {"we", "watashitachi"}, {"they", "karera"},
  };
  return table;
}

const std::vector<Keyed>& preposition_table() {
  // The noun of place between "no" and the particle; "" for the particle alone ("in" a place, "to" a place,
  // "with": "to"). Left out: "without".
  static const std::vector<Keyed> table = {
      {"in", ""}, {"with", ""}, {"near", "chikaku"}, {"behind", "ushiro"}, {"on", "ue"}, {"under", "shita"}, {"to", ""},
  };
  return table;
}

const std::vector<Keyed>& adverb_table() {
  // "here" and "there" are nouns of place, with the particle a place takes: koko ni iru, koko de taberu.
  static const std::vector<Keyed> table = {
      {"yesterday", "kinō"}, {"today", "kyō"}, {"now", "ima"}, {"here", "koko"}, {"there", "soko"},
  };
  return table;
}

const std::vector<PhraseWords>& greeting_table() {
  // The polite forms a learner is taught first (the plain "ohayō", "arigatō" to friends only). A phrase's words
  // align to the English word they stand for: "ohayō gozaimasu" both to "morning", "dōmo" to "much", "ka" to the
  // "how" that asks; "hajimemashite" ("for the first time") to "meet".
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<PhraseWords> table = {
      {"how are you",         "ogenki desu ka",         "how are how"},
      {"hello",               "konnichiwa",             "hello"},
      {"good morning",        "ohayō gozaimasu",        "morning morning"},
      {"good night",          "oyasumi nasai",          "night night"},
      {"goodbye",             "sayōnara",               "goodbye"},
      {"thank you",           "arigatō gozaimasu",      "thank thank"},
      {"thank you very much", "dōmo arigatō gozaimasu", "much thank thank"},
      {"nice to meet you",    "hajimemashite",          "meet"},
  };
  // clang-format on
  return table;
}

}  // namespace

const Lexicon& lexicon() {
  static const Lexicon words = {
      parallel(grammar::nouns(), &Noun::en_singular, noun_table()),
      parallel(grammar::adjectives(), &Adjective::en, adjective_table()),
      parallel(grammar::determiners(), &Determiner::en, determiner_table()),
      parallel(grammar::names(), &Name::en, name_table()),
      parallel(grammar::pronouns(), &Pronoun::en_subject, pronoun_table()),
      parallel(grammar::prepositions(), &Preposition::en, preposition_table()),
      parallel(grammar::verbs(), &Verb::en_base, verb_table()),
      parallel(grammar::adverbs(), &Adverb::en, adverb_table()),
      parallel(grammar::greetings(), &Greeting::en, greeting_table()),
  };
  return words;
}

const VerbForms& give_to_speaker() {
  static const VerbForms forms = {"give", "kureru", "kurenai", "kureta", nullptr};
  return forms;
}

std::string adjective(const char* plain, Tense tense, bool negated) {
  const std::string word = plain;
  // The stem drops the final "i"; ii (good) conjugates from its other form, yoi.
  const std::string stem = word == "ii" ? "yo" : word.substr(0, word.size() - 1);
  if (tense == Tense::present) return negated ? stem + "kunai" : word;
  return stem + (negated ? "kunakatta" : "katta");
}

std::string negative_past(const char* negative) {
  const std::string word = negative;
  return word.substr(0, word.size() - 3) + "nakatta";  // every negative ends in "nai"
}

}  // namespace attn::corpus::grammar::japanese_words
