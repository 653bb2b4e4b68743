// The course package (npm run package:scorm) as a course platform runs it: unzipped under the platform's own
// origin, its launch page in a frame of the platform's player, which defines the SCORM 1.2 API with a real
// LMS-side runtime (scorm-again's Scorm12API, scorm-host/lms.js). Launch, solve lessons 4 and 5's challenges
// as a learner (as lessons/challenges.test.js does), leave, launch again: the calls in order, status, score, the
// resume from suspend_data, and a forged suspend_data costing only that restore. Every file the page asks for
// is in the package (a missing one fails the test), and outside a platform the same package is a normal page.
// The language changed mid-lesson keeps the session (no finish, no second launch: the calls across it are printed),
// a package in Spanish (--lang es) opens in Spanish, and a launch or report the platform refuses is said to the learner.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { buildSiteWithManifest } from '../../../scripts/package-scorm.mjs';
import { buildCoursePackage } from '../../../scripts/scorm/course-package.mjs';
import { useChromiumAndPlayground } from '../support/browser.js';
import { serveFolder } from '../support/static-host.js';
import { worstHeadAnswer } from '../support/worst-head.js';

const suite = useChromiumAndPlayground();
let scratch;
let host;
let lesson5; // worstHeadAnswer's
let translator;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'scorm-e2e-'));
  await buildSiteWithManifest(join(scratch, 'site'));
  const platform = join(scratch, 'platform');
  const course = join(platform, 'course');
  const unpack = (lessons, folder, locale = null) => {
    const { zip } = buildCoursePackage(join(scratch, 'site'), lessons, { locale });
    for (const [path, bytes] of Object.entries(unzipSync(zip))) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), bytes);
    }
  };
  unpack([4, 5], course);
  unpack([4, 5], join(platform, 'course-es'), 'es');
  unpack([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], join(platform, 'all'));
  const here = (path) => fileURLToPath(new URL(path, import.meta.url));
  copyFileSync(here('../../../node_modules/scorm-again/dist/scorm12.js'), join(platform, 'scorm12.js'));
  for (const file of ['lms.html', 'lms.js']) copyFileSync(here(`scorm-host/${file}`), join(platform, file));
  host = await serveFolder(() => platform); // no isolation headers: a platform sends none
  translator = await loadTranslator({ backend: 'wasm-simd128' });
  lesson5 = worstHeadAnswer(translator);
}, 180_000);
afterAll(async () => {
  translator?.dispose();
  await host?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The platform's player page, recording what the package asks for that it does not hold and every page error. */
async function openPlatform() {
  const page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const problems = [];
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()}`));
  page.on('request', (r) => !r.url().startsWith(host.url) && problems.push(`elsewhere ${r.url()}`));
  page.on('pageerror', (error) => problems.push(error.message));
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto(`${host.url}lms.html`);
  return { page, problems, warnings };
}

/** A package's page opened at `path` on the platform's origin but not by its player: no SCORM API around it. */
async function openOutsidePlatform(path) {
  const opened = await openPlatform();
  await opened.page.goto(`${host.url}${path}`);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

/** Launches the package (at `href`) in the player with what the platform kept, and waits for the lesson page. */
async function launch(page, kept = null, failing = [], href = 'course/index.html') {
  await page.evaluate(([k, h, f]) => globalThis.launch(k, h, f), [kept, href, failing]);
  const frame = page.frameLocator('#course');
  await frame.locator('body[data-ready]').waitFor({ timeout: 60_000 });
  return frame;
}
const calls = (page) => page.evaluate(() => globalThis.calls);
/** Every call of the platform's API object, with its answer: `LMSCommit("") → "true"`. */
const callLog = (page) => page.evaluate(() => globalThis.log);
const stored = (page) => page.evaluate(() => globalThis.stored());
/** The learner leaves (the platform unloads the frame): the page's pagehide. */
const leave = (page) => page.evaluate(() => (document.getElementById('course').src = 'about:blank'));

/** @param {import('playwright-core').FrameLocator | import('playwright-core').Page} frame  the lesson page */
async function showLesson(frame, number) {
  await frame.locator(`#lesson-${number}`).click();
  await expect.poll(() => frame.locator('#lesson-title').textContent()).toMatch(new RegExp(`^${number}\\. `));
  await frame.locator('html').evaluate(() => window.scrollBy(0, window.innerHeight)); // as a reader scrolls on
  await frame.locator('#lesson-challenges .challenge').first().waitFor();
}
const solved = (frame, id) => frame.locator(`#challenge-${id}`).getAttribute('data-solved');
/** The learner picks `locale` in the header's menu; the page is in it once it says it is ready again. */
async function chooseLanguage(frame, locale) {
  await frame.locator('#language-picker').selectOption(locale);
  await frame.locator(`html[lang="${locale}"] body[data-ready]`).waitFor({ timeout: 60_000 });
}
const setRange = (frame, selector, value) =>
  frame.locator(selector).evaluate((input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);

/** Lesson 4's challenge, as lessons/challenges.test.js solves it: the first nearly one-hot width, two draws. */
async function solveLesson4(frame) {
  await showLesson(frame, 4);
  await setRange(frame, '#scaling-width', 7);
  await setRange(frame, '#scaling-width', 5);
  await frame.locator('#scaling-redraw').click();
  await setRange(frame, '#scaling-width', 5);
  await setRange(frame, '#scaling-width', 6);
  await expect.poll(() => solved(frame, 'first-one-hot'), { timeout: 20_000 }).toBe('true');
}
/** Lesson 5's: the head that aligns worst, after two others. */
async function solveLesson5(frame) {
  await showLesson(frame, 5);
  await frame.locator('#cross-head option[value="0"]').waitFor({ state: 'attached', timeout: 30_000 });
  await frame.locator('#cross-sentence').selectOption({ value: String(lesson5.sentence) });
  await frame.locator('#lessons-view[data-state="settled"]').waitFor({ state: 'attached' }); // its maps drawn
  // each head looked at, i.e. drawn: the widget draws only the latest of quick choices, and the challenge counts drawings
  for (const head of [...lesson5.others.slice(0, 2), lesson5.worst]) {
    await frame.locator('#cross-head').selectOption({ value: String(head) });
    await expect.poll(() => frame.locator('#cross-status').textContent()).toContain(`in head ${head + 1},`);
    await frame.locator('#lessons-view[data-state="settled"]').waitFor({ state: 'attached' }); // and checked
  }
  await expect.poll(() => solved(frame, 'worst-head'), { timeout: 20_000 }).toBe('true');
}

const launchCalls = (raw, status) => [
  ['LMSInitialize'],
  ['LMSGetValue', 'cmi.core.lesson_status'],
  ['LMSGetValue', 'cmi.suspend_data'],
  ['LMSSetValue', 'cmi.core.score.min', '0'],
  ['LMSSetValue', 'cmi.core.score.max', '2'],
  ['LMSSetValue', 'cmi.core.score.raw', String(raw)],
  ['LMSSetValue', 'cmi.core.lesson_status', status],
  ['LMSCommit'],
];
const solveCalls = (solvedIds, status) => [
  ['LMSSetValue', 'cmi.core.score.min', '0'],
  ['LMSSetValue', 'cmi.core.score.max', '2'],
  ['LMSSetValue', 'cmi.core.score.raw', String(solvedIds.length)],
  ['LMSSetValue', 'cmi.core.lesson_status', status],
  ['LMSSetValue', 'cmi.suspend_data', JSON.stringify({ v: 1, solved: solvedIds })],
  ['LMSCommit'],
];
const finishCalls = (exit) => [
  ['LMSSetValue', 'cmi.core.exit', exit],
  ['LMSSetValue', 'cmi.core.session_time', expect.stringMatching(/^\d{4}:\d\d:\d\d\.\d\d$/)],
  ['LMSFinish'],
];

/** What the platform keeps once `solvedIds` are solved, with the status `status`. */
const storedAfter = (solvedIds, status) => ({
  lesson_status: status,
  score: { raw: String(solvedIds.length), min: '0', max: '2' },
  suspend_data: JSON.stringify({ v: 1, solved: solvedIds }),
});

describe('the SCORM 1.2 package in a platform’s player (scorm-again)', () => {
  let keptAfterFirst;

  it('launches incomplete at 0 of 2, reports each solve and commits it, and finishes suspended when the learner leaves', async () => {
    const { page, problems } = await openPlatform();
    const frame = await launch(page);
    expect(await frame.locator('#lesson-title').textContent()).toMatch(/^4\. /); // index.html opens at lesson 4
    // only the packaged lessons: no view tabs, no previous or next, 4 and 5 alone in the list
    expect(await frame.locator('#view-tabs').isVisible()).toBe(false);
    expect(await frame.locator('.lesson-steps').isVisible()).toBe(false);
    const listed = await frame.locator('.lesson-nav li:not([hidden]) button').evaluateAll((bs) => bs.map((b) => b.id));
    expect(listed).toEqual(['lesson-4', 'lesson-5']);
    await expect.poll(() => calls(page)).toEqual(launchCalls(0, 'incomplete'));
    await solveLesson4(frame);
    await expect
      .poll(() => calls(page))
      .toEqual([...launchCalls(0, 'incomplete'), ...solveCalls(['first-one-hot'], 'incomplete')]);
    await leave(page);
    await expect
      .poll(() => calls(page))
      .toEqual([
        ...launchCalls(0, 'incomplete'),
        ...solveCalls(['first-one-hot'], 'incomplete'),
        ...finishCalls('suspend'),
      ]);
    keptAfterFirst = await stored(page);
    expect(keptAfterFirst).toEqual(storedAfter(['first-one-hot'], 'incomplete'));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('resumes from the stored suspend_data, and completes at 2 of 2 once lesson 5 is solved too', async () => {
    const { page, problems } = await openPlatform();
    const frame = await launch(page, {
      suspend_data: keptAfterFirst.suspend_data,
      core: { lesson_status: 'incomplete', entry: 'resume' },
    });
    await showLesson(frame, 4);
    expect(await solved(frame, 'first-one-hot')).toBe('true'); // restored: a tick without solving it again
    await expect.poll(() => calls(page)).toEqual(launchCalls(1, 'incomplete'));
    await solveLesson5(frame);
    await expect
      .poll(() => calls(page))
      .toEqual([...launchCalls(1, 'incomplete'), ...solveCalls(['first-one-hot', 'worst-head'], 'completed')]);
    await leave(page);
    await expect.poll(() => calls(page).then((c) => c.slice(-3))).toEqual(finishCalls(''));
    expect(await stored(page)).toEqual(storedAfter(['first-one-hot', 'worst-head'], 'completed'));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a forged or cut suspend_data costs only the restore: the page works, starts at 0, and rewrites it on a solve', async () => {
    for (const forged of ['{"v":1,"solved":["first-one-', '{"v":1,"solved":["first-one-hot","decay-forgets"]}']) {
      const { page, problems, warnings } = await openPlatform();
      const frame = await launch(page, { suspend_data: forged, core: { lesson_status: 'incomplete' } });
      await showLesson(frame, 4);
      expect(await solved(frame, 'first-one-hot')).toBe('false');
      await expect.poll(() => calls(page)).toEqual(launchCalls(0, 'incomplete'));
      expect(warnings.filter((w) => w.includes('stored progress is not restored'))).toHaveLength(1);
      await solveLesson4(frame);
      await expect.poll(() => stored(page).then((s) => s.suspend_data)).toBe('{"v":1,"solved":["first-one-hot"]}');
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('changes language in place mid-lesson: no LMSFinish, no second LMSInitialize, and the solve after it is reported', async () => {
    const { page, problems } = await openPlatform();
    const frame = await launch(page);
    await showLesson(frame, 4);
    // lesson 4's challenge half done: the first draw's answer found by moving the width
    await setRange(frame, '#scaling-width', 7);
    await setRange(frame, '#scaling-width', 5);
    await expect.poll(() => calls(page)).toEqual(launchCalls(0, 'incomplete'));
    const before = (await callLog(page)).length;
    await chooseLanguage(frame, 'es');
    expect(await frame.locator('#lesson-title').textContent()).toBe('4. Escalado');
    expect(await frame.locator('label[for="language-picker"]').textContent()).toBe('Idioma');
    // the second half, in Spanish: solved only if the first half's steps were kept
    await frame.locator('#scaling-redraw').click();
    await setRange(frame, '#scaling-width', 5);
    await setRange(frame, '#scaling-width', 6);
    await expect.poll(() => solved(frame, 'first-one-hot'), { timeout: 20_000 }).toBe('true');
    expect(await frame.locator('#challenge-first-one-hot .challenge-status').textContent()).toBe('✓ Resuelto');
    await expect
      .poll(() => calls(page))
      .toEqual([...launchCalls(0, 'incomplete'), ...solveCalls(['first-one-hot'], 'incomplete')]);
    expect(await frame.locator('#save-problem').isHidden()).toBe(true); // every report taken
    await leave(page);
    await expect.poll(() => calls(page).then((c) => c.slice(-3))).toEqual(finishCalls('suspend'));
    const log = await callLog(page);
    console.log(
      `The SCORM calls across a language change:\n${[...log.slice(0, before), '(the language changes)', ...log.slice(before)].join('\n')}`,
    );
    expect(log.filter((call) => /^LMS(Initialize|Finish)/.test(call))).toEqual([
      'LMSInitialize("") → "true"',
      'LMSFinish("") → "true"',
    ]);
    expect(log.at(-1)).toBe('LMSFinish("") → "true"');
    expect(await stored(page)).toEqual(storedAfter(['first-one-hot'], 'incomplete'));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('made with --lang es, opens in Spanish; a launch the platform refuses (the page reopened after its finish) is said to the learner', async () => {
    const { page, problems } = await openPlatform();
    const frame = await launch(page, null, [], 'course-es/index.html');
    expect(await frame.locator('html').getAttribute('lang')).toBe('es');
    expect(await frame.locator('#lesson-title').textContent()).toBe('4. Escalado');
    expect(await frame.locator('#save-problem').isVisible()).toBe(false);
    // what the language menu did before it changed language in place: reopen the page, in the platform's frame
    const course = page.frames().find((f) => f.url().includes('course-es/index.html'));
    await course.goto(course.url());
    await frame.locator('body[data-ready]').waitFor();
    await expect.poll(() => frame.locator('#save-problem').isVisible()).toBe(true);
    expect(await frame.locator('#save-problem').textContent()).toMatch(
      /^No se pudo guardar tu progreso: la plataforma del curso no abrió la sesión de esta actividad \(LMSInitialize: error 101 .*\)/,
    );
    const log = await callLog(page);
    expect(log.filter((call) => /^LMS(Initialize|Finish)/.test(call))).toEqual([
      'LMSInitialize("") → "true"',
      'LMSFinish("") → "true"',
      'LMSInitialize("") → "false"',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a platform whose commits and writes throw: each said on the console, the lesson goes on and is solved', async () => {
    const { page, problems, warnings } = await openPlatform();
    const frame = await launch(page, null, ['LMSSetValue', 'LMSCommit']);
    await solveLesson4(frame);
    expect(await frame.locator('#lesson-4 .lesson-progress').textContent()).toBe(' ✓ 1/1');
    expect((await calls(page)).slice(0, 3)).toEqual([
      ['LMSInitialize'],
      ['LMSGetValue', 'cmi.core.lesson_status'],
      ['LMSGetValue', 'cmi.suspend_data'],
    ]);
    expect(warnings.filter((w) => w.includes("The course platform's LMSCommit failed")).length).toBe(2); // launch, solve
    // and said to the learner, at the top of the lesson
    expect(await frame.locator('#save-problem').isVisible()).toBe(true);
    expect(await frame.locator('#save-problem').textContent()).toBe(
      "Your progress could not be saved: the course platform did not take it (LMSSetValue: LMSSetValue: the platform's server does not answer). The next challenge you solve tries again; if this stays, tell your teacher.",
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('opened outside a platform, is the normal page at the packaged lessons: no API, progress in this browser', async () => {
    const { page, problems } = await openOutsidePlatform('course/index.html');
    const address = new URL(page.url()).searchParams;
    expect([address.get('view'), address.get('lessons.lesson')]).toEqual(['lessons', '4']);
    expect(await page.evaluate(() => 'API' in window)).toBe(false);
    expect(await page.locator('#lesson-title').textContent()).toMatch(/^4\. /);
    await solveLesson4(page);
    expect(await page.evaluate(() => localStorage.getItem('attention-playground:challenges'))).toBe(
      '["first-one-hot"]',
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('of all ten lessons holds every file each lesson asks for when shown (lesson 7’s training aside: it waits for a click)', async () => {
    const { page, problems } = await openOutsidePlatform('all/index.html');
    expect(await page.locator('.lesson-nav li:not([hidden])').count()).toBe(10);
    for (let lesson = 1; lesson <= 10; lesson++) {
      await showLesson(page, lesson);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('the playground’s own pages (no package mark) fetch none of the package’s code', async () => {
    const page = await suite.browser.newPage();
    const requested = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${suite.playground.url}?view=lessons&lesson=4`);
    await page.waitForSelector('body[data-ready]');
    expect(requested.filter((path) => /^(course-package|scorm-)/.test(path.split('/').at(-1)))).toEqual([]);
    expect(requested).toContain('/src/app/packaged-lessons.js'); // the dev server's paths: the check looks where it would be
    await page.close();
  });
});
