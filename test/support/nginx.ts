import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx, which `.ci/run` installs. */
export const NGINX = '/usr/sbin/nginx';

/** The shipped balancer configuration, whose rules the cluster test runs unchanged. */
export const SHIPPED_CONFIG = 'deploy/nginx.conf';

/**
 * The shipped configuration with only its two marked parts filled in: the `server` lines between
 * `# nodes:begin` and `# nodes:end`, and the `listen` line marked `# listen:port`. Throws if a
 * marker is missing, so the test can never run rules of its own.
 */
export function renderConfig(shipped: string, nodes: readonly string[], port: number): string {
  const nodesBlock = /^([ \t]*)# nodes:begin\n[\s\S]*?^[ \t]*# nodes:end$/m;
  const listen = /^([ \t]*)listen [^;]+; # listen:port$/m;
  if (!nodesBlock.test(shipped) || !listen.test(shipped))
    throw new Error(`${SHIPPED_CONFIG} lost its "# nodes:begin/end" or "# listen:port" marker`);
  return shipped
    .replace(nodesBlock, (_all, indent: string) =>
      [
        `${indent}# nodes:begin`,
        ...nodes.map((n) => `${indent}server ${n} max_fails=0;`),
        `${indent}# nodes:end`,
      ].join('\n'),
    )
    .replace(listen, (_all, indent: string) => `${indent}listen 127.0.0.1:${port}; # listen:port`);
}

/** A TCP port free right now on 127.0.0.1 (nginx cannot listen on port 0 and say which it got). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface RunningNginx {
  url: string;
  /** The master process's id (its workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground, in a temporary prefix (its pid file, logs and temporary files
 * there; the system's configuration untouched), serving the shipped configuration rendered for
 * `nodes` on `port`, with `workers` worker processes. Resolves once it answers.
 */
export async function startNginx(
  nodes: readonly string[],
  port: number,
  workers: number | 'auto' = 1,
): Promise<RunningNginx> {
  if (!existsSync(NGINX))
    throw new Error(`${NGINX} is missing: apt-get install nginx (Debian's; .ci/run installs it)`);
  const prefix = await mkdtemp(join(tmpdir(), 'sandbox-nginx-'));
  await mkdir(join(prefix, 'temp'));
  const rendered = renderConfig(await readFile(SHIPPED_CONFIG, 'utf8'), nodes, port);
  await writeFile(join(prefix, 'delivery-sandbox.conf'), rendered);
  // What Debian's /etc/nginx/nginx.conf provides around conf.d/*.conf, kept inside the prefix.
  await writeFile(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${workers};`,
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${join(prefix, 'temp', t)};`,
      ),
      `  include ${join(prefix, 'delivery-sandbox.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(prefix, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${log}`);
    }
    const up = await fetch(`${url}/__sandbox/health`).then(
      () => true,
      () => false,
    );
    if (up) return { url, pid: child.pid!, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`nginx did not answer on ${url}: ${stderr}`);
}
