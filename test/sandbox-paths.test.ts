import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestSandbox } from './support/test-sandbox.js';

// The named sandboxes' control routes (`/__sandbox/sandboxes/{name}/…`) are paths of
// openapi/sandbox.yaml, generated from the others by scripts/generate-sandbox-paths.mjs: the
// document is fresh, every control path has its twin, and the server answers every twin it
// lists (none is a route it does not know) and none for a sandbox that does not exist.

type Operation = { operationId: string; responses: Record<string, unknown> };
type PathItem = Record<string, unknown> & { parameters?: unknown[] };
interface Document {
  paths: Record<string, PathItem>;
  'x-sandbox-routes': { prefix: string; replaces: string; except: string[] };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const NAME = { $ref: '#/components/parameters/SandboxName' };
/** The answers of a request no route served: what a documented-but-unserved path gets. */
const ROUTE_LEVEL = ['route_not_found', 'method_not_allowed'];

const methodsOf = (item: PathItem): string[] =>
  Object.keys(item).filter((k) => METHODS.includes(k));

/**
 * What the document gets wrong about the named sandboxes' paths: a control path without its
 * prefixed twin, a twin without its control path, a twin whose operations are not the derived ones.
 */
function sandboxPathProblems(doc: Document): string[] {
  const { prefix, replaces, except } = doc['x-sandbox-routes'];
  const problems: string[] = [];
  const paths = Object.keys(doc.paths);
  for (const path of paths.filter((p) => p.startsWith(`${replaces}/`) && !except.includes(p))) {
    if (path.startsWith(`${prefix}/`)) {
      const inner = `${replaces}${path.slice(prefix.length)}`;
      if (!doc.paths[inner]) problems.push(`${path}: no control path ${inner}`);
      continue;
    }
    const twin = doc.paths[`${prefix}${path.slice(replaces.length)}`];
    if (!twin) {
      problems.push(`${path}: no prefixed twin`);
      continue;
    }
    if (!isDeepStrictEqual(methodsOf(twin), methodsOf(doc.paths[path]!)))
      problems.push(`${path}: its twin has other methods`);
    if (!isDeepStrictEqual(twin.parameters?.[0], NAME))
      problems.push(`${path}: its twin lacks the name parameter`);
    for (const method of methodsOf(twin)) {
      const op = twin[method] as Operation;
      const source = doc.paths[path]![method] as Operation;
      if (op.operationId !== `${source.operationId}InSandbox`)
        problems.push(`${method} ${path}: twin operationId ${op.operationId}`);
      if (!op.responses['404']) problems.push(`${method} ${path}: twin without 404`);
    }
  }
  return problems;
}

describe('the named sandboxes’ paths of openapi/sandbox.yaml', () => {
  const text = readFileSync('openapi/sandbox.yaml', 'utf8');
  const doc = parse(text) as Document;

  it('are up to date with the control paths (else: npm run generate)', async () => {
    const script = new URL('../scripts/generate-sandbox-paths.mjs', import.meta.url).href;
    const { withSandboxPaths } = (await import(script)) as {
      withSandboxPaths: (text: string) => Promise<string>;
    };
    expect(text, 'stale: run npm run generate and commit the result').toBe(
      await withSandboxPaths(text),
    );
  });

  it('give every control path its prefixed twin, and nothing else', () => {
    expect(sandboxPathProblems(doc)).toEqual([]);
    const twins = Object.keys(doc.paths).filter((p) =>
      p.startsWith('/__sandbox/sandboxes/{name}/'),
    );
    expect(twins).toContain('/__sandbox/sandboxes/{name}/events');
    expect(twins).toContain('/__sandbox/sandboxes/{name}/health');
    expect(twins).not.toContain('/__sandbox/sandboxes/{name}/sandboxes');
    // The check sees a twin dropped, and a twin left behind by a control path that went.
    const dropped = structuredClone(doc);
    delete dropped.paths['/__sandbox/sandboxes/{name}/clock/advance'];
    expect(sandboxPathProblems(dropped)).toEqual(['/__sandbox/clock/advance: no prefixed twin']);
    const orphan = structuredClone(doc);
    delete orphan.paths['/__sandbox/clock/advance'];
    expect(sandboxPathProblems(orphan)).toEqual([
      '/__sandbox/sandboxes/{name}/clock/advance: no control path /__sandbox/clock/advance',
    ]);
  });

  it('give every control stream of the AsyncAPI document its prefixed twin', () => {
    const asyncApi = parse(readFileSync('openapi/asyncapi.yaml', 'utf8')) as {
      channels: Record<string, { address: string }>;
    };
    const addresses = Object.values(asyncApi.channels).map((c) => c.address);
    const control = addresses.filter(
      (a) => a.startsWith('/__sandbox/') && !a.startsWith('/__sandbox/sandboxes/'),
    );
    expect(control).toEqual(['/__sandbox/stream']);
    for (const address of control)
      expect(addresses).toContain(
        `/__sandbox/sandboxes/{name}${address.slice('/__sandbox'.length)}`,
      );
  });
});

describe('the named sandboxes’ control routes, as served', () => {
  let t: TestSandbox;
  let served: Document;
  /** Every documented operation under a sandbox's prefix: method and path template. */
  let operations: [string, string][];
  beforeAll(async () => {
    t = await TestSandbox.start();
    expect((await t.request('PUT', '/__sandbox/sandboxes/contract', { key: null })).status).toBe(
      201,
    );
    served = (await t.get<Document>('/__sandbox/openapi.json', { key: null })).body;
    operations = Object.entries(served.paths)
      .filter(([path]) => path.startsWith('/__sandbox/sandboxes/{name}/'))
      .flatMap(([path, item]) => methodsOf(item).map((m): [string, string] => [m, path]));
    // Every check below walks these: none may pass for want of a path.
    expect(operations.length).toBeGreaterThan(30);
  });
  afterAll(() => t.close());

  /** A documented path with its parameters filled: the sandbox `name`, and ids that match nothing. */
  const fill = (template: string, name: string): string =>
    template.replace('{name}', name).replace(/\{[^}]+\}/g, 'x_missing');

  it('are served in /__sandbox/openapi.json, as the document has them', () => {
    expect(sandboxPathProblems(served)).toEqual([]);
  });

  it.each(['contract', 'default'])(
    'answer every documented operation on the sandbox %s (none is an unknown route)',
    async (name) => {
      const unserved: string[] = [];
      for (const [method, template] of operations) {
        const res = await t.request(method.toUpperCase(), fill(template, name), { key: null });
        const reason = (res.body as { error?: { reason?: string } } | undefined)?.error?.reason;
        if (reason !== undefined && ROUTE_LEVEL.includes(reason))
          unserved.push(`${method} ${template}: ${res.status} ${reason}`);
      }
      expect(unserved).toEqual([]);
    },
    60_000,
  );

  it('answer 404 sandbox_not_found for a name that is no sandbox, on every operation', async () => {
    for (const [method, template] of operations) {
      const res = await t.request(method.toUpperCase(), fill(template, 'no-such-sandbox'), {
        key: null,
      });
      expectError(res, 404, 'not_found', { reason: 'sandbox_not_found' });
    }
  }, 60_000);
});
