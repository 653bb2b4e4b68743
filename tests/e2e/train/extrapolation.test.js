// The position schemes in real Chromium, as a learner meets them in the Train view: a RoPE run chosen in the
// form (and kept in the link), and "Positions that extrapolate" training the four schemes on the reverse task
// and drawing exact match by length as each finishes, the trained lengths learnt.
import { describe, expect, it } from 'vitest';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

async function open(query) {
  const opened = await openPage(suite.browser, `${suite.playground.url}?view=train${query}`);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#train-start');
  return opened;
}

describe('positions that extrapolate', () => {
  it('the form offers RoPE and ALiBi, keeps the choice in the link, and a run says which it trained', async () => {
    const { page, errors } = await open('&task=reverse&steps=60');
    await page.locator('#train-positions').selectOption('rope');
    expect(new URL(page.url()).searchParams.get('train.pe')).toBe('rope');
    await page.locator('#train-start').click();
    // The run's curve is named with what it trained: "this run (reverse, lengths 3-8, D=32, …, RoPE)".
    await expect
      .poll(() => page.locator('#loss-chart .chart-legend').textContent(), { timeout: 60_000 })
      .toMatch(/this run \(reverse, .*RoPE\)/);
    // The no-positions ablation overrides any scheme: the choice is shown disabled.
    await page.locator('#ablate-positions').check();
    expect(await page.locator('#train-positions').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  // The first of the four models (400 steps, some seconds) and its drawing: the table and the curve as each model
  // finishes, and what sinusoids learn. The other three schemes' figures are npm run experiment:positions's (the
  // README's table), and each scheme's training web/lib's (tests/web/lib/positions.test.js).
  it('trains the four schemes on reverse, drawing exact match by length as each finishes', async () => {
    const { page, errors } = await open('');
    await page.locator('#extrapolation').scrollIntoViewIfNeeded();
    await page.locator('#extrapolation-task').selectOption('reverse');
    await page.locator('#extrapolation-run').click();
    expect(await page.locator('#train-view').getAttribute('data-state')).toBe('busy'); // until all four are drawn
    await expect
      .poll(() => page.locator('#extrapolation-status').textContent(), { timeout: 60_000, interval: 500 })
      .toMatch(/\(2 of 4\)…$/);
    const table = await page
      .locator('#extrapolation-table tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('th').textContent,
          [...row.querySelectorAll('td')].map((td) => Number(td.textContent)),
        ]),
      );
    expect(table.map(([name]) => name)).toEqual(['sinusoidal']);
    const [[, cells]] = table;
    expect(cells).toHaveLength(16);
    // Within the trained lengths it has learnt the task; sinusoids never seen past length 8 do not carry it there.
    expect(Math.min(...cells.slice(1, 6))).toBeGreaterThanOrEqual(80);
    expect(Math.max(...cells.slice(9))).toBeLessThanOrEqual(10);
    expect(await page.locator('#extrapolation-chart path.series').count()).toBe(1);
    expect(await page.locator('#train-view').getAttribute('data-state')).toBe('busy');
    expect(errors).toEqual([]);
    await page.close(); // the other three models' training goes with the page
  });
});
