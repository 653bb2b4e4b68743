// The causal map: one head's attention at every written token, a row each, over every position, drawn as a small
// map (a pixel per cell, scaled up: a few hundred positions stay cheap). The filled part grows as a lower triangle
// because a query reads only the positions before it. The chosen token's row is outlined; a click chooses a row.
import { element } from '../common/controls.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { causalMapLabel, hints, labels } from './generate-text.js';

export class CausalMapView {
  /** @param {{ onChoose: (row: number) => void }} options  a row (a written token) was clicked */
  constructor({ onChoose }) {
    this.cell = 4;
    this.drawn = null; // the map the canvas shows
    this.canvas = element('canvas', { id: 'generate-causal-canvas', role: 'img', 'aria-label': labels.causalMap });
    this.marker = element('div', { className: 'generate-causal-marker', 'aria-hidden': 'true' });
    this.canvas.addEventListener('click', (event) => {
      const row = Math.floor((event.clientY - this.canvas.getBoundingClientRect().top) / this.cell);
      if (row >= 0 && row < this.canvas.height) onChoose(row);
    });
    // Wider than a phone once the positions outnumber its pixels: the map scrolls inside its frame, the page never.
    this.frame = element(
      'div',
      { className: 'generate-causal-frame', tabIndex: 0, 'aria-label': labels.causalMap, role: 'region' },
      element('div', { className: 'generate-causal-picture' }, this.canvas, this.marker),
    );
    this.element = element(
      'figure',
      { id: 'generate-causal-map', className: 'generate-causal' },
      element('figcaption', { textContent: labels.causalMap }),
      this.frame,
      element('p', { className: 'hint', textContent: hints.causalMap }),
    );
  }

  /**
   * @param {{ data: Float32Array, rows: number, cols: number }} map  generation-maps.js's causalMap()
   * @param {{ chosen: number, layer: number, head: number, maxWidth: number }} view
   */
  update(map, { chosen, layer, head, maxWidth }) {
    // Cells as large as fit the width and about 360 px of height (2 to 10 px): a short generation is not a speck,
    // and a long one is not a scroll.
    const fit = Math.min(Math.floor(maxWidth / Math.max(1, map.cols)), Math.floor(360 / Math.max(1, map.rows)));
    const cell = Math.max(2, Math.min(10, fit));
    // A click on another token only moves the outline: the map (every row's colours, a few hundred thousand cells
    // for a long generation) is painted again only when it or its cell size changed.
    if (map !== this.drawn || cell !== this.cell) {
      this.cell = cell;
      this.drawn = map;
      drawSmallMap(this.canvas, map, cell);
      // drawSmallMap sizes a new bitmap only for a new shape: a new cell size must resize the element too.
      this.canvas.style.width = `${map.cols * cell}px`;
      this.canvas.style.height = `${map.rows * cell}px`;
      this.canvas.setAttribute('aria-label', causalMapLabel(map.rows, map.cols, layer, head));
    }
    Object.assign(this.marker.style, {
      top: `${chosen * this.cell}px`,
      height: `${this.cell}px`,
      width: `${map.cols * this.cell}px`,
    });
  }
}
