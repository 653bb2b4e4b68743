// The elements in a host page's language (web/elements/language.js), on the embed page (web/embed.html) as served
// with its `lang` attributes changed: the pseudo-locale finds every text the elements write, and a lesson asking
// for Chinese brings every element of the page into Chinese, while one asking for Spanish says it cannot.
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  openPage,
  resultsDir,
  scrollDown,
  useChromiumAndPlayground,
} from '../support/browser.js';

const suite = useChromiumAndPlayground();
const elementNames = 'attention-map, attention-translator, attention-steps, attention-lesson, attention-generator';

/**
 * The embed page with `lang` attributes set ([selector, value] pairs) once it is parsed and before its scripts run,
 * as if its markup said so; returned once every element has drawn (scrolled to, as a reader would).
 * `elementErrors` lists the error events the elements emitted. Requests matching `unreachable` fail (offline).
 */
async function openEmbed(langs, unreachable = null) {
  const { page, errors } = await openPage(
    suite.browser,
    `${suite.playground.url}embed.html`,
    undefined,
    async (page) => {
      if (unreachable) await page.route(unreachable, (route) => route.abort('internetdisconnected'));
      await page.addInitScript((langs) => {
        globalThis.elementErrors = [];
        // Capturing: an element's error event does not bubble.
        addEventListener(
          'error',
          (e) => e.detail && globalThis.elementErrors.push(`${e.target.localName}: ${e.detail.message}`),
          true,
        );
        // Parsed, and the module scripts not run yet.
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive' || window !== top) return; // not in the page's iframe
          for (const [selector, value] of langs) document.querySelector(selector).setAttribute('lang', value);
        });
      }, langs);
    },
  );
  await page.waitForSelector('body[data-ready]');
  const allDrawn = () =>
    page.evaluate((names) => [...document.querySelectorAll(names)].every((e) => 'drawn' in e.dataset), elementNames);
  // Scrolled a screen further at each look, until every element has drawn (an element draws once near the screen).
  await expect
    .poll(
      async () => {
        if (await allDrawn()) return true;
        await scrollDown(page);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { page, errors };
}

/**
 * Every visible text with a word in the elements' shadow roots that lacks the pseudo-locale's markers, but for what
 * the host gave them (captions, labels: the host's words) and what they mark as data (translate="no").
 */
const unmarkedInElements = (names) => {
  const hostWords = new Set();
  for (const element of document.querySelectorAll(names)) {
    for (const name of ['caption']) if (element.hasAttribute(name)) hostWords.add(element.getAttribute(name));
    for (const labels of [element.rowLabels, element.colLabels]) for (const label of labels ?? []) hostWords.add(label);
  }
  const found = [];
  for (const element of document.querySelectorAll(names)) {
    const walker = document.createTreeWalker(element.shadowRoot, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!/\p{L}{3,}/u.test(text) || hostWords.has(text) || parent.closest('[translate="no"]')) continue;
      if (!parent.checkVisibility()) continue;
      if (!text.includes('⟦') || !text.includes('⟧')) found.push(`${element.localName}: ${text}`);
    }
    for (const labelled of element.shadowRoot.querySelectorAll('[aria-label]')) {
      const label = labelled.getAttribute('aria-label');
      if (label && !label.startsWith('⟦')) found.push(`${element.localName}: aria-label: ${label}`);
    }
  }
  return found;
};

