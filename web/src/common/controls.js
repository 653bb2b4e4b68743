// Small DOM helpers for the control panel: labelled fields built with textContent only (nothing from the URL
// or the user is ever parsed as HTML).

export function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('aria-') || key === 'role' || key === 'for') node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Whether `node` has the keyboard focus, in the document or inside a shadow root (a web component's). */
export function hasFocus(node) {
  return node.getRootNode().activeElement === node;
}

/**
 * Makes `nodes` the children of `parent`, in order, moving nothing when they already are: a control taken out of
 * the document and put back, even in the same place, loses the keyboard focus and the pointer's drag.
 */
export function keepChildren(parent, nodes) {
  const same = parent.childNodes.length === nodes.length && nodes.every((node, i) => parent.childNodes[i] === node);
  if (!same) parent.replaceChildren(...nodes);
}

export function labelled(text, control, hint = null) {
  return element(
    'label',
    { className: 'field' },
    element('span', { className: 'field-label', textContent: text }),
    control,
    hint,
  );
}

export function select(id, options, onChange) {
  const node = element('select', { id });
  node.addEventListener('change', () => onChange(node.value));
  setOptions(node, options);
  return node;
}

/** Replaces a select's options ([value, text] pairs) only when they changed, keeping focus and selection. */
export function setOptions(node, options) {
  const key = JSON.stringify(options);
  if (node.dataset.options === key) return;
  node.dataset.options = key;
  node.replaceChildren(
    ...options.map(([value, text]) => element('option', { value: String(value), textContent: text })),
  );
}

export function button(text, onClick, props = {}) {
  const node = element('button', { type: 'button', textContent: text, ...props });
  node.addEventListener('click', onClick);
  return node;
}

/**
 * The <output> showing slider `id`'s value, from the start as wide as `widest` (its longest text) and with digits
 * of one width: an output whose text grew would narrow the slider beside it, moving the track under the pointer
 * in the middle of a drag.
 */
export function sliderOutput(id, widest, props = {}) {
  const node = element('output', { for: id, ...props });
  node.style.minWidth = `${widest.length}ch`;
  node.style.fontVariantNumeric = 'tabular-nums';
  return node;
}

/** Log-scale slider position (0…1000) ↔ value in [lo, hi]. */
export const logSlider = {
  toValue: (position, lo, hi) => lo * (hi / lo) ** (position / 1000),
  toPosition: (value, lo, hi) => Math.round((1000 * Math.log(value / lo)) / Math.log(hi / lo)),
  /**
   * The value a position stands for, as a state or a link keeps it: to 4 significant digits, enough for every one of
   * the 1001 positions of a range up to 400× wide to map back to itself (with fewer, an arrow key or a drag could
   * be undone by the redraw), few enough for a link.
   */
  valueAt: (position, lo, hi) => Number(logSlider.toValue(position, lo, hi).toPrecision(4)),
};

/** A fieldset of controls under its legend. */
export function fieldset(legend, ...controls) {
  return element('fieldset', {}, element('legend', { textContent: legend }), ...controls);
}

/**
 * A section below the fold, titled and explained: `id` names it (its title is `${id}-title`), `hint` says what
 * it shows; `children` follow.
 */
export function explainedSection({ id, title, hint, heading = 'h3' }, ...children) {
  return element(
    'section',
    { 'aria-labelledby': `${id}-title`, className: 'below-fold', id },
    element(heading, { id: `${id}-title`, textContent: title }),
    element('p', { className: 'hint', textContent: hint }),
    ...children,
  );
}

/** A row of fieldsets, as every view and lesson lays out its controls (style.css's .controls grid). */
export function controlsRow(...fieldsets) {
  return element('div', { className: 'controls' }, ...fieldsets);
}

/**
 * A whole-number field that applies as it is typed, as a slider does: each whole value from `min` to `max` goes to
 * `onValue` at once (the view debounces what follows, as it does for its sliders). Its range is said under it, and a
 * value outside it is said to be (aria-invalid, and a message a screen reader reads), not silently put back; when the
 * field is left with one, it shows the value in use again, the message still saying why.
 * @param {{ id: string, label: string, min: number, max: number, onValue: (value: number) => void,
 *           kept: () => number, rangeText: string, outOfRangeText: (typed: string, kept: number) => string,
 *           hint?: string }} field  kept: the value in use; rangeText: the range in words; hint: more words under it
 * @returns {{ input: HTMLInputElement, field: HTMLElement }}  field: the label with the input and its words
 */
export function wholeNumberField({ id, label, min, max, onValue, kept, rangeText, outOfRangeText, hint }) {
  const input = element('input', { type: 'number', id, min, max, step: 1, required: true });
  const range = element('small', { id: `${id}-range`, textContent: hint ? `${rangeText} · ${hint}` : rangeText });
  const problem = element('small', { id: `${id}-problem`, className: 'error', 'aria-live': 'polite' });
  input.setAttribute('aria-describedby', `${id}-range ${id}-problem`);
  /** The typed value when it is in range, else null (the message says so; an empty field, while typing, not yet). */
  const checked = (leaving) => {
    const text = input.value.trim();
    const value = Number(text);
    const fits = text !== '' && Number.isInteger(value) && value >= min && value <= max;
    const said = !fits && (text !== '' || leaving);
    input.setAttribute('aria-invalid', String(said));
    problem.textContent = said ? outOfRangeText(text || '—', kept()) : '';
    return fits ? value : null;
  };
  input.addEventListener('input', () => {
    const value = checked(false);
    if (value !== null) onValue(value);
  });
  input.addEventListener('change', () => {
    if (checked(true) === null) input.value = String(kept());
  });
  const field = labelled(label, input, range);
  field.append(problem); // on a line of its own under the range, as the range is under the field
  return { input, field };
}
