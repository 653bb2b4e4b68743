// Every word the Generate view shows, in one place: labels, hints, and the sentences its numbers are said in (its
// heading and introduction are the app's, in view-text.js, shown before the view's code arrives). A sentence is
// written whole here, by one function, rather than assembled from pieces in several files. The words are the
// `generate` section's messages (web/src/i18n/locales), loaded beside the view's code: this module is evaluated
// before they arrive, so every label and hint is read when a part is built, never at import.
import { formatCount, formatDecimal, formatFixed, formatProbability } from '../common/format.js';
import { headName } from '../common/head-labels.js';
import { messageGetters, t } from '../i18n/messages.js';
import { runningParts } from '../common/run-controls.js';
import { visiblePiece } from './token-pieces.js';
import { languageModelRefusalText } from './refusal-text.js';

/** Pride and Prejudice's size, from web/corpora/README.md: shown before the text is fetched. */
const austenCharacters = 684_768;

const bits = (value) => formatDecimal(value, 3);

/** "4.2 s", "45 s", "3 min 5 s": a duration for the progress line. */
function formatDuration(value) {
  if (!Number.isFinite(value)) return '–';
  if (value < 10) return t('generate.duration.seconds', { seconds: formatFixed(value, 1) });
  if (value < 60) return t('generate.duration.seconds', { seconds: Math.round(value) });
  const whole = Math.round(value);
  return t('generate.duration.minutes', { minutes: Math.floor(whole / 60), seconds: whole % 60 });
}
const seconds = (value) =>
  value < 1
    ? t('generate.duration.milliseconds', { milliseconds: formatDecimal(value * 1000, 3) })
    : t('generate.duration.seconds', { seconds: formatDecimal(value, 3) });

export const labels = messageGetters({
  text: 'generate.labels.text',
  own: 'generate.labels.own',
  ownText: 'generate.labels.ownText',
  ownFile: 'generate.labels.ownFile',
  ownPlaceholder: 'generate.labels.ownPlaceholder',
  tokenizer: 'generate.labels.tokenizer',
  merges: 'generate.labels.merges',
  model: 'generate.labels.model',
  dModel: 'generate.labels.dModel',
  heads: 'generate.labels.heads',
  kvHeads: 'generate.labels.kvHeads',
  layers: 'generate.labels.layers',
  positions: 'generate.labels.positions',
  context: 'generate.labels.context',
  training: 'generate.labels.training',
  steps: 'generate.labels.steps',
  batchSize: 'generate.labels.batchSize',
  learningRate: 'generate.labels.learningRate',
  reset: 'generate.labels.reset',
  progress: 'generate.labels.progress',
  writing: 'generate.labels.writing',
  prompt: 'generate.labels.prompt',
  tokens: 'generate.labels.tokens',
  temperature: 'generate.labels.temperature',
  topK: 'generate.labels.topK',
  topKAll: 'generate.labels.topKAll',
  topP: 'generate.labels.topP',
  seed: 'generate.labels.seed',
  cache: 'generate.labels.cache',
  write: 'generate.labels.write',
  openTrained: 'generate.labels.openTrained',
  download: 'generate.labels.download',
  openFile: 'generate.labels.openFile',
  compare: 'generate.labels.compare',
  strip: 'generate.labels.strip',
  layer: 'generate.labels.layer',
  head: 'generate.labels.head',
  drawnFrom: 'generate.labels.drawnFrom',
  modelOwn: 'generate.labels.modelOwn',
  chosen: 'generate.labels.chosen',
  stepAttention: 'generate.labels.stepAttention',
  layerAndHead: 'generate.labels.layerAndHead',
  position: 'generate.labels.position',
  causalMap: 'generate.labels.causalMap',
  cacheSection: 'generate.labels.cacheSection',
  bitsAxis: 'generate.charts.bitsAxis',
  stepAxis: 'generate.charts.stepAxis',
  /** The novel as a choice of text, with its size. */
  austen: () => t('generate.labels.austen', { characters: austenCharacters }),
  tokenizers: messageGetters({
    characters: 'generate.labels.tokenizers.characters',
    'byte-pairs': 'generate.labels.tokenizers.bytePairs',
  }),
  positionChoices: messageGetters({
    sinusoidal: 'generate.labels.positionChoices.sinusoidal',
    rope: 'generate.labels.positionChoices.rope',
    alibi: 'generate.labels.positionChoices.alibi',
  }),
  // The Start button's words in each of the view's statuses (a failed run starts again).
  start: messageGetters({
    idle: 'generate.labels.start.idle',
    running: 'generate.labels.start.running',
    pausing: 'generate.labels.start.stopping',
    paused: 'generate.labels.start.stopped',
    starting: 'generate.labels.start.starting',
    done: 'generate.labels.start.done',
    failed: 'generate.labels.start.idle',
  }),
});

