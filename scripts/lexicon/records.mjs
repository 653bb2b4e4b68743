// A candidate's record from its row in entries-*.tsv: the forms the grammar would need in each language, by the
// rules of lexicon-forms.mjs where the row does not spell them out, and how its Marathi was checked.
import * as forms from './lexicon-forms.mjs';

// "casa f", "ratón m ratones", "tienda de campaña f tiendas de campaña": the words before the gender, the
// gender, and the words after it (a plural spelled out), for Spanish and Marathi alike.
function split(spec, genders) {
  const tokens = spec.split(' ');
  const at = tokens.findIndex((t) => genders.includes(t));
  if (at < 1) throw new Error(`${spec}: no gender`);
  return { head: tokens.slice(0, at), gender: tokens[at], rest: tokens.slice(at + 1) };
}

function marathiCheck(note, grammarHas, fromRule, ruleSure = true) {
  if (/mr:[^;]*unverified/.test(note)) return 'unverified (said in the note)';
  if (grammarHas) return 'grammar';
  if (!fromRule) return 'hand';
  return ruleSure ? 'rules' : 'unverified (a form the rules are unsure of)';
}

export function nounRecord([en, kind, plural, es, ja, mr, note = '']) {
  const s = split(es, ['m', 'f']);
  const esSingular = s.head.join(' ');
  if (s.head.length > 1 && !s.rest.length) throw new Error(`${en}: spell out the plural of "${esSingular}"`);
  const esPlural = s.rest.length ? s.rest.join(' ') : forms.spanishPlural(esSingular);
  let esForms = `${esSingular} ${esPlural} (${s.gender})`;
  if (kind === 'profession') {
    const feminine = forms.spanishFeminine(esSingular);
    if (feminine !== esSingular) esForms += `; feminine ${feminine} ${forms.spanishPlural(feminine)}`;
  }
  const m = split(mr, ['m', 'f', 'n']);
  const n = m.head.length;
  let mrForms;
  let ruleSure = true;
  if (m.rest.length) {
    if (m.rest.length !== 3 * n) throw new Error(`${en}: Marathi needs plural, oblique and oblique plural`);
    mrForms = [m.head, m.rest.slice(0, n), m.rest.slice(n, 2 * n), m.rest.slice(2 * n)].map((w) => w.join(' '));
  } else {
    const lastWord = forms.marathiNoun(m.head[n - 1], m.gender);
    const before = m.head.slice(0, -1).join(' ');
    mrForms = lastWord.forms.map((f) => (before ? `${before} ${f}` : f));
    ruleSure = lastWord.ruleSure;
  }
  return {
    en,
    category: 'noun',
    cls: kind,
    note,
    enForms: [en, plural || forms.englishPlural(en)],
    es: esSingular,
    esGender: s.gender,
    esPlural,
    esForms,
    esLookup: [esSingular],
    ja,
    jaForms: '',
    mr: mrForms[0],
    mrGender: m.gender,
    mrList: mrForms,
    mrForms: `${mrForms.join(' ')} (${m.gender})`,
    mrExplicit: m.rest.length > 0,
    mrRuleSure: ruleSure,
  };
}

export function verbRecord([en, valency, english, es, ja, mr, note = '']) {
  const [third, past] = english.split(' ');
  const [infinitive, present, preterite, command, flags = ''] = es.split('|');
  const takesObject = valency !== 'intransitive';
  const r = { en, category: 'verb', cls: valency, note, enForms: [en, third, past], es: infinitive };
  r.esLookup = [infinitive, infinitive.replace(/ (a|con|en|de)$/, ''), infinitive.replace(/se( con)?$/, '')];
  if (infinitive.includes(' ') && !present) {
    r.esPresent = [];
    r.esForms = 'two words: conjugated by hand when the grammar takes it';
  } else {
    r.esPresent = present ? present.split(' ') : forms.spanishPresent(infinitive);
    // the verbs of state say their past in the imperfect (lexicon_verbs.cpp)
    const stative = flags.includes('stative');
    const pastName = stative ? 'imperfect' : 'preterite';
    const pastForms = stative
      ? forms.spanishImperfect(infinitive)
      : preterite
        ? preterite.split(' ')
        : forms.spanishPreterite(infinitive);
    r.esCommand = flags.includes('no-command')
      ? null
      : command || forms.spanishCommands(infinitive, r.esPresent, takesObject).join(' ');
    r.esForms = `present ${r.esPresent.join(' ')}; ${pastName} ${pastForms.join(' ')}; command ${r.esCommand ?? '-'}`;
    if (flags) r.esForms += `; ${flags}`;
  }
  r.ja = ja.replace(':5', '');
  r.jaList = ja === '-' ? [] : forms.japaneseVerb(ja);
  r.jaForms = r.jaList.join(' ') || '-';
  const [stem, mrPast] = mr.split('|');
  r.mr = stem;
  if (stem === '-') {
    r.mrForms = '-';
    r.mrCheck = 'none: another construction';
  } else {
    const [mrCommand, negative] = forms.marathiVerb(stem);
    r.mrList = { stem, command: mrCommand, negative, past: mrPast ?? null };
    r.mrForms = `command ${mrCommand}; negative ${negative} नकोस; past ${mrPast ? `${mrPast}ा` : '-'}`;
  }
  return r;
}

export function adjectiveRecord([en, copula, es, ja, mr, note = '']) {
  const esTokens = es.split(' ');
  const esList = esTokens.length === 4 ? esTokens : forms.spanishAdjective(es);
  const mrTokens = mr.split(' ');
  const mrList = mrTokens.length === 4 ? mrTokens : forms.marathiAdjective(mr);
  const jaClass = forms.japaneseAdjectiveClass(ja);
  return {
    en,
    category: 'adjective',
    cls: copula,
    note,
    enForms: [en],
    es: esList[0],
    esList,
    esForms: `${esList.join(' ')} (${copula})`,
    esLookup: [esList[0]],
    ja,
    jaForms: `${jaClass}-adjective`
      .replace('phrase-adjective', 'a verb or a phrase')
      .replace('no-adjective', 'noun + no')
      .replace('na-adjective', 'na-adjective'),
    mr: mrList[0],
    mrList,
    mrForms: mrList.join(' '),
    mrExplicit: mrTokens.length === 4,
  };
}

// How a record's Marathi was checked, once the grammar's forms are known.
export function setMarathiCheck(r, grammarHas) {
  if (r.mrCheck) return;
  const fromRule = r.category === 'noun' ? !r.mrExplicit : r.category === 'adjective' ? !r.mrExplicit : true;
  r.mrCheck = marathiCheck(r.note, grammarHas, fromRule, r.mrRuleSure ?? true);
}
