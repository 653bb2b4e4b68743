// Numbers said in sentences (formatDecimal, formatFixed, joinNumbers, formatProbability, formatPercent, formatCount)
// in English, Spanish and Chinese, against the maths notation of matrices and formulas (formatNumber), which stays
// the same in every language. English writes the same text both ways, without Intl.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDecimal,
  formatFixed,
  formatNumber,
  formatPercent,
  formatProbability,
  joinNumbers,
} from '../../../web/src/common/format.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { formatDuration } from '../../../web/src/train/train-state.js';
import { propertyRuns } from '../property-seed.js';

const nbsp = '\u00a0';

/** What a Spanish reader reads in `text`: '.' groups thousands, ',' marks decimals, '−' is a minus. */
const readSpanish = (text) => Number(text.replaceAll('.', '').replace(',', '.').replaceAll('−', '-'));

describe('numbers in sentences', () => {
  afterEach(() => setCurrentLocale('en'));

  it('English: the maths notation itself, without Intl', () => {
    setCurrentLocale('en');
    expect([formatDecimal(5.0412, 3), formatDecimal(-0.5, 3), formatDecimal(12345.6, 7)]).toEqual([
      '5.04',
      '−0.5',
      '12345.6',
    ]);
    expect([formatDecimal(7.8e-7, 2), formatDecimal(-Infinity, 3), formatDecimal(0, 3)]).toEqual(['7.8e−7', '−∞', '0']);
    expect([formatFixed(3.31, 1), formatFixed(0.8, 2)]).toEqual(['3.3', '0.80']);
    expect(joinNumbers(['1', '0.98'])).toBe('1, 0.98');
    expect([formatProbability(0), formatProbability(1), formatProbability(7.8e-7)]).toEqual(['0%', '100%', '7.8e−5%']);
    expect([formatPercent(0.016), formatCount(80055)]).toEqual(['2%', '80,055']);
  });

  it('Spanish: a decimal comma, grouped thousands, a space before %, the exponent kept', () => {
    setCurrentLocale('es');
    expect([formatDecimal(5.0412, 3), formatDecimal(-0.5, 3), formatDecimal(12345.6, 7)]).toEqual([
      '5,04',
      '−0,5',
      '12.345,6',
    ]);
    expect([formatDecimal(7.8e-7, 2), formatDecimal(1.6, 2), formatDecimal(-Infinity, 3)]).toEqual([
      '7,8e−7',
      '1,6',
      '−∞',
    ]);
    expect([formatFixed(3.31, 1), formatFixed(0.8, 2)]).toEqual(['3,3', '0,80']);
    expect(joinNumbers(['1', '0,98'])).toBe('1; 0,98'); // a comma between them would read as one number
    expect([formatProbability(0), formatProbability(1), formatProbability(7.8e-7)]).toEqual([
      `0${nbsp}%`,
      `100${nbsp}%`,
      `7,8e−5${nbsp}%`,
    ]);
    expect([formatProbability(0.077), formatPercent(0.016), formatCount(80055)]).toEqual([
      `7,7${nbsp}%`,
      `2${nbsp}%`,
      '80.055',
    ]);
    expect(formatNumber(5.0412, 3)).toBe('5.04'); // a matrix's cell: the editor reads it back with a dot
  });

  it('the Train view\'s time left, in each language (it read "quedan 3.3 s")', async () => {
    const said = {};
    for (const locale of ['en', 'es', 'zh-CN']) {
      setCurrentLocale(locale);
      await loadMessages('train');
      said[locale] = formatDuration(3.31);
    }
    expect(said).toEqual({ en: '3.3 s', es: '3,3 s', 'zh-CN': '3.3 秒' });
  });

  it('Chinese: a decimal point and grouped thousands, % without a space', () => {
    setCurrentLocale('zh-CN');
    expect([formatDecimal(5.0412, 3), formatDecimal(12345.6, 7), formatDecimal(7.8e-7, 2)]).toEqual([
      '5.04',
      '12,345.6',
      '7.8e−7',
    ]);
    expect([formatFixed(3.31, 1), joinNumbers(['1', '0.98'])]).toEqual(['3.3', '1, 0.98']);
    expect([formatProbability(0), formatProbability(7.8e-7), formatProbability(0.077)]).toEqual([
      '0%',
      '7.8e−5%',
      '7.7%',
    ]);
    expect([formatPercent(0.016), formatCount(80055)]).toEqual(['2%', '80,055']);
  });

  it('Spanish says the value the maths notation says, to the same digits (fast-check, seeded)', () => {
    setCurrentLocale('es');
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 1, max: 7 }),
        (value, digits) => {
          const maths = formatNumber(value, digits);
          const prose = formatDecimal(value, digits);
          expect(prose).not.toMatch(/\d\.\d{1,2}(?!\d)|\d\.\d{4,}/); // no decimal point, only groups of three
          expect(readSpanish(prose)).toBe(Number(maths.replaceAll('−', '-')));
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});
