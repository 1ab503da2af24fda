/**
 * `npm run bench`: measures DESIGN.md section 7's budgets on this machine and writes BENCHMARKS.md.
 * Each measurement runs in its own process; comparisons run side by side in the same run, so what
 * is reported is a ratio as much as an absolute figure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { apiRows, type ApiThroughput } from './api-rows.js';
import { cpuMs, stop } from './launch-cli.js';
import { withKeptNotes } from './kept-notes.js';
import { SLICE_MS } from '../src/slices.js';
import type { DockerStartBench } from './docker-start.js';
import type { SandboxesSoak } from './sandboxes-soak.js';
import type { SandboxesBench } from './sandboxes.js';
import type { ShutdownDrain } from './shutdown-drain.js';
import type { Samples, StartupBench } from './startup.js';
import type { TraceBench } from './trace.js';

const node = process.execPath;
const tsx = ['--import', 'tsx'];
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (n: number, digits = 1): string => n.toFixed(digits);

/**
 * `npm run bench -- --baseline DIR`: DIR is a checkout of an earlier commit, installed and built
 * (`npm run build`). Each measurement then runs for it too, side by side (alternating where the
 * measurement is a rate), and BENCHMARKS.md gains a table of the paired ratios, this tree / DIR.
 */
/** What bench/persistence.ts prints. */
/** What bench/import-memory.ts prints (memory in MB, from /proc on Linux). */
interface ImportMemory {
  state_mb: number;
  gzip_kb: number;
  idle: { rss_mb: number };
  import_gzip: { status: number; peak_mb: number };
  gzip_bomb: { kb: number; status: number; peak_mb: number };
  br_bomb: { bytes: number; status: number; peak_mb: number };
  four_at_once: { status: number[]; peak_mb: number };
  after: { rss_mb: number };
}

interface Persistence {
  memory: { orders: number; p50: number; p99: number };
  data: { orders: number; p50: number; p99: number }[];
  restart_ms: number;
  /** bench/shutdown-drain.ts. */
  shutdown: ShutdownDrain;
  /** bench/state-round-trip.ts, at each size (33 and 100 MB). */
  export: {
    mb: number;
    orders: number;
    events: number;
    export_ms: number;
    export_v1_reads: number;
    export_v1_p99_ms: number;
    import_status: number;
    import_ms: number;
    import_v1_reads: number;
    import_v1_p99_ms: number;
    round_trip: boolean;
  }[];
}

const baselineIndex = process.argv.indexOf('--baseline');
const baseline = baselineIndex > 0 ? process.argv[baselineIndex + 1] : undefined;
const soakIndex = process.argv.indexOf('--soak-seconds');
/** The soak's length: 120 s by default; the issue's 10-minute figure is `--soak-seconds 600`. */
const soakSeconds = soakIndex > 0 ? Number(process.argv[soakIndex + 1]) : 120;
/** `--node PATH` (repeatable): another Node whose start-up is measured too (bench/startup.ts). */
const otherNodes = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--node' ? [a] : []));
const dockerIndex = process.argv.indexOf('--docker-image');
/** `--docker-image NAME`: an image built from this tree, timed from `docker run` to its first answer. */
const dockerImage = dockerIndex > 0 ? process.argv[dockerIndex + 1] : undefined;

/**
 * Runs one measurement and parses the JSON line it prints last. A measurement that fails is run
 * once more before the whole run fails with it: the table is written only at the end, and one
 * failure (a connection reset under load) lost every other figure of a 20-minute run.
 */
function runJson<T>(script: string, cwd = process.cwd(), args: string[] = []): T {
  const once = (): T => {
    const out = execFileSync(node, [...tsx, script, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      cwd,
    });
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
  };
  try {
    return once();
  } catch (err) {
    process.stderr.write(
      `${script} failed (${(err as Error).message.split('\n')[0]}); once more…\n`,
    );
    return once();
  }
}

/** Starts a server process and resolves with its base URL once it prints one. */
function start(args: string[]): Promise<{ url: string; child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child, ms: performance.now() - t0 });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

/** Connections of the throughput rounds: as the issue measured (`autocannon -c 50`). */
const CONNECTIONS = 50;

/**
 * One round against a server: its rate and the server's CPU per request (µs). The CPU figure moves
 * far less than the rate when others load the machine: it does not count the time the server
 * waited for a core.
 */
