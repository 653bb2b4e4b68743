// The translation view's state and its URL form, so a link reproduces the language pair, sentence,
// temperature, how words are chosen (greedy, sampled, or a beam of a width) and the maps on screen.
// Decoding always replays from the URL's sentence; nothing else needs storing. Its words (the language pairs' and
// the kinds of attention's names) are the `translation` section's messages, read when a property is read
// (messageGetters), never at import: importers still read them as strings.
import { languagePairs as registryPairs } from '../../lib/language-pairs.js';
import { messageGetters } from '../i18n/messages.js';

export const translationLimits = Object.freeze({
  minTemperature: 0.05,
  maxTemperature: 20,
  maxSentenceLength: 200,
  minOutputTemperature: 0.1,
  maxOutputTemperature: 10,
  maxSeed: 999999,
  minBeamWidth: 1,
  maxBeamWidth: 8,
});

/**
 * The shipped models' language pairs (the registry's pairs with a model: the names loadTranslator({ weights }) and
 * the site's model URLs take), in the registry's order: what the page says about each (messages
 * translation.pairs.<name>.label and .target) and example sentences the grammar translates (the first is the
 * default; data, in English).
 */
export const languagePairs = Object.freeze(
  Object.fromEntries(
    registryPairs
      .filter((pair) => pair.model !== null)
      .map(({ id, examples }) => [
        id,
        messageGetters({ label: `translation.pairs.${id}.label`, target: `translation.pairs.${id}.target`, examples }),
      ]),
  ),
);
/** The pair the view opens with, and a link without `model` means. */
export const defaultPair = Object.keys(languagePairs)[0];

/** The beam widths a select offers, as [value, text] pairs: 1 (greedy's words) to 8. */
export const beamWidthChoices = Object.freeze(
  Array.from({ length: translationLimits.maxBeamWidth - translationLimits.minBeamWidth + 1 }, (_, i) => {
    const width = translationLimits.minBeamWidth + i;
    return [width, String(width)];
  }),
);

export function defaultTranslationState(model = defaultPair) {
  return {
    model,
    sentence: languagePairs[model].examples[0],
    temperature: 1,
    layer: 1,
    head: /** @type {number | 'average'} */ ('average'),
    showAlignment: true,
    decoding: /** @type {'greedy' | 'sample' | 'beam'} */ ('greedy'),
    beamWidth: 4, // the beam's width when decoding is 'beam'
    outputTemperature: 1,
    seed: 0,
    teacherForcing: false,
    headsOff: /** @type {string[]} */ ([]), // heads switched off, as headId() names them, sorted
  };
}

/** The three kinds of attention a head can be switched off in, by the letter a head's id starts with. */
export const headKinds = Object.freeze({ e: 'encoderSelf', d: 'decoderSelf', c: 'cross' });
export const headKindNames = messageGetters({
  e: 'translation.state.kinds.encoderSelf',
  d: 'translation.state.kinds.decoderSelf',
  c: 'translation.state.kinds.cross',
});

/** A head's id in the state and the URL: kind letter, 1-based layer and head ('c2.3': cross, layer 2, head 3). */
export const headId = (letter, layer, head) => `${letter}${layer + 1}.${head + 1}`;

/**
 * The headMask translate() and evaluate() take, for `headsOff` (ids) in a model of `config`'s shape; undefined
 * when every head is on.
 */
export function headMaskOf(headsOff, { encoderLayers, decoderLayers, heads }) {
  if (headsOff.length === 0) return undefined;
  const off = new Set(headsOff);
  const kind = (letter, layers) =>
    Array.from({ length: layers }, (_, l) => Array.from({ length: heads }, (__, h) => !off.has(headId(letter, l, h))));
  return {
    encoderSelf: kind('e', encoderLayers),
    decoderSelf: kind('d', decoderLayers),
    cross: kind('c', decoderLayers),
  };
}

/** URL parameters for the state (view=translation is added by the caller). */
export function encodeTranslationState(state) {
  const params = new URLSearchParams();
  if (state.model !== defaultPair) params.set('model', state.model);
  params.set('q', state.sentence);
  if (state.temperature !== 1) params.set('temp', String(state.temperature));
  params.set('layer', String(state.layer + 1));
  params.set('head', state.head === 'average' ? 'avg' : String(state.head + 1));
  if (!state.showAlignment) params.set('align', '0');
  if (state.decoding === 'beam') params.set('beam', String(state.beamWidth));
  else if (state.decoding !== 'greedy') params.set('dec', state.decoding);
  if (state.outputTemperature !== 1) params.set('otemp', String(state.outputTemperature));
  if (state.seed !== 0) params.set('seed', String(state.seed));
  if (state.teacherForcing) params.set('tf', '1');
  if (state.headsOff.length) params.set('off', state.headsOff.join(','));
  return params;
}

/** The state a URL describes, falling back to the default for anything missing or out of range. */
export function decodeTranslationState(search, { layers = 2, heads = 4, encoderLayers = layers } = {}) {
  const params = new URLSearchParams(search);
  const state = defaultTranslationState(
    Object.hasOwn(languagePairs, params.get('model')) ? params.get('model') : defaultPair,
  );
  state.layer = layers - 1; // the last decoder layer unless the link names another (a 1-layer model has only layer 0)
  const sentence = params.get('q');
  if (sentence !== null && sentence.trim() !== '')
    state.sentence = sentence.slice(0, translationLimits.maxSentenceLength);
  const temperature = Number(params.get('temp'));
  if (params.has('temp') && Number.isFinite(temperature)) {
    state.temperature = Math.min(
      translationLimits.maxTemperature,
      Math.max(translationLimits.minTemperature, temperature),
    );
  }
  const layer = Number(params.get('layer'));
  if (Number.isInteger(layer) && layer >= 1 && layer <= layers) state.layer = layer - 1;
  const head = params.get('head');
  if (head !== null && head !== 'avg') {
    const h = Number(head);
    if (Number.isInteger(h) && h >= 1 && h <= heads) state.head = h - 1;
  }
  if (params.get('align') === '0') state.showAlignment = false;
  if (params.get('dec') === 'sample') state.decoding = 'sample';
  // beam=k: beam search of width k (a whole number in range), which a sampling `dec` cannot go with
  const beamWidth = Number(params.get('beam'));
  if (
    params.has('beam') &&
    Number.isInteger(beamWidth) &&
    beamWidth >= translationLimits.minBeamWidth &&
    beamWidth <= translationLimits.maxBeamWidth
  ) {
    state.decoding = 'beam';
    state.beamWidth = beamWidth;
  }
  const outputTemperature = Number(params.get('otemp'));
  if (params.has('otemp') && Number.isFinite(outputTemperature)) {
    state.outputTemperature = Math.min(
      translationLimits.maxOutputTemperature,
      Math.max(translationLimits.minOutputTemperature, outputTemperature),
    );
  }
  const seed = Number(params.get('seed'));
  if (Number.isInteger(seed) && seed >= 0 && seed <= translationLimits.maxSeed) state.seed = seed;
  if (params.get('tf') === '1') state.teacherForcing = true;
  // Heads the link switches off: only ids this model has (written as headId writes them), each once.
  const exists = (id) => {
    const [, letter, layer, head] = /^([edc])([1-9]\d*)\.([1-9]\d*)$/.exec(id) ?? [];
    return Boolean(letter) && Number(layer) <= (letter === 'e' ? encoderLayers : layers) && Number(head) <= heads;
  };
  state.headsOff = [...new Set((params.get('off') ?? '').split(',').filter(exists))].sort();
  return state;
}
