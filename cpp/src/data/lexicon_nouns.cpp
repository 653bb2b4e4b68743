// The nouns: 78, each with its Spanish and what it names (the Japanese and Marathi are in their own files).
// English plurals are spelled out (men, mice, babies); no noun's plural equals its singular ("sheep", "fish"
// would make "the sheep sleep" ambiguous), and none is also a verb or an adjective of the grammar, so the
// parser knows a word's category from the word.
#include "grammar.h"

namespace attn::corpus::grammar {

const std::vector<Noun>& nouns() {
  constexpr Kind animal = Kind::animal, person = Kind::person, profession = Kind::profession, thing = Kind::thing,
                 food = Kind::food, place = Kind::place;
  constexpr bool f = true, m = false;  // the Spanish gender
  // clang-format off: a row per entry, its columns aligned by hand
  static const std::vector<Noun> table = {
      {"dog", "dogs", "perro", "perros", m, animal},            {"cat", "cats", "gato", "gatos", m, animal},
      {"bird", "birds", "pájaro", "pájaros", m, animal},        {"horse", "horses", "caballo", "caballos", m, animal},
      {"cow", "cows", "vaca", "vacas", f, animal},              {"mouse", "mice", "ratón", "ratones", m, animal},
      {"rabbit", "rabbits", "conejo", "conejos", m, animal},    {"duck", "ducks", "pato", "patos", m, animal},
      {"elephant", "elephants", "elefante", "elefantes", m, animal},
      {"lion", "lions", "león", "leones", m, animal},           {"bear", "bears", "oso", "osos", m, animal},
      {"monkey", "monkeys", "mono", "monos", m, animal},        {"pig", "pigs", "cerdo", "cerdos", m, animal},
      {"frog", "frogs", "rana", "ranas", f, animal},

      {"boy", "boys", "niño", "niños", m, person},              {"girl", "girls", "niña", "niñas", f, person},
      {"man", "men", "hombre", "hombres", m, person},           {"woman", "women", "mujer", "mujeres", f, person},
      {"friend", "friends", "amigo", "amigos", m, person},      {"baby", "babies", "bebé", "bebés", m, person},
      {"king", "kings", "rey", "reyes", m, person},             {"queen", "queens", "reina", "reinas", f, person},
      {"mother", "mothers", "madre", "madres", f, person},      {"father", "fathers", "padre", "padres", m, person},
      {"brother", "brothers", "hermano", "hermanos", m, person},
      {"sister", "sisters", "hermana", "hermanas", f, person},
      {"neighbor", "neighbors", "vecino", "vecinos", m, person},
      {"teacher", "teachers", "profesor", "profesores", m, profession, "profesora", "profesoras"},
      {"doctor", "doctors", "médico", "médicos", m, profession, "médica", "médicas"},
      {"student", "students", "estudiante", "estudiantes", m, profession},
      {"farmer", "farmers", "granjero", "granjeros", m, profession, "granjera", "granjeras"},
      {"cook", "cooks", "cocinero", "cocineros", m, profession, "cocinera", "cocineras"},
      {"writer", "writers", "escritor", "escritores", m, profession, "escritora", "escritoras"},
      {"singer", "singers", "cantante", "cantantes", m, profession},
      {"nurse", "nurses", "enfermero", "enfermeros", m, profession, "enfermera", "enfermeras"},

      {"car", "cars", "coche", "coches", m, thing},             {"book", "books", "libro", "libros", m, thing},
      {"table", "tables", "mesa", "mesas", f, thing},           {"tree", "trees", "árbol", "árboles", m, thing},
      {"flower", "flowers", "flor", "flores", f, thing},        {"window", "windows", "ventana", "ventanas", f, thing},
      {"letter", "letters", "carta", "cartas", f, thing},       {"chair", "chairs", "silla", "sillas", f, thing},
      {"bed", "beds", "cama", "camas", f, thing},               {"door", "doors", "puerta", "puertas", f, thing},
      {"box", "boxes", "caja", "cajas", f, thing},              {"cup", "cups", "taza", "tazas", f, thing},
      {"key", "keys", "llave", "llaves", f, thing},             {"ball", "balls", "pelota", "pelotas", f, thing},
      {"hat", "hats", "sombrero", "sombreros", m, thing},       {"shoe", "shoes", "zapato", "zapatos", m, thing},
      {"bag", "bags", "bolsa", "bolsas", f, thing},             {"clock", "clocks", "reloj", "relojes", m, thing},
      {"picture", "pictures", "cuadro", "cuadros", m, thing},   {"phone", "phones", "teléfono", "teléfonos", m, thing},

      {"apple", "apples", "manzana", "manzanas", f, food},      {"egg", "eggs", "huevo", "huevos", m, food},
      {"orange", "oranges", "naranja", "naranjas", f, food},    {"cake", "cakes", "pastel", "pasteles", m, food},
      {"banana", "bananas", "plátano", "plátanos", m, food},    {"cookie", "cookies", "galleta", "galletas", f, food},
      {"tomato", "tomatoes", "tomate", "tomates", m, food},     {"lemon", "lemons", "limón", "limones", m, food},
      {"pear", "pears", "pera", "peras", f, food},

      {"house", "houses", "casa", "casas", f, place},           {"city", "cities", "ciudad", "ciudades", f, place},
      {"garden", "gardens", "jardín", "jardines", m, place},    {"park", "parks", "parque", "parques", m, place},
      {"school", "schools", "escuela", "escuelas", f, place},   {"kitchen", "kitchens", "cocina", "cocinas", f, place},
      {"room", "rooms", "habitación", "habitaciones", f, place},
      {"street", "streets", "calle", "calles", f, place},       {"store", "stores", "tienda", "tiendas", f, place},
      {"river", "rivers", "río", "ríos", m, place},             {"beach", "beaches", "playa", "playas", f, place},
      {"forest", "forests", "bosque", "bosques", m, place},     {"farm", "farms", "granja", "granjas", f, place},
      {"library", "libraries", "biblioteca", "bibliotecas", f, place},
  };
  // clang-format on
  return table;
}

}  // namespace attn::corpus::grammar
