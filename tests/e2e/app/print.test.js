// The playground's page on paper: a lesson printed to PDF in Chromium (page.pdf() fires beforeprint) reads, as
// pdftotext gives it (Debian's poppler-utils), as the lesson and its caption: the view and heading, the settings
// the URL holds, the full address that reopens it; no controls; its colours kept; one or two pages.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const paper = { width: 816, height: 1056 }; // US Letter at 96 px to the inch, page.pdf()'s default paper

describe('printing the playground', () => {
  it('a lesson prints its text, figures, settings and address, without controls, in colour, on one or two pages', async () => {
    const query = '?view=lessons&lesson=4&d=128';
    // A dark system: paper is light all the same.
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${query}`, paper, (p) =>
      p.emulateMedia({ colorScheme: 'dark' }),
    );
    await page.waitForSelector('#lessons-view .lesson-widget canvas');
    await page.waitForSelector('#lessons-view[data-state="settled"]'); // drawn, and the address says its state
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const onPaper = await page.evaluate(() => ({
      colourAdjust: getComputedStyle(document.documentElement).printColorAdjust,
      background: getComputedStyle(document.documentElement).backgroundColor,
      tools: getComputedStyle(document.querySelector('.page-tools')).display,
    }));
    expect(onPaper).toEqual({ colourAdjust: 'exact', background: 'rgb(250, 250, 250)', tools: 'none' });

    const pdf = await page.pdf({ format: 'Letter' }); // no printBackground: the page's print-color-adjust keeps them
    const file = `${resultsDir}print-lesson-4.pdf`;
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);
    console.log(`print: lesson 4, ${pdf.length} bytes, ${pages} page(s)`);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);

    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Lessons: 4. Scaling');
    expect(words).toContain('Settings: lesson 4, d = 128');
    expect(words).toContain('Dot products of random vectors');
    expect(words).toContain('the first query’s weights over 8 keys');
    expect(words).toContain('Reopen this page:');
    // The address whole, however the line breaks it, and in either order of its parameters: the caption is filled
    // from the URL as it is at printing, which may still be the one the page was opened with (a clean clone's run
    // printed ?view=lessons&lesson=4&d=128 before the lesson's state rewrote it, as lessons.lesson=4&lessons.d=128).
    // What follows it is the lesson's title.
    const address = `${suite.playground.url}${query}`;
    const printedAddress = new URL(text.replace(/\s+/g, '').match(/Reopenthispage:(\S+?)(?=4\.Scaling)/)[1]);
    const settings = (url) => [...url.searchParams].map(([name, value]) => [name.replace(/^lessons\./, ''), value]);
    expect(settings(printedAddress).sort()).toEqual(settings(new URL(address)).sort());
    for (const control of ['New random vectors', 'Reset this lesson', 'next ▶', 'Present', 'Colours'])
      expect(words, `"${control}" on paper`).not.toContain(control);

    // Colour: the page rendered back from the PDF still has viridis's yellow (the map's top cell) and purple.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '40',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      `${resultsDir}print-lesson-4`,
    ]);
    const png = readFileSync(`${resultsDir}print-lesson-4.png`);
    const { viridisPixels } = await page.evaluate(
      async (bytes) => {
        const image = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(image, 0, 0);
        const { data } = ctx.getImageData(0, 0, image.width, image.height);
        let yellow = 0,
          purple = 0;
        for (let k = 0; k < data.length; k += 4) {
          const [r, g, b] = [data[k], data[k + 1], data[k + 2]];
          if (r > 200 && g > 200 && b < 80) yellow++;
          if (r > 50 && r < 90 && g < 30 && b > 60 && b < 110) purple++;
        }
        return { viridisPixels: { yellow, purple } };
      },
      [...png],
    );
    expect(viridisPixels.yellow).toBeGreaterThan(10);
    expect(viridisPixels.purple).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });
});
