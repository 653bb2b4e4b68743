// The elements' one-file build (web/elements/bundle.js → web/bundle/attention-elements.js): `npm run build` makes
// it, and the package ships it in place of the elements' and the playground's sources. The library (web/lib)
// stays outside it, imported from '../lib/' as the package ships it (see bundle.js). So does <attention-generator
// gpt2>'s opening (web/elements/generator-gpt2.js), fetched only when an element names GPT-2's files: a file of its
// own beside the bundle, minified, which reaches web/lib from web/bundle/ by the same '../lib/' path.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, minify } from 'vite';
import { colourSchemesTreeshake, elementStyles } from './vite.config.js';
import { localeMessagesPlugin, withoutMessageParser } from '../scripts/locale-messages.mjs';

const library = fileURLToPath(new URL('./lib/', import.meta.url));
const generatorGpt2 = fileURLToPath(new URL('./elements/generator-gpt2.js', import.meta.url));
const generatorGpt2File = 'attention-generator-gpt2.js';

/** Writes generator-gpt2.js, minified, beside the bundle (which imports it as ./attention-generator-gpt2.js). */
const generatorGpt2Beside = {
  name: 'generator-gpt2-beside',
  async generateBundle() {
    const { code, errors } = await minify(generatorGpt2File, readFileSync(generatorGpt2, 'utf8'));
    if (errors.length > 0) throw new Error(`${generatorGpt2}: ${errors.map((e) => e.message).join('; ')}`);
    this.emitFile({ type: 'asset', fileName: generatorGpt2File, source: code });
  },
};

export default defineConfig({
  configFile: false,
  // English bundled; each other locale a file beside the bundle, fetched when an element speaks it (docs/i18n.md).
  plugins: [localeMessagesPlugin({ elementsBundle: true }), elementStyles, generatorGpt2Beside],
  resolve: { alias: withoutMessageParser },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./bundle', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: fileURLToPath(new URL('./elements/bundle.js', import.meta.url)),
      formats: ['es'],
      fileName: () => 'attention-elements.js',
    },
    rollupOptions: {
      external: (id) => id.startsWith(library) || id === generatorGpt2, // web/lib rendered as '../lib/…'
      treeshake: colourSchemesTreeshake,
      output: {
        codeSplitting: false,
        minify: true, // lib mode keeps an ES build's whitespace unless told
        paths: { [generatorGpt2]: `./${generatorGpt2File}` },
      },
    },
  },
});
