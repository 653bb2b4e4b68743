// "Does attention explain the translation?": for the sentence shown, which source words each output word
// depended on by raw cross-attention, attention rollout and attention flow (Abnar & Zuidema 2020), next to
// the experiment they are judged by (removing each source word), their rank agreement with it, the encoder's
// own maps three ways, and the agreement measured over held-out sentences. The numbers are the module's
// (translator.attribution and attributionAgreement, in the worker); this only asks and draws.
import { button, element, explainedSection } from '../common/controls.js';
import { formatNumber, formatSignedWeight, formatWeight } from '../common/format.js';
import { crossAttentionMap, drawingInSlices, Heatmap, wordWeights } from '../drawing/heatmap.js';

export const methods = Object.freeze([
  ['raw', 'raw cross-attention'],
  ['rollout', 'attention rollout'],
  ['flow', 'attention flow'],
]);

export const heldOutCount = 100; // held-out sentences for the pooled agreement: about a second in the worker

/** A rank correlation as shown: 0.61, or "undefined". */
const rho = (value) => (value === null || value === undefined ? 'undefined' : formatNumber(value, 2));

/**
 * How the pooled agreement compares with Abnar & Zuidema's finding, said from the figures measured (a model trained
 * in the Train view may read either way): raw attention the weakest of the three, or not.
 */
function paperComparison({ raw, rollout, flow }) {
  const paper = 'Abnar & Zuidema found raw attention in a deep encoder’s upper layers the weakest of the three';
  if (raw < rollout && raw < flow) return `${paper}; so is it here, by less, with an encoder of two layers.`;
  return `${paper}; not here: with an encoder of two layers, what it mixes into a word changes little of what the decoder reads.`;
}

export class AttributionView {
  /**
   * @param {{ graded: boolean, idPrefix?: string, encoder?: boolean, heading?: string,
   *           attribute: (sentence: string, options: object) => Promise<import('../../lib/index.js').Attribution>,
   *           agreement: (options: object) => Promise<import('../../lib/index.js').AttributionAgreement & { sentences: number }> }} options
   *   graded: the model has held-out sentences (a model of the grammar's language pairs); idPrefix: the
   *   elements' ids start with it (default 'attribution'); encoder: also show the encoder's own maps (default true);
   *   heading: the title's element, by where the section sits ('h3' by default)
   */
  constructor({ graded, attribute, agreement, idPrefix = 'attribution', encoder = true, heading = 'h3' }) {
    this.graded = graded;
    this.idPrefix = idPrefix;
    this.showEncoder = encoder;
    this.subheading = heading === 'h3' ? 'h4' : 'h5'; // the encoder's part, one level down
    this.attribute = attribute;
    this.agreement = agreement;
    this.requests = 0;
    this.built = false;
    this.body = element('div', { className: 'attribution-body' }); // filled when first shown (#build)
    this.element = explainedSection(
      {
        id: idPrefix,
        heading,
        title: 'Does attention explain the translation? Rollout and flow',
        hint: 'Which source words did each output word depend on? Raw attention answers with the cross-attention weights (averaged over layers and heads). But the encoder has already mixed the words before the decoder reads them: attention rollout follows the mixing back down (each encoder layer’s weights, half kept for the residual connection, multiplied to the input), attention flow treats the same weights as pipe capacities and asks how much can flow from the output word to each source word (Abnar & Zuidema 2020). The last map is the experiment they are judged by: how much less likely the output word becomes when that source word is removed.',
      },
      this.body,
    );
  }

