// The translator and trainer from a hostile caller: 2,000 forged weight files (bytes changed, fields set to
// extreme values, cut short; half with their CRC recomputed so the reader gets past it), 10,000 malformed
// translate() / heldOutSentences() calls, 10,000 createTrainer() option sets and 10,000 malformed calls of a
// trainer's methods, live or disposed. Each answers or throws a TypeError/RangeError naming what is wrong;
// the module's memory is the same afterwards and it still translates the shipped model's sentence.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadAttention, loadTranslator } from '../../../web/lib/index.js';
import { modelWithoutUnknownToken, withChecksum } from '../helpers.js';
import { propertyRuns } from '../property-seed.js';
import { hostileNumber, junk } from '../hostile-values.js';

const runs = propertyRuns(10_000);
// Forged files cost 1.7 ms each (a load, a translation): 2,000 of them here, 10,000 in `npm run fuzz` (FUZZ_RUNS=5),
// and the weight file's reader has a libFuzzer target of its own (tests/fuzz/weights_fuzzer.cpp).
const forgedFiles = propertyRuns(2_000);
const backend = 'wasm-simd128';

const small = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: junk },
);
const anyNumber = fc.oneof(fc.double({ noNaN: false }), hostileNumber, junk);
const optional = (arbitrary) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const args = (fields) =>
  fc.oneof({ weight: 9, arbitrary: fc.record(fields, { requiredKeys: [] }) }, { weight: 1, arbitrary: junk });
// A head mask's [layer][head] entries, mostly the right kind of thing, often the wrong size or value.
const headLayers = fc.oneof(
  junk,
  fc.array(fc.oneof(junk, fc.array(fc.oneof(fc.constantFrom(0, 1, true, false, 2, -1), junk), { maxLength: 5 })), {
    maxLength: 3,
  }),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('<img src=x onerror=alert(1)>', '<eos>', '<bos>', 'the dog sees the cat', 'a'.repeat(5000)),
);

/** A call's outcome: its value, or the TypeError/RangeError it threw (anything else fails the test). */
function expectNamedError(error, operation, names) {
  if (!(error instanceof TypeError || error instanceof RangeError))
    throw new Error(`${operation}: not a TypeError/RangeError: ${String(error)}`);
  expect(error.message.startsWith(`${operation}: `), error.message).toBe(true);
  expect(
    names.some((name) => error.message.includes(name)),
    error.message,
  ).toBe(true);
}

let api;
let tinyModel; // a weight file of a tiny trained model: the forgeries start from it
beforeAll(async () => {
  api = await loadAttention({ backend });
  const trainer = await createTrainer({
    backend,
    task: 'copy',
    steps: 20,
    model: { dModel: 8, heads: 2, ffn: 8, encoderLayers: 1, decoderLayers: 1 },
  });
  trainer.step(20);
  tinyModel = trainer.save();
  trainer.evaluate({ count: 5 });
  trainer.dispose();
  // One-time set-up inside the module (each task's word lists, the grammars' lexicons) happens here, so the
  // memory measured around each test is what the calls themselves keep.
  for (const task of ['en-es', 'en-ja', 'en-mr', 'reverse', 'sort', 'copy'])
    (await createTrainer({ backend, task })).dispose();
  const translator = await loadTranslator({ backend });
  translator.translate('the dog sees the cat');
  translator.heldOutSentences(2);
  translator.dispose();
  await expectShippedModelStillWorks();
});

async function expectShippedModelStillWorks() {
  const translator = await loadTranslator({ backend });
  expect(translator.translate('the dog sees the cat').target.join(' ')).toBe('el perro ve al gato <eos>');
  translator.dispose();
}

