// Lesson 7's "Sharing keys and values" (Shazeer 2019, multi-query; Ainslie et al. 2023, grouped-query): which
// query heads read which key/value head, drawn for a chosen count, and the shipped model's width with 8 heads
// trained four times (8, 4, 2 and 1 key/value heads) on a language pair, compared on held-out exact match,
// alignment, parameters, the decoder's key/value cache per token and training speed. Training and scoring are
// the module's (createTrainer and evaluate), run by the host in a worker (the page's: kv-heads-worker.js); a host
// without one (an element on someone's page) shows the picture and points to the playground for the training.
import { trainerDefaults } from '../../../lib/index.js';
import { button, controlsRow, element, explainedSection, fieldset, labelled, select } from '../../common/controls.js';
import { formatCount } from '../../common/format.js';
import { headSharingText, kvHeadsOptionText } from '../../translation/head-names.js';
import { kvHeadsSetup } from './kv-heads-setup.js';

const { heads } = kvHeadsSetup.model;
const percent = (share) => `${(100 * share).toFixed(0)}%`;

export class KvHeadsExperiment {
  /**
   * @param {{ kvHeads: number, onChange: (changes: { kvHeads: number }) => void,
   *           trainModel?: (options: { task: string, kvHeads: number }) => Promise<object>,
   *           onResults?: (results: object[]) => void }} options
   *   `trainModel`: trains and scores one model off the page's thread (kv-heads-setup.js's runKvHeads)
   */
  constructor({ kvHeads, onChange, trainModel, onResults = () => {} }) {
    this.trainModel = trainModel;
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
        ['en-es', 'English → Spanish'],
        ['en-ja', 'English → Japanese'],
      ],
      (value) => (this.task = value),
    );
    this.runButton = button('Train the four and compare', () => void this.run(), { id: 'kv-heads-run' });
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
        title: 'Sharing keys and values: multi-query and grouped-query attention',
        heading: 'h4',
        hint: `A decoder writing word after word keeps every earlier word's keys and values (its cache), so each new word costs one row instead of all of them again. With a key/value head per query head that cache is 2 × layers × D numbers per word. Multi-query attention (Shazeer 2019) lets all the query heads read one key/value head; grouped-query attention (Ainslie et al. 2023) one per group. The cache shrinks by the same factor; does the model lose anything? Below, ${heads} query heads of width ${kvHeadsSetup.model.dModel / heads}, then four models trained to find out.`,
      },
      controlsRow(fieldset('Which heads share', labelled('key/value heads', this.kvHeadsSelect))),
      this.diagram,
      this.sharing,
      trainModel
        ? controlsRow(
            fieldset(
              'The experiment',
              labelled('task', this.taskSelect),
              element('div', { className: 'buttons' }, this.runButton),
            ),
          )
        : element('p', {
            className: 'hint',
            textContent:
              'The attention playground’s Lessons view trains the four (8, 4, 2 and 1 key/value heads) side by side.',
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
    this.diagram.setAttribute(
      'aria-label',
      `${heads} query heads above ${kvHeads} key/value head${kvHeads > 1 ? 's' : ''}, each under the ${group} query head${group > 1 ? 's' : ''} that read it`,
    );
    this.sharing.textContent = `${headSharingText({ heads, kvHeads }) || `Each of the ${heads} heads has its own keys and values (the original transformer).`} The cache holds ${kvHeads} of ${heads} heads' keys and values: ${kvHeads === heads ? 'all of them' : `1/${group} of them`}.`;
  }

  /** Trains the four models one after another, adding each row as it finishes. */
  async run() {
    this.runButton.disabled = true;
    this.taskSelect.disabled = true;
    const task = this.task;
    const results = [];
    try {
      for (const kvHeads of kvHeadsSetup.kvHeadCounts) {
        this.status.textContent = `Training with ${kvHeads} key/value head${kvHeads > 1 ? 's' : ''} (${results.length + 1} of ${kvHeadsSetup.kvHeadCounts.length})…`;
        results.push(await this.trainModel({ task, kvHeads }));
        this.#draw(task, results);
      }
      this.status.textContent = this.#summary(task, results);
      this.results = results;
      this.onResults(results);
    } catch (error) {
      this.status.textContent = `The experiment stopped: ${error.message}`;
    } finally {
      this.runButton.disabled = false;
      this.taskSelect.disabled = false;
    }
  }

  #draw(task, results) {
    const columns = [
      'key/value heads',
      'parameters',
      'held-out exact',
      'best head alignment',
      'cache per word',
      'steps/s',
    ];
    const rows = results.map((r) =>
      element(
        'tr',
        { dataset: { kvHeads: String(r.kvHeads) } },
        element('th', { scope: 'row', textContent: kvHeadsOptionText(r.kvHeads, heads) }),
        ...[
          formatCount(r.parameters),
          `${r.exact} of ${r.total}`,
          percent(r.alignment),
          `${r.cacheBytesPerToken} bytes`,
          r.stepsPerSecond.toFixed(0),
        ].map((text) => element('td', { textContent: text })),
      ),
    );
    this.table.replaceChildren(
      element('caption', {
        textContent: `${task}: ${heads} query heads, trained ${trainerDefaults.steps} steps each; ${kvHeadsSetup.count} held-out sentences`,
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
        ? `a drop of ${points} point${points > 1 ? 's' : ''}`
        : points < 0
          ? `a gain of ${-points} point${points < -1 ? 's' : ''}`
          : 'no change';
    return `Done (${task}). One key/value head keeps 1/${heads} of the cache (${one.cacheBytesPerToken} instead of ${full.cacheBytesPerToken} bytes per word); held-out exact match goes from ${full.exact} to ${one.exact} of ${full.total}, ${change}.`;
  }
}
