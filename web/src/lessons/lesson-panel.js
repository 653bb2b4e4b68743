// One lesson: its title, text and live widget (and, where another view goes further, a link there). The Lessons
// view shows one beside the list of lessons; <attention-lesson> (web/elements) shows one on any page.
import { button, element, keepChildren } from '../common/controls.js';
import { watchNearScreen } from '../common/draw-when-visible.js';
import { partsAtOnce, partsInSlices } from '../drawing/heatmap.js';
import { languageModelLinkText, lessons, lessonText, lessonTitle } from './catalogue.js';
import { loadMessages, t } from '../i18n/messages.js';
import { defaultLessonsState } from './lessons-state.js';
import { nextTask, widthInNextFrame } from '../common/next-task.js';
import { Settling } from '../common/settled.js';

// Widget name (lessons/catalogue.js) → its class, each fetched when its lesson is first shown (a page showing one
// lesson loads one widget's code); each keeps its settings in `state[name]`.
const widgetModules = {
  selective: () => import('./widgets/selective-lesson.js').then((m) => m.SelectiveLesson),
  softmax: () => import('./widgets/softmax-lesson.js').then((m) => m.SoftmaxLesson),
  kqv: () => import('./widgets/kqv-lesson.js').then((m) => m.KeysQueriesValuesLesson),
  scaling: () => import('./widgets/scaling-lesson.js').then((m) => m.ScalingLesson),
  cross: () => import('./widgets/cross-lesson.js').then((m) => m.CrossAttentionLesson),
  masks: () => import('./widgets/masks-lesson.js').then((m) => m.MasksLesson),
  reshape: () => import('./widgets/reshape-lesson.js').then((m) => m.ReshapeLesson),
  position: () => import('./widgets/position-lesson.js').then((m) => m.PositionLesson),
  memory: () => import('./widgets/memory-lesson.js').then((m) => m.MemoryLesson),
  decoding: () => import('./widgets/decoding-lesson.js').then((m) => m.DecodingLesson),
};

/** Whether a lesson's widget computes with the page's module (lessons 5 and 9 ask their translator). */
export const needsModule = (widget) => widget !== undefined && widget !== 'cross' && widget !== 'decoding';

export class LessonPanel {
  /**
   * @param {{ loadApi: () => Promise<object>, loadTranslator: () => Promise<object>, state: object,
   *           onChange: (changes: object) => void, viewLink?: (view: string) => string | null,
   *           trainKvHeadsModel?: (options: object) => Promise<object>,
   *           challenges?: import('./challenges/challenge-list.js').ChallengeList }} options
   *   `loadApi`: the attention module, loaded when a widget first needs it (the text never waits for it);
   *   `loadTranslator`: the shipped English → Spanish model, for lessons 5 and 9 (an object whose `translate` resolves);
   *   `onChange`: a widget's new settings ({ [widget]: settings }); `viewLink`: the href of the view that goes
   *   further (from the catalogue's '?view=…'), or null for no link; `trainKvHeadsModel`: lesson 7's training of
   *   one model off the page's thread (a host without it shows that part without its training); `challenges`:
   *   the lessons' challenges, checked on each drawing of a widget (a host without them shows none)
   */
  constructor({ loadApi, loadTranslator, state, onChange, viewLink = (view) => view, trainKvHeadsModel, challenges }) {
    this.trainKvHeadsModel = trainKvHeadsModel;
    this.challenges = challenges ?? null;
    this.loadApi = loadApi;
    this.loadTranslator = loadTranslator;
    this.state = state;
    this.onChange = onChange;
    this.viewLink = viewLink;
    // busy while the lesson is drawn and while its widget waits for its translator or trains; said on the view's
    // section or the element (reportOn), common/settled.js
    this.settling = new Settling();
    this.api = null;
    this.apiReady = null;
    this.title = element('h2', { id: 'lesson-title' });
    this.text = element('p', { className: 'lesson-text', id: 'lesson-text' });
    this.body = element('div', { className: 'lesson-body' });
    // The shown lesson's widget settings back to their defaults (the URL, or the element's change event, follows).
    this.resetRow = element(
      'div',
      { className: 'buttons lesson-reset' },
      button(t('lessons.panel.reset'), () => this.#resetLesson(), { id: 'lesson-reset' }),
    );
    this.link = { key: '', element: null }; // the link to the view that goes further, built once per lesson
    this.widgetClasses = new Map(); // name → its class, once fetched
    this.widgets = new Map(); // name → widget, each built when its lesson is first shown
    this.waitingFor = null; // the lesson whose module or widget code is on its way
    this.waitingForPerson = false; // a first drawing left for when the person scrolls to the widget
    // The widgets' sizes follow the lesson's width: read before the first render and whenever it changes, never
    // during a render (where it would force a layout). Until the first render has finished, the observer only
    // notes the width: redrawing then would draw the whole lesson in one task, which the first render's slices
    // exist to avoid.
    this.width = 0;
    this.rendered = false;
    new ResizeObserver(() => {
      const width = Math.round(this.body.getBoundingClientRect().width); // layout is clean here: no cost
      if (width === this.width) return;
      this.width = width;
      if (this.rendered) this.render();
    }).observe(this.body);
  }

  /** The title, text and widget, in the order a page shows them. */
  get parts() {
    return [this.title, this.text, this.body];
  }

  /** The module, for the widgets that compute on this thread: loaded once, on the first that asks. */
  #loadModule() {
    this.apiReady ??= this.loadApi().then((loaded) => {
      this.api = loaded;
    });
    return this.apiReady;
  }