export const hints = messageGetters({
  tokenizer: 'generate.hints.tokenizer',
  ownText: 'generate.hints.ownText',
  context: 'generate.hints.context',
  training: 'generate.hints.training',
  bits: 'generate.hints.bits',
  writing: 'generate.hints.writing',
  noModel: 'generate.hints.noModel',
  strip: 'generate.hints.strip',
  causalMap: 'generate.hints.causalMap',
  stepAttention: 'generate.hints.stepAttention',
  tokenizerChanged: 'generate.hints.tokenizerChanged',
  /** The training steps a run may take. @param {{ min: number, max: number }} range */
  steps: ({ min, max }) => t('generate.hints.steps', { min, max }),
});

/**
 * A whole-number field's words (common/controls.js's wholeNumberField): its range, and a typed value outside it.
 * @param {{ min: number, max: number }} range
 */
export const numberFieldText = ({ min, max }) => ({
  rangeText: t('generate.hints.steps', { min, max }),
  outOfRangeText: (typed, kept) => t('generate.hints.outOfRange', { typed, kept, min, max }),
});

/** A piece as a screen reader says it: "space", "line break", or the piece in quotes. */
const invisibleNames = messageGetters({
  ' ': 'generate.pieces.space',
  '\n': 'generate.pieces.lineBreak',
  '\t': 'generate.pieces.tab',
  '\r': 'generate.pieces.carriageReturn',
});
export function spokenPiece(piece) {
  if (Object.hasOwn(invisibleNames, piece)) return invisibleNames[piece];
  return `“${visiblePiece(piece)}”`;
}

/** The text's size: "12,345 characters, 300 lines". */
export function corpusSize(text) {
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return t('generate.text.corpusSize', { characters: text.length, lines });
}

/** What the tokenizer made of the text, once a run has started. */
export function tokenizerSummary(info) {
  const { tokenizer, trainTokens, characters } = info;
  return t('generate.text.tokenizerSummary', {
    size: tokenizer.size,
    kind: tokenizer.kind === 'byte-pairs' ? 'bytePairs' : 'characters',
    learned: tokenizer.size - 256,
    trainTokens,
    heldOutTokens: formatCount(info.heldOutTokens),
    perToken: formatDecimal(characters / (trainTokens + info.heldOutTokens), 3),
  });
}

export const mergesTitle = (count) => t('generate.text.mergesTitle', { count });
export const mergeText = ({ left, right, merged }, visible) =>
  `${visible(left)} + ${visible(right)} → ${visible(merged)}`;

export const parametersText = (parameters) =>
  parameters === null ? t('generate.text.ffn') : t('generate.text.parameters', { parameters });

/** The line beside the progress bar. */
export function progressText(run, status, state) {
  if (!run || status === 'starting')
    return status === 'starting'
      ? t('generate.progress.fetching')
      : t('generate.progress.planned', { steps: state.steps, batchSize: state.batchSize, context: state.context });
  // Stopped: where it stopped, and no time left (nothing is under way); refused at the start: why, beside Start.
  if (status === 'paused' || (status === 'failed' && run.step > 0))
    return t('generate.progress.stopped', { step: run.step, steps: run.steps });
  if (status === 'failed') return t('generate.progress.refused', { reason: languageModelRefusalText(run.error) });
  return runningParts(run, status, runningWords).join(' · ');
}

