// The one-file build's entry (web/bundle/attention-elements.js, the package's `unpkg` and `jsdelivr` file): the
// three elements and the library's API with everything they import bundled in (d3's colour scale included), for
// a page that loads one <script type="module"> from a folder or a CDN. The wasm builds and the models are the
// package's own, found in web/lib/ beside the bundle's folder (bundle-assets.js), never copied into the bundle.
import './bundle-assets.js';
import './index.js';

export * from '../lib/index.js';
