// The grammar's Marathi words (Devanagari), keyed by the English entries they translate. An entry missing here is
// one the Marathi leaves out (marathi.cpp says why).
#include "marathi.h"

namespace attn::corpus::grammar::marathi_words {
namespace {

constexpr Gender m = Gender::masculine, f = Gender::feminine, n = Gender::neuter;
constexpr bool enclosed = true, open = false;

const std::vector<Noun>& noun_table() {
  // Left out: mother, father, brother, sister, neighbor (वडील takes the plural of respect; family words and
  // neighbours want more than the grammar's agreement), doctor and nurse (डॉक्टर's and नर्स's case forms vary),
  // shoe, phone, cake, cookie, tomato and pear (their oblique forms vary between speakers).
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Noun> table = {
      {"dog", m, "कुत्रा", "कुत्रे", "कुत्र्या", "कुत्र्यां", open},
      {"cat", f, "मांजर", "मांजरी", "मांजरी", "मांजरीं", open},
      {"bird", m, "पक्षी", "पक्षी", "पक्ष्या", "पक्ष्यां", open},
      {"horse", m, "घोडा", "घोडे", "घोड्या", "घोड्यां", open},
      {"cow", f, "गाय", "गायी", "गायी", "गायीं", open},
      {"mouse", m, "उंदीर", "उंदीर", "उंदरा", "उंदरां", open},
      {"rabbit", m, "ससा", "ससे", "सशा", "सशां", open},
      {"duck", n, "बदक", "बदके", "बदका", "बदकां", open},
      {"elephant", m, "हत्ती", "हत्ती", "हत्ती", "हत्तीं", open},
      {"lion", m, "सिंह", "सिंह", "सिंहा", "सिंहां", open},
      {"bear", n, "अस्वल", "अस्वले", "अस्वला", "अस्वलां", open},
      {"monkey", n, "माकड", "माकडे", "माकडा", "माकडां", open},
      {"pig", n, "डुक्कर", "डुकरे", "डुकरा", "डुकरां", open},
      {"frog", m, "बेडूक", "बेडूक", "बेडका", "बेडकां", open},
      {"boy", m, "मुलगा", "मुलगे", "मुला", "मुलां", open},
      {"girl", f, "मुलगी", "मुली", "मुली", "मुलीं", open},
      {"man", m, "पुरुष", "पुरुष", "पुरुषा", "पुरुषां", open},
      {"woman", f, "स्त्री", "स्त्रिया", "स्त्री", "स्त्रियां", open},
      {"friend", m, "मित्र", "मित्र", "मित्रा", "मित्रां", open},
      {"baby", n, "बाळ", "बाळे", "बाळा", "बाळां", open},
      {"king", m, "राजा", "राजे", "राजा", "राजां", open},
      {"queen", f, "राणी", "राण्या", "राणी", "राण्यां", open},
      {"teacher", m, "शिक्षक", "शिक्षक", "शिक्षका", "शिक्षकां", open, "शिक्षिका"},
      {"student", m, "विद्यार्थी", "विद्यार्थी", "विद्यार्थ्या", "विद्यार्थ्यां", open, "विद्यार्थिनी"},
      {"farmer", m, "शेतकरी", "शेतकरी", "शेतकऱ्या", "शेतकऱ्यां", open},
      {"cook", m, "स्वयंपाकी", "स्वयंपाकी", "स्वयंपाक्या", "स्वयंपाक्यां", open},
      {"writer", m, "लेखक", "लेखक", "लेखका", "लेखकां", open, "लेखिका"},
      {"singer", m, "गायक", "गायक", "गायका", "गायकां", open, "गायिका"},
      {"car", f, "गाडी", "गाड्या", "गाडी", "गाड्यां", enclosed},
      {"book", n, "पुस्तक", "पुस्तके", "पुस्तका", "पुस्तकां", open},
      {"table", n, "टेबल", "टेबले", "टेबला", "टेबलां", open},
      {"tree", n, "झाड", "झाडे", "झाडा", "झाडां", open},
      {"flower", n, "फूल", "फुले", "फुला", "फुलां", open},
      {"window", f, "खिडकी", "खिडक्या", "खिडकी", "खिडक्यां", open},
      {"letter", n, "पत्र", "पत्रे", "पत्रा", "पत्रां", open},
      {"chair", f, "खुर्ची", "खुर्च्या", "खुर्ची", "खुर्च्यां", open},
      {"bed", m, "पलंग", "पलंग", "पलंगा", "पलंगां", open},
      {"door", n, "दार", "दारे", "दारा", "दारां", open},
      {"box", f, "पेटी", "पेट्या", "पेटी", "पेट्यां", enclosed},
      {"cup", m, "कप", "कप", "कपा", "कपां", enclosed},
      {"key", f, "किल्ली", "किल्ल्या", "किल्ली", "किल्ल्यां", open},
      {"ball", m, "चेंडू", "चेंडू", "चेंडू", "चेंडूं", open},
      {"hat", f, "टोपी", "टोप्या", "टोपी", "टोप्यां", open},
      {"bag", f, "पिशवी", "पिशव्या", "पिशवी", "पिशव्यां", enclosed},
      {"clock", n, "घड्याळ", "घड्याळे", "घड्याळा", "घड्याळां", open},
      {"picture", n, "चित्र", "चित्रे", "चित्रा", "चित्रां", open},
      {"apple", n, "सफरचंद", "सफरचंदे", "सफरचंदा", "सफरचंदां", open},
      {"egg", n, "अंडे", "अंडी", "अंड्या", "अंड्यां", open},
      {"orange", n, "संत्रे", "संत्री", "संत्र्या", "संत्र्यां", open},
      {"banana", n, "केळे", "केळी", "केळ्या", "केळ्यां", open},
      {"lemon", n, "लिंबू", "लिंबे", "लिंबा", "लिंबां", open},
      {"house", n, "घर", "घरे", "घरा", "घरां", enclosed},
      {"city", n, "शहर", "शहरे", "शहरा", "शहरां", enclosed},
      {"garden", f, "बाग", "बागा", "बागे", "बागां", enclosed},
      {"park", n, "उद्यान", "उद्याने", "उद्याना", "उद्यानां", enclosed},
      {"school", f, "शाळा", "शाळा", "शाळे", "शाळां", enclosed},
      {"kitchen", n, "स्वयंपाकघर", "स्वयंपाकघरे", "स्वयंपाकघरा", "स्वयंपाकघरां", enclosed},
      {"room", f, "खोली", "खोल्या", "खोली", "खोल्यां", enclosed},
      {"street", m, "रस्ता", "रस्ते", "रस्त्या", "रस्त्यां", open},
      {"store", n, "दुकान", "दुकाने", "दुकाना", "दुकानां", enclosed},
      {"river", f, "नदी", "नद्या", "नदी", "नद्यां", open},
      {"beach", m, "किनारा", "किनारे", "किनाऱ्या", "किनाऱ्यां", open},
      {"forest", n, "जंगल", "जंगले", "जंगला", "जंगलां", enclosed},
      {"farm", n, "शेत", "शेते", "शेता", "शेतां", enclosed},
      {"library", n, "ग्रंथालय", "ग्रंथालये", "ग्रंथालया", "ग्रंथालयां", enclosed},
  };
  // clang-format on
  return table;
}

const std::vector<Agreeing>& adjective_table() {
  // Left out: old (जुना for things, म्हातारा for people) and slow (an adverb, हळू).
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Agreeing> table = {
      {"big", "मोठा मोठी मोठे मोठ्या"},                {"small", "लहान"},
      {"red", "लाल"},                                  {"black", "काळा काळी काळे काळ्या"},
      {"white", "पांढरा पांढरी पांढरे पांढऱ्या"},      {"new", "नवीन"},
      {"tall", "उंच"},                                 {"happy", "आनंदी"},
      {"green", "हिरवा हिरवी हिरवे हिरव्या"},          {"pretty", "सुंदर"},
      {"young", "तरुण"},                               {"blue", "निळा निळी निळे निळ्या"},
      {"yellow", "पिवळा पिवळी पिवळे पिवळ्या"},         {"good", "चांगला चांगली चांगले चांगल्या"},
      {"bad", "वाईट"},                                 {"long", "लांब"},
      {"beautiful", "सुंदर"},                          {"ugly", "कुरूप"},
      {"fast", "वेगवान"},                              {"sad", "दुःखी"},
      {"rich", "श्रीमंत"},                             {"poor", "गरीब"},
      {"clean", "स्वच्छ"},                             {"wet", "ओला ओली ओले ओल्या"},
      {"tired", "थकलेला थकलेली थकलेले थकलेल्या"},      {"busy", "व्यस्त"},
      {"dirty", "घाणेरडा घाणेरडी घाणेरडे घाणेरड्या"},
  };
  // clang-format on
  return table;
}

const std::vector<Agreeing>& determiner_table() {
  // Articles are nothing; possessives and demonstratives agree like adjectives.
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Agreeing> table = {
      {"the", ""},                             {"a", ""},                           {"my", "माझा माझी माझे माझ्या"},
      {"this", "हा ही हे ह्या"},                 {"these", "हा ही हे ह्या"},            {"two", "दोन"},
      {"three", "तीन"},                         {"some", "काही"},                    {"your", "तुझा तुझी तुझे तुझ्या"},
      {"our", "आमचा आमची आमचे आमच्या"},          {"his", "त्याचा त्याची त्याचे त्याच्या"},
      {"their", "त्यांचा त्यांची त्यांचे त्यांच्या"}, {"that", "तो ती ते त्या"},           {"those", "तो ती ते त्या"},
      {"four", "चार"},
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

const std::vector<Verb>& verb_table() {
  // Left out: have and want (माझ्याकडे … आहे, मला … हवे: other constructions), love (-वर प्रेम करणे), find
  // (सापडणे takes its finder in the dative), help (मदत करणे takes the helped in the dative), visit (भेट देणे)
  // and hear (ऐकणे does not take a person or an animal). Verbs with an object have no past here: it is ergative.
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Verb> table = {
      {"see", "पाह", nullptr, nullptr, nullptr, true},            {"eat", "खा", "खा", "खाऊ", nullptr, false},
      {"read", "वाच", "वाच", "वाचू", nullptr, false},
      {"buy", "विकत घे", "विकत घे", "विकत घेऊ", nullptr, false},  {"write", "लिहि", "लिही", "लिहू", nullptr, false},
      {"open", "उघड", "उघड", "उघडू", nullptr, false},
      {"close", "बंद कर", "बंद कर", "बंद करू", nullptr, false},   {"wash", "धु", "धू", "धुऊ", nullptr, true},
      {"call", "बोलाव", "बोलाव", "बोलावू", nullptr, true},        {"make", "बनव", "बनव", "बनवू", nullptr, false},
      {"break", "तोड", "तोड", "तोडू", nullptr, false},            {"sleep", "झोप", "झोप", "झोपू", "झोपल", false},
      {"run", "धाव", "धाव", "धावू", "धावल", false},               {"walk", "चाल", "चाल", "चालू", "चालल", false},
      {"live", "राह", nullptr, nullptr, nullptr, false},          {"swim", "पोह", "पोह", "पोहू", "पोहल", false},
      {"sing", "गा", "गा", "गाऊ", nullptr, false},                {"dance", "नाच", "नाच", "नाचू", "नाचल", false},
      {"cry", "रड", nullptr, nullptr, "रडल", false},
      {"work", "काम कर", "काम कर", "काम करू", nullptr, false},    {"go", "जा", "जा", "जाऊ", "गेल", false},
      {"come", "ये", "ये", "येऊ", "आल", false},                   {"give", "दे", "दे", "देऊ", nullptr, false},
      {"show", "दाखव", "दाखव", "दाखवू", nullptr, false},          {"send", "पाठव", "पाठव", "पाठवू", nullptr, false},
      {"sell", "विक", "विक", "विकू", nullptr, false},             {"bring", "आण", "आण", "आणू", nullptr, false},
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
