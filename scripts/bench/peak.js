// The wasm SIMD128 arithmetic peak of this machine, measured in the same process as the kernels: a
// hand-assembled wasm function whose loop keeps `chains` independent f32x4 accumulators in registers.
// Two shapes of loop, and the faster one counts: 'chained' does acc = acc·m + a on each accumulator (one
// mul and one add per lane, the add waiting for the mul); 'split' gives half the accumulators acc = acc·m
// and the other half acc = acc + a, so multiplies and adds never wait on each other; 'relaxed' (relaxed SIMD
// engines only) does acc = relaxed_madd(acc, m, a), one fused instruction for both. Nothing is loaded or
// stored in the loop: it runs at the engine's register-to-register mul+add throughput.

import { countDownAndLoop, moduleOfRun, simd, SIMD, sumOfLocals, uleb } from './wasm-bytes.js';

const f32x4Const = (value) => {
  const bytes = new Uint8Array(16);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  for (let lane = 1; lane < 4; lane++) bytes.copyWithin(lane * 4, 0, 4);
  return [0xfd, 0x0c, ...bytes]; // v128.const
};

/** Flops per loop iteration of peakModule(chains, shape). */
export const flopsPerIteration = (chains, shape) => (shape === 'split' ? 4 : 8) * chains;

/** A module exporting run(iterations) → f32. */
export function peakModule(chains, shape = 'chained') {
  // locals: 0 = iterations (param), 1..chains = accumulators, chains+1 = m, chains+2 = a
  const m = chains + 1,
    a = chains + 2;
  const body = [];
  body.push(...f32x4Const(0.999999), 0x21, ...uleb(m));
  body.push(...f32x4Const(1e-7), 0x21, ...uleb(a));
  for (let c = 1; c <= chains; c++) body.push(...f32x4Const(c), 0x21, ...uleb(c));
  body.push(0x03, 0x40); // loop
  for (let c = 1; c <= chains; c++) {
    body.push(0x20, ...uleb(c));
    if (shape === 'chained')
      body.push(0x20, ...uleb(m), ...simd(SIMD.F32X4_MUL), 0x20, ...uleb(a), ...simd(SIMD.F32X4_ADD));
    else if (shape === 'relaxed')
      body.push(0x20, ...uleb(m), 0x20, ...uleb(a), ...simd(SIMD.F32X4_RELAXED_MADD)); // acc·m + a, fused
    else if (c % 2) body.push(0x20, ...uleb(m), ...simd(SIMD.F32X4_MUL));
    else body.push(0x20, ...uleb(a), ...simd(SIMD.F32X4_ADD));
    body.push(0x21, ...uleb(c));
  }
  body.push(...countDownAndLoop);
  body.push(...sumOfLocals(Array.from({ length: chains }, (_, c) => c + 1))); // every chain counts: none is dead code
  return moduleOfRun({ params: 1, vectorLocals: chains + 2, body });
}

/**
 * Best median GFLOP/s over loop shapes and chain counts (enough chains to hide latency, few enough to stay
 * in the 16 vector registers).
 */
export async function measurePeak({ repeats = 21, iterations = 2_000_000, shapes = ['chained', 'split'] } = {}) {
  let best = { gflops: 0, chains: 0, shape: '' };
  for (const shape of shapes) {
    for (const chains of [8, 10, 12, 13, 14]) {
      const { instance } = await WebAssembly.instantiate(peakModule(chains, shape));
      const run = instance.exports.run;
      run(iterations); // warm-up: tier up to the optimising compiler
      const rates = [];
      for (let r = 0; r < repeats; r++) {
        const t0 = performance.now();
        run(iterations);
        rates.push((flopsPerIteration(chains, shape) * iterations) / (performance.now() - t0) / 1e6);
      }
      rates.sort((x, y) => x - y);
      const median = rates[rates.length >> 1];
      if (median > best.gflops) best = { gflops: median, chains, shape };
    }
  }
  return best;
}
