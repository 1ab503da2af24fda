/**
 * `npm run screenshots`: the dashboard's panels as docs/screenshots/*.png (1280x800), taken in
 * Debian's chromium from a lunch-rush sandbox on a manual clock, with a receiver that fails
 * its first answers, so every panel has something to show. Deterministic (fixed seed, manual
 * clock) apart from latencies. Run after `npm run build`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../src/index.js';
import { launchBrowser, openPage } from '../test/support/browser.js';

let answered = 0;
const receiver = createServer((req, res) => {
  req.resume();
  // The first three fail, so the log shows retries next to successes.
  res.statusCode = ++answered <= 3 ? 503 : 200;
  res.end(res.statusCode === 200 ? '{"ok":true}' : 'try again later');
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;

const sandbox = await startSandbox({
  scenario: 'lunch-rush',
  clock: 'manual',
  webhooks: [{ url: `http://127.0.0.1:${port}/webhooks`, secret: 'whsec_screenshots_demo' }],
});
const browser = await launchBrowser();
try {
  await sandbox.clock.advance('6m');
  const { page } = await openPage(browser, `${sandbox.url}/`);
  await page.locator('.live.on').waitFor();
  const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });

  await page.locator('tr[data-order]').first().waitFor();
  await page
    .locator('tr[data-order] .status.driver_assigned, tr[data-order] .status.picked_up')
    .first()
    .click();
  await shot('orders');

  await page.locator('nav a', { hasText: 'Map' }).click();
  await page.locator('[data-route]').first().waitFor();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await shot('map');

  await page.locator('nav a', { hasText: 'Webhooks' }).click();
  await page.locator('select[name=status]').selectOption('retrying');
  await page.locator('tr[data-attempt] .status.retrying').first().click();
  await page.evaluate('window.scrollTo(0, 0)'); // the click scrolled the detail into view
  await shot('webhooks');

  await page.locator('nav a', { hasText: 'Clock' }).click();
  await page.getByRole('button', { name: '+5 m' }).click();
  await page.getByTestId('fired').locator('tr').first().waitFor();
  await shot('clock');

  // A client's few /v1 calls, so the Report shows request coverage and a contract violation.
  const v1 = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${sandbox.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ order_id: string }>);
  const mine = await v1('/v1/orders', 'POST', {
    pickup: { address: '1 Market St' },
    dropoff: { address: '500 Castro St' },
  });
  await v1(`/v1/orders/${mine.order_id}`);
  await v1(`/v1/orders/${mine.order_id}/payment`, 'POST', { payment_method: 'pm_card_declined' });
  await v1(`/v1/orders/${mine.order_id}/payment`, 'POST', { payment_method: 'pm_card_visa' });
  await v1('/v1/orders', 'POST', { pickup: { address: '1 Market St' }, notes: 'ring twice' });
  await v1('/v1/drivers/available?lat=37.7749&lng=-122.4194');

  await page.locator('nav a', { hasText: 'Report' }).click();
  await page.getByRole('button', { name: 'Probe now' }).click();
  await page.getByTestId('probe').waitFor();
  await page.evaluate('window.scrollTo(0, 0)'); // the click scrolled to the probe
  await shot('report');

  await page.locator('nav a', { hasText: 'Sandbox' }).click();
  await page.getByTestId('keys').locator('tbody tr').first().waitFor();
  await shot('sandbox');
} finally {
  await browser.close();
  await sandbox.close();
  receiver.close();
}