async function load(
  server: { url: string; child: ChildProcess },
  path: string,
  seconds: number,
): Promise<{ rps: number; cpuUs: number }> {
  const url = server.url + path;
  const cpu0 = cpuMs(server.child.pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: 'Bearer sk_test_ci_acme' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuUs = ((cpuMs(server.child.pid) - cpu0) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuUs };
}

const spread = (xs: number[]): string => `${fmt(Math.min(...xs), 2)}–${fmt(Math.max(...xs), 2)}`;

/** A bare `node:http` server: what start-up costs before any code of ours. */
const BARE_HTTP = [
  '-e',
  "require('node:http').createServer().listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port); })",
];

async function main(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const cli = ['dist/cli.js', '--port', '0', '--log-level', 'silent'];

  process.stderr.write('start-up: spawn → first answer, beside node:http…\n');
  const firstAnswers = JSON.parse(
    execFileSync(node, [...tsx, 'bench/startup.ts', ...otherNodes.flatMap((n) => ['--node', n])], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1) ?? '{}',
  ) as StartupBench;
  const dockerStart = dockerImage
    ? (JSON.parse(
        execFileSync(node, [...tsx, 'bench/docker-start.ts', '--image', dockerImage], {
          encoding: 'utf8',
        })
          .trim()
          .split('\n')
          .at(-1) ?? '{}',
      ) as DockerStartBench)
    : undefined;

  process.stderr.write('startup…\n');
  const startups: number[] = [];
  const baseStartups: number[] = [];
  const bareStartups: number[] = [];
  const baseCli = baseline ? [`${baseline}/dist/cli.js`, ...cli.slice(1)] : [];
  for (let i = 0; i < 7; i++) {
    const s = await start(cli);
    startups.push(s.ms);
    await stop(s.child);
    const bare = await start(BARE_HTTP);
    bareStartups.push(bare.ms);
    await stop(bare.child);
    if (baseline) {
      const b = await start(baseCli);
      baseStartups.push(b.ms);
      await stop(b.child);
    }
  }

  process.stderr.write('GET /v1/orders/{id} throughput…\n');
  const sandbox = await start([...cli, '--scenario', 'ci']);
  const createOrder = (url: string): Promise<Response> =>
    fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_ci_acme', 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
        tip: 100,
      }),
    });
  const order = (await (await createOrder(sandbox.url)).json()) as { order_id: string };
  const naive = await start([...tsx, 'bench/naive-express.ts', JSON.stringify(order)]);
  const prism = await start([...tsx, 'bench/prism-mock.ts']);
  // The baseline issues the same order id: same scenario, same seed, same first request.
  const base = baseline ? await start([...baseCli, '--scenario', 'ci']) : undefined;
  if (base) await createOrder(base.url);
  type Round = { rps: number; cpuUs: number };
  const none: Round = { rps: NaN, cpuUs: NaN };
  const path = `/v1/orders/${order.order_id}`;
  const measured: { sandbox: Round; naive: Round; prism: Round; base: Round }[] = [];
  for (let i = 0; i < 5; i++) {
    measured.push({
      sandbox: await load(sandbox, path, 4),
      naive: await load(naive, path, 4),
      prism: await load(prism, path, 4),
      base: base ? await load(base, path, 4) : none,
    });
  }
  const rounds = measured.map((r) => ({
    sandbox: r.sandbox.rps,
    naive: r.naive.rps,
    prism: r.prism.rps,
    base: r.base.rps,
  }));
  const cpu = (k: 'sandbox' | 'naive' | 'prism' | 'base'): number =>
    median(measured.map((r) => r[k].cpuUs));
  if (base) await stop(base.child);
  await stop(sandbox.child);
  await stop(naive.child);
  await stop(prism.child);

  process.stderr.write('the whole /v1 API beside bare node:http and a warm WireMock…\n');
  const api = runJson<ApiThroughput>('bench/api-throughput.ts');

  process.stderr.write('webhook deliveries…\n');
  type Hooks = { per_second: number; events: number; seconds: number };
  const hooks = runJson<Hooks>('bench/webhooks.ts');
  const baseHooks = baseline ? runJson<Hooks>('bench/webhooks.ts', baseline) : undefined;

  process.stderr.write('driver search…\n');
  const search = runJson<{
    index_ms_per_query: number;
    linear_ms_per_query: number;
    build_ms: number;
    mean_total_in_radius: number;
  }>('bench/driver-search.ts');
  process.stderr.write('advance 1 h with 10 000 orders…\n');
  type Advance = {
    advance_ms: number;
    create_ms: number;
    peak_rss_mb: number;
    events_fired: number;
    statuses: Record<string, number>;
  };
  const advance = runJson<Advance>('bench/advance.ts');
  const baseAdvance = baseline ? runJson<Advance>('bench/advance.ts', baseline) : undefined;
  process.stderr.write('advance 1 h with 10 000 orders, 20 % of them in trouble…\n');
  const troubled = runJson<Advance>('bench/advance.ts', process.cwd(), ['--trouble']);
  process.stderr.write('1 000 stream clients on a 60x clock…\n');
  const streams = runJson<{
    clients: number;
    orders: number;
    messages_per_second: number;
    cpu_percent: number;
    rss_mb: number;
  }>('bench/streams.ts');

  process.stderr.write('careless clients: 20 non-reading streams, 100 refusing endpoints…\n');
  type Latency = { median_ms: number; worst_ms: number };
  const abuse = runJson<{
    drivers: number;
    clients: number;
    rss_before_mb: number;
    rss_after_mb: number;
    slowest_health_ms: number;
    create_without_endpoints: Latency;
    create_with_100_endpoints: Latency;
  }>('bench/abuse.ts');

  const dashboard = runJson<{
    files: { name: string; raw: number; gzip: number }[];
    raw_bytes: number;
    gzip_bytes: number;
  }>('bench/dashboard-size.ts');
  process.stderr.write('--data persistence, restart, state export and import…\n');
  const persistence = runJson<Persistence>('bench/persistence.ts');
  process.stderr.write('peak memory of a compressed state import…\n');
  const importMemory = runJson<ImportMemory>('bench/import-memory.ts');
  process.stderr.write('named sandboxes: create, delete, 1 000 idle, a long advance beside…\n');
  const named = runJson<SandboxesBench>('bench/sandboxes.ts');
  process.stderr.write('named sandboxes: 50 clients in parallel, each its own cycle, for 60 s…\n');
  const parallel = runJson<SandboxesSoak>('bench/sandboxes-soak.ts');
  const pm = parallel.memory;
  const largest = persistence.data.at(-1)!;
  const smallest = persistence.data[0]!;

  const startupMs = median(startups);
  const bareMs = median(bareStartups);
  const sandboxRps = median(rounds.map((r) => r.sandbox));
  const naiveRps = median(rounds.map((r) => r.naive));
  const ratio = median(rounds.map((r) => r.sandbox / r.naive));
  const prismRps = median(rounds.map((r) => r.prism));
  const prismRatio = median(rounds.map((r) => r.sandbox / r.prism));
  const pass = (ok: boolean): string => (ok ? 'meets' : '**misses**');
  process.stderr.write(`soak: lunch-rush at 60x under mixed load for ${soakSeconds} s…\n`);
  const soak = JSON.parse(
    execFileSync(node, [...tsx, 'bench/soak.ts', '--seconds', String(soakSeconds)], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    })
      .trim()
      .split('\n')
      .at(-1) ?? '{}',
  ) as {
    rps: number;
    requests: number;
    failures: number;
    webhooks: number;
    samples: { s: number; rss_mb: number }[];
    second_half: { min: number; max: number; median: number; spread: number };
  };

  process.stderr.write(
    `traces: --trace against none, paired; the soak's trace over ${soakSeconds} s…\n`,
  );
  const trace = JSON.parse(
    execFileSync(node, [...tsx, 'bench/trace.ts', '--soak-seconds', String(soakSeconds)], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    })
      .trim()
      .split('\n')
      .at(-1) ?? '{}',
  ) as TraceBench;

  process.stderr.write('cluster: 3 sandbox processes behind nginx against 1…\n');
  const cluster = runJson<{
    cores: number;
    sandboxes: number;
    connections: number;
    one: number;
    three: number;
    direct: number;
    ratio: number;
    node_us_one: number;
    node_us_three: number;
    nginx_us: number;
  }>('bench/cluster.ts');

  const rows = [
    ...startupRows(firstAnswers, dockerStart),
    [
      'Start to listening (`node dist/cli.js`, default scenario)',
      `${fmt(startupMs, 0)} ms (median of 7); a bare \`node:http\` server ${fmt(bareMs, 0)} ms`,
      'reported (the budgets are the first answer, above)',
      '',
    ],
    [
      `\`GET /v1/orders/{id}\` vs a naive Express 5 handler (${CONNECTIONS} connections)`,
      `${fmt(sandboxRps, 0)} vs ${fmt(naiveRps, 0)} req/s: ratio ${fmt(ratio, 2)} (median of 5 alternating rounds; spread ${spread(rounds.map((r) => r.sandbox / r.naive))}); server CPU per request ${fmt(cpu('sandbox'), 0)} vs ${fmt(cpu('naive'), 0)} µs`,
      'ratio ≥ 1.2',
      pass(ratio >= 1.2),
    ],
    ...apiRows(api),
    [
      "`GET /v1/orders/{id}` vs Prism 5.12's static mock of the same operation",
      `${fmt(sandboxRps, 0)} vs ${fmt(prismRps, 0)} req/s: ratio ${fmt(prismRatio, 2)} (spread ${spread(rounds.map((r) => r.sandbox / r.prism))}); server CPU per request ${fmt(cpu('sandbox'), 0)} vs ${fmt(cpu('prism'), 0)} µs`,
      'ratio ≥ 3',
      pass(prismRatio >= 3),
    ],
    [
      'Signed webhook deliveries to a local receiver (another process)',
      `${fmt(hooks.per_second, 0)} per second (${hooks.events} in ${fmt(hooks.seconds, 2)} s)`,
      '≥ 2 000 / s',
      pass(hooks.per_second >= 2000),
    ],
    [
      '`GET /v1/drivers/available`, 100 000 drivers, 5 km, in process',
      `${fmt(search.index_ms_per_query * 1000, 0)} µs per query (linear scan: ${fmt(search.linear_ms_per_query * 1000, 0)} µs, ${fmt(search.linear_ms_per_query / search.index_ms_per_query, 0)}× slower); ~${fmt(search.mean_total_in_radius, 0)} drivers in radius`,
      '< 1 ms',
      pass(search.index_ms_per_query < 1),
    ],
    [
      'Advance 1 h with 10 000 active orders (20 000 drivers)',
      `${fmt(advance.advance_ms / 1000, 2)} s, ${advance.events_fired} events; peak RSS ${fmt(advance.peak_rss_mb, 0)} MB`,
      '< 3 s, < 400 MB',
      pass(advance.advance_ms < 3000 && advance.peak_rss_mb < 400),
    ],
    [
      'The same with 20 % trouble on the road (reassigned and lost drivers, late restaurants, stale locations, traffic) and a 10 s location interval',
      `${fmt(troubled.advance_ms / 1000, 2)} s, ${troubled.events_fired} events; peak RSS ${fmt(troubled.peak_rss_mb, 0)} MB`,
      '< 3 s, < 400 MB',
      pass(troubled.advance_ms < 3000 && troubled.peak_rss_mb < 400),
    ],
    [
      `${streams.clients} WebSocket stream clients, ${streams.orders} moving orders, 60× clock, 5 s`,
      `${fmt(streams.messages_per_second, 0)} messages/s; server CPU ${fmt(streams.cpu_percent, 0)} % of a core, RSS ${fmt(streams.rss_mb, 0)} MB`,
      'no budget yet',
      '',
    ],
    [
      `${abuse.clients} \`/__sandbox/stream\` clients that stop reading, ${abuse.drivers} drivers`,
      `server RSS ${fmt(abuse.rss_before_mb, 0)} → ${fmt(abuse.rss_after_mb, 0)} MB; slowest health meanwhile ${fmt(abuse.slowest_health_ms, 0)} ms`,
      'no budget yet',
      '',
    ],
    [
      '`POST /v1/orders` with 100 webhook endpoints that refuse (40 in a row)',
      `median ${fmt(abuse.create_with_100_endpoints.median_ms, 0)} ms, worst ${fmt(abuse.create_with_100_endpoints.worst_ms, 0)} ms (no endpoints: ${fmt(abuse.create_without_endpoints.median_ms, 0)} ms, ${fmt(abuse.create_without_endpoints.worst_ms, 0)} ms)`,
      'no budget yet',
      '',
    ],
    [
      'Dashboard assets shipped (dist/dashboard/: page, script, style), gzipped',
      `${fmt(dashboard.gzip_bytes / 1024)} KB gzipped (${fmt(dashboard.raw_bytes / 1024)} KB raw): ${dashboard.files.map((f) => `${f.name.replace(/-[A-Z0-9]+\./, '.')} ${fmt(f.gzip / 1024)} KB`).join(', ')}`,
      '< 50 KB gzipped (decision 14)',
      pass(dashboard.gzip_bytes < 50 * 1024),
    ],
    [
      `\`POST /v1/orders\` with \`--data\`, sequential, p50 / p99 at ${persistence.data.map((r) => r.orders).join(' / ')} orders`,
      `${persistence.data.map((r) => `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)}`).join('; ')} ms (in memory: ${fmt(persistence.memory.p50, 1)} / ${fmt(persistence.memory.p99, 1)} ms)`,
      `p99 ≤ 3 × in memory, flat from ${smallest.orders}`,
      pass(
        largest.p99 <= 3 * persistence.memory.p99 && largest.p99 <= 1.5 * Math.max(smallest.p99, 1),
      ),
    ],
    [
      `Restart with \`--data\` at ${largest.orders} orders (after SIGKILL)`,
      `${fmt(persistence.restart_ms, 0)} ms to listening`,
      '< 2 s',
      pass(persistence.restart_ms < 2000),
    ],
    [
      `Stop under load with \`--data\` (SIGTERM → exit, 8 \`POST /v1/orders\` loops), ${persistence.shutdown.rounds} rounds`,
      `${persistence.shutdown.drain_ms.join(' / ')} ms; ${persistence.shutdown.acknowledged_after_signal} orders answered 201 after the signal, ${persistence.shutdown.refused_503} refused 503; ${persistence.shutdown.lost} acknowledged orders missing after the restart`,
      'reported (every 201 kept: test/shutdown.test.ts)',
      persistence.shutdown.lost === 0 ? 'reported' : '**lost writes**',
    ],
    [
      'State export (`GET /__sandbox/state`) and import (`PUT`), `/v1` read 100 times a second meanwhile',
      persistence.export
        .map(
          (x) =>
            `${fmt(x.mb, 0)} MB (${x.orders} orders, ${x.events} events): exported in ${fmt(x.export_ms, 0)} ms, \`/v1\` p99 ${fmt(x.export_v1_p99_ms, 1)} ms over ${x.export_v1_reads} reads; imported (${x.import_status}) in ${fmt(x.import_ms, 0)} ms, \`/v1\` p99 ${fmt(x.import_v1_p99_ms, 1)} ms over ${x.import_v1_reads} reads; round trip ${x.round_trip ? 'ok' : 'broken'}`,
        )
        .join('; '),
      '100 MB round-trips; `/v1` p99 < 50 ms during the export',
      pass(
        persistence.export.every(
          (x) => x.export_v1_p99_ms < 50 && x.round_trip && x.import_status === 200,
        ),
      ),
    ],
    [
      `Peak RSS of one compressed state import (\`PUT /__sandbox/state\`, gzip)`,
      `${fmt(importMemory.state_mb, 0)} MB state as ${fmt(importMemory.gzip_kb, 0)} KB gzip: peak ${fmt(importMemory.import_gzip.peak_mb, 0)} MB (idle ${fmt(importMemory.idle.rss_mb, 0)} MB); a ${fmt(importMemory.gzip_bomb.kb, 0)} KB gzip bomb ${importMemory.gzip_bomb.status}, peak ${fmt(importMemory.gzip_bomb.peak_mb, 0)} MB; a ${importMemory.br_bomb.bytes}-byte brotli bomb ${importMemory.br_bomb.status}, peak ${fmt(importMemory.br_bomb.peak_mb, 0)} MB; four at once ${importMemory.four_at_once.status.join(', ')}, peak ${fmt(importMemory.four_at_once.peak_mb, 0)} MB, ${fmt(importMemory.after.rss_mb, 0)} MB after`,
      'reported, not asserted (issue 17)',
      '',
    ],
    [
      `Soak: \`lunch-rush\` at 60×, mixed \`/v1\` load ${fmt(soak.rps, 0)} req/s and ${soak.webhooks} webhooks over ${soakSeconds} s`,
      `RSS ${soak.samples.map((x) => fmt(x.rss_mb, 0)).join(', ')} MB every 5 s; second half ${fmt(soak.second_half.min, 0)}–${fmt(soak.second_half.max, 0)} MB, at most ${fmt(soak.second_half.spread * 100, 0)} % from its median; ${soak.failures} failures`,
      'RSS flat (±15 %) over the second half',
      pass(soak.second_half.spread <= 0.15 && soak.failures === 0),
    ],
    ...traceRows(trace, pass),
    [
      'Create a `ci` sandbox (`PUT /__sandbox/sandboxes/{name}` → 201), 1 000 in a row; delete each',
      `create p50 ${fmt(named.create_p50)} ms, p99 ${fmt(named.create_p99)} ms; delete p50 ${fmt(named.delete_p50)} ms, p99 ${fmt(named.delete_p99)} ms (a \`GET /v1/orders/{id}\` meanwhile: p50 ${fmt(named.read_p50_none)} ms; load average ${named.loadavg})`,
      'create p50 ≤ 5 ms, p99 ≤ 20 ms; delete p99 ≤ 5 ms (issue 20)',
      pass(named.create_p50 <= 5 && named.create_p99 <= 20 && named.delete_p99 <= 5),
    ],
    [
      '1 000 live idle `ci` sandboxes',
      `RSS ${fmt(named.idle_rss_mb, 0)} MB above the server without them (${fmt(named.empty_rss_mb, 0)} MB)`,
      '≤ 400 MB above empty',
      pass(named.idle_rss_mb <= 400),
    ],
    [
      "The default sandbox's `GET /v1/orders/{id}`, sequential, with 1 000 named sandboxes vs none",
      `p99 ${fmt(named.read_p99_many)} vs ${fmt(named.read_p99_none)} ms: ratio ${fmt(named.read_p99_many / named.read_p99_none, 2)}`,
      'within 1.2×',
      pass(named.read_p99_many <= 1.2 * named.read_p99_none),
    ],
    [
      "A named sandbox's own `GET /v1/orders/{id}` (routed by its key), among 1 000, vs the default sandbox's with none",
      `p50 ${fmt(named.named_read_p50_many)} vs ${fmt(named.read_p50_none)} ms; p99 ${fmt(named.named_read_p99_many)} vs ${fmt(named.read_p99_none)} ms: ratio ${fmt(named.named_read_p99_many / named.read_p99_none, 2)}`,
      'within 1.2×',
      pass(named.named_read_p99_many <= 1.2 * named.read_p99_none),
    ],
    [
      "The default sandbox's `/v1` p99 while a named sandbox advances 1 h with 10 000 orders (20 000 drivers)",
      `p99 ${fmt(named.during_p99)} ms, worst ${fmt(named.during_max)} ms over ${named.during_reads} reads; the advance took ${fmt(named.advance_ms / 1000, 1)} s (${named.advance_events} events), in slices of ${SLICE_MS} ms`,
      '≤ 50 ms',
      pass(named.during_p99 <= 50),
    ],
    [
      "The default sandbox's `/v1` p99 while a named sandbox resets to 200 000 drivers",
      `p99 ${fmt(named.reset_p99)} ms, worst ${fmt(named.reset_max)} ms over ${named.reset_reads} reads; the reset took ${fmt(named.reset_ms / 1000, 1)} s (drivers generated, indexed and filed in slices of ${SLICE_MS} ms; the event loop's worst delay ${fmt(named.reset_loop_delay_max, 0)} ms)`,
      '≤ 50 ms',
      pass(named.reset_p99 <= 50),
    ],
    [
      `Cluster: ${cluster.sandboxes} sandboxes through nginx (deploy/nginx.conf), 3 processes vs 1 (${cluster.connections} connections)`,
      `${fmt(cluster.three, 0)} vs ${fmt(cluster.one, 0)} req/s: ratio ${fmt(cluster.ratio, 2)} (median of 3 alternating rounds); 1 process without nginx ${fmt(cluster.direct, 0)} req/s; CPU per request: the sandbox processes ${fmt(cluster.node_us_one, 0)} µs (1) / ${fmt(cluster.node_us_three, 0)} µs (3), nginx ${fmt(cluster.nginx_us, 0)} µs; ${cluster.cores} cores shared by nginx, the processes and the load generator`,
      '≥ 2.5× with ≥ 4 cores (issue 20)',
      cluster.cores >= 4 ? pass(cluster.ratio >= 2.5) : `reported (${cluster.cores} cores)`,
    ],
    [
      `${parallel.clients} clients in parallel for ${parallel.seconds} s, each in a loop: create a \`ci\` sandbox, register its own receiver, 3 orders, advance 45 min, check every webhook, event and delivery, delete, its key 401 (bench/sandboxes-soak.ts, the built CLI)`,
      `${parallel.cycles} cycles, ${parallel.webhooks} webhooks: ${parallel.leaks} cross-sandbox leaks, ${parallel.lost} lost, ${parallel.errors} errors, ${parallel.sandboxes_left} sandboxes left; create p50 ${fmt(parallel.create_p50)} / p99 ${fmt(parallel.create_p99)} ms, advance ${fmt(parallel.advance_p50, 0)} / ${fmt(parallel.advance_p99, 0)} ms, delete ${fmt(parallel.delete_p50)} / ${fmt(parallel.delete_p99)} ms; server CPU ${fmt(parallel.server_cpu_ms_per_cycle)} ms per cycle (the clients and receivers ${fmt(parallel.clients_cpu_ms_per_cycle)} ms); server heap after a GC ${fmt(pm.before.heap_mb)} MB before, ${fmt(pm.after.heap_mb)} MB at the end, ${fmt(pm.settled.heap_mb)} MB 16 s later (RSS ${fmt(pm.before.rss_mb, 0)} → ${fmt(pm.settled.rss_mb, 0)} MB, peak ${fmt(pm.peak_rss_mb, 0)}); load average ${parallel.loadavg}`,
      '0 leaks, 0 lost webhooks, memory flat after the run: heap within 10 % of before (issue 20)',
      pass(
        parallel.leaks === 0 &&
          parallel.lost === 0 &&
          parallel.errors === 0 &&
          parallel.sandboxes_left === 0 &&
          pm.settled.heap_mb <= 1.1 * pm.before.heap_mb,
      ),
    ],
  ];
  const machine = cpus();
  const report = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine.length} × ${machine[0]?.model ?? 'unknown CPU'}, ${fmt(totalmem() / 2 ** 30, 0)} GiB; Node ${process.version}.

