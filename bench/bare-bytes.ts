/**
 * The limit of bench/api-throughput.ts: a bare `node:http` server answering each request with
 * bytes serialised before the run, picked by method and path (the query ignored). Reads any body
 * first, as a server must. Argument: a JSON list of `{ method, path, status, body }` (`path` ending
 * in `*` matches by prefix). Prints its URL, then serves until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Canned {
  method: string;
  path: string;
  status: number;
  body: string;
}

const canned = JSON.parse(process.argv[2] ?? '[]') as Canned[];
const answers = canned.map((c) => ({
  ...c,
  prefix: c.path.endsWith('*') ? c.path.slice(0, -1) : undefined,
  bytes: Buffer.from(c.body),
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(c.body),
  },
}));

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const a = answers.find(
    (c) => c.method === req.method && (c.prefix ? path.startsWith(c.prefix) : c.path === path),
  );
  req.resume();
  req.on('end', () => {
    if (!a) res.writeHead(404).end();
    else res.writeHead(a.status, a.headers).end(a.bytes);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
