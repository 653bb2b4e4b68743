// The figures the docs quote that the code itself can produce, computed from the code each time they are asked
// for: the Train and Generate views' default runs (their own state modules), the parameters of the model the Train
// view trains (createTrainer with the view's options), lesson 7's experiment's run, the shipped translation models' sizes, vocabularies and
// held-out scores (their files, read through web/lib), the wasm builds' sizes, the messages each locale holds, and the
// counts of views and custom elements. Nothing here is
// typed by hand: after a change to a default, a model or a view, `npm run docs:figures` writes the new figures into
// the docs and tests/web/docs/figures.test.js fails until it has.
import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createTrainer, loadTranslator } from '../../web/lib/index.js';
import { firstSentencesRun } from '../experiments/first-sentences-run.js';
import { grammarProblemKinds } from '../../web/src/translation/grammar-problem-text.js';
import { defaultTrainState, trainerOptions } from '../../web/src/train/train-state.js';
import { defaultGenerateState } from '../../web/src/generate/generate-state.js';
import { viewNames } from '../../web/src/app/view-address.js';
import { kvHeadsSetup } from '../../web/src/lessons/kv-heads/kv-heads-setup.js';
import { lessons } from '../../web/src/lessons/lesson-list.js';

const repository = new URL('../../', import.meta.url);
const modelsFolder = new URL('web/lib/models/', repository);
const wasmFolder = new URL('web/lib/wasm/', repository);
const elementsFolder = new URL('web/elements/', repository);

/**
 * A figure: a number, the decimals it is written with and what follows it ('%', ' B', ' kB'), so that a doc in
 * another language can write it its own way (scripts/docs/doc-figures.js); or a text written as it is in every
 * language (a file's hash).
 * @typedef {{ value: number | string, digits?: number, unit?: string }} Figure
 */

/** The shipped translation models, by the name of their file in web/lib/models (the registry's modelFiles). */
export const shippedPairs = () =>
  readdirSync(modelsFolder)
    .filter((file) => file.endsWith('.bin'))
    .map((file) => file.slice(0, -'.bin'.length))
    .sort();

/** The custom elements: one per web/elements/attention-*.js file (one element per file). */
export const elementNames = () =>
  readdirSync(elementsFolder)
    .filter((file) => /^attention-[\w-]+\.js$/.test(file))
    .map((file) => file.slice(0, -'.js'.length));

const count = (value) => ({ value });
const percent = (share) => ({ value: 100 * share, digits: 1, unit: '%' });

/** The Train view's default run (the view's own defaults) and the model it trains. */
async function trainViewFigures() {
  const options = trainerOptions(defaultTrainState());
  const trainer = await createTrainer({ ...options, backend: 'wasm-simd128' });
  const parameters = trainer.parameters;
  trainer.dispose();
  return {
    'train-view.steps': count(options.steps),
    'train-view.longest-sentence': count(options.longestSentence),
    'train-view.batch': count(options.batchSize),
    'train-view.parameters': count(parameters),
    'train-view.vocabulary': count(options.vocabulary),
    ...(await defaultVocabularyFigures(options.vocabulary)),
  };
}

/** Each language pair's words at the Train view's vocabulary (its commonest N nouns, verbs and adjectives). */
async function defaultVocabularyFigures(vocabulary) {
  const figures = {};
  for (const pair of shippedPairs()) {
    const trainer = await createTrainer({ task: pair, vocabulary, steps: 1, backend: 'wasm-simd128' });
    const translator = trainer.translator();
    figures[`${pair}.train-view-source-words`] = count(translator.vocabulary.source.length);
    figures[`${pair}.train-view-target-words`] = count(translator.vocabulary.target.length);
    translator.dispose();
    trainer.dispose();
  }
  return figures;
}

/** The Generate view's default run. */
function generateViewFigures() {
  const state = defaultGenerateState();
  return { 'generate-view.steps': count(state.steps), 'generate-view.batch': count(state.batchSize) };
}

/**
 * One shipped model's figures, from its file: parameters, words (the target's without and with its special tokens;
 * the shipped models know every word of their pair's grammar, and GoogleTest fails on a model older than the grammar),
 * the file's bytes and gzipped kB, on 1,000 held-out sentences its exact translations and best head's alignment
 * (the reference kernels: the scalar build), and on the 100 sentences a newcomer types first (`npm run
 * experiment:first-sentences`, the same run) how many the grammar covers, how many of those come out exact, how many
 * more but for ¿ ?, for how many the grammar's own translation is right, in how many an unknown word is carried,
 * how many are refused, and how many of those it does not cover meet each of the grammar's objections
 * (`first-sentences-outside.<kind>`, 0 for a kind none meets).
 */
