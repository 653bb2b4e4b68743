// A course site rendered on the server (Astro, Next, Docusaurus, VitePress) imports the page's modules in Node,
// where there is no DOM: importing the elements, from the sources or from the one-file bundle the package's
// `attention-playground/elements` resolves to, must not throw, and registers nothing there.
import { describe, expect, it } from 'vitest';

const elementNames = [
  'AttentionGeneratorElement',
  'AttentionLessonElement',
  'AttentionMapElement',
  'AttentionStepsElement',
  'AttentionTranslatorElement',
];

describe('the elements in a server-side render', () => {
  it.each([
    ['the sources', '../../../web/elements/index.js'],
    ['the bundle', '../../../web/bundle/attention-elements.js'],
  ])('%s import in Node without a DOM, exporting the five classes', async (_, path) => {
    expect(globalThis.HTMLElement).toBeUndefined();
    const elements = await import(path);
    for (const name of elementNames) expect(typeof elements[name], name).toBe('function');
    expect(globalThis.customElements).toBeUndefined(); // nothing to register with, and nothing tried
  });
});
