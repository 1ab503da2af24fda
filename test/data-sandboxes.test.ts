import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killLaunched, launchWithData } from './support/cli-process.js';
import { contractFetch } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

afterEach(killLaunched);

const json = (body: unknown): RequestInit => ({
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** What a restart must keep of a sandbox: all but nothing (its urls name the new port). */
const kept = (s: Record<string, unknown>) => {
  const rest = { ...s };
  delete rest.urls;
  return rest;
};

describe('named sandboxes with --data, through the built CLI', () => {
  it('come back after a stop and after a kill with their keys, scenario, clock and ttl; DELETE removes their files', async () => {
    const data = join(tempDir('sandbox-keep-cli-'), 'state.json');
    const first = await launchWithData(data);
    const a = await contractFetch(`${first.url}/__sandbox/sandboxes/keep-a`, json({ ttl: '2h' }));
    expect(a.status).toBe(201);
    const b = await contractFetch(
      `${first.url}/__sandbox/sandboxes/keep-b`,
      json({ scenario: 'two-accounts', seed: 'kept', clock: { start: '2026-03-01T08:00:00Z' } }),
    );
    expect(b.status).toBe(201);
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');

    const second = await launchWithData(data);
    const list = await contractFetch(`${second.url}/__sandbox/sandboxes`);
    expect(list.body.sandboxes.map(kept)).toEqual([kept(a.body), kept(b.body)]);
    const oneKey = a.body.accounts[0].api_key as string;
    expect(oneKey).toMatch(/^sk_test_sb-keep-a_/);

    // A kill (no stop at all) loses no sandbox whose PUT was answered.
    const c = await contractFetch(`${second.url}/__sandbox/sandboxes/keep-c`, json({}));
    expect(c.status).toBe(201);
    second.child.kill('SIGKILL');
    await once(second.child, 'exit');

    const third = await launchWithData(data);
    const names = await contractFetch(`${third.url}/__sandbox/sandboxes`);
    expect(names.body.sandboxes.map((s: { name: string }) => s.name)).toEqual([
      'keep-a',
      'keep-b',
      'keep-c',
    ]);
    expect(kept((await contractFetch(`${third.url}/__sandbox/sandboxes/keep-b`)).body)).toEqual({
      ...kept(b.body),
      expires_at: expect.any(String),
    });
    const gone = await contractFetch(`${third.url}/__sandbox/sandboxes/keep-a`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    expect(readdirSync(`${data}.sandboxes`).filter((f) => f.startsWith('keep-a'))).toEqual([]);
    expect(readdirSync(`${data}.sandboxes`).some((f) => f.startsWith('keep-b.1.json'))).toBe(true);
  });
});
