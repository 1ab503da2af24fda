import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

/** An answer read off the wire: status, lower-cased headers, the body text and its JSON (if any). */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Splits one HTTP/1.1 answer (the first, when the server sent more) into its parts. */
export function parseAnswer(answer: string): RawReply {
  const split = answer.indexOf('\r\n\r\n');
  const head = split < 0 ? answer : answer.slice(0, split);
  const rest = split < 0 ? '' : answer.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = headers['content-length'];
  const text =
    headers['transfer-encoding'] === 'chunked'
      ? dechunk(rest)
      : length === undefined
        ? rest
        : rest.slice(0, Number(length));
  return { status: Number(statusLine.split(' ')[1]), headers, text, json: parseJson(text) };
}

/** The body of a chunked answer (streamed ones, e.g. the state export), its chunks joined. */
function dechunk(rest: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const eol = rest.indexOf('\r\n', at);
    if (eol < 0) return body;
    const size = parseInt(rest.slice(at, eol), 16);
    if (!(size > 0)) return body;
    // Sizes count bytes; the answer was read as UTF-8 text, so measure the chunk in bytes.
    const start = eol + 2;
    const chunk = Buffer.from(rest.slice(start), 'utf8').subarray(0, size).toString('utf8');
    body += chunk;
    at = start + chunk.length + 2;
  }
}

/**
 * Writes `bytes` on a fresh connection and resolves with everything the server sent once it closes
 * the connection, or once `waitMs` passed (for answers on a kept-alive connection). `end` half-closes
 * the socket after writing; leave it false to send headers only and keep the body "coming".
 */
export function rawExchange(
  port: number,
  bytes: string,
  opts: { end?: boolean; waitMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      if (opts.end ?? true) socket.end(bytes);
      else socket.write(bytes);
    });
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, opts.waitMs ?? 2000);
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      if (out) resolve(out);
      else reject(err);
    });
  });
}

/** `rawExchange`, parsed. */
export async function raw(
  port: number,
  bytes: string,
  opts: { end?: boolean; waitMs?: number } = {},
): Promise<RawReply> {
  return parseAnswer(await rawExchange(port, bytes, opts));
}

/**
 * A request through node:http, which (unlike fetch) sends any `Host` and `Origin` the test names.
 * Not contract-checked: the answers it is for (foreign hosts, cross-site requests) happen on every
 * route and are documented once, in docs/security.md.
 */
export function send(
  port: number,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: opts.headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, text, json: parseJson(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The sandbox's JSON error shape, as a matcher. */
export function isErrorShape(json: any): boolean {
  const e = json?.error;
  return (
    e !== undefined &&
    typeof e.code === 'string' &&
    typeof e.message === 'string' &&
    (e.param === null || typeof e.param === 'string') &&
    (e.reason === null || typeof e.reason === 'string') &&
    Array.isArray(e.details) &&
    typeof e.request_id === 'string' &&
    e.request_id.startsWith('req_')
  );
}
