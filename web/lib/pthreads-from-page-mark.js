// The first module of a module worker that startWorker() makes where Firefox needs it (start-worker.js): imported
// before the worker's own script, so it runs before that script and anything it awaits at its top level. It says that
// the page makes this worker's pthread workers (pthreads-from-page.js, whose markKey this spells: a file of its own,
// copied as it is into a built site, imports nothing; tests/web/lib/pthreads-from-page.test.js checks the key).
globalThis['attention-playground:pthreads-from-page'] = true;