Figures on a shared 2-core machine vary by 10-20 % from run to run. The comparisons are therefore made
side by side in the same run (index vs linear scan; sandbox vs naive handler in alternating rounds),
and the ratios are the figures to trust.

| what | measured | budget (DESIGN.md §7, issue 11) | |
|---|---|---|---|
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

Details:
- Startup samples (ms): ${startups.map((s) => fmt(s, 0)).join(', ')}. This includes starting Node itself; the bare
  \`node:http\` server, started alternately: ${bareStartups.map((s) => fmt(s, 0)).join(', ')}.
  The rest, from a CPU profile of a start (decision 16): compiling the ${fmt(bundleBytes() / 2 ** 20, 1)} MiB bundle (~60 ms:
  Node 20 has no compile cache), decoding it (~10 ms), then evaluating the modules, building the world
  and listening (~90 ms). The margin to 250 ms is thin: quiet runs measure 230–245 ms, a run that
  shares the machine 250–260 ms.
- Throughput rounds (req/s, sandbox / naive / Prism): ${rounds.map((r) => `${fmt(r.sandbox, 0)} / ${fmt(r.naive, 0)} / ${fmt(r.prism, 0)}`).join(', ')}.
  Prism runs as \`prism mock\` does (prism-http's instance; security and request validation on,
  static examples), behind a plain Node HTTP server (bench/prism-mock.ts). DESIGN.md measured the
  \`prism mock\` CLI at 0.35–0.42× the naive handler. This harness skips the CLI's own server and
  logging, so Prism runs faster here (~${fmt(prismRps / naiveRps, 2)}× the naive handler), which
  makes the 3× budget stricter than against the CLI: 3 × 0.42 would be ${fmt(1.26 * naiveRps, 0)} req/s.
  The sandbox does real work on every request: request id, bearer lookup, a state read, JSON.
  The load generator (autocannon) shares the machine's two cores with the server.
- Driver index build: ${fmt(search.build_ms, 0)} ms for 100 000 drivers.
- Advance: creating the 10 000 orders took ${fmt(advance.create_ms, 0)} ms. Final statuses: ${JSON.stringify(advance.statuses)}.
`;
  const comparison =
    baseline && baseHooks && baseAdvance
      ? `
## Against a baseline

\`npm run bench -- --baseline ${baseline}\` (${baselineCommit(baseline)}), measured in the same run: startups
alternating, throughput rounds alternating with the others, the in-process measurements one after
the other. Ratios are this tree / the baseline; for times, below 1 is faster, for rates above 1.

| what | this tree | baseline | ratio |
|---|---|---|---|
| start to listening, median of 7 | ${fmt(startupMs, 0)} ms | ${fmt(median(baseStartups), 0)} ms | ${fmt(startupMs / median(baseStartups), 2)} |
| \`GET /v1/orders/{id}\`, median of 5 paired rounds | ${fmt(sandboxRps, 0)} req/s | ${fmt(median(rounds.map((r) => r.base)), 0)} req/s | ${fmt(median(rounds.map((r) => r.sandbox / r.base)), 2)} |
| the same, each against the naive handler of its round | ${fmt(ratio, 2)} | ${fmt(median(rounds.map((r) => r.base / r.naive)), 2)} | |
| server CPU per request (µs), median of the rounds | ${fmt(cpu('sandbox'), 0)} | ${fmt(cpu('base'), 0)} | ${fmt(cpu('sandbox') / cpu('base'), 2)} |
| signed webhook deliveries | ${fmt(hooks.per_second, 0)} / s | ${fmt(baseHooks.per_second, 0)} / s | ${fmt(hooks.per_second / baseHooks.per_second, 2)} |
| advance 1 h, 10 000 orders | ${fmt(advance.advance_ms, 0)} ms | ${fmt(baseAdvance.advance_ms, 0)} ms | ${fmt(advance.advance_ms / baseAdvance.advance_ms, 2)} |
| creating those 10 000 orders | ${fmt(advance.create_ms, 0)} ms | ${fmt(baseAdvance.create_ms, 0)} ms | ${fmt(advance.create_ms / baseAdvance.create_ms, 2)} |
| peak RSS of that run | ${fmt(advance.peak_rss_mb, 0)} MB | ${fmt(baseAdvance.peak_rss_mb, 0)} MB | ${fmt(advance.peak_rss_mb / baseAdvance.peak_rss_mb, 2)} |

Startup samples (ms), this tree / baseline: ${startups.map((x, i) => `${fmt(x, 0)} / ${fmt(baseStartups[i] ?? NaN, 0)}`).join(', ')}.
`
      : '';
  const existing = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : undefined;
  writeFileSync('BENCHMARKS.md', withKeptNotes(report + comparison, existing));
  process.stdout.write(report + comparison);
}

