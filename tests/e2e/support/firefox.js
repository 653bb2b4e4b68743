// Firefox (Debian's firefox-esr) driven through WebDriver BiDi by puppeteer-core, for the suites that run the
// playground in every engine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function launchFirefox() {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    userDataDir: mkdtempSync(join(tmpdir(), 'ap-firefox-')),
  });
}

/** A new Firefox page recording console errors and uncaught exceptions. */
export async function openFirefoxPage(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}
