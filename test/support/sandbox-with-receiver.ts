import { afterAll, beforeAll, expect } from 'vitest';
import { Receiver } from './receiver.js';
import { TestSandbox } from './test-sandbox.js';

/**
 * For the tests of one `describe`: a TestSandbox with a local Receiver registered as its webhook
 * endpoint, started before them (handed to `use`) and closed after them.
 */
export function sandboxWithReceiver(use: (made: { t: TestSandbox; rx: Receiver }) => void): void {
  let made: { t: TestSandbox; rx: Receiver } | undefined;
  beforeAll(async () => {
    const t = await TestSandbox.start();
    const rx = await Receiver.start();
    made = { t, rx };
    expect((await t.post('/__sandbox/webhook-endpoints', { url: rx.url })).status).toBe(201);
    use(made);
  });
  afterAll(async () => {
    await made?.t.close();
    await made?.rx.close();
  });
}
