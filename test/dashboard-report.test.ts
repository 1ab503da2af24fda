import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type DashboardPage } from './support/browser.js';
import { Receiver } from './support/receiver.js';
import { SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

// The dashboard's Report panel and its paged lists, in a real chromium against a real sandbox on
// port 0 and a real receiver (one that answers 200 to anything: it checks no signature). One
// browser for the file, a fresh sandbox and page per test.
let browser: Browser;
let sb: TestSandbox;
let receiver: Receiver;
let dash: DashboardPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  [sb, receiver] = await Promise.all([TestSandbox.start(), Receiver.start()]);
});
afterEach(async () => {
  await page.context().close();
  await Promise.all([sb.close(), receiver.close()]);
});

/** The Report panel re-reads the report at most this often (dashboard/src/panels/report.tsx). */
const REPORT_MIN_INTERVAL_MS = 2000;
/** The Requests panel re-reads the journal this often (dashboard/src/panels/requests.tsx). */
const REQUESTS_REFRESH_MS = 2000;

// The page's timers run on Playwright's clock: a test fast-forwards it past a panel's throttle or
// refresh instead of waiting for it in real time.
const open = async () => {
  dash = await openPage(browser, `${sb.url}/`, { clock: true });
  page = dash.page;
  await page.locator('.live.on').waitFor();
};
const tab = (name: string) => page.locator('nav a', { hasText: name }).click();
/**
 * Polls what the Report panel shows, the page's time moved past the panel's throttle before each
 * look: a re-read the stream's activity asked for happens at once instead of up to 2 s later.
 */
const pollReport = <T>(look: () => Promise<T>) =>
  expect.poll(async () => {
    await page.clock.fastForward(REPORT_MIN_INTERVAL_MS);
    return look();
  });

describe('the Report panel', () => {
  it('probes a receiver that skips signature checks: the probe fails, naming the forgeries it accepted', async () => {
    await open();
    await tab('Report');
    await expect.poll(() => page.getByTestId('report-summary').count()).toBe(1);
    // Registered by a script after the page loaded: the panel can probe it all the same.
    const endpoint = (await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url })).body;
    await sb.post(`/__sandbox/webhook-endpoints/${endpoint.endpoint_id}/test`);
    const card = page.locator(`[data-receiver=${endpoint.endpoint_id}]`);
    await pollReport(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Not probed yet');

    await card.getByRole('button', { name: 'Probe now' }).click();
    const probe = card.getByTestId('probe');
    await expect.poll(() => probe.getAttribute('data-status')).toBe('failed');
    const message = (await probe.textContent()) ?? '';
    expect(message).toContain('wrong_signature, altered_body, unsigned');
    expect(message).toContain('forged webhook');
    for (const forgery of ['wrong_signature', 'altered_body', 'unsigned'])
      expect(await probe.locator(`[data-case=${forgery}]`).getAttribute('data-verdict')).toBe(
        'wrong',
      );
    expect(await probe.locator('[data-case=valid]').getAttribute('data-verdict')).toBe('ok');
    expect(receiver.received).toHaveLength(5); // the test event, then the probe's four requests
    expect(await page.getByTestId('report-summary').textContent()).toContain('1 failed');
    await dash.expectNoProblems();
  });

  it("flips coverage rows to covered after the page's own actions, and links the proof to the delivery log", async () => {
    await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
    const order = await sb.createOrder();
    await open();
    await tab('Report');
    const row = (id: string) => page.locator(`tr[data-coverage="${id}"]`);
    await pollReport(() =>
      row('webhook.order.created.acknowledged').getAttribute('data-status'),
    ).toBe('covered');
    expect(await row('webhook.order.delivered.acknowledged').getAttribute('data-status')).toBe(
      'not_covered',
    );
    // The order the test created through /v1 proves a request situation, linked to the Requests panel.
    const created = row('orders.create.created');
    expect(await created.getAttribute('data-status')).toBe('covered');
    expect(await created.locator('a[href^="#requests/req_"]').count()).toBe(1);

    await tab('Orders');
    await page.locator(`tr[data-order=${order.order_id}]`).click();
    await page.getByRole('button', { name: '→ delivered' }).click();
    await receiver.waitFor(4);
    await tab('Report');
    const delivered = row('webhook.order.delivered.acknowledged');
    await pollReport(() => delivered.getAttribute('data-status')).toBe('covered');
    await pollReport(() =>
      row('webhook.order.picked_up.acknowledged').getAttribute('data-status'),
    ).toBe('covered');
    const webhooks = page.locator('tbody[data-area=webhook] tr.group');
    expect(await webhooks.textContent()).toContain('4 of 8 covered');

    // Its proof is a delivery id that opens that delivery in the Webhooks panel's log.
    const link = delivered.locator('a[href^="#webhooks/dlv_"]');
    const deliveryId = (await link.textContent()) ?? '';
    await link.click();
    const attempts = page.locator('[data-testid=deliveries] tr[data-attempt]');
    await expect.poll(() => attempts.count()).toBe(1);
    expect(await attempts.first().getAttribute('data-event')).toBe('order.delivered');
    const listed = (await sb.get('/__sandbox/webhook-deliveries')).body.deliveries;
    expect(listed.find((a: { event: string }) => a.event === 'order.delivered').delivery_id).toBe(
      deliveryId,
    );

    // A fresh report forgets them (after the confirm).
    await tab('Report');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Start a fresh report' }).click();
    await expect.poll(() => delivered.getAttribute('data-status')).toBe('not_covered');
    await dash.expectNoProblems();
  });
  it('a delivery link opens every attempt of that delivery (one event to one endpoint), the linked attempt marked', async () => {
    await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url, events: ['order.created'] });
    receiver.answer(() => (receiver.received.length === 1 ? 500 : 200));
    await sb.createOrder();
    await sb.advanceClock(10_000); // the retry, 5 s after the failed first attempt
    await open();
    await tab('Report');
    const recovered = page.locator('tr[data-coverage="webhook.retry.recovered"]');
    await pollReport(() => recovered.getAttribute('data-status')).toBe('covered');
    // The proof is the attempt that succeeded: its own delivery_id.
    const link = recovered.locator('a[href^="#webhooks/dlv_"]');
    const attemptId = (await link.textContent()) ?? '';
    const listed = (await sb.get('/__sandbox/webhook-deliveries')).body.deliveries;
    expect(listed.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2]);
    expect(listed[1].delivery_id).toBe(attemptId);
    expect(listed[0].delivery_id).not.toBe(attemptId);
    await link.click();
    const attempts = page.locator('[data-testid=deliveries] tr[data-attempt]');
    await expect.poll(() => attempts.count()).toBe(2);
    expect(await attempts.evaluateAll((rows) => rows.map((r) => r.dataset.attempt))).toEqual([
      '2',
      '1',
    ]);
    expect(await page.locator('tr[data-linked=true]').getAttribute('data-attempt')).toBe('2');
    await dash.expectNoProblems();
  });

  it("lists the client's contract violations: rule, operation, parameter, count and an example that opens the request", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await sb.post('/v1/orders', { ...SAMPLE_ORDER, notes: 'ring twice' });
      expect(res.status).toBe(400);
    }
    await open();
    await tab('Report');
    const row = page.locator('[data-testid=violations] tr[data-violation=unknown_field]');
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['unknown_field', 'createOrder', 'notes', '2']);
    expect(cells[4]).toContain('POST /v1/orders → 400');
    // The example is the first of the two requests, opened in the Requests panel.
    const link = row.locator('a[href^="#requests/req_"]');
    const requestId = (await link.textContent()) ?? '';
    await link.click();
    await expect.poll(() => page.locator('nav a.active').textContent()).toContain('Requests');
    const detail = page.getByTestId('request-detail');
    await expect.poll(() => detail.textContent()).toContain('ring twice');
    expect(await page.locator(`tr[data-request=${requestId}]`).count()).toBe(1);
    await dash.expectNoProblems();
  });
});

