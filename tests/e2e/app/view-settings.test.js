// Each view's settings are its own (issue 57): a view shown for the first time opens on its defaults, not on the
// settings of the view shown before it (the Steps view's one head made Train's first run a one-head model;
// Translation's layer 2 opened Generate on layer 2), and a view shown again opens on its own last state. The
// address logic's every sequence is tests/web/app/view-address.test.js's; here, the reported case in the page.
import { describe, expect, it } from 'vitest';
import { openPlayground, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

describe('switching views', () => {
  it('Translation’s layer 2 is not Generate’s, the Steps view’s heads are not Train’s, and each keeps its own', async () => {
    const { page, errors } = await openPlayground(suite, '?view=translation');
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    const address = () => new URL(page.url()).searchParams;
    await expect.poll(() => address().get('translation.layer')).toBe('2'); // the model's last layer, its default

    await page.click('#tab-generate');
    await page.waitForSelector('#generate-start');
    expect(address().get('view')).toBe('generate');
    // Generate on its first layer, its default, which its codec does not write (before the fix: layer=2)
    expect([address().get('generate.layer'), address().get('layer')]).toEqual([null, null]);

    await page.click('#tab-steps');
    await page.waitForSelector('#breakdown tr');
    expect(await page.locator('#heads').inputValue()).toBe('1');

    await page.click('#tab-train');
    await page.waitForSelector('#train-heads');
    expect(await page.locator('#train-heads').inputValue()).toBe('4'); // before the fix: the Steps view's 1
    expect(await page.locator('#train-kv-heads').inputValue()).toBe('4'); // one per query head
    expect([address().get('translation.layer'), address().get('steps.h')]).toEqual(['2', '1']);

    // A view shown again opens on its own last state: the Steps view's 3 heads, Train's 4.
    await page.click('#tab-steps'); // built already: shown again as it was left
    await page.selectOption('#heads', '3');
    await expect.poll(() => address().get('steps.h')).toBe('3');
    await page.click('#tab-train');
    expect(await page.locator('#train-heads').inputValue()).toBe('4');
    await page.click('#tab-steps');
    expect(await page.locator('#heads').inputValue()).toBe('3');
    expect(errors).toEqual([]);
    await page.close();
  });
});
