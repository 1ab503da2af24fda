/**
 * WireMock 3.13, the peer of bench/api-throughput.ts: the standalone jar (the npm package
 * `wiremock` ships it; it is not a dependency of the project, 19 MB), run by a Java on PATH.
 * Looked for in `$WIREMOCK_JAR`, then under `$WIREMOCK_PKG` (an `npm install --prefix` directory,
 * `/tmp/wiremock-pkg` by default: `npm install --no-save --prefix /tmp/wiremock-pkg wiremock`),
 * then in this project's node_modules.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A canned answer, as bench/bare-bytes.ts serves it too. */
export interface Stub {
  method: string;
  /** Exact path, or a prefix ending in `*`; a query is matched exactly when present. */
  path: string;
  status: number;
  body: string;
}

/** Why WireMock cannot run here (no Java, no jar), or its jar. */
export function findWireMock(): { jar: string } | { missing: string } {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    return { missing: 'no `java` on PATH (Debian: apt-get install -y openjdk-17-jre-headless)' };
  }
  const dirs = [
    join(process.env.WIREMOCK_PKG ?? '/tmp/wiremock-pkg', 'node_modules/wiremock/build'),
    'node_modules/wiremock/build',
  ];
  const fromEnv = process.env.WIREMOCK_JAR;
  if (fromEnv) return existsSync(fromEnv) ? { jar: fromEnv } : { missing: `no ${fromEnv}` };
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const jar = readdirSync(dir).find((f) => /^wiremock-standalone-.*\.jar$/.test(f));
    if (jar) return { jar: join(dir, jar) };
  }
  return {
    missing:
      'no WireMock jar (set WIREMOCK_JAR, or npm install --no-save --prefix /tmp/wiremock-pkg wiremock)',
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts WireMock with logging and the request journal off and asynchronous responses on, then
 * stubs each answer with an Authorization matcher (`authorization`, exactly).
 */
export async function startWireMock(
  jar: string,
  stubs: readonly Stub[],
  authorization: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'bench-wiremock-'));
  const child = spawn(
    'java',
    [
      '-jar',
      jar,
      '--port',
      String(port),
      '--bind-address',
      '127.0.0.1',
      '--disable-request-logging',
      '--no-request-journal',
      '--async-response-enabled',
      'true',
      // Its `mappings` and `__files` folders in a temporary one, not in the checkout it runs from.
      '--root-dir',
      root,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  child.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/__admin/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('WireMock did not start in 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const s of stubs) {
    const q = s.path.indexOf('?');
    const match = s.path.endsWith('*')
      ? { urlPathPattern: `${escape(s.path.slice(0, -1))}.*` }
      : q >= 0
        ? { url: s.path }
        : { urlPath: s.path };
    const res = await fetch(`${url}/__admin/mappings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        request: {
          method: s.method,
          ...match,
          headers: { Authorization: { equalTo: authorization } },
        },
        response: {
          status: s.status,
          body: s.body,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        },
      }),
    });
    if (res.status !== 201) throw new Error(`WireMock refused a stub: ${await res.text()}`);
  }
  return { url, child };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
