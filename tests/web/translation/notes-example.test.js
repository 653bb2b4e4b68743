// The notes' own example, "give me the book", and its family (issue 62): give and show to me, him, her, us and
// them, the book and the letter, commands and negative commands, and "to the girl"; with the cases the issue named.
// Each shipped model says each sentence its grammar covers exactly as the grammar does (the grammar's translation is
// the oracle, as the page shows it beside the model's), greedily and with every beam width translate() takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { siteModel } from '../../../scripts/experiments/site-models.mjs';

const recipients = ['me', 'him', 'her', 'us', 'them'];
const things = ['the book', 'the letter'];
const family = ['give', 'show'].flatMap((verb) => [
  ...recipients.flatMap((who) => things.map((thing) => `${verb} ${who} ${thing}`)),
  ...things.map((thing) => `${verb} ${thing} to the girl`),
]);
const sentences = [
  ...family,
  ...family.map((command) => `do not ${command}`),
  'show me the dog',
  'show them the house',
  'the girl gives the boy a flower',
];
const widths = [undefined, 1, 2, 3, 4, 5, 6, 7, 8]; // undefined: greedy decoding
// Still wrong somewhere (each listed case is expected to fail, so that the day a model says it right the list must
// shrink): none. The models of issue 62's closed classes (8,000 steps) said "a el niño" for "al niño" in "the girl
// gives the boy a flower"; en-es of its greetings at width 64 (24,000 steps) said that right and "al niña" for "a la
// niña" in "do not give the letter to the girl" at every width (it picked "a" or "al" before the noun's gender
// decided it); at width 96 it says both right (docs/models.md).
const stillWrong = {
  'en-es': [],
  'en-ja': [],
  'en-mr': [],
};
// What a grammar leaves out, rather than say wrong (docs/models.md): Japanese "do not give me" (ageru or kureru).
const uncovered = {
  'en-es': [],
  'en-ja': [
    'do not give me the book',
    'do not give me the letter',
    'do not give us the book',
    'do not give us the letter',
  ],
  'en-mr': [],
};

describe.each(Object.keys(uncovered))('%s says the notes’ example and its family as its grammar does', (name) => {
  let translator;
  beforeAll(async () => {
    translator = await loadTranslator({ weights: siteModel(name) });
  });
  afterAll(() => translator?.dispose());

  it('covers every sentence of the family but those its grammar leaves out', () => {
    const left = sentences.filter((s) => translator.translate(s).alignment === null);
    expect(left).toEqual(uncovered[name]);
  });

  /** Greedy's and every beam's output beside the grammar's, as "width: words" lines. */
  const saysAsTheGrammar = (sentence) => {
    const reference = translator.translate(sentence).alignment.target.join(' ');
    const outputs = widths.map((beam) => {
      const { target } = translator.translate(sentence, beam === undefined ? {} : { beam });
      return `${beam ?? 'greedy'}: ${target.filter((word) => word !== '<eos>').join(' ')}`;
    });
    expect(outputs).toEqual(widths.map((beam) => `${beam ?? 'greedy'}: ${reference}`));
  };
  const said = sentences.filter((s) => !uncovered[name].includes(s) && !stillWrong[name].includes(s));
  it.each(said)('“%s”, greedy and beams of 1 to 8', saysAsTheGrammar);
  if (stillWrong[name].length) it.fails.each(stillWrong[name])('“%s” is still wrong somewhere', saysAsTheGrammar);
});
