// The playground on a phone, measured: Lighthouse's default mobile run (4× slower CPU, slow 4G, simulated) on every
// page of the built site served by `vite preview` (cross-origin isolated, as `npm start` serves it), median of 5
// runs per page (issue 57), beside each page's main-thread CPU while it loads as the phone would block on it
// (load-cpu.mjs: without the waits for a core that stretch Lighthouse's wall-clock TBT); then, with the CPU at normal speed,
// the main thread's tasks over 50 ms while a person uses each view in headless Chromium (typing, sliders, scrubbing,
// training). Writes scripts/bench/lighthouse.md and the table in docs/performance.md. Run alone: node
// scripts/bench/lighthouse.mjs [--runs 5]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { replaceDocsTable } from './docs-table.js';
import { loadCpuTable } from './load-cpu.mjs';
import { shippedModels } from '../experiments/site-models.mjs';
import { median } from './median.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pages = [
  ['/ (Translation)', ''],
  // every other shipped model's Translation view
  ...shippedModels.slice(1).map((name) => [`Translation, ${name}`, `?view=translation&model=${name}`]),
  ...Array.from({ length: 10 }, (_, i) => [`lesson ${i + 1}`, `?view=lessons&lesson=${i + 1}`]),
  ['step by step', '?view=steps'],
  ['Train', '?view=train'],
  ['Generate', '?view=generate'],
  ['embed.html', 'embed.html'],
];
/** The machine the figures come from (issue 57: a median of 5 with the CPU named): its CPU, and how busy it was. */
const machine = () =>
  `${cpus()[0].model.trim()} (${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} as the runs began)`;

async function serveBuiltSite() {
  const server = await preview({
    configFile: fileURLToPath(new URL('../../web/vite.config.js', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  return { server, url: `http://127.0.0.1:${server.httpServer.address().port}/` };
}

/** One Lighthouse mobile run of `url`: the four scores and the metrics the issue names. */
async function audit(url) {
  const profile = mkdtempSync(join(tmpdir(), 'ap-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: profile,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const score = (name) => Math.round(lhr.categories[name].score * 100);
    // A run Lighthouse could not measure (a trace without a largest paint, say) scores 0 and has no metrics.
    const failed = lhr.runtimeError?.code ?? (Number.isFinite(lhr.categories.performance.score) ? null : 'no score');
    if (failed) return { failed };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      tbt: lhr.audits['total-blocking-time'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue / 1000,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue / 1000,
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function lighthouseTable(url, runs, only = null) {
  const chosen = pages.filter(([name]) => !only || only.test(name));
  const rows = [];
  for (const [name, query] of chosen) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      let result = await audit(`${url}${query}`);
      for (let retry = 0; retry < 2 && result.failed; retry++) {
        console.log(`${name.padEnd(22)} (a run Lighthouse could not measure: ${result.failed}; run again)`);
        result = await audit(`${url}${query}`);
      }
      if (result.failed) throw new Error(`${name}: Lighthouse failed three times: ${result.failed}`);
      results.push(result);
    }
    const row = Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]));
    row.performanceRuns = results.map((r) => r.performance);
    console.log(
      `${name.padEnd(22)} performance ${row.performance} (${row.performanceRuns.join(', ')}), TBT ${Math.round(row.tbt)} ms, LCP ${row.lcp.toFixed(1)} s, CLS ${row.cls.toFixed(3)}, a11y ${row.accessibility}, BP ${row.bestPractices}, SEO ${row.seo}`,
    );
    rows.push({ name, ...row });
  }
  const loads = await loadCpuTable(
    chosen.map(([name, query]) => [name, `${url}${query}`]),
    runs,
    chromePath,
  );
  for (const row of rows) {
    const { blocking, longest } = loads.get(row.name);
    Object.assign(row, { cpuBlocking: blocking, cpuLongest: longest });
    console.log(
      `${row.name.padEnd(22)} main-thread CPU while loading, as a phone 4× slower blocks on it: ${Math.round(blocking)} ms (longest task ${Math.round(longest)} ms of CPU)`,
    );
  }
  return rows;
}

/** The main thread's tasks over 50 ms (count, longest) during `act`, at normal CPU speed. */
async function longTasksDuring(page, act) {
  await page.evaluate(() => {
    globalThis.longTaskLog = [];
    new PerformanceObserver((list) => globalThis.longTaskLog.push(...list.getEntries().map((e) => e.duration))).observe(
      { type: 'longtask' },
    );
  });
  await act();
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => globalThis.longTaskLog);
  return { count: tasks.length, longest: tasks.length ? Math.max(...tasks) : 0 };
}

export async function interactionTable(url) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const rows = [];
  const measure = async (name, query, ready, act) => {
    await page.goto(`${url}${query}`);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    await page.evaluate(() => window.scrollBy(0, window.innerHeight)); // a phone builds what is below the fold then
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.waitForTimeout(500); // the first paint's own tasks are Lighthouse's to count
    rows.push({ name, ...(await longTasksDuring(page, act)) });
    console.log(
      `${name.padEnd(45)} ${rows.at(-1).count} tasks over 50 ms, longest ${Math.round(rows.at(-1).longest)} ms`,
    );
  };
  const done = '#translation-view[data-decoding="done"]';
  await measure('Translation: typing a sentence, then Enter', '', done, async () => {
    await page.locator('#sentence').fill('');
    await page
      .locator('#sentence')
      .pressSequentially('the young teacher reads my new letter near the window', { delay: 30 });
    await page.locator('#sentence').press('Enter');
    await page.waitForSelector(done, { timeout: 20_000 });
  });
  await measure('Translation: attention temperature slider', '', done, async () => {
    const slider = page.locator('#tr-temperature');
    await slider.scrollIntoViewIfNeeded();
    for (let value = 300; value <= 700; value += 25) await slider.fill(String(value));
    await page.waitForSelector(done);
  });
  await measure('Translation: scrubbing the decoding steps', '', done, async () => {
    const scrubber = page.locator('#decoding-step');
    await scrubber.scrollIntoViewIfNeeded();
    const last = Number(await scrubber.getAttribute('max'));
    for (let step = 0; step <= last; step++) await scrubber.fill(String(step));
  });
  await measure('Step by step: temperature slider', '?view=steps', '#stage-weights table tbody tr', async () => {
    const slider = page.locator('input[type="range"]').first();
    await slider.scrollIntoViewIfNeeded();
    for (let value = 100; value <= 900; value += 50) await slider.fill(String(value));
  });
  await measure(
    'Lesson 2: softmax temperature slider',
    '?view=lessons&lesson=2',
    '#lessons-view input[type="range"]',
    async () => {
      const slider = page.locator('#lessons-view input[type="range"]').first();
      await slider.scrollIntoViewIfNeeded();
      for (let value = 0; value <= 1000; value += 50) await slider.fill(String(value));
    },
  );
  await measure('Train: a whole 400-step run', '?view=train', '#train-start', async () => {
    await page.locator('#train-start').click();
    await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
      timeout: 120_000,
    });
  });
  await browser.close();
  return rows;
}

