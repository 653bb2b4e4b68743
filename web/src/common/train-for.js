// Training in a worker a slice at a time: the Train and Generate views' workers step their trainer for a few
// milliseconds per call, so the page hears from them (a chart point, a stop) between slices.

/**
 * Steps `trainer` (a web/lib trainer) for about `milliseconds`, at least one step and never past `untilStep`:
 * each step's loss, the last step's report, and the time spent.
 */
export function trainFor(trainer, milliseconds, untilStep = Infinity) {
  const started = performance.now();
  const losses = [];
  let report;
  do {
    report = trainer.step(1);
    losses.push(report.loss);
  } while (!report.done && report.step < untilStep && performance.now() - started < milliseconds);
  return { report, losses, seconds: (performance.now() - started) / 1000 };
}
