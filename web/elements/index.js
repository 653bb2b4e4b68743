// attention-playground/elements: importing this module registers <attention-map>, <attention-translator>,
// <attention-generator>, <attention-steps> and <attention-lesson>. The wasm modules load on first use and are
// shared by every element on the page.
export { AttentionMapElement } from './attention-map.js';
export { AttentionTranslatorElement } from './attention-translator.js';
export { AttentionGeneratorElement } from './attention-generator.js';
export { AttentionStepsElement } from './attention-steps.js';
export { AttentionLessonElement } from './attention-lesson.js';
