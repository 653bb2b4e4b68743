// How much of the CPU the page's main thread spends per task, from Chromium's trace (each task's thread time).
// The Long Tasks API measures a task's wall time, which on a shared 2-core machine includes the time the OS gave
// the core to something else: traced while training, tasks of 100-180 ms wall time had used 1-12 ms of CPU. A
// page that answers at once does little per task; whether the machine lets it run is not the page's property.
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

// A task over this much CPU is looked into: the page's own work in it, and its heaviest traced events, so a failure says
// where to look.
const describedOverMs = 20;

/** The events traced inside `task` on its thread, outermost first where two start together. */
function eventsInside(task, events) {
  return events
    .filter((e) => e.ph === 'X' && e !== task && e.pid === task.pid && e.tid === task.tid)
    .filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** Their heaviest five, as "name ms {data}" strings. */
function describe(inside) {
  return [...inside]
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 5)
    .map(
      (e) => `${e.name} ${((e.tdur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(e.args?.data ?? {}).slice(0, 120)}`,
    );
}

/**
 * The CPU time of the page's own work inside a task: its outermost traced events (script, event dispatch, style,
 * layout, paint ...). What a task spends outside them is the browser's: CI once failed on a 53 ms task (60 ms wall,
 * at the end of a 400-step run on a loaded machine) with no traced event inside it at all, the kind of task the
 * renderer runs for itself (IPC, flushing the trace being recorded, the scheduler).
 */
function pageWorkMs(inside) {
  let end = -Infinity;
  let total = 0;
  for (const e of inside) {
    if (e.ts < end) continue; // nested in the last outermost event
    end = e.ts + e.dur;
    total += (e.tdur ?? 0) / 1000;
  }
  return total;
}

/**
 * The renderer processes of the traced page. Tracing covers the whole browser, and the end-to-end files share one
 * Chromium two at a time: another file's page loading its modules (60 ms tasks) is in the same trace.
 */
function tracedPageProcesses(events) {
  const frames = events.flatMap((e) =>
    e.name === 'TracingStartedInBrowser'
      ? (e.args.data.frames ?? [])
      : e.name === 'FrameCommittedInBrowser'
        ? [e.args.data]
        : [],
  );
  const processes = new Set(frames.map((frame) => frame.processId).filter(Number.isInteger));
  if (processes.size === 0) throw new Error('the trace does not say which renderer process runs the traced page');
  return processes;
}

/**
 * Tasks of the traced page's main thread: { wallMs, cpuMs, pageMs } each (pageMs: the page's own work, as
 * `pageWorkMs`; for a light task its whole CPU time, a bound), and `inside` for the heavy ones.
 */
function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const processes = tracedPageProcesses(events);
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .filter((e) => processes.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => {
      const task = { wallMs: e.dur / 1000, cpuMs: e.tdur / 1000, pageMs: e.tdur / 1000 };
      if (task.cpuMs <= describedOverMs) return task;
      const inside = eventsInside(e, events);
      return { ...task, pageMs: pageWorkMs(inside), inside: describe(inside) };
    });
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
    /** The tasks whose page's own work used more than `ms` of CPU. */
    over: (ms) => tasks.filter((t) => t.pageMs > ms),
    /** The heaviest task's CPU time, for the log. */
    heaviest: () => Math.max(...tasks.map((t) => t.cpuMs)),
  };
}
