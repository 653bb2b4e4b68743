// The lexicon: 22 nouns, 12 adjectives, 12 verbs, 8 determiners, 4 names, 5 prepositions and "very",
// "does", "do", "not" — 101 English words.
#include <algorithm>
#include <set>

#include "grammar.h"

namespace attn::corpus::grammar {

const std::vector<Noun>& nouns() {
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
  return table;
}

const std::vector<Adjective>& adjectives() {
  static const std::vector<Adjective> table = {
      {"big", {"grande", "grande", "grandes", "grandes"}},     {"small", {"pequeño", "pequeña", "pequeños", "pequeñas"}},
      {"red", {"rojo", "roja", "rojos", "rojas"}},             {"black", {"negro", "negra", "negros", "negras"}},
      {"white", {"blanco", "blanca", "blancos", "blancas"}},   {"old", {"viejo", "vieja", "viejos", "viejas"}},
      {"new", {"nuevo", "nueva", "nuevos", "nuevas"}},         {"tall", {"alto", "alta", "altos", "altas"}},
      {"happy", {"feliz", "feliz", "felices", "felices"}},     {"green", {"verde", "verde", "verdes", "verdes"}},
      {"pretty", {"bonito", "bonita", "bonitos", "bonitas"}},  {"young", {"joven", "joven", "jóvenes", "jóvenes"}},
  };
  return table;
}

const std::vector<Verb>& verbs() {
  static const std::vector<Verb> table = {
      {"sees", "see", "ve", "ven", true},          {"eats", "eat", "come", "comen", true},
      {"has", "have", "tiene", "tienen", true},    {"wants", "want", "quiere", "quieren", true},
      {"reads", "read", "lee", "leen", true},      {"buys", "buy", "compra", "compran", true},
      {"finds", "find", "encuentra", "encuentran", true}, {"loves", "love", "ama", "aman", true},
      {"sleeps", "sleep", "duerme", "duermen", false}, {"runs", "run", "corre", "corren", false},
      {"walks", "walk", "camina", "caminan", false}, {"lives", "live", "vive", "viven", false},
  };
  return table;
}

const std::vector<Determiner>& determiners() {
  static const std::vector<Determiner> table = {
      {"the", Number::either, {"el", "la", "los", "las"}},     {"a", Number::singular, {"un", "una", "", ""}},
      {"my", Number::either, {"mi", "mi", "mis", "mis"}},       {"this", Number::singular, {"este", "esta", "", ""}},
      {"these", Number::plural, {"", "", "estos", "estas"}},   {"two", Number::plural, {"", "", "dos", "dos"}},
      {"three", Number::plural, {"", "", "tres", "tres"}},     {"some", Number::plural, {"", "", "unos", "unas"}},
  };
  return table;
}

const std::vector<Name>& names() {
  static const std::vector<Name> table = {{"maria", "maría"}, {"juan", "juan"}, {"ana", "ana"}, {"pedro", "pedro"}};
  return table;
}

const std::vector<Preposition>& prepositions() {
  static const std::vector<Preposition> table = {
      {"in", "en", false},      {"with", "con", false},     {"without", "sin", false},
      {"near", "cerca", true},  {"behind", "detrás", true},
  };
  return table;
}

}  // namespace attn::corpus::grammar

namespace attn::corpus {

namespace {
std::vector<std::string> sorted_unique(std::set<std::string> words) { return {words.begin(), words.end()}; }
}  // namespace

const std::vector<std::string>& english_words() {
  using namespace grammar;
  static const std::vector<std::string> words = [] {
    std::set<std::string> w = {"very", "does", "do", "not"};
    for (const auto& n : nouns()) w.insert({n.en_singular, n.en_plural});
    for (const auto& a : adjectives()) w.insert(a.en);
    for (const auto& v : verbs()) w.insert({v.en_third_singular, v.en_base});
    for (const auto& d : determiners()) w.insert(d.en);
    for (const auto& n : names()) w.insert(n.en);
    for (const auto& p : prepositions()) w.insert(p.en);
    return sorted_unique(std::move(w));
  }();
  return words;
}

const std::vector<std::string>& spanish_words() {
  using namespace grammar;
  static const std::vector<std::string> words = [] {
    std::set<std::string> w = {"muy", "no", "a", "al", "de", "del"};
    for (const auto& n : nouns()) w.insert({n.es_singular, n.es_plural});
    for (const auto& a : adjectives()) w.insert(std::begin(a.es), std::end(a.es));
    for (const auto& v : verbs()) w.insert({v.es_singular, v.es_plural});
    for (const auto& d : determiners())
      for (const char* form : d.es)
        if (*form) w.insert(form);
    for (const auto& n : names()) w.insert(n.es);
    for (const auto& p : prepositions()) w.insert(p.es);
    return sorted_unique(std::move(w));
  }();
  return words;
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
