import type { IncomingMessage } from 'node:http';
import { fail } from '../errors/service-error.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * `fn` remembering its last answers: a client sends the same Host on every request, and these run
 * on every request. At most 256 entries, so random Host headers cannot grow it.
 */
function remembered<T>(fn: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= 256) answers.clear();
      answer = fn(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** `[::1]:80` → `{ name: '[::1]', port: '80' }`; `localhost` → `{ name: 'localhost' }`. */
const splitHost = remembered((host: string): { name: string; port?: string } => {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host);
  if (!m?.[1]) return { name: host };
  return m[2] === undefined ? { name: m[1] } : { name: m[1], port: m[2] };
});

/** An address as a Host header names it: IPv6 in brackets, IPv4-mapped IPv6 as IPv4. */
const asHostName = remembered((address: string): string => {
  const v4 = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return v4.includes(':') ? `[${v4.toLowerCase()}]` : v4.toLowerCase();
});

/**
 * The Host check, on every route: a Host header must name the sandbox — a loopback name, the
 * bound host, the address the connection arrived on, or an allowed host — so that a page on a
 * DNS-rebound name (`evil.example` resolving to 127.0.0.1) cannot read anything. Loopback names
 * and the bound host must carry the port the sandbox listens on, or none; an allowed host is
 * `name` (any port) or `name:port` (that one); `*` allows any Host.
 */
export function hostChecker(opts: {
  boundHost: string;
  allowedHosts: readonly string[];
}): (req: Pick<IncomingMessage, 'headers' | 'httpVersion' | 'socket'>) => void {
  const anyHost = opts.allowedHosts.includes('*');
  const ownNames = new Set([...LOOPBACK, asHostName(opts.boundHost)]);
  const anyPort = new Set<string>();
  const exact = new Set<string>();
  for (const entry of opts.allowedHosts.map((h) => h.toLowerCase())) {
    if (splitHost(entry).port === undefined) anyPort.add(entry);
    else exact.add(entry);
  }
  const check = (req: Pick<IncomingMessage, 'headers' | 'httpVersion' | 'socket'>): void => {
    const host = req.headers.host?.toLowerCase();
    if (host === undefined || host === '') {
      // HTTP/1.0 may omit it (and no browser does), HTTP/1.1 may not.
      if (req.httpVersion === '1.0') return;
      throw fail('missing_host');
    }
    if (anyHost || exact.has(host)) return;
    const { name, port } = splitHost(host);
    if (anyPort.has(name)) return;
    const own =
      ownNames.has(name) ||
      (req.socket.localAddress !== undefined && name === asHostName(req.socket.localAddress));
    if (own && (port === undefined || Number(port) === req.socket.localPort)) return;
    throw fail('host_not_allowed', { host: req.headers.host ?? '' });
  };
  // Per connection, the last Host accepted: the answer depends only on the header and the
  // connection's own address, and a client sends the same Host on every request (issue 24: the
  // check ran twice per read, on the fast path's decision and its step).
  const accepted = new WeakMap<object, string>();
  return (req) => {
    const raw = req.headers.host;
    const socket = req.socket as object | null;
    if (raw !== undefined && socket !== null && accepted.get(socket) === raw) return;
    check(req);
    if (raw !== undefined && socket !== null) accepted.set(socket, raw);
  };
}
