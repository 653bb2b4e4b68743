// Every layer × head map at once, plus each layer's average over heads, as clickable thumbnails: one glance
// shows which heads align words and which look elsewhere; a click shows that map in full. Its words are the
// `translation` section's messages (headGrid), read when the grid is built.
import { element } from '../common/controls.js';
import { t } from '../i18n/messages.js';
import { headName } from '../common/head-labels.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { averageOf } from './translation-maps.js';

export class HeadGrid {
  /** @param {{ id: string, onSelect: (layer: number, head: number | 'average') => void }} options */
  constructor({ id, onSelect }) {
    this.onSelect = onSelect;
    this.table = element('table', { className: 'layer-head-table' });
    this.element = element(
      'figure',
      { className: 'layer-head-grid', id },
      element('figcaption', { textContent: t('translation.headGrid.caption') }),
      this.table,
    );
  }

  /**
   * @param {{ data: Float32Array, rows: number, cols: number }[][]} maps  [layer][head], already cut to the step
   * @param {number} layer  selected layer
   * @param {number | 'average'} head  selected head
   * @param {number} [kvHeads]  key/value heads the query heads share (default: one each)
   */
  update(maps, layer, head, kvHeads = maps[0].length) {
    const shape = `${maps.length}×${maps[0].length}/${kvHeads}`;
    if (shape !== this.shape) this.#build(maps.length, maps[0].length, kvHeads); // only when its shape changes
    maps.forEach((layerMaps, l) => {
      [...layerMaps, averageOf(layerMaps)].forEach((matrix, h) => {
        const pick = this.picks[l][h];
        drawSmallMap(pick.firstChild, matrix);
        pick.setAttribute(
          'aria-pressed',
          String(l === layer && (h === layerMaps.length ? head === 'average' : h === head)),
        );
      });
    });
  }

  #build(layers, heads, kvHeads) {
    this.shape = `${layers}×${heads}/${kvHeads}`;
    const headRow = element('tr', {}, element('th', {}));
    for (let h = 0; h < heads; h++) {
      // a shared key/value head is named under each query head that reads it
      const text =
        kvHeads < heads
          ? t('translation.headGrid.headShared', { head: h + 1, kv: Math.floor((h * kvHeads) / heads) + 1 })
          : t('heads.name.own', { head: h + 1 });
      headRow.append(element('th', { scope: 'col', textContent: text }));
    }
    headRow.append(element('th', { scope: 'col', textContent: t('translation.headGrid.average') }));
    this.picks = [];
    const rows = Array.from({ length: layers }, (_, l) => {
      const tr = element(
        'tr',
        {},
        element('th', { scope: 'row', textContent: t('translation.controls.layerOption', { layer: l + 1 }) }),
      );
      /** @type {(number | 'average')[]} */
      const choices = [...Array.from({ length: heads }, (__, h) => h), 'average'];
      this.picks[l] = choices.map((h) => {
        const name = t('translation.headGrid.name', {
          layer: l + 1,
          head: h === 'average' ? t('translation.controls.averageOfHeads') : headName(h, { heads, kvHeads }),
        });
        const pick = element(
          'button',
          {
            type: 'button',
            className: 'head-thumb',
            title: name,
            'aria-label': t('translation.headGrid.show', { name }),
          },
          element('canvas', { 'aria-hidden': 'true' }),
        );
        pick.dataset.layer = String(l);
        pick.dataset.head = String(h);
        pick.addEventListener('click', () => this.onSelect(l, h));
        tr.append(element('td', {}, pick));
        return pick;
      });
      return tr;
    });
    this.table.replaceChildren(element('thead', {}, headRow), element('tbody', {}, ...rows));
  }
}
