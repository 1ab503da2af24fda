import { describe, expect, it } from 'vitest';
import { dashboardSuite } from './support/dashboard-suite.js';
import { SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

// Short tokens a person reads or copies (ids, keys, statuses, times, amounts) stay whole on one
// line in a 1280x800 window; the long free text beside them (a driver's name) wraps instead. A real
// chromium against a real sandbox on port 0.
const s = dashboardSuite();

/**
 * Which of `words` the page shows broken over two lines or more inside `selector`: a word whose
 * boxes do not all share a line (one starts below where another ends).
 */
const brokenWords = (selector: string, words: string[]): Promise<string[]> =>
  s.page.locator(selector).evaluate((root, words) => {
    type Box = { top: number; bottom: number };
    const doc = root.ownerDocument;
    const broken: string[] = [];
    const walker = doc.createTreeWalker(root, 4); // NodeFilter.SHOW_TEXT
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (const word of words) {
        const at = node.textContent?.indexOf(word) ?? -1;
        if (at < 0) continue;
        const range = doc.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const boxes = Array.from(range.getClientRects() as ArrayLike<Box>);
        if (Math.max(...boxes.map((b) => b.top)) >= Math.min(...boxes.map((b) => b.bottom)) - 1)
          broken.push(word);
      }
    return broken;
  }, words);

describe('the dashboard at 1280 px', () => {
  it("keeps the Orders list's ids, statuses, times and totals on one line beside a long driver name", async () => {
    await s.sb.close();
    s.sb = await TestSandbox.start({
      scenario: {
        name: 'long-names',
        city: { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 6 },
        accounts: [{ id: 'acct_acme', api_keys: ['sk_test_ci_acme'] }],
        drivers: {
          list: [
            {
              name: 'Maximiliana Pfannerstill-Hammes PhD',
              vehicle: { type: 'car' },
              location: SAMPLE_ORDER.pickup.location,
            },
          ],
        },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
      },
    });
    await s.sb.advance((await s.sb.createOrder()).order_id);
    await s.open();
    const driver = s.page.locator('[data-testid=orders] tbody td:nth-child(3)');
    await expect.poll(() => driver.textContent()).toContain('Maximiliana');
    const whole = await s.page
      .locator('[data-testid=orders] tbody td:not(:nth-child(3))')
      .allTextContents();
    const wrapped = await brokenWords('[data-testid=orders]', whole);
    expect(wrapped).toEqual([]); // the driver's name wraps instead
    await s.dash.expectNoProblems();
  }, 30_000); // a second sandbox started, with the long name

  it('keeps each account id and each API key of a named sandbox on one line in the Sandbox panel', async () => {
    const name = 'checkout-suite-2';
    const made = await s.sb.request('PUT', `/__sandbox/sandboxes/${name}`, {
      body: { scenario: 'ci' },
    });
    expect(made.status).toBe(201);
    const { keys } = (await s.sb.get(`/__sandbox/sandboxes/${name}/world`)).body as {
      keys: { account_id: string; api_keys: string[] }[];
    };
    await s.open(`?sandbox=${name}#sandbox`);
    await s.page.getByTestId('keys').locator('tbody tr').first().waitFor();
    const words = keys.flatMap((a) => [a.account_id, ...a.api_keys]);
    expect(await brokenWords('[data-testid=keys]', words)).toEqual([]);
    await s.dash.expectNoProblems();
  });
});
