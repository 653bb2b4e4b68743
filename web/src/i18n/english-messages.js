// The English messages, bundled with the code that imports this module instead of fetched: for the elements,
// which build their parts in their constructors, before a fetched message could arrive (and without a top-level
// await, which some host apps' bundlers refuse). One module holds the sections they show (`for-elements`, listed in
// scripts/locale-messages.mjs; `&bundled`: a module of its own, not the page's fetched sections).
import { provideMessages } from './messages.js';

const english = /** @type {{ sections: Parameters<typeof provideMessages>[0], default: Record<string, any[]> }} */ (
  import.meta.glob('./locales/en.json', { query: '?section=for-elements&bundled', eager: true })['./locales/en.json']
);

/** The sections the elements show: 'app', 'lessons', … */
export const elementSections = english.sections;

/** Every English message of the elements' sections, by key, in the catalogue's order. */
export const englishMessages = english.default;

/** The elements' sections' English messages, ready for t() (the page's locale must be English). */
export function provideEnglishMessages() {
  provideMessages(elementSections, englishMessages);
}