const runningWords = {
  step: (step, steps) => t('generate.progress.step', { step, steps }),
  speed: (speed) => t('generate.progress.speed', { speed }),
  left: (seconds) => t('generate.progress.left', { duration: formatDuration(seconds) }),
  doneIn: (seconds) => t('generate.progress.doneIn', { duration: formatDuration(seconds) }),
};

/** What a screen reader hears when the run's status changes ('' for the statuses it need not hear). */
export function statusSaid(status, step) {
  if (status === 'running') return t('generate.progress.said.running');
  if (status === 'paused') return t('generate.progress.said.stopped', { step });
  if (status === 'done') return t('generate.progress.said.done');
  if (status === 'failed') return t('generate.progress.said.failed');
  return '';
}

export const sampleTitle = (sample) =>
  sample ? t('generate.sample.title', { step: sample.step }) : t('generate.sample.waiting');

/**
 * The line by the strip: the last generation's time, or, once "Compare with recomputing" has timed the same writing
 * again (generation.comparison), the comparison's time for the way it was written, so it never shows the older one.
 */
export function generationTime(generation) {
  if (!generation) return '';
  const { comparison, options } = generation;
  const time = comparison
    ? options.cache
      ? comparison.cachedSeconds
      : comparison.recomputedSeconds
    : generation.seconds;
  const line = t('generate.writing.time', {
    tokens: generation.steps.length,
    time: seconds(time),
    cache: options.cache ? 'on' : 'off',
    by: generation.trainedSteps === null ? 'opened' : 'trained',
    step: generation.trainedSteps ?? 0,
  });
  return comparison ? `${line} ${t('generate.writing.timedByComparison')}` : line;
}

/**
 * What the opened model is: its recipe (scripts/train-model.sh) and its shape, and what it scores on held-out text.
 * @param {{ layers: number, dModel: number, heads: number, context: number, parameters: number }} config
 * @param {{ steps: number, batch: number, heldOutBitsPerCharacter: number }} recipe
 */
export function trainedModelText(config, recipe) {
  const { layers, dModel, heads, context, parameters } = config;
  const { steps, batch } = recipe;
  const bitsPerCharacter = bits(recipe.heldOutBitsPerCharacter);
  return t('generate.writing.trainedModel', {
    steps: formatCount(steps),
    batch,
    context,
    layers,
    dModel,
    heads,
    parameters: formatCount(parameters),
    bits: bitsPerCharacter,
  });
}

/** What a model opened from the learner's file is. @param {string} name  the file's */
export function openedFileText(config, name) {
  const { layers, dModel, heads, context, parameters } = config;
  return t('generate.writing.openedFile', {
    name,
    layers,
    dModel,
    heads,
    parameters: formatCount(parameters),
    context,
  });
}

/** The file name a language model's weights download under: its shape, and the steps it was trained for. */
export function languageModelFileName(config, trainedSteps, madeAt = null) {
  const steps = trainedSteps === null ? '' : `-${trainedSteps}steps`;
  // The key/value heads always (a multi-query model is not the same file as a multi-head one), and a run's time to
  // the second: two runs of one shape and length never download under one name.
  const kv = `-kv${config.kvHeads ?? config.heads}`;
  const time = madeAt === null ? '' : `-${fileTimeStamp(madeAt)}`;
  return `language-model-d${config.dModel}-${config.layers}x${config.heads}${kv}${steps}${time}.bin`;
}

