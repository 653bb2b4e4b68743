// The logit lens (nostalgebraist 2020): the residual stream after the embeddings and after each block, read through
// the final LayerNorm and the unembedding as if it were the last, its most likely next tokens in a table, a row per
// layer. The first layer whose top token is the model's final top token is marked in words and a sign, not by colour
// alone. Its own file because the table is one job; the numbers are lm.inspect()'s (web/lib/inspect.js).
import { element } from '../common/controls.js';
import { insideLabels, insideText } from './inside-text.js';

const shownTop = 3; // tokens per row: three fit a phone's width

export class LogitLens {
  constructor() {
    this.summary = element('p', { id: 'logit-lens-summary' });
    this.body = element('tbody');
    this.head = element('thead');
    this.table = element(
      'table',
      { id: 'logit-lens-table', className: 'logit-lens-table' },
      element('caption', { className: 'visually-hidden', textContent: insideLabels.lensTitle }),
      this.head,
      this.body,
    );
    this.element = element(
      'section',
      { id: 'logit-lens', className: 'logit-lens', 'aria-labelledby': 'logit-lens-title' },
      element('h4', { id: 'logit-lens-title', textContent: insideLabels.lensTitle }),
      element('p', { className: 'hint', textContent: insideLabels.lensHint }),
      this.summary,
      element('div', { className: 'logit-lens-frame' }, this.table),
    );
  }

  /** @param {{ logitLens: { layer: number, top: { id: number, text: string, probability: number }[] }[],
   *            final: { top: { text: string }[] }, firstAgreeingLayer: number | null }} inspected */
  update(inspected) {
    const { logitLens, final, firstAgreeingLayer } = inspected;
    const columns = Math.min(shownTop, logitLens[0]?.top.length ?? 0);
    this.head.replaceChildren(
      element(
        'tr',
        {},
        element('th', { scope: 'col', textContent: insideLabels.lensLayer }),
        ...Array.from({ length: columns }, (_, i) => element('th', { scope: 'col', textContent: `#${i + 1}` })),
      ),
    );
    this.body.replaceChildren(
      ...logitLens.map(({ layer, top }) => {
        const agrees = layer === firstAgreeingLayer;
        const name = element('th', { scope: 'row', textContent: insideText.lensRow(layer) });
        if (agrees)
          name.append(element('span', { className: 'lens-agrees', textContent: ` ◆ ${insideText.agrees()}` }));
        const row = element(
          'tr',
          { className: agrees ? 'agrees' : '' },
          name,
          ...top
            .slice(0, columns)
            .map(({ text, probability }) =>
              element(
                'td',
                {},
                element('span', { className: 'lens-token', textContent: insideText.piece(text), translate: false }),
                ' ',
                element('span', { className: 'lens-probability', textContent: insideText.probability(probability) }),
              ),
            ),
        );
        row.dataset.layer = String(layer);
        return row;
      }),
    );
    const finalTop = final.top[0]?.text ?? '';
    this.summary.textContent = insideText.agreesSummary(firstAgreeingLayer, finalTop);
    this.element.dataset.firstAgreeing = String(firstAgreeingLayer ?? 'none');
  }
}