describe('the elements in the page’s language', () => {
  it('the pseudo-locale marks every text the five elements write', async () => {
    const { page, errors } = await openEmbed([['html', 'en-XA']]);
    expect(await page.evaluate(unmarkedInElements, elementNames)).toEqual([]);
    // Each of the ten lessons in <attention-lesson>, its widget drawn (or, for 6 and 9, its link to a view).
    const lessonShown = () =>
      page.evaluate(() => {
        const root = document.querySelector('#lesson-element').shadowRoot;
        return root.querySelector('.lesson-widget') !== null || root.querySelector('a.lesson-open') !== null;
      });
    await page.locator('#lesson-element').scrollIntoViewIfNeeded(); // a widget draws when near the screen
    for (let lesson = 1; lesson <= 10; lesson++) {
      await page.locator('#lesson-picker').selectOption(String(lesson));
      await page.waitForFunction(
        (n) =>
          document
            .querySelector('#lesson-element')
            .shadowRoot.querySelector('#lesson-title')
            ?.textContent.includes(`${n}. ⟦`),
        lesson,
      );
      await expect.poll(lessonShown, `lesson ${lesson}`).toBe(true);
      expect(await page.evaluate(unmarkedInElements, '#lesson-element'), `lesson ${lesson}`).toEqual([]);
    }
    await page.locator('#lesson-picker').selectOption('4');
    const settings = await page.evaluate(
      () => document.querySelector('attention-lesson').shadowRoot.querySelector('.print-settings').textContent,
    );
    expect(settings).toBe('⟦Settings: d = 128⟧'); // the setting's name and value are the URL's: not translated
    expect(await page.evaluate(() => globalThis.elementErrors)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-lesson lang="zh-CN"> brings the page’s elements into Chinese; one asking for Spanish says so and shows all the same', async () => {
    const { page, errors } = await openEmbed([
      ['#lesson-element', 'zh-CN'],
      ['#generator', 'es'],
    ]);
    const shadowText = (selector, part) =>
      page.evaluate(
        ([s, p]) => document.querySelector(s).shadowRoot.querySelector(p).textContent.trim(),
        [selector, part],
      );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en'); // the host's, untouched
    expect(await shadowText('#translator', 'form button')).toBe('翻译');
    expect(await shadowText('#translator', '.heatmap-title')).toBe('交叉注意力，第 2 层，各头平均');
    expect(await shadowText('#worked-example', '.heatmap-legend')).toBe('0 到 1（固定范围）');
    expect(await shadowText('#lesson-element', '.print-settings')).toBe('设置：d = 128');
    expect(await shadowText('#steps', 'h3')).toMatch(/[\u4e00-\u9fff]/);
    // The generator asked for Spanish: it says why it speaks Chinese, and writes all the same.
    expect(await page.evaluate(() => globalThis.elementErrors)).toEqual([
      'attention-generator: lang="es" asks for es, but this page\'s elements speak zh-CN (the first one shown decided): the elements of a page share one language',
    ]);
    expect(await shadowText('#generator', '.element-error')).toMatch(/^attention-generator: lang="es" asks for es/);
    expect(await shadowText('#generator', 'form button')).toBe('写');
    expect(await page.evaluate(() => document.querySelector('#generator').generation.steps.length)).toBe(24);
    expect(await accessibilityViolations(page, 'main')).toEqual([]); // the lang attributes and the words too
    await page.screenshot({ path: `${resultsDir}elements-zh-CN.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a language whose messages cannot be fetched: the elements show in English, each saying why', async () => {
    // The dev server's modules of the Spanish sections (…/locale-section:app:…/locales/es), one of them lost.
    const { page, errors } = await openEmbed([['html', 'es']], /locale-section:lessons:.*\/locales\/es$/);
    const shadowText = (selector, part) =>
      page.evaluate(
        ([s, p]) => document.querySelector(s).shadowRoot.querySelector(p).textContent.trim(),
        [selector, part],
      );
    expect(await shadowText('#translator', 'form button')).toBe('Translate');
    expect(await shadowText('#worked-example', '.heatmap-legend')).toBe('0 to 1 (fixed)');
    const said = await page.evaluate(() => globalThis.elementErrors);
    expect(said.map((line) => line.split(':')[0]).sort()).toEqual(
      [
        'attention-generator',
        'attention-lesson',
        'attention-map',
        'attention-steps',
        'attention-translator',
        'attention-translator',
      ].sort(),
    );
    for (const line of said)
      expect(line).toMatch(/: the elements could not load their es messages and speak English: /);
    expect(await shadowText('#steps', '.element-error')).toMatch(/^attention-steps: the elements could not load/);
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await page.close();
  });
});
