import { EventEmitter } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { whenClosed } from './when-closed.js';

describe('whenClosed', () => {
  it('runs each request’s hooks once, in order, answered or not', async () => {
    const ran: string[] = [];
    let done: () => void = () => undefined;
    const server = createServer((req, res) => {
      const name = req.url ?? '';
      for (const n of [1, 2, 3])
        whenClosed(res, () => {
          ran.push(`${name} ${n}`);
          if (ran.length === 6) done();
        });
      if (name === '/answered') res.end('ok');
      else res.destroy(); // the connection ends unanswered
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const all = new Promise<void>((r) => (done = r));
    expect(await (await fetch(`${url}/answered`)).text()).toBe('ok');
    await expect(fetch(`${url}/dropped`)).rejects.toThrow();
    await all;
    server.close();
    expect(ran.filter((r) => r.startsWith('/answered'))).toEqual([
      '/answered 1',
      '/answered 2',
      '/answered 3',
    ]);
    expect(ran.filter((r) => r.startsWith('/dropped'))).toEqual([
      '/dropped 1',
      '/dropped 2',
      '/dropped 3',
    ]);
  });

  it('runs them once, were close emitted again, and none added after the response closed', async () => {
    let ran = 0;
    let res!: ServerResponse;
    let closed: () => void = () => undefined;
    const server = createServer((_req, r) => {
      res = r;
      whenClosed(r, () => {
        ran++;
        closed();
      });
      r.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = new Promise<void>((r) => (closed = r));
    expect(await (await fetch(url)).text()).toBe('ok');
    await close;
    server.close();
    res.emit('close');
    whenClosed(res, () => ran++);
    res.emit('close');
    expect(ran).toBe(1);
  });

  it('runs a hook that one of them adds while they run, and none twice if one emits close', () => {
    const res = new EventEmitter() as ServerResponse;
    const ran: string[] = [];
    whenClosed(res, () => {
      ran.push('first');
      whenClosed(res, () => ran.push('added'));
      res.emit('close'); // and 'close' again, from a hook: nothing runs twice
    });
    res.emit('close');
    expect(ran).toEqual(['first', 'added']);
  });
});
