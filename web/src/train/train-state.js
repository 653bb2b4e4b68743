// The Train view's state (the run's options and what is on screen, never the weights) and its URL form, so a
// link reproduces a run: same options and seed, same curves. Anything missing or out of range in a link
// falls back to the default.
import { defaultTrainerSteps, maxTrainerThreads, trainerDefaults } from '../../lib/index.js';
import { languagePairs, sequenceTasks } from '../../lib/language-pairs.js';
import { t } from '../i18n/messages.js';
import { formatFixed, formatPercent } from '../common/format.js';

/**
 * The tasks, as createTrainer names them (the registry's language pairs and sequence tasks, then pasted pairs), with
 * a probe to start with (what the page calls each is the message train.tasks.<name>).
 */
export const trainTasks = Object.freeze(
  Object.fromEntries(
    [...languagePairs, ...sequenceTasks, { id: 'pairs', probe: '' }].map(({ id, probe }) => [id, { probe }]),
  ),
);

export const trainChoices = Object.freeze({
  sequenceLength: { min: 1, max: 16 },
  dModel: [16, 32, 64],
  heads: [1, 2, 4, 8],
  layers: [1, 2, 3],
  learningRate: [0.001, 0.002, 0.003, 0.005, 0.008, 0.01, 0.02],
  steps: { min: 10, max: 5000 },
  longestSentence: { min: 2, max: 12 }, // English words, for the language pairs
  // The language pairs' lexicon: its N commonest nouns, verbs and adjectives (createTrainer's vocabulary); 0: all.
  vocabulary: [60, 90, 250, 0],
  batchSize: { min: 4, max: 128 },
  seed: { min: 0, max: 99999 },
  // How the model sees positions (model.positions); 'none' is the no-positions ablation's.
  positions: ['sinusoidal', 'rope', 'alibi'],
});

/** Ablation keys (as createTrainer names them) and their short URL names. */
export const ablationNames = Object.freeze({
  noPositions: 'positions',
  noScaling: 'scaling',
  singleHead: 'heads',
  sigmoidGates: 'softmax',
});

export const defaultProbe = languagePairs[0].probe;

export const isSequenceTask = (task) => sequenceTasks.some(({ id }) => id === task);
export const isLanguageTask = (task) => languagePairs.some(({ id }) => id === task);

export function defaultTrainState() {
  const { dModel, heads, encoderLayers, decoderLayers } = trainerDefaults.model;
  return {
    task: /** @type {import('../../lib/index.js').TrainingTask | 'pairs'} */ (languagePairs[0].id),
    pairsText: '', // pasted pairs live in the page, not in the URL (too long, and the user's own)
    heldOutShare: 0.1,
    lowercase: true,
    minLength: trainerDefaults.sequenceLength.min,
    maxLength: trainerDefaults.sequenceLength.max,
    longestSentence: trainerDefaults.longestSentence,
    vocabulary: trainerDefaults.vocabulary,
    dModel,
    heads,
    encoderLayers,
    decoderLayers,
    steps: trainerDefaults.languagePairSteps,
    batchSize: trainerDefaults.batchSize,
    learningRate: trainerDefaults.learningRate,
    seed: trainerDefaults.seed,
    positions: 'sinusoidal',
    kvHeads: /** @type {number | 'all'} */ ('all'), // key/value heads; 'all': one per query head
    ablations: { noPositions: false, noScaling: false, singleHead: false, sigmoidGates: false },
    probe: defaultProbe,
    layer: decoderLayers - 1,
    head: /** @type {number | 'average'} */ ('average'),
    threads: /** @type {null | number} */ (null), // threads sharing each step (createTrainer's); null: the default
  };
}

/** createTrainer() options for a state: the FFN is twice the model width, as in the shipped model. */
export function trainerOptions(state) {
  return {
    task:
      state.task === 'pairs'
        ? { text: state.pairsText, heldOut: state.heldOutShare, lowercase: state.lowercase }
        : state.task,
    sequenceLength: { min: state.minLength, max: state.maxLength },
    longestSentence: state.longestSentence,
    vocabulary: state.vocabulary,
    seed: state.seed,
    steps: state.steps,
    batchSize: state.batchSize,
    learningRate: state.learningRate,
    model: {
      dModel: state.dModel,
      heads: state.heads,
      kvHeads: effectiveKvHeads(state),
      ffn: 2 * state.dModel,
      encoderLayers: state.encoderLayers,
      decoderLayers: state.decoderLayers,
      positions: state.ablations.noPositions ? 'none' : state.positions,
    },
    ablations: { ...state.ablations },
  };
}

/** Heads per layer the state's model will have (a single-head ablation overrides the choice). */
export function effectiveHeads(state) {
  return state.ablations.singleHead ? 1 : state.heads;
}

/** The key/value head counts a model of `heads` query heads can have: its divisors, largest first. */
export function kvHeadChoices(heads) {
  return Array.from({ length: heads }, (_, i) => heads - i).filter((n) => heads % n === 0);
}

/** Key/value heads the state's model will have: one per query head unless a count that divides them is chosen. */
export function effectiveKvHeads(state) {
  const heads = effectiveHeads(state);
  return state.kvHeads !== 'all' && kvHeadChoices(heads).includes(state.kvHeads) ? state.kvHeads : heads;
}

