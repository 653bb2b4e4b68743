// The web components in Chromium, as a page embeds them (web/embed.html): what they draw, their events,
// attributes and properties that redraw, errors shown inside the element, and accessibility.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

async function openEmbed(viewport) {
  const opened = await openPage(suite.browser, `${suite.playground.url}embed.html`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

/** The numbers of a map's screen-reader table (in the element's shadow root), row by row. */
const tableRows = (page, selector) =>
  page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    return [...root.querySelectorAll('.heatmap table tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
  }, selector);

const translatedWords = (page, selector) =>
  page.evaluate(
    (s) =>
      [...document.querySelector(s).shadowRoot.querySelectorAll('.translation-output .token')].map(
        (t) => t.textContent,
      ),
    selector,
  );

describe('the elements', () => {
  it('<attention-map> draws the worked example and reports cells focused and selected', async () => {
    const { page, errors } = await openEmbed();
    await expect
      .poll(() => tableRows(page, '#worked-example').then((rows) => rows[0]))
      .toEqual(['0.1554', '0.4223', '0.4223']);
    expect(await tableRows(page, '#worked-example')).toHaveLength(3);

    const events = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const map = document.querySelector('#worked-example');
          const seen = [];
          map.addEventListener('cell-focus', (e) => seen.push(['focus', e.detail]));
          map.addEventListener('cell-select', (e) => {
            seen.push(['select', e.detail]);
            resolve(seen);
          });
          const canvas = map.shadowRoot.querySelector('.heatmap-body canvas');
          canvas.focus();
          canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        }),
    );
    expect(events.at(-1)).toEqual(['select', { row: 0, col: 1, value: expect.closeTo(0.4223, 4) }]);
    expect(events.some(([type, d]) => type === 'focus' && d.row === 0 && d.col === 1)).toBe(true);
    expect(await page.locator('#map-events').textContent()).toBe('selected: query 1, key 2, weight 0.4223');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-map>: attributes and properties redraw; bad weights show an error inside and emit error; exports', async () => {
    const { page, errors } = await openEmbed();
    await expect.poll(() => tableRows(page, '#worked-example').then((rows) => rows.length)).toBe(3);
    const result = await page.evaluate(async () => {
      const map = document.querySelector('#worked-example');
      const out = {};
      const errorText = () => map.shadowRoot.querySelector('.element-error').textContent;
      const errorsSeen = [];
      map.addEventListener('error', (e) => errorsSeen.push(`${e.detail.name}: ${e.detail.message}`));
      const drawn = () => Promise.resolve(); // changes draw together, once the current task's code is done
      map.setAttribute('digits', '2');
      await drawn();
      out.twoDigits = map.shadowRoot.querySelector('tbody td').textContent;
      map.weights = { data: new Float32Array([0.5, 0.5, 0.25, 0.75, 1, 0, 0.1, 0.9]), heads: 2, rows: 2, cols: 2 };
      map.rowLabels = null;
      map.colLabels = null;
      map.setAttribute('head', '2');
      await drawn();
      out.head2 = [...map.shadowRoot.querySelectorAll('tbody td')].map((td) => td.textContent);
      out.caption = map.shadowRoot.querySelector('.heatmap-title').textContent;
      out.csv = map.toCSV();
      out.svg = map.toSVG().startsWith('<svg');
      out.png = (await map.toPNG()).type;
      map.setAttribute('head', '3');
      await drawn();
      out.badHead = errorText();
      map.setAttribute('head', '1');
      map.weights = { data: new Float32Array([0.5, NaN, 0.5, 0.5]), rows: 2, cols: 2 };
      await drawn();
      out.nan = errorText();
      out.hidden = map.shadowRoot.querySelector('.heatmap').hidden;
      map.weights = { data: [1, 2, 3], rows: 2, cols: 2 };
      await drawn();
      out.shape = errorText();
      map.weights = 'weights';
      await drawn();
      out.type = errorText();
      map.weights = { data: [0.3, 0.7], rows: 1, columns: 2 };
      await drawn();
      out.unknownKey = errorText();
      map.weights = { data: [0.3, 0.7], rows: 1, cols: 2 };
      await drawn();
      out.recovered = [
        map.shadowRoot.querySelector('.element-error').hidden,
        map.shadowRoot.querySelector('.heatmap').hidden,
      ];
      out.errorsSeen = errorsSeen;
      return out;
    });
    expect(result.twoDigits).toBe('0.16');
    expect(result.head2).toEqual(['1', '0', '0.1', '0.9']);
    expect(result.caption).toBe('worked example: weights = softmax(QKᵀ/√d)');
    expect(result.csv).toBe(',1,2\n1,1,0\n2,0.10000000149011612,0.8999999761581421\n');
    expect(result.svg).toBe(true);
    expect(result.png).toBe('image/png');
    expect(result.badHead).toBe("attention-map: the head attribute must be a whole number from 1 to 2, got '3'");
    expect(result.nan).toBe(
      'attention-map: weights.data[1] is NaN: weights are numbers, or −Infinity for masked cells',
    );
    expect(result.hidden).toBe(true);
    expect(result.shape).toBe('attention-map: weights.data has 3 values; 2 rows × 2 cols needs 4');
    expect(result.type).toBe(
      'attention-map: weights must be { data, rows, cols } or { data, heads, rows, cols }, got string',
    );
    expect(result.unknownKey).toBe("attention-map: unknown property 'weights.columns'; did you mean 'weights.cols'?");
    expect(result.recovered).toEqual([true, false]);
    expect(result.errorsSeen).toEqual([
      "RangeError: the head attribute must be a whole number from 1 to 2, got '3'",
      'RangeError: weights.data[1] is NaN: weights are numbers, or −Infinity for masked cells',
      'RangeError: weights.data has 3 values; 2 rows × 2 cols needs 4',
      'TypeError: weights must be { data, rows, cols } or { data, heads, rows, cols }, got string',
      "TypeError: unknown property 'weights.columns'; did you mean 'weights.cols'?",
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-translator> translates, redraws on attribute changes, carries an unknown word, names bad input inside itself', async () => {
    const { page, errors } = await openEmbed();
    await expect
      .poll(() => translatedWords(page, '#translator'), { timeout: 15_000 })
      .toEqual(['maria', 'wa', 'niwa', 'de', 'ringo', 'o', 'taberu', '<eos>']);
    // The dark one is further down: it loads its model and translates when the reader gets near it.
    expect(await translatedWords(page, '#translator-dark')).toEqual([]);
    await page.locator('#translator-dark').scrollIntoViewIfNeeded();
    await expect
      .poll(() => translatedWords(page, '#translator-dark'))
      .toEqual(['el', 'perro', 'grande', 've', 'a', 'los', 'gatos', 'blancos', '<eos>']);
    // Themes: the dark element's map is drawn on a dark surface, the light one's on white.
    const corner = (selector) =>
      page.evaluate(
        (s) =>
          getComputedStyle(document.querySelector(s).shadowRoot.querySelector('.heatmap-picture'))
            .backgroundColor.match(/\d+/g)
            .slice(0, 3)
            .map(Number),
        selector,
      );
    expect(await corner('#translator')).toEqual([255, 255, 255]);
    expect(Math.max(...(await corner('#translator-dark')))).toBeLessThan(48);
    // The dark one is readonly: no input. The Japanese one shows the line view, with the verb's line.
    expect(
      await page.evaluate(() => document.querySelector('#translator-dark').shadowRoot.querySelector('form').hidden),
    ).toBe(true);
    expect(
      await page.evaluate(
        () => document.querySelector('#translator').shadowRoot.querySelector('#lines li:last-child').textContent,
      ),
    ).toMatch(/^<eos> attends most to/);
    expect(
      await page.evaluate(
        () => document.querySelector('#translator').shadowRoot.querySelectorAll('#lines li')[6].textContent,
      ),
    ).toMatch(/^taberu attends most to eats /);

    const translated = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const element = document.querySelector('#translator');
          element.addEventListener('translated', (e) => resolve(e.detail.target.join(' ')), { once: true });
          element.setAttribute('sentence', 'juan walks with the dogs');
        }),
    );
    expect(translated).toBe('fuan wa inu to aruku <eos>');
    await page.evaluate(() => document.querySelector('#translator').setAttribute('head', '4'));
    expect(
      await page.evaluate(
        () =>
          document.querySelector('#translator').shadowRoot.querySelector('#cross-attention .heatmap-title').textContent,
      ),
    ).toBe('cross-attention, layer 2, head 4');

    // Typing into its own input, as a reader would.
    const input = page.locator('#translator-dark').locator('input');
    expect(await input.count()).toBe(1);
    // The shipped model carries a word it has never seen (copied where its attention points), as the page does.
    await page.locator('#translator').locator('input').fill('the dgo sleeps');
    await page.locator('#translator').locator('button[type=submit]').click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#translator').translation?.copied.map((c) => c.word)))
      .toEqual(['dgo']);
    expect(await page.evaluate(() => document.querySelector('#translator').translation.target)).toContain('dgo');
    // What it cannot read at all is said inside the element.
    await page.locator('#translator').locator('input').fill('the dog sees the cat the dog sees the cat the dog sees');
    await page.locator('#translator').locator('button[type=submit]').click();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector('#translator').shadowRoot.querySelector('.element-error').textContent,
        ),
      )
      .toBe('attention-translator: The sentence has 13 words; the model reads 12 words at most.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-steps> runs the walkthrough on the worked example in a narrow column, and on inputs it is given', async () => {
    const { page, errors } = await openEmbed({ width: 1000, height: 900 });
    await page.locator('#steps').scrollIntoViewIfNeeded(); // its stages are built when it comes onto the screen
    const weightsRow = () =>
      page.evaluate(() =>
        [
          ...document
            .querySelector('#steps')
            .shadowRoot.querySelectorAll('#stage-weights table tbody tr:first-child td'),
        ].map((td) => td.textContent),
      );
    await expect.poll(weightsRow, { timeout: 15_000 }).toEqual(['0.1554', '0.4223', '0.4223']);
    const width = await page.evaluate(() => document.querySelector('#steps').getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(420);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Two tokens that are the same vector attend to each other equally.
    await page.evaluate(() => {
      const steps = document.querySelector('#steps');
      steps.x = { data: [1, 0, 1, 0], rows: 2, cols: 2 };
      steps.wq = { data: [1, 0, 0, 1], rows: 2, cols: 2 };
      steps.wk = { data: [1, 0, 0, 1], rows: 2, cols: 2 };
      steps.wv = { data: [1, 0, 0, 1], rows: 2, cols: 2 };
    });
    // A walkthrough rebuilt for new inputs computes its stages when they are on the screen, as the first one did.
    await page.evaluate(() => document.querySelector('#steps').shadowRoot.querySelector('.stages').scrollIntoView());
    await expect.poll(weightsRow).toEqual(['0.5', '0.5']);
    const bad = await page.evaluate(() => {
      const steps = document.querySelector('#steps');
      steps.wv = { data: [1, 0, 0], rows: 3, cols: 1 };
      return steps.shadowRoot.querySelector('.element-error').textContent;
    });
    expect(bad).toBe('attention-steps: wv is 3 × 1; with the other inputs it must be 2 × 1');
    const unknownKey = await page.evaluate(() => {
      const steps = document.querySelector('#steps');
      steps.wv = { data: [1, 0, 0, 1], rows: 2, cols: 2, head: 1 };
      return steps.shadowRoot.querySelector('.element-error').textContent;
    });
    expect(unknownKey).toBe(
      "attention-steps: unknown property 'wv.head'; the known properties of 'wv' are data, rows, cols",
    );
    await page.screenshot({ path: `${resultsDir}embed-1000.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-lesson> shows each of the ten lessons with its widget, takes its settings as attributes, says a bad one', async () => {
    const { page, errors } = await openEmbed();
    await page.locator('#lesson-element').scrollIntoViewIfNeeded(); // it draws when near the screen
    const shown = () =>
      page.evaluate(() => {
        const root = document.querySelector('#lesson-element').shadowRoot;
        return {
          title: root.querySelector('#lesson-title')?.textContent ?? '',
          widget: root.querySelector('.lesson-widget') !== null,
          link: root.querySelector('a.lesson-open')?.href ?? null,
          width: root.querySelector('#scaling-width')?.value ?? null,
        };
      });
    // Lesson 4 as the page sets it: d="128", the width slider at 128 (widths 2, 4, …, 512: index 6).
    await expect.poll(shown).toMatchObject({ title: '4. Scaling', widget: true, width: '6' });
    expect((await shown()).link).toMatch(/\/index\.html\?view=steps&steps\.scale=none$/); // the playground attribute's page
    for (let lesson = 1; lesson <= 10; lesson++) {
      await page.locator('#lesson-picker').selectOption(String(lesson));
      await expect.poll(shown).toMatchObject({ title: expect.stringMatching(new RegExp(`^${lesson}\\. `)) });
      // Lessons 6 and 9 have a link, the others a widget (its code fetched when its lesson is first shown).
      await expect.poll(() => shown().then(({ widget, link }) => widget || link !== null)).toBe(true);
      // Lesson 5's attribution asks the element's own translator for more than a translation.
      if (lesson === 5) {
        const agreement = () =>
          page.evaluate(
            () =>
              document.querySelector('#lesson-element').shadowRoot.querySelector('#cross-attribution-agreement')
                ?.textContent ?? '',
          );
        await expect.poll(agreement, { timeout: 15_000 }).toMatch(/attention flow \d/);
      }
    }
    // A setting changed by the learner (lesson 10's hops, 2 → 1) is announced with the URL's names.
    const change = page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector('#lesson-element')
            .addEventListener('change', (e) => resolve(e.detail), { once: true }),
        ),
    );
    await page.evaluate(() => {
      const hops = document.querySelector('#lesson-element').shadowRoot.querySelector('#memory-hops');
      hops.value = '1';
      hops.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await change).toEqual({ lesson: 10, settings: 'lesson=10&hops=1' });
    // A lesson number out of range: said inside the element and as an error event; the element keeps working.
    const failed = page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector('#lesson-element')
            .addEventListener('error', (e) => resolve(e.detail.message), { once: true }),
        ),
    );
    await page.evaluate(() => document.querySelector('#lesson-element').setAttribute('lesson', '11'));
    expect(await failed).toMatch(/lesson attribute must be a whole number from 1 to 10, got '11'/);
    await page.evaluate(() => document.querySelector('#lesson-element').setAttribute('lesson', '2'));
    await expect.poll(shown).toMatchObject({ title: '2. Softmax as a soft argmax', widget: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-generator> writes what web/lib writes, shows each token’s distribution and attention, says a bad setting', async () => {
    // What the library writes in Node with the embed page's settings: the element's tokens must be these.
    const weights = readFileSync(
      new URL('../../../web/corpora/pride-and-prejudice-language-model.bin', import.meta.url),
    );
    const lm = await loadLanguageModel({ weights });
    const options = { tokens: 24, outputTemperature: 0.8, topK: 0, topP: 1, seed: 3 };
    const expected = lm.generate('It is a truth', options);
    const greedy = lm.generate('Mr. Darcy', { ...options, decoding: 'greedy' });
    lm.dispose();

    const { page, errors } = await openEmbed();
    const generator = page.locator('#generator');
    const inside = (selector) =>
      page.evaluate(
        (s) => document.querySelector('#generator').shadowRoot.querySelector(s)?.textContent ?? null,
        selector,
      );
    // Further down the page: its model is fetched, and it writes, when the reader gets near it.
    expect(await page.evaluate(() => document.querySelector('#generator').generation)).toBe(null);
    await generator.scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#generator').generation?.text), { timeout: 15_000 })
      .toBe(expected.text);
    const chips = () =>
      page.evaluate(() => document.querySelector('#generator').shadowRoot.querySelectorAll('.generate-token').length);
    expect(await chips()).toBe(expected.promptPieces.length + 24);
    expect(await inside('#generate-step-title')).toMatch(/^Token 1: /);
    // A written token chosen by a click becomes the step attribute; its row of the causal map is the one outlined.
    await generator.locator('.generate-token.written').nth(4).click();
    expect(await generator.getAttribute('step')).toBe('5');
    expect(await inside('#generate-step-title')).toMatch(/^Token 5: /);
    expect(await inside('#generate-step-choice')).toContain('drawn at temperature 0.8');
    // Attributes redraw: the head the causal map shows; a new prompt writes again (greedy decoding).
    await page.evaluate(() => document.querySelector('#generator').setAttribute('head', '3'));
    await expect
      .poll(() =>
        page.evaluate(() =>
          document
            .querySelector('#generator')
            .shadowRoot.querySelector('#generate-causal-canvas')
            .getAttribute('aria-label'),
        ),
      )
      .toMatch(/head 3/);
    const written = page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector('#generator')
            .addEventListener('generated', (e) => resolve(e.detail.text), { once: true }),
        ),
    );
    await page.evaluate(() => {
      const element = document.querySelector('#generator');
      element.setAttribute('decoding', 'greedy');
      element.setAttribute('step', '1');
    });
    await generator.locator('input').fill('Mr. Darcy');
    await generator.locator('button[type=submit]').click();
    // Two writes were asked for (decoding, then prompt): the event of the first may come first.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#generator').generation?.text))
      .toBe(greedy.text);
    expect(typeof (await written)).toBe('string');
    expect(await inside('#generate-step-choice')).toContain('the most likely token');
    // A bad setting, and a translator's weight file, are said inside the element and as error events.
    const failure = (change) =>
      page.evaluate((c) => {
        const element = document.querySelector('#generator');
        const failed = new Promise((resolve) =>
          element.addEventListener('error', (e) => resolve(e.detail.message), { once: true }),
        );
        element.setAttribute(c.name, c.value);
        return failed;
      }, change);
    expect(await failure({ name: 'output-temperature', value: '3' })).toBe(
      "the output-temperature attribute must be a number from 0.01 to 2, got '3'",
    );
    expect(await inside('.element-error')).toBe(
      "attention-generator: the output-temperature attribute must be a number from 0.01 to 2, got '3'",
    );
    await page.evaluate(() => document.querySelector('#generator').setAttribute('output-temperature', '0.5'));
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#generator').generation?.text))
      .toBe(greedy.text);
    const translatorFile = new URL('./lib/models/en-es.bin', `${suite.playground.url}embed.html`).href;
    expect(await failure({ name: 'weights', value: translatorFile })).toMatch(/translator/i);
    expect(await page.evaluate(() => document.querySelector('#generator').generation)).toBe(null);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the embed page has no WCAG 2.1 A/AA violations (axe-core, shadow roots included)', async () => {
    const { page } = await openEmbed();
    await expect
      .poll(() => translatedWords(page, '#translator').then((w) => w.length), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.locator('#generator').scrollIntoViewIfNeeded(); // drawn when near the screen
    await page.waitForSelector('#generator[data-drawn]', { timeout: 15_000 });
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await page.close();
  });
});
