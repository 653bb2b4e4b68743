// The embed page's entry: its header and text are on the screen before the elements' code is asked for (the page's
// largest text, Lighthouse's LCP, does not wait on a phone's slow network for scripts it does not need), as the
// playground's main.js paints a view's text before the view's code.
import { afterFirstContentfulPaint } from './src/common/next-task.js';

await afterFirstContentfulPaint();
await import('./embed-page.js');
