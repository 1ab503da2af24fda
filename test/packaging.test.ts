import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractFetch } from './support/test-sandbox.js';
import { bannerUrl } from './support/cli-process.js';

/**
 * What a user's first `npx delivery-sandbox` does: the packed tarball, installed in an empty
 * project (its dependencies from the registry), started through npx.
 */
describe('the packed package', () => {
  it('installs from its tarball and starts with npx', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-pack-'));
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    });
    const tarball = join(dir, packed.trim().split('\n').at(-1)!);
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', tarball], {
      cwd: dir,
      stdio: 'ignore',
    });

    const child = spawn('npx', ['delivery-sandbox', '--port', '0', '--scenario', 'ci'], {
      cwd: dir,
      detached: true, // its own process group: stopping it stops the sandbox npx started too
    });
    try {
      const url = await bannerUrl(child);
      expect((await contractFetch(`${url}/__sandbox/health`)).body).toMatchObject({
        status: 'ok',
        scenario: 'ci',
      });
      const drivers = await contractFetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, {
        headers: { Authorization: 'Bearer sk_test_ci_acme' },
      });
      expect(drivers.status).toBe(200);

      // The programmatic API, imported from the installed package.
      const script =
        "import { startSandbox } from 'delivery-sandbox'; const s = await startSandbox({ scenario: 'ci' }); console.log(s.apiKey); await s.close();";
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(out.trim()).toBe('sk_test_ci_acme');
    } finally {
      const exited = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
  });
});
