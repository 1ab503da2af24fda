import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  type DashboardPage,
  type PageElement,
  type PageGlobal,
} from './support/browser.js';
import { RawReceiver } from './support/raw-receiver.js';
import { Receiver } from './support/receiver.js';
import { SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

// The dashboard as a person sees it in a 1280x800 window (openPage's): nothing wider than the
// window in any panel, however long the values it shows, forms that show what is typed, webhook
// bodies laid out for reading, and a map that shows what its legend names. A real chromium
// against a real sandbox (the ci scenario, San Francisco, manual clock) on port 0.
let browser: Browser;
let sb: TestSandbox;
let dash: DashboardPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  sb = await TestSandbox.start();
});
afterEach(async () => {
  await page.context().close();
  await sb.close();
});

const open = async (hash = '') => {
  dash = await openPage(browser, `${sb.url}/${hash}`);
  page = dash.page;
  await page.locator('.live.on').waitFor();
};
const tab = (name: string) => page.locator('nav a', { hasText: name }).click();

/** What sticks out: the page wider than the window, or a panel's card wider than the card. */
const overflow = (): Promise<string[]> =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobal;
    const doc = document.documentElement;
    const found: string[] = [];
    if (doc.scrollWidth > doc.clientWidth)
      found.push(`the page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    for (const el of Array.from(document.querySelectorAll('main section, main .card')))
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `"${el.querySelector('h2, summary')?.textContent ?? el.className}" is ${el.scrollWidth} px wide in ${el.clientWidth} px`,
        );
    return found;
  });

// Long values as real clients send them: a receiver URL of a multi-tenant backend, a reference
// and field names without spaces, addresses with every detail.
const LONG_REFERENCE = 'shopify-order-4711-2026-01-01T12:00:00Z-a1b2c3d4e5f6a7b8c9d0e1f2g3h4';
const LONG_FIELD = 'deliveryInstructionsForTheCourierAtTheFrontDeskOfTheBuilding';
const longOrder = {
  ...SAMPLE_ORDER,
  pickup: {
    ...SAMPLE_ORDER.pickup,
    address:
      'Golden Noodle Kitchen, Stall 14, 1 Ferry Building Marketplace, The Embarcadero, San Francisco, CA 94111',
    instructions:
      'Ask at the counter for the order under the name on the receipt; the bags are tagged',
  },
  external_reference: LONG_REFERENCE.slice(0, 64),
  metadata: { integration_source_system_identifier: 'point-of-sale-terminal-7-east-wing' },
};

describe('the dashboard at 1280 px', () => {
  it('fits every panel in the window, filled with orders, deliveries, requests and violations with long values', async () => {
    const receiver = await Receiver.start(
      '/tenants/acme-food-delivery-international/integrations/delivery-sandbox/webhooks?signature=strict',
    );
    try {
      await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
      receiver.answer((r) => (r.attempt === 1 ? 503 : 200)); // retries beside successes
      const order = await sb.createOrder(longOrder);
      await sb.createOrder();
      await sb.advance(order.order_id, 'picked_up');
      // Client mistakes, so the Report lists violations with long parameters and messages.
      for (const body of [
        { ...longOrder, [LONG_FIELD]: 'Leave it with the concierge' },
        { ...longOrder, external_reference: `${LONG_REFERENCE}${LONG_REFERENCE}` },
        { dropoff: longOrder.pickup },
      ])
        expect((await sb.post('/v1/orders', body)).status).toBe(400);
      await sb.get(`/v1/orders/${order.order_id}`, { headers: { 'Sandbox-Fault': '503' } });
      await sb.advanceClock(30_000);
      await receiver.waitFor(4);

      await open();
      const panels: [string, () => Promise<void>][] = [
        ['Orders', () => page.locator(`tr[data-order=${order.order_id}]`).click()],
        ['Map', () => page.locator('[data-route]').first().waitFor()],
        [
          'Webhooks',
          () => page.locator('[data-testid=deliveries] tr[data-attempt]').last().click(),
        ],
        ['Requests', () => page.locator('tr[data-request]').nth(1).click()],
        ['Clock', () => page.getByTestId('clock-now').waitFor()],
        ['Report', () => page.locator('[data-violation=unknown_field]').waitFor()],
        ['Sandbox', () => page.getByTestId('keys').locator('tbody tr').first().waitFor()],
      ];
      for (const [name, fill] of panels) {
        await tab(name);
        await fill(); // opens the panel's detail too, where it has one
        expect({ panel: name, overflow: await overflow() }).toEqual({ panel: name, overflow: [] });
      }
      await dash.expectNoProblems();
    } finally {
      await receiver.close();
    }
  }, 40_000); // seven panels, each opened and measured

  it("shows the whole of a URL and a secret typed into the Register form's inputs", async () => {
    await open();
    await tab('Webhooks');
    const form = page.getByTestId('register-endpoint');
    await form
      .locator('input[name=url]')
      .fill('http://host.docker.internal:3000/api/webhooks/delivery-sandbox');
    await form.locator('input[name=secret]').fill(`whsec_${'a1B2c3D4'.repeat(4)}`);
    for (const name of ['url', 'secret']) {
      const [scroll, client] = await form
        .locator(`input[name=${name}]`)
        .evaluate((el: PageElement) => [el.scrollWidth, el.clientWidth]);
      expect({ input: name, truncated: scroll > client }).toEqual({
        input: name,
        truncated: false,
      });
    }
    await dash.expectNoProblems();
  });

  it("pretty-prints a webhook's JSON bodies as text: markup in a receiver's answer stays text", async () => {
    const answer = JSON.stringify({ ok: true, note: '<img src=x onerror="document.title=1">' });
    const receiver = await RawReceiver.start((_, socket) =>
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(answer)}\r\n\r\n${answer}`,
      ),
    );
    try {
      await sb.post('/__sandbox/webhook-endpoints', { url: receiver.url });
      const order = await sb.createOrder();
      await open();
      await tab('Webhooks');
      const attempts = page.locator('[data-testid=deliveries] tr[data-attempt]');
      await expect.poll(() => attempts.count()).toBe(1);
      await attempts.first().click();
      const [request, response] = await page.locator('.attempt-detail pre').allTextContents();
      // Indented two spaces, one key a line.
      expect(request).toContain(`\n{\n  "event_id": "evt_`);
      expect(request).toContain(`\n      "order_id": "${order.order_id}",\n`);
      expect(response).toContain(
        '\n{\n  "ok": true,\n  "note": "<img src=x onerror=\\"document.title=1\\">"\n}',
      );
      expect(await page.locator('.attempt-detail img').count()).toBe(0);
      expect(await page.title()).not.toBe('1');
      await dash.expectNoProblems();
    } finally {
      await receiver.close();
    }
  });
});

