// A pthread worker made by the page for a module in one of its workers (pthreads-from-page.js says why): a classic
// worker script that takes the port its page sends first, makes it this worker's parent (what the worker posts goes
// there, what comes from there is its message), and then runs Emscripten's worker script. Keys as in that file
// (tests/web/lib/pthreads-from-page.test.js runs this script against it).
'use strict';

// in a block: the worker script it runs shares this global scope
{
  const scope = /** @type {any} */ (self); // a classic worker's global scope

  scope.addEventListener(
    'message',
    (event) => {
      const { port, script } = event.data['attention-playground:pthread-port'];
      scope.postMessage = (message, transfer = []) => port.postMessage(message, transfer);
      scope.addEventListener('error', ({ message, filename, lineno }) =>
        port.postMessage({ 'attention-playground:pthread-error': { message, filename, lineno } }),
      );
      port.onmessage = (message) => {
        if (message.data?.['attention-playground:pthread-close']) scope.close();
        else scope.onmessage(message);
      };
      scope.importScripts(script);
    },
    { once: true },
  );
}
