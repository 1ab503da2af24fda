// The GitHub Actions `services:` recipes of the docs, run through `docker run` as written, for
// scripts/docker-check-engine.sh.
//   node scripts/docker-check-services.mjs <image> <name prefix> <network> <file.md>…
// Every ```yaml block with jobs.*.services.* in the files becomes one `docker run`, translated
// mechanically the way the Actions runner builds its `docker create`: the service's network and its
// name as network alias, `ports:` as -p, `env:` as -e, then the `options:` string split as the
// runner splits it (on spaces, double quotes grouping and removed: shell quoting does not apply),
// then the image. Two substitutions, both said in the output: the image is the one just built (no
// registry here), and a published host port is left to the engine (127.0.0.1::4242 for
// 127.0.0.1:4242:4242: the machine is shared). Each must go healthy within a minute; a published
// port must answer /__sandbox/health.
/* global fetch, AbortSignal */
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'yaml';

const [image, prefix, network, ...files] = process.argv.slice(2);
const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8' }).trim();

/** The runner's split of `options`: whitespace separates, "…" groups (quotes removed, \" kept). */
function splitOptions(text) {
  const args = [];
  let arg = null;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quoted && text[i + 1] === '"') {
      arg = (arg ?? '') + '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      arg ??= '';
    } else if (/\s/.test(c) && !quoted) {
      if (arg !== null) args.push(arg);
      arg = null;
    } else arg = (arg ?? '') + c;
  }
  if (arg !== null) args.push(arg);
  return args;
}

// The runner waits while a service is `starting`; here one minute at most, the image's start
// period (20 s) three times over.
const LIMIT_MS = 60_000;

const services = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) {
    const line = text.slice(0, m.index).split('\n').length;
    for (const job of Object.values(parse(m[1])?.jobs ?? {})) {
      for (const [alias, s] of Object.entries(job.services ?? {})) {
        services.push({ where: `${file}:${line}`, alias, ...s });
      }
    }
  }
}
if (services.length === 0) {
  console.error(`no GitHub Actions services: block in ${files.join(', ')}`);
  process.exit(1);
}

const started = [];
for (const [i, s] of services.entries()) {
  const options = splitOptions(String(s.options ?? ''));
  const ports = (s.ports ?? []).map((p) => String(p).replace(/^127\.0\.0\.1:\d+:/, '127.0.0.1::'));
  const env = Object.entries(s.env ?? {}).map(([k, v]) => `${k}=${v}`);
  const name = `${prefix}-svc-${i}`;
  const args = ['run', '-d', '--name', name, '--label', `dsck.run=${prefix}`, '--network', network];
  args.push('--network-alias', s.alias, ...ports.flatMap((p) => ['-p', p]));
  args.push(...env.flatMap((e) => ['-e', e]), ...options, image);
  console.log(
    `${s.where} (${s.alias}, image ${s.image} → ${image}): docker ${args.map((a) => JSON.stringify(a)).join(' ')}`,
  );
  const at = performance.now();
  docker(...args);
  started.push({ ...s, name, at, published: ports.length > 0 });
}

// All at once: each container's time is its own, from its docker run to its healthy.
const states = new Map(started.map((s) => [s.name, '']));
while ([...states.values()].some((v) => v === '' || v === 'starting')) {
  for (const s of started) {
    if (states.get(s.name) !== '' && states.get(s.name) !== 'starting') continue;
    const status = docker(
      'inspect',
      '-f',
      '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}',
      s.name,
    );
    const ms = Math.round(performance.now() - s.at);
    if (status === 'healthy') s.ms = ms;
    if (status === 'starting' && ms > LIMIT_MS) states.set(s.name, `still starting after ${ms} ms`);
    else states.set(s.name, status);
  }
  await sleep(100);
}

let failed = false;
for (const s of started) {
  if (states.get(s.name) !== 'healthy') {
    console.error(`${s.where}: ${states.get(s.name)}`);
    console.error(docker('logs', '--tail', '20', s.name));
    failed = true;
    continue;
  }
  let note = '';
  if (s.published) {
    const hostPort = docker('port', s.name, '4242/tcp').split('\n')[0];
    const res = await fetch(`http://${hostPort}/__sandbox/health`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) {
      console.error(`${s.where}: ${hostPort}/__sandbox/health answered ${res.status}`);
      failed = true;
    }
    note = `, /__sandbox/health on ${hostPort}: ${res.status}`;
  }
  console.log(`${s.where}: healthy ${s.ms} ms after docker run${note}`);
}
process.exit(failed ? 1 : 0);
