// Lesson 7's two facts beside the split: one fused matrix computes Q, K and V at once (X·[Wq|Wk|Wv], one
// S × 3D product split into Q, K, V, then each into heads), and each head's scores are divided by √(D/H), its
// own width, not √D. Every number is the module's (reshape-math.js); this only lays them out.
import { element, explainedSection } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { fusedProjection, headScores } from './reshape-math.js';
import { t } from '../../i18n/messages.js';

export class FusedProjectionView {
  /**
   * @param {(caption: string, data: Float32Array, rows: number, cols: number, tokenOf: (i: number) => number,
   *          id: string) => HTMLElement} tokenGrid  draws numbers coloured by the token they came from
   */
  constructor(tokenGrid) {
    this.tokenGrid = tokenGrid;
    // Both scroll sideways on a phone rather than widen the page (a region, so the keyboard can scroll it).
    this.grid = element('div', {
      className: 'table-scroll',
      tabIndex: 0,
      role: 'region',
      'aria-label': t('lessons.widgets.reshape.fused.label'),
    });
    this.fusedNote = element('p', { className: 'hint', id: 'reshape-fused-note' });
    this.scores = element('table', { className: 'numbers-table', id: 'reshape-scale-table' });
    this.scaleNote = element('p', { className: 'verdict', id: 'reshape-scale-note' });
    this.element = explainedSection(
      {
        id: 'reshape-fused',
        title: t('lessons.widgets.reshape.fused.title'),
        heading: 'h4',
        hint: t('lessons.widgets.reshape.fused.hint'),
      },
      this.grid,
      this.fusedNote,
      element(
        'div',
        {
          className: 'table-scroll',
          tabIndex: 0,
          role: 'region',
          'aria-label': t('lessons.widgets.reshape.fused.scoresLabel'),
        },
        this.scores,
      ),
      this.scaleNote,
    );
  }

  /** `x` S × D, `projections` [Wq, Wk, Wv] (D × D each), `tokens` the S words; draws for `heads` heads. */
  update(api, x, projections, heads, tokens) {
    const { fused, q, k } = fusedProjection(api, x, projections);
    const s = x.rows,
      d = q.cols,
      headWidth = d / heads;
    this.grid.replaceChildren(
      this.tokenGrid(
        t('lessons.widgets.reshape.fused.grid', {
          s,
          width: 3 * d,
          d,
          kFirst: d + 1,
          kLast: 2 * d,
          vFirst: 2 * d + 1,
        }),
        fused.data,
        s,
        3 * d,
        (i) => Math.floor(i / (3 * d)),
        'reshape-fused-qkv',
      ),
    );
    this.fusedNote.textContent = t('lessons.widgets.reshape.fused.note', { d, heads, headWidth });
    const { raw, byHeadWidth, byModelWidth } = headScores(api, q, k, heads, 0);
    const row = (m) => Array.from(m.data.subarray(0, s), (value) => formatNumber(value, 3));
    const rootHead = formatNumber(Math.sqrt(headWidth), 3),
      rootModel = formatNumber(Math.sqrt(d), 3);
    this.scores.replaceChildren(
      element('caption', {
        textContent: t('lessons.widgets.reshape.fused.caption', { token: tokens[0] }),
      }),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('th', { scope: 'col', textContent: t('lessons.widgets.reshape.fused.scores') }),
          ...tokens.map((token) => element('th', { scope: 'col', textContent: token, translate: false })),
        ),
      ),
      element(
        'tbody',
        {},
        ...[
          [t('lessons.widgets.reshape.fused.unscaled'), raw],
          [t('lessons.widgets.reshape.fused.byHead', { headWidth, root: rootHead }), byHeadWidth],
          [t('lessons.widgets.reshape.fused.byModel', { d, root: rootModel }), byModelWidth],
        ].map(([name, m]) =>
          element(
            'tr',
            {},
            element('th', { scope: 'row', textContent: name }),
            ...row(m).map((text) => element('td', { textContent: text })),
          ),
        ),
      ),
    );
    this.scaleNote.textContent = t('lessons.widgets.reshape.fused.scaleNote', { headWidth, d, rootHead, rootModel });
  }
}
