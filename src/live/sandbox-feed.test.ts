import { describe, expect, it } from 'vitest';
import { recordLogs } from '../../test/support/log-lines.js';
import { openWorld } from '../../test/support/world.js';
import { createOrder } from '../commands/create-order.js';
import type { SandboxStreamMessage } from './messages.js';
import { SandboxFeed } from './sandbox-feed.js';

const SCENARIO = {
  name: 'feed',
  accounts: [{ id: 'acct_feed', api_keys: ['sk_test_feed'] }],
  drivers: { count: 3 },
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
};

/** A consumer that throws on the messages of `type` once armed (after its own hello and snapshot). */
function brokenOn(type: SandboxStreamMessage['type']): {
  armed: boolean;
  listener: (message: SandboxStreamMessage) => void;
} {
  const consumer = {
    armed: false,
    listener: (message: SandboxStreamMessage): void => {
      if (consumer.armed && message.type === type) throw new Error(`broken on ${type}`);
    },
  };
  return consumer;
}

describe('SandboxFeed', () => {
  it('logs a consumer that throws on a message; the consumers after it still hear it', () => {
    const { logger, lines } = recordLogs();
    const world = openWorld(SCENARIO, { logger });
    const feed = new SandboxFeed(world);
    const broken = brokenOn('event');
    feed.subscribe(broken.listener);
    const heard: string[] = [];
    feed.subscribe((m) => void heard.push(m.type));
    broken.armed = true;
    createOrder(world, world.store.accounts.all()[0]!, {
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Valencia St' },
    });
    expect(heard).toEqual(['hello', 'drivers', 'event']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'a consumer of the sandbox stream failed',
        err: expect.objectContaining({ message: 'broken on event' }),
      }),
    );
    feed.close();
  });

  it('after a reset, sends every other consumer its snapshot though one throws on its own', () => {
    const { logger, lines } = recordLogs();
    const feed = new SandboxFeed(openWorld(SCENARIO, { logger }));
    const broken = brokenOn('drivers');
    feed.subscribe(broken.listener);
    const heard: string[] = [];
    feed.subscribe((m) => void heard.push(m.type));
    broken.armed = true;
    expect(() => feed.moveTo(openWorld(SCENARIO, { logger }))).not.toThrow();
    expect(heard).toEqual(['hello', 'drivers', 'reset', 'drivers']);
    expect(lines).toContainEqual(
      expect.objectContaining({ err: expect.objectContaining({ message: 'broken on drivers' }) }),
    );
    feed.close();
  });
});