async function shippedModelFigures(pair) {
  const bytes = new Uint8Array(readFileSync(new URL(`${pair}.bin`, modelsFolder)));
  const translator = await loadTranslator({ weights: bytes, backend: 'wasm-scalar' });
  const scores = translator.evaluate({ count: 1000 });
  const first = firstSentencesRun(translator).counts;
  const figures = {
    parameters: count(translator.config.parameters),
    'source-words': count(translator.vocabulary.source.length),
    'target-words': count(translator.vocabulary.target.length),
    'output-tokens': count(translator.outputWords.length),
    'special-tokens': count(translator.outputWords.length - translator.vocabulary.target.length),
    'held-out': percent(scores.exact / scores.total),
    'best-head': percent(scores.alignment),
    'file-bytes': { value: bytes.length, unit: ' B' },
    'file-gzipped': { value: gzipSync(bytes, { level: 9 }).length / 1000, digits: 1, unit: ' kB' },
    // the file's SHA-256 as the docs abbreviate it: its first and last 8 hex digits
    'file-sha256': {
      value: createHash('sha256')
        .update(bytes)
        .digest('hex')
        .replace(/^(.{8}).*(.{8})$/, '$1…$2'),
    },
    'first-sentences': count(first.sentences),
    'first-sentences-covered': count(first.covered),
    'first-sentences-exact': count(first.exact),
    'first-sentences-question-marks': count(first.questionMarks),
    'first-sentences-grammar-exact': count(first.grammarExact),
    'first-sentences-carried': count(first.carried),
    'first-sentences-refused': count(Object.values(first.refused).reduce((total, n) => total + n, 0)),
    ...Object.fromEntries(
      [...grammarProblemKinds, 'unknown-words'].map((kind) => [
        `first-sentences-outside.${kind}`,
        count(first.outside[kind] ?? 0),
      ]),
    ),
  };
  translator.dispose();
  return Object.fromEntries(Object.entries(figures).map(([name, figure]) => [`${pair}.${name}`, figure]));
}

/**
 * The wasm builds `npm run build` makes (web/lib/wasm): how many of each module, and each one's kB and gzipped kB,
 * named by its file ('wasm.attention-simd.kB'). Build output: the figures follow the C++ as built.
 */
function wasmFigures() {
  const builds = readdirSync(wasmFolder).filter((file) => file.endsWith('.wasm'));
  const languageModel = builds.filter((file) => file.startsWith('attention-language-model'));
  const kB = (bytes) => ({ value: Math.round(bytes / 1000) });
  const sizes = builds.flatMap((file) => {
    const bytes = readFileSync(new URL(file, wasmFolder));
    const name = `wasm.${file.slice(0, -'.wasm'.length)}`;
    return [
      [`${name}.kB`, kB(bytes.length)],
      [`${name}.gzipped-kB`, kB(gzipSync(bytes, { level: 9 }).length)],
    ];
  });
  const packed = JSON.parse(readFileSync(new URL('package.json', repository), 'utf8')).files;
  return {
    'wasm.packed-builds': count(packed.filter((file) => file.endsWith('.wasm')).length), // package.json's "files"
    'wasm.attention-builds': count(builds.length - languageModel.length),
    'wasm.language-model-builds': count(languageModel.length),
    ...Object.fromEntries(sizes),
  };
}

/** The messages each locale holds (English's catalogue: every locale has its keys), in all and by section. */
function messageFigures() {
  const catalogue = JSON.parse(readFileSync(new URL('web/src/i18n/locales/en.json', repository), 'utf8'));
  const messages = (node) =>
    typeof node === 'string' ? 1 : Object.values(node).reduce((total, child) => total + messages(child), 0);
  return {
    messages: count(messages(catalogue)),
    ...Object.fromEntries(
      Object.entries(catalogue).map(([section, node]) => [`messages.${section}`, count(messages(node))]),
    ),
  };
}

/**
 * The shipped translation models' recipe, as scripts/train-model.sh spells it out for `npm run train`: each numeric
 * option of its `train` command (recipe.steps, recipe.batch, …) and the widths, the default's (recipe.d-model,
 * recipe.ffn) and each pair's own (recipe.en-mr.d-model, …), so a doc that describes the recipe says what the script
 * runs.
 */
export function recipeFigures() {
  const script = readFileSync(new URL('scripts/train-model.sh', repository), 'utf8');
  const command = script.match(/build\/native\/tools\/train --task(?:[^\n\\]|\\\n)*/)[0]; // to its last continued line
  // [figure name's prefix, d-model, FFN]: the default's, then each pair's own
  const [, dModel, ffn] = script.match(/\$\{width\[\$task\]:-(\d+) (\d+)\}/);
  const widths = [
    ['', dModel, ffn],
    ...[...script.match(/declare -A width=\((.*)\)/)[1].matchAll(/\[([a-z-]+)\]="(\d+) (\d+)"/g)].map(
      ([, pair, pairDModel, pairFfn]) => [`${pair}.`, pairDModel, pairFfn],
    ),
  ];
  return Object.fromEntries([
    ...[...command.matchAll(/--([a-z-]+) (\d+)(?=\s)/g)].map(([, option, value]) => [
      `recipe.${option}`,
      count(Number(value)),
    ]),
    ...widths.flatMap(([prefix, width, hidden]) => [
      [`recipe.${prefix}d-model`, count(Number(width))],
      [`recipe.${prefix}ffn`, count(Number(hidden))],
    ]),
  ]);
}

/** Every figure the code produces, by name. @returns {Promise<Record<string, Figure>>} */
export async function codeFigures() {
  const pairs = shippedPairs();
  const models = [];
  for (const pair of pairs) models.push(await shippedModelFigures(pair)); // one model in memory at a time
  return {
    views: count(viewNames.length),
    lessons: count(lessons.length),
    elements: count(elementNames().length),
    'shipped-models': count(pairs.length),
    ...(await trainViewFigures()),
    ...generateViewFigures(),
    ...wasmFigures(),
    ...messageFigures(),
    ...recipeFigures(),
    'kv-heads.steps': count(kvHeadsSetup.steps), // lesson 7's experiment (npm run experiment:kv-heads)
    'kv-heads.longest-sentence': count(kvHeadsSetup.longestSentence),
    ...Object.assign({}, ...models),
  };
}
