// GPT-2's files refused (web/lib/gpt2.js, cpp/bindings/gpt2_bindings.cpp): every damaged or mismatched file is a
// RangeError whose `kind` and message say what is wrong, a model too big for the module is the `memory` kind with the
// numbers, and afterwards the module still opens a good file and has kept nothing of the refused ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { languageModelModule } from '../../../web/lib/load-module.js';
import { gpt2Config, gpt2Files, withHeader } from '../../support/gpt2-files.js';

const backend = 'wasm-simd128';
let files;
let module;

beforeAll(async () => {
  files = gpt2Files({ layers: 2, heads: 4, width: 64, positions: 32, seed: 5 });
  module = await languageModelModule(backend);
});

const open = (gpt2) =>
  loadLanguageModel({ backend, gpt2: { ...files, config: JSON.stringify(files.config, null, 2), ...gpt2 } });

/** The refusal `gpt2` (files replaced) meets: its kind and message. */
async function refusal(gpt2) {
  try {
    (await open(gpt2)).dispose();
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(/^loadLanguageModel: /);
    return { kind: error.kind, message: error.message };
  }
  throw new Error('the files were opened');
}

const damaged = {
  'truncated (the file cut inside its last tensor)': () => ({
    gpt2: { weights: files.weights.subarray(0, files.weights.length - 1000) },
    kind: 'truncated',
    names: /wte\.weight/,
  }),
  'truncated (inside the first 8 bytes)': () => ({
    gpt2: { weights: files.weights.subarray(0, 5) },
    kind: 'truncated',
  }),
  'a header length past the end': () => {
    const weights = files.weights.slice();
    new DataView(weights.buffer).setBigUint64(0, BigInt(weights.length), true);
    return { gpt2: { weights }, kind: 'header-length' };
  },
  'overlapping offsets': () => ({
    gpt2: {
      weights: withHeader(files.weights, (header) => {
        const [begin, end] = header['h.0.ln_1.bias'].data_offsets;
        header['h.0.ln_1.bias'].data_offsets = [begin - 8, end - 8];
      }),
    },
    kind: 'offsets',
  }),
  'a header that is not JSON': () => {
    const weights = files.weights.slice();
    weights[8] = 0x5b; // '[' where '{' was
    return { gpt2: { weights }, kind: 'header' };
  },
  'a tensor missing (renamed)': () => ({
    gpt2: {
      weights: withHeader(files.weights, (header) => {
        header['h.1.mlp.c_fc.bias.old'] = header['h.1.mlp.c_fc.bias'];
        delete header['h.1.mlp.c_fc.bias'];
      }),
    },
    kind: 'missing',
    names: /h\.1\.mlp\.c_fc\.bias/,
  }),
  'a dtype that is no float': () => ({
    gpt2: { weights: withHeader(files.weights, (header) => (header['ln_f.weight'].dtype = 'I32')) },
    kind: 'dtype',
    names: /ln_f\.weight/,
  }),
  "a tensor's bytes not its shape's": () => ({
    gpt2: { weights: withHeader(files.weights, (header) => (header['ln_f.bias'].shape = [63])) },
    kind: 'size',
  }),
  'a config wider than the tensors': () => ({
    gpt2: { config: gpt2Config({ layers: 2, heads: 4, width: 128, positions: 32 }) },
    kind: 'shape',
    names: /wte\.weight.*\[50257, 64\].*\[50257, 128\]/,
  }),
  'a config with fewer layers than the file': () => ({
    gpt2: { config: gpt2Config({ layers: 1, heads: 4, width: 64, positions: 32 }) },
    kind: 'config',
    names: /h\.1\./,
  }),
  'a config with more layers than the file': () => ({
    gpt2: { config: gpt2Config({ layers: 3, heads: 4, width: 64, positions: 32 }) },
    kind: 'missing',
    names: /h\.2\.ln_1\.weight/,
  }),
  'a config that is not JSON': () => ({ gpt2: { config: '{"n_layer": 2,' }, kind: 'config' }),
  'a config with another activation': () => ({
    gpt2: { config: { ...files.config, activation_function: 'relu' } },
    kind: 'config',
    names: /gelu_new/,
  }),
  'a vocab.json that is not JSON': () => ({ gpt2: { vocab: files.vocab.slice(0, 1000) }, kind: 'vocab' }),
  "a vocab.json smaller than the config's vocab_size": () => ({ gpt2: { vocab: { '!': 0, '"': 1 } }, kind: 'vocab' }),
  'a merges.txt merging tokens the vocabulary lacks': () => ({
    gpt2: { merges: `${files.merges.trimEnd()}\nqqqqzz xxxyyy\n` },
    kind: 'merges',
  }),
};

