// The lifecycle every dashboard test file shares: one chromium for the file, a fresh sandbox per
// test (the ci scenario), and the page a test opens on it, closed after the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, openPage, type DashboardPage } from './browser.js';
import { TestSandbox } from './test-sandbox.js';

export interface DashboardSuite {
  /** This test's sandbox (a test may close it and start another in its place). */
  sb: TestSandbox;
  /** The page `open` opened in this test. */
  page: Page;
  dash: DashboardPage;
  /** Opens `/` + `path` (`?sandbox=x#sandbox`) in a fresh page and waits until it is live. */
  open(path?: string, prepare?: (page: Page) => Promise<unknown>): Promise<void>;
}

/** Registers the hooks in the calling test file; read `sb`, `page` and `dash` inside tests. */
export function dashboardSuite(): DashboardSuite {
  let browser: Browser | undefined;
  let opened: DashboardPage | undefined;
  const suite: DashboardSuite = {
    sb: undefined as unknown as TestSandbox, // set before each test
    get page() {
      return this.dash.page;
    },
    get dash() {
      if (!opened) throw new Error('open() the page first');
      return opened;
    },
    async open(path = '', prepare) {
      opened = await openPage(browser!, `${suite.sb.url}/${path}`, { prepare });
      await opened.page.locator('.live.on').waitFor();
    },
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    suite.sb = await TestSandbox.start();
  });
  afterEach(async () => {
    await opened?.page.context().close();
    opened = undefined;
    await suite.sb.close();
  });
  return suite;
}