describe('the paged lists', () => {
  it('shows the newest 100 orders and attempts, and loads the older ones with Load older', async () => {
    await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
    const orders = [];
    for (let i = 0; i < 103; i++) orders.push(await sb.createOrder());
    await receiver.waitFor(103);
    await open();
    const rows = page.locator('tr[data-order]');
    await expect.poll(() => rows.count()).toBe(100);
    // The newest first, and the oldest three not yet.
    expect(await rows.first().getAttribute('data-order')).toBe(orders[102].order_id);
    expect(await page.locator(`tr[data-order=${orders[2].order_id}]`).count()).toBe(0);
    await page.getByRole('button', { name: 'Load older' }).click();
    await expect.poll(() => rows.count()).toBe(103);
    expect(await rows.last().getAttribute('data-order')).toBe(orders[0].order_id);
    expect(await page.getByRole('button', { name: 'Load older' }).count()).toBe(0);

    await tab('Webhooks');
    const attempts = page.locator('[data-testid=deliveries] tr[data-attempt]');
    await expect.poll(() => attempts.count()).toBe(100);
    await page.getByRole('button', { name: 'Load older' }).click();
    await expect.poll(() => attempts.count()).toBe(103);
    expect(await page.getByRole('button', { name: 'Load older' }).count()).toBe(0);
    await dash.expectNoProblems();
  });
});

describe('the Requests panel', () => {
  it('lists the last /v1 requests with their answers and injected faults, downloads them as HAR, and clears them', async () => {
    const order = await sb.createOrder();
    await sb.get('/v1/orders/ord_missing');
    await sb.get(`/v1/orders/${order.order_id}`, { headers: { 'Sandbox-Fault': '503' } });
    await open();
    await tab('Requests');
    const rows = page.locator('[data-testid=requests] tr[data-request]');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first: the faulted read, the unknown order, the create.
    expect(await rows.nth(0).textContent()).toMatch(
      /GET.*503service_unavailable.*error 503 \(header\)/,
    );
    expect(await rows.nth(1).textContent()).toMatch(/\/v1\/orders\/ord_missing404/);
    expect(await rows.nth(2).textContent()).toMatch(/POST\/v1\/orders201/);

    await rows.nth(2).click();
    const detail = page.getByTestId('request-detail');
    expect(await detail.textContent()).toContain(`"order_id": "${order.order_id}"`);
    expect(await detail.textContent()).toContain('content-type: application/json');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download HAR' }).click(),
    ]);
    const har = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(har.log.entries.map((e: { response: { status: number } }) => e.response.status)).toEqual(
      [201, 404, 503],
    );

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    expect((await sb.get('/__sandbox/requests')).body.requests).toEqual([]);
    // A request made now appears without a reload.
    await sb.get(`/v1/orders/${order.order_id}`);
    await page.clock.fastForward(REQUESTS_REFRESH_MS); // its next refresh
    await expect.poll(() => rows.count()).toBe(1);
    await dash.expectNoProblems();
  });
});
