// "Which heads matter": a switch for every head of every kind of attention (encoder self, decoder self,
// cross), the held-out exact match with the heads that are off, and "Rank the heads": each head's importance
// (the exact matches lost when it alone is off) and, per kind, the greedy pruning curve (held-out exact as
// heads are removed, least important first), the measures of Michel et al. 2019 and Voita et al. 2019.
// The arithmetic is the module's (translate and evaluate with a headMask); this only asks and draws. Its words are
// the `translation` section's messages (headSwitches), read when the section is built and redrawn.
import { button, element, explainedSection } from '../common/controls.js';
import { LineChart } from '../drawing/line-chart.js';
import { t } from '../i18n/messages.js';
import { headScorer, rankHeads } from './head-ranking.js';
import { headId, headKindNames, headKinds } from './translation-state.js';

/** A change in exact matches as shown: −18, +2, 0. */
const signed = (change) => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0');

export const evaluationCount = 100; // held-out sentences per score: a few tens of milliseconds in the worker

export class HeadSwitches {
  /**
   * @param {{ config: { encoderLayers: number, decoderLayers: number, heads: number }, graded: boolean,
   *           onChange: (headsOff: string[]) => void, evaluate: (headMask: object | undefined) => Promise<{ exact: number, total: number }> }} options
   *   graded: the model has held-out sentences to score (a model of the grammar's language pairs)
   */
  constructor({ config, graded, onChange, evaluate }) {
    this.config = config;
    this.graded = graded;
    this.onChange = onChange;
    this.headsOff = [];
    this.score = headScorer(config, evaluate); // each set of heads scored once
    this.importance = null; // head id → exact matches lost when it alone is off, once ranked
    this.switches = new Map(); // head id → its button
    this.names = new Map(); // head id → what it is called ("cross-attention, layer 2, head 4")
    this.built = false;
    this.body = element('div', { className: 'head-switch-body' }); // filled when first shown (#build)
    this.element = explainedSection(
      {
        id: 'head-switches',
        title: t('translation.headSwitches.title'),
        hint: t('translation.headSwitches.hint'),
      },
      this.body,
    );
  }

  /** The switches, their buttons and the chart: made when the section is first shown, not with the view. */
  #build() {
    if (this.built) return;
    this.built = true;
    this.scoreLine = element('p', { id: 'head-mask-score', className: 'hint', 'aria-live': 'polite' });
    this.status = element('p', { id: 'head-ranking-status', className: 'hint', 'aria-live': 'polite' });
    this.chart = new LineChart({
      id: 'head-pruning',
      title: t('translation.headSwitches.chart.title'),
      yLabel: t('translation.headSwitches.chart.yLabel'),
      yDomain: [0, 1],
      formatTick: (y) => `${Math.round(y * 100)}%`,
      xLabel: t('translation.headSwitches.chart.xLabel'),
    });
    this.chart.element.hidden = true;
    const { encoderLayers, decoderLayers } = this.config;
    const tables = Object.keys(headKinds).map((letter) =>
      this.#table(letter, letter === 'e' ? encoderLayers : decoderLayers),
    );
    this.rankButton = this.graded
      ? button(t('translation.headSwitches.rank'), () => this.rank(), { id: 'rank-heads' })
      : null;
    this.body.append(
      element('div', { className: 'head-switch-tables' }, ...tables),
      element(
        'div',
        { className: 'head-switch-actions' },
        button(t('translation.headSwitches.allOn'), () => this.#set([]), { id: 'heads-all-on' }),
        this.rankButton,
      ),
      this.scoreLine,
      this.status,
      this.chart.element,
    );
  }

