/**
 * Aggregate throughput of many sandboxes through nginx (the shipped deploy/nginx.conf): 3 sandbox
 * processes behind it against 1, in alternating rounds on the same machine, and 1 process asked
 * directly. Prints one JSON line (req/s per round). `npx tsx bench/cluster.ts [--seconds N]`;
 * needs `npm run build` and Debian's nginx.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
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
  /** One request per sandbox: `GET /v1/orders/{id}` of an order of its own, with its key. */
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
    const auth = { Authorization: `Bearer ${created.accounts[0]!.api_key}` };
    const order = await fetch(`${nginx.url}/v1/orders`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    if (order.status !== 201) throw new Error(`POST /v1/orders in ${name}: ${order.status}`);
    const { order_id } = (await order.json()) as { order_id: string };
    requests.push({ method: 'GET', path: `/v1/orders/${order_id}`, headers: auth });
  }
  return { nodes, nginx, requests };
}

/** CPU time (user + system, ms) used so far by these processes, from /proc (clock ticks of 10 ms). */
function cpuMs(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    sum += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return sum;
}

/** nginx's worker processes: the master's children. */
const workers = (nginx: RunningNginx): number[] =>
  readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);

interface Rate {
  rps: number;
  /** CPU of the sandbox processes, and of nginx, per request (µs). */
  nodeUs: number;
  nginxUs: number;
}

/**
 * Requests per second over SECONDS, cycling over every sandbox, with the CPU the sandbox
 * processes and nginx spent per request; non-2xx answers fail the run.
 */
async function rate(c: Cluster, direct = false): Promise<Rate> {
  const nodePids = c.nodes.map((n) => n.child.pid!);
  const nginxPids = workers(c.nginx);
  const before = { nodes: cpuMs(nodePids), nginx: cpuMs(nginxPids) };
  const url = direct ? c.nodes[0]!.url : c.nginx.url;
  const requests = c.requests;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors from ${url}`);
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    nodeUs: ((cpuMs(nodePids) - before.nodes) * 1000) / total,
    nginxUs: ((cpuMs(nginxPids) - before.nginx) * 1000) / total,
  };
}

const one = await cluster(1, 'one');
const three = await cluster(3, 'three');
const rounds: { one: Rate; three: Rate; direct: Rate }[] = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push({
      one: await rate(one),
      three: await rate(three),
      direct: await rate(one, true),
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
    one: median(rounds.map((x) => x.one.rps)),
    three: median(rounds.map((x) => x.three.rps)),
    direct: median(rounds.map((x) => x.direct.rps)),
    ratio: median(rounds.map((x) => x.three.rps / x.one.rps)),
    node_us_one: median(rounds.map((x) => x.one.nodeUs)),
    node_us_three: median(rounds.map((x) => x.three.nodeUs)),
    nginx_us: median(rounds.flatMap((x) => [x.one.nginxUs, x.three.nginxUs])),
  }),
);