/** The rows of issue 21's start-up budgets: spawn → first answer per Node, and the image's. */
function startupRows(bench: StartupBench, docker: DockerStartBench | undefined): string[][] {
  const pass = (ok: boolean): string => (ok ? 'meets' : '**misses**');
  const cell = (s: Samples): string =>
    `${fmt(median(s.ms), 0)} ms (CPU ${fmt(median(s.cpu_ms), 0)} ms)`;
  const rows = bench.nodes.map((n) => {
    const modern = n.cli_cached !== undefined;
    const cli = n.cli_cached ?? n.cli;
    const budget = modern ? 250 : 330;
    const ratio = median(cli.ms.map((ms, i) => ms / n.bare.ms[i]!));
    return [
      `Spawn → first answered \`POST /v1/orders\` (\`node dist/cli.js\`, default scenario), Node ${n.version}${modern ? ', compile cache warmed' : ''}`,
      `${cell(cli)}${modern ? `; cache off ${cell(n.cli)}` : ''}; a bare \`node:http\` server ${cell(n.bare)}: ratio ${fmt(ratio, 2)} (median of ${bench.rounds} alternating rounds; load average ${bench.loadavg})`,
      `≤ ${budget} ms (issue 21)`,
      pass(median(cli.ms) <= budget),
    ];
  });
  if (docker)
    rows.push([
      `\`docker run\` → first 200 on \`/v1\` (${docker.image}, \`--read-only\`, published on 127.0.0.1)`,
      `${fmt(median(docker.cached), 0)} ms; cache off ${fmt(median(docker.uncached), 0)} ms; a bare \`node:http\` server in the same image ${fmt(median(docker.bare), 0)} ms (median of ${docker.rounds} alternating rounds; load average ${docker.loadavg})`,
      '≤ 600 ms (issue 21)',
      pass(median(docker.cached) <= 600),
    ]);
  return rows;
}

