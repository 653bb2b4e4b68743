// LanguageModel.inspect on a GPT-2 file with seeded random weights (tests/support/gpt2-files.js), against the float64
// GPT-2 written from the architecture (tests/support/gpt2-reference.js): the embeddings, every block's residual
// stream's norms, every head's attention row, mlp.post and the logit lens's probabilities, each within 1e-4. The lens
// at layer i is what a GPT-2 cut after block i would predict: the reference run with n_layer = i.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2Files } from '../../support/gpt2-files.js';
import { gpt2Reference } from '../../support/gpt2-reference.js';
import '../property-seed.js';

const files = gpt2Files({ layers: 3, heads: 4, width: 64, positions: 48, seed: 60 });
const { n_layer: layers, n_head: heads } = files.config;

/** @type {import('../../../web/lib/index.js').LanguageModel} */
let lm;
beforeAll(async () => {
  lm = await loadLanguageModel({ gpt2: files });
});
afterAll(() => lm?.dispose());

const largestDifference = (a, b) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i])));
const norm = (v) => Math.hypot(...v);

/** softmax of a Float64Array of logits. */
function probabilities(logits) {
  const max = Math.max(...logits);
  const e = logits.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

const words = [
  'the',
  ' quick',
  ' brown',
  ' fox',
  ' jumps',
  ' over',
  ' lazy',
  ' dog',
  '.',
  ' Hello',
  ' world',
  ',',
  ' 42',
];

describe('inspect on a random GPT-2 file against the float64 reference', () => {
  it('gives the reference’s embeddings, residual norms, attention rows, mlp.post and lens to 1e-4', () => {
    const worst = { norms: 0, pattern: 0, post: 0, lens: 0 };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }), fc.nat(), (pieces, at) => {
        const text = pieces.join('');
        const ids = Array.from(lm.tokenize(text).ids);
        const position = at % ids.length;
        const x = lm.inspect(text, { position, top: 5 });
        expect(x.tokens.map((t) => t.id)).toEqual(ids);
        const upTo = ids.slice(0, position + 1);
        const { cache } = gpt2Reference(files.tensors, files.config, upTo, { logits: 'last' });
        expect(largestDifference(x.embed.token, cache.hook_embed[position])).toBeLessThan(1e-6);
        expect(largestDifference(x.embed.position, cache.hook_pos_embed[position])).toBeLessThan(1e-6);
        x.blocks.forEach((block, i) => {
          for (const [ours, name] of [
            [block.residPre, 'hook_resid_pre'],
            [block.residMid, 'hook_resid_mid'],
            [block.residPost, 'hook_resid_post'],
          ]) {
            const expected = norm(cache[`blocks.${i}.${name}`][position]);
            worst.norms = Math.max(worst.norms, Math.abs(ours.norm - expected) / Math.max(1, expected));
          }
          block.attention.pattern.forEach((row, head) => {
            const expected = cache[`blocks.${i}.attn.hook_pattern`][head][position].subarray(0, position + 1);
            worst.pattern = Math.max(worst.pattern, largestDifference(row, expected));
          });
          worst.post = Math.max(
            worst.post,
            largestDifference(block.mlp.post, cache[`blocks.${i}.mlp.hook_post`][position]),
          );
        });
        for (const { layer, top } of x.logitLens) {
          const cut = gpt2Reference(files.tensors, { ...files.config, n_layer: layer }, upTo, { logits: 'last' });
          const p = probabilities(cut.logits[position]);
          for (const entry of top) worst.lens = Math.max(worst.lens, Math.abs(entry.probability - p[entry.id]));
          expect(top[0].probability).toBeCloseTo(Math.max(...p), 4);
        }
      }),
      { numRuns: 12 },
    );
    console.log(`inspect vs float64 GPT-2, worst: ${JSON.stringify(worst)}`);
    expect(worst.norms).toBeLessThan(1e-4);
    expect(worst.pattern).toBeLessThan(1e-4);
    expect(worst.post).toBeLessThan(1e-4);
    expect(worst.lens).toBeLessThan(1e-4);
  });

  it('names GPT-2’s parts and reads its learned positions', () => {
    const x = lm.inspect('Hello world', { position: 1 });
    expect(x.names.slice(0, 3)).toEqual(['hook_embed', 'hook_pos_embed', 'blocks.0.hook_resid_pre']);
    expect(x.blocks).toHaveLength(layers);
    expect(x.blocks[0].attention.pattern).toHaveLength(heads);
    const wpe = files.tensors.get('wpe.weight').values;
    const width = files.config.n_embd;
    expect(largestDifference(x.embed.position, wpe.subarray(width, 2 * width))).toBeLessThan(1e-6);
  });
});
