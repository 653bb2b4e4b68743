// The English messages, bundled with the code that imports this module instead of fetched: for the elements,
// which take no `lang` yet and build their parts in their constructors, before a fetched message could arrive
// (and without a top-level await, which some host apps' bundlers refuse). One module holds the sections they show
// (`&bundled`: a module of its own, not the page's fetched sections, scripts/locale-messages.mjs): the shared parts
// and the lessons; <attention-steps> draws the Steps view, which names heads as the `heads` section says;
// <attention-generator> the Generate view's parts (its token strip and a token's details); <attention-translator>
// and <attention-lesson> (lessons 5, 7 and 9) the Translation view's parts and the beam's tree.
import { provideMessages } from './messages.js';

/** @type {['app', 'lessons', 'steps', 'generate', 'heads', 'translation', 'beam']} */
const sections = ['app', 'lessons', 'steps', 'generate', 'heads', 'translation', 'beam'];
const messages = import.meta.glob('./locales/en.json', {
  query: '?section=app+lessons+steps+generate+heads+translation+beam&bundled',
  import: 'default',
  eager: true,
})['./locales/en.json'];

/** The elements' sections' English messages, ready for t() (the page's locale must be English). */
export function provideEnglishMessages() {
  provideMessages(sections, /** @type {Record<string, any[]>} */ (messages));
}
