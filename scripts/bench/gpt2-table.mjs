// npm run bench:gpt2's results as scripts/bench/gpt2-results.md: the table of ours (natively, in Node, in Chromium)
// against PyTorch, whether the issue's two targets hold on each engine, the machine and its load during the run.

const marker = '<!-- gpt2-notes: written by hand, kept by npm run bench:gpt2 -->';

/** The results file's hand-written part (from the marker on), kept when the table is written again. */
export function kept(text) {
  const at = text.indexOf(marker);
  return at < 0 ? '' : text.slice(at);
}

const engineNames = {
  native: 'native',
  'node wasm-simd128': 'Node, SIMD128',
  'node wasm-relaxed-simd': 'Node, relaxed SIMD',
  'chromium wasm-simd128': 'Chromium, SIMD128',
  'chromium wasm-relaxed-simd': 'Chromium, relaxed SIMD',
};
const ms = (seconds) => (seconds * 1e3).toFixed(1);
const mib = (value) => (value === undefined ? '' : value.toFixed(0));
// wall-clock ms, and in brackets the CPU ms where the engine gives it
const time = (run, what) =>
  run[`${what}CpuSeconds`] === undefined
    ? ms(run[`${what}Seconds`])
    : `${ms(run[`${what}Seconds`])} (${ms(run[`${what}CpuSeconds`])})`;

/** Max |Δ log p| of a run's top tokens against PyTorch float32's, and at how many steps both rank the same first. */
function agreement(run, reference) {
  let worst = 0,
    at = 0;
  for (const step of run.steps)
    for (const [, logP] of step.top) worst = Math.max(worst, Math.abs(logP - reference.logProbs[at++]));
  const same = run.steps.filter((step, i) => step.top[0][0] === reference.argmax[i]).length;
  return { worst, same };
}

/** CPU seconds per token where both have them, else wall seconds: [ours, theirs, which]. */
function comparable(a, b) {
  if (a.tokenCpuSeconds !== undefined && b.tokenCpuSeconds !== undefined)
    return [a.tokenCpuSeconds, b.tokenCpuSeconds, 'CPU'];
  return [a.tokenSeconds, b.tokenSeconds, 'wall'];
}

function targets(ours, torch) {
  const lines = [];
  for (const [key, name] of Object.entries(engineNames)) {
    const float32 = ours[`${key} 32`],
      int8 = ours[`${key} 8`];
    if (!float32 || !int8) continue;
    const [mine, theirs, clock] = comparable(float32, torch.float32);
    const [slow, fast] = comparable(float32, int8);
    const ratio = mine / theirs,
      speedUp = slow / fast;
    lines.push(
      `- **${name}:** a float32 token costs ${ms(mine)} ms ${clock} against PyTorch's ${ms(theirs)} (${ratio.toFixed(2)}×: ` +
        `${ratio <= 1 ? 'holds' : 'does not hold'}); 8-bit is ${speedUp.toFixed(2)}× faster than float32 ` +
        `(${ms(fast)} against ${ms(slow)} ms ${clock}: ${speedUp >= 2 ? 'holds' : 'does not hold'}).`,
    );
  }
  return lines;
}

function machineLines(lscpu) {
  const field = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(lscpu)?.[1] ?? '?';
  const flags = field('Flags').split(' ');
  const has = (flag) => (flags.includes(flag) ? flag : `no ${flag}`);
  return [
    `${field('Model name')}, ${field('CPU\\(s\\)')} CPUs (${field('Thread\\(s\\) per core')} thread a core), ` +
      `L2 ${field('L2 cache')}, L3 ${field('L3 cache')}, ${has('avx2')}, ${has('avx512f')}, ${has('avx512_vnni')}; ` +
      `hypervisor ${field('Hypervisor vendor')} (lscpu).`,
  ];
}

/**
 * The results file's text: settings { shape, promptTokens, steps, runs, torchRuns }, measured { ours, torch,
 * fileBytes }, context { machine (lscpu's text), loads, chromium (its user agent), notes (the kept part) }.
 */
