// The Generate view's state (the text chosen, the run's options, the generation's settings and what is selected
// on screen; never the learner's own text, nor the weights) and its URL form, so that a link reproduces a run and
// what it wrote. Anything missing or out of range in a link falls back to its default; defaults stay out of the URL.
import { languageModelDefaults, maxTrainerThreads } from '../../lib/index.js';

/** What each setting may be. Lists are the choices a select offers; ranges are { min, max }. */
export const generateChoices = Object.freeze({
  corpus: ['austen', 'own'],
  tokenizer: ['characters', 'byte-pairs'],
  merges: [64, 128, 256, 512, 1024],
  context: [16, 32, 48, 64, 96, 128],
  steps: { min: 10, max: 5000 },
  batchSize: [4, 8, 16, 32],
  learningRate: [0.001, 0.002, 0.003, 0.005, 0.008, 0.01, 0.02],
  dModel: [32, 64, 96, 128],
  heads: [1, 2, 4, 8],
  layers: [1, 2, 3, 4],
  positions: ['sinusoidal', 'rope', 'alibi'],
  tokens: { min: 1, max: 400 },
  temperature: { min: 0, max: 2 },
  topK: { min: 0, max: 100 },
  topP: { min: 0.05, max: 1 },
  seed: { min: 0, max: 99999 },
  promptLength: 400, // characters of a prompt a link may carry
  sinkPositions: ['rope', 'alibi', 'sinusoidal'], // the sinks-and-windows experiment's model (sinks-panel.js)
  sinkSteps: [200, 400, 800],
  // The part a lesson's link lands on, drawn and scrolled to (lesson-parts.js): lesson 6's causal map, lesson 7's
  // cache for 1, 2 and 4 key/value heads, lesson 9's greedy and sampled text side by side.
  part: ['causal', 'cache', 'decoding'],
  // The inside view's part (inside-parts.js): 'embed', 'lens', or a block's part, 1-based, a head for attention.
  inside: /^(embed|lens|[1-9]\d{0,2}\.(ln1|proj|add1|ln2|mlp|add2|attn(\.[1-9]\d{0,2})?))$/,
  token: { min: 1, max: 4096 }, // the inside view's token, 1-based (null: the text's last)
  gpt2Length: 2048, // the longest folder URL a link may give for GPT-2's files
  threads: { min: 1, max: maxTrainerThreads },
});

/**
 * The defaults: the library's run (languageModelDefaults: width 64, 4 heads, 2 layers, FFN 256, a context of 64, 1,200
 * steps of 8 windows at 0.008). Measured on Pride and Prejudice (characters) in Chromium on a busy 2-core machine:
 * 43 s to 2.38 bits per character held out (the bigram model: 3.47).
 */
export function defaultGenerateState() {
  const { task, model } = languageModelDefaults;
  return {
    corpus: /** @type {'austen' | 'own'} */ ('austen'),
    ownText: '', // the learner's own text stays in the page, never in a link
    tokenizer: /** @type {'characters' | 'byte-pairs'} */ (task.tokenizer),
    merges: task.merges,
    context: task.context,
    steps: languageModelDefaults.steps,
    batchSize: languageModelDefaults.batchSize,
    learningRate: languageModelDefaults.learningRate,
    dModel: model.dModel,
    heads: model.heads,
    kvHeads: /** @type {number | 'all'} */ ('all'), // 'all': one key/value head per query head
    layers: model.layers,
    positions: model.positions,
    prompt: 'It is a truth',
    tokens: 80,
    temperature: 0.8, // the sampling temperature, 0 for the most likely token (lm.generate's decoding: 'greedy')
    topK: 0, // 0: every token
    topP: 1,
    seed: 1,
    cache: true,
    layer: 0, // the layer and query head whose attention the maps show (0-based)
    head: 0,
    step: 0, // the generated token whose details are shown (0-based)
    // The sinks-and-windows experiment: its model's positions, whether it trains with a sliding window or a sink
    // logit per head, and its steps (the recipe of `npm run experiment:sinks`: 800).
    sinkPositions: 'rope',
    sinkWindow: false,
    sinkLogits: false,
    sinkSteps: 800,
    // Early stopping: a run is saved as it stood at its best held-out measurement, not its latest (run-keeper.js).
    keepBest: false,
    // Threads sharing each training step (web/lib's createTrainer({ threads })): null for this machine's default.
    threads: /** @type {null | number} */ (null),
    part: /** @type {null | 'causal' | 'cache' | 'decoding'} */ (null),
    inside: /** @type {null | string} */ (null), // the inside view's part (null: closed)
    token: /** @type {null | number} */ (null), // the inside view's token, 0-based (null: the last)
    // GPT-2 opened from the URL of a folder holding its four files (an embedding page's link: docs/embed.md)
    gpt2: /** @type {null | string} */ (null),
  };
}

