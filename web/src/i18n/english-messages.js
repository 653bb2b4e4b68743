// The English messages, bundled with the code that imports this module instead of fetched: for the elements,
// which take no `lang` yet and build their parts in their constructors, before a fetched message could arrive
// (and without a top-level await, which some host apps' bundlers refuse).
import { provideMessages } from './messages.js';

const file = './locales/en.json';
const app = import.meta.glob('./locales/en.json', { query: '?section=app', import: 'default', eager: true })[file];
const lessons = import.meta.glob('./locales/en.json', { query: '?section=lessons', import: 'default', eager: true })[
  file
];

/** The shared parts' and the lessons' English messages, ready for t() (the page's locale must be English). */
export function provideEnglishMessages() {
  provideMessages('app', /** @type {Record<string, any[]>} */ (app));
  provideMessages('lessons', /** @type {Record<string, any[]>} */ (lessons));
}