/** A time as a file name may carry it, in the learner's own time zone: 20261128-130502. */
function fileTimeStamp(time) {
  const date = new Date(time);
  const two = (n) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** The cache against recomputing, measured on the same settings. */
export function comparisonText(result) {
  return t('generate.writing.comparison', {
    cached: seconds(result.cachedSeconds),
    recomputed: seconds(result.recomputedSeconds),
    ratio: formatDecimal(result.recomputedSeconds / result.cachedSeconds, 2),
    same: result.sameText ? 'yes' : 'no',
    tokens: result.tokens,
    first: (result.firstDifference ?? 0) + 1,
  });
}

export const stepTitle = (index, piece) => t('generate.step.title', { index: index + 1, piece });

/** How the chosen token was drawn, in a sentence. */
export function choiceText(step, options) {
  const probability = formatProbability(step.probability);
  return options.decoding === 'greedy'
    ? t('generate.step.greedy', { probability })
    : t('generate.step.drawn', { probability, temperature: formatDecimal(options.outputTemperature, 3) });
}

export const modelDistributionNote = (answer) =>
  answer?.same
    ? t('generate.step.sameDistribution')
    : answer === null
      ? t('generate.step.trainedOn')
      : answer.exact
        ? ''
        : t('generate.step.notExact');

export const headChoice = (head, config) => headName(head, config);

/** The cache at one step, measured and computed. */
export function cacheText(step, index, generation, config) {
  const window = {
    index: index + 1,
    length: step.length,
    first: step.windowStart + 1,
    last: step.windowStart + step.length,
  };
  if (!generation.options.cache) return t('generate.cache.none', window);
  return t('generate.cache.held', {
    ...window,
    perToken: config.cacheBytesPerToken,
    layers: config.layers,
    kvHeads: config.kvHeads,
    width: config.dModel / config.heads,
    computed: formatCount(config.cacheBytesPerToken * step.length),
    allocated: formatCount(step.cacheBytes),
  });
}

export const kvSharingText = (config) =>
  config.kvHeads === config.heads
    ? t('generate.cache.ownHeads', { heads: config.heads })
    : t('generate.cache.sharedHeads', {
        heads: config.heads,
        kvHeads: config.kvHeads,
        ratio: config.heads / config.kvHeads,
      });

export const tokenName = (index, spoken, probability) =>
  t('generate.strip.token', { index: index + 1, piece: spoken, probability: formatProbability(probability) });
export const promptTokenName = (spoken) => t('generate.strip.prompt', { piece: spoken });
export const characterGroupName = (spoken, count) => t('generate.strip.character', { character: spoken, count });
export const causalMapLabel = (rows, cols, layer, head) =>
  t('generate.causalMap.label', { layer: layer + 1, head: head + 1, rows, cols });
export const windowNote = (step) =>
  step.windowStart > 0 ? t('generate.step.windowMoved', { position: step.windowStart + 1 }) : '';

/** The session's and the shipped files' errors, as the page shows them. */
export const errorTexts = Object.freeze({
  workerSilent: (secondsSilent) => t('generate.errors.workerSilent', { seconds: secondsSilent }),
  workerStart: (reason) => t('generate.errors.workerStart', { reason: reason || t('generate.errors.workerScript') }),
  austenFetch: (status) => t('generate.errors.austenFetch', { status }),
  modelFetch: (status) => t('generate.errors.modelFetch', { status }),
});

/** Bytes as whole megabytes (10⁶, as Hugging Face's pages say a file's size). */
export const megabytes = (bytes) => formatCount(Math.round(bytes / 1e6));

/** GPT-2's opening (the view's "Open GPT-2", <attention-generator gpt2>): its progress bar's name and its Cancel. */
export const gpt2OpeningLabels = messageGetters({ progress: 'generate.gpt2.progress', cancel: 'generate.gpt2.cancel' });

/** Where GPT-2's opening is: { phase: 'header' | 'tensors' | 'ready' (any other: opening), loaded, total } (bytes). */
export const gpt2Phase = ({ phase, loaded, total }) =>
  t('generate.gpt2.phase', { phase, loaded: megabytes(loaded), total: megabytes(total) });
