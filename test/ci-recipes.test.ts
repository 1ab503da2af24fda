import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

const run = promisify(execFile);

/** Every fenced ```yaml block of a Markdown file, with the line it starts on. */
function yamlBlocks(file: string): { file: string; line: number; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const blocks: { file: string; line: number; text: string }[] = [];
  for (const m of text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) {
    const line = text.slice(0, m.index).split('\n').length;
    blocks.push({ file, line, text: m[1] ?? '' });
  }
  return blocks;
}

const blocks = [
  ...yamlBlocks('README.md'),
  ...yamlBlocks('docs/ci.md'),
  ...yamlBlocks('docs/docker.md'),
];
const parsed = blocks.map((b) => {
  const doc = parseDocument(b.text);
  return { ...b, errors: doc.errors.map((e) => e.message), value: doc.toJS() };
});
const github = parsed.filter((b) => b.value?.jobs);
const gitlab = parsed.filter((b) => !b.value?.jobs && b.value?.test?.services);

/** The image's port, from the Dockerfile, which every recipe must use. */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const imagePort = /DELIVERY_SANDBOX_PORT=(\d+)/.exec(dockerfile)?.[1];

function seconds(flag: string): number {
  const m = new RegExp(`--${flag}=(\\d+)(ms|s)`).exec(dockerfile);
  if (!m) throw new Error(`the Dockerfile's HEALTHCHECK has no --${flag}`);
  return Number(m[1]) / (m[2] === 'ms' ? 1000 : 1);
}

