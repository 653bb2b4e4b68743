// The lecture notes' ten points in their order, each with a short text in our words (what to look at, what
// to try), its widget in the Lessons view, and the view that goes further (a link); where the point is a language
// model's too, a second link (`languageModel`) opens the Generate view on it. The words are messages
// (lessons.catalogue.<widget>.* in web/src/i18n/locales), in the page's language.
import { t } from '../i18n/messages.js';

/** A lesson's title, text and (where it has one) its Generate link's words, in the page's language. */
export const lessonTitle = (lesson) => t(`lessons.catalogue.${lesson.widget}.title`);
export const lessonText = (lesson) => t(`lessons.catalogue.${lesson.widget}.text`);
export const languageModelLinkText = (lesson) => t(`lessons.catalogue.${lesson.widget}.languageModel`);

export { lessons } from './lesson-list.js';
