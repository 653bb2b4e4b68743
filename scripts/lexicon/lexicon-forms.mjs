// The forms a candidate word needs in the grammar, by the rules the grammar's own tables follow
// (cpp/src/data/spanish_verbs.cpp, japanese_lexicon.cpp, marathi_lexicon.cpp), from what entries-*.tsv spell out:
// English plurals, Spanish plurals, feminines, conjugations and tú commands, Japanese conjugations, Marathi
// plurals and oblique stems. A form the rules cannot tell is spelled out in the entry; a shape no rule covers
// throws, so a new entry says what it needs.

// English: the plural of a noun.
export function englishPlural(singular) {
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

// Spanish ---------------------------------------------------------------------------------------------------

const unaccent = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

// A noun's or adjective's plural: a vowel takes -s, -z becomes -ces, a consonant takes -es and loses the written
// accent of a stressed last syllable (ratón → ratones, jardín → jardines, but árbol → árboles).
export function spanishPlural(singular) {
  if (/[aeiouáéíóú]$/.test(singular)) return `${singular}s`;
  if (singular.endsWith('z')) return `${singular.slice(0, -1)}ces`;
  return `${singular.replace(/[áéíóú](?=[^aeiouáéíóú]*$)/, (v) => unaccent[v])}es`;
}

// A profession's feminine: profesor → profesora, médico → médica, estudiante and artista as they are.
const sameFeminine = new Set(['piloto', 'soldado', 'policía', 'chef', 'juez', 'agente', 'detective', 'guardia']);
export function spanishFeminine(masculine) {
  if (sameFeminine.has(masculine)) return masculine;
  if (masculine.endsWith('o')) return `${masculine.slice(0, -1)}a`;
  if (/(or|ín|ón|án)$/.test(masculine))
    return `${masculine.replace(/[áéíóú](?=[^aeiouáéíóú]*$)/, (v) => unaccent[v])}a`;
  return masculine;
}

// An adjective's four forms: masculine and feminine singular, masculine and feminine plural.
export function spanishAdjective(masculine) {
  if (masculine.endsWith('o')) {
    const stem = masculine.slice(0, -1);
    return [masculine, `${stem}a`, `${stem}os`, `${stem}as`];
  }
  const plural = spanishPlural(masculine);
  return [masculine, masculine, plural, plural];
}

const presentEndings = {
  a: ['o', 'as', 'a', 'amos', 'an'],
  e: ['o', 'es', 'e', 'emos', 'en'],
  i: ['o', 'es', 'e', 'imos', 'en'],
};
const preteriteEndings = { a: ['é', 'aste', 'ó', 'amos', 'aron'], e: ['í', 'iste', 'ió', 'imos', 'ieron'] };

// The ending class of a regular infinitive and its stem, as spanish_verbs.cpp reads them.
function regularVerb(infinitive) {
  const cls = infinitive.slice(-2, -1);
  if (!/^[a-zñ]+(ar|er|ir)$/.test(infinitive)) throw new Error(`${infinitive}: spell out its forms`);
  return { cls, stem: infinitive.slice(0, -2) };
}

// The preterite's yo of -car, -gar and -zar verbs keeps the consonant's sound: busqué, llegué, empecé.
const soundBeforeE = (stem) => stem.replace(/c$/, 'qu').replace(/g$/, 'gu').replace(/z$/, 'c');

export function spanishPresent(infinitive) {
  const { cls, stem } = regularVerb(infinitive);
  return presentEndings[cls].map((ending) => stem + ending);
}

export function spanishPreterite(infinitive) {
  const { cls, stem } = regularVerb(infinitive);
  const endings = preteriteEndings[cls === 'a' ? 'a' : 'e'];
  return endings.map((ending, person) => (cls === 'a' && person === 0 ? soundBeforeE(stem) : stem) + ending);
}

// The imperfect, the past of the verbs of state ("tenía", "quería"): regular for every verb but ser, ir, ver.
export function spanishImperfect(infinitive) {
  const { cls, stem } = regularVerb(infinitive);
  const endings = cls === 'a' ? ['aba', 'abas', 'aba', 'ábamos', 'aban'] : ['ía', 'ías', 'ía', 'íamos', 'ían'];
  return endings.map((ending) => stem + ending);
}

// The written accent a tú command takes when a pronoun joins it (cómelo, tráelo, sígueme): on the stressed,
// next-to-last syllable; two strong vowels side by side are two syllables (le-e, tra-e).
export function accentForJoinedPronoun(command) {
  if (/[áéíóú]/.test(command) || command.includes(' ')) return command;
  const nuclei = [];
  const re = /[aeiou]+/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    let start = m.index;
    const text = m[0];
    // "gue", "gui", "que", "qui": the u is silent
    const silentU = text.startsWith('u') && text.length > 1 && /[gq]/.test(command[start - 1] ?? '');
    const vowels = silentU ? text.slice(1) : text;
    if (silentU) start += 1;
    // split strong-strong pairs into syllables of their own
    let group = '';
    let at = start;
    for (let i = 0; i < vowels.length; i++) {
      const strong = /[aeo]/.test(vowels[i]);
      if (group && strong && /[aeo]/.test(group[group.length - 1])) {
        nuclei.push({ at, group });
        at = start + i;
        group = '';
      }
      group += vowels[i];
    }
    nuclei.push({ at, group });
  }
  if (nuclei.length < 2) return command;
  const { at, group } = nuclei[nuclei.length - 2];
  const strongAt = group.search(/[aeo]/);
  const offset = strongAt >= 0 ? strongAt : group.length - 1;
  const i = at + offset;
  const accented = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' }[command[i]];
  return command.slice(0, i) + accented + command.slice(i + 1);
}

