// A model of GPT-2's architecture trained here (createTrainer's model.architecture 'gpt2', task.tokenizer
// 'gpt2-byte-pairs') written as GPT-2's four files (lm.gpt2Files(): Hugging Face's layout) and opened through
// loadLanguageModel({ gpt2 }) writes exactly what it writes through our own path: the same tokens and probabilities,
// greedy and sampled, and the same score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';
import { readHeader } from '../../support/gpt2-files.js';

const backend = 'wasm-simd128';
const corpus = `${Array.from(
  { length: 160 },
  (_, i) =>
    `the ${['cat', 'old dog', 'small bird'][i % 3]} ${['sees', 'likes', 'finds', 'keeps'][(i * 7) % 4]} a ${['red book', 'song', 'tree', 'window'][(i * 5) % 4]}.`,
).join('\n')}\n`;

let trainer;
let ours;
let opened;
let files;

beforeAll(async () => {
  trainer = await createTrainer({
    backend,
    seed: 5,
    steps: 300,
    batchSize: 8,
    learningRate: 0.01,
    task: { corpus, context: 32, tokenizer: 'gpt2-byte-pairs', merges: 40 },
    model: { dModel: 32, heads: 4, ffn: 128, layers: 2, architecture: 'gpt2' },
  });
  trainer.step(300);
  ours = trainer.languageModel();
  files = ours.gpt2Files();
  opened = await loadLanguageModel({ backend, gpt2: files });
}, 60_000); // 300 training steps: 7 s alone
afterAll(() => [ours, opened, trainer].forEach((m) => m.dispose()));

const same = (generation) => generation.steps.map(({ id, probability }) => ({ id, probability }));

describe("a model of GPT-2's architecture trained here, through GPT-2's files", () => {
  it("is written in Hugging Face's layout and opens as the same model", () => {
    const { header } = readHeader(files.weights);
    expect(Object.keys(header)).toContain('h.1.attn.c_attn.weight');
    expect(header['h.0.attn.c_attn.weight'].shape).toEqual([32, 96]);
    expect(JSON.parse(files.config)).toMatchObject({ n_layer: 2, n_head: 4, n_embd: 32, n_positions: 32 });
    const { parameters, ...shape } = opened.config;
    expect(shape).toEqual(Object.fromEntries(Object.entries(ours.config).filter(([key]) => key !== 'parameters')));
    expect(parameters).toBe(ours.config.parameters);
    expect(opened.tokenize(corpus.slice(0, 200)).ids).toEqual(ours.tokenize(corpus.slice(0, 200)).ids);
  });

  it('writes what our own path writes: greedy, sampled, and the same score', () => {
    for (const prompt of ['the cat ', 'a small bird finds']) {
      const greedy = { tokens: 24, decoding: 'greedy' };
      expect(same(opened.generate(prompt, greedy))).toEqual(same(ours.generate(prompt, greedy)));
      const sampled = { tokens: 24, seed: 11, outputTemperature: 0.9 };
      const text = ours.generate(prompt, sampled).text;
      expect(opened.generate(prompt, sampled).text).toBe(text);
      expect(same(opened.generate(prompt, sampled))).toEqual(same(ours.generate(prompt, sampled)));
    }
    expect(opened.evaluate({ text: corpus.slice(-400) })).toEqual(ours.evaluate({ text: corpus.slice(-400) }));
    // it learned the corpus (a prompt's trailing space would be a token of its own: GPT-2's words start with theirs)
    expect(ours.generate('the cat', { tokens: 8, decoding: 'greedy' }).text).toMatch(/^ (sees|likes|finds|keeps) a /);
  });

  it('refuses a model of another architecture, naming its first difference', async () => {
    const other = await createTrainer({
      backend,
      steps: 1,
      task: { corpus, context: 16, tokenizer: 'gpt2-byte-pairs', merges: 8 },
      model: { dModel: 16, heads: 2, ffn: 32, layers: 1 },
    });
    const lm = other.languageModel();
    expect(() => lm.gpt2Files()).toThrow(
      expect.objectContaining({ kind: 'config', message: expect.stringMatching(/^gpt2Files: .*learned/) }),
    );
    lm.dispose();
    other.dispose();
  });
});