describe('the Map panel', () => {
  it("draws an order's pickup square above a driver waiting on the same spot", async () => {
    // An available driver, and an order picked up exactly where the driver stands.
    const { lat, lng } = SAMPLE_ORDER.pickup.location;
    const found = await sb.get(`/v1/drivers/available?lat=${lat}&lng=${lng}`);
    const driver = found.body.drivers[0];
    await sb.createOrder({
      pickup: { ...SAMPLE_ORDER.pickup, location: driver.location },
    });
    await open('#map');
    await page.locator(`circle[data-driver=${driver.driver_id}]`).waitFor();
    // The order's: the only one.
    const pickup = page.locator('svg.map rect.pickup');
    await pickup.waitFor();
    // What a person sees at the square's centre, the topmost thing there, is the square.
    const box = (await pickup.boundingBox())!;
    const top = await page.evaluate(
      ([x, y]) => {
        const { document } = globalThis as unknown as PageGlobal;
        const el = document.elementFromPoint(x!, y!);
        return el ? `${el.tagName} ${el.getAttribute('class')}` : 'nothing';
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(top).toBe('rect pickup');
    await dash.expectNoProblems();
  });

  it('shows with Whole city the city circle and every street an address can be on, after zooming in', async () => {
    await sb.createOrder();
    await open('#map');
    await page.locator('svg.map rect.pickup').waitFor();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Whole city' }).click();
    const outside = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobal;
      const map = document.querySelector('svg.map')!.getBoundingClientRect();
      const drawn = document.querySelectorAll(
        'svg.map .radius, svg.map .street, svg.map .driver, svg.map .pickup, svg.map .dropoff',
      );
      return Array.from(drawn)
        .filter((el) => {
          const b = el.getBoundingClientRect();
          return (
            b.left < map.left - 1 ||
            b.top < map.top - 1 ||
            b.right > map.right + 1 ||
            b.bottom > map.bottom + 1
          );
        })
        .map((el) => `${el.getAttribute('class')} ${el.textContent ?? ''}`.trim());
    });
    expect(outside).toEqual([]);
    // Streets and drivers are all there to be checked.
    expect(await page.locator('svg.map .street').count()).toBeGreaterThan(10);
    expect(await page.locator('svg.map .driver').count()).toBeGreaterThan(10);
    await dash.expectNoProblems();
  });
});
