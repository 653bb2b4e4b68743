// "Choosing each word": the output distribution at the decoding step shown, free running (the model's own
// words, greedy or sampled) beside teacher forcing (fed the grammar's translation), and what forcing gave.
import { element, explainedSection } from '../common/controls.js';
import { formatProbability } from '../common/format.js';
import { DistributionView } from '../drawing/distribution-view.js';
import { t } from '../i18n/messages.js';

export class NextWordSection {
  constructor() {
    this.free = new DistributionView({ id: 'next-word', title: '' });
    this.forced = new DistributionView({ id: 'next-word-forced', title: '' });
    // A plain wrapper to hide (a .maps-row's display would override `hidden`).
    this.distributions = element(
      'div',
      {},
      element('div', { className: 'maps-row distributions' }, this.free.element, this.forced.element),
    );
    this.note = element('p', { className: 'hint', id: 'teacher-forcing-note' });
    this.element = explainedSection(
      {
        id: 'next', // so its title keeps the id next-title
        title: t('translation.nextWord.title'),
        hint: t('translation.nextWord.hint'),
      },
      this.distributions,
      this.note,
    );
  }

  /**
   * The distributions of step `step`.
   * @param {object} result  the translation (free running)
   * @param {object | null} forced  the same sentence fed the grammar's translation, or null
   * @param {number} step
   * @param {boolean} teacherForcing  whether forcing was asked for (null `forced` then means it was impossible)
   */
  update(result, forced, step, teacherForcing) {
    this.distributions.hidden = false;
    const { choice, seed, beam } = result.decoding;
    const how =
      choice === 'beam'
        ? t('translation.nextWord.how.beam', { beam })
        : choice === 'greedy'
          ? t('translation.nextWord.how.greedy')
          : t('translation.nextWord.how.sampled', { seed });
    const free = result.steps[step];
    this.free.update(
      free,
      t('translation.nextWord.free', {
        step: step + 1,
        how,
        token: free.text,
        probability: formatProbability(free.probability),
      }),
    );
    this.forced.element.hidden = !forced || step >= forced.steps.length;
    if (!this.forced.element.hidden) {
      const f = forced.steps[step];
      this.forced.update(
        f,
        t('translation.nextWord.forced', {
          step: step + 1,
          token: f.text,
          probability: formatProbability(f.probability),
        }),
        t('translation.nextWord.reference'),
      );
    }
    this.note.textContent = !teacherForcing
      ? ''
      : !forced
        ? t('translation.nextWord.outsideGrammar')
        : t('translation.nextWord.fed', {
            reference: forced.target.slice(0, -1).join(' '),
            probabilities: forced.steps.map((x) => formatProbability(x.probability)).join(', '),
          });
  }

  /** No translation (the sentence was refused): no bars, rather than the previous sentence's. */
  clear() {
    this.distributions.hidden = true;
    this.note.textContent = '';
  }
}
