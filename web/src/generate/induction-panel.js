// "Induction heads form" (Olsson et al. 2022), live: an attention-only model trained in the Generate view's worker
// on random strings each repeated (web/lib's inductionExperiment), measured every 100 steps (inductionScores): the
// loss on each half of strings it never saw, layer 1's best previous-token head and the last layer's best
// prefix-matching head, and which heads they are. Two layers can form the circuit; the one-layer control cannot: each
// keeps its measurements, so the two are drawn on the same charts (the control in grey) and said side by side.
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
    this.lastLayers = null; // the experiment started last, which the progress line is about
    this.stopAsked = false;
    this.rows = { 2: [], 1: [] }; // each experiment's measurements so far (a new run of one replaces only its own)
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
    this.control = element('p', { id: 'induction-control' });
    this.element = element(
      'section',
      { id: 'generate-induction', className: 'generate-induction', 'aria-labelledby': 'generate-induction-title' },
      element('h3', { id: 'generate-induction-title', textContent: inductionText.title() }),
      element('p', { className: 'hint', textContent: inductionText.introduction() }),
      element('div', { className: 'buttons' }, this.buttons[2], this.buttons[1]),
      this.progress,
      element('div', { className: 'maps-row charts' }, this.lossChart.element, this.headChart.element),
      this.circuit,
      this.control,
    );
    this.#render();
  }

  /** Starts the experiment of `layers` layers, or stops it (after its current 100 steps) if it is the one running. */
  async #toggle(layers) {
    if (this.layers !== null) {
      if (this.layers === layers) this.stopAsked = true;
      return;
    }
    this.layers = this.lastLayers = layers;
    this.stopAsked = false;
    const rows = (this.rows[layers] = []);
    this.#render();
    try {
      rows.push(await this.session.ask('startInduction', layers, this.session.trainingThreads()));
      this.#render();
      while (!this.stopAsked && rows.at(-1).step < rows.at(-1).steps) {
        rows.push(await this.session.ask('advanceInduction', measureEvery));
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
    const shown = this.lastLayers;
    this.progress.textContent = inductionText.progress(
      shown && { layers: shown, rows: rows[shown], running: layers === shown },
    );
    const xMax = Math.max(1500, ...[1, 2].map((count) => rows[count].at(-1)?.steps ?? 0));
    /** Each run's line of `pick`: the 2-layer run in colour, the control in grey. @returns {object[]} */
    const lines = (name, pick, alignment) =>
      [2, 1]
        .filter((count) => rows[count].length > 0)
        .map((count) => ({
          name: inductionText.seriesOf(count, name),
          points: rows[count].map((row) => /** @type {[number, number]} */ ([row.step, pick(row)])),
          className: `${count === 2 ? 'current' : 'previous'}${alignment ? ' alignment' : ''}`,
        }));
    const said = (summary) =>
      [2, 1]
        .map((count) => summary(count, rows[count].at(-1)))
        .filter(Boolean)
        .join(' ');
    this.lossChart.update({
      xMax,
      series: [
        ...lines(inductionText.firstHalf(), (r) => r.firstHalfBits, true),
        ...lines(inductionText.repeat(), (r) => r.repeatBits, false),
      ],
      summary: said(inductionText.lossSummary),
    });
    this.headChart.update({
      xMax,
      series: [
        ...lines(inductionText.previousToken(), (r) => bestHead(r.previousToken, 0).score, true),
        ...lines(
          inductionText.prefixMatching(),
          (r) => bestHead(r.prefixMatching, r.prefixMatching.length - 1).score,
          false,
        ),
      ],
      summary: said(inductionText.headSummary),
    });
    this.circuit.textContent = inductionText.circuit(rows[2].at(-1));
    this.control.textContent = inductionText.circuit(rows[1].at(-1));
    const last = shown ? rows[shown].at(-1) : undefined;
    this.element.dataset.step = String(last?.step ?? 0);
    this.element.dataset.running = layers === null ? '' : String(layers);
  }
}
