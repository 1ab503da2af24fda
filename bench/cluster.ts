/**
 * Aggregate throughput of many sandboxes through nginx (the shipped deploy/nginx.conf): 3 sandbox
 * processes behind it against 1, in alternating rounds on the same machine, and 1 process asked
 * directly. Prints one JSON line (req/s per round). `npx tsx bench/cluster.ts [--seconds N]`;
 * needs `npm run build` and Debian's nginx.
 */
import autocannon from 'autocannon';
import { cpus } from 'node:os';
import { killNode, startNode, type ClusterNode } from '../test/support/cluster-node.js';
import { freePort, startNginx, type RunningNginx } from '../test/support/nginx.js';

const secondsIndex = process.argv.indexOf('--seconds');
const SECONDS = secondsIndex > 0 ? Number(process.argv[secondsIndex + 1]) : 5;
const ROUNDS = 3;
const CONNECTIONS = 50;
const SANDBOXES = 60;

interface Cluster {
  nodes: ClusterNode[];
  nginx: RunningNginx;
  /** One request per sandbox, each with that sandbox's key. */
  requests: { method: 'GET'; path: string; headers: Record<string, string> }[];
}

/** `count` nodes behind nginx (as many workers as cores), with SANDBOXES sandboxes made through it. */
async function cluster(count: number, tag: string): Promise<Cluster> {
  const port = await freePort();
  const nodes = await Promise.all(
    Array.from({ length: count }, (_, i) => startNode(`${tag}${i + 1}`, port)),
  );
  const nginx = await startNginx(
    nodes.map((n) => new URL(n.url).host),
    port,
    'auto',
  );
  const requests: Cluster['requests'] = [];
  for (let i = 0; i < SANDBOXES; i++) {
    const name = `bench-${i}`;
    const res = await fetch(`${nginx.url}/__sandbox/sandboxes/${name}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenario: 'ci' }),
    });
    if (res.status !== 201) throw new Error(`PUT ${name}: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as { accounts: { api_key: string }[] };
    requests.push({
      method: 'GET',
      path: `/__sandbox/sandboxes/${name}`,
      headers: { Authorization: `Bearer ${created.accounts[0]!.api_key}` },
    });
  }
  return { nodes, nginx, requests };
}

/** Requests per second over SECONDS, cycling over every sandbox; non-2xx answers fail the run. */
async function rate(url: string, requests: Cluster['requests']): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors from ${url}`);
  return result.requests.average;
}

const one = await cluster(1, 'one');
const three = await cluster(3, 'three');
const rounds: { one: number; three: number; direct: number }[] = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push({
      one: await rate(one.nginx.url, one.requests),
      three: await rate(three.nginx.url, three.requests),
      direct: await rate(one.nodes[0]!.url, one.requests),
    });
  }
} finally {
  for (const c of [one, three]) {
    await c.nginx.stop();
    await Promise.all(c.nodes.map(killNode));
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  JSON.stringify({
    cores: cpus().length,
    sandboxes: SANDBOXES,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds,
    one: median(rounds.map((x) => x.one)),
    three: median(rounds.map((x) => x.three)),
    direct: median(rounds.map((x) => x.direct)),
    ratio: median(rounds.map((x) => x.three / x.one)),
  }),
);
