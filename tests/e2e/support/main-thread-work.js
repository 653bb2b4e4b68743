// How much of the CPU the page's main thread spends per task, from Chromium's trace (each task's thread time).
// The Long Tasks API measures a task's wall time, which on a shared 2-core machine includes the time the OS gave
// the core to something else: traced while training, tasks of 100-180 ms wall time had used 1-12 ms of CPU. A
// page that answers at once does little per task; whether the machine lets it run is not the page's property.
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Tasks of the renderer's main thread in a trace: { wallMs, cpuMs } each. */
function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wallMs: e.dur / 1000, cpuMs: e.tdur / 1000 }));
}

/**
 * Records the main thread's tasks of `page` while traced; `start()` and `stop()` may alternate (leave out what the
 * test itself makes the page do, e.g. a full-page screenshot). `tasks` gathers every traced task.
 */
export function mainThreadWork(browser, page) {
  const tasks = [];
  return {
    tasks,
    start: () => browser.startTracing(page, { categories }),
    async stop() {
      const trace = JSON.parse((await browser.stopTracing()).toString());
      const traced = mainThreadTasks(trace);
      if (traced.length === 0 || traced.some((t) => !Number.isFinite(t.cpuMs)))
        throw new Error('the trace holds no main-thread tasks with their thread time');
      tasks.push(...traced);
    },
    /** The tasks that used more than `ms` of CPU. */
    over: (ms) => tasks.filter((t) => t.cpuMs > ms),
    /** The heaviest task's CPU time, for the log. */
    heaviest: () => Math.max(...tasks.map((t) => t.cpuMs)),
  };
}
