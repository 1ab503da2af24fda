/**
 * docs/webhooks.md quotes the delivery log's failure messages: each quote is compared with what a
 * real delivery attempt logs, the example's host put in place of the test's.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../src/webhooks/send.js';

const doc = readFileSync('docs/webhooks.md', 'utf8').replace(/\s*\n\s*/g, ' ');

/** The backquoted messages of the doc's "Success, failure and retries" list. */
const quoted = (message: string): boolean => doc.includes(`\`${message}\``);

describe('docs/webhooks.md, the failure messages', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const attempt = async (url: string): Promise<string> => {
    const { error } = await send(url, { 'Content-Type': 'application/json' }, '{}', 5000);
    return (error ?? '').replaceAll(`127.0.0.1:${port}`, 'localhost:3000');
  };

  it('quotes the message of an https:// URL whose port answers plain HTTP', async () => {
    const message = await attempt(`https://127.0.0.1:${port}/webhooks`);
    expect(message).toBe(
      'the endpoint answered plain HTTP to a TLS request; use http://localhost:3000/webhooks',
    );
    expect(quoted(message)).toBe(true);
  });

  it('quotes the message of an unknown host', async () => {
    const message = await attempt('http://receiver.invalid/webhooks');
    expect(quoted(message), message).toBe(true);
  });

  it('quotes the message of a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const message = (await send(`http://127.0.0.1:${free}/webhooks`, {}, '{}', 5000)).error ?? '';
    expect(quoted(message.replace(`127.0.0.1:${free}`, 'localhost:3000')), message).toBe(true);
  });
});
