// 0.2's one dialect (CHANGELOG.md): 0.1's names still work for this release, each saying once on the console what
// replaces it (web/lib/renamed.js), and mean what they meant; createTrainer() with no options is the views' default
// run, read from one place.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTrainer,
  defaultTrainerSteps,
  languageModelDefaults,
  loadTranslator,
  trainerDefaults,
} from '../../../web/lib/index.js';
import { renamedOptions, warnRenamed, withOldFields } from '../../../web/lib/renamed.js';
import { defaultTrainState } from '../../../web/src/train/train-state.js';
import { defaultGenerateState } from '../../../web/src/generate/generate-state.js';
import { samplePairs } from '../../../web/src/train/sample-pairs.js';

const backend = 'wasm-simd128';
let warnings;
beforeAll(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warnings.mockClear());
/** The console warnings since the last test that name `text`. */
const warned = (text) => warnings.mock.calls.map(([message]) => String(message)).filter((m) => m.includes(text));

describe('the helper', () => {
  it('warns once per old name and place, naming the new one', () => {
    warnRenamed('place', 'old', 'new');
    warnRenamed('place', 'old', 'new');
    warnRenamed('elsewhere', 'old', 'new');
    expect(warned('old')).toEqual([
      'place: old is now new (attention-playground 0.2; the old form works in 0.2 only)',
      'elsewhere: old is now new (attention-playground 0.2; the old form works in 0.2 only)',
    ]);
  });

  it('reads old option names as the new ones, copying only when there is one, and refuses both at once', () => {
    const current = { weights: 'en-ja' };
    expect(renamedOptions(current, { model: 'weights' }, 'load')).toBe(current);
    expect(renamedOptions({ model: 'en-ja', backend: 'x' }, { model: 'weights' }, 'load')).toEqual({
      weights: 'en-ja',
      backend: 'x',
    });
    expect(() => renamedOptions({ model: 1, weights: 2 }, { model: 'weights' }, 'load')).toThrow(
      new TypeError('load: options.model and options.weights are the same option; give only weights'),
    );
    expect(warned('load: options.model')).toHaveLength(1);
  });

  it('keeps old fields readable, warning once, and out of copies', () => {
    const record = withOldFields({ id: 3, text: 'perro' }, { token: 'text' }, 'a record');
    expect(record.token).toBe('perro');
    expect(record.token).toBe('perro');
    expect({ ...record }).toEqual({ id: 3, text: 'perro' });
    expect(JSON.parse(JSON.stringify(record))).toEqual({ id: 3, text: 'perro' });
    expect(warned('a record: token is now text')).toHaveLength(1);
  });
});

describe('the translator', () => {
  it('loadTranslator({ model }) is { weights }, warned once', async () => {
    const old = await loadTranslator({ model: 'en-ja', backend });
    const again = await loadTranslator({ model: 'en-ja', backend });
    const current = await loadTranslator({ weights: 'en-ja', backend });
    expect([old.task, again.task, current.task]).toEqual(['en-ja', 'en-ja', 'en-ja']);
    expect(warned('options.model')).toEqual([
      'loadTranslator: options.model is now options.weights (attention-playground 0.2; the old form works in 0.2 only)',
    ]);
    expect(old.translate('the dog sees the cat').target).toEqual(current.translate('the dog sees the cat').target);
    await expect(loadTranslator({ model: 'en-ja', weights: 'en-es', backend })).rejects.toThrow(TypeError);
    for (const t of [old, again, current]) t.dispose();
  });

  it('steps are { id, text, probability, top: [{ id, text, probability }] }; token and word still read', async () => {
    const translator = await loadTranslator({ weights: 'en-es', backend });
    const { steps } = translator.translate('the big dog sleeps', { top: 3 });
    for (const step of steps) {
      expect(translator.outputWords[step.id]).toBe(step.text);
      expect(step.top).toHaveLength(3);
      expect(Object.keys(step.top[0])).toEqual(['id', 'text', 'probability']);
      expect(step.token).toBe(step.text);
      expect(step.top[1].word).toBe(step.top[1].text);
    }
    expect(warned('translate() step: token is now text')).toHaveLength(1);
    expect(warned('translate() step.top[]: word is now text')).toHaveLength(1);
    expect(() => translator.translate('the dog', { top: 1.5 })).toThrow(
      new RangeError('translate: options.top must be a whole number, got 1.5'),
    );
    expect(translator.evaluate(3)).toEqual(translator.evaluate({ count: 3 }));
    expect(warned('evaluate(count) is now evaluate({ count })')).toHaveLength(1);
    translator.dispose();
    expect(() => translator.evaluate({ count: 3 })).toThrow(
      new RangeError('evaluate: this translator has been disposed'),
    );
  });
});

