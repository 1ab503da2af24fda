/**
 * The request log's levels (docs/cli.md, "Logs"): what a client of the API did, every write and
 * every refusal at `info`; health checks, the dashboard and its polling at `debug`.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

describe('the request log', () => {
  const lines: { level: number; msg: string }[] = [];
  let t: TestSandbox;
  beforeAll(async () => {
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    t = await TestSandbox.start({ logger });
  });
  afterAll(() => t.close());

  const levelOf = async (method: string, path: string, status: number): Promise<string> => {
    const msg = `${method} ${path} ${status}`;
    await vi.waitFor(() => expect(lines.map((l) => l.msg)).toContain(msg));
    return pino.levels.labels[lines.find((l) => l.msg === msg)!.level]!;
  };

  it('logs health checks, the dashboard, its polling and the documents at debug', async () => {
    await t.get('/__sandbox/health');
    await fetch(`${t.url}/`);
    await t.get('/__sandbox/orders');
    await t.get('/__sandbox/requests');
    await t.get('/openapi.json');
    expect(await levelOf('GET', '/__sandbox/health', 200)).toBe('debug');
    expect(await levelOf('GET', '/', 200)).toBe('debug');
    expect(await levelOf('GET', '/__sandbox/orders', 200)).toBe('debug');
    expect(await levelOf('GET', '/__sandbox/requests', 200)).toBe('debug');
    expect(await levelOf('GET', '/openapi.json', 200)).toBe('debug');
  });

  it('logs every /v1 request, every write and every refusal at info', async () => {
    const order = await t.createOrder();
    await t.get(`/v1/orders/${order.order_id}`);
    await t.post(`/__sandbox/orders/${order.order_id}/advance`);
    await t.get('/__sandbox/orders/ord_nope');
    expect(await levelOf('POST', '/v1/orders', 201)).toBe('info');
    expect(await levelOf('GET', `/v1/orders/${order.order_id}`, 200)).toBe('info');
    expect(await levelOf('POST', `/__sandbox/orders/${order.order_id}/advance`, 200)).toBe('info');
    expect(await levelOf('GET', '/__sandbox/orders/ord_nope', 404)).toBe('info');
  });

  it('at the default info level, keeps the /v1 lines and leaves the polling out', async () => {
    const infoLines: { msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void infoLines.push(JSON.parse(line)) },
    );
    const quiet = await TestSandbox.start({ logger });
    try {
      await quiet.get('/__sandbox/health');
      await quiet.createOrder();
      await vi.waitFor(() => expect(infoLines.map((l) => l.msg)).toContain('POST /v1/orders 201'));
      expect(infoLines.map((l) => l.msg)).not.toContain('GET /__sandbox/health 200');
    } finally {
      await quiet.close();
    }
  });
});
