// The Generate view's state without a page: every state a learner can reach survives the URL round trip (a
// property, on fast-check's fixed seed: tests/web/property-seed.js), defaults stay out of the URL, the learner's own
// text never enters it, and a malformed or hostile link falls back value by value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  decodeGenerateState,
  defaultGenerateState,
  effectiveKvHeads,
  encodeGenerateState,
  generateChoices,
  generationOptions,
  kvHeadChoices,
  trainerOptions,
} from '../../../web/src/generate/generate-state.js';

const roundTrip = (state) => decodeGenerateState(`?${encodeGenerateState(state)}`);
const c = generateChoices;
const range = ({ min, max }) => fc.integer({ min, max });
const hundredths = ({ min, max }) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);

/** Any state the view's controls can reach (own text aside: it is never in a link). */
const reachableState = fc
  .record({
    corpus: fc.constantFrom(...c.corpus),
    tokenizer: fc.constantFrom(...c.tokenizer),
    merges: fc.constantFrom(...c.merges),
    context: fc.constantFrom(...c.context),
    steps: range(c.steps),
    batchSize: fc.constantFrom(...c.batchSize),
    learningRate: fc.constantFrom(...c.learningRate),
    dModel: fc.constantFrom(...c.dModel),
    heads: fc.constantFrom(...c.heads),
    kvHeadsPick: fc.nat(),
    layers: fc.constantFrom(...c.layers),
    positions: fc.constantFrom(...c.positions),
    prompt: fc.string({ maxLength: c.promptLength / 2, unit: 'binary' }), // up to 2 UTF-16 units a code point
    tokens: range(c.tokens),
    temperature: hundredths(c.temperature),
    topK: range(c.topK),
    topP: hundredths(c.topP),
    seed: range(c.seed),
    cache: fc.boolean(),
    layerPick: fc.nat(),
    headPick: fc.nat(),
    step: fc.integer({ min: 0, max: c.tokens.max - 1 }),
    sinkPositions: fc.constantFrom(...c.sinkPositions),
    sinkSteps: fc.constantFrom(...c.sinkSteps),
    sinkWindow: fc.boolean(),
    sinkLogits: fc.boolean(),
    threads: fc.option(range(c.threads), { nil: null }),
  })
  .map(({ kvHeadsPick, layerPick, headPick, ...rest }) => {
    const kvChoices = ['all', ...kvHeadChoices(rest.heads).filter((n) => n !== rest.heads)];
    return {
      ...defaultGenerateState(),
      ...rest,
      kvHeads: kvChoices[kvHeadsPick % kvChoices.length],
      layer: layerPick % rest.layers,
      head: headPick % rest.heads,
    };
  });

describe('generate state', () => {
  it('keeps a default link empty, and decodes nothing to the defaults', () => {
    const state = defaultGenerateState();
    expect(String(encodeGenerateState(state))).toBe('');
    expect(decodeGenerateState('')).toEqual(state);
  });

  it('round-trips every reachable state through the URL', () => {
    fc.assert(
      fc.property(reachableState, (state) => {
        expect(roundTrip(state)).toEqual(state);
      }),
    );
  });

  it('names each setting in the URL as the view says it, and omits only defaults', () => {
    const state = {
      ...defaultGenerateState(),
      corpus: 'own',
      tokenizer: 'byte-pairs',
      merges: 512,
      context: 32,
      steps: 150,
      prompt: 'Elizabeth said',
      temperature: 0,
      topK: 5,
      topP: 0.9,
      seed: 42,
      tokens: 12,
      cache: false,
      layer: 1,
      head: 2,
      step: 3,
      sinkPositions: 'alibi',
      sinkSteps: 200,
      sinkWindow: true,
      sinkLogits: true,
    };
    expect(Object.fromEntries(encodeGenerateState(state))).toEqual({
      corpus: 'own',
      tokenizer: 'byte-pairs',
      merges: '512',
      context: '32',
      steps: '150',
      prompt: 'Elizabeth said',
      temperature: '0',
      topK: '5',
      topP: '0.9',
      seed: '42',
      tokens: '12',
      cache: 'off',
      layer: '2',
      head: '3',
      step: '4',
      sinkPe: 'alibi',
      sinkSteps: '200',
      sinkWindow: 'on',
      sinkLogits: 'on',
    });
  });

  it('never puts the learner’s own text in the URL', () => {
    const state = { ...defaultGenerateState(), corpus: 'own', ownText: 'my private diary, not for links' };
    expect(String(encodeGenerateState(state))).not.toMatch(/diary/);
    expect(roundTrip(state).ownText).toBe('');
  });

  it('falls back to the default for each malformed or hostile value, keeping the rest', () => {
    const state = decodeGenerateState(
      '?corpus=<script>&tokenizer=words&merges=300&context=1e9&steps=9&batch=7&lr=1&d=33&h=3&kv=3&layers=0' +
        '&pe=learned&tokens=0&temperature=2.5&topK=-1&topP=0&seed=1.5&cache=maybe&layer=9&head=0&step=401&prompt=ok' +
        '&threads=5',
    );
    expect(state).toEqual({ ...defaultGenerateState(), prompt: 'ok' });
  });

  it('keeps a layer, a head and key/value heads the model has', () => {
    expect(decodeGenerateState('?layers=1&layer=2&h=2&head=3&kv=4')).toMatchObject({
      layer: 0,
      head: 0,
      kvHeads: 'all',
    });
    expect(decodeGenerateState('?h=8&kv=2&layer=2&head=8')).toMatchObject({ kvHeads: 2, layer: 1, head: 7 });
    const narrowed = applyChanges(
      { ...defaultGenerateState(), layer: 1, head: 3, kvHeads: 2 },
      { layers: 1, heads: 1 },
    );
    expect(narrowed).toMatchObject({ layer: 0, head: 0, kvHeads: 'all' });
  });

  it('keeps the threads chosen (the address files them as generate.threads), none for the default', () => {
    expect(String(encodeGenerateState({ ...defaultGenerateState(), threads: 2 }))).toBe('threads=2');
    expect(decodeGenerateState('?threads=4').threads).toBe(4);
    expect(decodeGenerateState('?threads=0').threads).toBe(null);
  });

  it('cuts a long prompt from a link to the prompt field’s length', () => {
    expect(decodeGenerateState(`?prompt=${'a'.repeat(1000)}`).prompt).toHaveLength(c.promptLength);
  });

  it('gives createTrainer and generate their options', () => {
    const state = { ...defaultGenerateState(), tokenizer: 'byte-pairs', heads: 4, kvHeads: 2 };
    expect(trainerOptions(state, 'some text')).toEqual({
      task: { corpus: 'some text', tokenizer: 'byte-pairs', merges: 256, context: 64 },
      steps: 1200,
      batchSize: 8,
      learningRate: 0.008,
      model: { dModel: 64, heads: 4, kvHeads: 2, ffn: 256, layers: 2, positions: 'sinusoidal' },
    });
    expect(trainerOptions(defaultGenerateState(), 'x').task).not.toHaveProperty('merges');
    expect(effectiveKvHeads({ heads: 4, kvHeads: 3 })).toBe(4);
    expect(generationOptions(defaultGenerateState())).toEqual({
      tokens: 80,
      decoding: 'sample',
      outputTemperature: 0.8,
      topK: 0,
      topP: 1,
      seed: 1,
      cache: true,
      top: 10,
    });
  });
});