  /**
   * What a lesson needs before its widget can be built: the module (if it computes here), the widget's code and the
   * message sections it shows beyond the lessons'.
   */
  #prepare(lesson) {
    const widget =
      lesson.widget && !this.widgetClasses.has(lesson.widget)
        ? Promise.all([widgetModules[lesson.widget](), ...(lesson.sections ?? []).map(loadMessages)]).then(([Widget]) =>
            this.widgetClasses.set(lesson.widget, Widget),
          )
        : null;
    return Promise.all([needsModule(lesson.widget) ? this.#loadModule() : null, widget]);
  }

  #isPrepared(lesson) {
    return (
      (!needsModule(lesson.widget) || this.api !== null) && (!lesson.widget || this.widgetClasses.has(lesson.widget))
    );
  }

  /** A lesson shown before what it needs is here: said, and drawn once it is (unless another lesson is shown by then). */
  #drawWhenPrepared(lesson) {
    const { lesson: number } = this.state;
    const waiting =
      needsModule(lesson.widget) && !this.api ? t('lessons.panel.loadingModule') : t('lessons.panel.loadingWidget');
    this.body.replaceChildren(element('p', { className: 'loading', textContent: waiting }));
    if (this.waitingFor === number) return;
    this.waitingFor = number;
    // busy until drawn (or said not to start), with no settling in between
    void this.settling.during(
      this.#prepare(lesson).then(
        () => {
          this.waitingFor = null;
          if (this.state.lesson === number) return this.renderInSlices();
        },
        (error) => {
          this.waitingFor = null;
          this.#cannotStart(error);
        },
      ),
    );
  }

  #widget(name) {
    const Widget = this.widgetClasses.get(name);
    if (!Widget) return null;
    if (!this.widgets.has(name)) {
      this.widgets.set(
        name,
        new Widget({
          api: this.api,
          loadTranslator: this.loadTranslator,
          trainKvHeadsModel: this.trainKvHeadsModel,
          settling: this.settling,
          state: this.state[name],
          onChange: (changes) => this.onChange({ [name]: { ...this.state[name], ...changes } }),
          // what the drawing computed, for the challenges (only those of the lesson shown are checked)
          onFacts: (facts) => {
            if (lessons[this.state.lesson - 1].widget !== name) return;
            this.challenges?.check(name, this.state[name], facts);
          },
        }),
      );
    }
    return this.widgets.get(name);
  }

  render() {
    this.settling.after(() => partsAtOnce(this.#renderParts()));
    this.rendered = true;
  }

  /**
   * The first render, a part per task: the lesson's text at once (before the module and the widget's code have
   * arrived), then its widget built, then drawn a map per task. A widget below the screen (a phone shows the list
   * of lessons and the text first) is built when the person scrolls towards it. Rejects if either does not load.
   */
  renderInSlices() {
    return this.settling.during(() => this.#renderInSlices());
  }

  async #renderInSlices() {
    const lesson = this.#renderText();
    if (lesson.widget && !(await this.#widgetOnScreen())) return;
    await this.#firstDrawing();
  }

  async #firstDrawing() {
    await this.#prepare(lessons[this.state.lesson - 1]);
    this.width = await widthInNextFrame(this.body);
    await nextTask();
    await partsInSlices(this.#renderParts());
    this.rendered = true;
  }

  /** Whether the widget's place is on the screen; if not, its first drawing waits for the person (once). */
  async #widgetOnScreen() {
    const { onScreen, near } = watchNearScreen(this.body);
    if (await onScreen) return true;
    if (!this.waitingForPerson) {
      this.waitingForPerson = true;
      near
        .then(() => {
          this.waitingForPerson = false;
          return this.settling.during(() => this.#firstDrawing());
        })
        .catch((error) => this.#cannotStart(error));
    }
    return false;
  }

  #cannotStart(error) {
    this.body.replaceChildren(
      element('p', { className: 'error', textContent: t('lessons.panel.cannotStart', { message: error.message }) }),
    );
  }

  /** The lesson's title and text: what needs no module. */
  #renderText() {
    const { lesson: number } = this.state;
    const lesson = lessons[number - 1];
    this.title.textContent = t('lessons.panel.title', { number, title: lessonTitle(lesson) });
    this.text.textContent = lessonText(lesson);
    return lesson;
  }

  *#renderParts() {
    const lesson = this.#renderText();
    if (!this.#isPrepared(lesson)) {
      this.#drawWhenPrepared(lesson);
      return;
    }
    if (!this.width) {
      this.width = Math.round(this.body.getBoundingClientRect().width);
      yield;
    }
    const widget = this.#widget(lesson.widget);
    const link = lesson.view && this.viewLink(lesson.view);
    const languageModelLink = lesson.languageModel && this.viewLink(lesson.languageModel.view);
    this.challenges?.show(this.state.lesson);
    // A redraw keeps the widget where it is: each step of a slider's drag redraws, and must not take the slider
    // from under the pointer or the keyboard.
    keepChildren(
      this.body,
      [
        widget?.element,
        widget && this.resetRow,
        this.challenges?.element,
        link && this.#link(lesson, link, languageModelLink),
      ].filter(Boolean),
    );
    if (!widget) return;
    yield;
    widget.state = this.state[lesson.widget];
    widget.render(this.width || 900);
  }

  /** The shown lesson's settings as they are when a page opens it (lessons-state.js's defaults). */
  #resetLesson() {
    const { widget } = lessons[this.state.lesson - 1];
    if (widget) this.onChange({ [widget]: defaultLessonsState()[widget] });
  }

  /**
   * The lesson's link to `href` (and to the Generate view), the same element on every redraw of that lesson: only
   * the addresses change (on the page they carry the other views' settings, which a redraw may have changed).
   */
  #link(lesson, href, languageModelHref) {
    const key = `${this.state.lesson} ${Boolean(languageModelHref)}`;
    if (this.link.key !== key) this.link = { key, element: this.#openLink(lesson, href, languageModelHref) };
    const [further, languageModel] = this.link.element.querySelectorAll('a');
    further.href = href;
    if (languageModel) languageModel.href = languageModelHref;
    return this.link.element;
  }

  #openLink(lesson, href, languageModelHref) {
    const target = lesson.view.includes('translation')
      ? 'translation'
      : lesson.view.includes('train')
        ? 'train'
        : 'steps';
    const action = t(lesson.linkTextKey ?? 'lessons.panel.goFurther');
    const further = element('a', {
      href,
      className: 'lesson-open',
      textContent: t(`lessons.panel.further.${target}`, { action }),
    });
    if (!languageModelHref) return element('p', {}, further);
    const languageModel = element('a', {
      href: languageModelHref,
      className: 'lesson-open-language-model',
      textContent: t('lessons.panel.languageModelLink', { text: languageModelLinkText(lesson) }),
    });
    return element('p', {}, further, ' · ', languageModel);
  }
}