describe('GPT-2 files refused', () => {
  for (const [name, make] of Object.entries(damaged)) {
    it(name, async () => {
      const { gpt2, kind, names } = make();
      const { kind: got, message } = await refusal(gpt2);
      expect(got, message).toBe(kind);
      if (names) expect(message).toMatch(names);
    });
  }

  it('a model too big for the module: the memory kind, with the numbers, and the module still works', async () => {
    const config = gpt2Config({ layers: 48, heads: 16, width: 2048, positions: 2048 });
    const { kind, message } = await refusal({ config });
    expect(kind).toBe('memory');
    expect(message).toMatch(
      /GPT-2 of 2524321792 parameters needs 9630 MB .* for a pass over its context of 2048 tokens; .*at most 2048 MB/,
    );
    // gpt2-medium opens in 1.4 GB, but a pass over its 1,024 positions keeps 3.6 GB of activations: refused, where
    // it would abort the module later; GPT-2 small's 0.5 + 1.5 GB fits (so its file is checked next: this one's shapes)
    const medium = await refusal({ config: gpt2Config({ layers: 24, heads: 16, width: 1024, positions: 1024 }) });
    expect(medium.kind).toBe('memory');
    expect(medium.message).toMatch(
      /needs 1354 MB for its float32 weights and 34\d\d MB for a pass over its context of 1024/,
    );
    const small = await refusal({ config: gpt2Config({ layers: 12, heads: 12, width: 768, positions: 1024 }) });
    expect(small.kind).toBe('shape');
    const lm = await open({});
    expect(lm.config.vocabulary).toBe(50257);
    lm.dispose();
  });

  it('options checked before anything is read, each named', async () => {
    await expect(open({ weights: 42 })).rejects.toThrow(/options\.gpt2\.weights must be model\.safetensors/);
    await expect(open({ merges: {} })).rejects.toThrow(TypeError);
    await expect(open({ vocabulary: files.vocab })).rejects.toThrow(/unknown option 'vocabulary'.*'vocab'/);
    await expect(loadLanguageModel({ backend, gpt2: files, weights: files.weights })).rejects.toThrow(/not both/);
    await expect(loadLanguageModel({ backend, weights: files.weights, onProgress: () => {} })).rejects.toThrow(
      /onProgress goes with options\.gpt2/,
    );
  });

  it('keeps nothing of what it refused: the allocator is where it was, and a good file still opens', async () => {
    const first = await open({}); // the module's one-time tables (the tokenizer's buffers) made first
    first.tokenize('Hello world');
    first.dispose();
    const before = module.languageModelMemoryStats();
    for (const make of Object.values(damaged)) await refusal(make().gpt2);
    const controller = new AbortController();
    const cancelled = loadLanguageModel({
      backend,
      gpt2: { ...files, config: JSON.stringify(files.config, null, 2) },
      signal: controller.signal,
      onProgress: ({ phase }) => phase === 'tensors' && controller.abort(),
    });
    await expect(cancelled).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    const after = module.languageModelMemoryStats();
    expect(after.allocatedBytes).toBe(before.allocatedBytes);
    const lm = await open({});
    expect(lm.tokenize('Hello world').ids).toEqual(Int32Array.from([15496, 995]));
    lm.dispose();
    expect(module.languageModelMemoryStats().allocatedBytes).toBe(before.allocatedBytes);
  });
});
