// `npm run experiment:induction`: induction heads form (Olsson et al. 2022), for docs/models.md. An attention-only
// language model of characters (web/lib, wasm) trains on random strings each followed by itself, their lengths
// varied (4-16) so that no fixed offset predicts the repeat; every 100 steps, on 16 fresh sequences, each head's
// previous-token, prefix-matching and copying scores and the bits per character on each half (web/lib's
// inductionScores).
// Two layers, where the circuit can form (a previous-token head feeding an induction head), and one layer, the
// control that cannot. Prints a table per model, then the interval where the repeat's loss pulled furthest ahead of
// the first half's (the phase change) and the step where the best prefix-matching score first reached 0.4.
import { performance } from 'node:perf_hooks';
import { createTrainer, inductionExperiment, inductionScores } from '../../web/lib/index.js';

const every = 100;
const fixed = (x) => x.toFixed(2);
const grid = (scores) => scores.map((layer) => layer.map(fixed).join(' / ')).join(' · ');

const { trainerOptions: recipe } = inductionExperiment({ layers: 2 });
console.log(
  `${recipe.task.corpus.length.toLocaleString('en')} characters of repeated strings; width ${recipe.model.dModel}, ` +
    `${recipe.model.heads} heads per layer, attention-only, ${recipe.model.positions} positions; ${recipe.steps} steps ` +
    `of ${recipe.batchSize} windows of ${recipe.task.context}, learning rate ${recipe.learningRate}; Node ${process.version}`,
);
for (const layers of [2, 1]) {
  const { trainerOptions, probe } = inductionExperiment({ layers });
  const { steps } = trainerOptions;
  const trainer = await createTrainer(trainerOptions);
  console.log(`\n${layers} layer${layers > 1 ? 's' : ''}, ${trainer.parameters.toLocaleString('en')} parameters`);
  console.log(
    '| step | bits, first half | bits, repeat | previous-token (layer · head) | prefix-matching (layer · head) | copying (layer · head) |',
  );
  console.log('|---:|---:|---:|---|---|---|');
  const rows = [];
  const started = performance.now();
  for (let step = 0; step <= steps; step += every) {
    if (step > 0) trainer.step(every);
    const lm = trainer.languageModel();
    const scores = inductionScores(lm, probe);
    lm.dispose();
    rows.push({ step, ...scores });
    console.log(
      `| ${step} | ${fixed(scores.firstHalfBits)} | ${fixed(scores.repeatBits)} | ${grid(scores.previousToken)} | ${grid(scores.prefixMatching)} | ${grid(scores.copying)} |`,
    );
  }
  trainer.dispose();
  // What the repeat gains over the first half: both fall together at first (which characters occur at all), so the
  // phase change is where the repeat pulls away.
  const gain = (row) => row.firstHalfBits - row.repeatBits;
  const jumps = rows.slice(1).map((row, i) => ({ step: row.step, jump: gain(row) - gain(rows[i]) }));
  const steepest = jumps.reduce((a, b) => (b.jump > a.jump ? b : a));
  const best = (row) => Math.max(...row.prefixMatching.flat());
  const formed = rows.find((row) => best(row) >= 0.4);
  const last = rows.at(-1);
  // The induction head (the best prefix-matching one at the end) and its copying score along the run.
  const heads = last.prefixMatching.flatMap((row, layer) => row.map((score, head) => ({ layer, head, score })));
  const inductionHead = heads.reduce((a, b) => (b.score > a.score ? b : a));
  const copyingOf = (row) => row.copying[inductionHead.layer][inductionHead.head];
  console.log(
    `the best prefix-matching head at the end, layer ${inductionHead.layer + 1} head ${inductionHead.head + 1}: copying ` +
      rows.map((row) => `${row.step} ${fixed(copyingOf(row))}`).join(', '),
  );
  console.log(
    `phase change: the repeat pulled furthest ahead of the first half (${fixed(steepest.jump)} bits) in the ${every} steps to ${steepest.step}; ` +
      `best prefix-matching ${formed ? `reached 0.4 at step ${formed.step}` : 'never reached 0.4'} ` +
      `(${fixed(best(last))} at the end); ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
