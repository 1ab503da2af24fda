import { describe, expect, it } from 'vitest';
import { dashboardSuite } from './support/dashboard-suite.js';
import { holdRead, signal } from './support/hold-read.js';

// What the page shows stays what the sandbox holds while the sandbox moves on: the Orders list
// when the stream brings a change to an order older than the page loaded, and the virtual time
// of a realtime clock, which the stream sends only when it is set or advanced. A real chromium
// against a real sandbox (the ci scenario) on port 0.
const s = dashboardSuite();

/** The ids in the Orders list, top to bottom. */
const listed = () =>
  s.page
    .locator('[data-testid=orders] tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-order')));
const status = (id: string) => s.page.locator(`tr[data-order=${id}] .status`).allTextContents();

/** 101 orders, oldest first: the page loads the newest 100. */
async function ordersPastOnePage(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 101; i++) ids.push((await s.sb.createOrder()).order_id);
  return ids;
}

describe('the Orders list', () => {
  it('leaves out an order older than the page loaded when the stream brings its change', async () => {
    const ids = await ordersPastOnePage();
    await s.open();
    const newest = ids.slice(1).reverse();
    await expect.poll(listed).toEqual(newest);
    await s.sb.advance(ids[0]!); // not on the page
    await s.sb.advance(ids[100]!); // on it, after: once it shows, the page had the first change too
    await expect.poll(() => status(ids[100]!)).toEqual(['driver_assigned']);
    expect(await listed()).toEqual(newest);
    expect(await s.page.locator('main h2').first().textContent()).toBe('Orders (100)');

    // Load older brings it, in its place and as it is now.
    await s.page.getByRole('button', { name: 'Load older' }).click();
    await expect.poll(listed).toEqual([...ids].reverse());
    expect(await status(ids[0]!)).toEqual(['driver_assigned']);
    await s.dash.expectNoProblems();
  }, 60_000); // 101 orders made over HTTP, each answer checked against the contract

  it('leaves it out too when its change comes while the list loads, and keeps an order made meanwhile', async () => {
    const ids = await ordersPastOnePage();
    const release = signal();
    let orders: { read: Promise<void> } | undefined;
    await s.open('', async (p) => {
      orders = await holdRead(p, '/__sandbox/orders', Promise.resolve(), release.promise);
    });
    await orders!.read; // the newest 100 of the 101
    await s.sb.advance(ids[0]!);
    const late = (await s.sb.createOrder()).order_id;
    await expect.poll(() => status(late)).toEqual(['pending']); // the stream brought both
    release.resolve();

    await expect.poll(listed).toEqual([late, ...ids.slice(1).reverse()]);
    await s.dash.expectNoProblems();
  }, 60_000); // 101 orders made over HTTP, each answer checked against the contract
});

describe('the virtual time shown', () => {
  /** The time a locator shows (`2026-01-01 12:03:07 UTC`), in ms. */
  const shown = async (testId: string) =>
    Date.parse(`${(await s.page.getByTestId(testId).textContent())!.trim().slice(0, 19)}Z`);
  const now = async () => Date.parse((await s.sb.get('/__sandbox/clock')).body.now);

  it('runs on in realtime mode, in the header and in the Clock panel opened later', async () => {
    // 60 virtual seconds a second; the stream sends the clock only now, when it is set.
    await s.sb.request('PUT', '/__sandbox/clock', { body: { mode: 'realtime', speed: 60 } });
    const start = await now();
    await s.open();
    await expect.poll(now, { timeout: 10_000 }).toBeGreaterThan(start + 120_000);

    // What each shows lies between the sandbox's time before and after reading it, give or take
    // the 250 ms the page counts on by (15 virtual seconds) and the header's seconds.
    for (const [testId, openIt] of [
      ['header-clock', () => Promise.resolve()],
      ['clock-now', () => s.page.locator('nav a', { hasText: 'Clock' }).click()],
    ] as const) {
      await openIt();
      await s.page.getByTestId(testId).waitFor();
      const before = await now();
      const time = await shown(testId);
      const after = await now();
      expect({ testId, behind: time < before - 30_000, ahead: time > after + 1_000 }).toEqual({
        testId,
        behind: false,
        ahead: false,
      });
    }
    await s.dash.expectNoProblems();
  });

  it('shows the same time in the header and in the Clock panel, whenever the panel was opened', async () => {
    // The page's timers and performance.now() on a fake clock, paused once the page is live.
    await s.sb.request('PUT', '/__sandbox/clock', { body: { mode: 'realtime', speed: 60 } });
    await s.open('', (page) => page.clock.install());
    await s.page.getByTestId('header-clock').waitFor();
    await s.page.clock.pauseAt(Date.now() + 1000); // from now on time moves only by runFor
    await s.page.clock.runFor(100); // the panel opens between two of the header's ticks
    // force: a click waits for animation frames to see the link still, and those wait on the clock
    await s.page.locator('nav a', { hasText: 'Clock' }).click({ force: true });
    await s.page.getByTestId('clock-now').waitFor();
    for (let i = 0; i < 4; i++) {
      await s.page.clock.runFor(250);
      expect(await shown('clock-now')).toBe(await shown('header-clock'));
    }
    await s.dash.expectNoProblems();
  }, 30_000); // a busy machine: the fake clock slows the page's first load
});
