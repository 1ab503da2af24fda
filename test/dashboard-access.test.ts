import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { TestSandbox } from './support/test-sandbox.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('serving the dashboard', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start();
  });
  afterAll(() => sb.close());

  it('answers a browser with the page under a strict Content-Security-Policy', async () => {
    const res = await fetch(`${sb.url}/`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const host = new URL(sb.url).host;
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        `connect-src 'self' ws://${host} wss://${host}`,
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]|https?:\/\//); // no inline script, nothing from outside
    const script = /src="(\/dashboard\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    const style = /href="(\/dashboard\/app-[A-Z0-9]+\.css)"/.exec(html)?.[1];
    for (const [path, type] of [
      [script, 'text/javascript; charset=utf-8'],
      [style, 'text/css; charset=utf-8'],
    ] as const) {
      const asset = await fetch(sb.url + path!); // not JSON: outside the contract client
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe(type);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      // No CDN, font or tile URL: only XML namespaces (names, never fetched) and the URL
      // field's localhost placeholder.
      const urls = [...(await asset.text()).matchAll(/https?:\/\/[\w.:-]+/g)].map((m) => m[0]);
      expect(new Set(urls)).toEqual(
        new Set(type.startsWith('text/css') ? [] : ['http://www.w3.org', 'http://localhost:3000']),
      );
    }
  });

  it('keeps the JSON index for every other client, and answers unknown files with a JSON 404', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await sb.get('/', { headers: accept ? { Accept: accept } : {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'delivery-sandbox', dashboard: expect.any(String) });
    }
    for (const path of ['/dashboard/index.html', '/dashboard/app.js', '/dashboard/..%2Fcli.js']) {
      const res = await sb.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.reason).toBe('route_not_found');
    }
  });
});

describe('the control-plane reads the dashboard uses', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start();
  });
  afterAll(() => sb.close());

  it("describes the city: its centre, radii, grid, and the map's land and streets", async () => {
    const city = (await sb.get('/__sandbox/city')).body;
    expect(city).toMatchObject({
      name: 'San Francisco',
      center: { lat: 37.7749, lng: -122.4194 },
      grid_block_deg: 0.005,
    });
    expect(city.land.length).toBeGreaterThan(10);
    expect(city.streets.map((s: { name: string }) => s.name)).toContain('market st');
  });

  it("lists each active order's route until it is delivered, and what runs with every key", async () => {
    const order = await sb.createOrder();
    const pending = (await sb.get('/__sandbox/routes')).body.routes;
    expect(pending).toEqual([
      expect.objectContaining({ order_id: order.order_id, driver_id: null, to_pickup: [] }),
    ]);
    await sb.advance(order.order_id);
    const [route] = (await sb.get('/__sandbox/routes')).body.routes;
    expect(route.status).toBe('driver_assigned');
    expect(route.to_pickup.length).toBeGreaterThan(1);
    expect(route.to_dropoff.at(-1)).toEqual(order.dropoff.location);
    await sb.advance(order.order_id, 'delivered');
    expect((await sb.get('/__sandbox/routes')).body.routes).toEqual([]);

    const world = (await sb.get('/__sandbox/world')).body;
    expect(world).toMatchObject({ scenario: 'ci', seed: 'ci' });
    expect(world.keys[0].api_keys).toContain('sk_test_ci_acme');
  });
});

describe('the dashboard with --admin-token', () => {
  let browser: Browser;
  let sb: TestSandbox;
  beforeAll(async () => {
    [browser, sb] = await Promise.all([
      launchBrowser(),
      TestSandbox.start({ adminToken: 'dash-admin-token' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), sb?.close()]);
  });

  it('asks for the token once, refuses a wrong one, and keeps the right one for the tab', async () => {
    const dash = await openPage(browser, `${sb.url}/`);
    const { page, problems } = dash;
    const token = page.locator('input[name=token]');
    await token.fill('not-the-token');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByText('That token was refused').waitFor();

    await token.fill('dash-admin-token');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('.live.on').waitFor(); // the stream took the token too
    await page.locator('nav a', { hasText: 'Sandbox' }).click();
    await expect.poll(() => page.getByTestId('keys').textContent()).toContain('sk_test_ci_acme');

    // A reload in the same tab does not ask again; the stream still follows the sandbox.
    await page.reload();
    await page.locator('.live.on').waitFor();
    expect(await token.count()).toBe(0);
    await sb.createOrder();
    await page.locator('nav a', { hasText: 'Orders' }).click();
    await expect.poll(() => page.locator('tr[data-order]').count()).toBe(1);

    // The two 401s of the gate (the first look and the wrong token) are the only console errors.
    expect(problems.filter((p) => p.includes('401')).length).toBe(2);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('401')));
    await dash.expectNoProblems();
    await page.context().close();
  });
});
