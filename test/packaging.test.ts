import { execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch } from './support/test-sandbox.js';
import { bannerUrl } from './support/cli-process.js';

/**
 * What a user who adds the sandbox to their own project gets (README, "Use it in your project"):
 * the packed tarball, as `npm publish` would upload it, installed in an empty CommonJS project
 * outside this repository (dependencies from the registry), then imported from an ES module,
 * required from a Jest 30 test file, compiled against with tsc under each module setting a project
 * may use, started with npx, and the programmatic example of docs/programmatic.md run with vitest.
 * The install is the slow part: it happens once, beside the install of Jest, which is kept in the
 * temporary directory between runs (JEST_HOME).
 */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const require_ = createRequire(import.meta.url);
const TSC = require_.resolve('typescript/bin/tsc');
const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'warn'];
/** Jest 30, installed once into the temporary directory and reused by later runs. */
const JEST_HOME = join(tmpdir(), 'delivery-sandbox-test-jest30');
const JEST = join(JEST_HOME, 'node_modules/jest/bin/jest.js');

/** Installs Jest 30 into JEST_HOME unless a previous run did (into a fresh directory, then renamed). */
async function jestInstalled(): Promise<void> {
  if (existsSync(JEST)) return;
  const dir = mkdtempSync(`${JEST_HOME}-`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'jest-home', private: true }));
  await run('npm', [...INSTALL, 'jest@30'], { cwd: dir });
  try {
    renameSync(dir, JEST_HOME);
  } catch {
    rmSync(dir, { recursive: true, force: true }); // another run got there first
  }
}

let project: string; // an empty CommonJS project with the packed tarball installed
let packed: { files: { path: string; size: number }[]; size: number };
let installWarnings: string;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'sandbox-consumer-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  const jest = jestInstalled();
  jest.catch(() => {}); // awaited (and reported) by its own test
  // dist/ is built by the global setup: pack it as it is (prepack would build it again).
  const out = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', project],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const [info] = JSON.parse(out) as [typeof packed & { filename: string }];
  packed = info;
  const { stderr } = await run('npm', [...INSTALL, join(project, info.filename)], {
    cwd: project,
  });
  installWarnings = stderr;
  await jest;
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Runs `node file` in the project and returns what it printed. */
function node(file: string, source: string): string {
  writeFileSync(join(project, file), source);
  return execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8' }).trim();
}