describe('the language model', () => {
  let trainer, lm;
  beforeAll(async () => {
    trainer = await createTrainer({
      backend,
      task: { corpus: 'the cat sat on the mat. the dog sat on the log. '.repeat(40), context: 16 },
      steps: 20,
      model: { dModel: 16, heads: 2, ffn: 32, layers: 1 },
    });
    trainer.step(20);
    lm = trainer.languageModel();
  });

  it('generate: temperature is outputTemperature and temperature 0 is greedy decoding, each warned once', () => {
    const sampled = (options) => lm.generate('the ', { tokens: 12, seed: 4, ...options }).text;
    expect(sampled({ temperature: 0.7 })).toBe(sampled({ outputTemperature: 0.7 }));
    expect(sampled({ temperature: 0.7 })).toBe(sampled({ outputTemperature: 0.7, decoding: 'sample' }));
    expect(sampled({ temperature: 0 })).toBe(sampled({ decoding: 'greedy' }));
    expect(warned('generate: options.temperature is now options.outputTemperature')).toHaveLength(1);
    expect(warned("generate: options.temperature: 0 is now options.decoding: 'greedy'")).toHaveLength(1);
    // the same default seed as translate(): 0
    expect(lm.generate('the ', { tokens: 12 }).text).toBe(sampled({ seed: 0 }));
  });

  it('steps are { id, text, … } as the translator’s; token and piece still read', () => {
    const { steps } = lm.generate('the ', { tokens: 4, top: 2 });
    for (const step of steps) {
      expect(step.top[0]).toEqual({ id: step.top[0].id, text: step.top[0].text, probability: step.top[0].probability });
      expect([step.token, step.piece]).toEqual([step.id, step.text]);
      expect([step.top[0].token, step.top[0].piece]).toEqual([step.top[0].id, step.top[0].text]);
    }
    expect(warned('generate() step: token is now id')).toHaveLength(1);
    expect(warned('generate() step.top[]: piece is now text')).toHaveLength(1);
  });

  it('evaluate takes an options object on both: { text } and { count }', () => {
    expect(lm.evaluate('the cat sat')).toEqual(lm.evaluate({ text: 'the cat sat' }));
    expect(trainer.evaluate({ maxTokens: 40 })).toEqual(trainer.evaluate({ count: 40 }));
    expect(trainer.evaluate({ count: 40 })).not.toEqual(trainer.evaluate({ count: 80 }));
    expect(warned('evaluate(text) is now evaluate({ text })')).toHaveLength(1);
    expect(warned('evaluate: options.maxTokens is now options.count')).toHaveLength(1);
    expect(() => lm.evaluate({ txt: 'x' })).toThrow(/evaluate: unknown option 'txt'; did you mean 'text'\?/);
  });
});

describe('createTrainer() with no options', () => {
  it('is the Train view’s default run, with the steps and sentence length the docs give', async () => {
    const trainer = await createTrainer({ backend });
    expect(trainer.options).toMatchObject({
      task: 'en-es',
      longestSentence: 5,
      vocabulary: 90,
      steps: 1000,
      batchSize: 48,
      learningRate: 0.008,
      warmupSteps: 40,
      seed: 7,
      model: { dModel: 32, heads: 4, ffn: 64, encoderLayers: 2, decoderLayers: 2 },
    });
    trainer.dispose();
    // the Train view's default run (train-state.js) reads these
    expect(defaultTrainState()).toMatchObject({
      longestSentence: trainerDefaults.longestSentence,
      vocabulary: trainerDefaults.vocabulary,
      steps: trainerDefaults.languagePairSteps,
    });
    expect(['en-es', 'en-ja', 'en-mr'].map((task) => defaultTrainerSteps(task))).toEqual([1000, 1000, 1000]);
    expect(['reverse', 'sort', 'copy', 'pairs'].map((task) => defaultTrainerSteps(task))).toEqual([400, 400, 400, 400]);
    const reverse = await createTrainer({ backend, task: 'reverse' });
    const pairs = await createTrainer({ backend, task: { text: samplePairs['pig-latin'].text() } });
    expect([reverse.options.steps, pairs.options.steps]).toEqual([400, 400]);
    reverse.dispose();
    pairs.dispose();
  });

  it('is, for a language model, the Generate view’s run', async () => {
    const trainer = await createTrainer({ backend, task: { corpus: 'the cat sat on the mat. '.repeat(20) } });
    expect(trainer.options).toMatchObject({ steps: 1200, batchSize: 8, learningRate: 0.008, warmupSteps: 60 });
    trainer.dispose();
    const view = defaultGenerateState();
    expect({ steps: view.steps, batchSize: view.batchSize, learningRate: view.learningRate }).toEqual({
      steps: languageModelDefaults.steps,
      batchSize: languageModelDefaults.batchSize,
      learningRate: languageModelDefaults.learningRate,
    });
  });
});
