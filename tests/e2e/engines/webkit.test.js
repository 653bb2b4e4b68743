// The built site in WebKit (WebKitGTK's MiniBrowser), cross-origin isolated and not: every view computes, and the
// Train view trains to 95% on a visit the offline copy's service worker controls. WebKit runs the SIMD128 build (no
// relaxed SIMD here) and no threads. The run is the reverse task's (400 steps, 7-13 s here): the question is whether
// training runs in this engine's worker to a working model; the default model's 95% is Chromium's to show (it took
// 30 s a run here, two runs).
import { By, Key, until } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltSite, startPlainServer, startPlayground } from '../support/browser.js';
import { elementsShown, elementsState, expectedElements } from '../support/embed-state.js';
import { gpt2PageDone, gpt2PageState, lensInNode, randomGpt2Folder } from '../support/gpt2-in-page.js';
import { launchWebKit } from '../support/webkit.js';

let webkit;
beforeAll(async () => {
  webkit = await launchWebKit();
});
afterAll(() => webkit?.close());

const text = (selector) => webkit.driver.findElement(By.css(selector)).getText();
const waitFor = (selector, timeout = 30_000) => webkit.driver.wait(until.elementLocated(By.css(selector)), timeout);
const controlled = () => webkit.driver.executeScript('return navigator.serviceWorker.controller !== null');
// WebKitGTK leaves a service worker's registration installing for the rest of the session (its install event never
// dispatched) if the page that registered it is navigated away from while the registration is set up (seen for 11
// of 102 sites whose first page was left at once; none of 15 that waited). A person rarely leaves that fast; a
// script does: the first page of each site stays until the offline copy is in control.
const waitForOfflineCopy = () => webkit.driver.wait(controlled, 20_000, 'the offline copy never took control');

// Training once, isolated: WebKit trains the one single-thread build either way, so a second run measured nothing new
// (7-12 s).
describe.each([
  ['cross-origin isolated', startBuiltSite, true],
  ['not isolated', startPlainServer, false],
])('WebKit, the built site %s', (_, start, trains) => {
  let site;
  beforeAll(async () => {
    site = await start();
  });
  afterAll(() => site?.server.close());

  it('every view computes: the worked example, the en-ja translation, a lesson, the embedded elements', async () => {
    const { driver } = webkit;
    await driver.get(`${site.url}?view=steps`);
    await waitFor('body[data-ready]');
    await waitForOfflineCopy();
    expect(await text('#backend')).toBe('wasm-simd128');
    await driver.executeScript('window.scrollBy(0, window.innerHeight)'); // the stages are built once scrolled to
    await waitFor('#stage-weights table tbody tr');
    const firstRow = await driver.executeScript(
      "return [...document.querySelectorAll('#stage-weights table tbody tr')[0].querySelectorAll('td')].map((td) => td.textContent)",
    );
    expect(firstRow).toEqual(['0.1554', '0.4223', '0.4223']);
    await driver.get(`${site.url}?view=translation&model=en-ja&q=maria+eats+the+apple+in+the+garden`);
    await waitFor('#translation-view[data-decoding="done"]');
    expect(await driver.executeScript("return document.querySelector('#translation-output').textContent")).toMatch(
      /maria\s*wa\s*niwa\s*de\s*ringo\s*o\s*taberu/,
    );
    await driver.get(`${site.url}?view=lessons&lesson=1`);
    await waitFor('body[data-ready]');
    await driver.executeScript('window.scrollBy(0, window.innerHeight)'); // to the lesson's widget
    await waitFor('#selective-results li');
    expect(await text('#selective-results')).toMatch(
      /softmax attention: weights sum to 1; the summary looks most like “cat” ✓ kept/,
    );
    // The elements, as another site embeds them: the worked example's map and the en-ja translator.
    await driver.get(`${site.url}embed.html`);
    await driver.wait(() => driver.executeScript(`return ${elementsShown}`), 30_000);
    expect(await driver.executeScript(`return ${elementsState}`)).toEqual(expectedElements);
  });

  if (trains)
    it(
      'trains the reverse task to 95% held-out exact, on a visit the service worker controls',
      { timeout: 150_000 },
      async () => {
        const { driver } = webkit;
        await driver.get(`${site.url}?view=train`);
        await waitFor('body[data-ready]');
        await waitForOfflineCopy();
        await driver.get(`${site.url}?view=train&task=reverse`);
        await waitFor('#train-start');
        await driver.findElement(By.css('#train-start')).click();
        const status = () => driver.executeScript("return document.querySelector('#train-view').dataset.status");
        await driver
          .wait(async () => (await status()) === 'done', 100_000)
          .catch(async (error) => {
            const said = await driver.executeScript(
              "return [...document.querySelectorAll('#train-progress-text, #train-view p.error')].map((e) => e.textContent)",
            );
            throw new Error(
              `training never finished: ${await status()}, the page says ${JSON.stringify(said)} (${error.message})`,
            );
          });
        const progress = await text('#train-progress-text');
        // A trap the view recovered from by starting again in a fresh worker (CI saw one, at the first step) is said.
        const notice = await driver.executeScript("return document.querySelector('#train-fault-notice').textContent");
        console.log(`WebKit: ${progress}${notice ? ` (after a restart: ${notice})` : ''}`);
        expect(progress).toContain('wasm-simd128');
        const [, exact, total] = (await text('#train-scores')).match(/final: (\d+) of (\d+) exact/);
        expect(Number(exact) / Number(total)).toBeGreaterThanOrEqual(0.95);
      },
    );
});

