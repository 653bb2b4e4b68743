// The in-module measurements of cpp/tools/bench/wasm_ceiling.cpp (built by build-ceiling.sh) for the SIMD128
// and relaxed builds: the GEMM alone at the streaming kernel's two block products, then the streaming kernel
// on one head, all without JS or copies. Run in the bench's own process, next to the peak measurement.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const builds = {
  'wasm-simd128': '../../build/wasm/wasm-ceiling-bench.cjs',
  'wasm-relaxed-simd': '../../build/wasm-relaxed/wasm-ceiling-bench.cjs',
};

export const ceilingParts = [
  { name: 'GEMM alone, Q·Kᵀ block (16×64 · 64×256)', measure: (m) => m._gemm_gflops(16, 64, 256) },
  { name: 'GEMM alone, P·V block (16×256 · 256×64)', measure: (m) => m._gemm_gflops(16, 256, 64) },
  { name: 'streaming kernel alone, one head, S=512', measure: (m) => m._streaming_gflops(512) },
  { name: 'streaming kernel alone, one head, S=1024', measure: (m) => m._streaming_gflops(1024) },
];

/**
 * { [backend]: GFLOP/s per ceilingParts entry }: the median of `rounds` rounds, each measuring every part on
 * both builds in turn, so a slow spell of this shared machine does not land on one part or one build alone.
 */
export async function measureCeiling(rounds = 5) {
  const modules = Object.fromEntries(
    await Promise.all(
      Object.entries(builds).map(async ([backend, path]) => [
        backend,
        await require(fileURLToPath(new URL(path, import.meta.url)))(),
      ]),
    ),
  );
  const samples = Object.fromEntries(Object.keys(builds).map((backend) => [backend, ceilingParts.map(() => [])]));
  for (let round = 0; round < rounds; round++) {
    ceilingParts.forEach((part, i) => {
      for (const backend of Object.keys(builds)) samples[backend][i].push(part.measure(modules[backend]));
    });
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  return Object.fromEntries(Object.entries(samples).map(([backend, parts]) => [backend, parts.map(median)]));
}
