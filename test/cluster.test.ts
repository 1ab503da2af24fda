import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killNode, startNode, type ClusterNode } from './support/cluster-node.js';
import { freePort, startNginx, type RunningNginx } from './support/nginx.js';
import { StreamClient } from './support/stream-client.js';

// Three built-CLI processes behind Debian's nginx running the shipped deploy/nginx.conf
// (docs/cluster.md): every request for a sandbox must reach the one process that holds it.

async function status(url: string, init?: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
}

const names = Array.from({ length: 30 }, (_, i) => `cluster-${i}`);
let nodes: ClusterNode[] = [];
let nginx: RunningNginx;
let balancerPort: number;
/** The nodes' --data files live here, one each. */
let dataDir: string;
const dataOf = (node: string): string[] => ['--data', join(dataDir, `${node}.json`)];
/** Which node holds each sandbox, as the nodes themselves answer. */
const holder = new Map<string, ClusterNode>();
/** Each sandbox's first account's keys, as its creation answered them. */
const keys = new Map<string, { api_key: string; read_only_key: string | null }>();

/** The node that answered `GET /__sandbox/health` through nginx with these headers or query. */
async function healthNode(query = '', headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${nginx.url}/__sandbox/health${query}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { node: string }).node;
}

beforeAll(async () => {
  balancerPort = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-cluster-'));
  nodes = await Promise.all(['n1', 'n2', 'n3'].map((n) => startNode(n, balancerPort, dataOf(n))));
  nginx = await startNginx(
    nodes.map((n) => new URL(n.url).host),
    balancerPort,
  );
}, 15_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(nodes.map(killNode));
  await rm(dataDir, { recursive: true, force: true });
});

