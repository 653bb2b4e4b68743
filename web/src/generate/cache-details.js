// The key/value cache at the chosen token: the positions it held (a chip each, the window's tokens), its bytes as
// allocated and measured beside the bytes computed from the model's shape, and how the heads share it. (The
// comparison of writing with the cache and recomputing is said by its button: generation-controls.js.)
import { element } from '../common/controls.js';
import { allPieces } from './generation-maps.js';
import { cacheText, kvSharingText, labels } from './generate-text.js';
import { visiblePiece } from './token-pieces.js';

export class CacheDetails {
  constructor() {
    this.text = element('p', { id: 'generate-cache-text' });
    this.rows = element('ol', { id: 'generate-cache-rows', className: 'generate-cache-rows' });
    this.sharing = element('p', { className: 'hint' });
    this.element = element(
      'section',
      { id: 'generate-cache-details', 'aria-labelledby': 'generate-cache-title' },
      element('h4', { id: 'generate-cache-title', textContent: labels.cacheSection }),
      this.text,
      this.rows,
      this.sharing,
    );
  }

  /** @param {object} generation @param {number} index  the chosen written token */
  update(generation, index) {
    const step = generation.steps[index];
    this.text.textContent = cacheText(step, index, generation, generation.config);
    const window = allPieces(generation).slice(step.windowStart, step.windowStart + step.length);
    // A row per position held (or, without the cache, recomputed): its number and its token.
    this.rows.start = step.windowStart + 1;
    this.rows.replaceChildren(
      ...window.map((piece, i) =>
        element(
          'li',
          {},
          element('span', { className: 'generate-position', textContent: String(step.windowStart + i + 1) }),
          element('span', { textContent: visiblePiece(piece), translate: false }), // the model's, not the page's
        ),
      ),
    );
    this.sharing.textContent = kvSharingText(generation.config);
  }
}
