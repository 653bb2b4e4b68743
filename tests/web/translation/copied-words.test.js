// Unknown words carried across, as the translation view shows them, on the shipped en-es model (it has "<unk>":
// trained with unknown words masked, docs/models.md): which output words are marked as copied and from where, the
// map cells ringed, the note that says each unknown word as information, and a beam's copied nodes. A model
// without "<unk>" (a trainer's, as older files) still refuses unknown words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator, UnknownWordError } from '../../../web/lib/index.js';
import { treeColumns } from '../../../web/src/translation/beam-explorer.js';
import { copiedCells } from '../../../web/src/translation/beam-paths.js';
import { copiedLabel, copiedMapCells, unknownWordLines } from '../../../web/src/translation/copied-words.js';
import { modelWithoutUnknownToken } from '../helpers.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

beforeAll(() => Promise.all([loadMessages('translation'), loadMessages('beam')])); // the view's words, English here

/** Sentences of the grammar with a name the model never saw in place of one it knows. */
const madeUp = ['bruno walks with my very old friends', 'zorba loves the cat', 'the big dog sees kimiko'];

let translator, copying;
beforeAll(async () => {
  translator = await loadTranslator({ backend: 'wasm-simd128' });
  copying = madeUp.map((sentence) => translator.translate(sentence)).find((r) => r.copied.length > 0);
});
afterAll(() => translator?.dispose());

describe('a model with <unk>', () => {
  it('carries an unknown word across: the copied entries say which output word came from which source word', () => {
    expect(translator.copiesUnknownWords).toBe(true);
    expect(copying, `one of “${madeUp.join('”, “')}” copied`).toBeDefined();
    for (const copy of copying.copied) {
      expect(copying.target[copy.targetIndex]).toBe(copy.word);
      expect(copying.source[copy.sourceIndex]).toBe(copy.word);
      expect(copiedLabel(copy)).toBe(`copied from “${copy.word}”`);
    }
    // the map rings each copy's row at its source word, for the rows shown so far
    const [first] = copying.copied;
    expect(copiedMapCells(copying.copied, copying.target.length)).toContainEqual({
      row: first.targetIndex,
      col: first.sourceIndex,
    });
    expect(copiedMapCells(copying.copied, first.targetIndex)).not.toContainEqual({
      row: first.targetIndex,
      col: first.sourceIndex,
    });
  });

  it('says unknown words as information, with what kind of word each is', () => {
    const lines = unknownWordLines(copying.unknownWords, copying.copied);
    expect(lines.map((line) => line.word)).toEqual(copying.unknownWords.map((u) => u.word));
    const carried = lines.find((line) => copying.copied.some((copy) => copy.word === line.word));
    expect(carried.text).toBe(`“${carried.word}” is not in the vocabulary; carried across by attention.`);
    expect(carried.reading).toMatchObject({ kind: expect.any(String), suggestions: expect.any(Array) });
    const eating = { word: 'eating', kind: 'verb-form', base: 'eat', suggestions: ['eat', 'eats', 'ate'] };
    expect(unknownWordLines([eating], [])[0].reading).toEqual({
      kind: 'verb-form',
      base: 'eat',
      suggestions: eating.suggestions,
    });
    expect(unknownWordLines([{ word: 'qux', kind: 'unknown', base: '', suggestions: [] }], [])[0].text).toMatch(
      /read it as <unk>, and it is not in the translation/,
    );
  });

  it('a beam’s nodes that copy are marked, and their maps ring the source word', () => {
    const sentence = copying.source.slice(0, -1).join(' ');
    const { beam, copied } = translator.translate(sentence, { beam: 4 });
    expect(copied.length).toBeGreaterThan(0);
    const columns = treeColumns(beam);
    let marked = 0;
    beam.steps.forEach((nodes, step) =>
      nodes.forEach((node, index) => {
        const copies = node.copiedFrom >= 0;
        expect(columns[step][index].classes.includes('beam-node-copied')).toBe(copies);
        if (!copies) return;
        marked += 1;
        expect(node.token).toBe('<unk>');
        expect(node.word).toBe(copying.source[node.copiedFrom]);
        expect(columns[step][index].label).toMatch(`copied from the source word “${node.word}”`);
        expect(copiedCells(beam, step, index)).toContainEqual({ row: step, col: node.copiedFrom });
      }),
    );
    expect(marked).toBeGreaterThan(0);
  });

  it('copies each of these made-up names (greedy and in a beam of 4)', () => {
    for (const sentence of madeUp) {
      const name = sentence.split(' ').find((word) => !translator.vocabulary.source.includes(word));
      for (const r of [translator.translate(sentence), translator.translate(sentence, { beam: 4 })]) {
        expect(r.unknownWords.map((u) => u.word)).toEqual([name]);
        expect(r.copied.map((copy) => copy.word)).toEqual([name]);
        expect(r.target).toContain(name);
      }
    }
  });

  it('a model without <unk> still refuses unknown words, with suggestions', async () => {
    const refusing = await loadTranslator({ backend: 'wasm-simd128', weights: await modelWithoutUnknownToken() });
    expect(refusing.copiesUnknownWords).toBe(false);
    expect(() => refusing.translate(madeUp[0])).toThrow(UnknownWordError);
    let error;
    try {
      refusing.translate(madeUp[1]);
    } catch (e) {
      error = e;
    }
    expect(error.unknownWords).toEqual(['zorba']);
    expect(error.readings.zorba).toEqual({ kind: 'unknown', base: '', suggestions: [] }); // nothing places a name
    refusing.dispose();
  });
});
