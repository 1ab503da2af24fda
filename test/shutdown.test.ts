import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killLaunched, launchWithData as launch } from './support/cli-process.js';
import { contractFetch } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

afterEach(killLaunched);

const auth = { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' };

/**
 * 8 writers creating orders as fast as they are answered, until the sandbox stops answering.
 * Every 201 is remembered; a 503 (the sandbox stopping) is retried like a real client would.
 */
function writeUntilGone(url: string, acknowledged: string[], refused: number[]): Promise<void>[] {
  return Array.from({ length: 8 }, async (_, n) => {
    for (let i = 0; ; i++) {
      let res;
      try {
        res = await contractFetch(`${url}/v1/orders`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            pickup: { address: `${n}-${i} Market St` },
            dropoff: { address: `${n}-${i} Castro St` },
          }),
        });
      } catch (err) {
        // The contract check throws too: only a connection that failed ends the writer.
        if (err instanceof TypeError) return;
        throw err;
      }
      if (res.status === 201) acknowledged.push((res.body as { order_id: string }).order_id);
      else refused.push(res.status);
    }
  });
}

describe('SIGTERM under concurrent writes with --data', () => {
  it('keeps every order it answered 201, round after round, and exits 0', async () => {
    const data = join(tempDir('sandbox-shutdown-'), 'state.json');
    const acknowledged: string[] = [];
    const refused: number[] = [];
    for (let round = 0; round < 5; round++) {
      const { url, child } = await launch(data);
      const before = acknowledged.length;
      const writers = writeUntilGone(url, acknowledged, refused);
      while (acknowledged.length < before + 40) await new Promise((r) => setImmediate(r));
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      await Promise.all(writers);
    }
    // A write refused while stopping is answered 503 with Retry-After, never acknowledged.
    expect(refused.filter((s) => s !== 503)).toEqual([]);

    const { url, child } = await launch(data);
    // Read back 20 at a time: hundreds at once would pass the sandbox's connection cap (503).
    const statuses: [string, number][] = [];
    for (let i = 0; i < acknowledged.length; i += 20)
      statuses.push(
        ...(await Promise.all(
          acknowledged
            .slice(i, i + 20)
            .map(async (id): Promise<[string, number]> => [
              id,
              (await contractFetch(`${url}/v1/orders/${id}`, { headers: auth })).status,
            ]),
        )),
      );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    child.kill('SIGTERM');
    await once(child, 'exit');
  }, 120_000);
});