// The tú command, its form before a joined pronoun and the negative command (the subjunctive, from the yo
// form: tengo → tengas, busco → busques), as lexicon_verbs.cpp spells them: "come cóme comas".
export function spanishCommands(infinitive, present, takesObject) {
  const command = present[2];
  const yoStem = present[0].replace(/o$/, '');
  const cls = infinitive.slice(-2, -1);
  const negative = cls === 'a' ? `${soundBeforeE(yoStem)}es` : `${yoStem}as`;
  return [command, takesObject ? accentForJoinedPronoun(command) : command, negative];
}

// Japanese --------------------------------------------------------------------------------------------------

const godan = {
  u: ['wa', 'tta', 'tte'],
  ku: ['ka', 'ita', 'ite'],
  gu: ['ga', 'ida', 'ide'],
  su: ['sa', 'shita', 'shite'],
  tsu: ['ta', 'tta', 'tte'],
  nu: ['na', 'nda', 'nde'],
  bu: ['ba', 'nda', 'nde'],
  mu: ['ma', 'nda', 'nde'],
  ru: ['ra', 'tta', 'tte'],
};

// A verb's plain, negative, past and te forms (the last word conjugates: "motte kuru", "benkyō suru"). An
// -iru/-eru verb is ichidan unless its entry marks it ":5" (hashiru, kaeru "return", kiru "cut").
export function japaneseVerb(spec) {
  const [text, marked] = spec.split(':');
  const words = text.split(' ');
  const last = words.pop();
  const head = words.length ? `${words.join(' ')} ` : '';
  let forms;
  if (last === 'suru') forms = ['suru', 'shinai', 'shita', 'shite'];
  else if (last === 'kuru') forms = ['kuru', 'konai', 'kita', 'kite'];
  else if (last === 'iku') forms = ['iku', 'ikanai', 'itta', 'itte'];
  else if (/[ie]ru$/.test(last) && marked !== '5') {
    const stem = last.slice(0, -2);
    forms = [last, `${stem}nai`, `${stem}ta`, `${stem}te`];
  } else {
    const ending = Object.keys(godan)
      .filter((e) => last.endsWith(e))
      .sort((a, b) => b.length - a.length)[0];
    if (!ending) throw new Error(`${spec}: not a verb's plain form`);
    const stem = last.slice(0, -ending.length);
    const [neg, past, te] = godan[ending];
    forms = [last, `${stem}${neg}nai`, stem + past, stem + te];
  }
  return forms.map((f) => head + f);
}

