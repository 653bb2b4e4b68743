// Lesson 9's output distribution: the playground's bars (distribution-view.js), each probability written with
// enough digits to tell a drawn word's 0.027% from nothing and a favourite's 99.97% from certainty, and a last
// row for every word the bars leave out, with the probability they share.
import { element } from '../../common/controls.js';
import { DistributionView } from '../../drawing/distribution-view.js';
import { formatProbability } from '../../common/format.js';
import { restOfDistribution } from './decoding-math.js';
import { t } from '../../i18n/messages.js';

export class DecodingBars extends DistributionView {
  /**
   * @param {{ top: { text: string, probability: number }[], text: string, probability: number }} step
   * @param {string} title
   * @param {string} chosenNote
   * @param {{ row: ArrayLike<number>, outputWords: readonly string[] }} distribution  the step's whole row
   */
  show(step, title, chosenNote, { row, outputWords }) {
    this.update(step, title, chosenNote);
    const probabilities = new Map(step.top.map((t) => [t.text, t.probability]));
    probabilities.set(step.text, step.probability);
    const items = [...this.list.children];
    const shownWords = items.map((item) => item.querySelector('.distribution-word').textContent);
    items.forEach((item, i) => {
      const chosen = shownWords[i] === step.text;
      item.querySelector('.distribution-value').textContent =
        `${formatProbability(probabilities.get(shownWords[i]))}${chosen ? ` ← ${chosenNote}` : ''}`;
    });
    const rest = restOfDistribution(row, outputWords, shownWords);
    const bar = element('span', { className: 'distribution-bar' });
    bar.style.width = `${Math.max(0.5, rest.share * 100).toFixed(1)}%`;
    this.list.append(
      element(
        'li',
        { className: 'distribution-rest' },
        element('span', {
          className: 'distribution-word',
          textContent: t('lessons.widgets.decoding.others', { count: rest.count }),
        }),
        element('span', { className: 'distribution-track' }, bar),
        element('span', {
          className: 'distribution-value',
          textContent: t('lessons.widgets.decoding.together', { percent: formatProbability(rest.share) }),
        }),
      ),
    );
  }
}
