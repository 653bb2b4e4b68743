// Lesson 7's "Sharing keys and values" (Shazeer 2019, multi-query; Ainslie et al. 2023, grouped-query): which
// query heads read which key/value head, drawn for a chosen count, and the shipped model's width with 8 heads
// trained four times (8, 4, 2 and 1 key/value heads) on a language pair, compared on held-out exact match,
// alignment, parameters, the decoder's key/value cache per token and training speed. Training and scoring are
// the module's (createTrainer and evaluate), run by the host in a worker (the page's: kv-heads-worker.js); a host
// without one (an element on someone's page) shows the picture and points to the playground for the training.
import { button, controlsRow, element, explainedSection, fieldset, labelled, select } from '../../common/controls.js';
import { formatCount, formatPercent } from '../../common/format.js';
import { headSharingText, kvHeadsOptionText } from '../../common/head-labels.js';
import { kvHeadsSetup } from './kv-heads-setup.js';
import { t } from '../../i18n/messages.js';

const { heads } = kvHeadsSetup.model;

export class KvHeadsExperiment {
  /**
   * @param {{ kvHeads: number, onChange: (changes: { kvHeads: number }) => void,
   *           trainModel?: (options: { task: string, kvHeads: number }) => Promise<object>,
   *           onResults?: (results: object[]) => void, settling?: import('../../common/settled.js').Settling }} options
   *   `trainModel`: trains and scores one model off the page's thread (kv-heads-setup.js's runKvHeads); `settling`:
   *   the lesson's, busy while the four models train
   */
  constructor({ kvHeads, onChange, trainModel, onResults = () => {}, settling }) {
    this.trainModel = trainModel;
    this.settling = settling;
    this.onResults = onResults;
    this.results = null; // the last finished experiment's rows
    this.task = 'en-es';
    this.kvHeadsSelect = select(
      'kv-heads-shown',
      kvHeadsSetup.kvHeadCounts.map((n) => [n, kvHeadsOptionText(n, heads)]),
      (value) => onChange({ kvHeads: Number(value) }),
    );
    this.diagram = element('div', { className: 'kv-diagram', id: 'kv-heads-diagram', role: 'img' });
    this.sharing = element('p', { className: 'hint', id: 'kv-heads-sharing' });
    this.taskSelect = select(
      'kv-heads-task',
      [
        ['en-es', t('lessons.widgets.kvHeads.taskEs')],
        ['en-ja', t('lessons.widgets.kvHeads.taskJa')],
      ],
      (value) => (this.task = value),
    );
    this.runButton = button(t('lessons.widgets.kvHeads.run'), () => void this.run(), { id: 'kv-heads-run' });
    this.status = element('p', { id: 'kv-heads-status', className: 'hint', 'aria-live': 'polite' });
    this.table = element('table', { id: 'kv-heads-table', className: 'numbers-table' });
    this.tableBox = element(
      'div',
      { className: 'table-scroll', tabIndex: 0, role: 'region', 'aria-labelledby': 'kv-heads-title', hidden: true },
      this.table,
    );
    this.element = explainedSection(
      {
        id: 'kv-heads',
        title: t('lessons.widgets.kvHeads.title'),
        heading: 'h4',
        hint: t('lessons.widgets.kvHeads.hint', { heads, width: kvHeadsSetup.model.dModel / heads }),
      },
      controlsRow(
        fieldset(
          t('lessons.widgets.kvHeads.shareLegend'),
          labelled(t('lessons.widgets.kvHeads.kvLabel'), this.kvHeadsSelect),
        ),
      ),
      this.diagram,
      this.sharing,
      trainModel
        ? controlsRow(
            fieldset(
              t('lessons.widgets.kvHeads.experiment'),
              labelled(t('lessons.widgets.kvHeads.task'), this.taskSelect),
              element('div', { className: 'buttons' }, this.runButton),
            ),
          )
        : element('p', {
            className: 'hint',
            textContent: t('lessons.widgets.kvHeads.elsewhere'),
          }),
      this.status,
      this.tableBox,
    );
    this.show(kvHeads);
  }