/** The key/value head counts a model of `heads` query heads can have: its divisors, largest first. */
export function kvHeadChoices(heads) {
  return Array.from({ length: heads }, (_, i) => heads - i).filter((n) => heads % n === 0);
}

/** Key/value heads the state's model will have: one per query head unless a count that divides them is chosen. */
export function effectiveKvHeads(state) {
  return state.kvHeads !== 'all' && kvHeadChoices(state.heads).includes(state.kvHeads) ? state.kvHeads : state.heads;
}

/** createTrainer() options for the state and the text to learn; the FFN is 4·D wide, as the library's default. */
export function trainerOptions(state, corpus) {
  return {
    task: {
      corpus,
      tokenizer: state.tokenizer,
      ...(state.tokenizer === 'byte-pairs' ? { merges: state.merges } : {}),
      context: state.context,
    },
    steps: state.steps,
    batchSize: state.batchSize,
    learningRate: state.learningRate,
    model: {
      dModel: state.dModel,
      heads: state.heads,
      kvHeads: effectiveKvHeads(state),
      ffn: 4 * state.dModel,
      layers: state.layers,
      positions: state.positions,
    },
  };
}

/**
 * The state's changes that show a saved run's settings (keptOptions' of run-keeper.js) in the form: its text (the
 * learner's own, when it was trained on it), tokenizer, shape and schedule.
 */
export function savedState({ corpus, options }, ownText) {
  const { task, model } = options;
  return {
    corpus,
    ...(corpus === 'own' ? { ownText } : {}),
    tokenizer: task.tokenizer,
    ...(task.tokenizer === 'byte-pairs' ? { merges: task.merges } : {}),
    context: task.context,
    steps: options.steps,
    batchSize: options.batchSize,
    learningRate: options.learningRate,
    dModel: model.dModel,
    heads: model.heads,
    kvHeads: model.kvHeads === model.heads ? 'all' : model.kvHeads,
    layers: model.layers,
    positions: model.positions,
  };
}

/**
 * lm.generate() options for the state: the 10 most likely tokens of each step are kept. The view's one slider is
 * the sampling temperature with 0 for the most likely token (as its links have always said `temperature=0`); the
 * library's are `decoding: 'greedy'` and `outputTemperature`.
 */
export function generationOptions(state) {
  const { tokens, temperature, topK, topP, seed, cache } = state;
  const decoding = temperature === 0 ? { decoding: 'greedy' } : { decoding: 'sample', outputTemperature: temperature };
  return { tokens, ...decoding, topK, topP, seed, cache, top: 10 };
}

/** A number kept to two decimals, as the sliders set it (so that a link's 0.35 stays 0.35). */
export const twoDecimals = (value) => Math.round(value * 100) / 100;

// The URL's names, as the brief of the view and the library name them; `d`, `h`, `kv` and `pe` as the Train view's.
const plainNames = {
  corpus: 'corpus',
  tokenizer: 'tokenizer',
  context: 'context',
  steps: 'steps',
  batchSize: 'batch',
  learningRate: 'lr',
  dModel: 'd',
  heads: 'h',
  kvHeads: 'kv',
  layers: 'layers',
  positions: 'pe',
  prompt: 'prompt',
  tokens: 'tokens',
  temperature: 'temperature',
  topK: 'topK',
  topP: 'topP',
  seed: 'seed',
  part: 'part',
};

