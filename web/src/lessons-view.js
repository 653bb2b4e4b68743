// "Lessons": the lecture notes' ten points in order, with next and previous. Each shows a short text, a live
// widget computed by the module, and, where another view goes further, a link to it.
import { button, element } from './controls.js';
import { drawingInSlices } from './heatmap.js';
import { lessons } from './lessons/catalogue.js';
import { CrossAttentionLesson } from './lessons/cross-lesson.js';
import { KeysQueriesValuesLesson } from './lessons/kqv-lesson.js';
import { MemoryLesson } from './lessons/memory-lesson.js';
import { PositionLesson } from './lessons/position-lesson.js';
import { ReshapeLesson } from './lessons/reshape-lesson.js';
import { ScalingLesson } from './lessons/scaling-lesson.js';
import { SelectiveLesson } from './lessons/selective-lesson.js';
import { SoftmaxLesson } from './lessons/softmax-lesson.js';
import { lessonCount } from './lessons-state.js';
import { nextTask, widthInNextFrame } from './next-task.js';

// Widget name (lessons/catalogue.js) → its class; each keeps its settings in `state[name]`.
const widgetClasses = {
  selective: SelectiveLesson, softmax: SoftmaxLesson, kqv: KeysQueriesValuesLesson, scaling: ScalingLesson,
  cross: CrossAttentionLesson, reshape: ReshapeLesson, position: PositionLesson, memory: MemoryLesson,
};

/** Whether a lesson's widget computes with the page's module (lesson 5's asks its translator's worker). */
const needsModule = (widget) => widget !== undefined && widget !== 'cross';

export class LessonsView {
  /**
   * @param {{ loadApi: () => Promise<object>, loadTranslator: () => Promise<object> }} options  `loadApi`: the
   *   attention module, loaded when a lesson's widget first needs it (the lessons' text never waits for it);
   *   `loadTranslator`: the shipped English → Spanish model, for lesson 5 (whose widget needs no module here)
   */
  constructor({ loadApi, state, onStateChange, loadTranslator }) {
    Object.assign(this, { state, onStateChange, loadApi });
    this.api = null;
    this.apiReady = null;
    this.navButtons = lessons.map((lesson, i) => button(`${i + 1}. ${lesson.title}`, () => this.set({ lesson: i + 1 }), { className: 'lesson-link', id: `lesson-${i + 1}` }));
    this.title = element('h2', { id: 'lesson-title' });
    this.text = element('p', { className: 'lesson-text', id: 'lesson-text' });
    this.body = element('div', { className: 'lesson-body' });
    this.prev = button('◀ previous', () => this.set({ lesson: this.state.lesson - 1 }), { id: 'lesson-prev' });
    this.next = button('next ▶', () => this.set({ lesson: this.state.lesson + 1 }), { id: 'lesson-next' });
    this.loadTranslator = loadTranslator;
    this.widgets = new Map(); // name → widget, each built when its lesson is first shown
    this.element = element('section', { id: 'lessons-view', className: 'view lessons-layout', 'aria-labelledby': 'lesson-title' },
      element('nav', { className: 'lesson-nav', 'aria-label': 'Lessons, in the lecture notes’ order' }, element('ol', {}, ...this.navButtons.map((b) => element('li', {}, b)))),
      element('article', { className: 'lesson' }, this.title, this.text, this.body, element('div', { className: 'buttons lesson-steps' }, this.prev, this.next)));
    // The widgets' sizes follow the lesson's width: read before the first render and whenever it changes, never
    // during a render (where it would force a layout).
    // Until the first render has finished, the observer only notes the width: redrawing then would draw the whole
    // lesson in one task, which the first render's slices exist to avoid.
    this.width = 0;
    this.rendered = false;
    new ResizeObserver(() => {
      const width = Math.round(this.body.getBoundingClientRect().width); // layout is clean here: no cost
      if (width === this.width) return;
      this.width = width;
      if (this.rendered) this.render();
    }).observe(this.body);
  }

  /** The module, for the widgets that compute on this thread: loaded once, on the first that asks. */
  #loadModule() {
    this.apiReady ??= this.loadApi().then((loaded) => { this.api = loaded; });
    return this.apiReady;
  }

  #widget(name) {
    const Widget = widgetClasses[name];
    if (!Widget) return null;
    if (!this.widgets.has(name)) {
      this.widgets.set(name, new Widget({
        api: this.api, loadTranslator: this.loadTranslator, state: this.state[name],
        onChange: (changes) => this.set({ [name]: { ...this.state[name], ...changes } }),
      }));
    }
    return this.widgets.get(name);
  }

  set(changes) {
    const newLesson = 'lesson' in changes && changes.lesson !== this.state.lesson;
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state, { newLesson });
    this.render();
  }

  render() {
    const parts = this.#renderParts();
    while (!parts.next().done);
    this.rendered = true;
  }

  /**
   * The first render, a part per task: the lesson's text at once (before the module has arrived), then its widget
   * built, then drawn a map per task. Rejects if the module does not load.
   */
  async renderInSlices() {
    const lesson = this.#renderText();
    if (needsModule(lesson.widget)) await this.#loadModule();
    this.width = await widthInNextFrame(this.body);
    await nextTask();
    const parts = this.#renderParts();
    for (;;) {
      let done;
      await drawingInSlices(() => ({ done } = parts.next()));
      if (done) break;
      await nextTask();
    }
    this.rendered = true;
  }

  /** The lesson's title and text, the list's current lesson and the buttons: what needs no module. */
  #renderText() {
    const { lesson: number } = this.state;
    const lesson = lessons[number - 1];
    this.title.textContent = `${number}. ${lesson.title}`;
    this.text.textContent = lesson.text;
    this.navButtons.forEach((b, i) => (i + 1 === number ? b.setAttribute('aria-current', 'step') : b.removeAttribute('aria-current')));
    this.prev.disabled = number === 1;
    this.next.disabled = number === lessonCount;
    return lesson;
  }

  *#renderParts() {
    const lesson = this.#renderText();
    if (needsModule(lesson.widget) && !this.api) { // a lesson shown before the module is here: drawn once it is
      this.body.replaceChildren(element('p', { className: 'loading', textContent: 'Loading the attention module…' }));
      this.drawnWhenLoaded ??= this.#loadModule().then(() => this.renderInSlices(), (error) => { this.body.replaceChildren(element('p', { className: 'error', textContent: `The attention module could not start: ${error.message}` })); });
      return;
    }
    if (!this.width) {
      this.width = Math.round(this.body.getBoundingClientRect().width);
      yield;
    }
    const widget = this.#widget(lesson.widget);
    this.body.replaceChildren(...[widget?.element, lesson.view && this.#openLink(lesson)].filter(Boolean));
    if (!widget) return;
    yield;
    widget.state = this.state[lesson.widget];
    widget.render(this.width || 900);
  }

  #openLink(lesson) {
    const target = lesson.view.includes('translation') ? 'Translation' : 'step-by-step';
    return element('p', {}, element('a', { href: lesson.view, className: 'lesson-open', textContent: `${lesson.linkText ?? 'Go further'} in the ${target} view` }));
  }
}
