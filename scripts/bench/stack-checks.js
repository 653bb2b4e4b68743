// What V8's stack-limit check, made once per loop iteration, costs the GEMM: the in-module GEMM of ceiling.js
// timed in child processes with and without Node's testing-only --no-wasm-stack-checks, alternated so a slow
// spell of this shared machine hits both alike. Run as a script, it is that child.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ceilingParts, loadCeilingModules } from './ceiling.js';
import { median } from './median.js';

const gemmParts = ceilingParts.filter((part) => part.name.startsWith('GEMM alone'));

/** { [backend]: { checked: GFLOP/s per GEMM part, unchecked: … } }: medians over `pairs` alternated pairs. */
export function measureStackCheckCost(pairs = 3) {
  const child = (flags) =>
    JSON.parse(
      execFileSync(process.execPath, ['--experimental-wasm-relaxed-simd', ...flags, fileURLToPath(import.meta.url)], {
        encoding: 'utf8',
      }),
    );
  const samples = { checked: [], unchecked: [] };
  for (let pair = 0; pair < pairs; pair++) {
    samples.checked.push(child([]));
    samples.unchecked.push(child(['--no-wasm-stack-checks']));
  }
  const result = {};
  for (const backend of Object.keys(samples.checked[0]))
    result[backend] = Object.fromEntries(
      Object.entries(samples).map(([kind, runs]) => [
        kind,
        gemmParts.map((_, i) => median(runs.map((run) => run[backend][i]))),
      ]),
    );
  return result;
}

export const stackCheckParts = gemmParts.map((part) => part.name);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const modules = await loadCeilingModules();
  const result = Object.fromEntries(
    Object.entries(modules).map(([backend, module]) => [backend, gemmParts.map((part) => part.measure(module))]),
  );
  process.stdout.write(JSON.stringify(result));
}