describe('the CI recipes of the README and docs/ci.md', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await TestSandbox.start();
  });
  afterAll(() => sandbox.close());

  it('are valid YAML, and there is one for GitHub Actions, GitLab CI and a job in a container', () => {
    for (const b of parsed) expect(b.errors, `${b.file}:${b.line}`).toEqual([]);
    expect(imagePort).toBe('4242');
    expect(github.length).toBeGreaterThanOrEqual(2);
    expect(gitlab.length).toBeGreaterThanOrEqual(1);
    expect(github.some((b) => Object.values<any>(b.value.jobs).some((j) => j.container))).toBe(
      true,
    );
  });

  it("run the sandbox image on its port, health-checked by the image's own probe", () => {
    for (const b of github) {
      for (const job of Object.values<any>(b.value.jobs)) {
        const service = job.services.sandbox;
        expect(service.image, `${b.file}:${b.line}`).toMatch(/\/delivery-sandbox:[\w.-]+$/);
        const inContainer = job.container !== undefined;
        // Steps on the runner use the published port; a job container uses the service name.
        if (!inContainer) expect(service.ports).toEqual([`127.0.0.1:${imagePort}:${imagePort}`]);
        const steps = JSON.stringify(job.steps);
        expect(steps).toContain(inContainer ? `sandbox:${imagePort}` : `localhost:${imagePort}`);
        // The image's own HEALTHCHECK (a bash probe, tested below) is what runs: options only
        // lengthen its timeout and retries. A --health-cmd running node costs a node start per
        // probe and, on a busy machine, delayed healthy by half a minute (docs/ci.md).
        expect(service.options, `${b.file}:${b.line}`).not.toContain('--health-cmd');
        expect(service.options).toMatch(/--health-retries \d+/);
        const webhookUrl: string | undefined = service.env?.DELIVERY_SANDBOX_WEBHOOK_URL;
        if (webhookUrl?.includes('host.docker.internal'))
          expect(service.options).toContain('--add-host=host.docker.internal:host-gateway');
      }
    }
  });

  it('wait for /__sandbox/health in GitLab CI, which ignores HEALTHCHECK, before the tests', async () => {
    for (const b of gitlab) {
      const job = b.value.test;
      const service = job.services[0];
      expect(service.name).toMatch(/\/delivery-sandbox:[\w.-]+$/);
      expect(job.variables.SANDBOX_URL).toBe(`http://${service.alias}:${imagePort}`);
      if (String(service.variables.DELIVERY_SANDBOX_WEBHOOK_URL).includes('//build:'))
        expect(job.variables.FF_NETWORK_PER_BUILD).toBe('true');
      const script: string[] = job.script;
      const wait = script.findIndex((s) => s.includes('/__sandbox/health'));
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(script.indexOf('npm test'));
      // The wait loop itself, against a real sandbox: it ends as soon as the sandbox answers.
      const started = Date.now();
      await run('/bin/bash', ['-c', `set -e\n${script[wait]}`], {
        env: { ...process.env, SANDBOX_URL: sandbox.url },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('publish the port on the loopback interface only, in every docker run and ports: mapping', () => {
    // The image answers any Host without a token: published on every interface, anyone on the
    // network could read the state and its secrets (docs/security.md#docker-publish-on-loopback).
    const files = ['README.md', 'docs/ci.md', 'docs/docker.md', 'Dockerfile'];
    const published = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:\s-p |^\s+- )([\d.:]+:\d+)\b/gm)].map((m) => ({
        file,
        mapping: m[1] ?? '',
      })),
    );
    expect(published.length).toBeGreaterThanOrEqual(6);
    for (const { file, mapping } of published) expect(mapping, file).toMatch(/^127\.0\.0\.1:/);
  });

  it('has a HEALTHCHECK that every engine builds (Docker 20.10+, buildah 1.28), healthy within 2.5 s of the start, with a probe that passes against a sandbox', async () => {
    const healthcheck = /^HEALTHCHECK [^\n]*\\\n[^\n]*/m.exec(dockerfile)?.[0] ?? '';
    expect(healthcheck).toContain('/__sandbox/health');
    // Docker 20.10's HEALTHCHECK options; --start-interval (Docker 25) fails the build elsewhere.
    const flags = [...healthcheck.matchAll(/--([\w-]+)=/g)].map((m) => m[1]);
    expect(
      flags.filter((f) => !['interval', 'timeout', 'start-period', 'retries'].includes(f!)),
    ).toEqual([]);
    // The first probe runs one interval after the start, and start-up takes about a second: a
    // second probe one interval later must still land inside 2.5 s.
    expect(seconds('interval')).toBeLessThanOrEqual(1);
    expect(seconds('timeout')).toBeLessThanOrEqual(seconds('interval'));
    expect(seconds('start-period')).toBeGreaterThanOrEqual(5);
    // The probe itself, exec form as Docker runs it, against a real sandbox and a closed port.
    const [file, ...args] = JSON.parse(
      /^\s+CMD (\[.*\])$/m.exec(healthcheck)?.[1] ?? '[]',
    ) as string[];
    const port = new URL(sandbox.url).port;
    await expect(
      run(file!, args, { env: { ...process.env, DELIVERY_SANDBOX_PORT: port } }),
    ).resolves.toBeDefined();
    await expect(
      run(file!, args, { env: { ...process.env, DELIVERY_SANDBOX_PORT: '1' } }),
    ).rejects.toThrow();
  });

  it('are checked against the Dockerfile as it is: scripts/docker-check*.sh patch nothing', () => {
    // With an engine: docker build, legacy builder and BuildKit; without one: buildah bud.
    const engine = readFileSync('scripts/docker-check-engine.sh', 'utf8');
    const buildah = readFileSync('scripts/docker-check-buildah.sh', 'utf8');
    const builds = [
      ...engine.split('\n').filter((line) => /DOCKER_BUILDKIT=[01] .* build /.test(line)),
      ...buildah.split('\n').filter((line) => /buildah .*\bbud\b/.test(line)),
    ];
    expect(builds.join('\n')).toMatch(/DOCKER_BUILDKIT=0 docker build/);
    expect(builds.join('\n')).toMatch(/DOCKER_BUILDKIT=1 /);
    expect(builds.length).toBe(3);
    for (const line of builds) expect(line).toMatch(/ -f Dockerfile /);
    for (const check of [engine, buildah]) expect(check).not.toMatch(/\bsed\b[^\n]*Dockerfile/);
  });
});
