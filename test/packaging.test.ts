import { execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractFetch } from './support/test-sandbox.js';
import { bannerUrl } from './support/cli-process.js';

/**
 * What a user who adds the sandbox to their own project gets (README, "Use it in your project"):
 * the packed tarball and a git URL, each installed in an empty project outside this repository
 * (dependencies from the registry), then imported from ESM and CommonJS, compiled against with
 * tsc, started with npx, and the programmatic example of docs/programmatic.md run there. The two installs are the
 * slow part, so each happens once and they run side by side.
 */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const require_ = createRequire(import.meta.url);
const TSC = require_.resolve('typescript/bin/tsc');
const INSTALL = ['install', '--no-audit', '--no-fund', '--silent', '--prefer-offline'];

/** An empty project of `type` in a fresh directory. */
function emptyProject(name: string, type: 'module' | 'commonjs'): string {
  const dir = mkdtempSync(join(tmpdir(), `sandbox-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  return dir;
}

/**
 * A git repository holding this working tree as it is now (tracked and new files, not ignored
 * ones), so that the git URL install tests the code under test rather than the last commit.
 */
function snapshotRepository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'sandbox-git-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    try {
      mkdirSync(dirname(join(repo, file)), { recursive: true });
      cpSync(join(ROOT, file), join(repo, file));
    } catch {
      // a tracked file deleted in the working tree: not part of the snapshot
    }
  }
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
      cwd: repo,
      stdio: 'ignore',
    });
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'snapshot');
  return repo;
}

let fromTarball: string; // an ESM project with the packed tarball installed
let fromGit: Promise<string>; // a CommonJS project with the package installed from a git URL

beforeAll(async () => {
  // npm builds a git dependency with its `prepare` script (devDependencies installed for it).
  const repo = snapshotRepository();
  const gitProject = emptyProject('consumer-git', 'commonjs');
  fromGit = run('npm', [...INSTALL, `git+file://${repo}`], { cwd: gitProject }).then(
    () => gitProject,
  );
  fromGit.catch(() => {}); // awaited (and reported) by its own test

  fromTarball = emptyProject('consumer', 'module');
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', fromTarball], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const tarball = join(fromTarball, packed.trim().split('\n').at(-1)!);
  await run('npm', [...INSTALL, tarball], { cwd: fromTarball });
}, 240_000);

/** Runs `node file` in `dir` and returns what it printed. */
function node(dir: string, file: string, source: string): string {
  writeFileSync(join(dir, file), source);
  return execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' }).trim();
}

const REQUIRE_TEST = `
// A Jest-style CommonJS test file: require(), no import.
const assert = require('node:assert');
const { startSandbox, verifySignature, EVENT_NAMES } = require('delivery-sandbox');
(async () => {
  assert.strictEqual(typeof verifySignature, 'function');
  assert.ok(EVENT_NAMES.includes('order.delivered'));
  const sandbox = await startSandbox({ scenario: 'ci' });
  const res = await fetch(sandbox.url + '/v1/drivers/available?lat=37.7749&lng=-122.4194', {
    headers: { Authorization: 'Bearer ' + sandbox.apiKey },
  });
  await sandbox.close();
  console.log(res.status, sandbox.apiKey);
})();
`;

describe('the packed tarball, installed in an empty project', () => {
  it('is imported from an ES module', () => {
    const out = node(
      fromTarball,
      'esm.mjs',
      "import { startSandbox } from 'delivery-sandbox'; const s = await startSandbox({ scenario: 'ci' }); console.log(s.apiKey); await s.close();",
    );
    expect(out).toBe('sk_test_ci_acme');
  });

  it('is required from CommonJS (a .cjs test file run by node)', () => {
    expect(node(fromTarball, 'require-check.cjs', REQUIRE_TEST)).toBe('200 sk_test_ci_acme');
  });

  it('type-checks a TypeScript file written against its exported types', () => {
    writeFileSync(
      join(fromTarball, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          target: 'es2023',
          // the user's own @types/node (borrowed from this repository, not installed again)
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['user.ts'],
      }),
    );
    writeFileSync(
      join(fromTarball, 'user.ts'),
      readFileSync(join(ROOT, 'test/fixtures/user-types.ts')),
    );
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.json'], {
      cwd: fromTarball,
      encoding: 'utf8',
    });
  }, 90_000); // a cold tsc run takes ~10 s, several times that on a busy CI machine

  it('runs the programmatic example of docs/programmatic.md (test/example.test.ts) with vitest', () => {
    // The user's own vitest: this repository's, linked in rather than installed again.
    symlinkSync(join(ROOT, 'node_modules/vitest'), join(fromTarball, 'node_modules/vitest'), 'dir');
    cpSync(join(ROOT, 'test/example.test.ts'), join(fromTarball, 'example.test.ts'));
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    const out = execFileSync(
      process.execPath,
      [vitest, 'run', '--root', fromTarball, 'example.test.ts'],
      {
        cwd: fromTarball,
        encoding: 'utf8',
        env: { ...process.env, CI: '' },
      },
    );
    expect(out).toMatch(/1 passed/);
  });

  it('starts with npx', { timeout: 60_000 }, async () => {
    const child = spawn('npx', ['delivery-sandbox', '--port', '0', '--scenario', 'ci'], {
      cwd: fromTarball,
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
    } finally {
      const exited = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
  });
});

describe('a git URL install', () => {
  it(
    'builds the package with prepare, then require() and the CLI work',
    { timeout: 240_000 },
    async () => {
      const dir = await fromGit;
      expect(node(dir, 'require-check.cjs', REQUIRE_TEST)).toBe('200 sk_test_ci_acme');
      const version = execFileSync(
        process.execPath,
        ['node_modules/delivery-sandbox/dist/cli.js', '--version'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect(version.trim()).toBe(
        (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
          .version,
      );
    },
  );
});
