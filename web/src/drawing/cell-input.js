// What an edited matrix cell may hold: a plain decimal number (optionally with an exponent), finite and
// within ±1e6 so the maths stays readable. Anything else is refused with a message in the page's language (the
// `app` section's); the caller keeps the last good value.
import { t } from '../i18n/messages.js';

export const maxCellMagnitude = 1e6;
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** @returns {{ ok: boolean, value?: number, message?: string }} `value` when ok, else `message` */
export function parseCell(text) {
  const trimmed = String(text).trim().replace(/^−/, '-'); // accept the typographic minus the page displays
  if (trimmed === '') return { ok: false, message: t('app.drawing.cell.empty') };
  if (!decimal.test(trimmed))
    return { ok: false, message: t('app.drawing.cell.notNumber', { text: truncate(trimmed) }) };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || Math.abs(value) > maxCellMagnitude) {
    return {
      ok: false,
      message: t('app.drawing.cell.outOfRange', {
        low: `−${maxCellMagnitude.toExponential()}`,
        high: maxCellMagnitude.toExponential(),
      }),
    };
  }
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

function truncate(text) {
  return text.length > 12 ? `${text.slice(0, 12)}…` : text;
}
