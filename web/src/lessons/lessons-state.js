// The Lessons view's state and its URL form: which lecture point is open, and each widget's settings.
import { logSlider } from '../common/controls.js';
import { outputTemperatures } from './widgets/decoding-math.js';
import { defaultX, digitChoices } from './widgets/kqv-math.js';
import { parseCell } from '../drawing/cell-input.js';
import { defaultStory, storyLines } from './widgets/memory-math.js';
import { widths } from './widgets/scaling-math.js';
import { defaultScores, temperatureRange } from './widgets/softmax-math.js';
import { languagePairs, translationLimits } from '../translation/translation-state.js';

const exampleSentences = languagePairs['en-es'].examples;
const decodingSentenceCount = exampleSentences.length; // lesson 9's sentences are the same examples

export const lessonCount = 10;

/**
 * Every name encodeLessonsState may write besides `lesson`: <attention-lesson> takes each as an attribute
 * (tests/web/lessons/lessons.test.js holds this list to what the encoder writes).
 */
export const lessonSettingNames = Object.freeze(
  ['pos', 'dims', 'words', 'shuffle', 'add', 'hops', 'story', 'ex', 'dec', 'beam', 'seed', 'ot', 'tf', 'at', 'rh', 'kv']
    .concat(['sc', 't', 'draw', 'order', 'axis', 'query', 'blk', 'x', 'dig', 'd', 'head', 'item', 'decay'])
    .concat(['mask', 'allow']),
);

/**
 * Lesson 2's temperature at a position of its log-scale slider (0…1000), as the state and the URL keep it: to four
 * significant digits, where every position has a temperature of its own that puts the slider back there (to two,
 * 760 of the 1001 positions shared a neighbour's, and a key press that moved the slider was undone by the redraw).
 */
export const temperatureAtPosition = (position) => logSlider.valueAt(position, ...temperatureRange);

export function defaultLessonsState() {
  return {
    lesson: 1,
    softmax: { scores: [...defaultScores], temperature: 1, draw: 0, order: 0 },
    kqv: { axis: 'rows', query: 1, block: 2, x: [...defaultX], digits: 3 },
    scaling: { width: 64, seed: 0 },
    cross: { sentence: 0, head: /** @type {number | 'best'} */ ('best') },
    position: { positions: 32, dims: 32, sentence: 'the cat chased the dog', seed: 0, withPositions: false },
    memory: { hops: 2, story: [...defaultStory] },
    decoding: {
      sentence: 0,
      choice: 'greedy',
      beamWidth: /** @type {number | undefined} */ (undefined), // the Translation view's until one is chosen
      seed: 0,
      outputTemperature: 1,
      forced: false,
      step: 0,
    },
    reshape: { heads: 2, kvHeads: 8 },
    selective: { chosen: 0, decay: 0.5 },
    masks: { mode: 'none', custom: /** @type {number[] | null} */ (null) },
  };
}

const integerIn = (text, min, max) => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

export function encodeLessonsState(state) {
  const params = new URLSearchParams();
  params.set('lesson', String(state.lesson));
  if (state.lesson === 8) {
    const p = state.position;
    params.set('pos', String(p.positions));
    params.set('dims', String(p.dims));
    params.set('words', p.sentence);
    if (p.seed) params.set('shuffle', String(p.seed));
    if (p.withPositions) params.set('add', '1');
  }
  if (state.lesson === 10) {
    params.set('hops', String(state.memory.hops));
    if (state.memory.story.join(',') !== defaultStory.join(',')) params.set('story', state.memory.story.join(','));
  }
  if (state.lesson === 9) {
    const d = state.decoding;
    params.set('ex', String(d.sentence));
    if (d.choice !== 'greedy') params.set('dec', d.choice);
    // The beam's width as the Translation view writes it (beam=k), once the learner has chosen one.
    if (d.choice === 'beam' && d.beamWidth !== undefined) params.set('beam', String(d.beamWidth));
    if (d.seed) params.set('seed', String(d.seed));
    if (d.outputTemperature !== 1) params.set('ot', String(d.outputTemperature));
    if (d.forced) params.set('tf', '1');
    if (d.step) params.set('at', String(d.step + 1));
  }
  if (state.lesson === 7 && state.reshape.heads !== 2) params.set('rh', String(state.reshape.heads));
  if (state.lesson === 7 && state.reshape.kvHeads !== 8) params.set('kv', String(state.reshape.kvHeads));
  if (state.lesson === 2) {
    const { scores, temperature, draw, order } = state.softmax;
    params.set('sc', scores.join(','));
    params.set('t', String(temperature));
    if (draw) params.set('draw', String(draw));
    if (order) params.set('order', String(order));
  }
  if (state.lesson === 3) {
    params.set('axis', state.kqv.axis);
    params.set('query', String(state.kqv.query));
    if (state.kqv.block !== 2) params.set('blk', String(state.kqv.block));
    if (state.kqv.x.join(',') !== defaultX.join(',')) params.set('x', state.kqv.x.join(','));
    if (state.kqv.digits !== 3) params.set('dig', String(state.kqv.digits));
  }
  if (state.lesson === 4) {
    params.set('d', String(state.scaling.width));
    if (state.scaling.seed) params.set('draw', String(state.scaling.seed));
  }
  if (state.lesson === 5) {
    params.set('ex', String(state.cross.sentence));
    params.set('head', String(state.cross.head));
  }
  if (state.lesson === 6) {
    params.set('mask', state.masks.mode);
    if (state.masks.mode === 'custom') params.set('allow', state.masks.custom.join(''));
  }
  if (state.lesson === 1) {
    params.set('item', String(state.selective.chosen));
    params.set('decay', String(state.selective.decay));
  }
  return params;
}

