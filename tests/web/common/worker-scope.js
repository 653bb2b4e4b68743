// A worker thread's global scope made a Web Worker's for the script it runs (node-worker.js): messages from the
// page arrive as 'message' events, and postMessage answers the page.
import { parentPort, workerData } from 'node:worker_threads';

const listeners = new Map();
globalThis.addEventListener = (type, listener) => {
  const heard = (data) => listener({ data });
  listeners.set(listener, heard);
  parentPort.on(type, heard);
};
globalThis.removeEventListener = (type, listener) => parentPort.off(type, listeners.get(listener));
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);

await import(workerData.script);
