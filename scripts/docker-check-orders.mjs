// Orders for scripts/docker-check-engine.sh: acknowledged before `docker stop`, all there after
// `docker start`.
//   node scripts/docker-check-orders.mjs create <base url> <key> <count> <ids file>
//   node scripts/docker-check-orders.mjs check <base url> <key> <ids file>
// `create` writes the id of each order the API acknowledged (201), one a line; any other answer
// fails. `check` reads each back and fails unless every one answers 200 with its id.
/* global fetch, AbortSignal */
import console from 'node:console';
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';

const [mode, base, key, ...rest] = process.argv.slice(2);
const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

async function call(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

if (mode === 'create') {
  const [count, file] = rest;
  const ids = [];
  for (let i = 0; i < Number(count); i++) {
    const r = await call('POST', '/v1/orders', {
      pickup: { address: '1 Market St' },
      dropoff: { address: `${500 + i} Castro St` },
    });
    if (r.status !== 201 || !r.body?.order_id) {
      console.error(`POST /v1/orders answered ${r.status}: ${JSON.stringify(r.body)}`);
      process.exit(1);
    }
    ids.push(r.body.order_id);
  }
  writeFileSync(file, `${ids.join('\n')}\n`);
  console.log(ids.length);
} else if (mode === 'check') {
  const ids = readFileSync(rest[0], 'utf8').split('\n').filter(Boolean);
  const missing = [];
  for (const id of ids) {
    const r = await call('GET', `/v1/orders/${id}`);
    if (r.status !== 200 || r.body?.order_id !== id) missing.push(`${id} (${r.status})`);
  }
  if (missing.length) {
    console.error(
      `${missing.length} of ${ids.length} acknowledged orders lost: ${missing.join(', ')}`,
    );
    process.exit(1);
  }
  console.log(ids.length);
} else {
  console.error('usage: docker-check-orders.mjs create|check …');
  process.exit(2);
}
