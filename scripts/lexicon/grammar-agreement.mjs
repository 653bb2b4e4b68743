// Holds the candidates the grammar already has to the forms it has for them (cpp/src/data): the rules of
// lexicon-forms.mjs must give what the grammar's tables spell out, or say here where they do not. Sets each
// record's Marathi check ("grammar" where the grammar's own Marathi is the same).
import { setMarathiCheck } from './records.mjs';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function nounDifferences(r, g, grammar) {
  const out = [];
  const n = g.nouns.get(r.en);
  if (n.plural !== r.enForms[1]) out.push(`english plural ${r.enForms[1]}, grammar ${n.plural}`);
  if (!same(n.es, [r.es, r.esPlural]) || (n.gender === 'f') !== (r.esGender === 'f'))
    out.push(`spanish ${r.es} ${r.esPlural} ${r.esGender}, grammar ${n.es.join(' ')} ${n.gender}`);
  const ja = grammar.ja.get(r.en);
  if (ja && ja[0] !== r.ja) out.push(`japanese ${r.ja}, grammar ${ja[0]}`);
  const mr = grammar.mrNouns.get(r.en);
  if (mr && (!same(mr.forms, r.mrList) || mr.gender !== r.mrGender))
    out.push(`marathi ${r.mrList.join(' ')} ${r.mrGender}, grammar ${mr.forms.join(' ')} ${mr.gender}`);
  return { out, mrInGrammar: Boolean(mr) };
}

function verbDifferences(r, g, grammar) {
  const out = [];
  const v = g.verbs.get(r.en);
  if (v.third !== r.enForms[1] || v.past !== r.enForms[2]) out.push(`english ${r.enForms.join(' ')}`);
  if (v.valency !== r.cls) out.push(`valency ${r.cls}, grammar ${v.valency}`);
  if (v.es !== r.es) out.push(`spanish ${r.es}, grammar ${v.es}`);
  if ((v.command ?? null) !== (r.esCommand ?? null)) out.push(`command ${r.esCommand}, grammar ${v.command}`);
  const ja = grammar.ja.get(r.en);
  if (ja && ja.length > 1) {
    const expected = ja[3] === null ? r.jaList.slice(0, 3) : r.jaList;
    if (
      !same(
        ja.filter((f) => f !== null),
        expected,
      )
    )
      out.push(`japanese ${r.jaList.join(' ')}, grammar ${ja.join(' ')}`);
  }
  const mr = grammar.mrVerbs.get(r.en);
  if (mr) {
    const mine = r.mrList;
    if (!mine || mine.stem !== mr.stem) out.push(`marathi stem ${mine?.stem}, grammar ${mr.stem}`);
    else {
      if (mr.command && (mr.command !== mine.command || mr.negative !== mine.negative))
        out.push(`marathi command ${mine.command} ${mine.negative}, grammar ${mr.command} ${mr.negative}`);
      if (mr.past && mr.past !== mine.past) out.push(`marathi past ${mine.past}, grammar ${mr.past}`);
    }
  }
  return { out, mrInGrammar: Boolean(mr) };
}

function adjectiveDifferences(r, g, grammar) {
  const out = [];
  const a = g.adjectives.get(r.en);
  if (!same(a.es, r.esList)) out.push(`spanish ${r.esList.join(' ')}, grammar ${a.es.join(' ')}`);
  if (a.copula !== r.cls) out.push(`copula ${r.cls}, grammar ${a.copula}`);
  const ja = grammar.ja.get(r.en);
  if (ja && ja[0] !== r.ja) out.push(`japanese ${r.ja}, grammar ${ja[0]}`);
  const mr = grammar.mrAdjectives.get(r.en);
  if (mr && !same(mr, r.mrList)) out.push(`marathi ${r.mrList.join(' ')}, grammar ${mr.join(' ')}`);
  return { out, mrInGrammar: Boolean(mr) };
}

const byCategory = { noun: nounDifferences, verb: verbDifferences, adjective: adjectiveDifferences };

export function compareWithGrammar(records, grammar) {
  const differences = [];
  for (const r of records) {
    const inGrammar = grammar[`${r.category}s`].has(r.en);
    let mrInGrammar = false;
    if (inGrammar) {
      const result = byCategory[r.category](r, grammar, grammar);
      differences.push(...result.out.map((d) => `${r.en}: ${d}`));
      mrInGrammar = result.mrInGrammar;
    }
    setMarathiCheck(r, mrInGrammar);
  }
  return differences;
}