  #table(letter, layers) {
    const headRow = element('tr', {}, element('th', {}));
    for (let h = 0; h < this.config.heads; h++)
      headRow.append(element('th', { scope: 'col', textContent: t('heads.name.own', { head: h + 1 }) }));
    const rows = Array.from({ length: layers }, (_, l) => {
      const tr = element(
        'tr',
        {},
        element('th', { scope: 'row', textContent: t('translation.controls.layerOption', { layer: l + 1 }) }),
      );
      for (let h = 0; h < this.config.heads; h++) {
        const id = headId(letter, l, h);
        const name = t('translation.headSwitches.name', { kind: headKindNames[letter], layer: l + 1, head: h + 1 });
        // The name is the head and what the switch shows (on or off, and once ranked what it costs alone).
        const toggle = button('', () => this.#toggle(id), { className: 'head-switch', 'aria-pressed': 'true' });
        toggle.append(
          element('span', {
            className: 'visually-hidden',
            textContent: t('translation.headSwitches.switchName', { name }),
          }),
          element('span', { className: 'head-switch-state', textContent: t('translation.headSwitches.on') }),
        );
        this.names.set(id, name);
        toggle.dataset.head = id;
        this.switches.set(id, toggle);
        tr.append(element('td', {}, toggle));
      }
      return tr;
    });
    return element(
      'figure',
      { className: 'head-switch-table' },
      element('figcaption', { textContent: headKindNames[letter] }),
      element('table', {}, element('thead', {}, headRow), element('tbody', {}, ...rows)),
    );
  }

  #toggle(id) {
    this.#set(this.headsOff.includes(id) ? this.headsOff.filter((x) => x !== id) : [...this.headsOff, id].sort());
  }

  #set(headsOff) {
    this.update(headsOff); // at once: the next click, before the translation comes back, starts from this set
    this.onChange(headsOff);
  }

  /** Shows `headsOff` (ids) on the switches and scores that set of heads. */
  update(headsOff) {
    this.#build();
    this.headsOff = headsOff;
    for (const [id, toggle] of this.switches) {
      const on = !headsOff.includes(id);
      toggle.setAttribute('aria-pressed', String(on));
      const lost = this.importance?.get(id);
      toggle.lastChild.textContent =
        lost === undefined
          ? t(on ? 'translation.headSwitches.on' : 'translation.headSwitches.off')
          : t(on ? 'translation.headSwitches.onRanked' : 'translation.headSwitches.offRanked', {
              change: signed(-lost),
            });
    }
    if (this.graded) void this.#showScore(headsOff);
  }

  async #showScore(headsOff) {
    const [all, now] = await Promise.all([this.score([]), this.score(headsOff)]);
    if (headsOff !== this.headsOff) return; // overtaken by another click
    this.scoreLine.textContent =
      headsOff.length === 0
        ? t('translation.headSwitches.scoreAllOn', { exact: all.exact, total: all.total })
        : t('translation.headSwitches.score', {
            count: headsOff.length,
            exact: now.exact,
            total: now.total,
            allOn: all.exact,
          });
  }

  /** Ranks the heads (head-ranking.js), then shows what each costs alone and each kind's pruning curve. */
  async rank() {
    this.rankButton.disabled = true;
    const { all, importance, curves } = await rankHeads(this.config, this.score, (what) => {
      this.status.textContent = t('translation.headSwitches.ranking', { what });
    });
    this.importance = importance;
    this.update(this.headsOff);
    const series = Object.entries(curves).map(([letter, points]) => ({
      name: headKindNames[letter],
      points,
      className: `pruning-${headKinds[letter]}`,
    }));
    this.chart.element.hidden = false;
    this.chart.update({
      xMax: Math.max(...series.map((s) => s.points.length - 1)),
      series,
      summary: series
        .map((s) =>
          t('translation.headSwitches.chart.series', {
            kind: s.name,
            points: s.points
              .map(([n, share]) =>
                t('translation.headSwitches.chart.point', { off: n, percent: Math.round(share * 100) }),
              )
              .join(t('translation.headSwitches.chart.pointSeparator')),
          }),
        )
        .join(t('translation.headSwitches.chart.seriesSeparator')),
    });
    const ids = [...importance.keys()];
    const mostImportant = ids.reduce((best, id) => (importance.get(id) > importance.get(best) ? id : best));
    const removable = ids.filter((id) => importance.get(id) <= 0).length;
    this.status.textContent = t('translation.headSwitches.ranked', {
      total: all.total,
      removable,
      heads: ids.length,
      name: this.names.get(mostImportant),
      change: signed(-importance.get(mostImportant)),
    });
    this.rankButton.disabled = false;
  }
}
