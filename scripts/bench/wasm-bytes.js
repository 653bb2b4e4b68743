// Hand-assembling small wasm modules for the benchmark's loops (peak.js, tile-step.js): LEB128, sections,
// SIMD opcodes, and a module of one exported function `run`.

export const v128 = 0x7b;

export function uleb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function section(id, bytes) {
  return [id, ...uleb(bytes.length), ...bytes];
}

export const simd = (op) => [0xfd, ...uleb(op)];
export const SIMD = {
  V128_LOAD: 0x00,
  V128_LOAD32_SPLAT: 0x09,
  F32X4_EXTRACT_LANE: 0x1f,
  F32X4_ADD: 0xe4,
  F32X4_MUL: 0xe6,
  F32X4_RELAXED_MADD: 0x105,
};

/** iterations -= 1; br_if 0 (the enclosing loop) while it is not zero. Local 0 holds the count. */
export const countDownAndLoop = [0x20, 0x00, 0x41, 0x01, 0x6b, 0x22, 0x00, 0x0d, 0x00, 0x0b];

/**
 * A module exporting run(params) → f32 with `vectorLocals` v128 locals after the parameters, `body` its code
 * (ending in `end`); `params` i32 parameters; `memory` adds one page of linear memory.
 */
export function moduleOfRun({ params, vectorLocals, body, memory = false }) {
  const locals = [0x01, ...uleb(vectorLocals), v128];
  const code = [...uleb(locals.length + body.length), ...locals, ...body];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [0x01, 0x60, params, ...new Array(params).fill(0x7f), 0x01, 0x7d]), // (i32 × params) -> f32
    ...section(3, [0x01, 0x00]),
    ...(memory ? section(5, [0x01, 0x00, 0x01]) : []),
    ...section(7, [0x01, 0x03, ...new TextEncoder().encode('run'), 0x00, 0x00]),
    ...section(10, [0x01, ...code]),
  ]);
}

/** Code leaving the f32 sum of lane 0 of `locals` (v128 local indices) on the stack, then `end`. */
export function sumOfLocals(locals) {
  const code = [0x20, ...uleb(locals[0])];
  for (const local of locals.slice(1)) code.push(0x20, ...uleb(local), ...simd(SIMD.F32X4_ADD));
  return [...code, ...simd(SIMD.F32X4_EXTRACT_LANE), 0x00, 0x0b];
}
