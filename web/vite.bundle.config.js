// The elements' one-file build (web/elements/bundle.js → web/bundle/attention-elements.js): `npm run build` makes
// it, and the package ships it in place of the elements' and the playground's sources. The library (web/lib)
// stays outside it, imported from '../lib/' as the package ships it (see bundle.js).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { colourSchemesTreeshake, elementStyles } from './vite.config.js';
import { localeMessagesPlugin, withoutMessageParser } from '../scripts/locale-messages.mjs';

const library = fileURLToPath(new URL('./lib/', import.meta.url));

export default defineConfig({
  configFile: false,
  // English bundled; each other locale a file beside the bundle, fetched when an element speaks it (docs/i18n.md).
  plugins: [localeMessagesPlugin({ elementsBundle: true }), elementStyles],
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
      external: (id) => id.startsWith(library), // rendered as '../lib/…' from web/bundle/
      treeshake: colourSchemesTreeshake,
      output: { codeSplitting: false, minify: true }, // lib mode keeps an ES build's whitespace unless told
    },
  },
});