// What kind of adjective the Japanese is: an i-adjective conjugates itself (the grammar's only kind today); a
// na-adjective or a noun with "no" needs the copula; anything else (nureta, tsukareta) is a verb's form.
export function japaneseAdjectiveClass(text) {
  if (text.endsWith(' na')) return 'na';
  if (text.endsWith(' no')) return 'no';
  if (!text.includes(' ') && /[^aeiou]?(ai|ii|ui|oi)$/.test(text)) return 'i';
  return 'phrase';
}

// Marathi ---------------------------------------------------------------------------------------------------

const virama = '\u094d';
const isConsonant = (ch) => /[\u0915-\u0939\u0958-\u095f]/.test(ch);
// stem + "्या": र before य is the eyelash ऱ (शेतकऱ्या, किनाऱ्या, पांढऱ्या)
// (not after a virama: कुत्र्या keeps the conjunct)
const ya = (stem) => (stem.endsWith('र') && stem.at(-2) !== virama ? `${stem.slice(0, -1)}ऱ` : stem) + virama + 'या';

// A noun's singular, plural, oblique singular and oblique plural (घर घरे घरा घरां), by its ending and gender,
// as marathi_lexicon.cpp's rows follow; `ruleSure` is false where the rule has common exceptions.
export function marathiNoun(singular, gender) {
  const last = singular.slice(-1);
  const stem = singular.slice(0, -1);
  const key = `${gender}${isConsonant(last) ? 'C' : last}`;
  const rules = {
    mा: () => [`${stem}े`, ya(stem), `${ya(stem)}ं`],
    mC: () => [singular, `${singular}ा`, `${singular}ां`],
    mी: () => [singular, ya(stem), `${ya(stem)}ं`],
    mू: () => [singular, singular, `${singular}ं`],
    fी: () => [ya(stem), singular, `${ya(stem)}ं`],
    fा: () => [singular, `${stem}े`, `${stem}ां`],
    fC: () => [`${singular}ा`, `${singular}े`, `${singular}ां`],
    nC: () => [`${singular}े`, `${singular}ा`, `${singular}ां`],
    nे: () => [`${stem}ी`, ya(stem), `${ya(stem)}ं`],
  };
  if (!rules[key]) throw new Error(`${singular} (${gender}): spell out its forms`);
  // a feminine ending in a consonant varies its plural (बागा, भिंती); a long vowel before the last consonant
  // often shortens before a case ending (उंदीर उंदरा, पूल पुला): both want a speaker's eye
  const ruleSure = key !== 'fC' && !/[ीू][\u0915-\u0939]$/.test(singular);
  return { forms: [singular, ...rules[key]()], ruleSure };
}

// An adjective's agreeing forms (masculine, feminine, neuter, oblique: मोठा मोठी मोठे मोठ्या), or its one form.
export function marathiAdjective(text) {
  if (text.includes(' ') || !text.endsWith('ा')) return [text];
  const stem = text.slice(0, -1);
  return [text, `${stem}ी`, `${stem}े`, ya(stem)];
}

// A verb's तू command and the form before नकोस (खा, खाऊ; लिही, लिहू; धू, धुऊ): the last word conjugates.
export function marathiVerb(stemText) {
  const words = stemText.split(' ');
  const last = words.pop();
  const head = words.length ? `${words.join(' ')} ` : '';
  const end = last.slice(-1);
  let command = last;
  let negative;
  if (end === 'ि') {
    command = `${last.slice(0, -1)}ी`;
    negative = [...last].length <= 2 ? `${last}ऊ` : `${last.slice(0, -1)}ू`;
  } else if (end === 'ु') {
    command = `${last.slice(0, -1)}ू`;
    negative = `${last}ऊ`;
  } else if (isConsonant(end)) negative = `${last}ू`;
  else negative = `${last}ऊ`;
  return [head + command, head + negative];
}
