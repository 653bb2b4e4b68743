// The verbs: 34, each with its English forms and its Spanish. A regular Spanish verb is conjugated by rule from
// its infinitive (spanish_verbs.cpp); an irregular or stem-changing one spells its forms out here, in the order
// yo, tú, él, nosotros, ellos. The past is the preterite ("comió", "durmió"), except for the verbs of state,
// whose past is the imperfect ("tenía", "quería", "amaba", "vivía"): "he had a dog" is "tenía un perro".
// The rows go from common to rare: the generator draws the first ones most (generator.cpp).
#include "grammar.h"

namespace attn::corpus::grammar {

const std::vector<Verb>& verbs() {
  constexpr Valency intransitive = Valency::intransitive, transitive = Valency::transitive,
                    ditransitive = Valency::ditransitive;
  constexpr Verb::Destination none = Verb::no_destination;
  constexpr bool stative = true, event = false;
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Verb> table = {
      {"sees", "see", "saw", transitive, none, "ver", "veo ves ve vemos ven", "vi viste vio vimos vieron", event,
       nullptr},
      {"eats", "eat", "ate", transitive, none, "comer", nullptr, nullptr, event, "come cóme comas"},
      {"has", "have", "had", transitive, none, "tener", "tengo tienes tiene tenemos tienen", nullptr, stative, nullptr,
       true},
      {"wants", "want", "wanted", transitive, none, "querer", "quiero quieres quiere queremos quieren", nullptr,
       stative, nullptr, true},
      {"reads", "read", "read", transitive, none, "leer", nullptr, "leí leíste leyó leímos leyeron", event,
       "lee lée leas"},
      {"buys", "buy", "bought", transitive, none, "comprar", nullptr, nullptr, event, "compra cómpra compres"},
      {"finds", "find", "found", transitive, none, "encontrar", "encuentro encuentras encuentra encontramos encuentran",
       nullptr, event, "encuentra encuéntra encuentres"},
      {"loves", "love", "loved", transitive, none, "amar", nullptr, nullptr, stative, "ama áma ames"},
      {"sleeps", "sleep", "slept", intransitive, none, "dormir", "duermo duermes duerme dormimos duermen",
       "dormí dormiste durmió dormimos durmieron", event, "duerme duerme duermas"},
      {"runs", "run", "ran", intransitive, none, "correr", nullptr, nullptr, event, "corre corre corras"},
      {"walks", "walk", "walked", intransitive, none, "caminar", nullptr, nullptr, event, "camina camina camines"},
      {"lives", "live", "lived", intransitive, none, "vivir", nullptr, nullptr, stative, nullptr},
      {"gives", "give", "gave", ditransitive, none, "dar", "doy das da damos dan", "di diste dio dimos dieron", event,
       "da da des"},
      {"goes", "go", "went", intransitive, Verb::goes_to, "ir", "voy vas va vamos van", "fui fuiste fue fuimos fueron",
       event, "ve ve vayas"},
      {"comes", "come", "came", intransitive, Verb::may_go_to, "venir", "vengo vienes viene venimos vienen",
       "vine viniste vino vinimos vinieron", event, "ven ven vengas"},
      {"writes", "write", "wrote", transitive, none, "escribir", nullptr, nullptr, event, "escribe escríbe escribas"},
      {"makes", "make", "made", transitive, none, "hacer", "hago haces hace hacemos hacen",
       "hice hiciste hizo hicimos hicieron", event, "haz haz hagas"},
      {"opens", "open", "opened", transitive, none, "abrir", nullptr, nullptr, event, "abre ábre abras"},
      {"helps", "help", "helped", transitive, none, "ayudar", nullptr, nullptr, event, "ayuda ayúda ayudes"},
      {"calls", "call", "called", transitive, none, "llamar", nullptr, nullptr, event, "llama lláma llames"},
      {"shows", "show", "showed", ditransitive, none, "mostrar", "muestro muestras muestra mostramos muestran", nullptr,
       event, "muestra muéstra muestres"},
      {"works", "work", "worked", intransitive, none, "trabajar", nullptr, nullptr, event, "trabaja trabaja trabajes"},
      {"sings", "sing", "sang", intransitive, none, "cantar", nullptr, nullptr, event, "canta canta cantes"},
      {"swims", "swim", "swam", intransitive, none, "nadar", nullptr, nullptr, event, "nada nada nades"},
      {"closes", "close", "closed", transitive, none, "cerrar", "cierro cierras cierra cerramos cierran", nullptr,
       event, "cierra ciérra cierres"},
      {"sends", "send", "sent", ditransitive, none, "enviar", "envío envías envía enviamos envían", nullptr, event,
       "envía envía envíes"},
      {"brings", "bring", "brought", ditransitive, none, "traer", "traigo traes trae traemos traen",
       "traje trajiste trajo trajimos trajeron", event, "trae tráe traigas"},
      {"dances", "dance", "danced", intransitive, none, "bailar", nullptr, nullptr, event, "baila baila bailes"},
      {"sells", "sell", "sold", ditransitive, none, "vender", nullptr, nullptr, event, "vende vénde vendas"},
      {"washes", "wash", "washed", transitive, none, "lavar", nullptr, nullptr, event, "lava láva laves"},
      {"visits", "visit", "visited", transitive, none, "visitar", nullptr, nullptr, event, "visita visíta visites"},
      {"hears", "hear", "heard", transitive, none, "oír", "oigo oyes oye oímos oyen", "oí oíste oyó oímos oyeron",
       event, nullptr},
      {"breaks", "break", "broke", transitive, none, "romper", nullptr, nullptr, event, "rompe rómpe rompas"},
      {"cries", "cry", "cried", intransitive, none, "llorar", nullptr, nullptr, event, nullptr},
  };
  // clang-format on
  return table;
}

}  // namespace attn::corpus::grammar
