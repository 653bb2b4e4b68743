// Attention rollout, flow and removal through the public API (translator.attribution), on every build: rollout
// against a plain-JS product of the translation's own maps, flow against the sum over middle words a two-layer
// graph reduces to, removal against translate() with each word left out and the output forced, Spearman
// against a plain-JS rank correlation, and the errors.
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { modelWithoutUnknownToken, translatorPerBackend } from '../helpers.js';

const backends = ['wasm-simd128', 'wasm-relaxed-simd', 'wasm-scalar'];
const translators = translatorPerBackend(backends);

const sentence = 'the big dog sees the white cats';

const at = (m, r, c) => m.data[r * m.cols + c];
/** Ã of one layer in plain JS: 0.5 · the heads' mean + 0.5 · I, as an array of rows. */
function residual(layerMaps) {
  const n = layerMaps[0].rows;
  return Array.from({ length: n }, (_, a) =>
    Array.from(
      { length: n },
      (__, b) => (0.5 * layerMaps.reduce((sum, m) => sum + at(m, a, b), 0)) / layerMaps.length + (a === b ? 0.5 : 0),
    ),
  );
}
const multiply = (a, b) => a.map((row) => b[0].map((_, j) => row.reduce((sum, x, k) => sum + x * b[k][j], 0)));
/** Average ranks (ties share theirs) and Pearson on them. */
function ranks(values) {
  const order = values.map((v, i) => [v, i]).sort((x, y) => x[0] - y[0]);
  const rank = new Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) rank[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return rank;
}
function spearman(a, b) {
  const [ra, rb] = [ranks(a), ranks(b)];
  const mean = (a.length + 1) / 2;
  let cov = 0,
    va = 0,
    vb = 0;
  for (let i = 0; i < a.length; i++) {
    cov += (ra[i] - mean) * (rb[i] - mean);
    va += (ra[i] - mean) ** 2;
    vb += (rb[i] - mean) ** 2;
  }
  return va === 0 || vb === 0 ? null : cov / Math.sqrt(va * vb);
}
const row = (m, r, cols = m.cols) => Array.from(m.data.subarray(r * m.cols, r * m.cols + cols));

