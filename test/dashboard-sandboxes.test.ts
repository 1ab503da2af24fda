import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type DashboardPage } from './support/browser.js';
import { TestSandbox } from './support/test-sandbox.js';

// The header's sandbox picker and `/?sandbox=NAME`, in a real chromium against a real sandbox:
// two named sandboxes with their own orders (made on /v1 with each one's key, which routes by
// key); the page shows one sandbox at a time and every panel follows it.
let browser: Browser;
let sb: TestSandbox;
const orders: Record<string, string[]> = { a: [], b: [], default: [] };

beforeAll(async () => {
  [browser, sb] = await Promise.all([launchBrowser(), TestSandbox.start()]);
  for (const name of ['a', 'b']) {
    const made = await sb.request('PUT', `/__sandbox/sandboxes/${name}`, {
      body: { scenario: 'ci' },
    });
    expect(made.status).toBe(201);
    const key = made.body.accounts[0].api_key as string;
    for (let i = 0; i < (name === 'a' ? 2 : 1); i++)
      orders[name]!.push((await sb.createOrder({}, key)).order_id);
  }
  orders.default!.push((await sb.createOrder()).order_id);
});
afterAll(async () => {
  await browser?.close();
  await sb?.close();
});

/** The order ids the Orders panel lists, sorted. */
const listed = async (page: Page): Promise<string[]> =>
  (
    await page
      .locator('tr[data-order]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order') ?? ''))
  ).sort();

async function open(path: string, width = 1280): Promise<DashboardPage> {
  const dash = await openPage(browser, `${sb.url}${path}`);
  await dash.page.setViewportSize({ width, height: 800 });
  return dash;
}

describe('the sandbox picker', () => {
  it("shows the chosen sandbox's orders only, and switching follows with every panel", async () => {
    const dash = await open('/?sandbox=a');
    const { page } = dash;
    await page.locator('.live.on').waitFor();
    await expect.poll(() => listed(page)).toEqual([...orders.a!].sort());
    const picker = page.getByTestId('sandbox-picker');
    expect(await picker.inputValue()).toBe('a');
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['default', 'a', 'b']);

    // Another panel is scoped too: the clock moves in b, and only in b.
    await picker.selectOption('b');
    await page.waitForURL(/\?sandbox=b/);
    await page.locator('.live.on').waitFor();
    await expect.poll(() => listed(page)).toEqual(orders.b);
    await page.locator('nav a', { hasText: 'Clock' }).click();
    await page.getByRole('button', { name: '+1 h' }).click();
    await expect.poll(() => page.getByTestId('clock-now').textContent()).toContain('13:00:00');
    expect((await sb.get('/__sandbox/sandboxes/b/clock')).body.now).toContain('T13:00:00');
    expect((await sb.get('/__sandbox/sandboxes/a/clock')).body.now).toContain('T12:00:00');
    expect((await sb.get('/__sandbox/clock')).body.now).toContain('T12:00:00');

    await page.getByTestId('sandbox-picker').selectOption('default');
    await page.waitForURL((url) => !url.search.includes('sandbox='));
    await page.locator('.live.on').waitFor();
    await page.locator('nav a', { hasText: 'Orders' }).click();
    await expect.poll(() => listed(page)).toEqual(orders.default);
    await dash.expectNoProblems();
    await page.context().close();
  });

  it('keeps the header whole on a phone-wide page', async () => {
    const dash = await open('/?sandbox=b', 390);
    await dash.page.locator('.live.on').waitFor();
    const header = await dash.page.locator('.shell header').boundingBox();
    const picker = await dash.page.getByTestId('sandbox-picker').boundingBox();
    expect(header!.width).toBeLessThanOrEqual(390);
    expect(picker!.x + picker!.width).toBeLessThanOrEqual(390);
    await dash.expectNoProblems();
    await dash.page.context().close();
  });

  it('says when the named sandbox is not there, with a way back to the default one', async () => {
    const dash = await open('/?sandbox=gone');
    const { page } = dash;
    const notice = page.getByTestId('no-sandbox');
    await expect.poll(() => notice.textContent()).toContain('No sandbox named "gone"');
    await notice.getByRole('link', { name: 'Back to the default sandbox' }).click();
    await page.locator('.live.on').waitFor();
    await expect.poll(() => listed(page)).toEqual(orders.default);
    // The 404 the check answered is the page's expected answer, not a fault of the page.
    expect(dash.problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.context().close();
  });
});

describe('a sandbox deleted while its page is open', () => {
  it('says so in the header', async () => {
    const made = await sb.request('PUT', '/__sandbox/sandboxes/short-lived', {
      body: { scenario: 'ci' },
    });
    expect(made.status).toBe(201);
    const dash = await open('/?sandbox=short-lived');
    const { page } = dash;
    await page.locator('.live.on').waitFor();
    expect((await sb.delete('/__sandbox/sandboxes/short-lived')).status).toBe(204);
    await page.locator('.live:not(.on)').waitFor();
    await expect
      .poll(() => page.locator('header .error').textContent())
      .toContain('No sandbox named "short-lived"');
    await page.context().close();
  });
});

describe('the sandbox picker with --admin-token', () => {
  it("asks for the server's token once on a named sandbox's page; picker and stream carry it", async () => {
    const secured = await TestSandbox.start({ adminToken: 'dash-admin-token' });
    try {
      const admin = { Authorization: 'Bearer dash-admin-token' };
      const made = await secured.request('PUT', '/__sandbox/sandboxes/x', {
        body: { scenario: 'ci' },
        headers: admin,
      });
      expect(made.status).toBe(201);
      const order = await secured.createOrder({}, made.body.accounts[0].api_key as string);
      const dash = await openPage(browser, `${secured.url}/?sandbox=x`);
      const { page, problems } = dash;
      await page.locator('input[name=token]').fill('dash-admin-token');
      await page.getByRole('button', { name: 'Open' }).click();
      await page.locator('.live.on').waitFor(); // the sandbox's stream took the token too
      await expect.poll(() => listed(page)).toEqual([order.order_id]);
      await expect
        .poll(() => page.getByTestId('sandbox-picker').locator('option').allTextContents())
        .toEqual(['default', 'x']);
      // The gate's first look is the only 401.
      expect(problems.filter((p) => p.includes('401')).length).toBe(1);
      problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('401')));
      await dash.expectNoProblems();
      await page.context().close();
    } finally {
      await secured.close();
    }
  });
});
