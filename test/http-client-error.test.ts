import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

/** Sends raw bytes and returns the raw answer (these requests never reach the router). */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; body: any } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('requests Node rejects before routing', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('answers oversized headers with a JSON 431', async () => {
    const answer = await raw(
      t.sandbox.port,
      `GET /v1/orders HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, body } = parse(answer);
    expect(status).toBe(431);
    expect(body.error).toMatchObject({
      code: 'invalid_request',
      reason: 'headers_too_large',
      details: [],
    });
    expect(body.error.request_id).toMatch(/^req_/);
  });

  it('answers bytes that are not HTTP with a JSON 400, and keeps serving', async () => {
    const { status, body } = parse(await raw(t.sandbox.port, 'HELLO THERE\r\n\r\n'));
    expect(status).toBe(400);
    expect(body.error.reason).toBe('malformed_http');
    expect((await t.get('/__sandbox/health')).status).toBe(200);
  });
});
