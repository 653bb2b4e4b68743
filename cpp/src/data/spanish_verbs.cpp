// Spanish conjugation: the regular endings of -ar, -er and -ir verbs in the present, the preterite and the
// imperfect; the forms the lexicon spells out for the others; ser and estar; tú commands and joined pronouns.
#include <cstdlib>
#include <set>

#include "spanish.h"

namespace attn::corpus::grammar::spanish_forms {
namespace {

// The ending class of a regular infinitive ('a', 'e' or 'i') and its stem.
char ending_class(const std::string& infinitive) {
  const std::string tail = infinitive.size() >= 2 ? infinitive.substr(infinitive.size() - 2) : "";
  if (tail != "ar" && tail != "er" && tail != "ir") std::abort();  // an irregular verb without its forms
  return tail[0];
}

std::string stem(const std::string& infinitive) { return infinitive.substr(0, infinitive.size() - 2); }

// The preterite's yo of -car, -gar and -zar verbs keeps the consonant's sound: busqué, llegué, empecé.
std::string preterite_yo_stem(const std::string& stem) {
  if (stem.empty()) return stem;
  const std::string head = stem.substr(0, stem.size() - 1);
  switch (stem.back()) {
    case 'c':
      return head + "qu";
    case 'g':
      return head + "gu";
    case 'z':
      return head + "c";
    default:
      return stem;
  }
}

std::string regular(const std::string& infinitive, Tense tense, bool stative, int person) {
  static const char* const present[3][kPersons] = {
      {"o", "as", "a", "amos", "an"}, {"o", "es", "e", "emos", "en"}, {"o", "es", "e", "imos", "en"}};
  static const char* const preterite[2][kPersons] = {{"é", "aste", "ó", "amos", "aron"},
                                                     {"í", "iste", "ió", "imos", "ieron"}};
  static const char* const imperfect[2][kPersons] = {{"aba", "abas", "aba", "ábamos", "aban"},
                                                     {"ía", "ías", "ía", "íamos", "ían"}};
  const char c = ending_class(infinitive);
  const std::string s = stem(infinitive);
  if (tense == Tense::present) return s + present[c == 'a' ? 0 : c == 'e' ? 1 : 2][person];
  if (stative) return s + imperfect[c == 'a' ? 0 : 1][person];
  if (c == 'a' && person == 0) return preterite_yo_stem(s) + preterite[0][0];
  return s + preterite[c == 'a' ? 0 : 1][person];
}

}  // namespace

int person(const NounPhrase& subject) {
  switch (subject.person()) {
    case Person::first:
      return subject.is_plural() ? 3 : 0;
    case Person::second:
      return 1;
    case Person::third:
      break;
  }
  return subject.is_plural() ? 4 : 2;
}

std::string verb(const Verb& v, Tense tense, int person) {
  const char* spelled = tense == Tense::present ? v.es_present : v.es_stative ? nullptr : v.es_past;
  if (spelled) return split(spelled)[static_cast<std::size_t>(person)];
  return regular(v.es_infinitive, tense, v.es_stative, person);
}

std::string copula(bool estar, Tense tense, int person) {
  static const char* const forms[2][2] = {
      {"soy eres es somos son", "era eras era éramos eran"},
      {"estoy estás está estamos están", "estaba estabas estaba estábamos estaban"}};
  return split(forms[estar ? 1 : 0][tense == Tense::past ? 1 : 0])[static_cast<std::size_t>(person)];
}

Command command(const Verb& v) {
  const std::vector<std::string> forms = split(v.es_command);
  return {forms[0], forms[1], forms[2]};
}

std::string joined(const Verb& v, const std::string& pronoun) { return command(v).before_pronoun + pronoun; }

std::string joined(const Verb& v, const std::string& indirect, const std::string& direct) {
  std::string stem = command(v).before_pronoun;
  static const char* const accented[] = {"á", "é", "í", "ó", "ú"};
  bool has_accent = false;
  for (const char* a : accented) has_accent = has_accent || stem.find(a) != std::string::npos;
  if (!has_accent) {
    // The forms without one have one syllable (da, di): its vowel, the last, takes it.
    const std::size_t vowel = stem.find_last_of("aeiou");
    if (vowel == std::string::npos) std::abort();
    stem.replace(vowel, 1, accented[std::string("aeiou").find(stem[vowel])]);
  }
  return stem + indirect + direct;
}

std::vector<std::string> indirect_pronouns_before_lo() { return {"me", "nos", "se"}; }

std::vector<std::string> joinable_pronouns(Valency valency) {
  std::set<std::string> out;
  for (const Pronoun& p : pronouns())
    if (p.person != Person::second) out.insert(valency == Valency::ditransitive ? p.es_indirect : p.es_direct);
  return std::vector<std::string>(out.begin(), out.end());
}

}  // namespace attn::corpus::grammar::spanish_forms
