import { describe, expect, it } from 'vitest';
import { attemptOutcome, isAccepted, type RetrySettings } from './retry-policy.js';

const T = Date.parse('2026-01-01T12:00:00.000Z');
const SCHEDULE = [5_000, 300_000, 1_800_000];
const strict: RetrySettings = { accept: '200', retry_schedule: SCHEDULE };
const lenient: RetrySettings = { accept: '2xx', retry_schedule: SCHEDULE };
const ok = { status: 200, error: null };

describe('isAccepted', () => {
  it.each([
    [200, '200', true],
    [201, '200', false],
    [204, '200', false],
    [200, '2xx', true],
    [204, '2xx', true],
    [299, '2xx', true],
    [199, '2xx', false],
    [300, '2xx', false],
    [500, '2xx', false],
    [null, '200', false],
    [null, '2xx', false],
  ] as const)('status %s under accept %s is accepted: %s', (status, accept, accepted) => {
    expect(isAccepted(status, accept)).toBe(accepted);
  });
});

describe('attemptOutcome', () => {
  it.each([
    ['200 under 200', ok, strict],
    ['204 under 2xx', { status: 204, error: null }, lenient],
  ])('an accepted answer (%s) succeeds, with no retry and no error', (_, answer, settings) => {
    expect(attemptOutcome(1, T, answer, settings, false)).toEqual({
      status: 'succeeded',
      nextAt: null,
      error: null,
    });
  });

  it.each([
    [{ status: 500, error: null }, strict, 'answered 500; the service expects 200'],
    [{ status: 201, error: null }, strict, 'answered 201; the service expects 200'],
    [{ status: 404, error: null }, lenient, 'answered 404; the service expects a 2xx status'],
    [
      { status: null, error: 'connection refused by a.test (is the receiver running?)' },
      strict,
      'connection refused by a.test (is the receiver running?)',
    ],
    [
      { status: null, error: 'no answer within 10 s (timed out)' },
      lenient,
      'no answer within 10 s (timed out)',
    ],
    [
      { status: 200, error: 'the receiver closed the connection mid-answer after 200' },
      strict,
      'the receiver closed the connection mid-answer after 200',
    ],
  ])('a rejected answer %j is retried, with the error in words', (answer, settings, error) => {
    expect(attemptOutcome(1, T, answer, settings, false)).toEqual({
      status: 'retrying',
      nextAt: T + 5_000,
      error,
    });
  });

  it.each([
    [1, T + 5_000],
    [2, T + 300_000],
    [3, T + 1_800_000],
  ])('attempt %i is retried at attemptedAt + schedule[n-1] (%i)', (attempt, nextAt) => {
    const outcome = attemptOutcome(attempt, T, { status: 503, error: null }, strict, false);
    expect(outcome).toMatchObject({ status: 'retrying', nextAt });
  });

  it('fails, with no next attempt, once the schedule has run out', () => {
    const last = attemptOutcome(
      SCHEDULE.length + 1,
      T,
      { status: 500, error: null },
      strict,
      false,
    );
    expect(last).toEqual({
      status: 'failed',
      nextAt: null,
      error: 'answered 500; the service expects 200',
    });
  });

  it('fails at once with an empty schedule', () => {
    const settings: RetrySettings = { accept: '200', retry_schedule: [] };
    expect(attemptOutcome(1, T, { status: 500, error: null }, settings, false)).toMatchObject({
      status: 'failed',
      nextAt: null,
    });
  });

  it.each([
    [{ status: 500, error: null }, 'failed'],
    [{ status: null, error: 'host not found: a.test' }, 'failed'],
    [ok, 'succeeded'],
  ] as const)('a manual attempt answered %j is never retried: %s', (answer, status) => {
    expect(attemptOutcome(1, T, answer, strict, true)).toMatchObject({ status, nextAt: null });
  });

  it('still succeeds on an attempt past the end of the schedule', () => {
    expect(attemptOutcome(9, T, ok, strict, false).status).toBe('succeeded');
  });
});
