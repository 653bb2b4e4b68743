// <attention-lesson lesson="1…10">: one of the lecture notes' lessons, its text and live widget, on any page: the
// same component as the playground's Lessons view (LessonPanel). Its settings are attributes with the names the
// playground's URL gives them (lesson 4's width: d="512"; lesson 2's scores: sc="2,1,0.5,0,-1"; …), read as
// strictly as the URL. Attributes: lesson, the settings, theme, and playground (the playground's address: the
// lessons' links to its views go there; without it there are none).
// Events: change (detail: { lesson, settings: the URL's query for what the learner set }), error.
import { LessonPanel } from '../src/lessons/lesson-panel.js';
import { decodeLessonsState, encodeLessonsState, lessonSettingNames } from '../src/lessons/lessons-state.js';
import {
  clearError,
  defineElement,
  ElementBase,
  integerAttribute,
  nearScreen,
  reportError,
  shadowWithStyles,
  sharedAttention,
  sharedTranslator,
} from './shared.js';

export class AttentionLessonElement extends ElementBase {
  static observedAttributes = ['lesson', 'playground', ...lessonSettingNames];

  #panel;
  #drawn = false;
  #queued = false;

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.errorLine = errorLine;
    this.#panel = new LessonPanel({
      loadApi: sharedAttention,
      // Lesson 5's widget asks its translator asynchronously (on the page, it lives in a worker).
      loadTranslator: async () => {
        const translator = await sharedTranslator('en-es');
        return {
          translate: async (sentence, options) => translator.translate(sentence, options),
          attribution: async (sentence, options) => translator.attribution(sentence, options),
          attributionAgreement: async (options) => translator.attributionAgreement(options),
        };
      },
      state: decodeLessonsState(''), // the attributes are read when the element is shown (a bad one is said there)
      onChange: (changes) => {
        this.#panel.state = { ...this.#panel.state, ...changes };
        this.#panel.render();
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
    root.append(...this.#panel.parts);
    root.classList.add('lesson', 'element-lesson');
  }

  /** The lesson's current settings, as the playground's state object. */
  get state() {
    return this.#panel.state;
  }

  // A lesson's widget computes and draws: the first showing waits until the element comes near the screen (a
  // course page with ten lessons draws the one being read).
  connectedCallback() {
    if (this.#drawn) return this.#show();
    void nearScreen(this).then(() => this.#show()); // #show reports its own errors in the element
  }

  attributeChangedCallback(_, before, after) {
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

  async #show() {
    try {
      this.#panel.state = this.#stateFromAttributes();
      clearError(this.errorLine);
      if (this.#drawn) this.#panel.render();
      else {
        this.#drawn = true;
        await this.#panel.renderInSlices(); // the text at once, the widget a part per task
      }
    } catch (error) {
      reportError(this, this.errorLine, error);
    }
  }
}

defineElement('attention-lesson', AttentionLessonElement);
