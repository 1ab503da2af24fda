import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { TestSandbox } from './test-sandbox.js';

/** Replaces the sandbox's API fault rules (`[]`: none). */
export async function setApiFaults(t: TestSandbox, api: unknown[]): Promise<void> {
  expect((await t.request('PUT', '/__sandbox/faults', { body: { api } })).status).toBe(200);
}

/**
 * One `ci` sandbox for a file of report cases (`started` hands it over): each case starts with no
 * API fault and an empty report, so what it finds is the case's own doing.
 */
export function useReportSandbox(started: (t: TestSandbox) => void): void {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
    started(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setApiFaults(t, []);
    expect((await t.post('/__sandbox/report/reset')).status).toBe(200);
  });
}
