import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';

/** A sandbox process of a cluster: the built CLI, known by its `--node-name`. */
export interface ClusterNode {
  name: string;
  url: string;
  child: ChildProcessWithoutNullStreams;
}

/**
 * The built CLI (`dist/cli.js`) as node `name` on a free port, with the ci scenario, allowing the
 * balancer's Host (`127.0.0.1:balancerPort`) and `extra` options; resolves with the URL of its
 * JSON start line (`--log-format json`), as any harness would read it.
 */
export async function startNode(
  name: string,
  balancerPort: number,
  extra: string[] = [],
): Promise<ClusterNode> {
  // No DELIVERY_SANDBOX_* variable of the runner's own shell.
  const inherited = Object.entries(process.env).filter(([k]) => !k.startsWith('DELIVERY_SANDBOX_'));
  const child = spawn(
    process.execPath,
    [
      'dist/cli.js',
      ...['--port', '0', '--log-format', 'json', '--log-level', 'warn', '--scenario', 'ci'],
      ...['--node-name', name, '--allowed-host', `127.0.0.1:${balancerPort}`, ...extra],
    ],
    { env: Object.fromEntries(inherited), stdio: 'pipe' },
  );
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`node ${name} exited with ${code}: ${out}`)));
  });
  const start = JSON.parse(line) as { url: string; node: string };
  if (start.node !== name) throw new Error(`node ${name} started as ${start.node}`);
  return { name, url: start.url, child };
}

/** Kills a node at once (SIGKILL, as a crash would) and waits for it to exit. */
export async function killNode(node: ClusterNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGKILL');
  await once(node.child, 'exit');
}
