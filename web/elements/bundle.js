// The elements' one-file build (web/bundle/attention-elements.js): the four elements with the playground modules
// they are made of and d3's colour scale bundled in. It imports the library (web/lib) as the package ships it, so
// a page or a bundler that also imports the library gets one copy, one wasm module and one set of models, found
// next to the library's own files. It is what `attention-playground/elements` resolves to, and the package's
// `unpkg` and `jsdelivr` file: one <script type="module"> from a folder or a CDN, no import map.
// The element classes too: index.d.ts declares them as this entry's exports (a page may subclass or check one).
export * from './index.js';

export * from '../lib/index.js';
