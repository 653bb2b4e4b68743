// Runs a benchmark's native tools from a process of its own, started once. A benchmark that ran them itself would
// fork its own process for each, and the next write to each of its pages (the modules' memories, V8's heap) would
// fault once, copy-on-write: measured in translator-boundary.mjs, 14-25 faults a call for the place timed after a tool
// and 3-13 for the one after it, so the order of the places set their figures (50-300 µs a translation at 2-14 µs a fault).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

// The runner: a line of JSON in ({ tool, args }), a line out ({ output } or { error }).
const runner = `
import { execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const { tool, args } = JSON.parse(line);
  let answer;
  try {
    answer = { output: execFileSync(tool, args, { encoding: 'utf8' }) };
  } catch (error) {
    answer = { error: String(error.message) };
  }
  process.stdout.write(JSON.stringify(answer) + '\\n');
}`;

/** Starts the runner: run(tool, args) resolves with what the tool printed; stop() ends the runner. */
export function startToolRunner() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  /** @type {((answer: { output?: string, error?: string }) => void)[]} */
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  return {
    /**
     * @param {string} tool
     * @param {string[]} args
     * @returns {Promise<string>}
     */
    run(tool, args) {
      return new Promise((resolve, reject) => {
        waiting.push(({ output, error }) => (error === undefined ? resolve(output ?? '') : reject(new Error(error))));
        child.stdin.write(JSON.stringify({ tool, args }) + '\n');
      });
    },
    stop() {
      child.stdin.end();
    },
  };
}
