// "Induction heads form" (Olsson et al. 2022), live: an attention-only model trained in the Generate view's worker
// on random strings each repeated (web/lib's inductionExperiment), measured every 100 steps (inductionScores): the
// loss on each half of strings it never saw, layer 1's best previous-token head and the last layer's best
// prefix-matching head, and which heads they are. Two layers can form the circuit; the one-layer control cannot.
// Its own file because it runs its own experiment beside the learner's model, sharing only the worker.
import { button, element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { LineChart } from '../drawing/line-chart.js';
import { bestHead, inductionText, measureEvery } from './induction-text.js';

export class InductionPanel {
  /**
   * @param {{ session: import('./generate-session.js').GenerateSession, onError: (error: Error) => void }} options
   *   session: the view's worker; onError: a failure to say
   */
  constructor({ session, onError }) {
    this.session = session;
    this.onError = onError;
    this.layers = null; // the experiment under way (1 or 2), or null
    this.stopAsked = false;
    this.rows = []; // its measurements so far
    this.buttons = {
      2: button(inductionText.train(2), () => void this.#toggle(2), {
        id: 'induction-two-layers',
        className: 'primary',
      }),
      1: button(inductionText.train(1), () => void this.#toggle(1), { id: 'induction-one-layer' }),
    };
    this.progress = element('p', { id: 'induction-progress', className: 'hint', 'aria-live': 'polite' });
    const formatTick = (y) => formatNumber(y, 2);
    this.lossChart = new LineChart({
      id: 'induction-loss-chart',
      title: inductionText.lossTitle(),
      xLabel: inductionText.stepAxis(),
      yLabel: inductionText.lossAxis(),
      yDomain: [0, 8],
      formatTick,
    });
    this.headChart = new LineChart({
      id: 'induction-head-chart',
      title: inductionText.headTitle(),
      xLabel: inductionText.stepAxis(),
      yLabel: inductionText.headAxis(),
      formatTick,
    });
    this.circuit = element('p', { id: 'induction-circuit' });
    this.element = element(
      'section',
      { id: 'generate-induction', className: 'generate-induction', 'aria-labelledby': 'generate-induction-title' },
      element('h3', { id: 'generate-induction-title', textContent: inductionText.title() }),
      element('p', { className: 'hint', textContent: inductionText.introduction() }),
      element('div', { className: 'buttons' }, this.buttons[2], this.buttons[1]),
      this.progress,
      element('div', { className: 'maps-row charts' }, this.lossChart.element, this.headChart.element),
      this.circuit,
    );
    this.#render();
  }

  /** Starts the experiment of `layers` layers, or stops it (after its current 100 steps) if it is the one running. */
  async #toggle(layers) {
    if (this.layers !== null) {
      if (this.layers === layers) this.stopAsked = true;
      return;
    }
    this.layers = layers;
    this.stopAsked = false;
    this.rows = [];
    this.#render();
    try {
      this.rows.push(await this.session.ask('startInduction', layers));
      this.#render();
      while (!this.stopAsked && this.rows.at(-1).step < this.rows.at(-1).steps) {
        this.rows.push(await this.session.ask('advanceInduction', measureEvery));
        this.#render();
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.layers = null;
      this.#render();
    }
  }

  #render() {
    const { layers, rows } = this;
    for (const count of [1, 2]) {
      this.buttons[count].textContent = layers === count ? inductionText.stop() : inductionText.train(count);
      this.buttons[count].disabled = layers !== null && layers !== count;
    }
    const last = rows.at(-1);
    this.progress.textContent = inductionText.progress(last, layers);
    const xMax = last?.steps ?? 1500;
    /** @param {(row: object) => number} pick @returns {[number, number][]} */
    const points = (pick) => rows.map((row) => [row.step, pick(row)]);
    this.lossChart.update({
      xMax,
      series: [
        { name: inductionText.firstHalf(), points: points((r) => r.firstHalfBits), className: 'current alignment' },
        { name: inductionText.repeat(), points: points((r) => r.repeatBits), className: 'current' },
      ],
      summary: inductionText.lossSummary(last),
    });
    this.headChart.update({
      xMax,
      series: [
        {
          name: inductionText.previousToken(),
          points: points((r) => bestHead(r.previousToken, 0).score),
          className: 'current alignment',
        },
        {
          name: inductionText.prefixMatching(),
          points: points((r) => bestHead(r.prefixMatching, r.prefixMatching.length - 1).score),
          className: 'current',
        },
      ],
      summary: inductionText.headSummary(last),
    });
    this.circuit.textContent = inductionText.circuit(last);
    this.element.dataset.step = String(last?.step ?? 0);
    this.element.dataset.running = layers === null ? '' : String(layers);
  }
}
