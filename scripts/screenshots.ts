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

  await page.locator('nav a', { hasText: 'Report' }).click();
  await page.getByRole('button', { name: 'Probe now' }).click();
  await page.getByTestId('probe').waitFor();
  await shot('report');

  await page.locator('nav a', { hasText: 'Sandbox' }).click();
  await page.getByTestId('keys').locator('tbody tr').first().waitFor();
  await shot('sandbox');
} finally {
  await browser.close();
  await sandbox.close();
  receiver.close();
}
