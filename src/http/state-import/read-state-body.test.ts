import express from 'express';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../errors/service-error.js';
import { importWorkersStarted, liveImportWorkers, stateBodyReader } from './read-state-body.js';

/** A server with only the reader, on port 0, answering the reason it fails with. */
async function serve(timeoutMs: number): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.put('/state', stateBodyReader({ timeoutMs }), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(((err, _req, res, _next) => {
    const e = err as ServiceError;
    res.status(e instanceof ServiceError ? e.status : 500).json({ reason: e.reason });
  }) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/state`, close: () => server.close() };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('stateBodyReader', () => {
  it('answers import_timed_out when the state is not back in time, and ends its worker', async () => {
    // A worker kept from an earlier import (as here) answers `{}` within the 0 ms time-out's first
    // turn: the body below takes it a while to parse and validate.
    const warm = await serve(60_000);
    await fetch(warm.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    warm.close();
    const server = await serve(0);
    close = server.close;
    const res = await fetch(server.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: `{"orders":[${'{},'.repeat(300_000)}{}]}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ reason: 'import_timed_out' });
    await expect.poll(liveImportWorkers).toBe(0);
  });

  it('ends its worker when the client leaves while the state is read', async () => {
    const server = await serve(60_000);
    close = server.close;
    const req = request(server.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Content-Length': 1000 },
    });
    req.on('error', () => undefined);
    req.write('{"orders": [');
    await expect.poll(liveImportWorkers).toBe(1);
    req.destroy();
    await expect.poll(liveImportWorkers).toBe(0);
  });

  it('keeps its worker for the next import after a clean end (malformed, invalid, imported), not after a refusal mid-body', async () => {
    const server = await serve(60_000);
    close = server.close;
    const put = async (body: string): Promise<unknown> => {
      const res = await fetch(server.url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      return res.json();
    };
    // `{}` is no state: refused once parsed and validated (details, no one reason), the worker at rest.
    const INVALID = { reason: null };
    expect(await put('{}')).toEqual(INVALID); // may start a worker
    const started = importWorkersStarted();
    expect(await put('{}')).toEqual(INVALID);
    expect(await put('{"orders": [')).toEqual({ reason: 'malformed_json' });
    expect(await put('{}')).toEqual(INVALID);
    expect(importWorkersStarted()).toBe(started);
    expect(liveImportWorkers()).toBe(0);
    // Too deep: refused while the body still streams in, so that worker is ended, not kept.
    expect(await put('['.repeat(200_000))).toEqual({ reason: 'json_too_deep' });
    await expect.poll(liveImportWorkers).toBe(0);
    expect(await put('{}')).toEqual(INVALID);
    expect(importWorkersStarted()).toBe(started + 1);
  });
});
