import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type DashboardPage } from './support/browser.js';
import { signPayload } from '../src/index.js';
import { holdRead, signal } from './support/hold-read.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

// The dashboard in a real chromium, against a real sandbox on port 0 and a real receiver: what a
// person sees and clicks. One browser for the file, a fresh sandbox and page per test.
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
  dash = await openPage(browser, `${sb.url}/`);
  page = dash.page;
  await page.locator('.live.on').waitFor();
});
afterEach(async () => {
  await page.context().close();
  await Promise.all([sb.close(), receiver.close()]);
});

const tab = (name: string) => page.locator('nav a', { hasText: name }).click();

describe('the dashboard', () => {
  it('registers an endpoint from the form, which the control plane then lists, and reveals its secret', async () => {
    await tab('Webhooks');
    const form = page.getByTestId('register-endpoint');
    await form.locator('input[name=url]').fill(receiver.url);
    await form.getByLabel('order.created').check();
    await form.getByRole('button', { name: 'Register' }).click();

    const row = page.locator(`tr[data-endpoint]`);
    await expect.poll(() => row.count()).toBe(1);
    const listed = (await sb.get('/__sandbox/webhook-endpoints')).body.endpoints;
    expect(listed).toMatchObject([{ url: receiver.url, events: ['order.created'] }]);
    const { endpoint_id, secret: masked } = listed[0]; // the list masks it: whsec_…abcd
    expect(await row.getAttribute('data-endpoint')).toBe(endpoint_id);
    const cell = row.getByTestId('secret');
    expect(await cell.textContent()).toBe(masked);
    // The page keeps the secret the registration answered with, and reveals it.
    await row.getByRole('button', { name: 'Reveal' }).click();
    const secret = (await cell.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(secret.slice(-4)).toBe(masked.slice(-4));

    // It is the secret the deliveries are signed with.
    await row.getByRole('button', { name: 'Send test' }).click();
    await receiver.waitFor(1);
    const [test] = receiver.received;
    expect(test!.headers['x-service-signature']).toBe(signPayload(secret, test!.raw));
    await page.locator('[data-testid=deliveries] tr[data-attempt]').first().waitFor();
    await dash.expectNoProblems();
  });

  it('advances an order with a button: its row and the map follow without a reload', async () => {
    const order = await sb.createOrder();
    const row = page.locator(`tr[data-order=${order.order_id}]`);
    await expect.poll(() => row.locator('.status').textContent()).toBe('pending');
    // Survives only if the page is never reloaded.
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));

    await row.click();
    await page.getByRole('button', { name: 'Advance to driver_assigned' }).click();
    await expect.poll(() => row.locator('.status').textContent()).toBe('driver_assigned');
    const detail = page.getByTestId('order-detail');
    expect(await detail.locator('.timeline li').count()).toBe(2);

    await tab('Map');
    const route = page.locator(`[data-route=${order.order_id}]`);
    await expect.poll(() => route.getAttribute('data-status')).toBe('driver_assigned');
    expect(await route.locator('path.route').count()).toBe(2); // to the pickup, then on
    const driver = (await sb.get(`/v1/orders/${order.order_id}`)).body.driver.driver_id;
    const marker = page.locator(`circle[data-driver=${driver}]`);
    // Driver positions and statuses reach the page in throttled batches, after the order's status.
    await expect.poll(() => marker.getAttribute('data-status')).toBe('on_order');

    // The driver moves on the map as virtual time passes, from the stream alone.
    const before = await marker.getAttribute('cx');
    await sb.advanceClock(60_000);
    await expect.poll(() => marker.getAttribute('cx')).not.toBe(before);

    await tab('Orders');
    await row.click();
    await page.getByRole('button', { name: '→ delivered' }).click();
    await expect.poll(() => row.locator('.status').textContent()).toBe('delivered');
    // Delivered allows nothing more: the buttons follow the server's allowed_actions.
    await expect.poll(() => detail.getByRole('button', { name: /^→/ }).count()).toBe(0);
    for (const name of ['Advance', 'Cancel as restaurant', 'Cancel as system'])
      expect(await detail.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(
      42,
    );
    await tab('Map');
    await expect.poll(() => route.count()).toBe(0);
    await dash.expectNoProblems();
  });

  it('keeps what the stream brought while its lists were loading: no older list overwrites it', async () => {
    // The page follows the stream as soon as it opens and loads its lists beside it; on a busy
    // machine a list read before an order changed can land after the order's event. Here the
    // lists a reset makes the page load again are held back: orders and routes read once `first`
    // is made (so before what follows), events and endpoints once the stream brought the rest.
    const made = signal();
    const streamed = signal();
    const release = signal();
    const orders = await holdRead(page, '/__sandbox/orders', made.promise, release.promise);
    await holdRead(page, '/__sandbox/routes', made.promise, release.promise);
    const events = await holdRead(page, '/__sandbox/events', streamed.promise, release.promise);
    await holdRead(page, '/__sandbox/webhook-endpoints', streamed.promise, release.promise);
    await sb.post('/__sandbox/reset');
    const first = await sb.createOrder();
    made.resolve();
    await orders.read; // `first` pending, no `second`

    const rerouted = page.waitForResponse(
      async (r) =>
        new URL(r.url()).pathname === '/__sandbox/routes' &&
        ((await r.json()) as { routes: { order_id: string; status: string }[] }).routes.some(
          (x) => x.order_id === first.order_id && x.status === 'driver_assigned',
        ),
    );
    const second = await sb.createOrder();
    await sb.post(`/__sandbox/orders/${first.order_id}/advance`);
    const status = (id: string) => page.locator(`tr[data-order=${id}] .status`).allTextContents();
    await expect.poll(() => status(second.order_id)).toEqual(['pending']);
    await expect.poll(() => status(first.order_id)).toEqual(['driver_assigned']);
    await rerouted; // the routes the page read again after those events
    await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
    streamed.resolve();
    await events.read; // both orders' events, and the endpoint
    release.resolve();

    // The lists landed (the endpoint comes only with them); what the stream brought stays.
    await tab('Webhooks');
    await expect.poll(() => page.locator('tr[data-endpoint]').count()).toBe(1);
    await tab('Orders');
    expect(await status(first.order_id)).toEqual(['driver_assigned']);
    expect(await status(second.order_id)).toEqual(['pending']);
    await page.locator(`tr[data-order=${second.order_id}]`).click();
    const listed = page.getByTestId('order-detail').locator('tbody td:nth-child(2)');
    expect(await listed.allTextContents()).toEqual(['order.created']); // listed and streamed: once
    await tab('Map');
    const route = page.locator(`[data-route=${first.order_id}]`);
    await expect
      .poll(() => route.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-status'))))
      .toEqual(['driver_assigned']);
    await dash.expectNoProblems();
  });

  it("shows a failing receiver's attempts, and Redeliver succeeds once it recovers", async () => {
    await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
    receiver.answer(500);
    const order = await sb.createOrder();
    await receiver.waitFor(1);
    // The attempt's outcome recorded, not only sent (the receiver answers before the sandbox has
    // read it): the panel lists it within the poll's second even on a busy CI machine.
    await sb.sandbox.settle();
    await tab('Webhooks');
    const attempts = page.locator('[data-testid=deliveries] tr[data-attempt]');
    await expect.poll(() => attempts.count()).toBe(1);
    expect(await attempts.first().textContent()).toContain('500');
    expect(await attempts.first().locator('.status').textContent()).toBe('retrying');

    await attempts.first().click();
    const detail = page.locator('.attempt-detail');
    expect(await detail.textContent()).toContain(`"order_id": "${order.order_id}"`);
    expect(await detail.textContent()).toMatch(/next retry: 2026-/);

    receiver.answer(200);
    await detail.getByRole('button', { name: 'Redeliver order.created' }).click();
    await receiver.waitFor(2);
    await expect.poll(() => page.locator('tr[data-attempt] .status.succeeded').count()).toBe(1);
    await page.locator('select[name=status]').selectOption('succeeded');
    await expect.poll(() => attempts.count()).toBe(1);
    await dash.expectNoProblems();
  });

  it("shows the trouble on an order's road: the driver who dropped it, the next one, the wait and the stale stretch", async () => {
    const res = await sb.post('/v1/orders', undefined, {
      raw: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
      headers: {
        'Content-Type': 'application/json',
        'Sandbox-Outcome': 'driver_reassigned, stale_location',
      },
    });
    const id = res.body.order_id as string;
    await sb.advanceClock(30_000);
    const first = (await sb.get(`/v1/orders/${id}`)).body.driver.name as string;
    const { trip } = (await sb.get('/__sandbox/state')).body.orders[0];
    await sb.advanceClock(trip.drop_at - Date.parse(sb.nowIso()) + 30_000);
    const second = (await sb.get(`/v1/orders/${id}`)).body.driver.name as string;

    await page.locator(`tr[data-order=${id}]`).click();
    const detail = page.getByTestId('order-detail');
    await expect
      .poll(() => detail.locator('.timeline').textContent())
      .toContain(`reassigned to ${second}`);
    expect(await detail.locator('.timeline li.dropped').textContent()).toContain(
      `${first} dropped the order`,
    );
    const stretches = detail.getByTestId('stretches');
    await expect
      .poll(() => stretches.locator('li.wait').textContent())
      .toContain('waiting at the pickup');
    expect(await stretches.locator('li.stale').textContent()).toContain('location stale');
    await dash.expectNoProblems();
  });

  it('moves virtual time with the clock buttons and lists what fired', async () => {
    await sb.createOrder();
    await tab('Clock');
    const now = page.getByTestId('clock-now');
    await expect.poll(() => now.textContent()).toContain('2026-01-01 12:00:00');
    await page.getByRole('button', { name: '+30 s' }).click();
    await expect.poll(() => now.textContent()).toContain('12:00:30');
    const fired = page.getByTestId('fired');
    await expect.poll(() => fired.textContent()).toContain('order.driver_assigned');
    await page.getByRole('button', { name: '+5 m' }).click();
    await expect.poll(() => now.textContent()).toContain('12:05:30');
    await expect.poll(() => fired.textContent()).toContain('order.picked_up');
    expect(await fired.textContent()).not.toContain('order.driver_assigned');
    await page.getByRole('button', { name: '+1 h' }).click();
    await expect.poll(() => now.textContent()).toContain('13:05:30');
    await page.locator('input[name=by]').fill('1h30m');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect.poll(() => now.textContent()).toContain('14:35:30');
    expect(sb.nowIso()).toBe('2026-01-01T14:35:30.000Z');
    await dash.expectNoProblems();
  });
});
