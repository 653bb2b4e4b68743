// Number formatting shared by the heatmaps, explanations and exports. Counts and percentages follow the page's
// language through Intl (55.309 and 57 % in Spanish); the maths numbers of maps, matrices and formulas keep their
// notation in every language (a dot for decimals, as the matrix editor reads them back).
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
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const percent = 100 * p,
    nearest = 100 * Math.min(p, 1 - p); // the distance to 0% or to 100%
  if (percent < 1e-4) return `${formatNumber(percent, 2)}%`;
  // Within 1% of 0 or 100: two significant digits of that distance; otherwise as the bars always wrote it.
  const digits = nearest < 1 ? Math.min(8, 1 - Math.floor(Math.log10(nearest))) : percent < 10 ? 1 : 0;
  if (currentLocale() !== sourceLocale)
    return numberFormat({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(p);
  return `${percent.toFixed(digits)}%`;
}

/** A share as a whole percentage: 95% (95 % in Spanish), by hand in English as formatCount is. */
export function formatPercent(share) {
  if (currentLocale() !== sourceLocale)
    return numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(share);
  return `${Math.round(100 * share)}%`;
}