export function decodeLessonsState(search) {
  const params = new URLSearchParams(search);
  const state = defaultLessonsState();
  state.lesson = integerIn(params.get('lesson'), 1, lessonCount) ?? 1;
  const p = state.position;
  p.positions = integerIn(params.get('pos'), 2, 64) ?? p.positions;
  const dims = integerIn(params.get('dims'), 2, 64);
  if (dims !== null && dims % 2 === 0) p.dims = dims;
  if (params.get('words')?.trim()) p.sentence = params.get('words').slice(0, 120);
  p.seed = integerIn(params.get('shuffle'), 0, 1e6) ?? 0;
  p.withPositions = params.get('add') === '1';
  state.memory.hops = integerIn(params.get('hops'), 1, 3) ?? 2;
  const story = (params.get('story') ?? '').split(',').map((line) => integerIn(line, 0, storyLines.length - 1));
  if (story.length === defaultStory.length && story.every((line) => line !== null)) state.memory.story = story;
  const d = state.decoding;
  d.sentence = integerIn(params.get('ex'), 0, decodingSentenceCount - 1) ?? 0;
  if (['sample', 'beam'].includes(params.get('dec'))) d.choice = params.get('dec');
  const beamWidth = integerIn(params.get('beam'), translationLimits.minBeamWidth, translationLimits.maxBeamWidth);
  if (d.choice === 'beam' && beamWidth !== null) d.beamWidth = beamWidth;
  d.seed = integerIn(params.get('seed'), 0, 9999) ?? 0;
  if (outputTemperatures.includes(Number(params.get('ot')))) d.outputTemperature = Number(params.get('ot'));
  d.forced = params.get('tf') === '1';
  d.step = (integerIn(params.get('at'), 1, 32) ?? 1) - 1;
  state.reshape.heads = params.get('rh') === '3' ? 3 : 2;
  state.reshape.kvHeads = [4, 2, 1].includes(Number(params.get('kv'))) ? Number(params.get('kv')) : 8;
  const scores = (params.get('sc') ?? '').split(',').map(Number);
  if (scores.length === defaultScores.length && scores.every((x) => Number.isFinite(x) && Math.abs(x) <= 10))
    state.softmax.scores = scores;
  const temperature = Number(params.get('t'));
  if (params.has('t') && temperature >= temperatureRange[0] && temperature <= temperatureRange[1])
    state.softmax.temperature = temperature;
  const draw = integerIn(params.get('draw'), 0, 1e6) ?? 0; // lesson 2's draw of the sampled input, lesson 4's random vectors
  state.softmax.draw = draw;
  state.softmax.order = integerIn(params.get('order'), 0, 1e6) ?? 0;
  if (params.get('axis') === 'columns') state.kqv.axis = 'columns';
  state.kqv.query = integerIn(params.get('query'), 0, 3) ?? state.kqv.query;
  state.kqv.block = integerIn(params.get('blk'), 1, 4) ?? state.kqv.block;
  // Lesson 3's X, row by row: as many numbers as it holds, each one a matrix cell may hold, or the lesson's own.
  const x = (params.get('x') ?? '').split(',').map(parseCell);
  if (x.length === defaultX.length && x.every((cell) => cell.ok)) state.kqv.x = x.map((cell) => cell.value);
  const digits = integerIn(params.get('dig'), 2, 4);
  if (digitChoices.includes(digits)) state.kqv.digits = digits;
  const width = integerIn(params.get('d'), 2, 512);
  if (widths.includes(width)) state.scaling.width = width;
  state.scaling.seed = draw;
  state.cross.sentence = integerIn(params.get('ex'), 0, exampleSentences.length - 1) ?? 0;
  const head = integerIn(params.get('head'), 0, 63);
  if (head !== null) state.cross.head = head;
  state.selective.chosen = integerIn(params.get('item'), 0, 5) ?? 0;
  const decay = Number(params.get('decay'));
  if (params.has('decay') && decay >= 0.05 && decay <= 0.95) state.selective.decay = Math.round(decay * 20) / 20;
  // Lesson 6: a named mask, or the learner's own as 25 bits (query-major); anything else is no mask.
  const allow = params.get('allow') ?? '';
  if (params.get('mask') === 'custom' && /^[01]{25}$/.test(allow)) {
    state.masks = { mode: 'custom', custom: Array.from(allow, Number) };
  } else if (['none', 'causal', 'pad'].includes(params.get('mask'))) {
    state.masks.mode = params.get('mask');
  }
  return state;
}
