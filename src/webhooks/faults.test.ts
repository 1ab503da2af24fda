import { describe, expect, it } from 'vitest';
import type { WebhookFaults } from '../domain/scenario.js';
import { FaultInjector } from './faults.js';

/** A stub generator answering `values` in turn (the last one over and over), counting its draws. */
function stub(...values: number[]) {
  const random = Object.assign(
    () => {
      const value = values[Math.min(random.draws, values.length - 1)]!;
      random.draws++;
      return value;
    },
    { draws: 0 },
  );
  return random;
}

describe('FaultInjector', () => {
  it('sends a first attempt now, drops nothing and duplicates nothing when every fault is off', () => {
    const random = stub(0);
    const faults = new FaultInjector({}, random);
    expect(faults.planFirstAttempt()).toEqual({ kind: 'now' });
    expect(faults.dropsFirstAttempt()).toBe(false);
    expect(faults.duplicates()).toBe(false);
    expect(random.draws).toBe(0);
  });

  it('delays by a fixed delay_ms without drawing', () => {
    const random = stub(0.9);
    expect(new FaultInjector({ delay_ms: 2_000 }, random).planFirstAttempt()).toEqual({
      kind: 'delayed',
      delayMs: 2_000,
    });
    expect(random.draws).toBe(0);
  });

  it.each([
    [0, 1_000],
    [0.25, 1_500],
    [0.5, 2_000],
    [0.9999, 3_000],
  ])('delays by min + (max - min) × %d, rounded, for a delay_ms range: %i ms', (u, delayMs) => {
    const random = stub(u);
    const faults = new FaultInjector({ delay_ms: { min: 1_000, max: 3_000 } }, random);
    expect(faults.planFirstAttempt()).toEqual({ kind: 'delayed', delayMs });
    expect(random.draws).toBe(1);
  });

  it.each([
    [{ delay_ms: 0 }, 0],
    [{ delay_ms: { min: 0, max: 1_000 } }, 1],
  ])('sends now when the delay comes to 0 (%j)', (settings, draws) => {
    const random = stub(0);
    expect(new FaultInjector(settings, random).planFirstAttempt()).toEqual({ kind: 'now' });
    expect(random.draws).toBe(draws);
  });

  it.each([
    [0.1, { kind: 'reordered' }],
    [0.29, { kind: 'reordered' }],
    [0.3, { kind: 'now' }],
    [0.9, { kind: 'now' }],
  ])('reorders when the draw %d is under reorder_rate 0.3: %j', (u, plan) => {
    const random = stub(u);
    expect(new FaultInjector({ reorder_rate: 0.3 }, random).planFirstAttempt()).toEqual(plan);
    expect(random.draws).toBe(1);
  });

  it('does not also reorder a delayed attempt: the delay wins and reorder_rate is not drawn', () => {
    const random = stub(0.1);
    const faults = new FaultInjector({ delay_ms: 500, reorder_rate: 1 }, random);
    expect(faults.planFirstAttempt()).toEqual({ kind: 'delayed', delayMs: 500 });
    expect(random.draws).toBe(0);
  });

  it.each([
    ['dropsFirstAttempt', 'drop_first_attempt_rate', 0.1, true],
    ['dropsFirstAttempt', 'drop_first_attempt_rate', 0.5, false],
    ['duplicates', 'duplicate_rate', 0.1, true],
    ['duplicates', 'duplicate_rate', 0.5, false],
  ] as const)('%s under %s 0.5 with the draw %d: %s', (method, rate, u, decided) => {
    const random = stub(u);
    expect(new FaultInjector({ [rate]: 0.5 }, random)[method]()).toBe(decided);
    expect(random.draws).toBe(1);
  });

  it.each([
    ['nothing', {}, [0, 0, 0]],
    ['rates of 0', { reorder_rate: 0, drop_first_attempt_rate: 0, duplicate_rate: 0 }, [0, 0, 0]],
    ['a fixed delay', { delay_ms: 100 }, [0, 0, 0]],
    ['a delay range', { delay_ms: { min: 100, max: 200 } }, [1, 0, 0]],
    ['reorder', { reorder_rate: 0.5 }, [1, 0, 0]],
    ['drop', { drop_first_attempt_rate: 0.5 }, [0, 1, 0]],
    ['duplicate', { duplicate_rate: 0.5 }, [0, 0, 1]],
    [
      'reorder, drop and duplicate',
      { reorder_rate: 0.5, drop_first_attempt_rate: 0.5, duplicate_rate: 0.5 },
      [1, 1, 1],
    ],
  ] as [string, WebhookFaults, number[]][])(
    'draws only for the faults switched on: %s',
    (_, settings, expected) => {
      const random = stub(0.9);
      const faults = new FaultInjector(settings, random);
      const draws: number[] = [];
      for (const decide of [
        () => faults.planFirstAttempt(),
        () => faults.dropsFirstAttempt(),
        () => faults.duplicates(),
      ]) {
        const before = random.draws;
        decide();
        draws.push(random.draws - before);
      }
      expect(draws).toEqual(expected);
    },
  );

  it('switching a fault on does not shift the draws of the others', () => {
    const sequence = [0.1, 0.6, 0.3, 0.8, 0.2, 0.7];
    const duplicatesUnder = (settings: WebhookFaults): boolean[] => {
      const faults = new FaultInjector(settings, stub(...sequence));
      return sequence.map(() => {
        faults.dropsFirstAttempt();
        return faults.duplicates();
      });
    };
    const alone = duplicatesUnder({ duplicate_rate: 0.5 });
    expect(alone).toEqual([true, false, true, false, true, false]);
    expect(duplicatesUnder({ duplicate_rate: 0.5, drop_first_attempt_rate: 0 })).toEqual(alone);
  });

  it('takes new settings as a copy: changing the object given afterwards changes nothing', () => {
    const random = stub(0.1);
    const faults = new FaultInjector({}, random);
    const settings: WebhookFaults = { duplicate_rate: 1 };
    faults.current = settings;
    settings.duplicate_rate = 0;
    expect(faults.current).toEqual({ duplicate_rate: 1 });
    expect(faults.duplicates()).toBe(true);
  });
});
