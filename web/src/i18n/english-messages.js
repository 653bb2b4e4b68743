// The English messages, bundled with the code that imports this module instead of fetched: for the elements,
// which take no `lang` yet and build their parts in their constructors, before a fetched message could arrive
// (and without a top-level await, which some host apps' bundlers refuse).
import { provideMessages } from './messages.js';

const file = './locales/en.json';
const app = import.meta.glob('./locales/en.json', { query: '?section=app', import: 'default', eager: true })[file];
const lessons = import.meta.glob('./locales/en.json', { query: '?section=lessons', import: 'default', eager: true })[
  file
];
// <attention-steps> draws the Steps view, which names heads as the `heads` section says.
const steps = import.meta.glob('./locales/en.json', { query: '?section=steps', import: 'default', eager: true })[file];
const heads = import.meta.glob('./locales/en.json', { query: '?section=heads', import: 'default', eager: true })[file];

/** The shared parts', the lessons' and the Steps view's English messages, ready for t() (the page's locale must be English). */
export function provideEnglishMessages() {
  provideMessages('app', /** @type {Record<string, any[]>} */ (app));
  provideMessages('lessons', /** @type {Record<string, any[]>} */ (lessons));
  provideMessages('steps', /** @type {Record<string, any[]>} */ (steps));
  provideMessages('heads', /** @type {Record<string, any[]>} */ (heads));
}
