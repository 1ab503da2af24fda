import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAlive } from './support/kept-alive.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

// A keep-alive connection's key is looked up once and remembered for that connection (issue 24,
// src/http/middleware/authenticate.ts): the memory must never answer for another key, nor for a
// key its world no longer has.
describe('the key remembered per connection', () => {
  let t: TestSandbox;
  let conn: KeptAlive;
  beforeAll(async () => {
    t = await TestSandbox.start();
    conn = new KeptAlive(t.sandbox.port);
  });
  afterAll(async () => {
    conn.close();
    await t.close();
  });

  /** A GET on the one kept-alive connection with `key`. */
  const get = (path: string, key: string) => conn.get(path, { authorization: `Bearer ${key}` });

  it('answers each request for the key it sent, on one connection, across a new world', async () => {
    const id = (await t.createOrder()).order_id as string;
    const path = `/v1/orders/${id}`;
    const first = await get(path, KEYS.acme);
    expect(first.status).toBe(200);
    // Another account's key on the same connection: the order is not that account's.
    expect(await get(path, KEYS.globex)).toMatchObject({ status: 403, local: first.local });
    expect(await get(path, KEYS.acme)).toMatchObject({ status: 200, local: first.local });
    expect(await get(path, 'sk_test_ci_nobody')).toMatchObject({
      status: 401,
      reason: 'invalid_api_key',
      local: first.local,
    });
    expect(await get(path, KEYS.acme)).toMatchObject({ status: 200, local: first.local });

    // Import a state in which acme's read-write key is gone: the same header on the same
    // connection is now an unknown key.
    const state = (await t.get('/__sandbox/state')).body as {
      accounts: { api_keys: string[] }[];
    };
    for (const account of state.accounts)
      account.api_keys = account.api_keys.filter((k) => k !== KEYS.acme);
    expect((await t.request('PUT', '/__sandbox/state', { body: state })).status).toBe(200);
    expect(await get(path, KEYS.acme)).toMatchObject({
      status: 401,
      reason: 'invalid_api_key',
      local: first.local,
    });
    expect(await get(path, KEYS.acmeReadOnly)).toMatchObject({ status: 200, local: first.local });
  });
});
