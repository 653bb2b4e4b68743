// attention-playground/elements: importing this module registers <attention-map>, <attention-translator>,
// <attention-steps> and <attention-lesson>. The wasm module loads on first use and is shared by every element
// on the page.
export { AttentionMapElement } from './attention-map.js';
export { AttentionTranslatorElement } from './attention-translator.js';
export { AttentionStepsElement } from './attention-steps.js';
export { AttentionLessonElement } from './attention-lesson.js';
