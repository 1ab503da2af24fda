import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium (`.ci/run` installs it with apt-get); the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the system chromium is there (the browser tests need it). */
export const hasChromium = existsSync(CHROMIUM);

/**
 * A headless chromium for one test file: one browser, a fresh page (1280x800) per test. Every
 * console error and failed request of a page fails the test (`problems`), so a CSP violation or a
 * 404 asset is caught, not just what the assertions look at.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
}

/** A page with its console errors and failed requests collected. */
export async function openPage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(url);
  return { page, problems };
}

/** Saves a screenshot of the page to docs/screenshots/<name>.png (the README and docs show them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}
