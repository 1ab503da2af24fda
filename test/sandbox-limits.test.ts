import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bannerUrl } from './support/cli-process.js';
import { contractFetch, expectError } from './support/test-sandbox.js';

describe("a named sandbox's cap on orders from the command line", () => {
  it('takes it from DELIVERY_SANDBOX_SANDBOX_MAX_ORDERS: a scenario with more orders is refused 409 sandbox_full, and no sandbox is made', async () => {
    const child = spawn(
      process.execPath,
      ['dist/cli.js', '--port', '0', '--scenario', 'ci', '--log-level', 'silent'],
      { env: { ...process.env, DELIVERY_SANDBOX_SANDBOX_MAX_ORDERS: '3' } },
    );
    try {
      const url = await bannerUrl(child);
      const put = (name: string, scenario: string) =>
        contractFetch(`${url}/__sandbox/sandboxes/${name}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scenario }),
        });
      // two-accounts starts with six orders: the fourth is one too many.
      const refused = await put('busy', 'two-accounts');
      expectError(refused, 409, 'invalid_request', { reason: 'sandbox_full' });
      expect(refused.body.error.message).toContain(
        'The sandbox "busy" already holds 3 orders, the most a named sandbox keeps (--sandbox-max-orders 3)',
      );
      expect((await contractFetch(`${url}/__sandbox/sandboxes/busy`)).status).toBe(404);
      expect((await put('small', 'ci')).status).toBe(201);
      // The default sandbox has no cap: two-accounts' six orders load there.
      const reset = await contractFetch(`${url}/__sandbox/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario: 'two-accounts' }),
      });
      expect(reset.status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
