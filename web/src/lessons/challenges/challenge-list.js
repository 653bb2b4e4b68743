// The challenges of the lesson shown, under its widget: each task, its hint one click away, and once solved a
// tick and why it works. Checks run on every drawing of the widget (its settings and the facts it computed).
import { button, element } from '../../common/controls.js';
import { defaultLessonsState } from '../lessons-state.js';
import { challenges } from './catalogue.js';
import { t } from '../../i18n/messages.js';

export class ChallengeList {
  /**
   * @param {{ progress: import('./progress.js').ChallengeProgress, onSolved?: (id: string) => void,
   *   memory?: Map<string, object> }} options  `memory`: the challenges' own notes, when they outlive this list
   *   (a view built again in another language keeps a challenge half done)
   */
  constructor({ progress, onSolved = () => {}, memory = new Map() }) {
    this.progress = progress;
    this.onSolved = onSolved;
    this.memory = memory; // challenge id → its own notes, for checks done in steps
    this.items = new Map(); // challenge id → its list item's parts
    this.lesson = 0;
    this.list = element('ol', { className: 'challenge-list' });
    this.element = element(
      'section',
      { className: 'challenges', id: 'lesson-challenges', 'aria-labelledby': 'lesson-challenges-title' },
      element('h3', { id: 'lesson-challenges-title', textContent: t('lessons.challengeList.title') }),
      this.list,
    );
  }

  /** The challenges of lesson `number`, as this browser left them. */
  show(number) {
    if (number === this.lesson) return;
    this.lesson = number;
    this.items.clear();
    const own = challenges[number] ?? [];
    this.element.hidden = own.length === 0;
    this.list.replaceChildren(...own.map((challenge) => this.#item(challenge)));
  }

  #item({ id }) {
    const [task, hint, why] = ['task', 'hint', 'why'].map((part) => t(`lessons.challenges.${id}.${part}`));
    const hintText = element('p', { className: 'challenge-hint', id: `challenge-${id}-hint`, textContent: hint });
    hintText.hidden = true;
    const hintButton = button(t('lessons.challengeList.showHint'), () => {
      hintText.hidden = !hintText.hidden;
      hintButton.setAttribute('aria-expanded', String(!hintText.hidden));
      hintButton.textContent = t(hintText.hidden ? 'lessons.challengeList.showHint' : 'lessons.challengeList.hideHint');
    });
    hintButton.setAttribute('aria-expanded', 'false');
    hintButton.setAttribute('aria-controls', hintText.id);
    hintButton.className = 'challenge-hint-button';
    const status = element('p', { className: 'challenge-status', role: 'status' });
    const whyText = element('p', { className: 'challenge-why', textContent: t('lessons.challengeList.why', { why }) });
    const item = element(
      'li',
      { className: 'challenge', id: `challenge-${id}` },
      element('p', { className: 'challenge-task', textContent: task }),
      hintButton,
      hintText,
      status,
      whyText,
    );
    this.items.set(id, { item, status, whyText });
    this.#mark(id);
    return item;
  }

  #mark(id) {
    const parts = this.items.get(id);
    if (!parts) return;
    const solved = this.progress.has(id);
    parts.item.dataset.solved = String(solved);
    parts.status.textContent = t(solved ? 'lessons.challengeList.solved' : 'lessons.challengeList.notSolved');
    parts.whyText.hidden = !solved;
  }

  /**
   * Runs the shown lesson's checks on its widget's settings and facts (the widget `name`'s first settings are
   * the checks' `defaults`). A check that throws on facts it does not expect simply fails.
   */
  check(name, settings, facts) {
    const defaults = defaultLessonsState()[name];
    for (const challenge of challenges[this.lesson] ?? []) {
      if (!this.memory.has(challenge.id)) this.memory.set(challenge.id, {});
      let passed = false;
      try {
        passed = challenge.check(settings, facts, this.memory.get(challenge.id), defaults);
      } catch {
        passed = false;
      }
      if (passed && this.progress.add(challenge.id)) {
        this.#mark(challenge.id);
        this.onSolved(challenge.id);
        // for the page's shell, which holds no list (embed mode posts it to the host page); not composed: an
        // element's list stays inside its shadow root, which says it as its own `solved` event
        this.element.dispatchEvent(
          new CustomEvent('challenge-solved', { bubbles: true, detail: progressReport(this.progress, this.lesson) }),
        );
      }
    }
  }

  /** Each shown challenge's tick again, after `progress` learnt of others (a new place to keep it). */
  markAll() {
    for (const id of this.items.keys()) this.#mark(id);
  }
}

/** Solved challenges of lesson `number` out of its total: what the lesson list shows. */
export function lessonProgress(progress, number) {
  const own = challenges[number] ?? [];
  return { solved: own.filter((c) => progress.has(c.id)).length, total: own.length };
}

/**
 * Lesson `number`'s progress as a host records it (<attention-lesson>'s `solved` event and `progress`, the embed
 * mode's message): the ids of its solved challenges, in the lesson's order, out of its total.
 */
export function progressReport(progress, number) {
  const own = challenges[number] ?? [];
  return { lesson: number, solved: own.filter((c) => progress.has(c.id)).map((c) => c.id), total: own.length };
}