export function encodeTrainState(state) {
  const d = defaultTrainState();
  const params = new URLSearchParams();
  const keep = (name, key) => state[key] !== d[key] && params.set(name, String(state[key]));
  keep('task', 'task');
  if (isSequenceTask(state.task)) params.set('len', `${state.minLength}-${state.maxLength}`);
  if (isLanguageTask(state.task)) {
    keep('words', 'longestSentence');
    if (state.vocabulary !== d.vocabulary) params.set('lexicon', lexiconParam(state.vocabulary));
  }
  keep('d', 'dModel');
  keep('h', 'heads');
  keep('enc', 'encoderLayers');
  keep('dec', 'decoderLayers');
  if (state.steps !== defaultTrainerSteps(state.task)) params.set('steps', String(state.steps));
  keep('batch', 'batchSize');
  keep('lr', 'learningRate');
  keep('seed', 'seed');
  keep('pe', 'positions');
  keep('kv', 'kvHeads');
  const ablated = Object.entries(ablationNames)
    .filter(([key]) => state.ablations[key])
    .map(([, name]) => name);
  if (ablated.length) params.set('without', ablated.join(','));
  if (state.probe !== trainTasks[state.task].probe) params.set('probe', state.probe);
  params.set('layer', String(state.layer + 1));
  params.set('head', state.head === 'average' ? 'avg' : String(state.head + 1));
  if (state.threads !== null) params.set('threads', String(state.threads));
  return params;
}

/** The vocabulary in a link: its number of words, or 'all' for the whole lexicon (createTrainer's 0). */
const lexiconParam = (vocabulary) => (vocabulary === 0 ? 'all' : String(vocabulary));

function integerIn(value, { min, max }) {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function oneOf(value, choices) {
  const n = Number(value);
  return value !== null && choices.includes(n) ? n : null;
}

export function decodeTrainState(search) {
  const params = new URLSearchParams(search);
  const state = defaultTrainState();
  const layers = { min: 1, max: 3 };
  const task = /** @type {typeof state.task} */ (params.get('task') ?? '');
  if (Object.hasOwn(trainTasks, task)) state.task = task;
  const [min, max] = (params.get('len') ?? '').split('-').map((n) => integerIn(n, trainChoices.sequenceLength));
  if (min != null && max != null && min <= max) Object.assign(state, { minLength: min, maxLength: max });
  state.longestSentence = integerIn(params.get('words'), trainChoices.longestSentence) ?? state.longestSentence;
  const lexicon = params.get('lexicon'); // 'all' or one of the counts ('0' and '' are neither)
  const counts = trainChoices.vocabulary.filter((words) => words > 0);
  state.vocabulary = lexicon === 'all' ? 0 : (oneOf(lexicon, counts) ?? state.vocabulary);
  state.probe = trainTasks[state.task].probe;
  state.dModel = oneOf(params.get('d'), trainChoices.dModel) ?? state.dModel;
  state.heads = oneOf(params.get('h'), trainChoices.heads) ?? state.heads;
  state.encoderLayers = integerIn(params.get('enc'), layers) ?? state.encoderLayers;
  state.decoderLayers = integerIn(params.get('dec'), layers) ?? state.decoderLayers;
  state.steps = integerIn(params.get('steps'), trainChoices.steps) ?? defaultTrainerSteps(state.task);
  state.batchSize = integerIn(params.get('batch'), trainChoices.batchSize) ?? state.batchSize;
  state.learningRate = oneOf(params.get('lr'), trainChoices.learningRate) ?? state.learningRate;
  state.seed = integerIn(params.get('seed'), trainChoices.seed) ?? state.seed;
  if (trainChoices.positions.includes(params.get('pe') ?? '')) state.positions = params.get('pe');
  state.kvHeads = oneOf(params.get('kv'), trainChoices.heads) ?? state.kvHeads;
  const without = new Set((params.get('without') ?? '').split(','));
  for (const [key, name] of Object.entries(ablationNames)) state.ablations[key] = without.has(name);
  const probe = params.get('probe');
  if (probe !== null && probe.trim() !== '') state.probe = probe.slice(0, 200);
  state.layer = (integerIn(params.get('layer'), { min: 1, max: state.decoderLayers }) ?? state.decoderLayers) - 1;
  const head = params.get('head');
  const headIndex = integerIn(head, { min: 1, max: effectiveHeads(state) });
  state.head = headIndex === null ? 'average' : headIndex - 1;
  state.threads = integerIn(params.get('threads'), { min: 1, max: maxTrainerThreads });
  return state;
}

/** The steps at which the snapshot strip keeps the probe's map: 0, 10%, 25%, 50% and the end. */
export function snapshotSteps(steps) {
  return [...new Set([0, 0.1, 0.25, 0.5, 1].map((share) => Math.round(share * steps)))];
}

/** "1.2 s", "45 s", "3 min 5 s": a duration for the progress line. */
export function formatDuration(seconds) {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds < 10) return t('train.duration.seconds', { seconds: formatFixed(seconds, 1) });
  if (seconds < 60) return t('train.duration.seconds', { seconds: Math.round(seconds) });
  const whole = Math.round(seconds);
  return t('train.duration.minutes', { minutes: Math.floor(whole / 60), seconds: whole % 60 });
}

/** "45%" ("45 %" in Spanish): a score's share, or "–" for one not measured (pasted pairs have no alignment to score). */
export const formatShare = (share) => (share === null || share === undefined ? '–' : formatPercent(share));