describe('a cluster of 3 sandbox processes behind nginx (deploy/nginx.conf)', () => {
  it('puts each of 30 sandboxes on one node, reached there by every request, none crossing, spread over all 3', async () => {
    for (const name of names) {
      const res = await fetch(`${nginx.url}/__sandbox/sandboxes/${name}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ scenario: 'ci' }),
      });
      expect(res.status, name).toBe(201);
      const created = (await res.json()) as {
        name: string;
        urls: { api: string };
        accounts: { api_key: string; read_only_key: string | null }[];
      };
      expect(created.name).toBe(name);
      keys.set(name, created.accounts[0]!);
      // The node saw the balancer's Host and answers URLs clients can use.
      expect(created.urls.api).toBe(`${nginx.url}/v1`);
    }
    for (const name of names) {
      // Asked directly, exactly one node has it.
      const direct = await Promise.all(
        nodes.map((n) => status(`${n.url}/__sandbox/sandboxes/${name}`)),
      );
      expect(
        direct.filter((s) => s === 200),
        `${name}: ${direct.join(',')}`,
      ).toHaveLength(1);
      expect(direct.filter((s) => s === 404)).toHaveLength(2);
      holder.set(name, nodes[direct.indexOf(200)]!);
      // Through the balancer, every request finds it.
      for (let i = 0; i < 3; i++)
        expect(await status(`${nginx.url}/__sandbox/sandboxes/${name}`), name).toBe(200);
    }
    // Each node's own list holds its sandboxes and no other's.
    for (const node of nodes) {
      const res = await fetch(`${node.url}/__sandbox/sandboxes?limit=100`);
      const listed = ((await res.json()) as { sandboxes: { name: string }[] }).sandboxes;
      const mine = names.filter((n) => holder.get(n) === node);
      expect(listed.map((s) => s.name).sort(), node.name).toEqual(mine.sort());
      expect(mine.length, `${node.name} holds none of the 30`).toBeGreaterThan(0);
    }
  });

  it('sends every request that names no sandbox to one fixed node (its default sandbox)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add(await healthNode());
    // The default sandbox's own key and the admin token's place name no sandbox either.
    seen.add(await healthNode('', { Authorization: 'Bearer sk_test_ci_acme' }));
    seen.add(await healthNode('?access_token=sk_test_ci_acme'));
    expect(seen.size).toBe(1);
  });

  it("keeps a client's connection open past nginx's default of 1 000 requests", async () => {
    // A test run keeps its connections: closing one under it resets a request already sent.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    try {
      for (let i = 0; i < 1_100; i++) {
        const code = await new Promise<number | undefined>((resolve, reject) => {
          const req = get(`${nginx.url}/__sandbox/health`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          });
          req.on('socket', (socket) => sockets.add(socket));
          req.on('error', reject);
        });
        expect(code).toBe(200);
      }
    } finally {
      agent.destroy();
    }
    expect(sockets.size).toBe(1);
  });

  it('routes by the key as well: Bearer (in any case) and ?access_token=, read-write and read-only', async () => {
    // /__sandbox/health names no sandbox in its path, so only the key can route it; it answers
    // the node it reached.
    for (const name of names) {
      const { api_key, read_only_key } = keys.get(name)!;
      const expected = holder.get(name)!.name;
      expect(await healthNode('', { Authorization: `Bearer ${api_key}` }), name).toBe(expected);
      expect(await healthNode('', { Authorization: `bearer  ${read_only_key}` }), name).toBe(
        expected,
      );
      expect(await healthNode(`?access_token=${read_only_key}`), name).toBe(expected);
    }
  });

  it('sends each sandbox’s /v1 requests, by its key alone, to its node (401 from any other)', async () => {
    for (const name of names) {
      const auth = { Authorization: `Bearer ${keys.get(name)!.api_key}` };
      const res = await fetch(`${nginx.url}/v1/orders`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          pickup: { address: '1 Market St' },
          dropoff: { address: '2 Castro St' },
        }),
      });
      expect(res.status, name).toBe(201);
      const order = `/v1/orders/${((await res.json()) as { order_id: string }).order_id}`;
      expect(await status(`${nginx.url}${order}`, { headers: auth }), name).toBe(200);
      for (const node of nodes)
        expect(await status(`${node.url}${order}`, { headers: auth }), name).toBe(
          node === holder.get(name) ? 200 : 401,
        );
    }
  });

  it('passes WebSocket streams through, each sandbox’s stream to its node', async () => {
    const ws = nginx.url.replace('http', 'ws');
    // A node without the sandbox refuses the upgrade (404 sandbox_not_found): each opens.
    for (const path of [
      '/__sandbox/stream',
      ...names.map((n) => `/__sandbox/sandboxes/${n}/stream`),
    ]) {
      const stream = await StreamClient.open(`${ws}${path}`);
      try {
        expect((await stream.next('hello')).data.scenario, path).toBe('ci');
      } finally {
        stream.ws.terminate();
      }
    }
  });

  it('loses only the killed node’s sandboxes, and with --data brings them back when it restarts', async () => {
    const victim = nodes[1]!;
    await killNode(victim);
    for (const name of names) {
      const through = await status(`${nginx.url}/__sandbox/sandboxes/${name}`);
      // The victim's names go on to the next node of the ring, which never had them.
      expect(through, name).toBe(holder.get(name) === victim ? 404 : 200);
    }
    // The same node again, on its address in the balancer's list, with its own data file.
    const port = new URL(victim.url).port;
    const back = await startNode(victim.name, balancerPort, [
      ...dataOf(victim.name),
      '--port',
      port,
    ]);
    nodes[1] = back;
    expect(back.url).toBe(victim.url);
    for (const name of names) {
      expect(await status(`${nginx.url}/__sandbox/sandboxes/${name}`), name).toBe(200);
      if (holder.get(name) === victim)
        expect(await status(`${back.url}/__sandbox/sandboxes/${name}`), name).toBe(200);
    }
  });

  it('answers JSON in the error shape when no node is reachable', async () => {
    await Promise.all(nodes.map(killNode));
    const res = await fetch(`${nginx.url}/__sandbox/sandboxes/${names[0]}`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { reason: string } }).error.reason).toBe(
      'node_unavailable',
    );
  });
});
