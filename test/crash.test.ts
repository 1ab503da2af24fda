import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractFetch } from './support/test-sandbox.js';
import { killLaunched, launchWithData as launch } from './support/cli-process.js';
import { tempDir } from './support/temp-dir.js';

afterEach(killLaunched);

const auth = { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' };

describe('a crash in the middle of a stream of writes', () => {
  // The second compacts the journal every 64 KiB, so the kill lands during or between compactions.
  it.each([
    ['the journal', []],
    ['frequent compactions', ['--journal-bytes', '65536']],
  ])(
    '(%s) loses no acknowledged order, leaves a readable file, and resumes the clock',
    async (_, extra) => {
      const data = join(tempDir('sandbox-crash-'), 'state.json');
      const first = await launch(data, extra);
      await contractFetch(`${first.url}/__sandbox/clock/advance`, {
        method: 'POST',
        headers: auth,
        body: '{"by":"1h"}',
      });

      const acknowledged: string[] = [];
      let stop = false;
      const writer = async (n: number): Promise<void> => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await contractFetch(`${first.url}/v1/orders`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({
                pickup: { address: `${n}-${i} Market St` },
                dropoff: { address: `${n}-${i} Castro St` },
              }),
            });
            if (res.status === 201) acknowledged.push((res.body as { order_id: string }).order_id);
          } catch {
            return; // the process is gone
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, n) => writer(n));
      while (acknowledged.length < 200) await new Promise((r) => setImmediate(r));
      first.child.kill('SIGKILL');
      stop = true;
      await once(first.child, 'exit');
      await Promise.all(writers);

      expect(() => JSON.parse(readFileSync(data, 'utf8'))).not.toThrow();
      const second = await launch(data, extra);
      expect((await contractFetch(`${second.url}/__sandbox/clock`)).body.now).toBe(
        '2026-01-01T13:00:00.000Z',
      );
      const missing = [];
      for (const id of acknowledged) {
        const res = await contractFetch(`${second.url}/v1/orders/${id}`, { headers: auth });
        if (res.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
      second.child.kill('SIGTERM');
      await once(second.child, 'exit');
    },
  );
});
