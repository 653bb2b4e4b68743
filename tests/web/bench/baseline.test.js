// npm run bench's comparison with a stored earlier build (scripts/bench/baseline.mjs): the stored module still runs
// through today's calls (web/lib/attention-api.js) and answers every case as today's build does, so a change to the
// calls that the stored build cannot follow fails here rather than in the next benchmark run.
import { describe, expect, it } from 'vitest';
import { baselineCases, baselineCommit, loadBuildFrom, verdict } from '../../../scripts/bench/baseline.mjs';
import { loadAttention } from '../../../web/lib/index.js';

const stored = new URL(`../../../scripts/bench/baseline/${baselineCommit}/`, import.meta.url).pathname;

describe(`the stored baseline build (${baselineCommit})`, () => {
  it.each(baselineCases.map((testCase) => [testCase.name, testCase]))(
    '%s: the same answer as today’s SIMD128 build',
    async (_, testCase) => {
      const [base, today] = [await loadBuildFrom(stored), await loadAttention({ backend: 'wasm-simd128' })];
      expect(base.backend).toBe('wasm-simd128');
      const args = testCase.args();
      const [expected, actual] = [testCase.call(today, args), testCase.call(base, args)];
      expect(actual.length).toBe(expected.length);
      let worst = 0;
      for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
      expect(worst).toBeLessThan(1e-4);
    },
  );
});

describe('which figures moved', () => {
  it('says faster or slower only when the ratios’ interquartile range excludes 1', () => {
    expect(verdict({ q1: 1.01, median: 1.05, q3: 1.09 })).toBe('faster');
    expect(verdict({ q1: 0.82, median: 0.85, q3: 0.93 })).toBe('slower');
    expect(verdict({ q1: 0.97, median: 1.02, q3: 1.06 })).toBe('within the noise');
    expect(verdict({ q1: 0.9, median: 0.95, q3: 1 })).toBe('within the noise');
  });
});