export function gpt2Table(settings, measured, context) {
  const { shape, promptTokens, steps, runs, torchRuns } = settings;
  const { ours, torch, fileBytes } = measured;
  const { machine, loads, chromium, notes } = context;
  const reference = Object.fromEntries(torch.float32.checks.map((c) => [c.name, c]));
  const torchInt8 = Object.fromEntries(torch.int8.checks.map((c) => [c.name, c]));
  const anyCheck = Object.keys(reference)[0];
  const torchInt8Worst = Math.max(
    ...torchInt8[anyCheck].logProbs.map((lp, i) => Math.abs(lp - reference[anyCheck].logProbs[i])),
  );
  const rows = [];
  for (const bits of [32, 8]) {
    const t = bits === 32 ? torch.float32 : torch.int8;
    const weights = bits === 32 ? 'float32' : `int8 (quantize_dynamic, ${t.engine})`;
    const torchAgreement = bits === 32 ? '(reference)' : torchInt8Worst.toFixed(4);
    rows.push(
      `| PyTorch ${t.torch} | ${weights} | ${time(t, 'prompt')} | ${time(t, 'token')} | ${mib(t.peakMegabytes)} | | ${torchAgreement} | | |`,
    );
    for (const [key, name] of Object.entries(engineNames)) {
      const run = ours[`${key} ${bits}`];
      if (!run) continue;
      const { worst, same } = agreement(run, reference[`${key} ${bits}`]);
      const load = run.load === undefined ? '' : run.load.toFixed(1);
      rows.push(
        `| ours, ${name} | ${bits === 32 ? 'float32' : '8-bit'} | ${time(run, 'prompt')} | ${time(run, 'token')} | ` +
          `${mib(run.peakMegabytes)} | ${mib(run.heapMegabytes)} | ${worst.toFixed(4)} | ${same}/${run.steps.length} | ${load} |`,
      );
    }
  }
  return [
    `# GPT-2 small: ours against PyTorch (npm run bench:gpt2)`,
    '',
    `GPT-2's architecture at ${shape.layers === 12 ? '124 M parameters' : `${shape.layers} layers`} (${shape.layers} layers, ${shape.heads} heads, ${shape.width} wide, ${shape.positions} positions,`,
    `the 50,257-token vocabulary), seeded random weights (seed ${shape.seed}) in a model.safetensors of Hugging Face's layout, the`,
    `causal-mask buffers included (${(fileBytes / 1e6).toFixed(0)} MB), written by tests/support/gpt2-files.js's writeGpt2Files: the`,
    `tests' layout and values. The prompt is README.md's first ${promptTokens} GPT-2 tokens. One thread everywhere.`,
    '',
    `- **Per prompt:** one causal pass over the ${promptTokens} tokens. Natively, LanguageModel::forward; in Node and Chromium,`,
    `  \`evaluate({ text })\` (the same pass, its ${promptTokens} next-token distributions scored); PyTorch, a forward.`,
    `- **Per token:** greedy tokens after the prompt with the key/value cache, at contexts ${promptTokens + 1}–${promptTokens + steps}. Natively and`,
    `  PyTorch time ${steps} steps. In Node and Chromium, \`generate\` (which reads the prompt a token at a time into the cache)`,
    `  is timed writing 1 and ${1 + steps} tokens back to back, and the difference divided by ${steps}.`,
    `- **Times:** medians of ${runs} runs (PyTorch: ${torchRuns}), wall-clock ms, and in brackets the CPU ms where it can be`,
    "  had: natively and PyTorch, the thread's; in Node, the process's (process.cpuUsage: every thread, V8's too); in",
    "  Chromium, the renderer process's (DevTools' SystemInfo.getProcessInfo), or wall time only where the browser does",
    '  not give it. The machine is shared, so CPU time is what the work cost; wall times differ with the load.',
    "- **Memory:** peak RSS is the process's peak resident set (loading included; in Node, process.resourceUsage().maxRSS).",
    "  wasm memory is the module's memory at the end (it only grows, so its peak). Chromium gives no process figure here.",
    `- **Agreement:** max |Δ log p| over each of ${steps} steps' 10 most likely tokens against PyTorch float32 at the same`,
    '  positions of the same sequence; top-1 equal: steps whose most likely token PyTorch float32 also ranks first.',
    "  Natively the steps are greedy; in Node and Chromium they are drawn at temperature 1 (seed 1), a greedy step's",
    "  distribution being one-hot in generate's records. PyTorch reads each sequence after the prompt a token at a time.",
    '- **load:** the 1-minute load average when the row started.',
    '',
    '| engine | weights | per prompt of 128 (ms) | per token (ms) | peak RSS (MiB) | wasm memory (MiB) | max \\|Δ log p\\| | top-1 equal | load |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    "**The issue's targets** (a token at context 128 no slower than PyTorch float32 on one thread; 8-bit at least 2×",
    'faster than float32):',
    '',
    ...targets(ours, torch),
    '',
    '**Machine:** ' + machineLines(machine).join(' ') + (chromium ? ` Chromium: ${chromium}.` : ''),
    '',
    "**Load during the run** (1-minute load average, uptime's first figure): " +
      loads.map(([when, what, load]) => `${when} ${what} ${load.toFixed(1)}`).join('; ') +
      '.',
    '',
    notes || `${marker}\n`,
  ].join('\n');
}
