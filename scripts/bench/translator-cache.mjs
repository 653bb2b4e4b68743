// The translator's decoder on its key/value cache, measured (npm run bench:translator-cache): translate() as a page
// calls it (maps included) with the cache and recomputing the prefix at every step (`cache: false`), on each shipped
// model's held-out sentences, all of them and the longest (9 words or more, where the prefix is longest). Rounds
// alternate between the two, medians of 5, side by side in one process; say which CPU when you quote them (this
// prints it).
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadTranslator } from '../../web/lib/index.js';
import { shippedModels, siteModel } from '../experiments/site-models.mjs';
import { median } from './median.js';

const backend = 'wasm-simd128';
const count = 300;
const rounds = 5;

/** Milliseconds per sentence of translating `sentences`, cached and recomputed, in alternating rounds. */
function timePerSentence(translator, sentences) {
  const times = { cached: [], recomputed: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, cache] of [
      ['cached', true],
      ['recomputed', false],
    ]) {
      const start = performance.now();
      for (const sentence of sentences) translator.translate(sentence, { cache });
      times[name].push((performance.now() - start) / sentences.length);
    }
  }
  return { cached: median(times.cached), recomputed: median(times.recomputed) };
}

console.log(`CPU: ${cpus()[0].model} (${cpus().length} cores); Node ${process.version}; ${backend}, one thread`);
console.log(`\ntranslate() per sentence, ${count} held-out sentences per model (the site's own from their files):`);
console.log(
  '| model | sentences | output words | cached (ms) | recomputed (ms) | speed-up |\n|---|---|---:|---:|---:|---:|',
);
for (const name of shippedModels) {
  const translator = await loadTranslator({ weights: siteModel(name), backend });
  const all = translator.heldOutSentences(count).map((pair) => pair.source);
  const longest = all.filter((sentence) => sentence.split(' ').length >= 9);
  for (const sentence of all.slice(0, 20)) translator.translate(sentence); // warm up
  for (const [label, sentences] of [
    ['all', all],
    ['9 words or more', longest],
  ]) {
    const words = sentences.reduce((sum, sentence) => sum + translator.translate(sentence).target.length, 0);
    const { cached, recomputed } = timePerSentence(translator, sentences);
    console.log(
      `| ${name} | ${label} (${sentences.length}) | ${(words / sentences.length).toFixed(1)} | ${cached.toFixed(3)} | ${recomputed.toFixed(3)} | ${(recomputed / cached).toFixed(2)}× |`,
    );
  }
  translator.dispose();
}
