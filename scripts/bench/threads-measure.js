// The threads measurement itself, one function for Node and for a browser's Web Worker (threads.mjs sends its source
// there): both models' trainers on 1 and 2 threads, created side by side, warmed up, then timed in alternating rounds
// (1 then 2, then 2 then 1, …) so that a change of the machine's load falls on both. Each round times `steps` steps
// of each; the step's own report says how long its shards took (shardSeconds), the rest of the step being what no
// thread count shortens. Returns per model: { threads: { 1: [steps/s per round], 2: […] }, shards: { 1: [shard
// seconds per step, per round], 2: […] }, shardShare: [per round, at 1 thread], backend }.
export async function measureThreads(createTrainer, runs, { rounds, steps, warmup }) {
  const results = {};
  for (const [name, options] of Object.entries(runs)) {
    const trainers = {};
    for (const threads of [1, 2]) {
      trainers[threads] = await createTrainer({ ...options, threads });
      trainers[threads].step(warmup);
    }
    const result = {
      backend: trainers[1].backend,
      threads: { 1: [], 2: [] },
      shards: { 1: [], 2: [] },
      shardShare: [],
    };
    for (let round = 0; round < rounds; round++) {
      for (const threads of round % 2 ? [2, 1] : [1, 2]) {
        const started = performance.now();
        const report = trainers[threads].step(steps);
        const seconds = (performance.now() - started) / 1000;
        result.threads[threads].push(steps / seconds);
        result.shards[threads].push(report.shardSeconds / steps);
        if (threads === 1) result.shardShare.push(report.shardSeconds / seconds);
      }
    }
    for (const trainer of Object.values(trainers)) trainer.dispose();
    results[name] = result;
  }
  return results;
}
