// `npm run experiment:kv-heads`: multi-query and grouped-query attention trained on both language pairs, for
// the README's table: 8 query heads sharing 8, 4, 2 or 1 key/value heads, each trained with the Train view's
// default schedule (400 steps) and scored on 100 held-out sentences. Takes a minute or two.
import { createTrainer } from '../../web/lib/index.js';
import { kvHeadsSetup, runKvHeads } from '../../web/src/lessons/kv-heads/kv-heads-setup.js';

const backend = process.argv[2] ?? 'wasm-simd128';
console.log(`8 query heads, D = 32, ${backend}, Node ${process.version}`);
console.log(
  '| task | key/value heads | parameters | held-out exact | best head alignment | K/V cache per token | steps/s |',
);
console.log('|---|---|---|---|---|---|---|');
for (const task of ['en-es', 'en-ja']) {
  for (const kvHeads of kvHeadsSetup.kvHeadCounts) {
    const r = await runKvHeads(createTrainer, { task, kvHeads, backend });
    const percent = (x) => `${(100 * x).toFixed(1)}%`;
    console.log(
      `| ${task} | ${kvHeads} | ${r.parameters.toLocaleString('en')} | ${percent(r.exact / r.total)} | ${percent(r.alignment)} | ${r.cacheBytesPerToken} B | ${r.stepsPerSecond.toFixed(0)} |`,
    );
  }
}