  /** The query heads over the key/value heads they read: each K/V box spans its group. */
  show(kvHeads) {
    this.kvHeadsSelect.value = String(kvHeads);
    const group = heads / kvHeads;
    const query = Array.from({ length: heads }, (_, h) =>
      element('span', { className: 'kv-box query', textContent: `Q${h + 1}` }),
    );
    const shared = Array.from({ length: kvHeads }, (_, g) => {
      const box = element('span', { className: 'kv-box shared', textContent: `K/V ${g + 1}` });
      box.style.gridColumn = `span ${group}`; // under the query heads that read it
      return box;
    });
    this.diagram.replaceChildren(...query, ...shared);
    this.diagram.setAttribute('aria-label', t('lessons.widgets.kvHeads.diagram', { heads, kvHeads, group }));
    const sharing = headSharingText({ heads, kvHeads }) || t('lessons.widgets.kvHeads.own', { heads });
    this.sharing.textContent = t(
      kvHeads === heads ? 'lessons.widgets.kvHeads.cacheAll' : 'lessons.widgets.kvHeads.cachePart',
      { sharing, kvHeads, heads, group },
    );
  }

  /** Trains the four models one after another, adding each row as it finishes. */
  async run() {
    const settled = this.settling?.begin();
    this.runButton.disabled = true;
    this.taskSelect.disabled = true;
    const task = this.task;
    const results = [];
    try {
      for (const kvHeads of kvHeadsSetup.kvHeadCounts) {
        this.status.textContent = t('lessons.widgets.kvHeads.training', {
          kvHeads,
          number: results.length + 1,
          count: kvHeadsSetup.kvHeadCounts.length,
        });
        results.push(await this.trainModel({ task, kvHeads }));
        this.#draw(task, results);
      }
      this.status.textContent = this.#summary(task, results);
      this.results = results;
      this.onResults(results);
    } catch (error) {
      this.status.textContent = t('lessons.widgets.kvHeads.stopped', { message: error.message });
    } finally {
      this.runButton.disabled = false;
      this.taskSelect.disabled = false;
      settled?.();
    }
  }

  #draw(task, results) {
    const columns = [
      t('lessons.widgets.kvHeads.column.kvHeads'),
      t('lessons.widgets.kvHeads.column.parameters'),
      t('lessons.widgets.kvHeads.column.exact'),
      t('lessons.widgets.kvHeads.column.alignment'),
      t('lessons.widgets.kvHeads.column.cache'),
      t('lessons.widgets.kvHeads.column.speed'),
    ];
    const rows = results.map((r) =>
      element(
        'tr',
        { dataset: { kvHeads: String(r.kvHeads) } },
        element('th', { scope: 'row', textContent: kvHeadsOptionText(r.kvHeads, heads) }),
        ...[
          formatCount(r.parameters),
          t('lessons.widgets.kvHeads.exactOf', { exact: String(r.exact), total: String(r.total) }),
          formatPercent(r.alignment),
          t('lessons.widgets.kvHeads.bytes', { bytes: String(r.cacheBytesPerToken) }),
          formatCount(Math.round(r.stepsPerSecond)),
        ].map((text) => element('td', { textContent: text })),
      ),
    );
    this.table.replaceChildren(
      element('caption', {
        textContent: t('lessons.widgets.kvHeads.caption', {
          task,
          heads,
          steps: String(kvHeadsSetup.steps), // the run's (600), not the library's default
          count: String(kvHeadsSetup.count),
        }),
      }),
      element('thead', {}, element('tr', {}, ...columns.map((c) => element('th', { scope: 'col', textContent: c })))),
      element('tbody', {}, ...rows),
    );
    this.tableBox.hidden = false;
  }

  /** What sharing cost, in words: multi-query against one key/value head per query head. */
  #summary(task, results) {
    const full = results.find((r) => r.kvHeads === heads);
    const one = results.find((r) => r.kvHeads === 1);
    const points = Math.round((100 * (full.exact - one.exact)) / full.total);
    // Both scores, then the drop they make: what was measured, not a verdict on it.
    const change =
      points > 0
        ? t('lessons.widgets.kvHeads.drop', { points })
        : points < 0
          ? t('lessons.widgets.kvHeads.gain', { points: -points })
          : t('lessons.widgets.kvHeads.noChange');
    return t('lessons.widgets.kvHeads.done', {
      task,
      heads,
      one: String(one.cacheBytesPerToken),
      full: String(full.cacheBytesPerToken),
      fullExact: String(full.exact),
      oneExact: String(one.exact),
      total: String(full.total),
      change,
    });
  }
}