export function encodeGenerateState(state) {
  const defaults = defaultGenerateState();
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(plainNames))
    if (state[key] !== defaults[key]) params.set(name, String(state[key]));
  // The merges count is kept even for a characters tokenizer: switching back to byte pairs finds it again.
  if (state.merges !== defaults.merges) params.set('merges', String(state.merges));
  if (!state.cache) params.set('cache', 'off');
  if (state.sinkPositions !== defaults.sinkPositions) params.set('sinkPe', state.sinkPositions);
  if (state.sinkSteps !== defaults.sinkSteps) params.set('sinkSteps', String(state.sinkSteps));
  if (state.sinkWindow) params.set('sinkWindow', 'on');
  if (state.sinkLogits) params.set('sinkLogits', 'on');
  if (state.keepBest) params.set('keep', 'best');
  // Layers, heads and generated tokens count from 1 on the page, and so in the link.
  if (state.layer !== defaults.layer) params.set('layer', String(state.layer + 1));
  if (state.head !== defaults.head) params.set('head', String(state.head + 1));
  if (state.step !== defaults.step) params.set('step', String(state.step + 1));
  if (state.inside !== null) params.set('inside', state.inside);
  if (state.token !== null) params.set('token', String(state.token + 1));
  if (state.gpt2 !== null) params.set('gpt2', state.gpt2);
  if (state.threads !== null) params.set('threads', String(state.threads));
  return params;
}

/** A folder's URL from a link: http(s), absolute or relative to the page, of a sane length; else null. */
function folderUrl(value) {
  if (value === null || value.trim() === '' || value.length > generateChoices.gpt2Length) return null;
  try {
    return ['http:', 'https:'].includes(new URL(value, 'https://page.invalid/').protocol) ? value : null;
  } catch {
    return null;
  }
}

function integerIn(value, { min, max }) {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function numberIn(value, { min, max }) {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? twoDecimals(n) : null;
}

function oneOf(value, choices) {
  if (value === null) return null;
  return choices.find((choice) => String(choice) === value) ?? null;
}

export function decodeGenerateState(search) {
  const params = new URLSearchParams(search);
  const state = defaultGenerateState();
  const read = (key) => params.get(plainNames[key] ?? key);
  const c = generateChoices;
  const listed = ['corpus', 'tokenizer', 'merges', 'context', 'batchSize', 'learningRate', 'dModel', 'heads', 'layers'];
  for (const key of [...listed, 'positions', 'part']) state[key] = oneOf(read(key), c[key]) ?? state[key];
  state.kvHeads = oneOf(read('kvHeads'), kvHeadChoices(state.heads)) ?? state.kvHeads;
  for (const key of ['steps', 'tokens', 'topK', 'seed']) state[key] = integerIn(read(key), c[key]) ?? state[key];
  for (const key of ['temperature', 'topP']) state[key] = numberIn(read(key), c[key]) ?? state[key];
  const prompt = read('prompt');
  if (prompt !== null) state.prompt = prompt.slice(0, c.promptLength);
  state.cache = params.get('cache') !== 'off';
  state.sinkPositions = oneOf(params.get('sinkPe'), c.sinkPositions) ?? state.sinkPositions;
  state.sinkSteps = oneOf(params.get('sinkSteps'), c.sinkSteps) ?? state.sinkSteps;
  state.sinkWindow = params.get('sinkWindow') === 'on';
  state.sinkLogits = params.get('sinkLogits') === 'on';
  state.keepBest = params.get('keep') === 'best';
  state.layer = (integerIn(params.get('layer'), { min: 1, max: state.layers }) ?? 1) - 1;
  state.head = (integerIn(params.get('head'), { min: 1, max: state.heads }) ?? 1) - 1;
  state.step = (integerIn(params.get('step'), { min: 1, max: c.tokens.max }) ?? 1) - 1;
  const inside = params.get('inside');
  state.inside = inside !== null && c.inside.test(inside) ? inside : null;
  const token = integerIn(params.get('token'), c.token);
  state.token = token === null ? null : token - 1;
  state.gpt2 = folderUrl(params.get('gpt2'));
  state.threads = integerIn(params.get('threads'), c.threads);
  return state;
}

/** The state after `changes`, kept consistent: a layer, head or key/value count the model no longer has is reset. */
export function applyChanges(state, changes) {
  const next = { ...state, ...changes };
  if (next.layer >= next.layers) next.layer = 0;
  if (next.head >= next.heads) next.head = 0;
  if (next.kvHeads !== 'all' && !kvHeadChoices(next.heads).includes(next.kvHeads)) next.kvHeads = 'all';
  return next;
}