describe('hostile models and calls', () => {
  it(`${forgedFiles.toLocaleString('en')} forged weight files: each loads (and translates) or is refused with a RangeError saying why`, async () => {
    const header = 64; // most edits land in the header and vocabularies, where sizes are read
    const forgery = fc.record({
      edits: fc.array(
        fc.record({
          at: fc.oneof(fc.nat({ max: header }), fc.nat({ max: 1 << 16 })),
          value: fc.integer({ min: 0, max: 255 }),
        }),
        { maxLength: 6 },
      ),
      words: fc.array(
        fc.record({
          at: fc.nat({ max: 9 }),
          value: fc.constantFrom(0, 1, 2, 3, 0xffff, 0x10000, 0x7fffffff, 0xffffffff, 1024, 513),
        }),
        { maxLength: 2 },
      ),
      cut: fc.option(fc.nat({ max: 1 << 16 }), { nil: undefined, freq: 4 }),
      checksum: fc.boolean(),
    });
    const before = api.memoryStats();
    let loaded = 0;
    await fc.assert(
      fc.asyncProperty(forgery, async ({ edits, words, cut, checksum }) => {
        let body = tinyModel.slice(0, tinyModel.length - 4);
        for (const { at, value } of edits) body[at % body.length] = value;
        for (const { at, value } of words) new DataView(body.buffer).setUint32(4 + 4 * at, value >>> 0, true); // version, dimensions, flags
        if (cut !== undefined) body = body.slice(0, cut % (body.length + 1));
        const file = checksum ? withChecksum(body) : Uint8Array.from([...body, ...tinyModel.slice(-4)]);
        try {
          const translator = await loadTranslator({ backend, weights: file });
          loaded++;
          try {
            translator.translate(translator.vocabulary.source.slice(0, 3).join(' '));
          } catch (error) {
            expectNamedError(error, 'translate', ['sentence', 'word', 'model reads']);
          }
          translator.dispose();
        } catch (error) {
          expectNamedError(error, 'loadTranslator', ['not a usable model file', 'larger than']);
        }
      }),
      { numRuns: forgedFiles },
    );
    expect(loaded).toBeGreaterThan(0); // some forgeries are still models (payload edits, fixed checksum)
    expect(loaded).toBeLessThan(forgedFiles / 2);
    const after = api.memoryStats();
    console.info(
      `forged weight files: ${loaded} loaded, ${forgedFiles - loaded} refused; malloc'd bytes ${before.allocatedBytes} → ${after.allocatedBytes}, wasm memory ${before.heapBytes} → ${after.heapBytes}`,
    );
    expect(after.allocatedBytes).toBe(before.allocatedBytes);
    await expectShippedModelStillWorks();
  }, 120_000);

  it('10,000 malformed translate() and heldOutSentences() calls, on a live or disposed translator', async () => {
    const before = api.memoryStats();
    const translator = await loadTranslator({ backend });
    const disposed = await loadTranslator({ backend });
    disposed.dispose();
    // The shipped model carries unknown words (it has <unk>); a model without <unk> refuses them, so both answer.
    const refusing = await loadTranslator({ backend, weights: await modelWithoutUnknownToken() });
    const call = fc.record({
      disposed: fc.boolean().map((b) => b && Math.random() < 0.1),
      refusing: fc.boolean(),
      held: fc.boolean(),
      sentence: fc.oneof(
        { weight: 3, arbitrary: text },
        { weight: 1, arbitrary: junk },
        {
          weight: 2,
          arbitrary: fc
            .array(fc.constantFrom(...translator.vocabulary.source), { maxLength: 14 })
            .map((w) => w.join(' ')),
        },
      ),
      options: optional(
        args({
          temperature: optional(anyNumber),
          decoding: optional(fc.oneof(fc.constantFrom('greedy', 'sample', 'beam'), junk)),
          outputTemperature: optional(anyNumber),
          seed: optional(anyNumber),
          target: optional(fc.oneof(text, junk)),
          headMask: optional(
            args({ encoderSelf: optional(headLayers), decoderSelf: optional(headLayers), cross: optional(headLayers) }),
          ),
        }),
      ),
      count: small,
      heldSeed: optional(anyNumber),
    });
    await fc.assert(
      fc.property(
        call,
        ({ disposed: useDisposed, refusing: useRefusing, held, sentence, options, count, heldSeed }) => {
          const target = useDisposed ? disposed : useRefusing ? refusing : translator;
          const operation = held ? 'heldOutSentences' : 'translate';
          try {
            if (held) target.heldOutSentences(count, heldSeed);
            else target.translate(sentence, options);
          } catch (error) {
            expectNamedError(error, operation, [
              'sentence',
              'options',
              'word',
              'temperature',
              'target',
              'disposed',
              'count',
              'seed',
              'model reads',
            ]);
          }
        },
      ),
      { numRuns: runs },
    );
    translator.dispose();
    refusing.dispose();
    expect(api.memoryStats().allocatedBytes).toBe(before.allocatedBytes);
    await expectShippedModelStillWorks();
  }, 120_000);

  it('10,000 createTrainer() option sets: each creates a trainer or names the option', async () => {
    const before = api.memoryStats();
    const pairs = fc.array(fc.tuple(fc.oneof(text, junk), fc.oneof(text, junk)), { maxLength: 12 });
    const options = args({
      backend: fc.constantFrom(undefined, backend, 'wasm-gpu'),
      task: fc.oneof(
        fc.constantFrom('copy', 'reverse', 'sort', 'en-es', 'en-ja', 'fr-de'),
        fc.record({ pairs, heldOut: optional(anyNumber), lowercase: optional(junk) }, { requiredKeys: [] }),
        fc.record({ text: fc.oneof(text, junk) }),
        junk,
      ),
      sequenceLength: optional(args({ min: optional(small), max: optional(small) })),
      // the whole lexicon, or refused: a count of the lexicon's words would keep its word lists (the grammar's cache
      // of one per count), which the memory check below would take for a leak
      vocabulary: optional(fc.oneof(fc.constantFrom(0, -1, 2.5, 100001, NaN, Infinity), junk)),
      seed: optional(anyNumber),
      dataSeed: optional(anyNumber),
      steps: optional(fc.oneof(small, anyNumber)),
      batchSize: optional(small),
      learningRate: optional(anyNumber),
      warmupSteps: optional(small),
      model: optional(
        args({
          dModel: optional(fc.oneof(fc.constantFrom(8, 16, 4096), small)),
          heads: optional(small),
          ffn: optional(small),
          encoderLayers: optional(small),
          decoderLayers: optional(small),
        }),
      ),
      ablations: optional(
        args({
          noPositions: optional(junk),
          noScaling: optional(junk),
          singleHead: optional(junk),
          sigmoidGates: optional(junk),
        }),
      ),
    });
    let created = 0;
    await fc.assert(
      fc.asyncProperty(options, async (o) => {
        try {
          (await createTrainer(o)).dispose();
          created++;
        } catch (error) {
          // createTrainer's own checks start 'createTrainer: '; the option parser names the option outright.
          if (error instanceof TypeError || error instanceof RangeError) {
            expect(/options|createTrainer: /.test(error.message), error.message).toBe(true);
          } else {
            throw new Error(`not a TypeError/RangeError: ${String(error)}`);
          }
        }
      }),
      { numRuns: runs },
    );
    expect(created).toBeGreaterThan(0);
    expect(api.memoryStats().allocatedBytes).toBe(before.allocatedBytes);
  }, 180_000);

  it("10,000 malformed calls of a trainer's methods, live or disposed", async () => {
    const before = api.memoryStats();
    const trainer = await createTrainer({
      backend,
      task: 'copy',
      steps: 100000,
      model: { dModel: 8, heads: 2, ffn: 8, encoderLayers: 1, decoderLayers: 1 },
    });
    const disposed = await createTrainer({
      backend,
      task: 'copy',
      model: { dModel: 8, heads: 2, ffn: 8, encoderLayers: 1, decoderLayers: 1 },
    });
    disposed.dispose();
    const call = fc.record({
      method: fc.constantFrom('step', 'evaluate', 'heldOut', 'reference', 'translator', 'save', 'weights'),
      argument: fc.oneof(small, text, junk),
      disposed: fc.integer({ min: 0, max: 9 }),
    });
    await fc.assert(
      fc.property(call, ({ method, argument, disposed: which }) => {
        const target = which === 0 ? disposed : trainer;
        try {
          const result = target[method](argument);
          if (method === 'translator') result.dispose();
        } catch (error) {
          expectNamedError(error, method, ['count', 'sentence', 'disposed', 'options']);
        }
      }),
      { numRuns: runs },
    );
    trainer.dispose();
    expect(api.memoryStats().allocatedBytes).toBe(before.allocatedBytes);
    await expectShippedModelStillWorks();
  }, 180_000);
});
