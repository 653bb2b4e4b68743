// What an edited matrix cell may hold: a plain decimal number (optionally with an exponent), finite and
// within ±1e6 so the maths stays readable. Anything else is refused with a message; the caller keeps the
// last good value.

export const maxCellMagnitude = 1e6;
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** @returns {{ ok: boolean, value?: number, message?: string }} `value` when ok, else `message` */
export function parseCell(text) {
  const trimmed = String(text).trim().replace(/^−/, '-'); // accept the typographic minus the page displays
  if (trimmed === '') return { ok: false, message: 'Enter a number.' };
  if (!decimal.test(trimmed)) return { ok: false, message: `“${truncate(trimmed)}” is not a number.` };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || Math.abs(value) > maxCellMagnitude) {
    return {
      ok: false,
      message: `Numbers must lie between −${maxCellMagnitude.toExponential()} and ${maxCellMagnitude.toExponential()}.`,
    };
  }
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

function truncate(text) {
  return text.length > 12 ? `${text.slice(0, 12)}…` : text;
}
