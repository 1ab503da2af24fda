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

function script(dir: string, name: string, body: string): void {
  writeFileSync(join(dir, name), `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(join(dir, name), 0o755);
}

it('starts a dockerd, stops it by its PID, and the set -e caller carries on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docker-engine-'));
  dirs.push(dir);
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
  const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      'bash',
      ['-c', caller],
      { env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` }, timeout: 30_000 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          out: stdout + stderr,
        }),
    );
  });
  expect(out).toMatch(/^started \d+$/m);
  expect(out).toContain('stopped');
  expect(out).toContain('after: []');
  expect(code).toBe(0);
});
