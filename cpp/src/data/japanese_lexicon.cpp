// The grammar's Japanese words (Hepburn romanization, plain forms), keyed by the English entries they
// translate. An entry missing here is one the Japanese leaves out (japanese.cpp says why).
#include "japanese.h"

namespace attn::corpus::grammar::japanese_words {
namespace {

const std::vector<Keyed>& noun_table() {
  // Left out: mother, father, brother, sister and neighbor (the word depends on whose family: haha or okāsan).
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Keyed> table = {
      {"dog", "inu"}, {"cat", "neko"}, {"bird", "tori"}, {"horse", "uma"}, {"cow", "ushi"}, {"mouse", "nezumi"},
      {"rabbit", "usagi"}, {"duck", "ahiru"}, {"elephant", "zō"}, {"lion", "raion"}, {"bear", "kuma"},
      {"monkey", "saru"}, {"pig", "buta"}, {"frog", "kaeru"},
      {"boy", "shōnen"}, {"girl", "shōjo"}, {"man", "otoko"}, {"woman", "onna"}, {"friend", "tomodachi"},
      {"baby", "akachan"}, {"king", "ōsama"}, {"queen", "joō"},
      {"teacher", "sensei"}, {"doctor", "isha"}, {"student", "gakusei"}, {"farmer", "nōfu"}, {"cook", "ryōrinin"},
      {"writer", "sakka"}, {"singer", "kashu"}, {"nurse", "kangoshi"},
      {"car", "kuruma"}, {"book", "hon"}, {"table", "tēburu"}, {"tree", "ki"}, {"flower", "hana"},
      {"window", "mado"}, {"letter", "tegami"}, {"chair", "isu"}, {"bed", "beddo"}, {"door", "doa"},
      {"box", "hako"}, {"cup", "kappu"}, {"key", "kagi"}, {"ball", "bōru"}, {"hat", "bōshi"}, {"shoe", "kutsu"},
      {"bag", "kaban"}, {"clock", "tokei"}, {"picture", "e"}, {"phone", "denwa"},
      {"apple", "ringo"}, {"egg", "tamago"}, {"orange", "orenji"}, {"cake", "kēki"}, {"banana", "banana"},
      {"cookie", "kukkī"}, {"tomato", "tomato"}, {"lemon", "remon"}, {"pear", "nashi"},
      {"house", "ie"}, {"city", "machi"}, {"garden", "niwa"}, {"park", "kōen"}, {"school", "gakkō"},
      {"kitchen", "daidokoro"}, {"room", "heya"}, {"street", "michi"}, {"store", "mise"}, {"river", "kawa"},
      {"beach", "hama"}, {"forest", "mori"}, {"farm", "nōjō"}, {"library", "toshokan"},
  };
  // clang-format on
  return table;
}

const std::vector<Keyed>& adjective_table() {
  // Left out: old and tall (furui and takai do not fit people), happy, green, pretty, clean, tired and wet
  // (na-adjectives, nouns with "no" or verbs: another grammar), rich (a noun, kanemochi).
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Keyed> table = {
      {"big", "ōkii"}, {"small", "chiisai"}, {"red", "akai"}, {"black", "kuroi"}, {"white", "shiroi"},
      {"new", "atarashii"}, {"young", "wakai"}, {"blue", "aoi"}, {"yellow", "kiiroi"}, {"good", "ii"},
      {"bad", "warui"}, {"long", "nagai"}, {"beautiful", "utsukushii"}, {"ugly", "minikui"}, {"fast", "hayai"},
      {"slow", "osoi"}, {"sad", "kanashii"}, {"poor", "mazushii"},
      {"busy", "isogashii"}, {"dirty", "kitanai"},
  };
  // clang-format on
  return table;
}

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

const std::vector<VerbForms>& verb_table() {
  // Left out: have, want, love (ga, -tai and -te iru forms) and hear (kikoeru takes ga).
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<VerbForms> table = {
      {"see", "miru", "minai", "mita", "mite"},
      {"eat", "taberu", "tabenai", "tabeta", "tabete"},                   {"read", "yomu", "yomanai", "yonda", "yonde"},
      {"buy", "kau", "kawanai", "katta", "katte"},
      {"find", "mitsukeru", "mitsukenai", "mitsuketa", "mitsukete"},
      {"write", "kaku", "kakanai", "kaita", "kaite"},                     {"open", "akeru", "akenai", "aketa", "akete"},
      {"close", "shimeru", "shimenai", "shimeta", "shimete"},
      {"wash", "arau", "arawanai", "aratta", "aratte"},
      {"help", "tetsudau", "tetsudawanai", "tetsudatta", "tetsudatte"},   {"call", "yobu", "yobanai", "yonda", "yonde"},
      {"visit", "tazuneru", "tazunenai", "tazuneta", "tazunete"},
      {"make", "tsukuru", "tsukuranai", "tsukutta", "tsukutte"},
      {"break", "kowasu", "kowasanai", "kowashita", "kowashite"},         {"sleep", "neru", "nenai", "neta", "nete"},
      {"run", "hashiru", "hashiranai", "hashitta", "hashitte"},
      {"walk", "aruku", "arukanai", "aruita", "aruite"},
      {"live", "sunde iru", "sunde inai", "sunde ita", nullptr},
      {"swim", "oyogu", "oyoganai", "oyoida", "oyoide"},
      {"sing", "utau", "utawanai", "utatta", "utatte"},
      {"dance", "odoru", "odoranai", "odotta", "odotte"},                 {"cry", "naku", "nakanai", "naita", "naite"},
      {"work", "hataraku", "hatarakanai", "hataraita", "hataraite"},      {"go", "iku", "ikanai", "itta", "itte"},
      {"come", "kuru", "konai", "kita", "kite"},                          {"give", "ageru", "agenai", "ageta", "agete"},
      {"show", "miseru", "misenai", "miseta", "misete"},
      {"send", "okuru", "okuranai", "okutta", "okutte"},                  {"sell", "uru", "uranai", "utta", "utte"},
      {"bring", "motte kuru", "motte konai", "motte kita", "motte kite"},
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