describe.each(backends)('%s: attribution', (backend) => {
  const t = () => translators[backend];

  it('rollout is the product of the encoder layers’ 0.5·A + 0.5·I, and of the mean cross-attention', () => {
    const plain = t().translate(sentence);
    const a = t().attribution(sentence);
    expect(a.source).toEqual(plain.source);
    expect(a.target).toEqual(plain.target);
    const [first, second] = plain.encoderSelfAttention.map(residual);
    const rolled = multiply(second, first);
    const s = a.source.length;
    for (let i = 0; i < s; i++)
      for (let j = 0; j < s; j++) expect(at(a.encoder.rollout, i, j)).toBeCloseTo(rolled[i][j], 5);
    // raw: cross-attention averaged over decoder layers and heads; rollout: that times the encoder's rollout.
    const crossMaps = plain.crossAttention.flat();
    for (let r = 0; r < a.target.length; r++) {
      const raw = Array.from(
        { length: s },
        (_, j) => crossMaps.reduce((sum, m) => sum + at(m, r, j), 0) / crossMaps.length,
      );
      for (let j = 0; j < s; j++) {
        expect(at(a.relevance.raw, r, j)).toBeCloseTo(raw[j], 5);
        expect(at(a.relevance.rollout, r, j)).toBeCloseTo(
          raw.reduce((sum, x, k) => sum + x * rolled[k][j], 0),
          5,
        );
      }
    }
    // The encoder's raw map: its last layer's heads averaged.
    const last = plain.encoderSelfAttention[1];
    expect(at(a.encoder.raw, 2, 3)).toBeCloseTo(last.reduce((sum, m) => sum + at(m, 2, 3), 0) / last.length, 5);
  });

  it('flow through two layers is the sum over middle words of the narrower edge', () => {
    const plain = t().translate(sentence);
    const a = t().attribution(sentence);
    const [first, second] = plain.encoderSelfAttention.map(residual);
    const s = a.source.length;
    for (let i = 0; i < s; i++) {
      for (let j = 0; j < s; j++) {
        const expected = first.reduce((sum, _, k) => sum + Math.min(second[i][k], first[k][j]), 0);
        expect(at(a.encoder.flow, i, j)).toBeCloseTo(expected, 5);
      }
    }
    // Through cross-attention the flow from an output word is at most its raw weights' total (1).
    for (let r = 0; r < a.target.length; r++)
      for (const x of row(a.relevance.flow, r)) expect(x).toBeLessThanOrEqual(1 + 1e-6);
  });

  it('removal is the drop in each output word’s probability with that source word left out', () => {
    const a = t().attribution(sentence);
    const words = sentence.split(' ');
    const forced = a.target.slice(0, -1).join(' ');
    const probabilityOf = (result) =>
      result.target.map(
        (word, r) => result.probabilities.data[r * result.probabilities.cols + t().outputWords.indexOf(word)],
      );
    const whole = probabilityOf(t().translate(sentence, { target: forced }));
    for (let j = 0; j < words.length; j++) {
      const without = probabilityOf(t().translate(words.filter((_, k) => k !== j).join(' '), { target: forced }));
      for (let r = 0; r < a.target.length; r++) expect(at(a.removal, r, j)).toBeCloseTo(whole[r] - without[r], 5);
    }
  });

  it('agreement is Spearman over the source words, averaged over the output words', () => {
    const a = t().attribution(sentence);
    const words = a.source.length - 1;
    for (const method of ['raw', 'rollout', 'flow']) {
      const rows = a.target.map((_, r) => spearman(row(a.relevance[method], r, words), row(a.removal, r)));
      rows.forEach((rho, r) =>
        rho === null
          ? expect(a.rowAgreement[method][r]).toBeNull()
          : expect(a.rowAgreement[method][r]).toBeCloseTo(rho, 4),
      );
      const defined = rows.filter((rho) => rho !== null);
      expect(a.agreement[method]).toBeCloseTo(defined.reduce((x, y) => x + y, 0) / defined.length, 4);
    }
  });

  it('pooled over held-out sentences, every method agrees with removal more than chance', () => {
    const pooled = t().attributionAgreement({ count: 30 });
    expect(pooled.sentences).toBe(30);
    expect(pooled.rows).toBeGreaterThan(150);
    for (const method of ['raw', 'rollout', 'flow']) expect(pooled[method]).toBeGreaterThan(0.3);
  });

  it('takes a head mask and an attention temperature, and refuses what translate() refuses', async () => {
    const off = [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    // Its rows are the model's own output tokens: where translate() copied a source word in for an output <unk>,
    // attribution's row is that <unk>.
    const tokens = (r) => r.target.map((word, i) => (r.copied.some((c) => c.targetIndex === i) ? '<unk>' : word));
    const blind = t().attribution(sentence, { headMask: { cross: off } });
    const blindTranslation = t().translate(sentence, { headMask: { cross: off } });
    expect(blindTranslation.copied.length).toBeGreaterThan(0); // blind, the model starts with <unk>
    expect(blind.target).toEqual(tokens(blindTranslation));
    expect(t().attribution(sentence, { temperature: 0.5 }).target).toEqual(
      t().translate(sentence, { temperature: 0.5 }).target,
    );
    // The shipped model reads an unknown word as <unk>; a model without <unk> refuses it, as translate() does.
    const carried = t().attribution('the dog sees the zebra');
    expect(carried.source).toEqual(['the', 'dog', 'sees', 'the', 'zebra', '<eos>']);
    expect(carried.target).toEqual(tokens(t().translate('the dog sees the zebra')));
    const refusing = await loadTranslator({ backend, weights: await modelWithoutUnknownToken() });
    expect(() => refusing.translate('the dog sees the zebra')).toThrow(/translate: unknown word 'zebra'/);
    expect(() => refusing.attribution('the dog sees the zebra')).toThrow(/attribution: unknown word 'zebra'/);
    refusing.dispose();
    expect(() => t().attribution('')).toThrow(/attribution: the sentence has no words/);
    expect(() => t().attribution(sentence, { temperature: 0 })).toThrow(RangeError);
    expect(() => t().attribution(sentence, { colour: 1 })).toThrow(/attribution: .*colour/);
    expect(() => t().attribution(42)).toThrow(TypeError);
    expect(() => t().attributionAgreement({ count: 0 })).toThrow(/attributionAgreement: count must be a whole number/);
    expect(() => t().attribution(sentence, { headMask: { cross: [[1, 1]] } })).toThrow(
      /attribution: options.headMask.cross/,
    );
    // and still works
    expect(t().attribution(sentence).target.length).toBeGreaterThan(1);
  });
});