/** The size of the CLI's bundle: its entry and chunks (scripts/bundle.mjs). */
function bundleBytes(): number {
  return readdirSync('dist')
    .filter((f) => f === 'cli.js' || /^chunk-\w+\.js$/.test(f))
    .reduce((sum, f) => sum + statSync(`dist/${f}`).size, 0);
}

/** The baseline checkout's commit, for the report. */
function baselineCommit(dir: string): string {
  try {
    return `commit ${execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`;
  } catch {
    return 'not a git checkout';
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/** The rows of bench/trace.ts: recording's cost, paired, and the size of the soak's trace. */
function traceRows(t: TraceBench, pass: (ok: boolean) => string): string[][] {
  const pair = (p: TraceBench['read']): string =>
    `${fmt(p.rps.traced, 0)} vs ${fmt(p.rps.plain, 0)} req/s: ratio ${fmt(p.rps_ratio, 2)}; server CPU per request ${fmt(p.cpu_us.traced, 0)} vs ${fmt(p.cpu_us.plain, 0)} µs: ratio ${fmt(p.cpu_ratio, 2)}`;
  const rows = [
    [
      `Recording a trace (\`--trace\`) against none, ${t.rounds} alternating rounds of ${t.seconds} s, 50 connections: \`GET /v1/orders/{id}\` · \`POST /v1/orders\``,
      `${pair(t.read)} · ${pair(t.create)} (medians of the paired ratios; load average ${t.loadavg})`,
      'costs ≤ 10 % of throughput (issue 23)',
      pass(t.read.rps_ratio >= 0.9 && t.create.rps_ratio >= 0.9),
    ],
  ];
  if (t.soak)
    rows.push([
      `Trace of a ${fmt(t.soak.seconds / 60, 0)}-minute \`lunch-rush\` at 60× under the soak's mixed load (${fmt(t.soak.rps, 0)} req/s, ${t.soak.webhooks} webhooks)`,
      `${fmt(t.soak.file_mb)} MB gzipped (${fmt(t.soak.json_mb)} MB of JSON, ${Object.values(t.soak.records).reduce((a, b) => a + b, 0)} records: ${Object.entries(
        t.soak.records,
      )
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}); closed in good order: ${t.soak.closed}`,
      '< 100 MB for 10 minutes (docs/traces.md)',
      pass(t.soak.file_mb < 100 && t.soak.closed),
    ]);
  return rows;
}
