// How much of the CPU the page's main thread spends per task, from Chromium's trace (each task's thread time).
// The Long Tasks API measures a task's wall time, which on a shared 2-core machine includes the time the OS gave
// the core to something else: traced while training, tasks of 100-180 ms wall time had used 1-12 ms of CPU. A
// page that answers at once does little per task; whether the machine lets it run is not the page's property.
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

// A task over this much CPU names what ran inside it (its heaviest traced events), so a failure says where to look.
const describedOverMs = 20;

/** The heaviest events traced inside `task` on its thread, as "name ms {data}" strings. */
function insideTask(task, events) {
  return events
    .filter((e) => e.ph === 'X' && e !== task && e.pid === task.pid && e.tid === task.tid)
    .filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 5)
    .map(
      (e) => `${e.name} ${((e.tdur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(e.args?.data ?? {}).slice(0, 120)}`,
    );
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

/** Tasks of the traced page's main thread: { wallMs, cpuMs } each, and `inside` for the heavy ones. */
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
    .map((e) => ({
      wallMs: e.dur / 1000,
      cpuMs: e.tdur / 1000,
      ...(e.tdur / 1000 > describedOverMs && { inside: insideTask(e, events) }),
    }));
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
