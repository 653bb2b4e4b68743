// attention-playground/elements: importing this module registers <attention-map>, <attention-translator>
// and <attention-steps>. The wasm module loads on first use and is shared by every element on the page.
export { AttentionMapElement } from './attention-map.js';
export { AttentionTranslatorElement } from './attention-translator.js';
export { AttentionStepsElement } from './attention-steps.js';