describe('WebKit, the playground from the dev server', () => {
  it('lesson 2’s temperature slider follows a mouse drag and the arrow keys, and keeps the focus', async () => {
    const site = await startPlayground(); // the sources as they are: no build needed
    try {
      const { driver } = webkit;
      await driver.manage().window().setRect({ width: 1440, height: 900 }); // a slider as wide as sliders.test.js's
      await driver.get(`${site.url}?view=lessons&lesson=2`);
      await waitFor('body[data-ready]');
      await driver.wait(
        () => driver.executeScript('return document.querySelector(\'output[for="softmax-temperature"]\')?.textContent'),
        30_000,
      );
      const slider = await driver.findElement(By.css('#softmax-temperature'));
      await driver.executeScript(
        "arguments[0].scrollIntoView({ block: 'center' }); arguments[0].sliderUnderTest = true;", // a rebuilt slider would not carry the mark
        slider,
      );
      const now = () =>
        driver.executeScript(`const node = document.querySelector('#softmax-temperature');
          return { value: Number(node.value), same: node.sliderUnderTest === true, focused: document.activeElement === node };`);
      // The Actions API's pointer offsets are from the slider's centre: 30% of its width is -0.2 × width from there.
      const { width } = await slider.getRect();
      const at = (fraction) => ({ origin: slider, x: Math.round((fraction - 0.5) * width), y: 0 });
      const drag = driver.actions().move(at(0.3)).press();
      for (let i = 1; i <= 10; i++) drag.move({ ...at(0.3 + (0.6 * i) / 10), duration: 20 });
      await drag.release().perform();
      const dragged = await now();
      expect(dragged.same).toBe(true);
      expect(Math.abs(dragged.value - 900)).toBeLessThanOrEqual(50); // 90% of 0…1000, within 5%
      await slider.sendKeys(Key.ARROW_LEFT);
      expect(await now()).toEqual({ value: dragged.value - 1, same: true, focused: true });
      await slider.sendKeys(Key.HOME);
      expect(await now()).toEqual({ value: 0, same: true, focused: true });
    } finally {
      await site.server.close();
    }
  });
});

describe('WebKit, GPT-2 in the Generate view', () => {
  it('opens a random GPT-2 from its four files, writes with it, and shows its heads and the logit lens', async () => {
    const gpt2 = randomGpt2Folder({ layers: 2, heads: 12, width: 48, positions: 128, seed: 60 });
    const site = await startPlainServer(); // the built site as GitHub Pages serves it (the language model is one thread)
    try {
      const { driver } = webkit;
      await driver.get(`${site.url}?view=generate&generate.tokens=8&generate.inside=lens`); // the inside part at once
      await waitFor('#generate-gpt2-files');
      // the driver's file upload: the paths, one a line, typed into the file input
      await driver.findElement(By.css('#generate-gpt2-files')).sendKeys(gpt2.paths.join('\n'));
      await driver.wait(() => driver.executeScript(`return ${gpt2PageDone}`), 30_000);
      const shown = await driver.executeScript(`return ${gpt2PageState}`);
      expect(shown).toMatchObject({ opener: 'open', error: null, model: 'opened', layers: 2, heads: 12, cells: 24 });
      expect(shown.opened).toMatch(/^Writing with GPT-2 from model\.safetensors: 2 layers of 12 heads, 48 wide/);
      expect(shown.text).toMatch(/^It is a truth./); // the prompt and what GPT-2 wrote after it
      // the lens on what it wrote: the embeddings' and each block's top 3 tokens, as web/lib reads them in Node
      expect(shown.lens).toEqual(await lensInNode(gpt2.files, shown.text, 3));
    } finally {
      await site.server.close();
      gpt2.remove();
    }
  });
});
