/**
 * The graceful stop under load, for bench/persistence.ts: a `--data` sandbox takes 8 parallel
 * `POST /v1/orders` loops, then SIGTERM; measured is the time from the signal to the process's
 * exit (the drain: requests in flight answered, the state stored), and, after a restart, how many
 * of the orders answered 201 are missing (must be 0). Reported, not asserted: the drain's length
 * depends on what is in flight.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

type Launch = (extra: string[]) => Promise<{ url: string; child: ChildProcess }>;
type Stop = (child: ChildProcess, signal?: NodeJS.Signals) => Promise<void>;

const AUTH = { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' };

export interface ShutdownDrain {
  rounds: number;
  /** SIGTERM → exit, per round, in ms. */
  drain_ms: number[];
  /** Orders answered 201 after the signal (in flight when it came), over all rounds. */
  acknowledged_after_signal: number;
  /** Answers 503 (refused while stopping), over all rounds. */
  refused_503: number;
  /** Orders answered 201 but not found after the restart: must be 0. */
  lost: number;
}

/** `rounds` stops of a `--data` sandbox (the file `data`) under 8 writers, each after `loadMs`. */
export async function shutdownDrain(
  data: string,
  launch: Launch,
  stop: Stop,
  rounds = 3,
  loadMs = 1000,
): Promise<ShutdownDrain> {
  const result: ShutdownDrain = {
    rounds,
    drain_ms: [],
    acknowledged_after_signal: 0,
    refused_503: 0,
    lost: 0,
  };
  const acknowledged: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const { url, child } = await launch(['--data', data]);
    let signalled = false;
    const writers = Array.from({ length: 8 }, async (_, n) => {
      for (let i = 0; ; i++) {
        let res: Response;
        try {
          res = await fetch(`${url}/v1/orders`, {
            method: 'POST',
            headers: AUTH,
            body: JSON.stringify({
              pickup: { address: `${r}-${n}-${i} Market St` },
              dropoff: { address: `${r}-${n}-${i} Castro St` },
            }),
          });
        } catch {
          return; // the process is gone
        }
        const body = (await res.json()) as { order_id?: string };
        if (res.status === 201 && body.order_id) {
          acknowledged.push(body.order_id);
          if (signalled) result.acknowledged_after_signal++;
        } else if (res.status === 503) result.refused_503++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, loadMs));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const t0 = performance.now();
    signalled = true;
    child.kill('SIGTERM');
    await exited;
    result.drain_ms.push(Math.round(performance.now() - t0));
    await Promise.all(writers);
  }
  const again = await launch(['--data', data]);
  for (const id of acknowledged) {
    const res = await fetch(`${again.url}/v1/orders/${id}`, { headers: AUTH });
    await res.arrayBuffer();
    if (res.status !== 200) result.lost++;
  }
  await stop(again.child);
  return result;
}
