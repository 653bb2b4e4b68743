// "Lessons": the lecture notes' ten points in order, with next and previous. Each shows a short text, a live
// widget computed by the module, and, where another view goes further, a link to it (one LessonPanel, the same
// component <attention-lesson> shows on other pages).
import { WorkerConnection, wholeModelCalls } from '../common/worker-connection.js';
import { button, element } from '../common/controls.js';
import { lessons, lessonTitle } from './catalogue.js';
import { t } from '../i18n/messages.js';
import { ChallengeList, lessonProgress } from './challenges/challenge-list.js';
import { ChallengeProgress } from './challenges/progress.js';
import { LessonPanel } from './lesson-panel.js';
import { lessonCount } from './lessons-state.js';
import './lessons.css'; // the view's own styles, downloaded with it
import kvHeadsWorkerUrl from './kv-heads/kv-heads-worker.js?worker&url';

export class LessonsView {
  // Lesson 7's training worker, started on its first run: it trains and scores a whole model per call.
  #kvHeadsWorker = new WorkerConnection({ script: kvHeadsWorkerUrl, ...wholeModelCalls });

  /** One model of lesson 7's trained and scored in its worker (kv-heads-worker.js). */
  async #trainKvHeadsModel(options) {
    try {
      return await this.#kvHeadsWorker.ask('run', options);
    } catch (error) {
      this.#kvHeadsWorker.dropAfter(error);
      throw error;
    }
  }

  /**
   * @param {{ loadApi: () => Promise<object>, loadTranslator: () => Promise<object>, state: object,
   *           onStateChange: (state: object, change: { newLesson: boolean }) => void, progress?: ChallengeProgress,
   *           viewLink?: (view: string) => string | null, challengeMemory?: Map<string, object> }} options  `loadApi`: the
   *   attention module, loaded when a lesson's widget first needs it (the lessons' text never waits for it);
   *   `loadTranslator`: the shipped English → Spanish model, for lesson 5 (whose widget needs no module here);
   *   `progress`: where solved challenges are kept (this browser's by default; a course platform's in a package);
   *   `viewLink`: LessonPanel's (a package links to no other view); `challengeMemory`: ChallengeList's (the
   *   challenges' notes, kept across the view's building again in another language)
   */
  constructor({
    loadApi,
    state,
    onStateChange,
    loadTranslator,
    progress = new ChallengeProgress(),
    viewLink = undefined,
    challengeMemory = undefined,
  }) {
    this.state = state;
    this.onStateChange = onStateChange;
    this.progress = progress;
    this.panel = new LessonPanel({
      loadApi,
      loadTranslator,
      state,
      viewLink,
      onChange: (changes) => this.set(changes),
      trainKvHeadsModel: (options) => this.#trainKvHeadsModel(options),
      challenges: new ChallengeList({
        progress: this.progress,
        onSolved: () => this.#renderProgress(),
        memory: challengeMemory,
      }),
    });
    this.progressMarks = lessons.map(() => element('span', { className: 'lesson-progress' }));
    this.navButtons = lessons.map((lesson, i) =>
      button(t('lessons.view.link', { number: i + 1, title: lessonTitle(lesson) }), () => this.set({ lesson: i + 1 }), {
        className: 'lesson-link',
        id: `lesson-${i + 1}`,
      }),
    );
    this.navButtons.forEach((b, i) => b.append(this.progressMarks[i]));
    this.prev = button(t('lessons.view.previous'), () => this.set({ lesson: this.state.lesson - 1 }), {
      id: 'lesson-prev',
    });
    this.next = button(t('lessons.view.next'), () => this.set({ lesson: this.state.lesson + 1 }), {
      id: 'lesson-next',
    });
    this.element = element(
      'section',
      { id: 'lessons-view', className: 'view lessons-layout', 'aria-labelledby': 'lesson-title' },
      element(
        'nav',
        { className: 'lesson-nav', 'aria-label': t('lessons.view.navLabel') },
        element('ol', {}, ...this.navButtons.map((b) => element('li', {}, b))),
      ),
      element(
        'article',
        { className: 'lesson' },
        ...this.panel.parts,
        element('div', { className: 'buttons lesson-steps' }, this.prev, this.next),
      ),
    );
    this.settling = this.panel.settling; // the lesson's drawing and its widget's work (common/settled.js)
    this.settling.reportOn(this.element);
  }

  set(changes) {
    const newLesson = 'lesson' in changes && changes.lesson !== this.state.lesson;
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state, { newLesson });
    this.render();
  }

  render() {
    this.#renderNavigation();
    this.panel.state = this.state;
    this.panel.render();
  }

  async renderInSlices() {
    this.#renderNavigation();
    this.panel.state = this.state;
    await this.panel.renderInSlices();
  }

  /** Each lesson's solved challenges in the list: "1 of 2 tried ✓" (kept in this browser). */
  #renderProgress() {
    this.progressMarks.forEach((mark, i) => {
      const { solved, total } = lessonProgress(this.progress, i + 1);
      mark.textContent = total ? ` ${solved === total ? '✓' : '·'} ${solved}/${total}` : '';
      mark.title = total ? t('lessons.view.progress', { solved, total }) : '';
      mark.dataset.solved = String(solved);
    });
  }

  /** The list's current lesson and the buttons. */
  #renderNavigation() {
    this.#renderProgress();
    const { lesson: number } = this.state;
    this.navButtons.forEach((b, i) =>
      i + 1 === number ? b.setAttribute('aria-current', 'step') : b.removeAttribute('aria-current'),
    );
    this.prev.disabled = number === 1;
    this.next.disabled = number === lessonCount;
  }
}
