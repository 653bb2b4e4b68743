// The same measurements in every engine, in one run: Chromium (playwright-core), Firefox ESR (puppeteer-core over
// WebDriver BiDi) and WebKitGTK (MiniBrowser through WebKitWebDriver), each on the playground served cross-origin
// isolated by the Vite dev server. Attention at H=8, S=512, d=64 on every build the engine runs (median of 11),
// and the Train view's default run (median of 3: time to 95% held-out exact, 400 steps). Writes
// scripts/bench/engines.md and its table in docs/performance.md. Run alone: node scripts/bench/engines.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { By, until } from 'selenium-webdriver';
import { launchChromium, startPlayground } from '../../tests/e2e/support/browser.js';
import { launchFirefox } from '../../tests/e2e/support/firefox.js';
import { launchWebKit } from '../../tests/e2e/support/webkit.js';
import { attentionScript } from './browser-attention.js';
import { replaceDocsTable } from './docs-table.js';
import { trainViewResult } from './train.mjs';
import { median } from './median.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const shape = { heads: 8, s: 512 },
  d = 64,
  rounds = 11,
  trainingRuns = 3;

/**
 * One engine as the bench drives it: open a URL, evaluate a script (awaited), read an element's text, close. Also
 * scripts/experiments/gpt2-memory.mjs's.
 */
export const engines = {
  async Chromium() {
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    return {
      open: (url) => page.goto(url),
      run: (script) => page.evaluate(script),
      waitFor: (selector, timeout) => page.waitForSelector(selector, { timeout }),
      text: (selector) => page.locator(selector).textContent(),
      click: (selector) => page.locator(selector).click(),
      close: () => browser.close(),
    };
  },
  async Firefox() {
    const browser = await launchFirefox();
    const page = await browser.newPage();
    return {
      open: (url) => page.goto(url),
      run: (script) => page.evaluate(script),
      waitFor: (selector, timeout) => page.waitForSelector(selector, { timeout }),
      text: (selector) => page.$eval(selector, (node) => node.textContent),
      click: (selector) => page.click(selector),
      close: () => browser.close(),
    };
  },
  async WebKit() {
    const { driver, close } = await launchWebKit();
    await driver.manage().setTimeouts({ script: 300_000 });
    return {
      open: (url) => driver.get(url),
      run: (script) =>
        driver.executeAsyncScript(
          `const done = arguments[arguments.length - 1]; ${script}.then(done, (error) => done({ error: String(error) }));`,
        ),
      waitFor: (selector, timeout) => driver.wait(until.elementLocated(By.css(selector)), timeout),
      text: (selector) =>
        driver.executeScript(`return document.querySelector(${JSON.stringify(selector)}).textContent`),
      click: (selector) => driver.findElement(By.css(selector)).click(),
      close,
    };
  },
};

/** Runs `body` with a fresh session of engine `name` (a browser started for it alone), then closes it. */
export async function withEngine(name, body) {
  const engine = await engines[name]();
  try {
    return await body(engine);
  } finally {
    await engine.close();
  }
}

async function measure(name, url) {
  const attention = await withEngine(name, async (engine) => {
    await engine.open(`${url}?view=steps`);
    await engine.waitFor('body[data-ready]', 60_000);
    return engine.run(attentionScript([shape], d, rounds));
  });
  if (attention.error) throw new Error(`${name}: ${attention.error}`);
  for (const [backend, [result]] of Object.entries(attention.results))
    console.log(`${name}, ${backend}: H=8 S=512 ${result.ms.toFixed(2)} ms`);
  // Each training run in a browser of its own (a second run in the same WebKit session never finished).
  const training = [];
  for (let run = 0; run < trainingRuns; run++) {
    training.push(
      await withEngine(name, async (engine) => {
        await engine.open(`${url}?view=train`);
        await engine.waitFor('#train-start', 60_000);
        await engine.click('#train-start');
        await engine.waitFor('#train-view[data-status="done"], #train-view[data-status="failed"]', 180_000);
        const progress = await engine.text('#train-progress-text');
        return {
          ...trainViewResult(await engine.text('#train-scores'), progress),
          backend: progress.split(' · ').at(-1),
        };
      }),
    );
    console.log(
      `${name}: trained on ${training.at(-1).backend}, 95% after ${training.at(-1).seconds} s, 400 steps in ${training.at(-1).total} s`,
    );
  }
  return { name, userAgent: attention.userAgent, attention: attention.results, threads: attention.threads, training };
}

export async function enginesBenchmark() {
  const playground = await startPlayground();
  const measured = [];
  try {
    for (const name of Object.keys(engines)) measured.push(await measure(name, playground.url));
  } finally {
    await playground.server.close();
  }
  const flops = 4 * shape.heads * shape.s * shape.s * d;
  const lines = [
    '## Every engine: attention and training in the page',
    '',
    `The playground served cross-origin isolated (the Vite dev server), each engine in turn in one run; attention at H=8, S=512, d=64 on every build the engine runs (median of ${rounds} after a 1 s warm-up), and the Train view's default run (median of ${trainingRuns}). Engines: ${measured.map((m) => `${m.name} (${m.userAgent.match(/(Chrome|Firefox|Version)\/[\d.]+/)?.[0] ?? m.userAgent})`).join(', ')}.`,
    '',
    '| engine | build | attention H=8 S=512: ms (GFLOP/s) |',
    '|---|---|---|',
    ...measured.flatMap((m) =>
      Object.entries(m.attention).map(
        ([backend, [r]]) =>
          `| ${m.name} | ${backend}${m.threads[backend] > 1 ? ` (${m.threads[backend]} threads)` : ''} | ${r.ms.toFixed(2)} (${(flops / r.ms / 1e6).toFixed(1)}) |`,
      ),
    ),
    '',
    '| engine | Train view build | time to 95% held-out exact | 400 steps | steps/s |',
    '|---|---|---|---|---|',
    ...measured.map((m) => {
      const total = median(m.training.map((t) => t.total));
      return `| ${m.name} | ${m.training[0].backend} | ${median(m.training.map((t) => t.seconds ?? Infinity)).toFixed(1)} s | ${total.toFixed(1)} s | ${Math.round(400 / total)} |`;
    }),
    '',
  ];
  const markdown = lines.join('\n');
  writeFileSync(here('engines.md'), `${markdown}\n`);
  const inDocs = replaceDocsTable('engines', markdown.slice(markdown.indexOf('\n\n') + 2));
  console.log(`\n${markdown}\nwrote scripts/bench/engines.md${inDocs ? ' and its table in docs/performance.md' : ''}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  enginesBenchmark().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
