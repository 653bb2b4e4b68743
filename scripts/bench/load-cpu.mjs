// A page's main-thread work while it loads, as Lighthouse's phone would block on it but counted in CPU time: each
// task's thread time (the trace's `tdur`) × 4, beyond 50 ms, from the first contentful paint until the page has
// settled. Lighthouse's TBT counts wall time, which a busy shared machine stretches several times over (on
// 2026-11-30 a page unchanged since the last table, lesson 4, went from TBT 0 ms to 0.9-1.2 s). Thread time leaves
// out the time the page waited for a core, but not the time a busy core's other work slows it: with compilers
// running beside it (load 6), lesson 4's median of 3 was 1,258 ms, against 275 with browser tests beside it (load
// 7.6). Compare builds with their runs interleaved (the pages are taken in turn each round), never across sessions.
// Headless Chromium at 412 × 823 (Lighthouse's phone), the CPU at normal speed.
import { chromium } from 'playwright-core';
import { median } from './median.js';
import { busySelector } from '../../web/src/common/settled.js';

const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading'];
// Whether the page has drawn its view and nothing on it is busy (web/src/common/settled.js; the end-to-end tests'
// nothingBusy), asked through the protocol. Playwright's own waits (waitForSelector, waitForFunction) first inject its
// utility script into the page: tasks of 30-40 ms of CPU on its main thread (up to 170 ms where they met the page's
// work), traced as the page's. Measured both ways on 2026-12-01 (3 loads each, two rounds): the landings' blocking CPU
// was 169-216 (en-es), 776-800 (en-ja) and 221-1,020 ms (en-mr) with them, 52-83, 40-45 and 80-97 ms without.
const settledExpression = `document.body?.dataset.ready === 'true' && !document.querySelector('${busySelector}')`;

/** Resolves once the page has settled, asking it every 100 ms with an expression of its own (no injected script). */
async function settledByProtocol(session, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { result } = await session.send('Runtime.evaluate', { expression: settledExpression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const phoneSlowdown = 4;
const blockingAfter = 50; // ms: a task is blocking beyond this (Lighthouse's TBT)

/** The blocking CPU, all CPU and the longest task's CPU (ms, at normal speed) of one load of `url`. */
async function loadOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await browser.startTracing(page, { categories });
    await page.goto(url);
    // Settled: drawn, and nothing says it is busy (a view's first result, a lesson's widget), then a second for what
    // follows.
    await settledByProtocol(session, 60_000);
    await page.waitForTimeout(1_000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    const threads = new Set(
      traceEvents
        .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
        .map((event) => `${event.pid}:${event.tid}`),
    );
    const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint')?.ts ?? 0;
    const tasks = traceEvents
      .filter(
        (e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur && e.ts >= paint && threads.has(`${e.pid}:${e.tid}`),
      )
      .map((event) => event.tdur / 1000);
    return {
      blocking: tasks.reduce((sum, cpu) => sum + Math.max(0, cpu * phoneSlowdown - blockingAfter), 0),
      cpu: tasks.reduce((sum, cpu) => sum + cpu, 0),
      longest: Math.max(0, ...tasks),
    };
  } finally {
    await context.close();
  }
}

/**
 * For each [name, url]: the medians of `runs` loads (blocking, cpu, longest, in ms), the pages taken in turn each
 * round so that a busy spell of the machine falls on all of them alike.
 * @param {[string, string][]} pages
 * @param {number} runs
 * @param {string} executablePath
 */
export async function loadCpuTable(pages, runs, executablePath) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const loads = new Map(pages.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run++)
      for (const [name, url] of pages) loads.get(name).push(await loadOnce(browser, url));
    return new Map(
      [...loads].map(([name, runsOf]) => [
        name,
        Object.fromEntries(['blocking', 'cpu', 'longest'].map((key) => [key, median(runsOf.map((r) => r[key]))])),
      ]),
    );
  } finally {
    await browser.close();
  }
}
