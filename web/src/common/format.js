// Number formatting shared by the heatmaps, explanations and exports. Numbers in prose (counts, percentages,
// durations, a sum or a loss said in a sentence) follow the page's language through Intl (55.309, 57 %, 3,3 s and
// "suman 1,02" in Spanish); the maths numbers of maps, matrices and formulas keep their notation in every language
// (formatNumber: a dot for decimals, as the matrix editor reads them back). English skips Intl (formatCount says why)
// and writes the same text both ways.
import { currentLocale, sourceLocale } from '../i18n/locale.js';

const numberFormats = new Map(); // 'locale options' → Intl.NumberFormat, built on first use
function numberFormat(options) {
  const key = `${currentLocale()} ${JSON.stringify(options)}`;
  if (!numberFormats.has(key)) numberFormats.set(key, new Intl.NumberFormat(currentLocale(), options));
  return numberFormats.get(key);
}

/**
 * `digits` significant digits, trailing zeros dropped (2, not 2.000), a real minus sign, and −∞ for masked
 * logits. Very large or small magnitudes switch to exponent form.
 */
export function formatNumber(value, digits) {
  if (value === -Infinity) return '−∞';
  if (value === Infinity) return '∞';
  if (Number.isNaN(value)) return 'NaN';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  let text;
  if (magnitude >= 1e6 || magnitude < 1e-4) {
    text = value.toExponential(digits - 1).replace(/\.?0+e/, 'e');
  } else {
    text = value.toPrecision(digits);
    if (text.includes('.') && !text.includes('e')) text = text.replace(/\.?0+$/, '');
  }
  return text.replaceAll('-', '−');
}

/** The page's decimal separator ('.', ',' in Spanish), from Intl. */
const decimalSeparator = () =>
  numberFormat({ minimumFractionDigits: 1 })
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal').value;

/**
 * A number said in a sentence: formatNumber's digits and forms (2, not 2.000; −∞; an exponent for very large or
 * small magnitudes) in the page's language: "5,04" and "12.345,6" in Spanish, "7,8e−5" with its exponent kept.
 */
export function formatDecimal(value, digits) {
  const text = formatNumber(value, digits);
  if (currentLocale() === sourceLocale || !Number.isFinite(value) || value === 0) return text;
  const [mantissa, exponent] = text.split('e');
  if (exponent !== undefined) return `${mantissa.replace('.', decimalSeparator())}e${exponent}`;
  return numberFormat({ maximumSignificantDigits: digits }).format(value).replace('-', '−');
}

/** A number said in a sentence with `decimals` decimals, trailing zeros kept: "3.3" ("3,3" in Spanish). */
export function formatFixed(value, decimals) {
  if (currentLocale() === sourceLocale) return value.toFixed(decimals).replace('-', '−');
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    .format(value)
    .replace('-', '−');
}

/**
 * Numbers said in a row in a sentence: "1, 0.98" ("1; 0,98" where the decimals are written with a comma, which a
 * comma between the numbers would make unreadable).
 */
export const joinNumbers = (texts) => texts.join(decimalSeparator() === ',' ? '; ' : ', ');

/** `number` (already written in the page's language) as a percentage of it: "7,8e−5 %" in Spanish, "7.8e−5%". */
const asPercent = (number) =>
  numberFormat({ style: 'percent' })
    .formatToParts(0.01)
    .map((part) => (part.type === 'integer' ? number : part.value))
    .join('');

/**
 * A probability for a glance inside a heatmap cell: two decimals, "0" below 0.005 (exact values stay in
 * the tooltip and the screen-reader table).
 */
export function formatWeight(value) {
  if (value < 0.005) return '0';
  return value.toFixed(2).replace(/\.?0+$/, '');
}

/**
 * A whole number with thousands separated by commas (55,309), as toLocaleString('en') writes it, without
 * starting Intl's number formatting (tens of milliseconds the first time, on a slow phone several times that).
 */
export function formatCount(value) {
  if (currentLocale() !== sourceLocale) return numberFormat({ maximumFractionDigits: 0 }).format(Math.trunc(value));
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** formatWeight for values that may be negative (a change in probability): "−0.12". */
export function formatSignedWeight(value) {
  return value <= -0.005 ? `−${formatWeight(-value)}` : formatWeight(value);
}

/**
 * A probability as a percentage with enough digits to tell it from 0% and from 100%: within 1% of either, two
 * significant digits of the distance (0.027%, 99.99996%), an exponent below 0.0001%; else 97%, 5.2%.
 */
export function formatProbability(p) {
  const english = currentLocale() === sourceLocale;
  if (p <= 0 || p >= 1) return english ? `${p <= 0 ? 0 : 100}%` : formatPercent(p <= 0 ? 0 : 1);
  const percent = 100 * p,
    nearest = 100 * Math.min(p, 1 - p); // the distance to 0% or to 100%
  if (percent < 1e-4) return english ? `${formatNumber(percent, 2)}%` : asPercent(formatDecimal(percent, 2));
  // Within 1% of 0 or 100: two significant digits of that distance; otherwise as the bars always wrote it.
  const digits = nearest < 1 ? Math.min(8, 1 - Math.floor(Math.log10(nearest))) : percent < 10 ? 1 : 0;
  if (!english)
    return numberFormat({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(p);
  return `${percent.toFixed(digits)}%`;
}

/** A share as a whole percentage: 95% (95 % in Spanish), by hand in English as formatCount is. */
export function formatPercent(share) {
  if (currentLocale() !== sourceLocale)
    return numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(share);
  return `${Math.round(100 * share)}%`;
}
