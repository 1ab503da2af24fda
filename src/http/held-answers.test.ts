import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, Socket, type AddressInfo } from 'node:net';
import { setImmediate as nextPass } from 'node:timers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HELD_AT_MOST,
  HeldAnswers,
  PROBE_EVERY,
  QUIET_PASSES,
  sendHeldAnswers,
} from './held-answers.js';
import { createHttpServer } from './http-server.js';

/** A server whose answers are held as the sandbox's are (src/http/http-server.ts). */
async function heldServer(app: RequestListener): Promise<{ server: Server; port: number }> {
  const held = new HeldAnswers();
  const server = createServer((req, res) => {
    held.hold();
    app(req, res);
  });
  server.on('connection', (socket: Socket) => held.adopt(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Sends `raw` on a new connection and reads until the server closes it or `until` is seen. */
function exchange(port: number, raw: string, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (until(text)) socket.destroy();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** The bodies of the answers in `text`, in order (each read by its Content-Length). */
function bodies(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n\r\n', at);
    const length = Number(/content-length: (\d+)/i.exec(text.slice(at, end))?.[1]);
    out.push(text.slice(end + 4, end + 4 + length));
    at = end + 4 + length;
  }
  return out;
}

let servers: Server[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const s of servers) s.close();
  servers = [];
});

describe('HeldAnswers', () => {
  it('keeps an answer in its connection until the end of the pass, then sends it', async () => {
    const seen: number[] = [];
    const { server, port } = await heldServer((_req, res) => {
      res.end('held');
      const socket = res.socket!;
      seen.push(socket.writableLength); // written by res.end, not yet sent
      // An immediate queued now runs after the pass's end, which `hold` queued first.
      nextPass(() => seen.push(socket.writableLength));
    });
    servers.push(server);
    const text = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', (t) =>
      t.endsWith('held'),
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nheld$/);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[1]).toBe(0);
  });

  it('sends pipelined answers whole and in order, and a closing answer before the close', async () => {
    const { server, port } = await heldServer((req, res) => {
      const n = req.url!.slice(1);
      if (n === 'later')
        setTimeout(() => res.end('later'), 5); // answered in a later pass
      else res.end(n);
    });
    servers.push(server);
    const requests = ['1', '2', 'later', '3']
      .map((n) => `GET /${n} HTTP/1.1\r\nHost: x\r\n\r\n`)
      .join('');
    const text = await exchange(
      port,
      `${requests}GET /4 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      () => false, // read until the server closes the connection
    );
    expect(bodies(text)).toEqual(['1', '2', 'later', '3', '4']);
    expect(text).toMatch(/Connection: close\r\n[\s\S]*\r\n\r\n4$/);
  });

  it(`holds ${HELD_AT_MOST} answers at most: the next request sends those waiting`, async () => {
    const held = new HeldAnswers();
    const sockets = Array.from({ length: HELD_AT_MOST + 3 }, () => new Socket());
    for (const socket of sockets) {
      held.adopt(socket);
      held.hold(); // a request on it...
      socket.cork(); // ...answered: res.end corks, writes and uncorks
      socket.uncork();
    }
    const corked = () => sockets.map((s) => s.writableCorked);
    expect(corked()).toEqual([
      ...Array<number>(HELD_AT_MOST).fill(0), // sent when request HELD_AT_MOST + 1 came
      ...Array<number>(3).fill(1), // still waiting for the end of the pass
    ]);
    await new Promise((r) => nextPass(r));
    expect(corked().every((c) => c === 0)).toBe(true);
    for (const socket of sockets) socket.destroy();
  });

  it('stops holding while requests come one at a time, and finds a load again', async () => {
    const held = new HeldAnswers();
    const sockets = Array.from({ length: 3 }, () => new Socket());
    for (const socket of sockets) held.adopt(socket);
    const pass = () => new Promise((r) => nextPass(r));
    /** A request on `socket` answered (as `res.end` writes): whether its answer waits. */
    const answer = (socket: Socket): boolean => {
      held.hold();
      socket.cork();
      socket.uncork();
      return socket.writableCorked === 1;
    };
    for (let i = 0; i < QUIET_PASSES; i++) {
      expect(answer(sockets[0]!)).toBe(true); // held: one answer in its pass
      await pass();
    }
    for (let i = 1; i < PROBE_EVERY; i++) {
      expect(answer(sockets[0]!)).toBe(false); // quiet: sent as written
      await pass();
    }
    // The probe: this request holds its pass, and two more answers come in it.
    expect([answer(sockets[0]!), answer(sockets[1]!), answer(sockets[2]!)]).toEqual([
      true,
      true,
      true,
    ]);
    await pass();
    expect(sockets.map((s) => s.writableCorked)).toEqual([0, 0, 0]);
    expect(answer(sockets[0]!)).toBe(true); // held again from the next request on
    await pass();
    for (const socket of sockets) socket.destroy();
  });

  it('holds requests that come one at a time only until the passes are quiet (real answers)', async () => {
    const heldFlags: boolean[] = [];
    const { server, port } = await heldServer((_req, res) => {
      res.end('x');
      heldFlags.push(res.socket!.writableLength > 0);
    });
    servers.push(server);
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    await new Promise((r) => socket.once('connect', r));
    const n = QUIET_PASSES + PROBE_EVERY + 2;
    for (let i = 0; i < n; i++) {
      const answered = new Promise((r) => socket.once('data', r));
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await answered; // one request at a time: each alone in its pass
    }
    socket.destroy();
    const expected = Array.from(
      { length: n },
      (_, i) => i < QUIET_PASSES || i === QUIET_PASSES + PROBE_EVERY - 1,
    );
    expect(heldFlags).toEqual(expected);
  });

  it('sends what it holds before the server closes connections, or a fault drops one', async () => {
    const limits = { maxConnections: 10, headersTimeoutMs: 5000, requestTimeoutMs: 5000 };
    const server: Server = createHttpServer(
      (req, res) => {
        res.end(req.url); // held until the end of the pass...
        if (req.url === '/dropped') {
          sendHeldAnswers(); // ...sent first, as a fault that drops a connection does
          req.socket.destroy();
        } else if (req.url === '/all') process.nextTick(() => server.closeAllConnections());
        else process.nextTick(() => server.close()); // Node's close destroys idle connections
      },
      limits,
      () => 'req_x',
      (_req, socket) => socket.destroy(),
    );
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (path: string) =>
      exchange(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`, () => false);
    expect(await get('/dropped')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\/dropped$/);
    expect(await get('/all')).toMatch(/\r\n\r\n\/all$/);
    expect(await get('/closed')).toMatch(/\r\n\r\n\/closed$/);
  });

  it('does not wait on timers a test fakes after it loaded', async () => {
    const { server, port } = await heldServer((_req, res) => res.end('ok'));
    servers.push(server);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'setInterval'] });
    const text = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', (t) => t.endsWith('ok'));
    expect(text).toMatch(/\r\n\r\nok$/);
  });
});
