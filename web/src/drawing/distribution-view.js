// The output distribution at one decoding step, as the lecture notes draw it ("मला 50%, पुस्तक 20%"): the
// most likely next words as bars with percentages, the word actually chosen marked. The words are the model's
// (data, not the page's: translate="no"); the title and the chosen word's note are in the page's language.
import { element } from '../common/controls.js';
import { formatProbability } from '../common/format.js';
import { t } from '../i18n/messages.js';

export class DistributionView {
  constructor({ id, title }) {
    this.caption = element('figcaption', { textContent: title });
    this.list = element('ol', { className: 'distribution-list' });
    this.element = element('figure', { className: 'distribution', id }, this.caption, this.list);
  }

  /**
   * @param {{ top: { text: string, probability: number }[], text: string, probability: number }} step
   * @param {string} title   what this distribution is (the step, and how its word was chosen)
   * @param {string} chosenNote  how the chosen word is described ("chosen", the default; "fed: the reference")
   */
  update(step, title, chosenNote = t('app.drawing.distribution.chosen'), count = 8) {
    this.caption.textContent = title;
    const shown = step.top.slice(0, count);
    if (!shown.some((entry) => entry.text === step.text))
      shown.push({ text: step.text, probability: step.probability });
    this.list.replaceChildren(
      ...shown.map(({ text, probability }) => {
        const chosen = text === step.text;
        const bar = element('span', { className: 'distribution-bar' });
        bar.style.width = `${Math.max(0.5, probability * 100).toFixed(1)}%`;
        return element(
          'li',
          { className: chosen ? 'chosen' : '' },
          element('span', { className: 'distribution-word', textContent: text, translate: false }),
          element('span', { className: 'distribution-track' }, bar),
          element('span', {
            className: 'distribution-value',
            textContent: `${formatProbability(probability)}${chosen ? ` ← ${chosenNote}` : ''}`,
          }),
        );
      }),
    );
  }
}
