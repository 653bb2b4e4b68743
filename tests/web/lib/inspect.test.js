// LanguageModel.inspect on the model the site ships: the residual stream adds up from block to block, the attention
// rows are the whole maps' rows and sum to 1, the logit lens ends at the model's own distribution (the cached step's,
// to 1e-5), and the refusals name their kind.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import '../property-seed.js';

const corpora = new URL('../../../web/corpora/', import.meta.url);
const novel = readFileSync(new URL('pride-and-prejudice.txt', corpora), 'utf8');

/** @type {import('../../../web/lib/index.js').LanguageModel} */
let lm;
beforeAll(async () => {
  lm = await loadLanguageModel({ weights: readFileSync(new URL('pride-and-prejudice-language-model.bin', corpora)) });
});
afterAll(() => lm.dispose());

const sum = (values) => values.reduce((a, b) => a + b, 0);
const largestDifference = (a, b) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i])));

describe('inspect on the shipped model', () => {
  it('reads every part at a position: the stream adds up, rows sum to 1, the lens ends at the model’s output', () => {
    const { layers, heads, dModel, ffn, context } = lm.config;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: novel.length - context }),
        fc.integer({ min: 1, max: context }),
        fc.nat(),
        (start, length, at) => {
          const text = novel.slice(start, start + length);
          const position = at % length;
          const x = lm.inspect(text, { position, top: 5 });
          expect(x.tokens.map((t) => t.text).join('')).toBe(text);
          expect(x.position).toBe(position);
          expect(x.names).toContain(`blocks.${layers - 1}.hook_resid_post`);
          expect(x.blocks).toHaveLength(layers);
          const pre = x.blocks[0].residPre.vector;
          expect(
            largestDifference(
              pre,
              x.embed.token.map((v, j) => v + x.embed.position[j]),
            ),
          ).toBeLessThan(1e-5);
          x.blocks.forEach((block, layer) => {
            expect(block.residPre.vector).toHaveLength(dModel);
            expect(block.residPre.norm).toBeCloseTo(Math.hypot(...block.residPre.vector), 3);
            if (layer + 1 < layers) expect(block.residPost.vector).toEqual(x.blocks[layer + 1].residPre.vector);
            expect(block.attention.pattern).toHaveLength(heads);
            for (const row of block.attention.pattern) {
              expect(row).toHaveLength(position + 1);
              expect(sum(row)).toBeCloseTo(1, 5);
            }
            expect(block.mlp.post).toHaveLength(ffn);
            expect(block.mlp.top[0].value).toBe(Math.max(...block.mlp.post));
            expect(block.mlp.post.every((v) => v >= 0)).toBe(true); // after the ReLU
          });
          expect(x.logitLens.map((l) => l.layer)).toEqual(Array.from({ length: layers + 1 }, (_, i) => i));
          expect(x.final.top).toBe(x.logitLens[layers].top);
          const finalTop = x.final.top[0].id;
          expect(x.logitLens[x.firstAgreeingLayer].top[0].id).toBe(finalTop);
          expect(x.logitLens.slice(0, x.firstAgreeingLayer).every((l) => l.top[0].id !== finalTop)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ends the lens at the distribution generate() draws from after the same text', () => {
    const text = novel.slice(1000, 1040);
    const x = lm.inspect(text, { top: 8 });
    const [step] = lm.generate(text, { tokens: 1, topK: 0, topP: 1, top: 8 }).steps;
    expect(x.final.top.map((t) => t.id)).toEqual(step.top.map((t) => t.id));
    expect(
      largestDifference(
        Float32Array.from(x.final.top, (t) => t.probability),
        step.top.map((t) => t.probability),
      ),
    ).toBeLessThan(1e-5);
  });

  it('gives whole maps only when asked, each query’s row the rows’ reading', () => {
    const text = novel.slice(5000, 5030);
    const rows = lm.inspect(text, { position: 12 });
    const full = lm.inspect(text, { position: 12, attention: 'full' });
    expect(rows.blocks[0].attention.full).toBeUndefined();
    const map = full.blocks[1].attention.full;
    expect(map).toHaveLength(lm.config.heads);
    expect(map[2]).toHaveLength(text.length);
    expect(Array.from(map[2][12].subarray(0, 13))).toEqual(Array.from(rows.blocks[1].attention.pattern[2]));
    expect(sum(map[2][12].subarray(13))).toBe(0); // causal: no later key
  });

  it('refuses an empty text, a text past the context and a position outside the text, by kind', () => {
    const refusal = (text, options) => {
      try {
        lm.inspect(text, options);
      } catch (error) {
        return { name: error.name, kind: error.kind, count: error.count, limit: error.limit, message: error.message };
      }
      return null;
    };
    expect(refusal('')).toMatchObject({ name: 'RangeError', kind: 'empty' });
    const long = novel.slice(0, lm.config.context + 1);
    expect(refusal(long)).toMatchObject({ kind: 'context', count: lm.config.context + 1, limit: lm.config.context });
    expect(refusal('abc', { position: 3 })).toMatchObject({ kind: 'position', count: 3, limit: 3 });
    expect(refusal('abc', { position: 1.5 })).toMatchObject({ kind: 'position' });
    expect(refusal('abc', { top: 0 })?.message).toMatch(/^inspect: options.top/);
    expect(refusal('abc', { attention: 'all' })?.message).toMatch(/^inspect: options.attention must be/);
    expect(refusal('abc', { heads: 1 })?.name).toBe('TypeError');
  });

  it('refuses to read a disposed model', async () => {
    const gone = await loadLanguageModel({
      weights: readFileSync(new URL('pride-and-prejudice-language-model.bin', corpora)),
    });
    gone.dispose();
    expect(() => gone.inspect('abc')).toThrow(/^inspect: this language model has been disposed/);
  });
});
