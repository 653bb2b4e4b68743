// "Does attention explain the translation?": for the sentence shown, which source words each output word
// depended on by raw cross-attention, attention rollout and attention flow (Abnar & Zuidema 2020), next to
// the experiment they are judged by (removing each source word), their rank agreement with it, the encoder's
// own maps three ways, and the agreement measured over held-out sentences. The numbers are the module's
// (translator.attribution and attributionAgreement, in the worker); this only asks and draws.
import { button, element, explainedSection } from '../common/controls.js';
import { formatDecimal, formatSignedWeight, formatWeight } from '../common/format.js';
import { crossAttentionMap, drawingInSlices, Heatmap, wordWeights } from '../drawing/heatmap.js';
import { messageGetters, t } from '../i18n/messages.js';

export const methods = Object.freeze(['raw', 'rollout', 'flow']);
// Each method's name and its encoder map's title, read in the page's language when used.
const methodNames = messageGetters({
  raw: 'translation.attribution.method.raw',
  rollout: 'translation.attribution.method.rollout',
  flow: 'translation.attribution.method.flow',
});
const encoderTitles = messageGetters({
  raw: 'translation.attribution.encoderMap.raw',
  rollout: 'translation.attribution.encoderMap.rollout',
  flow: 'translation.attribution.encoderMap.flow',
});

export const heldOutCount = 100; // held-out sentences for the pooled agreement: about a second in the worker

/** A rank correlation as shown: 0.61, or "undefined" (in the page's language). */
const rho = (value) =>
  value === null || value === undefined ? t('translation.attribution.undefined') : formatDecimal(value, 2);

/** The three methods' agreements with removal, each after its name. */
const agreements = (values) =>
  t('translation.attribution.agreements', {
    raw: rho(values.raw),
    rollout: rho(values.rollout),
    flow: rho(values.flow),
  });

/**
 * How the pooled agreement compares with Abnar & Zuidema's finding, said from the figures measured (a model trained
 * in the Train view may read either way): raw attention the weakest of the three, or not.
 */
function paperComparison({ raw, rollout, flow }) {
  return raw < rollout && raw < flow
    ? t('translation.attribution.paper.same')
    : t('translation.attribution.paper.differs');
}

export class AttributionView {
  /**
   * @param {{ graded: boolean, idPrefix?: string, encoder?: boolean, heading?: string,
   *           attribute: (sentence: string, options: object) => Promise<import('../../lib/index.js').Attribution>,
   *           agreement: (options: object) => Promise<import('../../lib/index.js').AttributionAgreement & { sentences: number }>,
   *           refusal?: (error: Error) => string }} options
   *   graded: the model has held-out sentences (a model of the grammar's language pairs); idPrefix: the
   *   elements' ids start with it (default 'attribution'); encoder: also show the encoder's own maps (default true);
   *   heading: the title's element, by where the section sits ('h3' by default); refusal: how a refused sentence
   *   is said (the Translation view's, in the page's language; by default the error's own message)
   */
  constructor({
    graded,
    attribute,
    agreement,
    idPrefix = 'attribution',
    encoder = true,
    heading = 'h3',
    refusal = (error) => error.message,
  }) {
    this.refusal = refusal;
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
        title: t('translation.attribution.title'),
        hint: t('translation.attribution.hint'),
      },
      this.body,
    );
  }

  #build() {
    if (this.built) return;
    this.built = true;
    this.maps = Object.fromEntries(
      methods.map((method) => [
        method,
        new Heatmap({ id: `${this.idPrefix}-${method}`, title: methodNames[method], ...crossAttentionMap }),
      ]),
    );
    this.removalMap = new Heatmap({
      id: `${this.idPrefix}-removal`,
      title: t('translation.attribution.removal.title'),
      rowAxis: t('app.drawing.heatmap.outputWord'),
      colAxis: t('translation.attribution.removal.colAxis'),
      valueName: t('translation.attribution.removal.valueName'),
      wordLabels: true,
    });
    this.encoderMaps = Object.fromEntries(
      methods.map((method) => [
        method,
        new Heatmap({
          id: `${this.idPrefix}-encoder-${method}`,
          title: encoderTitles[method],
          rowAxis: t('app.drawing.heatmap.sourceWord'),
          colAxis: t('translation.attribution.encoderMap.colAxis'),
          ...wordWeights,
        }),
      ]),
    );
    this.sentenceLine = element('p', { id: `${this.idPrefix}-agreement`, className: 'hint', 'aria-live': 'polite' });
    this.heldOutLine = element('p', { id: `${this.idPrefix}-held-out`, className: 'hint', 'aria-live': 'polite' });
    this.measureButton = button(
      t('translation.attribution.measure', { count: heldOutCount }),
      () => void this.measure(),
      { id: `${this.idPrefix}-measure` },
    );
    this.measureButton.hidden = !this.graded;
    // The sentence's maps, in a plain wrapper to hide when it is refused (a .maps-row's display would override it).
    this.sentenceMaps = element(
      'div',
      {},
      element(
        'div',
        { className: 'maps-row' },
        ...methods.map((method) => this.maps[method].element),
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
          textContent: t('translation.attribution.encoderHeading'),
        }),
        element('div', { className: 'maps-row' }, ...methods.map((method) => this.encoderMaps[method].element)),
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
        this.sentenceLine.textContent = this.refusal(error);
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
        ? t('translation.attribution.nothingToRank')
        : t('translation.attribution.sentenceAgreement', { rows: agreement.rows, agreements: agreements(agreement) });
  }

  #showMaps(shown) {
    for (const part of [this.sentenceMaps, this.encoderPart]) if (part) part.hidden = !shown;
  }

  #draw(a, width) {
    const maxWidth = Math.min(width / 2, 360);
    const cells = { digits: 3, formatCell: formatWeight, rowLabels: a.target, maxWidth };
    for (const method of methods)
      this.maps[method].update({ matrix: a.relevance[method], colLabels: a.source, ...cells });
    this.removalMap.update({
      matrix: a.removal,
      ...cells,
      colLabels: a.source.slice(0, -1),
      formatCell: formatSignedWeight,
    });
    for (const method of this.showEncoder ? methods : []) {
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
    this.heldOutLine.textContent = t('translation.attribution.measuring', { count: heldOutCount });
    try {
      const pooled = await this.agreement({ count: heldOutCount });
      this.heldOutLine.textContent = t('translation.attribution.heldOut', {
        sentences: pooled.sentences,
        rows: String(pooled.rows), // as the code writes it (1000, not 1,000): the words pooled can pass a thousand
        agreements: agreements(pooled),
        comparison: paperComparison(pooled),
      });
    } catch (error) {
      this.heldOutLine.textContent = error.message;
    } finally {
      this.measureButton.disabled = false;
    }
  }
}
