// "Positions that extrapolate" (Press et al. 2022, ALiBi; Su et al. 2021, RoPE; Kazemnejad et al. 2023, NoPE):
// the same sequence task trained four times, once per position scheme, on lengths 1 to 8, then asked about
// lengths 1 to 16. The chart and the table show exact match by length, the trained range marked. Training and
// scoring are the module's (createTrainer and evaluateLengths, in a worker of its own); this only asks and draws.
import { WorkerConnection, wholeModelCalls } from '../../common/worker-connection.js';
import { button, controlsRow, element, explainedSection, fieldset, labelled, select } from '../../common/controls.js';
import { LineChart } from '../../drawing/line-chart.js';
import { exactShare, extrapolationSetup, positionSchemes } from './extrapolation-setup.js';
import workerUrl from './extrapolation-worker.js?worker&url';
import { t } from '../../i18n/messages.js';

/** A position scheme's name on the page (RoPE and ALiBi are names; sinusoidal and none are words). */
const schemeName = (positions) => t('train.extrapolation.scheme', { positions });

const percent = (row) => (row.total ? Math.round((100 * row.exact) / row.total) : 0);

export class ExtrapolationExperiment {
  /** @param {{ settling?: import('../../common/settled.js').Settling }} [options]  the view's, busy while it trains */
  constructor({ settling } = {}) {
    this.settling = settling;
    this.worker = new WorkerConnection({ script: workerUrl, ...wholeModelCalls }); // started on the first run
    this.task = 'copy';
    this.taskSelect = select(
      'extrapolation-task',
      [
        ['copy', t('train.extrapolation.copy')],
        ['reverse', t('train.extrapolation.reverse')],
      ],
      (value) => (this.task = value),
    );
    this.runButton = button(t('train.extrapolation.run'), () => void this.run(), { id: 'extrapolation-run' });
    this.status = element('p', { id: 'extrapolation-status', className: 'hint', 'aria-live': 'polite' });
    this.chart = new LineChart({
      id: 'extrapolation-chart',
      title: t('train.extrapolation.chartTitle', { trainedUpTo: extrapolationSetup.trainedUpTo }),
      yLabel: t('train.extrapolation.exactAxis'),
      yDomain: [0, 1],
      formatTick: (y) => `${Math.round(y * 100)}%`,
      xLabel: t('train.extrapolation.lengthAxis'),
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
        title: t('train.extrapolation.title'),
        hint: t('train.extrapolation.hint', {
          steps: extrapolationSetup.steps,
          trainedUpTo: extrapolationSetup.trainedUpTo,
          longest: extrapolationSetup.longest,
        }),
      },
      controlsRow(
        fieldset(
          t('train.extrapolation.experiment'),
          labelled(t('train.extrapolation.task'), this.taskSelect),
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
    const settled = this.settling?.begin();
    this.runButton.disabled = true;
    this.taskSelect.disabled = true;
    const task = this.task;
    const results = [];
    try {
      for (const [positions] of positionSchemes) {
        const name = schemeName(positions);
        this.status.textContent = t('train.extrapolation.training', {
          name,
          number: results.length + 1,
          count: positionSchemes.length,
        });
        const lengths = await this.worker.ask('run', { task, positions, ...extrapolationSetup });
        results.push({ positions, name, lengths });
        this.#draw(task, results);
      }
      this.status.textContent = this.#summary(task, results);
    } catch (error) {
      this.worker.dropAfter(error);
      this.status.textContent = t('train.extrapolation.stopped', { message: error.message });
    } finally {
      this.runButton.disabled = false;
      this.taskSelect.disabled = false;
      settled?.();
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
      element('th', { scope: 'col', textContent: t('train.extrapolation.lengthColumn', { task }) }),
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
        textContent: t('train.extrapolation.caption', { trainedUpTo }),
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
    const shares = past.map((p) =>
      t('train.extrapolation.share', { name: p.name, percent: Math.round(p.share * 100) }),
    );
    return t('train.extrapolation.done', {
      task,
      trainedUpTo,
      shares: shares.join(t('heads.list.separator')),
      best: best.name,
    });
  }
}
