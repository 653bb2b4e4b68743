// Every word the Generate view shows, in one place: labels, hints, and the sentences its numbers are said in (its
// heading and introduction are the app's, in view-text.js, shown before the view's code arrives). A sentence is
// written whole here, by one function, rather than assembled from pieces in several files.
import { formatCount, formatNumber, formatProbability } from '../common/format.js';
import { headName } from '../translation/head-names.js';
import { heldOutTokens } from './language-model-run.js';

/** Pride and Prejudice's size, from web/corpora/README.md: shown before the text is fetched. */
const austenCharacters = 684_768;

const bits = (value) => formatNumber(value, 3);
const bytes = (value) => `${formatCount(value)} bytes`;
/** "4.2 s", "45 s", "3 min 5 s": a duration for the progress line. */
function formatDuration(value) {
  if (!Number.isFinite(value)) return '–';
  if (value < 10) return `${value.toFixed(1)} s`;
  if (value < 60) return `${Math.round(value)} s`;
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
const seconds = (value) => (value < 1 ? `${formatNumber(value * 1000, 3)} ms` : `${formatNumber(value, 3)} s`);

export const labels = Object.freeze({
  text: 'Text',
  austen: `Pride and Prejudice (Jane Austen, 1813; public domain; ${formatCount(austenCharacters)} characters, fetched when training starts)`,
  own: 'your own text',
  ownText: 'your text',
  ownFile: 'or open a file',
  ownPlaceholder: 'Paste any text: a story, notes, code… (at least 20 characters; it stays in this tab)',
  tokenizer: 'tokenizer',
  tokenizers: {
    characters: 'characters (each character a token)',
    'byte-pairs': 'byte pairs (frequent pairs merged)',
  },
  merges: 'merges',
  model: 'Model',
  dModel: 'width D',
  heads: 'heads',
  kvHeads: 'key/value heads',
  layers: 'layers',
  positions: 'positions',
  positionChoices: {
    sinusoidal: 'sinusoidal, added to the tokens',
    rope: 'RoPE: queries and keys turned',
    alibi: 'ALiBi: far keys penalised',
  },
  context: 'context',
  training: 'Training',
  steps: 'steps',
  batchSize: 'batch',
  learningRate: 'learning rate',
  start: {
    idle: 'Start training',
    running: 'Stop',
    stopping: 'Stopping…',
    stopped: 'Continue training',
    starting: 'Starting…',
    done: 'Train again',
    failed: 'Start training',
  },
  reset: 'Reset',
  progress: 'training progress',
  writing: 'Writing',
  prompt: 'prompt',
  tokens: 'tokens',
  temperature: 'temperature',
  topK: 'top-k',
  topP: 'top-p',
  seed: 'seed',
  cache: 'use the key/value cache',
  write: 'Write',
  openTrained: 'Write with our model, trained on Pride and Prejudice',
  download: 'Download the weights (.bin)',
  openFile: 'or open a weight file',
  compare: 'Compare with recomputing',
  strip: 'The prompt and what the model wrote, a token each',
  layer: 'layer',
  head: 'head',
  drawnFrom: 'Drawn from (after temperature, top-k and top-p)',
  modelOwn: 'The model’s own probabilities (softmax of its logits, temperature 1)',
  stepAttention: 'Attention of every layer and head at this token',
  causalMap: 'Causal map: each token’s attention (one head), row by row',
  cacheSection: 'The key/value cache at this token',
});

export const hints = Object.freeze({
  tokenizer:
    'Characters: every character is a token. Byte pairs: the most frequent pair of tokens in the text becomes a new token, again and again (the merges), so common words become single tokens. Either way, a character never seen falls back to its UTF-8 bytes, shown as <0xNN>.',
  ownText: 'Drop a text file here, or open one: a larger text (100 kB or more) teaches more.',
  context: 'characters or tokens the model reads at most',
  steps: '10 to 5,000',
  training:
    'Training runs in a background thread (a Web Worker), so this page stays responsive. The loss is the cross-entropy of each next token in nats; the held-out text, the last tenth, is never trained on.',
  bits: 'Bits per character on the held-out text: how many yes/no questions the model needs per character. The unigram model knows only how frequent each token is; the bigram model also knows the token before. Below the bigram line, the model uses more than one token of context: what attention is for.',
  writing:
    'Temperature 0 always takes the most likely token; higher temperatures flatten the distribution before a token is drawn. Top-k keeps only the k most likely tokens (0: all); top-p the fewest whose probabilities reach p. The same seed draws the same tokens.',
  noModel: 'No model yet: train one above (the prompt and settings wait here), or write at once with ours.',
  strip: 'Choose a written token (click it, or Tab to the strip and use the arrow keys) to see how it was chosen.',
  causalMap:
    'Row i: the attention of the query that chose token i, over the positions before it. Grey cells are masked: later positions (the causal mask: a token never sees the future) and positions that left the window. Click a row to choose its token.',
  stepAttention:
    'A row per layer and head over the window; the query is the last token before this one. Click a row to choose its head.',
});

/** The text's size: "12,345 characters, 300 lines". */
export function corpusSize(text) {
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return `${formatCount(text.length)} characters, ${formatCount(lines)} lines`;
}

/** What the tokenizer made of the text, once a run has started. */
export function tokenizerSummary(info) {
  const { tokenizer, trainTokens, characters } = info;
  const learned = tokenizer.size - 256;
  const kinds =
    tokenizer.kind === 'byte-pairs'
      ? `${formatCount(learned)} merges learned from the text`
      : `${formatCount(learned)} characters of the text that take more than one byte`;
  const perToken = formatNumber(characters / (trainTokens + info.heldOutTokens), 3);
  return `${formatCount(tokenizer.size)} tokens: 256 bytes (an ASCII character is one) and ${kinds}. The text is ${formatCount(trainTokens)} tokens to train on and ${formatCount(info.heldOutTokens)} held out; characters per token: ${perToken}.`;
}

export const mergesTitle = (count) => `The first ${count} merges, in the order learned:`;
export const mergeText = ({ left, right, merged }, visible) =>
  `${visible(left)} + ${visible(right)} → ${visible(merged)}`;

export const parametersText = (parameters) =>
  parameters === null ? 'FFN width 4·D' : `${formatCount(parameters)} parameters; FFN width 4·D`;

/** The line beside the progress bar. */
export function progressText(run, status, state) {
  if (!run || status === 'starting')
    return status === 'starting'
      ? 'fetching the text, tokenizing it and building the model…'
      : `${formatCount(state.steps)} steps of ${state.batchSize} windows of ${state.context} tokens`;
  if (status === 'failed') return run.step > 0 ? `stopped at step ${run.step} of ${run.steps}` : 'not started';
  const speed = Number.isFinite(run.stepsPerSecond) ? `${Math.round(run.stepsPerSecond)} steps/s` : '';
  const left =
    status === 'done'
      ? `done in ${formatDuration(run.trainingSeconds)}`
      : `${formatDuration((run.steps - run.step) / run.stepsPerSecond)} left`;
  return [`step ${run.step} of ${run.steps}`, speed, left].filter(Boolean).join(' · ');
}

export const statusSaid = (status, step) =>
  ({ running: 'training', stopped: `stopped at step ${step}`, done: 'training finished', failed: 'training failed' })[
    status
  ] ?? '';

export const lossChartTitle = 'Training loss (cross-entropy per token, in nats)';
export const bitsChartTitle = 'Held-out bits per character';
export const lossSummary = (run) =>
  run?.losses.length ? `loss ${formatNumber(run.losses.at(-1), 3)} nats at step ${run.step}` : 'no training yet';
export const seriesNames = { model: 'this model', unigram: 'unigram', bigram: 'bigram' };
export const referenceLabel = (name, value) => `${name} ${bits(value)}`;

/** The held-out measurements in a sentence. */
export function bitsSummary(run) {
  const last = run?.evaluations.at(-1);
  if (!last) return 'Held-out text is never trained on: it shows whether the model learned the language, not the text.';
  const verdict =
    last.bitsPerCharacter < last.bigram
      ? 'below the bigram model: it reads more than the token before'
      : last.bitsPerCharacter < last.unigram
        ? 'between the unigram and the bigram models'
        : 'above the unigram model: not yet better than counting tokens';
  return `Step ${last.step}: ${bits(last.bitsPerCharacter)} bits per character on held-out text (its first ${formatCount(heldOutTokens)} tokens), ${verdict}; unigram ${bits(last.unigram)}, bigram ${bits(last.bigram)}.`;
}

export const sampleTitle = (sample) =>
  sample
    ? `What it writes now (step ${sample.step}, with the writing settings below):`
    : 'What it writes: a sample every few seconds while it trains.';

/** The line under the writing controls: the last generation's time. */
export function generationTime(generation) {
  if (!generation) return '';
  const how = generation.options.cache ? 'with the key/value cache' : 'recomputing the window at every token';
  const by = generation.trainedSteps === null ? 'the opened model' : `the model of step ${generation.trainedSteps}`;
  return `${generation.steps.length} tokens in ${seconds(generation.seconds)}, ${how}, by ${by}.`;
}

/**
 * What the opened model is: its recipe (scripts/train-model.sh) and its shape, and what it scores on held-out text.
 * @param {{ layers: number, dModel: number, heads: number, context: number, parameters: number }} config
 * @param {{ steps: number, batch: number, heldOutBitsPerCharacter: number }} recipe
 */
export function trainedModelText(config, recipe) {
  const shape = `${config.layers} layers of width ${config.dModel}, ${config.heads} heads, ${formatCount(config.parameters)} parameters`;
  return `Writing with our model: trained on Pride and Prejudice for ${formatCount(recipe.steps)} steps of ${recipe.batch} windows of ${config.context} characters (${shape}); ${bits(recipe.heldOutBitsPerCharacter)} bits per character on the novel’s held-out tenth, never trained on. Start training to make your own instead.`;
}

/** What a model opened from the learner's file is. @param {string} name  the file's */
export function openedFileText(config, name) {
  return `Writing with the model from “${name}”: ${config.layers} layers of width ${config.dModel}, ${config.heads} heads, ${formatCount(config.parameters)} parameters, a context of ${config.context} tokens. Start training to make another instead.`;
}

/** The file name a language model's weights download under: its shape, and the steps it was trained for. */
export function languageModelFileName(config, trainedSteps) {
  const steps = trainedSteps === null ? '' : `-${trainedSteps}steps`;
  return `language-model-d${config.dModel}-${config.layers}x${config.heads}${steps}.bin`;
}

/** The cache against recomputing, measured on the same settings. */
export function comparisonText(result) {
  const ratio = formatNumber(result.recomputedSeconds / result.cachedSeconds, 2);
  const same = result.sameText
    ? `the same ${result.tokens} tokens both ways`
    : `the tokens differ from token ${result.firstDifference + 1} on`;
  return `With the cache: ${seconds(result.cachedSeconds)}; recomputing every token’s window: ${seconds(result.recomputedSeconds)} (${ratio}× the time); ${same}.`;
}

export const stepTitle = (index, step) => `Token ${index + 1}: ${step}`;

/** How the chosen token was drawn, in a sentence. */
export function choiceText(step, options) {
  const how =
    options.temperature === 0 ? 'the most likely token (temperature 0)' : `drawn at temperature ${options.temperature}`;
  return `Probability ${formatProbability(step.probability)} in the distribution it was drawn from: ${how}.`;
}

export const modelDistributionNote = (answer) =>
  answer?.same
    ? 'Drawn at temperature 1 without top-k or top-p: the distribution it was drawn from is the model’s own.'
    : answer === null
      ? 'The model has trained on since this was written: write again to see its probabilities.'
      : answer.exact
        ? ''
        : 'Not shown: the text before this token does not tokenize back to the same tokens (a character split into bytes, or byte pairs written unmerged), so it cannot be fed again exactly.';

export const headChoice = (head, config) => headName(head, config);

/** The cache at one step, measured and computed. */
export function cacheText(step, index, generation, config) {
  const first = step.windowStart + 1;
  const last = step.windowStart + step.length;
  if (!generation.options.cache)
    return `No cache: to choose token ${index + 1}, the model recomputed the keys and values of all ${step.length} positions of its window (${first}–${last}) in every layer.`;
  const computed = config.cacheBytesPerToken * step.length;
  const width = config.dModel / config.heads;
  return `To choose token ${index + 1}, each layer read the keys and values of ${step.length} positions (${first}–${last}) from the cache and computed only the newest. Held: ${config.cacheBytesPerToken} bytes per position (${config.layers} layers × 2 for keys and values × ${config.kvHeads} key/value heads × ${width} numbers × 4 bytes) × ${step.length} = ${bytes(computed)}; allocated, measured: ${bytes(step.cacheBytes)} (the cache grows by blocks of 16 positions, and already holds the token just chosen).`;
}

export const kvSharingText = (config) =>
  config.kvHeads === config.heads
    ? `Each of the ${config.heads} heads keeps its own keys and values.`
    : `${config.heads} query heads share ${config.kvHeads} key/value heads: the cache is ${config.heads / config.kvHeads}× smaller than with one per head.`;

export const tokenName = (index, spoken, probability) =>
  `token ${index + 1}: ${spoken}, probability ${formatProbability(probability)}`;
export const promptTokenName = (spoken) => `prompt: ${spoken}`;
export const causalMapLabel = (rows, cols, layer, head) =>
  `Causal map of layer ${layer + 1}, head ${head + 1}: ${rows} written tokens by ${cols} positions; the filled part is a lower triangle`;
export const windowNote = (step) =>
  step.windowStart > 0
    ? `The window starts at position ${step.windowStart + 1}: once the sequence filled the context, the window moved on by half a context.`
    : '';
