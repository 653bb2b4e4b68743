// GPT-2 by URL, where Node can see it: <attention-generator>'s choice of model from its attributes (weights or
// gpt2, one and only one, an empty gpt2 refused by name); the Generate view's generate.gpt2 in the address (kept,
// round-tripped, a hostile value dropped); and GPT-2's refusals (the 'fetch' kind included) said in each of the
// page's languages by the words the element and the view share.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generatorModel } from '../../../web/elements/attention-generator.js';
import { decodeGenerateState, encodeGenerateState } from '../../../web/src/generate/generate-state.js';
import { gpt2RefusalText, languageModelRefusalText } from '../../../web/src/generate/refusal-text.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

/** An element's attributes, as generatorModel reads them. */
const host = (attributes) => ({
  localName: 'attention-generator',
  hasAttribute: (name) => name in attributes,
  getAttribute: (name) => attributes[name] ?? null,
});

describe("<attention-generator>'s model from its attributes", () => {
  it('a weight file, or the folder of GPT-2 files (trimmed)', () => {
    expect(generatorModel(host({ weights: '/models/austen.bin' }))).toEqual({ weights: '/models/austen.bin' });
    expect(generatorModel(host({ gpt2: ' /models/gpt2/ ' }))).toEqual({ gpt2: '/models/gpt2/' });
    expect(generatorModel(host({ gpt2: 'https://huggingface.co/openai-community/gpt2/resolve/main' }))).toEqual({
      gpt2: 'https://huggingface.co/openai-community/gpt2/resolve/main',
    });
  });

  it('refuses neither, both, and an empty gpt2, naming the attributes', () => {
    expect(() => generatorModel(host({}))).toThrow(/^the weights attribute must be the URL/);
    expect(() => generatorModel(host({ weights: '' }))).toThrow(TypeError);
    expect(() => generatorModel(host({ weights: '/a.bin', gpt2: '/gpt2/' }))).toThrow(
      /^give the weights attribute .* or the gpt2 attribute .*, not both$/,
    );
    expect(() => generatorModel(host({ model: '/a.bin', gpt2: '/gpt2/' }))).toThrow(/not both/); // 0.1's name too
    for (const empty of ['', '  '])
      expect(() => generatorModel(host({ gpt2: empty }))).toThrow(
        "the gpt2 attribute must be the URL of a folder holding GPT-2's model.safetensors, config.json, vocab.json and merges.txt",
      );
  });
});

describe('generate.gpt2 in the address', () => {
  it('keeps an http(s) folder, absolute or relative, through a round trip', () => {
    const folders = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webPath().map((path) => `/models/${path.replace(/^\/+/, '')}`),
    );
    fc.assert(
      fc.property(folders, (folder) => {
        fc.pre(folder.trim() !== '' && folder.length <= 2048);
        const params = encodeGenerateState({ ...decodeGenerateState(''), gpt2: folder });
        expect(decodeGenerateState(`?${params}`).gpt2).toBe(folder);
      }),
    );
    expect(encodeGenerateState(decodeGenerateState('')).has('gpt2')).toBe(false);
  });

  it('drops another scheme, an empty value and a value past 2,048 characters', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/plain,hi', 'file:///etc/', '', ' ', `/${'a'.repeat(2048)}`])
      expect(decodeGenerateState(`?gpt2=${encodeURIComponent(bad)}`).gpt2, bad).toBeNull();
  });
});

describe("GPT-2's refusals in the page's languages", () => {
  afterAll(() => setCurrentLocale('en'));
  const fetchRefusal = Object.assign(
    new RangeError('loadLanguageModel: https://host/gpt2/config.json answered HTTP 404'),
    { kind: 'fetch' },
  );
  const shape = Object.assign(new RangeError('loadLanguageModel: h.0.attn.c_attn.weight is [64, 192], not [64, 96]'), {
    kind: 'shape',
  });

  it.each([
    ['en', /^A file of GPT-2's could not be fetched/, /^A tensor in model\.safetensors/],
    ['es', /^No se pudo obtener un archivo de GPT-2/, /^Un tensor de model\.safetensors/],
    ['zh-CN', /^无法从地址获取 GPT-2 的某个文件/, /model\.safetensors/],
  ])('%s', async (locale, fetched, shaped) => {
    setCurrentLocale(locale);
    await loadMessages('generate');
    for (const say of [gpt2RefusalText, languageModelRefusalText]) {
      expect(say(fetchRefusal)).toMatch(fetched);
      expect(say(fetchRefusal)).toContain('https://host/gpt2/config.json answered HTTP 404'); // the library's detail
      expect(say(shape)).toMatch(shaped);
      expect(say(shape)).not.toBe(shape.message);
    }
    const other = new RangeError('generate: options.tokens must be a whole number from 1 to 10000, got 0');
    expect(languageModelRefusalText(other)).toBe(other.message);
  });
});
