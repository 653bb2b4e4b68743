// The probe: a sentence the model answers as it trains, its output words, its cross-attention map (with the true
// alignment ringed) at the layer and head chosen, and the same map as small snapshots at fixed points of the run.
// Its own file because it is the view's drawing: each update draws in tasks of its own, after the run's numbers.
import { element, hasFocus, labelled, select, setOptions } from '../common/controls.js';
import { formatWeight } from '../common/format.js';
import { whenIdle } from '../common/next-task.js';
import { crossAttentionMap, drawingInSlices, Heatmap } from '../drawing/heatmap.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { headName } from '../common/head-labels.js';
import { t } from '../i18n/messages.js';
import { alignmentAgreement, alignmentCells, pickMap, upToStep } from '../translation/translation-maps.js';
import { effectiveHeads, effectiveKvHeads, formatShare, isLanguageTask, snapshotSteps } from './train-state.js';

export class ProbePanel {
  /**
   * @param {{ onChange: (changes: object) => void, onProbe: (probe: string) => void }} options  onChange: another
   *   layer or head shown; onProbe: the person asked for another probe sentence
   */
  constructor({ onChange, onProbe }) {
    this.state = null; // the view's state, run and previous run as last rendered: what the next drawing shows
    this.run = null;
    this.previous = null;
    this.pending = new Set(); // the drawings waiting for their task (#later)
    // The width the map may use, kept up to date by the view without reading layout while drawing (a forced
    // layout in every update would cost the main thread tens of milliseconds).
    this.width = 900;
    this.map = new Heatmap({ id: 'train-probe-map', title: t('train.probe.mapTitle'), ...crossAttentionMap });
    this.probeInput = element('input', {
      type: 'text',
      id: 'train-probe',
      autocomplete: 'off',
      spellcheck: false,
      maxLength: 200,
    });
    const form = element(
      'form',
      { className: 'sentence-form probe-form' },
      labelled(t('train.probe.input'), this.probeInput),
      element('button', { type: 'submit', textContent: t('train.probe.button') }),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      onProbe(this.probeInput.value);
    });
    this.layerSelect = select('train-layer', [], (v) => onChange({ layer: Number(v) }));
    this.headSelect = select('train-head', [], (v) => onChange({ head: v === 'average' ? 'average' : Number(v) }));
    // The model's words, not the page's: translate="no" (a browser's translator leaves them as written).
    this.output = element('p', { id: 'probe-output', className: 'translation-output', translate: false });
    this.note = element('p', { className: 'hint' });
    this.snapshotStrip = element('ol', {
      className: 'snapshot-strip',
      id: 'snapshots',
      'aria-label': t('train.probe.snapshotsLabel'),
    });
    this.element = element(
      'section',
      { 'aria-labelledby': 'probe-title' },
      element('h3', { id: 'probe-title', textContent: t('train.probe.title') }),
      element(
        'div',
        { className: 'probe-controls' },
        form,
        element(
          'div',
          { className: 'inline' },
          labelled(t('train.probe.layer'), this.layerSelect),
          labelled(t('train.probe.head'), this.headSelect),
        ),
      ),
      this.output,
      this.note,
      this.map.element,
      element('h4', { textContent: t('train.probe.snapshots') }),
      this.snapshotStrip,
    );
  }

  /**
   * The probe's sentence at once; its words, numbers and maps in tasks of their own, so that each update stays
   * well under the 50 ms that makes a page feel stuck: the words and numbers in one task, the picture in the next
   * (drawingInSlices), the snapshots in a third.
   * @param {object} state  the view's state
   * @param {object | null} run  the current run
   * @param {object | null} previous  the last finished run: its snapshots stay until a new run has its own
   */
  render(state, run, previous) {
    this.state = state;
    this.run = run;
    this.previous = previous;
    if (!hasFocus(this.probeInput)) this.probeInput.value = state.probe;
    this.#later('probe', () => drawingInSlices(() => this.#renderProbe()));
    this.#later('snapshots', () => this.#renderSnapshots());
  }

  /** The view's new width: the map is drawn again to fit it. */
  setWidth(width) {
    if (width === this.width) return; // the view grows taller as maps arrive: only its width matters here
    this.width = width;
    if (this.run?.probe) this.#later('probe', () => this.#renderProbe());
  }

  /**
   * The first canvas text and context of a page cost tens of milliseconds (fonts, context set-up): paid while the
   * page is idle once the person turns to the view, so the first map drawn during training does not hold up the
   * main thread (and not while the page loads, where a phone has other work).
   */
  warmUp() {
    whenIdle(() => {
      this.map.update({
        matrix: { data: new Float32Array(1), rows: 1, cols: 1 },
        digits: 4,
        formatCell: formatWeight,
        rowLabels: ['el'],
        colLabels: ['the'],
        maxWidth: 560,
      });
      drawSmallMap(element('canvas'), { data: new Float32Array(1), rows: 1, cols: 1 }, 6);
    });
  }

  /** Runs `draw` in a task of its own, once however often it is asked for before that task runs. */
  #later(name, draw) {
    if (this.pending.has(name)) return;
    this.pending.add(name);
    setTimeout(() => {
      this.pending.delete(name);
      draw();
    });
  }

  /** The run's query and key/value heads (before a run: the state's). */
  #headShape() {
    const model = this.run?.options.model;
    return model
      ? { heads: model.heads, kvHeads: model.kvHeads }
      : { heads: effectiveHeads(this.state), kvHeads: effectiveKvHeads(this.state) };
  }

  /** The map of the layer and head chosen (the average where the probe's model has no such head), and its name. */
  #shownMap(probe) {
    const layers = probe.crossAttention.length,
      heads = probe.crossAttention[0].length;
    const layer = Math.min(this.state.layer, layers - 1);
    const head = this.state.head === 'average' || this.state.head >= heads ? 'average' : this.state.head;
    return {
      matrix: pickMap(probe.crossAttention, layer, head),
      name: t('train.probe.mapName', {
        layer: layer + 1,
        head: head === 'average' ? t('train.probe.average') : headName(head, this.#headShape()),
      }),
    };
  }

  #renderProbe() {
    const { run, state } = this;
    const layers = run?.options.model.decoderLayers ?? state.decoderLayers;
    const shape = this.#headShape();
    setSelectOptions(
      this.layerSelect,
      Array.from({ length: layers }, (_, l) => [l, t('train.probe.layerOption', { layer: l + 1 })]),
      state.layer,
    );
    setSelectOptions(
      this.headSelect,
      [
        ...Array.from({ length: shape.heads }, (_, h) => [h, headName(h, shape)]),
        ['average', t('train.probe.average')],
      ],
      state.head,
    );
    const probe = run?.probe;
    this.map.element.hidden = !probe || Boolean(probe.error);
    if (!probe) {
      this.output.replaceChildren();
      this.note.textContent = t('train.probe.before');
      return;
    }
    if (probe.error) {
      this.output.replaceChildren();
      this.note.textContent = probe.error.replace(/^translate: /, '');
      return;
    }
    this.output.replaceChildren(
      ...probe.target.map((word) => element('span', { className: 'token', textContent: word })),
    );
    const { matrix, name } = this.#shownMap(probe);
    const rows = shownRows(probe);
    const marks = alignmentCells(probe.alignment, rows);
    const agreement = alignmentAgreement(upToStep(matrix, rows - 1), marks);
    // What the probe is compared with: a language pair's grammar, a pasted pair, or a sequence task.
    const kind = isLanguageTask(run.task) ? 'grammar' : run.task === 'pairs' ? 'pairs' : 'task';
    const rings = agreement === null ? '' : ` ${t('train.probe.rings', { agreement: formatShare(agreement) })}`;
    this.note.textContent = probe.alignment?.matchesModel
      ? t('train.probe.matches', { kind, rings })
      : probe.alignment
        ? t('train.probe.notYet', { kind, answer: probe.alignment.target.join(' ') })
        : t('train.probe.noAnswer', { kind });
    const cut = probe.target.length - rows;
    const title = cut
      ? t('train.probe.mapAtStepCut', { step: run.step, name, rows, cut })
      : t('train.probe.mapAtStep', { step: run.step, name });
    this.map.title = title;
    this.map.element.querySelector('.heatmap-title').textContent = title;
    this.map.update({
      matrix: upToStep(matrix, rows - 1),
      digits: 4,
      formatCell: formatWeight,
      rowLabels: probe.target.slice(0, rows),
      colLabels: probe.source,
      marks,
      markName: t('train.probe.trueAlignment'),
      maxWidth: Math.min(this.width, 560),
    });
  }

  #renderSnapshots() {
    const run = this.run ?? this.previous;
    const steps = run ? run.snapshotSteps : snapshotSteps(this.state.steps);
    const key = JSON.stringify([
      steps,
      [...(run?.snapshots.keys() ?? [])],
      this.state.layer,
      this.state.head,
      run?.options,
    ]);
    if (this.snapshotStrip.dataset.key === key) return; // redraw only when a snapshot or the map choice changed
    this.snapshotStrip.dataset.key = key;
    this.snapshotStrip.replaceChildren(
      ...steps.map((step) => {
        const probe = run?.snapshots.get(step);
        const label = run
          ? t('train.probe.snapshotShare', { step, share: formatShare(step / run.steps) })
          : t('train.probe.snapshotStep', { step });
        const item = element('li', { className: 'snapshot' });
        item.dataset.step = String(step);
        if (probe && !probe.error) {
          const canvas = element('canvas', { role: 'img', 'aria-label': t('train.probe.snapshotMap', { label }) });
          drawSmallMap(canvas, upToStep(this.#shownMap(probe).matrix, shownRows(probe) - 1), 6);
          item.append(canvas);
        } else {
          item.append(
            element('span', { className: 'snapshot-empty', textContent: probe ? t('train.probe.noMap') : '…' }),
          );
        }
        item.append(element('span', { className: 'snapshot-label', textContent: label }));
        return item;
      }),
    );
  }
}

// An untrained model rambles up to the longest output it may write; a map needs only the rows a translation
// could use: the source's length and a few more.
function shownRows(probe) {
  return Math.min(probe.target.length, probe.source.length + 3);
}

function setSelectOptions(node, options, value) {
  setOptions(node, options);
  node.value = String(value);
}