  #build() {
    if (this.built) return;
    this.built = true;
    this.maps = Object.fromEntries(
      methods.map(([method, name]) => [
        method,
        new Heatmap({ id: `${this.idPrefix}-${method}`, title: name, ...crossAttentionMap }),
      ]),
    );
    this.removalMap = new Heatmap({
      id: `${this.idPrefix}-removal`,
      title: 'removing the word: drop in p(output word)',
      rowAxis: 'output word',
      colAxis: 'removed word',
      valueName: 'drop in probability',
      wordLabels: true,
    });
    this.encoderMaps = Object.fromEntries(
      methods.map(([method, name]) => [
        method,
        new Heatmap({
          id: `${this.idPrefix}-encoder-${method}`,
          title: method === 'raw' ? 'encoder, last layer (raw)' : `encoder, ${name}`,
          rowAxis: 'source word',
          colAxis: 'input word',
          ...wordWeights,
        }),
      ]),
    );
    this.sentenceLine = element('p', { id: `${this.idPrefix}-agreement`, className: 'hint', 'aria-live': 'polite' });
    this.heldOutLine = element('p', { id: `${this.idPrefix}-held-out`, className: 'hint', 'aria-live': 'polite' });
    this.measureButton = button(`Measure on ${heldOutCount} held-out sentences`, () => void this.measure(), {
      id: `${this.idPrefix}-measure`,
    });
    this.measureButton.hidden = !this.graded;
    // The sentence's maps, in a plain wrapper to hide when it is refused (a .maps-row's display would override it).
    this.sentenceMaps = element(
      'div',
      {},
      element(
        'div',
        { className: 'maps-row' },
        ...methods.map(([method]) => this.maps[method].element),
        this.removalMap.element,
      ),
    );
    this.body.append(
      this.sentenceMaps,
      this.sentenceLine,
      element('div', { className: 'below-fold' }, this.measureButton, this.heldOutLine),
    );
    if (this.showEncoder) {
      this.encoderPart = element(
        'div',
        {},
        element(this.subheading, {
          textContent: 'Inside the encoder: what each source position holds, three ways',
        }),
        element('div', { className: 'maps-row' }, ...methods.map(([method]) => this.encoderMaps[method].element)),
      );
      this.body.append(this.encoderPart);
    }
  }

  /**
   * Asks for the attribution of `sentence` with these options (translate()'s defaults when left out) and draws
   * it; a newer request wins.
   * @param {string} sentence
   * @param {{ temperature?: number, headMask?: object }} options
   * @param {number} width  CSS pixels available
   */
  async show(sentence, { temperature, headMask }, width) {
    this.#build();
    const request = ++this.requests;
    let a;
    try {
      a = await this.attribute(sentence, { temperature, headMask });
    } catch (error) {
      if (request === this.requests) {
        // The error instead of the previous sentence's maps, which would pass for this one's.
        this.sentenceLine.textContent = error.message;
        this.#showMaps(false);
      }
      return;
    }
    if (request !== this.requests) return;
    this.#showMaps(true);
    // Each map's picture in a task of its own: seven maps drawn at once would be one long task on a phone.
    await drawingInSlices(() => this.#draw(a, width));
    const { agreement } = a;
    this.sentenceLine.textContent =
      agreement.rows === 0
        ? 'Removing any one word changes no output word’s probability here, so there is nothing to rank against.'
        : `Agreement with removal for this sentence (Spearman’s rank correlation over the source words, averaged over ${agreement.rows} output word${agreement.rows === 1 ? '' : 's'}; 1 = the same order): ${methods.map(([method, name]) => `${name} ${rho(agreement[method])}`).join(', ')}.`;
  }

  #showMaps(shown) {
    for (const part of [this.sentenceMaps, this.encoderPart]) if (part) part.hidden = !shown;
  }

  #draw(a, width) {
    const maxWidth = Math.min(width / 2, 360);
    const cells = { digits: 3, formatCell: formatWeight, rowLabels: a.target, maxWidth };
    for (const [method] of methods)
      this.maps[method].update({ matrix: a.relevance[method], colLabels: a.source, ...cells });
    this.removalMap.update({
      matrix: a.removal,
      ...cells,
      colLabels: a.source.slice(0, -1),
      formatCell: formatSignedWeight,
    });
    for (const [method] of this.showEncoder ? methods : []) {
      this.encoderMaps[method].update({
        ...cells,
        matrix: a.encoder[method],
        rowLabels: a.source,
        colLabels: a.source,
      });
    }
  }

  /** The agreement pooled over held-out sentences, as a sentence under the button. */
  async measure() {
    this.measureButton.disabled = true;
    this.heldOutLine.textContent = `Measuring on ${heldOutCount} held-out sentences…`;
    try {
      const pooled = await this.agreement({ count: heldOutCount });
      this.heldOutLine.textContent = `Over ${pooled.sentences} held-out sentences (${pooled.rows} output words): ${methods.map(([method, name]) => `${name} ${rho(pooled[method])}`).join(', ')}. ${paperComparison(pooled)}`;
    } catch (error) {
      this.heldOutLine.textContent = error.message;
    } finally {
      this.measureButton.disabled = false;
    }
  }
}
