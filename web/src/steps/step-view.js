// "Attention, step by step": the lecture notes' pipeline on editable matrices. Every control redraws every
// stage at once (the first render alone goes a step per task); all arithmetic runs in the wasm module
// (step-compute.js → web/lib).
import { computeStages } from './step-compute.js';
import { watchNearScreen } from '../common/draw-when-visible.js';
import { nextTask, widthInNextFrame } from '../common/next-task.js';
import { button, element, fieldset, hasFocus, labelled, logSlider, select, setOptions } from '../common/controls.js';
import { composeMaps, download, toCSV, toJSON } from './export.js';
import { formatNumber } from '../common/format.js';
import { GraphView } from '../drawing/graph-view.js';
import { Heatmap, partsAtOnce, partsInSlices } from '../drawing/heatmap.js';
import { MatrixEditor } from '../drawing/matrix-editor.js';
import { defaultState, headChoices, kvHeadChoices, limits, resize, scaleValue, shapes } from './step-state.js';

const editorTitles = { x: 'X (inputs)', wq: 'Wq', wk: 'Wk', wv: 'Wv', wo: 'Wo (output projection)' };

export class StepView {
  /**
   * @param {{ api: import('../../lib/index.js').Attention | Promise<import('../../lib/index.js').Attention>
   *           | (() => Promise<import('../../lib/index.js').Attention>),
   *           state: object, notice: string | null, onStateChange: (state: object) => void }} options
   *   `api`: the module, its promise, or a function that loads it (called when the stages are first drawn; the
   *   controls and inputs are shown before)
   */
  constructor({ api, state, notice, onStateChange }) {
    this.api = null; // the stages wait for it; the controls and inputs do not
    this.loadApi = typeof api === 'function' ? api : () => api;
    this.apiReady = null; // asked for when the stages are first drawn
    this.state = state;
    this.onStateChange = onStateChange;
    this.heatmaps = new Map();
    this.editors = new Map();
    this.blocks = new Map(); // a stage's block, kept between drawings
    this.graphView = null; // the weights as a graph, made when first shown
    this.padButton = null;
    this.graphBox = null;
    this.element = element('section', { id: 'step-view', className: 'view', 'aria-labelledby': 'step-view-title' });
    this.notice = element('p', { className: 'notice', role: 'status', hidden: !notice, textContent: notice ?? '' });
    this.errorLine = element('p', { className: 'error', role: 'alert', hidden: true });
    this.inputs = element('div', { className: 'editors' });
    this.stages = element('div', { className: 'stages' });
    this.element.append(
      element('h2', { id: 'step-view-title', textContent: 'Attention, step by step' }),
      this.notice,
      this.#controls(),
      this.errorLine,
      element(
        'section',
        { className: 'inputs-section', 'aria-label': 'Inputs' },
        element('h3', { textContent: 'Inputs: edit any number' }),
        this.inputs,
      ),
      this.stages,
    );
    // The maps' sizes follow the stages' width (read here and before the first render, never during a render,
    // where it would force a layout); their height changes with every render and needs nothing. Until the first
    // render has finished, the observer only notes the width (a redraw then would undo the first render's slices).
    this.stagesWidth = 0;
    this.rendered = false;
    new ResizeObserver(() => {
      const width = Math.round(this.stages.getBoundingClientRect().width); // layout is clean here: no cost
      if (width === this.stagesWidth) return;
      this.stagesWidth = width;
      if (this.rendered) this.render();
    }).observe(this.stages);
  }

  // ---- state changes ----

