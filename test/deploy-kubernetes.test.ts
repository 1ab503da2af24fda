import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// The Kubernetes example (deploy/kubernetes/, docs/cluster.md): valid YAML, wired together, and
// hashing on the same maps as deploy/nginx.conf, which test/cluster.test.ts runs in real nginx.

type Doc = Record<string, any>;

async function manifests(): Promise<Map<string, Doc>> {
  const byKind = new Map<string, Doc>();
  for (const file of await readdir('deploy/kubernetes')) {
    if (!file.endsWith('.yaml')) continue;
    for (const doc of parseAllDocuments(await readFile(`deploy/kubernetes/${file}`, 'utf8'))) {
      expect(doc.errors, file).toEqual([]);
      const value = doc.toJS() as Doc;
      byKind.set(value.kind as string, value);
    }
  }
  return byKind;
}

/** The `map … { … }` blocks of an nginx configuration, each as its own text. */
function mapBlocks(conf: string): string[] {
  return [...conf.matchAll(/^map [^\n]*\{\n[\s\S]*?^\}$/gm)].map((m) => m[0]);
}

describe('deploy/kubernetes', () => {
  it('is a StatefulSet with a volume per pod, its pod name as --node-name and a readiness probe on health, behind a headless Service', async () => {
    const k = await manifests();
    const set = k.get('StatefulSet')!;
    const service = k.get('Service')!;
    expect(service.spec.clusterIP).toBe('None');
    expect(set.spec.serviceName).toBe(service.metadata.name);
    expect(service.spec.selector).toEqual(set.spec.template.metadata.labels);
    const container = set.spec.template.spec.containers[0];
    const env = Object.fromEntries(
      (container.env as { name: string; value?: string; valueFrom?: unknown }[]).map((e) => [
        e.name,
        e.value ?? e.valueFrom,
      ]),
    );
    expect(env.DELIVERY_SANDBOX_NODE_NAME).toEqual({ fieldRef: { fieldPath: 'metadata.name' } });
    expect(env.DELIVERY_SANDBOX_DATA).toMatch(/^\/data\//);
    expect(container.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    expect(set.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    expect(container.readinessProbe.httpGet.path).toBe('/__sandbox/health');
    // The Ingress's host is the one each pod allows.
    const ingress = k.get('Ingress')!;
    expect(ingress.spec.rules[0].host).toBe(env.DELIVERY_SANDBOX_ALLOWED_HOST);
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe(service.metadata.name);
  });

  it('hashes the Ingress on $sandbox_key, defined by the very maps deploy/nginx.conf runs', async () => {
    const k = await manifests();
    const annotations = k.get('Ingress')!.metadata.annotations as Record<string, string>;
    expect(annotations['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe('$sandbox_key');
    const snippet = k.get('ConfigMap')!.data['http-snippet'] as string;
    const shipped = mapBlocks(await readFile('deploy/nginx.conf', 'utf8'));
    const used = mapBlocks(snippet);
    expect(used.map((b) => b.split('\n')[0])).toEqual([
      'map $http_authorization $sandbox_from_header {',
      'map $arg_access_token $sandbox_from_query {',
      'map $uri $sandbox_from_path {',
      'map "$sandbox_from_path|$sandbox_from_header|$sandbox_from_query" $sandbox_key {',
    ]);
    for (const block of used) expect(shipped).toContain(block);
  });
});
