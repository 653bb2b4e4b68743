// `npm run experiment:beam`: greedy decoding against beam search of widths 2, 4 and 8, for docs/models.md's table.
// Each shipped model translates the same 500 held-out sentences every way: the share translated exactly as the
// grammar does, how often the beam's translation differs from greedy's, and the time per sentence (translate()
// as a page calls it, maps included; the median of 3 passes). A model whose file does not load is skipped, and
// so is a shipped file older than the grammar (its vocabulary is not the grammar's, so it has no held-out
// sentences: re-make it with `npm run train`); each skip is said after the table.
import { performance } from 'node:perf_hooks';
import { loadTranslator } from '../../web/lib/index.js';
import { shippedModels, siteModel } from './site-models.mjs';
import { median } from '../bench/median.js';

const backend = process.argv[2] ?? 'wasm-simd128';
const count = 500;
const passes = 3;
const widths = [null, 2, 4, 8]; // null: greedy
const wanted = shippedModels;
const words = (target) => target.filter((w) => w !== '<eos>').join(' ');

/**
 * The shipped model `name` (the package's by name, the site's own from its file), or null (said after the
 * table) when its file does not load or is older than the grammar.
 */
async function modelFor(name) {
  const shipped = await loadTranslator({ weights: siteModel(name), backend }).catch((error) => {
    notes.push(`${name}: listed as shipped, but did not load (${error.message}): skipped`);
    return null;
  });
  if (!shipped || shipped.task === name) return shipped;
  notes.push(`${name}: the shipped file is older than the grammar (no held-out sentences): skipped; npm run train`);
  shipped.dispose();
  return null;
}

console.log(`${count} held-out sentences per model, ${backend}, Node ${process.version}`);
console.log('| model | decoding | held-out exact | differs from greedy | ms per sentence |');
console.log('|---|---|---:|---:|---:|');
const notes = []; // models skipped, and evaluate()'s greedy score of the same sentences, said after the table
for (const name of wanted) {
  const translator = await modelFor(name);
  if (!translator) continue;
  const pairs = translator.heldOutSentences(count);
  const options = (width) => (width === null ? {} : { beam: width });
  for (const { source } of pairs.slice(0, 20)) translator.translate(source, { beam: 8 }); // warm up
  const greedy = pairs.map(({ source }) => words(translator.translate(source).target));
  for (const width of widths) {
    let outputs = [];
    const times = [];
    for (let pass = 0; pass < passes; pass++) {
      const start = performance.now();
      outputs = pairs.map(({ source }) => words(translator.translate(source, options(width)).target));
      times.push((performance.now() - start) / pairs.length);
    }
    const exact = outputs.filter((output, i) => output === pairs[i].target).length;
    const changed = outputs.filter((output, i) => output !== greedy[i]).length;
    const percent = (n) => `${((100 * n) / pairs.length).toFixed(1)}% (${n})`;
    console.log(
      `| ${name} | ${width === null ? 'greedy' : `beam ${width}`} | ${percent(exact)} | ${width === null ? '–' : percent(changed)} | ${median(times).toFixed(2)} |`,
    );
  }
  const evaluated = translator.evaluate({ count });
  notes.push(`${name}: evaluate({ count: ${count} }), greedy: ${evaluated.exact} of ${evaluated.total} exact`);
  translator.dispose();
}
console.log(`\n${notes.join('\n')}`);
