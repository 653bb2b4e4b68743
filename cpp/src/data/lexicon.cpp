// The lexicon: 22 nouns, 12 adjectives, 12 verbs, 8 determiners, 4 names, 5 prepositions and "very",
// "does", "do", "not" — 101 English words, each with its Spanish (the Japanese is in japanese.cpp).
#include <algorithm>
#include <set>

#include "grammar.h"

namespace attn::corpus::grammar {

const std::vector<Noun>& nouns() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Noun> table = {
      {"dog", "dogs", "perro", "perros", false, true},        {"cat", "cats", "gato", "gatos", false, true},
      {"bird", "birds", "pájaro", "pájaros", false, true},    {"horse", "horses", "caballo", "caballos", false, true},
      {"cow", "cows", "vaca", "vacas", true, true},            {"boy", "boys", "niño", "niños", false, true},
      {"girl", "girls", "niña", "niñas", true, true},          {"man", "men", "hombre", "hombres", false, true},
      {"woman", "women", "mujer", "mujeres", true, true},      {"teacher", "teachers", "profesor", "profesores", false, true},
      {"friend", "friends", "amigo", "amigos", false, true},  {"house", "houses", "casa", "casas", true, false},
      {"car", "cars", "coche", "coches", false, false},        {"book", "books", "libro", "libros", false, false},
      {"table", "tables", "mesa", "mesas", true, false},       {"apple", "apples", "manzana", "manzanas", true, false},
      {"tree", "trees", "árbol", "árboles", false, false},     {"city", "cities", "ciudad", "ciudades", true, false},
      {"garden", "gardens", "jardín", "jardines", false, false}, {"flower", "flowers", "flor", "flores", true, false},
      {"window", "windows", "ventana", "ventanas", true, false}, {"letter", "letters", "carta", "cartas", true, false},
  };
  // clang-format on
  return table;
}

const std::vector<Adjective>& adjectives() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Adjective> table = {
      {"big", {"grande", "grande", "grandes", "grandes"}},     {"small", {"pequeño", "pequeña", "pequeños", "pequeñas"}},
      {"red", {"rojo", "roja", "rojos", "rojas"}},             {"black", {"negro", "negra", "negros", "negras"}},
      {"white", {"blanco", "blanca", "blancos", "blancas"}},   {"old", {"viejo", "vieja", "viejos", "viejas"}},
      {"new", {"nuevo", "nueva", "nuevos", "nuevas"}},         {"tall", {"alto", "alta", "altos", "altas"}},
      {"happy", {"feliz", "feliz", "felices", "felices"}},     {"green", {"verde", "verde", "verdes", "verdes"}},
      {"pretty", {"bonito", "bonita", "bonitos", "bonitas"}},  {"young", {"joven", "joven", "jóvenes", "jóvenes"}},
  };
  // clang-format on
  return table;
}

const std::vector<Verb>& verbs() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Verb> table = {
      {"sees", "see", "ve", "ven", true},          {"eats", "eat", "come", "comen", true},
      {"has", "have", "tiene", "tienen", true},    {"wants", "want", "quiere", "quieren", true},
      {"reads", "read", "lee", "leen", true},      {"buys", "buy", "compra", "compran", true},
      {"finds", "find", "encuentra", "encuentran", true}, {"loves", "love", "ama", "aman", true},
      {"sleeps", "sleep", "duerme", "duermen", false}, {"runs", "run", "corre", "corren", false},
      {"walks", "walk", "camina", "caminan", false}, {"lives", "live", "vive", "viven", false},
  };
  // clang-format on
  return table;
}

const std::vector<Determiner>& determiners() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Determiner> table = {
      {"the", Number::either, {"el", "la", "los", "las"}},     {"a", Number::singular, {"un", "una", "", ""}},
      {"my", Number::either, {"mi", "mi", "mis", "mis"}},       {"this", Number::singular, {"este", "esta", "", ""}},
      {"these", Number::plural, {"", "", "estos", "estas"}},   {"two", Number::plural, {"", "", "dos", "dos"}},
      {"three", Number::plural, {"", "", "tres", "tres"}},     {"some", Number::plural, {"", "", "unos", "unas"}},
  };
  // clang-format on
  return table;
}

const std::vector<Name>& names() {
  static const std::vector<Name> table = {{"maria", "maría"}, {"juan", "juan"}, {"ana", "ana"}, {"pedro", "pedro"}};
  return table;
}

const std::vector<Preposition>& prepositions() {
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Preposition> table = {
      {"in", "en", false},      {"with", "con", false},     {"without", "sin", false},
      {"near", "cerca", true},  {"behind", "detrás", true},
  };
  // clang-format on
  return table;
}

}  // namespace attn::corpus::grammar

namespace attn::corpus {

const std::vector<std::string>& english_words(Language language) {
  using namespace grammar;
  static const auto words_for = [](const TargetLanguage& target) {
    std::set<std::string> w = {"very", "does", "do", "not"};
    for (const auto& n : nouns()) w.insert({n.en_singular, n.en_plural});
    for (std::size_t i = 0; i < adjectives().size(); ++i)
      if (target.says_adjective(static_cast<int>(i))) w.insert(adjectives()[i].en);
    for (std::size_t i = 0; i < verbs().size(); ++i)
      if (target.says_verb(static_cast<int>(i))) w.insert({verbs()[i].en_third_singular, verbs()[i].en_base});
    for (std::size_t i = 0; i < determiners().size(); ++i)
      if (target.says_determiner(static_cast<int>(i))) w.insert(determiners()[i].en);
    for (const auto& n : names()) w.insert(n.en);
    for (std::size_t i = 0; i < prepositions().size(); ++i)
      if (target.says_preposition(static_cast<int>(i))) w.insert(prepositions()[i].en);
    return std::vector<std::string>(w.begin(), w.end());
  };
  static const std::vector<std::string> for_spanish = words_for(spanish()), for_japanese = words_for(japanese());
  return language == Language::japanese ? for_japanese : for_spanish;
}

const std::vector<std::string>& target_words(Language language) { return grammar::target(language).words(); }

std::optional<Language> grammar_language(const std::vector<std::string>& source_words,
                                         const std::vector<std::string>& target_words_) {
  for (Language language : {Language::spanish, Language::japanese})
    if (source_words == english_words(language) && target_words_ == target_words(language)) return language;
  return std::nullopt;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

}  // namespace attn::corpus
