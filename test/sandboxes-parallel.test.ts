import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { SandboxClient, type CycleOutcome } from './support/sandbox-cycle.js';

const CLIENTS = 8;
const ROUNDS = 2;

/**
 * Issue 20's parallel budget, small: 8 clients at once, each twice creating a `ci` sandbox,
 * registering its own receiver, creating 3 orders, advancing 45 min, checking every webhook,
 * event and delivery, and deleting the sandbox (test/support/sandbox-cycle.ts).
 * bench/sandboxes-soak.ts runs the same cycle with 50 clients for 60 s.
 */
describe('named sandboxes used by parallel clients', () => {
  let sandbox: Sandbox;
  let clients: SandboxClient[];

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario: 'ci' });
    clients = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => SandboxClient.start(sandbox.url, `par-${i}`)),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox.close();
  });

  it('each client sees only its own orders, every webhook arrives, and nothing is left', async () => {
    const outcomes: CycleOutcome[] = (
      await Promise.all(
        clients.map(async (c) => {
          const mine: CycleOutcome[] = [];
          for (let round = 0; round < ROUNDS; round++) mine.push(await c.cycle());
          return mine;
        }),
      )
    ).flat();

    expect(outcomes).toHaveLength(CLIENTS * ROUNDS);
    expect(outcomes.flatMap((o) => o.leaks)).toEqual([]);
    expect(outcomes.flatMap((o) => o.lost)).toEqual([]);
    expect(clients.flatMap((c) => c.strays())).toEqual([]);
    // Each cycle drove its orders far enough to send webhooks (a check of nothing proves nothing).
    for (const o of outcomes) expect(o.webhooks).toBeGreaterThanOrEqual(9);

    const list = await fetch(`${sandbox.url}/__sandbox/sandboxes`);
    expect(await list.json()).toEqual({ sandboxes: [], has_more: false });
    // Nothing reached the default sandbox either.
    const events = await fetch(`${sandbox.url}/__sandbox/events`);
    expect(((await events.json()) as { events: unknown[] }).events).toEqual([]);
  });
});
