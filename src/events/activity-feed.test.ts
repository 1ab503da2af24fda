import { describe, expect, it } from 'vitest';
import { recordLogs } from '../../test/support/log-lines.js';
import { openWorld } from '../../test/support/world.js';
import { setClock } from '../commands/set-clock.js';
import type { Activity } from './activity-feed.js';

describe("a world's activity feed", () => {
  it('logs a listener that throws, with the activity, and goes on: the others hear it, the clock changes', () => {
    const { logger, lines } = recordLogs();
    const world = openWorld(
      {
        name: 'activity',
        accounts: [{ id: 'acct_activity', api_keys: ['sk_test_activity'] }],
        drivers: { count: 1 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
      },
      { logger },
    );
    const heard: Activity['type'][] = [];
    world.activity.subscribe(() => {
      throw new Error('broken stream');
    });
    world.activity.subscribe((a) => heard.push(a.type));
    expect(setClock(world, { speed: 2 })).toMatchObject({ speed: 2 });
    expect(world.clock.speed).toBe(2);
    expect(heard).toEqual(['clock']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'an activity listener failed',
        activity: 'clock',
        err: expect.objectContaining({ message: 'broken stream' }),
      }),
    );
  });
});
