// The Train view's state and helpers, without a page: URL round trip (options, ablations, probe, map),
// malformed and hostile links, trainer options, snapshot steps, durations, and the chart's arithmetic.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { downsample, logDomain } from '../../../web/src/drawing/line-chart.js';
import {
  decodeTrainState,
  defaultTrainState,
  effectiveHeads,
  effectiveKvHeads,
  encodeTrainState,
  formatDuration,
  kvHeadChoices,
  snapshotSteps,
  trainerOptions,
} from '../../../web/src/train/train-state.js';

beforeAll(async () => {
  await Promise.all([loadMessages('train')]); // durations are written with messages (English here)
});

const roundTrip = (state) => decodeTrainState(`?${encodeTrainState(state)}`);

describe('train state', () => {
  it('defaults to the shipped model and a 1,000-step run of sentences of up to 5 words, and keeps a default link short', () => {
    const state = defaultTrainState();
    expect(state).toMatchObject({
      dModel: 32,
      heads: 4,
      encoderLayers: 2,
      decoderLayers: 2,
      steps: 1000,
      longestSentence: 5,
      batchSize: 48,
      learningRate: 0.008,
      seed: 7,
      layer: 1,
      head: 'average',
    });
    expect(String(encodeTrainState(state))).toBe('layer=2&head=avg');
    expect(decodeTrainState('')).toEqual(state);
  });

  it('keeps the longest sentence of a language pair in the link, and nothing of it for other tasks', () => {
    const state = { ...defaultTrainState(), task: 'en-mr', longestSentence: 8 };
    expect(String(encodeTrainState(state))).toContain('words=8');
    expect(decodeTrainState(encodeTrainState(state))).toMatchObject({ task: 'en-mr', longestSentence: 8 });
    expect(String(encodeTrainState({ ...state, task: 'reverse' }))).not.toContain('words=');
    for (const bad of ['1', '13', '4.5', 'x']) expect(decodeTrainState(`words=${bad}`).longestSentence).toBe(5);
    expect(trainerOptions({ ...state }).longestSentence).toBe(8);
  });

  it('keeps the vocabulary of a language pair in the link as lexicon=, and nothing of it for other tasks', () => {
    expect(defaultTrainState().vocabulary).toBe(90); // createTrainer's default: nothing in a default link
    const state = { ...defaultTrainState(), task: 'en-ja', vocabulary: 60 };
    expect(String(encodeTrainState(state))).toContain('lexicon=60');
    expect(roundTrip(state)).toEqual(state);
    const whole = { ...state, vocabulary: 0 }; // the whole lexicon, said as such
    expect(String(encodeTrainState(whole))).toContain('lexicon=all');
    expect(roundTrip(whole)).toEqual(whole);
    expect(String(encodeTrainState({ ...state, task: 'sort' }))).not.toContain('lexicon=');
    expect(String(encodeTrainState({ ...state, task: 'pairs' }))).not.toContain('lexicon=');
    for (const bad of ['', '0', '61', '-60', '60.5', 'x', 'ALL']) {
      expect(decodeTrainState(`lexicon=${bad}`).vocabulary).toBe(90);
    }
    expect(trainerOptions(state).vocabulary).toBe(60);
    expect(trainerOptions(whole).vocabulary).toBe(0);
  });

  it('reproduces every option, ablation and the map shown', () => {
    const state = {
      ...defaultTrainState(),
      dModel: 64,
      heads: 8,
      encoderLayers: 3,
      decoderLayers: 1,
      steps: 1234,
      batchSize: 16,
      learningRate: 0.02,
      seed: 99,
      ablations: { noPositions: true, noScaling: true, singleHead: false, sigmoidGates: true },
      probe: 'maria loves the cat',
      layer: 0,
      head: 5,
      threads: 3,
    };
    expect(String(encodeTrainState(state))).toMatch(/without=positions%2Cscaling%2Csoftmax/);
    expect(roundTrip(state)).toEqual(state);
  });

  it('falls back to the default for each malformed or hostile value, keeping the rest', () => {
    const state = decodeTrainState(
      '?d=33&h=3&enc=9&dec=0&steps=1e9&batch=-4&lr=0.0081&seed=1.5&layer=7&head=99&without=positions,<script>&probe=%20%20&threads=5',
    );
    const d = defaultTrainState();
    expect(state).toEqual({ ...d, ablations: { ...d.ablations, noPositions: true } });
    expect(decodeTrainState(`?probe=${'a'.repeat(500)}`).probe).toHaveLength(200);
    expect(decodeTrainState('?dec=1&layer=2').layer).toBe(0); // no second decoder layer: the last one
  });

  it('carries the task and its lengths; each task starts from its own probe', () => {
    const state = decodeTrainState('?task=copy&len=2-10');
    expect(state).toMatchObject({ task: 'copy', minLength: 2, maxLength: 10, probe: '3 # 1 4 # # 1 5' });
    expect(String(encodeTrainState(state))).toBe('task=copy&len=2-10&layer=2&head=avg');
    expect(roundTrip({ ...state, probe: '1 # 2' })).toEqual({ ...state, probe: '1 # 2' });
    expect(trainerOptions(state)).toMatchObject({ task: 'copy', sequenceLength: { min: 2, max: 10 } });
    for (const bad of ['?task=french', '?task=sort&len=9-3', '?task=sort&len=0-13', '?task=sort&len=x']) {
      const decoded = decodeTrainState(bad);
      expect([decoded.minLength, decoded.maxLength]).toEqual([3, 8]);
      if (bad.includes('french')) expect(decoded.task).toBe('en-es');
    }
  });

  it('a single head overrides the heads choice, for the map picker and for the trainer', () => {
    const state = { ...defaultTrainState(), ablations: { ...defaultTrainState().ablations, singleHead: true } };
    expect(effectiveHeads(state)).toBe(1);
    expect(decodeTrainState('?without=heads&head=3').head).toBe('average');
    const options = trainerOptions(state);
    expect(options.ablations.singleHead).toBe(true);
    expect(options.model).toEqual({
      dModel: 32,
      heads: 4,
      kvHeads: 1,
      ffn: 64,
      encoderLayers: 2,
      decoderLayers: 2,
      positions: 'sinusoidal',
    });
  });

  it('carries shared key/value heads; a count that does not divide the heads means one per head', () => {
    const state = decodeTrainState('?h=8&kv=2');
    expect(state.kvHeads).toBe(2);
    expect(String(encodeTrainState(state))).toMatch(/kv=2/);
    expect(roundTrip(state)).toEqual(state);
    expect(trainerOptions(state).model.kvHeads).toBe(2);
    expect(kvHeadChoices(8)).toEqual([8, 4, 2, 1]);
    expect(kvHeadChoices(1)).toEqual([1]);
    expect(effectiveKvHeads({ ...state, heads: 2 })).toBe(2); // 2 divides 2: one per head anyway
    expect(effectiveKvHeads({ ...state, heads: 1 })).toBe(1);
    expect(effectiveKvHeads(decodeTrainState('?h=4&kv=8'))).toBe(4);
    expect(effectiveKvHeads(decodeTrainState('?kv=3'))).toBe(4);
    expect(decodeTrainState('?kv=x').kvHeads).toBe('all');
    expect(trainerOptions(decodeTrainState('?h=8')).model.kvHeads).toBe(8);
    expect(String(encodeTrainState(decodeTrainState('')))).not.toMatch(/kv=/);
  });

  it('carries the position scheme; the no-positions ablation overrides it; a strange one falls back', () => {
    const state = decodeTrainState('?task=reverse&pe=alibi');
    expect(state.positions).toBe('alibi');
    expect(String(encodeTrainState(state))).toMatch(/pe=alibi/);
    expect(roundTrip(state)).toEqual(state);
    expect(trainerOptions(state).model.positions).toBe('alibi');
    expect(trainerOptions({ ...state, ablations: { ...state.ablations, noPositions: true } }).model.positions).toBe(
      'none',
    );
    for (const bad of ['?pe=learned', '?pe=none', '?pe=']) expect(decodeTrainState(bad).positions).toBe('sinusoidal');
    expect(String(encodeTrainState(decodeTrainState('')))).not.toMatch(/pe=/);
  });

  it('snapshots at 0, 10%, 25%, 50% and the end, without repeats for tiny runs', () => {
    expect(snapshotSteps(400)).toEqual([0, 40, 100, 200, 400]);
    expect(snapshotSteps(10)).toEqual([0, 1, 3, 5, 10]);
    expect(snapshotSteps(2)).toEqual([0, 1, 2]);
  });

  it('formats durations for the progress line', () => {
    expect(formatDuration(4.26)).toBe('4.3 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(Infinity)).toBe('–');
    expect(formatDuration(NaN)).toBe('–');
  });
});

describe('line chart arithmetic', () => {
  it('fits whole decades around the positive values of a log axis', () => {
    expect(logDomain([4.6, 0.8, 0.031])).toEqual([0.01, 10]);
    expect(logDomain([1, 10])).toEqual([1, 10]);
    expect(logDomain([2])).toEqual([1, 10]);
    expect(logDomain([0, -1, NaN])).toEqual([0.01, 10]);
  });

  it('averages long series into at most 600 points and leaves short ones alone', () => {
    const points = Array.from({ length: 1200 }, (_, i) => [i + 1, i % 2]);
    const reduced = downsample(points);
    expect(reduced).toHaveLength(600);
    expect(reduced[0]).toEqual([1.5, 0.5]);
    expect(reduced.at(-1)).toEqual([1199.5, 0.5]);
    const short = points.slice(0, 10);
    expect(downsample(short)).toBe(short);
  });
});
