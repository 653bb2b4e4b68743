// The English messages, bundled with the code that imports this module instead of fetched: for the elements,
// which take no `lang` yet and build their parts in their constructors, before a fetched message could arrive
// (and without a top-level await, which some host apps' bundlers refuse).
import { provideMessages } from './messages.js';

const file = './locales/en.json';
const app = import.meta.glob('./locales/en.json', { query: '?section=app', import: 'default', eager: true })[file];
const lessons = import.meta.glob('./locales/en.json', { query: '?section=lessons', import: 'default', eager: true })[
  file
];
// <attention-steps> draws the Steps view, which names heads as the `heads` section says; <attention-generator> draws
// the Generate view's parts (its token strip and a token's details).
const steps = import.meta.glob('./locales/en.json', { query: '?section=steps', import: 'default', eager: true })[file];
const generate = import.meta.glob('./locales/en.json', { query: '?section=generate', import: 'default', eager: true })[
  file
];
const heads = import.meta.glob('./locales/en.json', { query: '?section=heads', import: 'default', eager: true })[file];

/**
 * The shared parts', the lessons', the Steps view's and the Generate view's English messages, ready for t() (the
 * page's locale must be English).
 */
export function provideEnglishMessages() {
  provideMessages('app', /** @type {Record<string, any[]>} */ (app));
  provideMessages('lessons', /** @type {Record<string, any[]>} */ (lessons));
  provideMessages('steps', /** @type {Record<string, any[]>} */ (steps));
  provideMessages('generate', /** @type {Record<string, any[]>} */ (generate));
  provideMessages('heads', /** @type {Record<string, any[]>} */ (heads));
}
