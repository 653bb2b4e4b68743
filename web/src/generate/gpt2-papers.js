// The papers on the model written with (GPT-2 above all, or ours): induction heads measured on random pieces said
// twice (each head's prefix-matching score, Olsson et al. 2022) and the first token's share of each head's attention
// on Pride and Prejudice (attention sinks: Xiao et al. 2023, StreamingLLM), each in a head grid, beside what the
// papers report for GPT-2-sized models. The page says what it measured on this model, never what it should find.
// Its own file because it measures the model written with, where the induction and sinks panels train their own.
import './gpt2.css';
import { button, element } from '../common/controls.js';
import { HeadGrid } from './head-grid.js';
import { papersLabels, papersText } from './gpt2-text.js';
import { fetchAusten } from './shipped-files.js';

/** The best head of [layer][head] scores and how many reach `threshold`. */
function best(scores, threshold) {
  let top = { layer: 0, head: 0, score: -Infinity };
  let strong = 0;
  scores.forEach((row, layer) =>
    row.forEach((score, head) => {
      if (score > top.score) top = { layer, head, score };
      if (score >= threshold) strong += 1;
    }),
  );
  return { best: top, strong, heads: scores.length * (scores[0]?.length ?? 0) };
}

export class PapersPanel {
  /** @param {{ ask: (method: string, ...args: any[]) => Promise<any>, onError: (error: Error) => void }} options */
  constructor({ ask, onError }) {
    this.ask = ask;
    this.onError = onError;
    this.ready = false;
    this.model = null; // the shape of the model measured (a new model clears the measurement)
    this.measureButton = button(papersLabels.measure, () => void this.#measure(), {
      id: 'papers-measure',
      className: 'primary',
    });
    const grid = (id, label, kind) =>
      new HeadGrid({
        id,
        label,
        onPick: () => {},
        cellLabel: (l, h, v) => papersText.cell(kind, { layer: l, head: h }, v),
      });
    this.inductionGrid = grid('papers-induction-grid', papersLabels.inductionGrid, 'induction');
    this.sinksGrid = grid('papers-sinks-grid', papersLabels.sinksGrid, 'sinks');
    this.inductionResult = element('p', { id: 'papers-induction-result' });
    this.sinksResult = element('p', { id: 'papers-sinks-result' });
    this.noModel = element('p', { className: 'hint', textContent: papersLabels.noModel });
    this.element = element(
      'section',
      { id: 'generate-papers', className: 'generate-papers', 'aria-labelledby': 'generate-papers-title' },
      element('h3', { id: 'generate-papers-title', textContent: papersLabels.title }),
      element('p', { className: 'hint', textContent: papersLabels.introduction }),
      element('p', { className: 'hint', textContent: papersLabels.measuresOnly }),
      this.noModel,
      element('div', { className: 'buttons' }, this.measureButton),
      element('h4', { textContent: papersLabels.induction }),
      element('p', { textContent: papersLabels.inductionPapers }),
      this.inductionResult,
      this.inductionGrid.element,
      element('h4', { textContent: papersLabels.sinks }),
      element('p', { textContent: papersLabels.sinksPapers }),
      this.sinksResult,
      this.sinksGrid.element,
    );
    this.element.dataset.state = 'idle';
    this.inductionGrid.element.hidden = this.sinksGrid.element.hidden = true;
  }

  /** The view's model changed: a measurement of the last one is no longer this model's. */
  update({ generation, ready }) {
    const model = ready ? generation?.config : null;
    if (model !== this.model && this.element.dataset.state === 'measured') this.#clear();
    this.model = model ?? null;
    this.ready = ready && Boolean(generation);
    this.noModel.hidden = this.ready;
    this.measureButton.disabled = !this.ready || this.element.dataset.state === 'measuring';
  }

  #clear() {
    this.inductionResult.textContent = this.sinksResult.textContent = '';
    this.inductionGrid.element.hidden = this.sinksGrid.element.hidden = true;
    this.element.dataset.state = 'idle';
  }

  async #measure() {
    if (!this.ready) return;
    this.element.dataset.state = 'measuring';
    this.measureButton.disabled = true;
    try {
      const austen = await fetchAusten();
      // a page of the novel (its opening chapters): a few hundred tokens, GPT-2's context read once
      const measured = await this.ask('measurePapers', austen.slice(0, 2000));
      const width = this.element.clientWidth || 360;
      const induction = best(measured.prefixMatching, 0.4);
      this.inductionResult.textContent = papersText.induction({ ...induction, tokens: measured.tokens });
      this.inductionGrid.update(measured.prefixMatching, [induction.best.layer, induction.best.head], width);
      const sinks = best(measured.shares, 0.3);
      this.sinksResult.textContent = papersText.sinks({ ...sinks, sinkRate: measured.sinkRate });
      this.sinksGrid.update(measured.shares, [sinks.best.layer, sinks.best.head], width);
      this.inductionGrid.element.hidden = this.sinksGrid.element.hidden = false;
      this.element.dataset.state = 'measured';
    } catch (error) {
      this.element.dataset.state = 'failed';
      this.onError(error);
    } finally {
      this.measureButton.disabled = !this.ready;
    }
  }
}
