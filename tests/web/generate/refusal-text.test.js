// A learner's text and weight files refused by the real module (web/lib, the SIMD128 build in Node), said in the
// page's language from the refusal's kind and numbers, also after crossing the Generate view's worker as data.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { languageModelRefusalText } from '../../../web/src/generate/refusal-text.js';
import { errorReport, reportedError } from '../../../web/src/common/worker-errors.js';

const backend = 'wasm-simd128';
const tiny = { steps: 2, model: { dModel: 8, heads: 1, ffn: 8, layers: 1 } };

/** What `call` throws. */
async function refusal(call) {
  try {
    (await call())?.dispose?.();
  } catch (error) {
    return error;
  }
  throw new Error('accepted');
}
const refusedText = (corpus, task = {}) =>
  refusal(() => createTrainer({ backend, ...tiny, task: { corpus, context: 8, ...task } }));
const refusedFile = (weights) => refusal(() => loadLanguageModel({ backend, weights }));
/** As the Generate view sees it: reported by its worker as data, made again on the page's side. */
const acrossTheWorker = (error) => reportedError(structuredClone(errorReport(error)).error);

let weights; // a language model's weight file and a training run's checkpoint, from a run of two steps
let checkpoint;
beforeAll(async () => {
  const trainer = await createTrainer({ backend, ...tiny, task: { corpus: 'the cat sat on the mat. '.repeat(4) } });
  trainer.step(2);
  weights = trainer.save();
  checkpoint = trainer.checkpoint();
  trainer.dispose();
});
afterEach(() => setCurrentLocale('en'));
afterAll(() => setCurrentLocale('en'));

describe('a language model’s refusals, in the page’s language', () => {
  it('English: a text too short, a part too short, and every kind of file', async () => {
    await loadMessages('generate');
    const short = acrossTheWorker(await refusedText('a short text'));
    expect(short).toBeInstanceOf(RangeError);
    expect([short.kind, short.count, short.limit]).toEqual(['corpus-too-short', 12, 20]);
    expect(languageModelRefusalText(short)).toBe(
      'The text has 12 characters; a language model needs at least 20 to learn from and to measure itself on.',
    );
    const part = acrossTheWorker(
      await refusedText('the cat sees the book. my friend likes a song. so it goes.', { heldOut: 0.01 }),
    );
    expect([part.kind, part.side, part.count]).toEqual(['corpus-part-too-short', 'held-out', 1]);
    expect(languageModelRefusalText(part)).toBe(
      'The text’s held-out part is 1 token long; it needs at least 2. A longer text would do.',
    );
    const translator = readFileSync(new URL('../../../web/lib/models/en-es.bin', import.meta.url));
    const damaged = weights.slice();
    damaged[damaged.length - 9] ^= 1;
    const otherVersion = weights.slice();
    otherVersion[4] = 9;
    const said = async (bytes) => languageModelRefusalText(acrossTheWorker(await refusedFile(bytes)));
    expect(await said(new Uint8Array(translator))).toBe(
      'This file holds a translation model, not a language model: open it in the Train view (“or open a model file”).',
    );
    expect(await said(checkpoint)).toMatch(/^This file is a training run saved to be continued/);
    expect(await said(new TextEncoder().encode('<!doctype html>'))).toMatch(/^This file is not a language model’s/);
    expect(await said(otherVersion)).toMatch(/^This file was written by another version/);
    expect(await said(damaged)).toMatch(/^This file is damaged/);
    expect(await said(weights.slice(0, 6))).toMatch(/^This file is damaged/);
    // Any other error keeps the library's own words.
    const other = new RangeError('generate: options.tokens must be a whole number from 1 to 10000, got 0');
    expect(languageModelRefusalText(acrossTheWorker(other))).toBe(other.message);
  });

  it('Spanish and Chinese', async () => {
    const short = await refusedText('a short text');
    const translator = await refusedFile(
      new Uint8Array(readFileSync(new URL('../../../web/lib/models/en-es.bin', import.meta.url))),
    );
    setCurrentLocale('es');
    await loadMessages('generate');
    expect(languageModelRefusalText(short)).toBe(
      'El texto tiene 12 caracteres; un modelo de lenguaje necesita al menos 20 para aprender y medirse.',
    );
    expect(languageModelRefusalText(translator)).toMatch(/^Este archivo contiene un modelo de traducción/);
    setCurrentLocale('zh-CN');
    await loadMessages('generate');
    expect(languageModelRefusalText(short)).toBe(
      '文本只有 12 个字符；语言模型至少需要 20 个字符，才能从中学习并用它衡量自己的表现。',
    );
    expect(languageModelRefusalText(translator)).toMatch(/^这个文件是翻译模型/);
  });
});
