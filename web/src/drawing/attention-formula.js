// The attention formula written out once, output = softmax(Q·Kᵀ / √d_k)·V, as MathML: real maths markup that
// Chromium, Firefox and WebKit draw and screen readers read (not a picture). It is built with DOM calls, never
// parsed from a string (the page's CSP allows no HTML from strings). A legend below says what each symbol is on
// screen (which map, which numbers); pointing at a symbol or its line in the legend outlines that map (the legend
// says the same in words, for a keyboard or a screen reader). The symbols are notation, the same in every language,
// but for the word "output", which is the page's language's.
import { t } from '../i18n/messages.js';

const mathNamespace = 'http://www.w3.org/1998/Math/MathML';

/** A MathML element with attributes and children (elements or text). */
function math(tag, attributes = {}, ...children) {
  const node = document.createElementNS(mathNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The symbols, in the formula's order: what the legend calls each (their ids: data-symbol, the meanings' keys). */
export const formulaSymbols = Object.freeze(['output', 'softmax', 'Q', 'Kᵀ', 'd_k', 'V']);

/** How a symbol is written in the legend: as its id, but for the word "output" in the page's language. */
const shownSymbol = (name) => (name === 'output' ? t('app.drawing.formula.output') : name);

export class AttentionFormula {
  /**
   * @param {{ id: string, mapIds: Partial<Record<string, string>> }} options  `mapIds`: for a symbol, the id of the
   *   element that shows it (outlined while the symbol or its legend line is pointed at or focused)
   */
  constructor({ id, mapIds }) {
    this.mapIds = mapIds;
    const symbol = (name, node) => {
      node.setAttribute('data-symbol', name);
      node.setAttribute('class', 'formula-symbol');
      return node;
    };
    const operator = (text) => math('mo', {}, text);
    this.math = math(
      'math',
      { display: 'block' },
      math(
        'mrow',
        {},
        symbol('output', math('mi', {}, t('app.drawing.formula.output'))),
        operator('='),
        symbol('softmax', math('mi', { translate: 'no' }, 'softmax')), // a function's name, in every language
        operator('\u2061'), // function application: softmax of what follows
        math(
          'mrow', // the brackets and what they hold, so that the brackets grow to the fraction's height
          {},
          operator('('),
          math(
            'mfrac',
            {},
            math(
              'mrow',
              {},
              symbol('Q', math('mi', {}, 'Q')),
              operator('\u2062'), // invisible times: Q times Kᵀ
              symbol('Kᵀ', math('msup', {}, math('mi', {}, 'K'), math('mi', { mathvariant: 'normal' }, 'T'))),
            ),
            math('msqrt', {}, symbol('d_k', math('msub', {}, math('mi', {}, 'd'), math('mi', {}, 'k')))),
          ),
          operator(')'),
        ),
        operator('·'),
        symbol('V', math('mi', {}, 'V')),
      ),
    );
    this.legend = document.createElement('dl');
    this.legend.className = 'formula-legend';
    this.element = document.createElement('figure');
    this.element.className = 'attention-formula';
    this.element.id = id;
    const caption = document.createElement('figcaption');
    caption.textContent = t('app.drawing.formula.caption');
    this.element.append(caption, this.math, this.legend);
    // One symbol at a time is pointed at: from the formula or from its legend line.
    const pointed = (event) => /** @type {Element} */ (event.target).closest?.('[data-symbol]');
    for (const root of [this.math, this.legend]) {
      root.addEventListener('pointerover', (event) => this.#link(pointed(event)?.getAttribute('data-symbol')));
      root.addEventListener('pointerleave', () => this.#link(null));
    }
  }

  /** @param {Record<string, string>} meanings  for each of formulaSymbols, what it is on screen, with its numbers */
  update(meanings) {
    this.legend.replaceChildren(
      ...formulaSymbols.map((name) => {
        const line = document.createElement('div');
        line.setAttribute('data-symbol', name);
        const term = document.createElement('dt');
        term.textContent = shownSymbol(name);
        if (name !== 'output') term.translate = false; // notation; 'output' is a word of the page's language
        const meaning = document.createElement('dd');
        meaning.textContent = meanings[name];
        line.append(term, meaning);
        return line;
      }),
    );
  }

  /** Outlines the symbol `name` in the formula, its legend line and the map it stands for (null: none). */
  #link(name) {
    const root = /** @type {Document | ShadowRoot} */ (this.element.getRootNode());
    for (const node of root.querySelectorAll?.('.formula-linked') ?? []) node.classList.remove('formula-linked');
    if (!name) return;
    for (const node of this.element.querySelectorAll(`[data-symbol="${name}"]`)) node.classList.add('formula-linked');
    const mapId = this.mapIds[name];
    if (mapId) root.getElementById?.(mapId)?.classList.add('formula-linked');
  }
}
