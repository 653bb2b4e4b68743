// GPT-2's tokenizer from its real files (vocab.json and merges.txt, as gpt-3-encoder carries them: encoder.json and
// vocab.bpe) against two independent encoders: gpt-3-encoder (a port of GPT-2's encoder.py) and js-tiktoken's r50k
// (tiktoken's loop). Equal on a chapter of Pride and Prejudice, on a text written to break tokenizers, and on seeded
// random strings; decode(encode(t)) is t. Where the references read \s as JavaScript does (U+0085, U+FEFF), GPT-2's
// Python regex module does not: those two are checked against the pieces Python's regex finds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Tiktoken } from 'js-tiktoken/lite';
import r50k from 'js-tiktoken/ranks/r50k_base';
import gpt3 from 'gpt-3-encoder';
import { gpt2Tokenizer } from '../../../web/lib/index.js';
import { uniformSource } from '../../../web/lib/seeded-random.js';

const repo = new URL('../../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, repo), 'utf8');
const files = {
  vocab: read('node_modules/gpt-3-encoder/encoder.json'),
  merges: read('node_modules/gpt-3-encoder/vocab.bpe'),
};
const tiktoken = new Tiktoken(r50k);
const backend = 'wasm-simd128';

const book = read('web/corpora/pride-and-prejudice.txt');
const chapter = book.slice(book.indexOf('Chapter 1'), book.indexOf('Chapter 4'));
const hostile = [
  'Family: 👨‍👩‍👧‍👦 and 👍🏽👋🏿 🏳️‍🌈, flags 🇯🇵🇫🇷. ',
  'Combining: e\u0301 n\u0303 a\u0308\u0304 Z\u0351\u0352\u0353alg\u0337o\u0336, ',
  'CJK: 漢字かなカナ한국어 日本語の文章です。中文，标点！',
  'Devanagari: हिन्दी मराठी क्षत्रिय १२३४, ',
  'RTL: العربية ٣٤٥ עברית \u200fmixed\u200e ',
  'digits: ٠١٢ ०१२ ๑๒๓ ①② Ⅻ ¾ 12,345.67 ',
  'spaces:\u00a0nbsp\u2003em\u2009thin\u3000ideo\u202f\u205f\u2028\u2029 end  ',
  'tabs\t\t\tand\n\n\nnewlines \n \n\t x\r\n\r\n   \n',
  "CONTRACTIONS: IT'S I'M WE'LL THEY'RE I'D YOU'VE it's i'm we'll they're i'd you've ''s 's 'S 'LL ",
  'lone: \ud800 x \udfff y \udc00\ud800 ',
  'special: before<|endoftext|>after <|endoftext|> <|endoftext|>',
  'tail   ',
].join('');

/** gpt-3-encoder has no special tokens: <|endoftext|> as tiktoken's allowedSpecial 'all' reads it, between pieces. */
const gpt3Encode = (text) =>
  text.split('<|endoftext|>').flatMap((part, i) => (i ? [50256, ...gpt3.encode(part)] : gpt3.encode(part)));
const tiktokenEncode = (text) => tiktoken.encode(text, 'all');

describe('gpt2Tokenizer', () => {
  it('"Hello world" is [15496, 995]; <|endoftext|> is 50256', async () => {
    const tokenizer = await gpt2Tokenizer({ ...files, backend });
    expect(tokenizer.size).toBe(50257);
    expect(tokenizer.endOfText).toBe(50256);
    expect([...tokenizer.encode('Hello world')]).toEqual([15496, 995]);
    expect(tokenizer.encode('Hello world')).toBeInstanceOf(Int32Array);
    expect([...tokenizer.encode('<|endoftext|>')]).toEqual([50256]);
    expect(tokenizer.decode([15496, 995, 50256])).toBe('Hello world<|endoftext|>');
    tokenizer.dispose();
    expect(() => tokenizer.encode('x')).toThrow(/encode: this GPT-2 tokenizer has been disposed/);
  });

  it('equals gpt-3-encoder and js-tiktoken (r50k) on a long and a hostile text', async () => {
    const tokenizer = await gpt2Tokenizer({ vocab: JSON.parse(files.vocab), merges: files.merges, backend });
    for (const text of [chapter, hostile]) {
      const ids = [...tokenizer.encode(text)];
      expect(ids).toEqual(tiktokenEncode(text));
      expect(ids).toEqual(gpt3Encode(text));
      expect(tokenizer.decode(ids)).toBe(text.toWellFormed());
    }
    expect(tokenizer.encode(chapter).length).toBe(4714);
    expect(tokenizer.encode(hostile).length).toBe(tiktokenEncode(hostile).length);
    tokenizer.dispose();
  });

  it("reads \\s as GPT-2's Python regex does: U+0085 is white space, U+FEFF is not", async () => {
    const tokenizer = await gpt2Tokenizer({ ...files, backend });
    // The pieces Python's regex (2026.5.9) finds with GPT-2's pattern, each encoded by tiktoken alone.
    // (JavaScript's /\s/ makes " \u0085" one piece and "\ufeff" another.)
    const pieces = ['a', ' ', '\u0085', 'b', ' x', ' \ufeff', 'y'];
    const text = pieces.join('');
    expect([...tokenizer.encode(text)]).toEqual(pieces.flatMap((piece) => tiktokenEncode(piece)));
    expect([...tokenizer.encode(text)]).not.toEqual(tiktokenEncode(text)); // JavaScript's \s splits them otherwise
    tokenizer.dispose();
  });

  it('equals both on seeded random strings, and decodes them back', async () => {
    const tokenizer = await gpt2Tokenizer({ ...files, backend });
    const random = uniformSource(60);
    const pick = (list) => list[Math.floor(random() * list.length)];
    // Code points from every class the pattern asks about (not U+0085 or U+FEFF: see above), lone surrogates too.
    const pools = [
      [0x20, 0x7e],
      [0x09, 0x0d],
      [0xa0, 0x24f],
      [0x300, 0x36f],
      [0x900, 0x97f],
      [0x600, 0x6ff],
      [0x3040, 0x30ff],
      [0x4e00, 0x4e80],
      [0x2000, 0x206f],
      [0x1f300, 0x1f6ff],
      [0xd800, 0xdfff],
    ];
    const words = [' the', "'s", "'LL", '  ', '\n\n', '<|endoftext|>', '123', ' 4567'];
    for (let i = 0; i < 200; ++i) {
      let text = '';
      for (let length = Math.floor(random() * 40); length > 0; --length) {
        if (random() < 0.2) text += pick(words);
        else {
          const [low, high] = pick(pools);
          text += String.fromCodePoint(low + Math.floor(random() * (high - low + 1)));
        }
      }
      const ids = [...tokenizer.encode(text)];
      expect(ids, JSON.stringify(text)).toEqual(tiktokenEncode(text));
      expect(ids, JSON.stringify(text)).toEqual(gpt3Encode(text));
      expect(tokenizer.decode(ids)).toBe(text.toWellFormed());
    }
    tokenizer.dispose();
  });

  it('refuses files that are not GPT-2’s, by kind, naming what is wrong', async () => {
    const refusal = (options) =>
      gpt2Tokenizer({ backend, ...options }).then(
        () => 'accepted',
        (error) => error,
      );
    const notJson = await refusal({ vocab: '{"a": ', merges: files.merges });
    expect(notJson).toBeInstanceOf(RangeError);
    expect(notJson.kind).toBe('vocab');
    expect(notJson.message).toMatch(/^gpt2Tokenizer: vocab.json is not JSON/);
    const merges = await refusal({ vocab: files.vocab, merges: '#version: 0.2\nĠt zzzqqq\n' });
    expect(merges.kind).toBe('merges');
    expect(merges.message).toMatch(/merges.txt line 2: "zzzqqq" is not in vocab.json/);
    await expect(gpt2Tokenizer({ vocab: 3, merges: '' })).rejects.toThrow(TypeError);
    await expect(gpt2Tokenizer({ vocab: files.vocab, merges: files.merges, merge: '' })).rejects.toThrow(/merge/);
    const tokenizer = await gpt2Tokenizer({ ...files, backend });
    expect(() => tokenizer.decode([50257])).toThrow(/ids must be whole numbers from 0 to 50256/);
    expect(() => tokenizer.decode([1.5])).toThrow(RangeError);
    tokenizer.dispose();
  });
});
