// "Choosing each word": the output distribution at the decoding step shown, free running (the model's own
// words, greedy or sampled) beside teacher forcing (fed the grammar's translation), and what forcing gave.
import { element, explainedSection } from '../common/controls.js';
import { formatProbability } from '../common/format.js';
import { DistributionView } from '../drawing/distribution-view.js';

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
        title: 'Choosing each word: the output distribution',
        hint: 'At every step the decoder ends in a softmax over every word it knows; the bars are its most likely words at the step shown. The most likely word is one choice; a draw from the distribution is another (with an output temperature that sharpens or flattens it). Teacher forcing feeds the decoder the grammar’s translation instead of its own words, as in training: compare how one early mistake changes every later step.',
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
        ? `the best of a beam of ${beam}`
        : choice === 'greedy'
          ? 'the most likely word'
          : `sampled, seed ${seed}`;
    const free = result.steps[step];
    this.free.update(
      free,
      `step ${step + 1}, free running (${how}): “${free.token}”, ${formatProbability(free.probability)}`,
    );
    this.forced.element.hidden = !forced || step >= forced.steps.length;
    if (!this.forced.element.hidden) {
      const f = forced.steps[step];
      this.forced.update(
        f,
        `step ${step + 1}, teacher forcing: the reference word “${f.token}” got ${formatProbability(f.probability)}`,
        'the reference',
      );
    }
    this.note.textContent = !teacherForcing
      ? ''
      : !forced
        ? 'Teacher forcing needs the grammar’s translation, and this sentence is outside the grammar.'
        : `Fed the reference “${forced.target.slice(0, -1).join(' ')}”, the model gives its words ${forced.steps.map((x) => formatProbability(x.probability)).join(', ')}.`;
  }

  /** No translation (the sentence was refused): no bars, rather than the previous sentence's. */
  clear() {
    this.distributions.hidden = true;
    this.note.textContent = '';
  }
}
