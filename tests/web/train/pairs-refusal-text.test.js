// Pasted pairs refused by the real module (web/lib, the SIMD128 build in Node), said in the page's language from
// the refusal's kind and numbers: each bad line, and the pairs as a whole.
import { afterEach, describe, expect, it } from 'vitest';
import { createTrainer } from '../../../web/lib/index.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { pairsLineText, pairsRefusalText } from '../../../web/src/train/pairs-refusal-text.js';

/** What createTrainer throws for `pairsText`. */
async function refusal(pairsText) {
  try {
    const trainer = await createTrainer({ backend: 'wasm-simd128', task: { text: pairsText } });
    trainer.dispose();
  } catch (error) {
    return error;
  }
  throw new Error('the pairs were accepted');
}

const badLines = ['one\tuno', 'two dos', `${'w '.repeat(13)}\tx`, 'tres\t'].join('\n');
const fewPairs = Array.from({ length: 9 }, (_, i) => `n${i}\tm${i}`).join('\n');

describe('pasted pairs refused, in the page’s language', () => {
  afterEach(() => setCurrentLocale('en'));

  it('English: each line, and the whole, with the numbers web/lib gives', async () => {
    await loadMessages('train');
    const lines = await refusal(badLines);
    expect(lines.kind).toBe('pairs-lines');
    expect(lines.lines.map(pairsLineText)).toEqual([
      'no tab or “ ||| ” between the source and the target',
      'the source has 13 words; the limit is 12',
      'the target is empty',
    ]);
    expect(pairsRefusalText(lines)).toBe('3 lines are not pairs: see the list under the pairs');
    expect(pairsRefusalText(await refusal(fewPairs))).toBe('only 9 pairs; at least 10 are needed');
    // Any other error keeps the library's own words.
    expect(pairsRefusalText(new RangeError('createTrainer: something else'))).toBe('createTrainer: something else');
  });

  it('Spanish and Chinese', async () => {
    const lines = await refusal(badLines);
    const few = await refusal(fewPairs);
    setCurrentLocale('es');
    await loadMessages('train');
    expect(lines.lines.map(pairsLineText)).toEqual([
      'no hay un tabulador ni “ ||| ” entre la fuente y el destino',
      'la fuente tiene 13 palabras; el límite es 12',
      'el destino está vacío',
    ]);
    expect(pairsRefusalText(few)).toBe('solo 9 pares; se necesitan al menos 10');
    setCurrentLocale('zh-CN');
    await loadMessages('train');
    expect(lines.lines.map(pairsLineText)[1]).toBe('源句有 13 个词；上限是 12');
    expect(pairsRefusalText(lines)).toBe('3 行不是句对：见句对下方的列表');
  });
});
