// A webhook receiver on the host for scripts/docker-check-engine.sh: the container reaches it as
// http://host.docker.internal:<port>/… (--add-host=host.docker.internal:host-gateway).
//   node scripts/docker-check-receiver.mjs <address> <secret> <deliveries.jsonl>
// Listens on <address> (the address host-gateway names) on a free port and prints the port. Each
// POST is verified here with node:crypto, independently of the sandbox's own signing code: one
// JSON line per delivery, { event, path, verified }, answered 200 when verified, 400 otherwise.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import process from 'node:process';

const [address, secret, out] = process.argv.slice(2);
if (!address || !secret || !out) {
  console.error('usage: docker-check-receiver.mjs <address> <secret> <deliveries.jsonl>');
  process.exit(2);
}

function verified(body, header) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const ok =
      req.method === 'POST' && verified(Buffer.concat(chunks), req.headers['x-service-signature']);
    const event = String(req.headers['x-service-event'] ?? '');
    appendFileSync(out, `${JSON.stringify({ event, path: req.url, verified: ok })}\n`);
    res.writeHead(ok ? 200 : 400).end();
  });
});
server.listen(0, address, () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
