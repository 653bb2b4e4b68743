// The in-module measurements of cpp/tools/bench/wasm_ceiling.cpp (built by build-ceiling.sh) for the SIMD128
// and relaxed builds: the GEMM alone at the streaming kernel's two block products, then the streaming kernel
// on one head, all without JS or copies; and the micro-kernel shapes tried, side by side. Run in the bench's own
// process, next to the peak measurement.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { median } from './median.js';

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

/** The micro-kernel shapes of cpp/tools/bench/gemm_variants.hpp, in its order (0: the shipped GEMM). */
export const gemmVariants = [
  'shipped: A read in place, one broadcast per row per k (LLVM unrolls k by 3)',
  'A in place, k unrolled by 4 in the source',
  'A in place, LLVM told to unroll k by 4',
  'A in place, LLVM told to unroll k by 8',
  'A in place, k unrolled by 6 with an exit test after each step',
  'A in place, one pointer per row, incremented',
  'A packed: 4 rows interleaved per k, one pointer',
  'A packed and splatted: plain loads, no broadcasts',
  'A packed, k unrolled by 6 with an exit test after each step',
];
export const gemmVariantShapes = [
  [16, 64, 256],
  [16, 256, 64],
  [64, 512, 512],
];

/** The SIMD128 and relaxed in-module measurement programs, loaded. */
export async function loadCeilingModules() {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(builds).map(async ([backend, path]) => [
        backend,
        await require(fileURLToPath(new URL(path, import.meta.url)))(),
      ]),
    ),
  );
}

/**
 * { [backend]: GFLOP/s [variant][shape] }: every micro-kernel shape of gemmVariants at every gemmVariantShapes
 * entry, round robin within one module per build, median of `rounds`. Throws when a variant's product is
 * wrong (the module checks it against the reference before timing).
 */
export async function measureGemmVariants(rounds = 5) {
  const modules = await loadCeilingModules();
  const result = {};
  for (const [backend, module] of Object.entries(modules)) {
    if (module._gemm_variant_count() !== gemmVariants.length)
      throw new Error(
        `${backend}: the module has ${module._gemm_variant_count()} GEMM variants, the bench names ${gemmVariants.length}`,
      );
    const samples = gemmVariants.map(() => gemmVariantShapes.map(() => []));
    for (let round = 0; round < rounds; round++)
      gemmVariantShapes.forEach((shape, s) =>
        gemmVariants.forEach((name, v) => {
          const gflops = module._gemm_variant_gflops(v, ...shape);
          if (!(gflops > 0))
            throw new Error(`${backend}: GEMM variant "${name}" computes a wrong product at ${shape.join('×')}`);
          samples[v][s].push(gflops);
        }),
      );
    result[backend] = samples.map((perShape) => perShape.map(median));
  }
  return result;
}

/**
 * { [backend]: GFLOP/s per ceilingParts entry }: the median of `rounds` rounds, each measuring every part on
 * both builds in turn, so a slow spell of this shared machine does not land on one part or one build alone.
 */
export async function measureCeiling(rounds = 5) {
  const modules = await loadCeilingModules();
  const samples = Object.fromEntries(Object.keys(builds).map((backend) => [backend, ceilingParts.map(() => [])]));
  for (let round = 0; round < rounds; round++) {
    ceilingParts.forEach((part, i) => {
      for (const backend of Object.keys(builds)) samples[backend][i].push(part.measure(modules[backend]));
    });
  }
  return Object.fromEntries(Object.entries(samples).map(([backend, parts]) => [backend, parts.map(median)]));
}