describe('the packed tarball', () => {
  it('holds the built code, its types and the docs the README links to, without source maps', () => {
    const files = packed.files.map((f) => f.path);
    for (const file of [
      'dist/index.js',
      'dist/index.cjs',
      'dist/cli.js',
      'dist/types/index.d.ts',
      'dist/types/package.json',
    ])
      expect(files).toContain(file);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // Only the bundles: not the modules tsc compiles for the build's own use.
    expect(files).not.toContain('dist/sandbox.js');
    expect(files).not.toContain('dist/scenarios/load-scenario.js');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(((?!https?:|#)[^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const target = link.replace(/#.*$/, '').replace(/\/$/, '');
      expect(
        files.some((f) => f === target || f.startsWith(`${target}/`)),
        link,
      ).toBe(true);
    }
  });

  it('installs with no lifecycle script for npm to run or warn about (no prepare: dist/ ships)', () => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules/delivery-sandbox/package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(manifest.scripts[script], script).toBeUndefined();
    expect(installWarnings).not.toMatch(/allowScripts|delivery-sandbox/);
  });
});

describe('the installed package', () => {
  it('is imported from an ES module, which shares the one instance require() loads', () => {
    const out = node(
      'esm.mjs',
      `import { startSandbox, ApiError } from 'delivery-sandbox';
       import { createRequire } from 'node:module';
       const same = createRequire(import.meta.url)('delivery-sandbox').ApiError === ApiError;
       const s = await startSandbox({ scenario: 'ci' }); console.log(s.apiKey, same); await s.close();`,
    );
    expect(out).toBe('sk_test_ci_acme true');
  });

  it('is required from a Jest 30 test file (CommonJS, no flags)', { timeout: 120_000 }, () => {
    writeFileSync(
      join(project, 'sandbox.test.js'),
      `const { startSandbox, verifySignature, EVENT_NAMES, ApiError } = require('delivery-sandbox');
let sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scenario: 'ci' }); });
afterAll(() => sandbox.close());
test('a sandbox started from require()', async () => {
  expect(typeof verifySignature).toBe('function');
  expect(EVENT_NAMES).toContain('order.delivered');
  const res = await fetch(sandbox.url + '/v1/drivers/available?lat=37.7749&lng=-122.4194', {
    headers: { Authorization: 'Bearer ' + sandbox.apiKey },
  });
  expect(res.status).toBe(200);
  const refused = await fetch(sandbox.url + '/v1/orders/ord_unknown', {
    headers: { Authorization: 'Bearer ' + sandbox.apiKey },
  });
  expect(refused.status).toBe(404);
  expect(ApiError.name).toBe('ApiError');
});
`,
    );
    const result = execFileSync(
      process.execPath,
      [JEST, '--rootDir', project, '--ci', '--no-watchman', 'sandbox.test.js'],
      {
        cwd: project,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, CI: '' },
      },
    );
    expect(result).toBe(''); // Jest reports on stderr; the exit code 0 is the pass
  });

  // Each a project of its own; `skipLibCheck: false` where a setting used to fail in the
  // package's declarations (TS1479 on node16; pino's types on node10 need esModuleInterop).
  const settings = [
    { name: 'node16, CommonJS', type: 'commonjs', module: 'node16', skipLibCheck: false },
    { name: 'nodenext, ES module', type: 'module', module: 'nodenext', skipLibCheck: true },
    {
      name: 'bundler',
      type: 'module',
      module: 'esnext',
      moduleResolution: 'bundler',
      skipLibCheck: true,
    },
    {
      name: 'commonjs (node10) with esModuleInterop',
      type: 'commonjs',
      module: 'commonjs',
      moduleResolution: 'node10',
      esModuleInterop: true,
      skipLibCheck: false,
    },
  ];
  it.concurrent.for(settings)(
    'type-checks a TypeScript file written against its types: $name',
    { timeout: 180_000 }, // a cold tsc run takes ~10 s, several times that on a busy machine
    async ({ name, type, ...options }, { expect }) => {
      // the test's own expect: the four run concurrently
      const dir = join(project, `ts-${name.replace(/\W+/g, '-')}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2023',
            ...options,
            // the user's own @types/node (borrowed from this repository, not installed again)
            typeRoots: [join(ROOT, 'node_modules/@types')],
            types: ['node'],
          },
          files: ['user.ts'],
        }),
      );
      cpSync(join(ROOT, 'test/fixtures/user-types.ts'), join(dir, 'user.ts'));
      await expect(
        run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir }).catch(
          (e: { stdout: string }) => Promise.reject(new Error(e.stdout)),
        ),
      ).resolves.toBeDefined();
    },
  );

  it('runs the programmatic example of docs/programmatic.md (test/example.test.ts) with vitest', () => {
    // The user's own vitest: this repository's, linked in rather than installed again.
    symlinkSync(join(ROOT, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir');
    cpSync(join(ROOT, 'test/example.test.ts'), join(project, 'example.test.ts'));
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    const out = execFileSync(
      process.execPath,
      [vitest, 'run', '--root', project, 'example.test.ts'],
      {
        cwd: project,
        encoding: 'utf8',
        env: { ...process.env, CI: '' },
      },
    );
    expect(out).toMatch(/1 passed/);
  });

  it('starts with npx', { timeout: 60_000 }, async () => {
    const child = spawn('npx', ['delivery-sandbox', '--port', '0', '--scenario', 'ci'], {
      cwd: project,
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

  it(
    'prints the JSON start line first on stdout when started with npx --log-format json',
    { timeout: 60_000 },
    async () => {
      const child = spawn(
        'npx',
        ['delivery-sandbox', '--port', '0', '--scenario', 'ci', '--log-format', 'json'],
        { cwd: project, detached: true },
      );
      try {
        let out = '';
        const first = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
          });
          child.on('exit', (code) => reject(new Error(`npx exited with ${code}: ${out}`)));
        });
        const line = JSON.parse(first) as {
          msg: string;
          api: string;
          accounts: { api_key: string }[];
        };
        expect(line.msg).toBe('listening');
        const drivers = await fetch(`${line.api}/drivers/available?lat=37.7749&lng=-122.4194`, {
          headers: { Authorization: `Bearer ${line.accounts[0]!.api_key}` },
        });
        expect(drivers.status).toBe(200);
      } finally {
        const exited = once(child, 'exit');
        process.kill(-child.pid!, 'SIGTERM');
        const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(force);
      }
    },
  );
});

describe('delivery-sandbox/testcontainers, installed without its optional peer testcontainers', () => {
  it('ships its two bundles and its types', () => {
    const files = packed.files.map((f) => f.path);
    for (const file of [
      'dist/testcontainers.js',
      'dist/testcontainers.cjs',
      'dist/types/testcontainers/index.d.ts',
    ])
      expect(files).toContain(file);
  });

  it('says to install testcontainers, from import and from require()', () => {
    const out = node(
      'testcontainers-missing.mjs',
      `import { createRequire } from 'node:module';
       try { createRequire(import.meta.url)('delivery-sandbox/testcontainers'); } catch (e) { console.log(e.message); }
       try { await import('delivery-sandbox/testcontainers'); } catch (e) { console.log(e.message); }
       const { startSandbox } = await import('delivery-sandbox');
       console.log(typeof startSandbox);`,
    ).split('\n');
    expect(out).toHaveLength(3);
    for (const message of out.slice(0, 2))
      expect(message).toMatch(
        /^delivery-sandbox\/testcontainers needs the 'testcontainers' package, an optional peer dependency .*npm install --save-dev testcontainers@\^11/,
      );
    expect(out[2]).toBe('function');
  });
});
