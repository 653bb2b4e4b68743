// The trainer's 'gpt2-byte-pairs' tokenizer as GPT-2's files: gpt2Tokenizer(model.tokenizerFiles()) encodes every
// text as the model does (seeded random texts from every class GPT-2's pattern separates), so a model trained here in
// GPT-2's architecture is opened through GPT-2's path with the same tokens. Its merges never cross GPT-2's pieces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTrainer, gpt2Tokenizer } from '../../../web/lib/index.js';
import { uniformSource } from '../../../web/lib/seeded-random.js';

const book = readFileSync(new URL('../../../web/corpora/pride-and-prejudice.txt', import.meta.url), 'utf8');
const parts = [
  ' the',
  "'s",
  "'LL",
  'é',
  'e\u0301',
  ' मराठी',
  '१२',
  ' 東京',
  '👍🏽',
  '\u00a0',
  '\u0085',
  '\ufeff',
  '\n\n',
  '\t',
];

/** Seeded text: pieces of the book and of `parts`, and random code points. */
function randomText(random, length) {
  let text = '';
  for (let i = 0; i < length; ++i) {
    const r = random();
    if (r < 0.4) {
      const at = Math.floor(random() * (book.length - 20));
      text += book.slice(at, at + 1 + Math.floor(random() * 20));
    } else if (r < 0.8) text += parts[Math.floor(random() * parts.length)];
    else text += String.fromCodePoint(Math.floor(random() * 0x3000));
  }
  return text;
}

describe("a 'gpt2-byte-pairs' model's tokenizer files", () => {
  it('encode every text as the model does', async () => {
    const random = uniformSource(61);
    const corpus = book.slice(0, 60000) + randomText(random, 400);
    const trainer = await createTrainer({
      backend: 'wasm-simd128',
      steps: 1,
      model: { dModel: 16, heads: 2, ffn: 16, layers: 1 },
      task: { corpus, tokenizer: 'gpt2-byte-pairs', merges: 400, context: 16 },
    });
    expect(trainer.tokenizer).toEqual({ kind: 'gpt2-byte-pairs', size: 656, merges: 400 });
    const model = trainer.languageModel();
    const files = model.tokenizerFiles();
    expect(files.merges.split('\n')[0]).toBe('#version: 0.2');
    const tokenizer = await gpt2Tokenizer({ ...files, backend: 'wasm-simd128' });
    expect(tokenizer.size).toBe(656);
    expect(tokenizer.endOfText).toBe(-1);
    for (let i = 0; i < 100; ++i) {
      const text = randomText(random, 1 + Math.floor(random() * 12));
      const { ids, pieces } = model.tokenize(text);
      expect([...tokenizer.encode(text)], JSON.stringify(text)).toEqual([...ids]);
      expect(pieces.some((piece) => /[a-z]'s/.test(piece))).toBe(false); // "cat's" is "cat", "'s"
    }
    tokenizer.dispose();
    model.dispose();
    trainer.dispose();
  });

  it('are refused for a tokenizer whose words split otherwise', async () => {
    const trainer = await createTrainer({
      backend: 'wasm-simd128',
      steps: 1,
      model: { dModel: 16, heads: 2, ffn: 16, layers: 1 },
      task: { corpus: book.slice(0, 5000), tokenizer: 'byte-pairs', merges: 20, context: 16 },
    });
    const model = trainer.languageModel();
    expect(() => model.tokenizerFiles()).toThrow(/tokenizerFiles: only a 'gpt2-byte-pairs' tokenizer/);
    model.dispose();
    trainer.dispose();
  });
});
