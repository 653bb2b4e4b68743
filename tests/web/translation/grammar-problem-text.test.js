// Why the grammar does not translate a sentence, as web/lib returns it (the real module, the SIMD128 build in
// Node): a kind and the grammar's words, no English sentence; said in the page's language by the Translation view's
// reference line, in English, Spanish and Chinese (tests/cpp/grammar_problem_test.cpp finds every kind's words in
// each catalogue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { grammarProblemText } from '../../../web/src/translation/grammar-problem-text.js';

const backend = 'wasm-simd128';
let spanish;
let japanese;
beforeAll(async () => {
  [spanish, japanese] = await Promise.all([loadTranslator({ backend }), loadTranslator({ backend, weights: 'en-ja' })]);
});
afterAll(() => {
  spanish.dispose();
  japanese.dispose();
  setCurrentLocale('en');
});

/** The problem in `locale`, its sections loaded as the Translation view loads them. */
async function said(locale, problem) {
  setCurrentLocale(locale);
  await Promise.all([loadMessages('grammar'), loadMessages('heads')]); // as the Translation view loads them
  return grammarProblemText(problem);
}

describe('outsideGrammar, from web/lib', () => {
  it('is a kind and the words it names, or null for a sentence the grammar translates', () => {
    expect(spanish.translate('the dogs eat').outsideGrammar).toEqual({
      kind: 'needs-object',
      word: 'eat',
      examples: ['the dogs eat the apple'],
    });
    expect(spanish.translate('we ate the apples tomorrow').outsideGrammar).toEqual({
      kind: 'expects-preposition',
      after: 'we ate the apples',
      found: 'tomorrow',
      prepositions: ['in', 'with', 'without', 'near', 'behind', 'on', 'under'],
      adverbs: ['yesterday', 'today', 'now', 'here', 'there'],
    });
    expect(spanish.translate('we eat the apples yesterday').outsideGrammar).toEqual({
      kind: 'adverb-needs-past',
      word: 'yesterday',
      found: 'eat',
    });
    expect(spanish.translate('we ate the apples yesterday').outsideGrammar).toBeNull();
    expect(spanish.translate('he sees i').outsideGrammar).toEqual({
      kind: 'pronoun-case',
      role: 'object',
      roleWord: 'sees',
      form: 'object',
      expected: 'me',
      found: 'i',
    });
    expect(spanish.translate('the dog sleeps').outsideGrammar).toBeNull();
  });

  it('says a word the Japanese grammar never uses is not in the model’s vocabulary (issue 57: “leaves out”)', () => {
    const r = japanese.translate('my sister sleeps');
    expect(r.outsideGrammar).toEqual({ kind: 'not-in-vocabulary', language: 'ja', word: 'sister' });
    expect(japanese.vocabulary.source).not.toContain('sister');
    expect(r.unknownWords.map(({ word }) => word)).toEqual(['sister']);
    expect(spanish.translate('my sister sleeps').outsideGrammar).toBeNull();
  });
});

describe('the reference line’s words, in the page’s language', () => {
  const telescope = () => spanish.translate('the dog sees the telescope').outsideGrammar;
  const tomorrow = () => spanish.translate('we ate the apples tomorrow').outsideGrammar;
  const yesterday = () => spanish.translate('we eat the apples yesterday').outsideGrammar;
  const sister = () => japanese.translate('my sister sleeps').outsideGrammar;
  const agreement = () => spanish.translate('the dogs eats the cat').outsideGrammar;
  const pronoun = () => spanish.translate('he sees i').outsideGrammar;

  it('English', async () => {
    expect(await said('en', telescope())).toBe(
      'after “the dog sees the” the grammar expects a noun (man, girl, father, …), not “telescope”',
    );
    expect(await said('en', tomorrow())).toBe(
      'after “we ate the apples” only a preposition (in, with, without, near, behind, on, under) or an adverb (yesterday, today, now, here, there) may follow, not “tomorrow”',
    );
    expect(await said('en', yesterday())).toBe('“yesterday” goes with a verb in the past, not “eat”');
    expect(await said('en', sister())).toBe(
      '“sister” is not in this model’s vocabulary: no sentence of the English → Japanese grammar it learned from has it',
    );
    expect(await said('en', agreement())).toBe('with the plural subject “the dogs” the verb is “eat”, not “eats”');
    expect(await said('en', pronoun())).toBe('“sees” needs an object: “i” is the subject form; here it is “me”');
  });

  it('Spanish, with its quotation marks', async () => {
    expect(await said('es', telescope())).toBe(
      'después de «the dog sees the» la gramática espera un sustantivo (man, girl, father, …), no «telescope»',
    );
    expect(await said('es', tomorrow())).toBe(
      'después de «we ate the apples» solo puede ir una preposición (in, with, without, near, behind, on, under) o un adverbio (yesterday, today, now, here, there), no «tomorrow»',
    );
    expect(await said('es', yesterday())).toBe('«yesterday» va con un verbo en pasado, no «eat»');
    expect(await said('es', sister())).toBe(
      '«sister» no está en el vocabulario de este modelo: ninguna oración de la gramática inglés → japonés con la que aprendió la contiene',
    );
    expect(await said('es', agreement())).toBe('con el sujeto plural «the dogs» el verbo es «eat», no «eats»');
    expect(await said('es', pronoun())).toBe(
      '«sees» necesita un complemento directo: «i» es la forma de sujeto; aquí va «me»',
    );
  });

  it('Chinese, its lists with 、', async () => {
    expect(await said('zh-CN', telescope())).toBe(
      '在“the dog sees the”之后，语法要求名词（如 man、girl、father 等），而不是“telescope”',
    );
    expect(await said('zh-CN', tomorrow())).toBe(
      '在“we ate the apples”之后只能接介词（in、with、without、near、behind、on、under）或副词（yesterday、today、now、here、there），不能接“tomorrow”',
    );
    expect(await said('zh-CN', yesterday())).toBe('“yesterday”要与过去时的动词连用，而不是“eat”');
    expect(await said('zh-CN', sister())).toBe(
      '“sister”不在这个模型的词表中：它学习所用的英语→日语语法中没有任何句子包含这个词',
    );
    expect(await said('zh-CN', agreement())).toBe('复数主语“the dogs”的动词应为“eat”，而不是“eats”');
    expect(await said('zh-CN', pronoun())).toBe('“sees”需要宾语：“i”是主格；这里应为“me”');
  });
});
