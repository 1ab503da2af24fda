// scripts/docker-engine.sh is sourced by .ci/run under `set -euo pipefail`. When CI starts its own
// dockerd, stopping it must leave the caller running: a failing `kill -KILL` of the dockerd that
// already exited on SIGTERM (or wait's non-zero status) ended .ci/run with exit 1 after every test
// had passed. Here `docker` and `dockerd` are stand-ins on PATH, so no engine is needed.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docker-engine-'));
  dirs.push(dir);
  return dir;
}

/** Runs `caller` in bash from the project root, with `dir` first on PATH. */
function run(dir: string, caller: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', caller],
      // TMPDIR: the dockerd log (dockerd-ci.<pid>.log) goes in this test's folder, removed after.
      {
        env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}`, TMPDIR: dir },
        timeout: 30_000,
      },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          out: stdout + stderr,
        }),
    );
  });
}

function script(dir: string, name: string, body: string): void {
  writeFileSync(join(dir, name), `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(join(dir, name), 0o755);
}

it('starts a dockerd, stops it by its PID, and the set -e caller carries on', async () => {
  const dir = tempDir();
  const up = join(dir, 'up');
  // `docker info` answers once the stand-in dockerd has marked itself up; the stand-in exits with
  // 143 on SIGTERM, as dockerd does.
  script(dir, 'docker', `[ "$1" = info ] && [ -f "${up}" ]`);
  script(
    dir,
    'dockerd',
    `trap 'rm -f "${up}"; exit 143' TERM\ntouch "${up}"\nwhile :; do sleep 0.05; done`,
  );
  const caller = [
    'set -euo pipefail',
    'source scripts/docker-engine.sh',
    'docker_engine_up',
    'echo "started $DOCKER_ENGINE_PID"',
    'pid=$DOCKER_ENGINE_PID',
    'docker_engine_down',
    'docker_engine_down',
    'if kill -0 "$pid" 2>/dev/null; then echo "still running"; else echo "stopped"; fi',
    'echo "after: [$DOCKER_ENGINE_PID]"',
  ].join('\n');
  const { code, out } = await run(dir, caller);
  expect(out).toMatch(/^started \d+$/m);
  expect(out).toContain('stopped');
  expect(out).toContain('after: []');
  expect(code).toBe(0);
});

it.each([
  ['the Gateway it names', '[{"Subnet":"172.18.0.0/16","Gateway":"172.18.0.1"}]', '172.18.0.1'],
  // Docker 20.10 on an engine's first start: the default bridge's IPAM config has no Gateway.
  ["the subnet's first address when it names none", '[{"Subnet":"172.17.0.0/16"}]', '172.17.0.1'],
])("docker_bridge_gateway prints the default bridge's %s", async (_, config, expected) => {
  const dir = tempDir();
  script(dir, 'docker', `[ "$1 $2 $3" = "network inspect bridge" ] && echo '${config}'`);
  const { code, out } = await run(
    dir,
    'set -euo pipefail\nsource scripts/docker-engine.sh\necho "gateway=$(docker_bridge_gateway)"',
  );
  expect(out.trim()).toBe(`gateway=${expected}`);
  expect(code).toBe(0);
});

it('docker_bridge_gateway fails when the bridge names no IPv4 address', async () => {
  const dir = tempDir();
  script(dir, 'docker', `echo '[{"Subnet":"fd00::/64"}]'`);
  const { code } = await run(dir, 'source scripts/docker-engine.sh\ndocker_bridge_gateway');
  expect(code).toBe(1);
});
