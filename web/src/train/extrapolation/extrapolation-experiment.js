// "Positions that extrapolate" (Press et al. 2022, ALiBi; Su et al. 2021, RoPE; Kazemnejad et al. 2023, NoPE):
// the same sequence task trained four times, once per position scheme, on lengths 1 to 8, then asked about
// lengths 1 to 16. The chart and the table show exact match by length, the trained range marked. Training and
// scoring are the module's (createTrainer and evaluateLengths, in a worker of its own); this only asks and draws.
import * as Comlink from 'comlink';
import { startWorker } from '../../../lib/index.js';
import { button, controlsRow, element, explainedSection, fieldset, labelled, select } from '../../common/controls.js';
import { LineChart } from '../../drawing/line-chart.js';
import { exactShare, extrapolationSetup, positionSchemes } from './extrapolation-setup.js';
import workerUrl from './extrapolation-worker.js?worker&url';

const percent = (row) => (row.total ? Math.round((100 * row.exact) / row.total) : 0);

export class ExtrapolationExperiment {
  constructor() {
    this.session = null; // the worker, started on the first run
    this.task = 'copy';
    this.taskSelect = select(
      'extrapolation-task',
      [
        ['copy', 'copy (skip the # distractors)'],
        ['reverse', 'reverse'],
      ],
      (value) => (this.task = value),
    );
    this.runButton = button('Train the four and compare', () => void this.run(), { id: 'extrapolation-run' });
    this.status = element('p', { id: 'extrapolation-status', className: 'hint', 'aria-live': 'polite' });
    this.chart = new LineChart({
      id: 'extrapolation-chart',
      title: `Held-out exact match by sequence length (trained on lengths 1 to ${extrapolationSetup.trainedUpTo})`,
      yLabel: 'exact match',
      yDomain: [0, 1],
      formatTick: (y) => `${Math.round(y * 100)}%`,
      xLabel: 'sequence length',
    });
    this.chart.element.hidden = true;
    this.table = element('table', { id: 'extrapolation-table', className: 'numbers-table' });
    this.tableBox = element(
      'div',
      {
        className: 'table-scroll',
        tabIndex: 0,
        role: 'region',
        'aria-labelledby': 'extrapolation-title',
        hidden: true,
      },
      this.table,
    );
    this.element = explainedSection(
      {
        id: 'extrapolation',
        title: 'Positions that extrapolate',
        hint: `Four models of one sequence task, the same in all but how they see positions: sinusoids added to the word embeddings (the original transformer's), none at all, RoPE (queries and keys turned by an angle that grows with position, so a score depends only on how far apart two words are) and ALiBi (every score lowered in proportion to that distance). Each trains ${extrapolationSetup.steps} steps on sequences of 1 to ${extrapolationSetup.trainedUpTo} symbols and is then asked about sequences of up to ${extrapolationSetup.longest}. Press et al. (2022) found ALiBi keeps working past its training length where sinusoids fail at once.`,
      },
      controlsRow(
        fieldset(
          'The experiment',
          labelled('task', this.taskSelect),
          element('div', { className: 'buttons' }, this.runButton),
        ),
      ),
      this.status,
      this.chart.element,
      this.tableBox,
    );
  }

  /** Trains the four models one after another, drawing each as it finishes. */
  async run() {
    this.runButton.disabled = true;
    this.taskSelect.disabled = true;
    this.session ??= Comlink.wrap(startWorker(workerUrl, { type: 'module' }));
    const task = this.task;
    const results = [];
    try {
      for (const [positions, name] of positionSchemes) {
        this.status.textContent = `Training with ${name} positions (${results.length + 1} of ${positionSchemes.length})…`;
        const lengths = await this.session.run({ task, positions, ...extrapolationSetup });
        results.push({ positions, name, lengths });
        this.#draw(task, results);
      }
      this.status.textContent = this.#summary(task, results);
    } catch (error) {
      this.status.textContent = `The experiment stopped: ${error.message}`;
    } finally {
      this.runButton.disabled = false;
      this.taskSelect.disabled = false;
    }
  }

  #draw(task, results) {
    const { longest, trainedUpTo } = extrapolationSetup;
    this.chart.element.hidden = false;
    this.chart.update({
      xMax: longest,
      series: results.map(({ positions, name, lengths }) => ({
        name,
        className: `positions-${positions}`,
        points: lengths.map((row) => [row.length, row.total ? row.exact / row.total : 0]),
      })),
      summary: results
        .map(({ name, lengths }) => `${name}: ${lengths.map((row) => `${row.length}: ${percent(row)}%`).join(', ')}`)
        .join('. '),
    });
    const head = element(
      'tr',
      {},
      element('th', { scope: 'col', textContent: `${task}, length` }),
      ...Array.from({ length: longest }, (_, i) =>
        element('th', { scope: 'col', className: i < trainedUpTo ? 'trained' : '', textContent: String(i + 1) }),
      ),
    );
    const rows = results.map(({ name, lengths }) =>
      element(
        'tr',
        {},
        element('th', { scope: 'row', textContent: name }),
        ...lengths.map((row) => element('td', { textContent: `${percent(row)}` })),
      ),
    );
    this.table.replaceChildren(
      element('caption', {
        textContent: `Exact match (%) by length; lengths 1 to ${trainedUpTo} were trained on, the rest never seen`,
      }),
      element('thead', {}, head),
      element('tbody', {}, ...rows),
    );
    this.tableBox.hidden = false;
  }

  /** Which scheme holds up longest past the trained lengths, in words. */
  #summary(task, results) {
    const { trainedUpTo } = extrapolationSetup;
    const past = results.map(({ name, lengths }) => ({
      name,
      share: exactShare(lengths, trainedUpTo + 1, extrapolationSetup.longest),
    }));
    const best = past.reduce((a, b) => (b.share > a.share ? b : a));
    return `Done (${task}). Beyond length ${trainedUpTo}, exact on average: ${past.map((p) => `${p.name} ${Math.round(p.share * 100)}%`).join(', ')}; ${best.name} carries furthest.`;
  }
}
