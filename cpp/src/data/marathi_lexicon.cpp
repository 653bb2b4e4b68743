// The grammar's Marathi words (Devanagari), keyed by the English entries they translate. An entry missing here is
// one the Marathi leaves out (marathi.cpp says why).
#include "marathi.h"

namespace attn::corpus::grammar::marathi_words {
namespace {

constexpr Gender m = Gender::masculine, f = Gender::feminine, n = Gender::neuter;
constexpr bool enclosed = true, open = false;

const std::vector<Agreeing>& determiner_table() {
  // Articles are nothing; possessives and demonstratives agree like adjectives.
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Agreeing> table = {
      {"the", ""},                             {"a", ""},                           {"my", "माझा माझी माझे माझ्या"},
      {"this", "हा ही हे ह्या"},                 {"these", "हा ही हे ह्या"},            {"two", "दोन"},
      {"three", "तीन"},                         {"some", "काही"},                    {"your", "तुझा तुझी तुझे तुझ्या"},
      {"our", "आमचा आमची आमचे आमच्या"},          {"his", "त्याचा त्याची त्याचे त्याच्या"},
      {"their", "त्यांचा त्यांची त्यांचे त्यांच्या"}, {"that", "तो ती ते त्या"},           {"those", "तो ती ते त्या"},
      {"four", "चार"},                          {"her", "तिचा तिची तिचे तिच्या"},
  };
  // clang-format on
  return table;
}

const std::vector<Keyed>& name_table() {
  static const std::vector<Keyed> table = {
      {"maria", "मारिया"}, {"juan", "हुआन"}, {"ana", "आना"}, {"pedro", "पेद्रो"}, {"john", "जॉन"}, {"mary", "मेरी"},
      {"peter", "पीटर"},   {"anna", "आना"}, {"tom", "टॉम"}, {"lucy", "लुसी"},   {"paul", "पॉल"},
  };
  return table;
}

const std::vector<Pronoun>& pronoun_table() {
  // "it" as an object is ते, like a thing (त्याला only as a recipient: the renderer's choice).
  static const std::vector<Pronoun> table = {
      {"i", "मी", "मला", "माझ्या"},      {"you", "तू", "तुला", "तुझ्या"},    {"he", "तो", "त्याला", "त्याच्या"},
      {"she", "ती", "तिला", "तिच्या"},   {"it", "ते", "त्याला", "त्याच्या"}, {"we", "आम्ही", "आम्हाला", "आमच्या"},
      {"they", "ते", "त्यांना", "त्यांच्या"},
  };
  return table;
}

const std::vector<Postposition>& postposition_table() {
  // Left out: "without" (-शिवाय is said of few of the grammar's phrases).
  static const std::vector<Postposition> table = {
      {"in", "त", false},  {"with", "सोबत", false}, {"near", "जवळ", true}, {"behind", "मागे", true},
      {"on", "वर", false}, {"under", "खाली", true}, {"to", "त", false},
  };
  return table;
}

const std::vector<Keyed>& adverb_table() {
  static const std::vector<Keyed> table = {
      {"yesterday", "काल"}, {"today", "आज"}, {"now", "आता"}, {"here", "इथे"}, {"there", "तिथे"},
  };
  return table;
}

const std::vector<PhraseWords>& greeting_table() {
  // "how are you" to तू, as the grammar's "you" (कसा: the masculine, its default); "nice to meet you" in the polite
  // तुम्हाला, as one says it to a stranger. "goodbye" is पुन्हा भेटू ("we will meet again"): Marathi has no one
  // everyday word for it, and the others say more than the English does: येतो ("I am off") only the one who leaves,
  // agreeing with the speaker (येते for a woman), and बाय is English. A phrase's words align to the English word
  // they stand for: शुभ to "good", सुप्रभात (one word) to "morning", खूप to "very"; आनंद झाला ("joy happened") to
  // "nice".
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<PhraseWords> table = {
      {"how are you",         "तू कसा आहेस",               "you how are"},
      {"hello",               "नमस्कार",                    "hello"},
      {"good morning",        "सुप्रभात",                   "morning"},
      {"good night",          "शुभ रात्री",                  "good night"},
      {"goodbye",             "पुन्हा भेटू",                  "goodbye goodbye"},
      {"thank you",           "धन्यवाद",                    "thank"},
      {"thank you very much", "खूप धन्यवाद",                "very thank"},
      {"nice to meet you",    "तुम्हाला भेटून आनंद झाला",     "you meet nice nice"},
  };
  // clang-format on
  return table;
}

}  // namespace

const Lexicon& lexicon() {
  static const Lexicon words = {
      parallel(grammar::nouns(), &grammar::Noun::en_singular, noun_table()),
      parallel(grammar::adjectives(), &Adjective::en, adjective_table()),
      parallel(grammar::determiners(), &Determiner::en, determiner_table()),
      parallel(grammar::names(), &Name::en, name_table()),
      parallel(grammar::pronouns(), &grammar::Pronoun::en_subject, pronoun_table()),
      parallel(grammar::prepositions(), &Preposition::en, postposition_table()),
      parallel(grammar::verbs(), &grammar::Verb::en_base, verb_table()),
      parallel(grammar::adverbs(), &Adverb::en, adverb_table()),
      parallel(grammar::greetings(), &Greeting::en, greeting_table()),
  };
  return words;
}

std::string agree(const char* forms, Gender gender, bool plural, bool oblique) {
  const std::vector<std::string> all = split(forms);
  if (all.size() < 4) return all.empty() ? "" : all[0];
  if (oblique) return all[3];
  switch (gender) {
    case Gender::masculine:
      return all[plural ? 2 : 0];
    case Gender::feminine:
      return all[plural ? 3 : 1];
    case Gender::neuter:
      break;
  }
  return all[plural ? 1 : 2];
}

}  // namespace attn::corpus::grammar::marathi_words
