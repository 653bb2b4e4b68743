// <attention-lesson lesson="1…10">: one of the lecture notes' lessons, its text and live widget, on any page: the
// same component as the playground's Lessons view (LessonPanel). Its settings are attributes with the names the
// playground's URL gives them (lesson 4's width: d="512"; lesson 2's scores: sc="2,1,0.5,0,-1"; …), read as
// strictly as the URL. Attributes: lesson, the settings, theme, and playground (the playground's address: the
// lessons' links to its views go there; without it there are none); challenges (show the lesson's challenges) and
// storage (where the solved ones are kept: "none", the default, this page's memory; "local", the playground's
// localStorage key on the host's origin: a stranger's page writes to its origin's storage only when it asks).
// Events: change (detail: { lesson, settings: the URL's query for what the learner set }), solved (detail: the
// `progress` property, { lesson, solved: ids, total }, when the learner solves one of its challenges), error.
import { ChallengeList, progressReport } from '../src/lessons/challenges/challenge-list.js';
import { ChallengeProgress, pageStorage } from '../src/lessons/challenges/progress.js';
import { LessonPanel } from '../src/lessons/lesson-panel.js';
import { Settling } from '../src/common/settled.js';
import { decodeLessonsState, encodeLessonsState, lessonSettingNames } from '../src/lessons/lessons-state.js';
import {
  clearError,
  inPageLanguage,
  partsMade,
  defineElement,
  ElementBase,
  integerAttribute,
  markDrawn,
  nearScreen,
  reportError,
  settingsLine,
  shadowWithStyles,
  sharedAttention,
  sharedTranslator,
  showSettings,
  viewDrawn,
} from './shared.js';

/** The storage attribute's values: where the solved challenges are kept ('none': the page's memory). */
const storageNames = ['none', 'local'];

export class AttentionLessonElement extends ElementBase {
  static observedAttributes = ['lesson', 'playground', 'challenges', 'storage', ...lessonSettingNames];

  #panel;
  #progress = new ChallengeProgress(null); // memory only until the storage attribute says otherwise
  #challenges;
  #drawn = false;
  #queued = false;
  #settling = new Settling(this); // busy while its lesson is drawn and its widget translates or trains (data-state)

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.root = root;
    this.errorLine = errorLine;
    this.#build();
  }

  /** Its parts, made in the current locale: the lesson's panel and its challenges. */
  #build() {
    const state = this.#panel?.state ?? decodeLessonsState(''); // the attributes are read when it is shown
    this.#challenges = new ChallengeList({
      progress: this.#progress,
      onSolved: () =>
        this.dispatchEvent(new CustomEvent('solved', { detail: this.progress, bubbles: true, composed: true })),
    });
    this.#panel = new LessonPanel({
      loadApi: sharedAttention,
      // Lesson 5's widget asks its translator asynchronously (on the page, it lives in a worker).
      loadTranslator: async () => {
        const translator = await sharedTranslator('en-es');
        return {
          outputWords: translator.outputWords, // lesson 9's bars name the rest of the distribution's words
          translate: async (sentence, options) => translator.translate(sentence, options),
          attribution: async (sentence, options) => translator.attribution(sentence, options),
          attributionAgreement: async (options) => translator.attributionAgreement(options),
        };
      },
      state,
      onChange: (changes) => {
        this.#panel.state = { ...this.#panel.state, ...changes };
        this.#panel.render();
        this.#showSettings();
        const { lesson } = this.#panel.state;
        this.dispatchEvent(
          new CustomEvent('change', {
            detail: { lesson, settings: encodeLessonsState(this.#panel.state).toString() },
            bubbles: true,
            composed: true,
          }),
        );
      },
      viewLink: (view) => {
        const playground = this.getAttribute('playground');
        return playground ? new URL(view, new URL(playground, document.baseURI)).href : null;
      },
    });
    this.#panel.settling.within(this.#settling);
    this.root.replaceChildren(...this.#panel.parts);
    this.settingsLine = settingsLine(); // on paper, instead of the widget's controls
    this.#panel.body.before(this.settingsLine);
    this.root.classList.add('lesson', 'element-lesson');
    partsMade(this);
  }

  /** The lesson's current settings, as the playground's state object. */
  get state() {
    return this.#panel.state;
  }

  /** The lesson's challenges solved (their ids, in the lesson's order) out of its total: { lesson, solved, total }. */
  get progress() {
    let lesson = this.#panel.state.lesson;
    try {
      lesson = integerAttribute(this, 'lesson', lesson, { min: 1, max: 10 });
    } catch {
      // a bad lesson attribute is said in the element; the lesson shown is still the last good one
    }
    return progressReport(this.#progress, lesson);
  }

  // A lesson's widget computes and draws: the first showing waits until the element comes near the screen (a
  // course page with ten lessons draws the one being read).
  connectedCallback() {
    if (this.#drawn) return this.#show();
    void nearScreen(this).then(() => this.#show()); // #show reports its own errors in the element
  }

  attributeChangedCallback(name, before, after) {
    // Where progress is kept applies at once (before the first showing too: `progress` reads it); a bad value is
    // said by the next showing, which checks every attribute.
    if (name === 'storage' && before !== after && storageNames.includes(after ?? 'none')) {
      this.#progress.keepIn(after === 'local' ? pageStorage() : null);
      this.#challenges.markAll();
    }
    if (before === after || !this.#drawn || this.#queued) return; // before the first showing, it reads them all
    // Attributes set one after another (a lesson and its settings) show once, at the end of the task.
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      void this.#show();
    });
  }

  #stateFromAttributes() {
    const params = new URLSearchParams();
    for (const name of lessonSettingNames) if (this.hasAttribute(name)) params.set(name, this.getAttribute(name));
    params.set('lesson', String(integerAttribute(this, 'lesson', 1, { min: 1, max: 10 })));
    return decodeLessonsState(params);
  }

  /** The settings as the URL's names give them (the attributes'), e.g. "Settings: d = 512". */
  #showSettings() {
    showSettings(
      this.settingsLine,
      [...encodeLessonsState(this.#panel.state)].filter(([name]) => name !== 'lesson'),
    );
  }

  async #show() {
    await inPageLanguage(this, this.errorLine, () => this.#build());
    try {
      this.#panel.state = this.#stateFromAttributes();
      const storage = this.getAttribute('storage') ?? 'none';
      if (!storageNames.includes(storage))
        throw new RangeError(`the storage attribute must be 'none' or 'local', got '${storage}'`);
      this.#panel.challenges = this.hasAttribute('challenges') ? this.#challenges : null;
      clearError(this.errorLine);
      this.#showSettings();
      if (this.#drawn) this.#panel.render();
      else {
        this.#drawn = true;
        await this.#panel.renderInSlices(); // the text at once, the widget a part per task
        // the widget, if it waited for the reader or for printing, drawn; not if it could not start
        if (await viewDrawn(this.#panel, this.#panel.body, () => this.#panel.body.querySelector(':scope > .error')))
          markDrawn(this);
      }
    } catch (error) {
      reportError(this, this.errorLine, error);
    }
  }
}

defineElement('attention-lesson', AttentionLessonElement);
