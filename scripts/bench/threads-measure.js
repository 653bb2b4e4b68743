// The threads measurement itself, one function for Node and for a browser's Web Worker (threads.mjs sends its source
// there): every model's trainers on 1 and 2 threads, all created and warmed up first, then timed in rounds that take
// the models in turn (first to last, then last to first) and each model's thread counts in turn (1 then 2, then 2 then
// 1, …), so that a change of the machine's load falls on both thread counts and on every model. (Measured one model
// after the other, a burst of another process's work on this shared 2-core machine could fall on one model's rounds,
// the likely cause of the language model's 1.16× in Chromium beside the translator's 1.51×: taken in turn in one page,
// 12 rounds, they measured 1.56× and 1.58×, 1.8-1.9× both in the rounds the machine was quiet, with the same CPU time
// per step on 2 threads as on 1 in those rounds, every function optimized (perf) on both threads.) Each round times
// `steps` steps of each; the step's own report says how long its shards took (shardSeconds), the rest of the step being
// what no thread count shortens. Returns per model: { threads: { 1: [steps/s per round], 2: […] }, shards: { 1: [shard
// seconds per step, per round], 2: […] }, shardShare: [per round, at 1 thread], backend }. `progress(stage)` hears each
// stage as it starts ("language model: creating the 2-thread trainer", "translator: round 3 of 9, 20 steps on 1
// thread"), so that a caller can say where a measurement stopped.
export async function measureThreads(createTrainer, runs, { rounds, steps, warmup }, progress = () => {}) {
  const onThreads = (threads) => (threads === 1 ? '1 thread' : `${threads} threads`);
  const trainers = {};
  const results = {};
  for (const [name, options] of Object.entries(runs)) {
    trainers[name] = {};
    for (const threads of [1, 2]) {
      progress(`${name}: creating the ${threads}-thread trainer`);
      trainers[name][threads] = await createTrainer({ ...options, threads });
      progress(`${name}: ${warmup} steps of warm-up on ${onThreads(threads)}`);
      trainers[name][threads].step(warmup);
    }
    results[name] = {
      backend: trainers[name][1].backend,
      threads: { 1: [], 2: [] },
      shards: { 1: [], 2: [] },
      shardShare: [],
    };
  }
  const names = Object.keys(runs);
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const result = results[name];
      for (const threads of round % 2 ? [2, 1] : [1, 2]) {
        progress(`${name}: round ${round + 1} of ${rounds}, ${steps} steps on ${onThreads(threads)}`);
        const started = performance.now();
        const report = trainers[name][threads].step(steps);
        const seconds = (performance.now() - started) / 1000;
        result.threads[threads].push(steps / seconds);
        result.shards[threads].push(report.shardSeconds / steps);
        if (threads === 1) result.shardShare.push(report.shardSeconds / seconds);
      }
    }
  }
  for (const pair of Object.values(trainers)) for (const trainer of Object.values(pair)) trainer.dispose();
  return results;
}
