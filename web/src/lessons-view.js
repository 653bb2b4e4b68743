// "Lessons": the lecture notes' ten points in order, with next and previous. Each shows a short text and
// either a live widget (position, memory networks) or a link to the view that shows it.
import { button, element } from './controls.js';
import { lessons } from './lessons/catalogue.js';
import { MemoryLesson } from './lessons/memory-lesson.js';
import { PositionLesson } from './lessons/position-lesson.js';
import { ReshapeLesson } from './lessons/reshape-lesson.js';
import { SelectiveLesson } from './lessons/selective-lesson.js';
import { lessonCount } from './lessons-state.js';

export class LessonsView {
  constructor({ api, state, onStateChange }) {
    Object.assign(this, { api, state, onStateChange });
    this.navButtons = lessons.map((lesson, i) => button(`${i + 1}. ${lesson.title}`, () => this.set({ lesson: i + 1 }), { className: 'lesson-link', id: `lesson-${i + 1}` }));
    this.title = element('h2', { id: 'lesson-title' });
    this.text = element('p', { className: 'lesson-text', id: 'lesson-text' });
    this.body = element('div', { className: 'lesson-body' });
    this.prev = button('◀ previous', () => this.set({ lesson: this.state.lesson - 1 }), { id: 'lesson-prev' });
    this.next = button('next ▶', () => this.set({ lesson: this.state.lesson + 1 }), { id: 'lesson-next' });
    this.position = new PositionLesson({ api, state: state.position, onChange: (changes) => this.set({ position: { ...this.state.position, ...changes } }) });
    this.memory = new MemoryLesson({ api, state: state.memory, onChange: (changes) => this.set({ memory: { ...this.state.memory, ...changes } }) });
    this.selective = new SelectiveLesson({ api, state: state.selective, onChange: (changes) => this.set({ selective: { ...this.state.selective, ...changes } }) });
    this.reshape = new ReshapeLesson({ api, state: state.reshape, onChange: (changes) => this.set({ reshape: { ...this.state.reshape, ...changes } }) });
    this.element = element('section', { id: 'lessons-view', className: 'view lessons-layout', 'aria-labelledby': 'lesson-title' },
      element('nav', { className: 'lesson-nav', 'aria-label': 'Lessons, in the lecture notes’ order' }, element('ol', {}, ...this.navButtons.map((b) => element('li', {}, b)))),
      element('article', { className: 'lesson' }, this.title, this.text, this.body, element('div', { className: 'buttons lesson-steps' }, this.prev, this.next)));
    new ResizeObserver(() => this.render()).observe(this.body);
  }

  set(changes) {
    const newLesson = 'lesson' in changes && changes.lesson !== this.state.lesson;
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state, { newLesson });
    this.render();
  }

  render() {
    const { lesson: number } = this.state;
    const lesson = lessons[number - 1];
    this.title.textContent = `${number}. ${lesson.title}`;
    this.text.textContent = lesson.text;
    this.navButtons.forEach((b, i) => (i + 1 === number ? b.setAttribute('aria-current', 'step') : b.removeAttribute('aria-current')));
    this.prev.disabled = number === 1;
    this.next.disabled = number === lessonCount;
    const width = this.body.clientWidth || 900;
    if (lesson.widget === 'position') {
      this.position.state = this.state.position;
      this.body.replaceChildren(this.position.element);
      this.position.render(width);
    } else if (lesson.widget === 'selective') {
      this.selective.state = this.state.selective;
      this.body.replaceChildren(this.selective.element);
      this.selective.render(width);
    } else if (lesson.widget === 'reshape') {
      this.reshape.state = this.state.reshape;
      this.body.replaceChildren(this.reshape.element, this.#openLink(lesson));
      this.reshape.render(width);
    } else if (lesson.widget === 'memory') {
      this.memory.state = this.state.memory;
      this.body.replaceChildren(this.memory.element);
      this.memory.render(width);
    } else {
      this.body.replaceChildren(this.#openLink(lesson));
    }
  }

  #openLink(lesson) {
    return element('p', {}, element('a', { href: lesson.view, className: 'lesson-open', textContent: `Open the ${lesson.view.includes('translation') ? 'Translation' : 'step-by-step'} view to try it` }));
  }
}
