import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { assertContract } from './test-sandbox.js';

/** Debian's chromium (`.ci/run` installs it with apt-get); the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the system chromium is there (the browser tests need it). */
export const hasChromium = existsSync(CHROMIUM);

/** A headless chromium for one test file (each test opens its own page in it). */
export async function launchBrowser(): Promise<Browser> {
  if (!hasChromium)
    throw new Error(`No browser at ${CHROMIUM}: apt-get install chromium (.ci/run does)`);
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

/** A dashboard page in a browser, and what went wrong on it that no assertion looked at. */
export interface DashboardPage {
  page: Page;
  /** Console errors (a CSP violation is one), page errors, failed requests, contract violations. */
  problems: string[];
  /** Waits for the pending contract checks and fails the test if anything went wrong. */
  expectNoProblems(): Promise<void>;
}

/**
 * Opens `url` in a fresh 1280x800 page. Every JSON answer the page gets from the control plane is
 * checked against openapi/sandbox.yaml, as TestSandbox checks its own. With `clock`, the page's
 * timers run on Playwright's clock (installed before the page loads): time flows as usual, and
 * `page.clock.fastForward(ms)` fires at once what the page would do within `ms` (a panel's
 * refresh, a throttled re-read) instead of the test waiting for it. `prepare` runs on the page
 * before it loads (to hold its first reads back, say).
 */
export async function openPage(
  browser: Browser,
  url: string,
  opts: { clock?: boolean; prepare?: (page: Page) => Promise<unknown> } = {},
): Promise<DashboardPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (opts.clock) await context.clock.install();
  const page = await context.newPage();
  const problems: string[] = [];
  const checks: Promise<void>[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Leaving a page aborts its open stream and requests; that is no fault of the page.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()}`);
  });
  page.on('response', (r) => {
    const headers = r.headers();
    if (!new URL(r.url()).pathname.startsWith('/__sandbox/')) return;
    if (!headers['content-type']?.startsWith('application/json')) return;
    checks.push(
      r
        .text()
        .then((text) =>
          assertContract(r.request().method(), r.url(), r.status(), headers, JSON.parse(text)),
        )
        .catch((e: Error) => {
          // A body the page navigated away from is gone; anything else is a violation.
          if (!/No resource|Target closed|has been closed/.test(e.message))
            problems.push(`contract: ${e.message}`);
        }),
    );
  });
  await opts.prepare?.(page);
  await page.goto(url);
  return {
    page,
    problems,
    async expectNoProblems() {
      await Promise.all(checks);
      expect(problems).toEqual([]);
    },
  };
}

/** Saves a screenshot of the page to docs/screenshots/<name>.png (the README and docs show them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

/** The few DOM members the tests read inside `page.evaluate` (the tests compile without lib dom). */
export interface PageElement {
  tagName: string;
  className: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  getBoundingClientRect(): { left: number; top: number; right: number; bottom: number };
}

/** `document` inside `page.evaluate`: `(globalThis as unknown as PageGlobal).document`. */
export interface PageGlobal {
  document: {
    documentElement: PageElement;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
}
