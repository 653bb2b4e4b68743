// The parts of the Generate view a lesson's link lands on (`generate.part`, generate-state.js), drawn from the first
// generation and scrolled to: lesson 6's causal map (the step details' own, with the chosen token's row outlined),
// lesson 7's key/value cache for 1, 2 and 4 key/value heads side by side, lesson 9's greedy and sampled text side by
// side. The cache's bytes are the shape's arithmetic (2 × layers × key/value heads × head width × 4 bytes a
// position) beside the written model's measured cache: the size depends on the shape alone, not on what the weights
// learned, so the measured row checks the rule, and a learner sees it at once rather than after training two models.
import { element } from '../common/controls.js';
import { formatCount, formatFixed } from '../common/format.js';
import { t } from '../i18n/messages.js';
import { generationOptions, kvHeadChoices } from './generate-state.js';

/** A cache's bytes for each key/value head count `config`'s query heads allow, largest first, for `positions`. */
export function cacheBytesByKvHeads(config, positions) {
  const width = config.dModel / config.heads;
  return kvHeadChoices(config.heads).map((kvHeads) => {
    const perPosition = config.layers * 2 * kvHeads * width * 4;
    return { kvHeads, perPosition, bytes: perPosition * positions, ratio: config.heads / kvHeads };
  });
}

/** A bar as long as `share` of 8 rem (set through the CSSOM: the page's CSP refuses style attributes). */
function bar(share) {
  const span = element('span', { className: 'generate-part-bar', 'aria-hidden': 'true' });
  span.style.width = `${(8 * share).toFixed(2)}rem`; // CSS, not prose: a point whatever the language
  return span;
}

/** The cache's table: a row per key/value head count, its bytes as a bar, the written model's row measured too. */
function cacheTable(generation) {
  const { config } = generation;
  const last = generation.steps.at(-1);
  const rows = cacheBytesByKvHeads(config, last.length);
  const largest = rows[0].bytes;
  const cell = (text) => element('td', { textContent: text });
  const header = (text) => element('th', { scope: 'col', textContent: text });
  return element(
    'table',
    { id: 'generate-part-cache-table', className: 'generate-part-table' },
    element(
      'thead',
      {},
      element(
        'tr',
        {},
        header(t('generatePage.parts.cache.kvHeads')),
        header(t('generatePage.parts.cache.perPosition')),
        header(t('generatePage.parts.cache.held', { positions: last.length })),
        header(t('generatePage.parts.cache.measured')),
      ),
    ),
    element(
      'tbody',
      {},
      ...rows.map((row) =>
        element(
          'tr',
          { dataset: { kvHeads: String(row.kvHeads) } },
          element('th', { scope: 'row', textContent: t('generatePage.parts.cache.row', row) }),
          cell(formatCount(row.perPosition)),
          element('td', {}, bar(row.bytes / largest), ` ${formatCount(row.bytes)}`),
          cell(
            row.kvHeads === config.kvHeads
              ? t('generatePage.parts.cache.allocated', { bytes: formatCount(last.cacheBytes) })
              : t('generatePage.parts.cache.notMeasured'),
          ),
        ),
      ),
    ),
  );
}

/** Two texts side by side, each under its heading, after the prompt they continue. */
function decodingPair(prompt, pair, options) {
  const column = (id, title, text) =>
    element(
      'figure',
      { id, className: 'generate-part-text' },
      element('figcaption', { textContent: title }),
      element(
        'p',
        { className: 'generate-sample', translate: false }, // the model's writing, not the page's words
        element('span', { className: 'generate-part-prompt', textContent: prompt }),
        text,
      ),
    );
  return element(
    'div',
    { className: 'generate-part-pair' },
    column('generate-part-greedy', t('generatePage.parts.decoding.greedy'), pair.greedy),
    column('generate-part-sampled', t('generatePage.parts.decoding.sampled', options), pair.sampled),
  );
}

export class LessonPart {
  constructor() {
    this.title = element('h3', { id: 'generate-part-title' });
    this.intro = element('p', { className: 'hint' });
    this.body = element('div', {});
    this.element = element(
      'section',
      { id: 'generate-part', className: 'generate-part', 'aria-labelledby': 'generate-part-title', hidden: true },
      this.title,
      this.intro,
      this.body,
    );
  }

  /**
   * Draws the part `state.part` names (none: nothing; the causal map is the step details' own, `causal`), brings it
   * into view, and marks it landed (data-landed, for a test); a failure is `onError`'s.
   * @param {object} state  the view's
   * @param {{ ask: (method: string, ...args: any[]) => Promise<any>, causal: HTMLElement, onError: (error: Error) => void }} view
   *   ask: the view's worker
   */
  async land(state, { ask, causal, onError }) {
    if (!state.part) return;
    try {
      if (state.part === 'decoding') {
        // Sampled at the view's temperature, or at 0.8 when a link asks for 0 (its greedy column is that one).
        const settings = { ...state, temperature: state.temperature || 0.8 };
        const pair = await ask('decodingPair', settings.prompt, generationOptions(settings));
        this.showDecoding(settings.prompt, pair, settings);
      }
      (state.part === 'causal' ? causal : this.element).scrollIntoView({ block: 'start' });
      this.element.dataset.landed = state.part;
    } catch (error) {
      onError(error);
    }
  }

  /** Lesson 7's part: the cache's bytes for each key/value head count, for the generation's written text. */
  showCache(generation) {
    const { config } = generation;
    this.title.textContent = t('generatePage.parts.cache.title');
    this.intro.textContent = t('generatePage.parts.cache.intro', {
      layers: config.layers,
      width: config.dModel / config.heads,
      kvHeads: config.kvHeads,
    });
    this.body.replaceChildren(cacheTable(generation));
    this.element.hidden = false;
  }

  /**
   * Lesson 9's part: `pair` ({ greedy, sampled }, the worker's decodingPair) after `prompt`, sampled at `temperature`
   * with `seed`.
   */
  showDecoding(prompt, pair, { temperature, seed }) {
    this.title.textContent = t('generatePage.parts.decoding.title');
    this.intro.textContent = t('generatePage.parts.decoding.intro');
    this.body.replaceChildren(decodingPair(prompt, pair, { temperature: formatFixed(temperature, 2), seed }));
    this.element.hidden = false;
  }
}
