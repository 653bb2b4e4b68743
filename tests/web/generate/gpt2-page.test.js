// Issue 60's page parts without a page: GPT-2's files picked out by name (a missing, extra or repeated one said);
// the inside view's part and token in the address (every part of every block round-trips, a hostile link falls back);
// the part's address name ↔ { piece, layer, head }; and the papers' prefix-matching score computed from full
// attention maps, on a seeded random repeated sequence against a count made by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchGpt2Files } from '../../../web/src/generate/gpt2-file-match.js';
import { prefixMatchingScores, randomPieces } from '../../../web/src/generate/gpt2-measures.js';
import { parsePart, partName } from '../../../web/src/generate/inside-diagram.js';
import { blockParts } from '../../../web/src/generate/inside-text.js';
import { decodeGenerateState, encodeGenerateState } from '../../../web/src/generate/generate-state.js';
import { uniformSource } from '../../../web/lib/seeded-random.js';

const named = (...names) => names.map((name) => ({ name }));

describe('GPT-2 files by name', () => {
  it('picks the four out of a folder and names the others', () => {
    const folder = named(
      'README.md',
      'model.safetensors',
      'config.json',
      'pytorch_model.bin',
      'vocab.json',
      'merges.txt',
    );
    const { files, missing, extra, twice } = matchGpt2Files(folder);
    expect(Object.keys(files).sort()).toEqual(['config', 'merges', 'vocab', 'weights']);
    expect(files.weights).toBe(folder[1]);
    expect(missing).toEqual([]);
    expect(extra).toEqual(['README.md', 'pytorch_model.bin']);
    expect(twice).toEqual([]);
  });

  it('names every missing file and a file chosen twice (the first kept)', () => {
    const chosen = named('vocab.json', 'config.json', 'vocab.json');
    const { files, missing, twice } = matchGpt2Files(chosen);
    expect(missing).toEqual(['model.safetensors', 'merges.txt']);
    expect(twice).toEqual(['vocab.json']);
    expect(files.vocab).toBe(chosen[0]);
    expect(matchGpt2Files([]).missing).toHaveLength(4);
  });
});

describe('the inside view in the address', () => {
  const shape = { layers: 12, heads: 12 };
  const anyPart = fc.oneof(
    fc.constantFrom({ piece: 'embed', layer: 0, head: null }, { piece: 'lens', layer: 11, head: null }),
    fc.record({
      piece: fc.constantFrom(...blockParts),
      layer: fc.integer({ min: 0, max: 11 }),
      head: fc.constant(null),
    }),
    fc.record({
      piece: fc.constant('attn'),
      layer: fc.integer({ min: 0, max: 11 }),
      head: fc.integer({ min: 0, max: 11 }),
    }),
  );

  it('round-trips every part and token through the link', () => {
    fc.assert(
      fc.property(anyPart, fc.option(fc.integer({ min: 0, max: 4095 })), (part, token) => {
        const inside = partName(part);
        const params = encodeGenerateState({ ...decodeGenerateState(''), inside, token });
        expect(params.get('inside')).toBe(inside);
        const state = decodeGenerateState(`?${params}`);
        expect(state.inside).toBe(inside);
        expect(state.token).toBe(token);
        expect(parsePart(state.inside, shape)).toEqual(part);
      }),
    );
  });

  it('falls back to the logit lens for a hostile or out-of-model part, and to the last token', () => {
    for (const bad of ['0.mlp', '3.attn.0', 'lens.1', '<script>', '13.ln1x', '1.mlp.2', ''])
      expect(decodeGenerateState(`?inside=${encodeURIComponent(bad)}`).inside).toBeNull();
    expect(decodeGenerateState('?token=0&inside=embed')).toMatchObject({ token: null, inside: 'embed' });
    expect(parsePart('13.mlp', shape)).toEqual({ piece: 'lens', layer: 11, head: null }); // GPT-2 small has 12
    expect(parsePart('2.attn.13', shape).piece).toBe('lens');
    expect(parsePart(null, { layers: 2, heads: 4 })).toEqual({ piece: 'lens', layer: 1, head: null });
  });
});

describe('prefix-matching scores from full maps', () => {
  it('averages attention from each repeated token to the token after its earlier occurrence', () => {
    const random = uniformSource(60);
    const ids = [5, 9, 2, 7, 5, 9, 2, 7, 3];
    const layers = 2;
    const heads = 3;
    // maps with random rows (each a distribution over keys 0..query)
    const full = () =>
      Array.from({ length: heads }, () =>
        ids.map((_, query) => {
          const row = new Float32Array(ids.length);
          let sum = 0;
          for (let key = 0; key <= query; key++) sum += row[key] = random();
          return row.map((value) => value / sum);
        }),
      );
    const inspected = {
      tokens: ids.map((id) => ({ id, text: String(id) })),
      blocks: Array.from({ length: layers }, () => ({ attention: { full: full() } })),
    };
    const scores = prefixMatchingScores(inspected);
    // by hand: queries 4..7 repeat tokens first seen at 0..3; each reads the key after (1..4)
    const pairs = [
      [4, 1],
      [5, 2],
      [6, 3],
      [7, 4],
    ];
    for (let layer = 0; layer < layers; layer++)
      for (let head = 0; head < heads; head++) {
        const rows = inspected.blocks[layer].attention.full[head];
        const expected = pairs.reduce((sum, [q, k]) => sum + rows[q][k], 0) / pairs.length;
        expect(scores[layer][head]).toBeCloseTo(expected, 6);
      }
  });

  it('draws distinct pieces of a text, the same for the same seed', () => {
    const lm = { tokenize: (text) => ({ pieces: Array.from(text) }) };
    const text = 'the quick brown fox jumps over the lazy dog';
    const a = randomPieces(lm, text, 8, 3);
    expect(a).toBe(randomPieces(lm, text, 8, 3));
    expect(new Set(a).size).toBe(8);
    expect(a).not.toMatch(/\s/);
  });
});
