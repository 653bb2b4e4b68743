// Lesson 7's two facts beside the split: one fused matrix computes Q, K and V at once (X·[Wq|Wk|Wv], one
// S × 3D product split into Q, K, V, then each into heads), and each head's scores are divided by √(D/H), its
// own width, not √D. Every number is the module's (reshape-math.js); this only lays them out.
import { element, explainedSection } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { fusedProjection, headScores } from './reshape-math.js';

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
      'aria-label': 'X·[Wq|Wk|Wv]: Q, K and V from one product',
    });
    this.fusedNote = element('p', { className: 'hint', id: 'reshape-fused-note' });
    this.scores = element('table', { className: 'numbers-table', id: 'reshape-scale-table' });
    this.scaleNote = element('p', { className: 'verdict', id: 'reshape-scale-note' });
    this.element = explainedSection(
      {
        id: 'reshape-fused',
        title: 'One matrix for Q, K and V, and each head’s own scale',
        heading: 'h4',
        hint: 'A transformer does not run three projections: it puts Wq, Wk and Wv side by side, one D × 3D matrix, and multiplies once. The S × 3D result is cut into Q, K and V, and each of those into heads as above.',
      },
      this.grid,
      this.fusedNote,
      element(
        'div',
        { className: 'table-scroll', tabIndex: 0, role: 'region', 'aria-label': 'one head’s scores, three ways' },
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
        `X·[Wq|Wk|Wv] (S × 3D = ${s} × ${3 * d}): columns 1–${d} are Q, ${d + 1}–${2 * d} K, ${2 * d + 1}–${3 * d} V`,
        fused.data,
        s,
        3 * d,
        (i) => Math.floor(i / (3 * d)),
        'reshape-fused-qkv',
      ),
    );
    this.fusedNote.textContent = `Its first ${d} columns are Q = X·Wq above, number for number; the maps above were computed from this one product, each of Q, K, V split into ${heads} heads of width ${headWidth}.`;
    const { raw, byHeadWidth, byModelWidth } = headScores(api, q, k, heads, 0);
    const row = (m) => Array.from(m.data.subarray(0, s), (value) => formatNumber(value, 3));
    const rootHead = formatNumber(Math.sqrt(headWidth), 3),
      rootModel = formatNumber(Math.sqrt(d), 3);
    this.scores.replaceChildren(
      element('caption', {
        textContent: `head 1, the query “${tokens[0]}” against every key: its scores three ways`,
      }),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('th', { scope: 'col', textContent: 'scores' }),
          ...tokens.map((t) => element('th', { scope: 'col', textContent: t })),
        ),
      ),
      element(
        'tbody',
        {},
        ...[
          ['q·k, unscaled', raw],
          [`÷ √(D/H) = ÷ √${headWidth} ≈ ÷ ${rootHead}: used`, byHeadWidth],
          [`÷ √D = ÷ √${d} ≈ ÷ ${rootModel}: too much`, byModelWidth],
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
    this.scaleNote.textContent = `A head's dot product adds up D/H = ${headWidth} products, not D = ${d}, so its scores spread like √${headWidth}: each head divides by √(D/H) ≈ ${rootHead}, its own width. Dividing by √D ≈ ${rootModel} would shrink every head's scores further and flatten its weights more the more heads there are.`;
  }
}
