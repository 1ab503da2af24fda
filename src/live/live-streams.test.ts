import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../sandbox/config.js';
import { SandboxHost } from '../sandbox/sandbox-host.js';
import { SandboxRegistry } from '../sandbox/sandbox-registry.js';
import { streamHosts } from '../sandbox/stream-hosts.js';
import { LiveStreams } from './live-streams.js';

/** A server's sandboxes and their streams, without HTTP: the in-process readers are clients too. */
async function open(): Promise<{
  registry: SandboxRegistry;
  streams: LiveStreams;
  pass: (ms: number) => void;
}> {
  let now = Date.UTC(2026, 0, 1);
  const config = resolveConfig({ scenario: 'ci', streams: { intervalMs: 10 } });
  const registry = new SandboxRegistry(config, await SandboxHost.open(config), () => now);
  const streams = new LiveStreams({
    hosts: streamHosts(registry),
    adminToken: undefined,
    corsOrigins: [],
    limits: config.streams,
    checkHost: () => undefined,
    answer: () => undefined,
  });
  opened.push({ registry, streams });
  return { registry, streams, pass: (ms) => void (now += ms) };
}

const opened: { registry: SandboxRegistry; streams: LiveStreams }[] = [];

afterEach(async () => {
  for (const { registry, streams } of opened.splice(0)) {
    await streams.close();
    await registry.close();
    await registry.defaultHost.close();
  }
});

/** The listeners on a host's world: what stream state would hold on to. */
const listeners = (host: SandboxHost): number => host.current.bus.size + host.current.activity.size;

describe('LiveStreams: per-sandbox state', () => {
  it('holds no state for sandboxes without a client: made on the first, freed on the last', async () => {
    const { registry, streams } = await open();
    const hosts: SandboxHost[] = [];
    for (let i = 0; i < 50; i++) hosts.push((await registry.open(`idle-${i}`, {})).host);
    expect(streams.sandboxesStreamed).toBe(0);
    const [first, second] = hosts as [SandboxHost, SandboxHost];
    const bare = listeners(first);

    const reader = streams.stream(first);
    expect((await reader.next()).value).toMatchObject({ type: 'hello' });
    expect(streams.sandboxesStreamed).toBe(1);
    expect(listeners(first)).toBeGreaterThan(bare);
    const other = streams.stream(second);
    expect(streams.sandboxesStreamed).toBe(2);

    await reader.return?.();
    expect(streams.sandboxesStreamed).toBe(1);
    expect(listeners(first)).toBe(bare); // nothing of the stream is left on its world
    await other.return?.();
    expect(streams.sandboxesStreamed).toBe(0);
  });

  it("frees a sandbox's state and ends its readers when it is deleted or expires", async () => {
    const { registry, streams, pass } = await open();
    const deleted = (await registry.open('deleted', {})).host;
    const expiring = (await registry.open('expiring', { ttl: '1m' })).host;
    const a = streams.stream(deleted);
    const b = streams.stream(expiring);
    expect(streams.sandboxesStreamed).toBe(2);

    await registry.delete('deleted');
    expect(streams.sandboxesStreamed).toBe(1);
    const drain = async (it: AsyncIterableIterator<unknown>): Promise<number> => {
      let n = 0;
      while (!(await it.next()).done) n++;
      return n;
    };
    expect(await drain(a)).toBeGreaterThan(0); // hello and the snapshot, then the end
    pass(60_000);
    await registry.sweep();
    expect(streams.sandboxesStreamed).toBe(0);
    expect(await drain(b)).toBeGreaterThan(0);
    // A gone sandbox's host gets no new state: its reader ends at once.
    expect(await drain(streams.stream(deleted))).toBe(0);
    expect(streams.sandboxesStreamed).toBe(0);
  });
});
