// npm run bench:gpt2's rows for the wasm module: GPT-2 opened through loadLanguageModel({ gpt2 }) and timed through
// the library's own calls, the same code in Node (gpt2-node.mjs) and in Chromium's page (gpt2-chromium.mjs). No Node
// import here: the page loads this file as it is.

/** Seconds `call` took, by the engine's clock. */
function timed(call) {
  const started = performance.now();
  call();
  return (performance.now() - started) / 1000;
}

/**
 * GPT-2 from `gpt2` (loadLanguageModel's files) on `backend` with `weightBits`, checked to read `prompt` as the
 * `promptIds` PyTorch is given, and warmed up (V8 compiles wasm in a baseline tier first and optimises what runs hot).
 * Returns the calls the bench times, each giving its seconds by the engine's clock: prompt() (evaluate: one causal
 * pass over the prompt, its 128 next-token distributions scored), generate(tokens) (greedy, with the key/value
 * cache: the prompt read a token at a time, then `tokens` written); and, untimed, sample(steps) (steps drawn at
 * temperature 1 with each step's 10 most likely tokens and their log-probabilities, for the agreement with PyTorch)
 * and memory() (the module's { allocatedBytes, heapBytes }: its wasm memory, which only grows, so the peak).
 * `library`: { loadLanguageModel, languageModelModule } (web/lib/index.js, web/lib/load-module.js).
 */
export async function openGpt2Bench(library, { gpt2, backend, weightBits, prompt, promptIds }) {
  const started = performance.now();
  const model = await library.loadLanguageModel({ gpt2, backend, weightBits });
  const loadSeconds = (performance.now() - started) / 1000;
  const ids = Array.from(model.tokenize(prompt).ids);
  if (ids.join() !== promptIds.join())
    throw new Error(`the prompt reads as ${ids.length} tokens here, not as the ${promptIds.length} PyTorch is given`);
  const module = await library.languageModelModule(model.backend);
  const warmUp = prompt.slice(0, 200);
  model.evaluate({ text: warmUp });
  model.generate(warmUp, { tokens: 4, decoding: 'greedy', top: 1 });
  return {
    backend: model.backend,
    loadSeconds,
    prompt: () => timed(() => model.evaluate({ text: prompt })),
    generate: (tokens) => timed(() => model.generate(prompt, { tokens, decoding: 'greedy', top: 1 })),
    sample: (steps) =>
      model.generate(prompt, { tokens: steps, decoding: 'sample', seed: 1, top: 10 }).steps.map((step) => ({
        id: step.id,
        top: step.top.map(({ id, probability }) => [id, Math.log(probability)]),
      })),
    memory: () => module.languageModelMemoryStats(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * The protocol, given the calls (each async, resolving to its seconds) and cpuSeconds() (async: the engine's CPU
 * seconds so far, or null where it cannot be had). Per prompt: prompt()'s time, median of `runs`. Per token:
 * generate(1 + steps) − generate(1), over `steps`: the `steps` tokens after the first, at contexts 129 to 128 + steps
 * (the prompt's own steps cancel), median of `runs`, each run's pair back to back. Returns { promptSeconds,
 * tokenSeconds, promptCpuSeconds, tokenCpuSeconds } (the CPU ones undefined without cpuSeconds).
 */
export async function measureGpt2(calls, cpuSeconds, { runs, steps }) {
  const measured = async (call) => {
    const cpuBefore = await cpuSeconds();
    const seconds = await call();
    const cpuAfter = await cpuSeconds();
    return { seconds, cpu: cpuBefore === null ? null : cpuAfter - cpuBefore };
  };
  const prompts = [];
  for (let run = 0; run < runs; run++) prompts.push(await measured(() => calls.prompt()));
  const tokens = [];
  for (let run = 0; run < runs; run++) {
    const first = await measured(() => calls.generate(1));
    const more = await measured(() => calls.generate(1 + steps));
    tokens.push({ seconds: (more.seconds - first.seconds) / steps, cpu: (more.cpu - first.cpu) / steps });
  }
  const result = {
    promptSeconds: median(prompts.map((p) => p.seconds)),
    tokenSeconds: median(tokens.map((t) => t.seconds)),
  };
  if (prompts[0].cpu !== null) {
    result.promptCpuSeconds = median(prompts.map((p) => p.cpu));
    result.tokenCpuSeconds = median(tokens.map((t) => t.cpu));
  }
  return result;
}
