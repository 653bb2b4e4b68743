// Decoding through the translator API (SIMD build): each step's output distribution, greedy and seeded
// sampling, the output temperature, teacher forcing, beam search, and bad decoding options named.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { modelWithoutUnknownToken } from '../helpers.js';

let t, refusing;
beforeAll(async () => {
  t = await loadTranslator({ backend: 'wasm-simd128' });
  // The shipped models have <unk>; a model without it refuses forced words it cannot produce.
  refusing = await loadTranslator({ backend: 'wasm-simd128', weights: await modelWithoutUnknownToken() });
});

const row = (r, step) => r.probabilities.data.subarray(step * r.probabilities.cols, (step + 1) * r.probabilities.cols);
const argmax = (values) => values.reduce((best, v, i) => (v > values[best] ? i : best), 0);

describe('decoding', () => {
  it('each step has a distribution over outputWords that sums to 1; greedy takes its argmax', () => {
    const r = t.translate('the big dog sees the white cats');
    expect(r.decoding).toEqual({ choice: 'greedy', outputTemperature: 1, seed: 0, forced: false, beam: null });
    expect(r.beam).toBeNull();
    expect(r.probabilities).toMatchObject({ rows: r.target.length, cols: t.outputWords.length });
    expect(t.outputWords.slice(0, 2)).toEqual(['<bos>', '<eos>']);
    r.steps.forEach((step, i) => {
      const p = row(r, i);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      expect(argmax(p)).toBe(step.id);
      expect(t.outputWords[step.id]).toBe(step.text);
      expect(step.top[0]).toEqual({ id: step.id, text: step.text, probability: step.probability });
      expect(step.top.map((e) => e.probability)).toEqual([...step.top.map((e) => e.probability)].sort((a, b) => b - a));
      // the ten most likely of the whole distribution, equal ones in the vocabulary's order (a stable sort's)
      const ranked = Array.from(p, (probability, id) => ({ id, text: t.outputWords[id], probability }))
        .filter((entry) => entry.probability > 0)
        .sort((a, b) => b.probability - a.probability);
      expect(step.top).toEqual(ranked.slice(0, 10));
    });
  });

  it('sampling: the same seed repeats; over 2,000 draws the first word follows the probabilities', () => {
    // At output temperature 4 the first word of 'ana sleeps' is "ana" 0.045, then "gana" 0.0039, "lucía" 0.0037,
    // "pedro" 0.0037, "juan" 0.0034, "hornea" 0.0034 and a long tail over the 2,801 output words.
    const options = { decoding: 'sample', outputTemperature: 4, seed: 5 };
    const sentence = 'ana sleeps';
    expect(t.translate(sentence, options).target).toEqual(t.translate(sentence, options).target);
    const p = row(t.translate(sentence, options), 0);
    const counts = new Map();
    const draws = 2000;
    for (let seed = 0; seed < draws; seed++) {
      const word = t.translate(sentence, { ...options, seed }).target[0];
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    let spread = 0;
    t.outputWords.forEach((word, i) => {
      const seen = (counts.get(word) ?? 0) / draws;
      expect(Math.abs(seen - p[i])).toBeLessThan(4.5 * Math.sqrt((p[i] * (1 - p[i])) / draws) + 2e-3);
      if (p[i] > 0.003) spread++;
    });
    expect(spread).toBeGreaterThanOrEqual(5);
  });

  it('teacher forcing with the greedy output reproduces free running; a wrong early word changes what follows', () => {
    const sentence = 'the big dog sees the white cats';
    const free = t.translate(sentence);
    const forced = t.translate(sentence, { target: free.target.slice(0, -1).join(' ') });
    expect(forced.decoding.forced).toBe(true);
    expect(forced.target).toEqual(free.target);
    free.crossAttention.forEach((layer, l) =>
      layer.forEach((m, h) => {
        const other = forced.crossAttention[l][h].data;
        m.data.forEach((x, i) => expect(Math.abs(x - other[i])).toBeLessThan(1e-5));
      }),
    );
    const wrong = t.translate(sentence, { target: 'la perro grande' });
    expect(wrong.steps[0].top[0].text).toBe('el'); // the model's own guess at step 1, whatever it is fed
    expect(wrong.steps[0].probability).toBeLessThan(0.01); // "la" was very unlikely
    // Fed the wrong "la", what the later steps look at changes (0.55 at most, here).
    let change = 0;
    wrong.crossAttention.forEach((layer, l) =>
      layer.forEach((m, h) => {
        for (let i = m.cols; i < m.data.length; i++)
          change = Math.max(change, Math.abs(m.data[i] - free.crossAttention[l][h].data[i]));
      }),
    );
    expect(change).toBeGreaterThan(0.1);
  });

  it('beam search of width 1 chooses greedy decoding’s words, maps and distributions', () => {
    for (const sentence of t.heldOutSentences(20, 6).map((s) => s.source)) {
      const greedy = t.translate(sentence, { outputTemperature: 4 });
      const beam = t.translate(sentence, { beam: 1, outputTemperature: 4 });
      expect(beam.target).toEqual(greedy.target);
      // Decoded again in one teacher-forced pass: each row's distribution as greedy's step computed it, to rounding.
      beam.probabilities.data.forEach((p, i) => expect(Math.abs(p - greedy.probabilities.data[i])).toBeLessThan(1e-6));
      expect(beam.crossAttention).toEqual(greedy.crossAttention);
      expect(beam.decoding).toEqual({ choice: 'beam', outputTemperature: 4, seed: 0, forced: false, beam: 1 });
      expect(beam.beam.steps.every((nodes) => nodes.length === 1)).toBe(true);
      expect(beam.beam.greedy.tokens).toEqual(greedy.target);
      expect(beam.beam.greedy.path).toEqual(greedy.target.map(() => 0));
    }
  });

  it('a wider beam keeps a consistent tree, scores at least greedy’s while greedy stays in it, and returns its best hypothesis', () => {
    let parted = 0,
      better = 0;
    for (const sentence of t.heldOutSentences(20, 7).map((s) => s.source)) {
      const r = t.translate(sentence, { beam: 4, outputTemperature: 8 });
      const { steps, best, greedy, alpha } = r.beam;
      expect(alpha).toBe(0.6);
      steps.forEach((nodes, step) => {
        expect(nodes.length).toBeGreaterThanOrEqual(1);
        expect(nodes.length).toBeLessThanOrEqual(4);
        for (const node of nodes) {
          expect(node.normalizedScore).toBeCloseTo(node.score / ((5 + step + 1) / 6) ** alpha, 10);
          expect(node.words).toHaveLength(step + 1);
          expect(node.crossAttention[1][3]).toMatchObject({ rows: 1, cols: r.source.length });
          if (step === 0) {
            expect(node.parent).toBe(-1);
            continue;
          }
          const parent = steps[step - 1][node.parent];
          expect(parent.finished).toBe(false); // only open hypotheses grow
          expect(node.score).toBeLessThanOrEqual(parent.score); // every token's log-probability is ≤ 0
          expect(node.words.slice(0, -1)).toEqual(parent.words);
        }
      });
      const chosen = steps[best.step][best.node];
      expect(chosen.words).toEqual(r.target);
      for (const nodes of steps)
        for (const n of nodes) if (n.finished) expect(n.normalizedScore).toBeLessThanOrEqual(chosen.normalizedScore);
      // The path holds greedy's prefix while it is in the beam: where it parts, it never comes back.
      const left = greedy.path.indexOf(-1);
      if (left >= 0) expect(greedy.path.slice(left).every((i) => i === -1)).toBe(true);
      // Greedy's hypothesis finished in the beam: the best scores at least as well. Pruned out of the beam, it can
      // score better than what the beam kept (a search error: 1 of these 20, "those red doctors sent three
      // white apples to an old duck", -29.19 against greedy's -28.08).
      if (left < 0) expect(chosen.normalizedScore).toBeGreaterThanOrEqual(greedy.normalizedScore - 1e-9);
      if (r.target.join(' ') !== greedy.tokens.join(' ')) parted++;
      if (left < 0 && chosen.normalizedScore > greedy.normalizedScore + 0.1) better++;
    }
    expect(parted).toBeGreaterThan(0); // at this output temperature some searches find another translation
    expect(better).toBeGreaterThan(0); // some of them with greedy's hypothesis in the beam: a better-scoring one
  });

  it.each([
    [
      'an unknown choice',
      { decoding: 'beam' },
      RangeError,
      "translate: options.decoding must be 'greedy' or 'sample', got 'beam'",
    ],
    [
      'a zero output temperature',
      { outputTemperature: 0 },
      RangeError,
      'translate: options.outputTemperature must be a number from 0.01 to 100, got 0',
    ],
    [
      'a fractional seed',
      { decoding: 'sample', seed: 1.5 },
      RangeError,
      'translate: options.seed must be a whole number from 0 to 2^53 - 1, got 1.5',
    ],
    ['a seed that is a string', { seed: '7' }, TypeError, 'options.seed must be a number, got string 7'],
    ['an empty target', { target: '   ' }, RangeError, 'translate: options.target has no words'],
    ['a target that is not a string', { target: ['el'] }, TypeError, 'options.target must be a string, got an Array'],
    ['a beam of 0', { beam: 0 }, RangeError, 'translate: options.beam must be a whole number from 1 to 8, got 0'],
    ['a beam of 9', { beam: 9 }, RangeError, 'translate: options.beam must be a whole number from 1 to 8, got 9'],
    ['a fractional beam', { beam: 2.5 }, RangeError, 'options.beam must be a whole number from 1 to 8, got 2.5'],
    ['a beam that is a string', { beam: '4' }, TypeError, 'translate: options.beam must be a number, got string 4'],
    [
      'a cache that is not a boolean',
      { cache: 0 },
      TypeError,
      'translate: options.cache must be a boolean, got number 0',
    ],
    [
      'a beam with sampling',
      { beam: 4, decoding: 'sample' },
      RangeError,
      "translate: options.beam cannot go with options.decoding 'sample'",
    ],
    [
      'a beam with a forced target',
      { beam: 4, target: 'el perro duerme' },
      RangeError,
      'translate: options.beam cannot go with options.target',
    ],
  ])('refuses %s, naming it', (_, options, ErrorType, message) => {
    expect(() => t.translate('the dog sleeps', options)).toThrow(ErrorType);
    expect(() => t.translate('the dog sleeps', options)).toThrow(message);
    expect(t.translate('the dog sleeps').target).toEqual(['el', 'perro', 'duerme', '<eos>']); // still working
  });

  it('decodes from the key/value cache as recomputing the prefix does: the same words, maps and distributions', () => {
    const largestDifference = (a, b) => a.reduce((largest, x, i) => Math.max(largest, Math.abs(x - b[i])), 0);
    const sentences = t.heldOutSentences(30).map((pair) => pair.source);
    sentences.push('the dgo sleeps'); // a word copied from where the cross-attention points
    for (const sentence of sentences) {
      for (const options of [{}, { decoding: 'sample', seed: 4, outputTemperature: 2 }, { temperature: 0.5 }]) {
        const cached = t.translate(sentence, options);
        const recomputed = t.translate(sentence, { ...options, cache: false });
        expect(cached.target, sentence).toEqual(recomputed.target);
        expect(cached.copied).toEqual(recomputed.copied);
        expect(largestDifference(cached.probabilities.data, recomputed.probabilities.data)).toBeLessThanOrEqual(1e-5);
        cached.crossAttention.flat().forEach((map, i) => {
          expect(largestDifference(map.data, recomputed.crossAttention.flat()[i].data)).toBeLessThanOrEqual(1e-5);
        });
      }
    }
  });

  it('feeds a forced word it cannot produce as <unk>; a model without <unk> refuses it, naming it', () => {
    const forced = t.translate('the dog sleeps', { target: 'el chien' });
    expect(forced.target).toEqual(['el', '<unk>', '<eos>']);
    expect(forced.copied).toEqual([]); // teacher forcing copies nothing
    expect(forced.steps[1].probability).toBe(
      forced.probabilities.data[forced.probabilities.cols + t.outputWords.indexOf('<unk>')],
    );
    expect(refusing.outputWords).not.toContain('<unk>');
    const options = { target: 'el chien' };
    expect(() => refusing.translate('the dog sleeps', options)).toThrow(RangeError);
    expect(() => refusing.translate('the dog sleeps', options)).toThrow(
      "translate: the forced target has words the model does not produce: 'chien'",
    );
    expect(refusing.translate('the dog sleeps', { target: 'el perro' }).target).toEqual(['el', 'perro', '<eos>']);
  });
});
