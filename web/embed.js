// The embed page's entry: its header and text are on the screen before the elements' code is asked for (the page's
// largest text, Lighthouse's LCP, does not wait on a phone's slow network for scripts it does not need), as the
// playground's main.js paints a view's text before the view's code. The maps' fonts are set up first: a page's
// first text measurements look its fonts up (tens of milliseconds, far more on a busy machine), which is better
// paid with the page's own first work than in a task after its first paint, while the reader is looking.
import { afterFirstContentfulPaint } from './src/common/first-paint.js';
import { warmUpTextMeasures } from './src/drawing/heatmap-picture.js';
// The messages' module (the elements' first words need it) with the entry: the bundler then keeps its dynamic
// imports' helper in that module's chunk, as before, not in a chunk of its own every page of the site downloads.
import './src/i18n/messages.js';

// English → Japanese is the site's model (the npm package holds en-es alone): the page names its file by URL, as a
// host serving a weight file of its own does, before the elements' code reads the attribute. A literal URL (the
// bundler's copy of the file, the Translation view's too), not site-models.js: that would be one more chunk for the
// page to ask for before its first paint.
document.getElementById('translator').setAttribute('weights', new URL('./lib/models/en-ja.bin', import.meta.url).href);
warmUpTextMeasures();
await afterFirstContentfulPaint();
await import('./embed-page.js');