export async function lighthouseBenchmark({ runs = 5 } = {}) {
  const site = await serveBuiltSite();
  try {
    const chromeVersion = (await import('node:child_process'))
      .execFileSync(chromePath, ['--version'])
      .toString()
      .trim();
    const lighthouseVersion = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../node_modules/lighthouse/package.json', import.meta.url)), 'utf8'),
    ).version;
    const cpu = machine();
    console.log(`Lighthouse ${lighthouseVersion}, ${chromeVersion}, ${cpu}: ${pages.length} pages × ${runs} runs`);
    const audits = await lighthouseTable(site.url, runs);
    const interactions = await interactionTable(site.url);
    const lines = [
      '## On a phone: Lighthouse mobile',
      '',
      `Lighthouse ${lighthouseVersion} (its default mobile run: 4× slower CPU, slow 4G, simulated), ${chromeVersion}, on ${cpu}, against the built site served by \`vite preview\` (cross-origin isolated). Median of ${runs} runs per page; performance's runs in brackets. "CPU blocking": the same pages loaded ${runs} times more in headless Chromium at 412 × 823, each main-thread task's CPU time (trace \`tdur\`) × 4 beyond 50 ms, from the first paint until the page has settled (\`scripts/bench/load-cpu.mjs\`): TBT as the page's own work makes it, without the waits for a core that stretch Lighthouse's wall-clock TBT on a busy machine (a busy core still slows it); the longest task's CPU in brackets.`,
      '',
      '| page | performance | TBT | CPU blocking | LCP | CLS | accessibility | best practices | SEO |',
      '|---|---|---|---|---|---|---|---|---|',
      ...audits.map(
        (r) =>
          `| ${r.name} | ${r.performance} (${r.performanceRuns.join(', ')}) | ${Math.round(r.tbt)} ms | ${Math.round(r.cpuBlocking)} ms (${Math.round(r.cpuLongest)} ms) | ${r.lcp.toFixed(1)} s | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`,
      ),
      '',
      '## On a phone: main-thread tasks over 50 ms while the view is used',
      '',
      'Headless Chromium at 412 × 823, CPU at normal speed, the built site; long tasks (PerformanceObserver) from the first interaction on.',
      '',
      '| interaction | tasks over 50 ms | longest |',
      '|---|---|---|',
      ...interactions.map((r) => `| ${r.name} | ${r.count} | ${r.count ? `${Math.round(r.longest)} ms` : '-'} |`),
      '',
    ];
    const markdown = lines.join('\n');
    writeFileSync(here('lighthouse.md'), `${markdown}\n`);
    const inDocs = replaceDocsTable(
      'lighthouse',
      markdown.replaceAll('## On a phone: ', '**On a phone: ').replace(/(\*\*On a phone: [^\n]+)/g, '$1**'),
    );
    console.log(`wrote scripts/bench/lighthouse.md${inDocs ? ' and its table in docs/performance.md' : ''}`);
  } finally {
    await site.server.close();
  }
}

/** `--pages REGEX`: only the pages whose names match, printed and not written (to measure a change again). */
async function somePages(only, runs) {
  const site = await serveBuiltSite();
  try {
    console.log(`${machine()}: median of ${runs} runs per page`);
    await lighthouseTable(site.url, runs, only);
  } finally {
    await site.server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : null;
  };
  const runs = Number(option('--runs') ?? 5);
  const only = option('--pages');
  (only ? somePages(new RegExp(only), runs) : lighthouseBenchmark({ runs })).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