  set(changes) {
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state);
    this.render();
  }

  resizeTo(changes) {
    this.state = resize(this.state, changes);
    this.onStateChange(this.state);
    this.render();
  }

  // ---- controls ----

  #controls() {
    const sizeField = (key, text, hint) => {
      const input = element('input', {
        type: 'number',
        min: limits.minSize,
        max: limits.maxSize,
        step: 1,
        id: `size-${key}`,
        required: true,
      });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (Number.isInteger(value) && value >= limits.minSize && value <= limits.maxSize)
          this.resizeTo({ [key]: value });
        else input.value = this.state[key];
      });
      this.sizeInputs[key] = input;
      return labelled(text, input, element('small', { textContent: hint }));
    };
    this.sizeInputs = {};
    const sizes = fieldset(
      'Sizes (1 to 16)',
      sizeField('s', 'S', 'sequence length'),
      sizeField('dModel', 'd_model', 'input width'),
      sizeField('dK', 'd_k', 'query/key width'),
      sizeField('dV', 'd_v', 'value width'),
      element(
        'div',
        { className: 'buttons' },
        button('Randomise', () => this.#randomise(), { id: 'randomise' }),
        button('Restore the worked example', () => this.#restore(), { id: 'restore' }),
      ),
    );

    this.scaleSelect = select('scale-mode', [], (value) => this.set({ scaleMode: value }));
    this.customScale = element('input', {
      type: 'number',
      step: 'any',
      id: 'custom-scale',
      'aria-label': 'custom scale',
    });
    this.customScale.addEventListener('change', () => {
      const value = Number(this.customScale.value);
      if (this.customScale.value.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= 1e6)
        this.set({ customScale: value });
      else this.customScale.value = this.state.customScale;
    });
    this.scaleValue = element('output', { id: 'scale-value' });
    this.temperature = element('input', { type: 'range', min: 0, max: 1000, step: 1, id: 'temperature' });
    this.temperatureValue = element('output', { id: 'temperature-value', for: 'temperature' });
    this.temperature.addEventListener('input', () => {
      const t = logSlider.toValue(Number(this.temperature.value), limits.minTemperature, limits.maxTemperature);
      this.set({ temperature: Number(t.toPrecision(3)) });
    });
    this.hard = element('input', { type: 'checkbox', id: 'hard' });
    this.hard.addEventListener('change', () => this.set({ hard: this.hard.checked }));
    const softmax = fieldset(
      'Softmax',
      labelled('scale', element('span', { className: 'inline' }, this.scaleSelect, this.customScale, this.scaleValue)),
      labelled(
        'temperature',
        element('span', { className: 'inline' }, this.temperature, this.temperatureValue),
        element('small', { textContent: '0.05 (near argmax) to 20 (near uniform), log scale' }),
      ),
      element('label', { className: 'check' }, this.hard, ' show hard attention (argmax) beside soft'),
    );

    this.maskSelect = select(
      'mask-mode',
      [
        ['none', 'none'],
        ['causal', 'causal (query i sees keys ≤ i)'],
        ['custom', 'custom: click cells of the scores or graph edges'],
      ],
      (value) => this.set({ maskMode: value }),
    );
    this.headsSelect = select('heads', [], (value) => this.resizeTo({ heads: Number(value) }));
    this.kvHeadsSelect = select('kv-heads', [], (value) => this.resizeTo({ kvHeads: Number(value) }));
    const structure = fieldset(
      'Mask and heads',
      labelled('mask', this.maskSelect),
      labelled('heads H', this.headsSelect, element('small', { textContent: 'H divides d_k and d_v' })),
      labelled(
        'K/V heads',
        this.kvHeadsSelect,
        element('small', { textContent: 'H: standard · 1: multi-query · between: grouped-query' }),
      ),
    );

    this.rowSelect = select('query-row', [], (value) => this.set({ row: Number(value) }));
    this.moreDigits = element('input', { type: 'checkbox', id: 'more-digits' });
    this.moreDigits.addEventListener('change', () => this.set({ digits: this.moreDigits.checked ? 7 : 4 }));
    const viewing = fieldset(
      'View and export',
      labelled('query row', this.rowSelect, element('small', { textContent: 'or click a row of any map' })),
      element('label', { className: 'check' }, this.moreDigits, ' more digits (7 significant, not 4)'),
      element(
        'div',
        { className: 'buttons' },
        button('PNG', () => this.#exportPng(), { id: 'export-png', title: 'the maps as one image' }),
        button('JSON', () => download('attention.json', toJSON(this.state, this.lastStages), 'application/json'), {
          id: 'export-json',
        }),
        button('CSV', () => download('attention.csv', toCSV(this.lastStages), 'text/csv'), { id: 'export-csv' }),
      ),
    );
    return element(
      'form',
      { className: 'controls', 'aria-label': 'Controls', onsubmit: (e) => e.preventDefault() },
      sizes,
      softmax,
      structure,
      viewing,
    );
  }

  #syncControls() {
    const s = this.state;
    for (const [key, input] of Object.entries(this.sizeInputs)) if (!hasFocus(input)) input.value = s[key];
    const perHead = s.heads > 1 ? 'd_k/H, the head width' : 'd_k';
    setOptions(this.scaleSelect, [
      ['dk', `1/√(${perHead}) (standard)`],
      ['dmodel', '1/√d_model (as in the worked example)'],
      ['none', 'none (1)'],
      ['custom', 'custom'],
    ]);
    this.scaleSelect.value = s.scaleMode;
    this.customScale.hidden = s.scaleMode !== 'custom';
    if (!hasFocus(this.customScale)) this.customScale.value = s.customScale;
    this.scaleValue.textContent = `= ${formatNumber(scaleValue(s), 4)}`;
    this.temperature.value = logSlider.toPosition(s.temperature, limits.minTemperature, limits.maxTemperature);
    this.temperatureValue.textContent = `T = ${formatNumber(s.temperature, 3)}`;
    this.hard.checked = s.hard;
    this.maskSelect.value = s.maskMode;
    setOptions(
      this.headsSelect,
      headChoices(s).map((h) => [h, String(h)]),
    );
    this.headsSelect.value = s.heads;
    setOptions(
      this.kvHeadsSelect,
      kvHeadChoices(s).map((h) => [h, String(h)]),
    );
    this.kvHeadsSelect.value = s.kvHeads;
    setOptions(
      this.rowSelect,
      Array.from({ length: s.s }, (_, i) => [i, `query ${i + 1}`]),
    );
    this.rowSelect.value = s.row;
    this.moreDigits.checked = s.digits === 7;
  }

  #randomise() {
    const randomInts = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 5) - 2);
    const changes = {};
    for (const name of ['x', 'wq', 'wk', 'wv', 'wo']) changes[name] = randomInts(this.state[name].length);
    this.set(changes);
  }

  #restore() {
    const { digits } = this.state;
    this.state = { ...defaultState(), digits };
    this.notice.hidden = true;
    this.onStateChange(this.state);
    this.render();
  }

  #exportPng() {
    const maps = [...this.stages.querySelectorAll('figure.heatmap')].map((figure) => ({
      title: figure.querySelector('figcaption').textContent,
      canvas: this.heatmaps.get(figure.id).pictureCanvas(),
    }));
    composeMaps(maps).toBlob((blob) => download('attention-maps.png', blob));
  }

  // ---- rendering ----

  #heatmap(id, options) {
    if (!this.heatmaps.has(id)) this.heatmaps.set(id, new Heatmap({ id, ...options }));
    return this.heatmaps.get(id);
  }

  #editor(name) {
    if (!this.editors.has(name)) {
      this.editors.set(
        name,
        new MatrixEditor({
          id: `edit-${name}`,
          title: editorTitles[name],
          onChange: (values) => this.set({ [name]: values }),
        }),
      );
    }
    return this.editors.get(name);
  }

  render() {
    partsAtOnce(this.#renderParts());
    this.rendered = true;
  }

  /**
   * The first render, a part per task (controls and inputs at once, then, with the module, each step's maps), so
   * that opening the view never blocks the page for long; the maps are sized to the stages' width read once,
   * before any is drawn. Rejects if the module does not load.
   */
  async renderInSlices() {
    this.#renderParts().next(); // the controls and the inputs, at once: they need no module
    const { onScreen, near } = watchNearScreen(this.stages);
    if (await onScreen) return this.#firstStages();
    // Below the screen (a phone shows the controls and the inputs first): the module loads and the stages are
    // drawn when the person scrolls towards them.
    near.then(() => this.#firstStages()).catch((error) => this.#say(error));
  }

  /** A failure no caller is waiting for (the module, asked for when the person scrolled): said on the page. */
  #say(error) {
    this.errorLine.textContent = `The stages could not be computed: ${error.message}`;
    this.errorLine.hidden = false;
  }

  async #firstStages() {
    this.apiReady ??= Promise.resolve(this.loadApi()).then((loaded) => {
      this.api = loaded;
    });
    await this.apiReady;
    this.stagesWidth = await widthInNextFrame(this.stages);
    await nextTask();
    const parts = this.#renderParts(); // the inputs as they are now (they may have changed while waiting)
    parts.next();
    await partsInSlices(parts, () => !this.element.isConnected); // stopped if replaced (an element given new inputs)
    this.rendered = true;
  }

  *#renderParts() {
    this.#syncControls();
    const s = this.state;
    const shape = shapes(s);
    const editorNames = s.heads > 1 ? ['x', 'wq', 'wk', 'wv', 'wo'] : ['x', 'wq', 'wk', 'wv'];
    const editors = editorNames.map((name) => {
      const editor = this.#editor(name);
      editor.update(s[name], ...shape[name]);
      return editor.element;
    });
    if (!sameChildren(this.inputs, editors)) this.inputs.replaceChildren(...editors);
    yield;
    if (!this.api) return; // the first render computes the stages once the module is here

    let stages;
    try {
      stages = computeStages(this.api, s);
      this.errorLine.hidden = true;
    } catch (error) {
      this.errorLine.textContent = error.message; // e.g. a value the module refuses: say so, keep the page
      this.errorLine.hidden = false;
      return;
    }
    this.lastStages = stages;
    // One head: the four steps fit two by two on a wide screen, each step's controls and maps in view together.
    this.stages.classList.toggle('stages-two-by-two', s.heads === 1);
    const blocks = [];
    const fromEmpty = this.stages.children.length === 0; // a first render shows each step as it is drawn
    for (const makeBlock of s.heads > 1 ? this.#multiHeadBlocks(stages) : this.#singleHeadBlocks(stages)) {
      blocks.push(makeBlock());
      if (fromEmpty) this.stages.append(blocks.at(-1));
      yield;
    }
    if (!sameChildren(this.stages, blocks)) this.stages.replaceChildren(...blocks);
  }

  /** Shared arguments for a heatmap update: labels, digits, available width, the selected query row. */
  /**
   * @param {object} matrix
   * @param {{ queries?: boolean, cols?: string, width?: number }} [options]
   */
  #view(matrix, { queries = true, cols = 'key', width = undefined } = {}) {
    const available = width ?? Math.min(this.stagesWidth || 600, 440);
    const colLabels = cols === 'key' ? Array.from({ length: matrix.cols }, (_, j) => `k${j + 1}`) : undefined;
    return {
      matrix,
      digits: this.state.digits,
      highlightRow: queries ? this.state.row : null,
      rowLabels: Array.from({ length: matrix.rows }, (_, i) => (queries ? `q${i + 1}` : `${i + 1}`)),
      colLabels,
      maxWidth: available,
    };
  }

  #selectRow = (row) => this.set({ row });

  // The graph's edges toggle the same custom mask, starting from whatever mask is in force.
  #toggleEdge = (row, col) => {
    const { s, maskMode } = this.state;
    const customMask =
      maskMode === 'custom'
        ? this.state.customMask.slice()
        : Array.from({ length: s * s }, (_, i) => (maskMode === 'causal' ? Number(i % s <= Math.floor(i / s)) : 1));
    customMask[row * s + col] ^= 1;
    return this.set({ maskMode: 'custom', customMask, row });
  };

  #padLast = () => {
    const { s } = this.state;
    // A padded token is a key no query may read (it still reads the others itself).
    const customMask = Array.from({ length: s * s }, (_, i) => Number(i % s !== s - 1 || s === 1));
    return this.set({ maskMode: 'custom', customMask });
  };

  #graph(head) {
    this.graphView ??= new GraphView({ id: 'attention-graph', onToggle: this.#toggleEdge });
    this.padButton ??= button('Pad the last token', this.#padLast, { id: 'pad-last' });
    this.graphView.update({
      weights: head.weights,
      logits: head.logits,
      labels: Array.from({ length: this.state.s }, (_, i) => String(i + 1)),
    });
    this.graphBox ??= element(
      'div',
      { className: 'graph-box' },
      this.graphView.element,
      element('div', { className: 'buttons' }, this.padButton),
    );
    return this.graphBox;
  }

  #toggleMask = (row, col) => {
    if (this.state.maskMode !== 'custom') return this.#selectRow(row);
    const customMask = this.state.customMask.slice();
    customMask[row * this.state.s + col] ^= 1;
    return this.set({ customMask, row });
  };

  #map(id, title, matrix, options = {}) {
    const {
      fixedRange = null,
      valueName = 'value',
      onActivate = this.#selectRow,
      rowAxis = 'query',
      colAxis = 'key',
      logits = null,
      ...viewOptions
    } = options;
    const heatmap = this.#heatmap(id, { title, fixedRange, valueName, onActivate, rowAxis, colAxis });
    heatmap.title = title;
    heatmap.element.querySelector('.heatmap-title').textContent = title;
    heatmap.onActivate = onActivate;
    heatmap.update({ ...this.#view(matrix, viewOptions), logits });
    return heatmap.element;
  }

  #step(id, heading, explanation, ...content) {
    const block = this.#block(id, () =>
      element(
        'section',
        { className: 'step', id },
        element('h3'),
        element('p', { className: 'explanation' }),
        element('div', { className: 'maps' }),
      ),
    );
    block.querySelector('h3').textContent = heading;
    block.querySelector('.explanation').textContent = explanation;
    const maps = block.querySelector('.maps');
    if (!sameChildren(maps, content)) maps.replaceChildren(...content);
    return block;
  }

  #block(id, make) {
    if (!this.blocks.has(id)) this.blocks.set(id, make());
    return this.blocks.get(id);
  }

  #projectionStep(stages) {
    const features = { queries: false, cols: 'feature' };
    return this.#step(
      'step-projections',
      '1. Queries, keys and values',
      'Each input row x gets a query q = x·Wq (what it looks for), a key k = x·Wk (what it offers) and a value v = x·Wv (what it contributes).',
      this.#map('stage-q', 'Q = X·Wq', stages.q, { rowAxis: 'query', colAxis: 'feature', cols: 'feature' }),
      this.#map('stage-k', 'K = X·Wk', stages.k, { ...features, rowAxis: 'key', colAxis: 'feature', onActivate: null }),
      this.#map('stage-v', 'V = X·Wv', stages.v, { ...features, rowAxis: 'key', colAxis: 'feature', onActivate: null }),
    );
  }

  #scoreMaps(head, prefix, width) {
    const s = this.state;
    const scale = formatNumber(scaleValue(s), 4);
    const onScores = s.maskMode === 'custom' ? this.#toggleMask : this.#selectRow;
    const tempText = s.temperature === 1 ? '' : ` ÷ T (${formatNumber(s.temperature, 3)})`;
    return [
      this.#map(`${prefix}scores`, 'scores = QKᵀ', head.scores, { valueName: 'score', onActivate: onScores, width }),
      this.#map(`${prefix}scaled`, `scaled = scores × ${scale}`, head.scaled, { valueName: 'scaled score', width }),
      this.#map(`${prefix}logits`, `masked${tempText}`, head.logits, {
        valueName: 'logit',
        onActivate: onScores,
        width,
      }),
    ];
  }

  #weightMaps(head, prefix, width) {
    const maps = [
      this.#map(`${prefix}weights`, 'weights = row softmax', head.weights, {
        fixedRange: [0, 1],
        valueName: 'weight',
        logits: head.logits,
        width,
      }),
    ];
    if (head.hardWeights) {
      maps.push(
        this.#map(`${prefix}hard-weights`, 'hard weights = one-hot argmax', head.hardWeights, {
          fixedRange: [0, 1],
          valueName: 'weight',
          logits: head.logits,
          width,
        }),
      );
    }
    return maps;
  }

  #singleHeadBlocks(stages) {
    const s = this.state;
    const head = stages.heads[0];
    const maskText = {
      none: 'No mask: every query sees every key.',
      causal: 'Causal: query i sees only keys 1…i (the upper triangle becomes −∞).',
      custom: 'Custom: click a cell of the scores to hide or show that key from that query.',
    }[s.maskMode];
    const outputs = () => {
      const maps = [
        this.#map('stage-output', 'output = weights · V', stages.output, { cols: 'feature', colAxis: 'feature' }),
      ];
      if (head.hardOutput)
        maps.push(
          this.#map('stage-hard-output', 'hard output = the argmax key’s value', head.hardOutput, {
            cols: 'feature',
            colAxis: 'feature',
          }),
        );
      return maps;
    };
    return [
      () => this.#projectionStep(stages),
      () =>
        this.#step(
          'step-scores',
          '2. Scores, scaled and masked',
          `A dot product scores every query against every key. Dot products grow with the width, so scores are multiplied by a scale (${scaleText(s)}). ${maskText}`,
          ...this.#scoreMaps(head, 'stage-', undefined),
        ),
      () =>
        this.#step(
          'step-weights',
          '3. Softmax along each query’s row',
          'Softmax turns each row into a distribution over the keys: a soft argmax. Low temperature sharpens it towards the maximum, high temperature flattens it towards uniform. As a graph, the mask is the adjacency: no mask is the complete graph, causal keeps only edges from earlier tokens; click an edge to hide or show it, or pad the last token.',
          ...this.#weightMaps(head, 'stage-', undefined),
          this.#graph(head),
        ),
      () =>
        this.#step(
          'step-output',
          '4. Output: a weighted sum of the values',
          'Each output row is that query’s weights times V.',
          ...outputs(),
          this.#breakdown('breakdown', head, stages.output),
        ),
    ];
  }

  #multiHeadBlocks(stages) {
    const s = this.state;
    const width = Math.min(this.stagesWidth || 600, 300);
    const dkh = s.dK / s.heads;
    const kind =
      s.kvHeads === s.heads
        ? 'standard multi-head attention'
        : s.kvHeads === 1
          ? 'multi-query attention: every head shares one K/V head'
          : `grouped-query attention: ${s.heads / s.kvHeads} query heads share each K/V head`;
    const headsStep = () =>
      this.#step(
        'step-heads',
        `2. ${s.heads} heads, each of width d_k/H = ${dkh}`,
        `Q, K and V are split by columns into heads: (S, d) viewed as (S, H, d/H), so each position keeps its own row. ${capitalise(kind)}. Each head scores, scales (${scaleText(s)}), masks and normalises on its own.`,
        this.#headGrid(stages, width),
      );
    return [
      () => this.#projectionStep(stages),
      headsStep,
      () =>
        this.#step(
          'step-concat',
          '3. Concatenate the heads and mix them with Wo',
          'The heads’ outputs sit side by side, and the output projection Wo mixes them: output = concat · Wo.',
          this.#map('stage-concat', 'concat(head outputs)', stages.concat, { cols: 'feature', colAxis: 'feature' }),
          this.#map('stage-output', 'output = concat · Wo', stages.output, { cols: 'feature', colAxis: 'feature' }),
        ),
    ];
  }

  #headGrid(stages, width) {
    const s = this.state;
    const dkh = s.dK / s.heads,
      dvh = s.dV / s.heads;
    // K and V: a row per key, a column per feature; no query row to pick.
    const keyRows = { queries: false, rowAxis: 'key', colAxis: 'feature', cols: 'feature', onActivate: null, width };
    const cards = stages.heads.map((head) => {
      const card = this.#block(`head-${head.index}`, () =>
        element('article', { className: 'head-card' }, element('h4'), element('div', { className: 'maps' })),
      );
      card.querySelector('h4').textContent =
        `head ${head.index + 1}${s.kvHeads !== s.heads ? ` (K/V head ${head.kvIndex + 1})` : ''}`;
      const prefix = `head-${head.index}-`;
      const maps = [
        this.#map(`${prefix}q`, `Q, ${columnRange(head.index, dkh)}`, head.q, {
          cols: 'feature',
          colAxis: 'feature',
          width,
        }),
        this.#map(`${prefix}k`, `K, ${columnRange(head.kvIndex, dkh)}`, head.k, keyRows),
        this.#map(`${prefix}v`, `V, ${columnRange(head.kvIndex, dvh)}`, head.v, keyRows),
        ...this.#weightMaps(head, prefix, width),
        this.#map(`${prefix}output`, 'head output = weights · V', head.output, {
          cols: 'feature',
          colAxis: 'feature',
          width,
        }),
      ];
      maps[3].classList.add('head-map');
      const container = card.querySelector('.maps');
      if (!sameChildren(container, maps)) container.replaceChildren(...maps);
      return card;
    });
    const grid = this.#block('head-grid', () => element('div', { className: 'head-grid' }));
    if (!sameChildren(grid, cards)) grid.replaceChildren(...cards);
    return grid;
  }

  /** The selected query's output row as the weighted sum of the rows of V it came from. */
  #breakdown(id, head, output) {
    const block = this.#block(id, () =>
      element('figure', { className: 'breakdown', id }, element('figcaption'), element('table')),
    );
    const { row, digits } = this.state;
    const { weights, v } = head;
    const f = (x) => formatNumber(x, digits);
    const vector = (m, i) => `[${Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), f).join(', ')}]`;
    block.querySelector('figcaption').textContent = `output row ${row + 1} = Σ weight × row of V`;
    const rows = [
      element(
        'tr',
        {},
        element('th', { scope: 'col', textContent: 'key' }),
        element('th', { scope: 'col', textContent: 'weight' }),
        element('th', { scope: 'col', textContent: 'row of V' }),
      ),
    ];
    for (let j = 0; j < weights.cols; j++) {
      const w = weights.data[row * weights.cols + j];
      const bar = element('span', { className: 'bar', 'aria-hidden': 'true' });
      bar.style.width = `${Math.round(w * 100)}%`;
      rows.push(
        element(
          'tr',
          {},
          element('td', { textContent: `k${j + 1}` }),
          element('td', { className: 'weight' }, element('span', { textContent: `${f(w)} ×` }), bar),
          element('td', { textContent: vector(v, j) }),
        ),
      );
    }
    rows.push(
      element(
        'tr',
        { className: 'sum' },
        element('td', { textContent: '=' }),
        element('td', { textContent: 'output row' }),
        element('td', { textContent: vector(output, row) }),
      ),
    );
    block.querySelector('table').replaceChildren(...rows);
    return block;
  }
}

function scaleText(s) {
  return {
    dk: s.heads > 1 ? '1/√(d_k/H), the standard' : '1/√d_k, the standard',
    dmodel: '1/√d_model, as the worked example does',
    none: 'here none',
    custom: 'a custom value',
  }[s.scaleMode];
}

/** "column 3" or "columns 3–4": the slice of Q, K or V a head reads. */
function columnRange(head, width) {
  const first = head * width + 1,
    last = (head + 1) * width;
  return first === last ? `column ${first}` : `columns ${first}–${last}`;
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);

function sameChildren(parent, children) {
  return parent.children.length === children.length && children.every((child, i) => parent.children[i] === child);
}
