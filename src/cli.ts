#!/usr/bin/env node
import { Command, InvalidArgumentError, Option } from 'commander';
import { createLogger, type LogFormat, type LogLevel } from './logger.js';
import { startSandbox, type Sandbox } from './sandbox.js';
import { ControlClient, formatDeliveries } from './client/control-client.js';
import { loadScenario, ScenarioError } from './scenarios/load-scenario.js';
import { VERSION } from './version.js';

/**
 * The command line: the only module that reads argv and the environment, prints, and exits.
 * Every option can also be set as a DELIVERY_SANDBOX_* environment variable.
 */

interface StartOptions {
  port: number;
  host: string;
  scenario: string;
  seed?: string;
  clock?: 'realtime' | 'manual';
  speed?: number;
  adminToken?: string;
  logLevel: LogLevel;
  logFormat?: LogFormat;
  webhookUrl?: string[];
  webhookSecret?: string;
  data?: string;
}

function parseWebhookUrls(value: string, previous: string[] = []): string[] {
  const urls = value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!/^https?:\/\/[^\s/]+/.test(url))
      throw new InvalidArgumentError(
        `expected an http(s) URL such as http://localhost:3000/webhooks; got "${url}"`,
      );
  }
  return [...previous, ...urls];
}

function parseWebhookSecret(value: string): string {
  if (!/^whsec_[A-Za-z0-9_]{8,100}$/.test(value))
    throw new InvalidArgumentError(
      'expected whsec_ followed by 8 to 100 letters, digits or underscores',
    );
  return value;
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535 (0 = any free port)');
  return n;
}

function parseSpeed(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 10000)
    throw new InvalidArgumentError('expected a number above 0 and at most 10000');
  return n;
}

function banner(sandbox: Sandbox, dataFile: string | undefined): string {
  const { scenario } = sandbox;
  const clockNow = new Date(sandbox.clock.now()).toISOString();
  const readOnly = scenario.accounts.flatMap((a) => a.api_keys).find((k) => k.startsWith('rk_'));
  const clock =
    scenario.clock.mode === 'manual'
      ? 'manual (advance it with the control plane)'
      : `realtime (${scenario.clock.speed}x)`;
  return [
    `delivery-sandbox ${VERSION}: scenario "${scenario.name}", seed "${scenario.seed}"`,
    `  API        ${sandbox.url}/v1`,
    `  API key    ${sandbox.apiKey}${readOnly ? `   (read-only: ${readOnly})` : ''}`,
    `  Docs       ${sandbox.url}/openapi.json`,
    `  Control    ${sandbox.url}/__sandbox   (docs: ${sandbox.url}/__sandbox/openapi.json)`,
    `  Clock      ${clock}, now ${clockNow}`,
    ...(dataFile ? [`  Data       ${dataFile}`] : []),
    ...sandbox.webhookEndpoints.map(
      (e) =>
        `  Webhooks   ${e.url}   secret ${e.secret}${e.events.includes('*') ? '' : `   (${e.events.join(', ')})`}`,
    ),
    `  Try        curl -H "Authorization: Bearer ${sandbox.apiKey}" "${sandbox.url}/v1/drivers/available?lat=${scenario.city.center.lat}&lng=${scenario.city.center.lng}"`,
    'Press Ctrl+C to stop.',
  ].join('\n');
}

async function start(opts: StartOptions): Promise<void> {
  const format: LogFormat = opts.logFormat ?? (process.stderr.isTTY ? 'pretty' : 'json');
  const logger = await createLogger(opts.logLevel, format, process.stderr);
  const sandbox = await startSandbox({
    port: opts.port,
    host: opts.host,
    scenario: opts.scenario,
    seed: opts.seed,
    clock: opts.clock,
    speed: opts.speed,
    adminToken: opts.adminToken,
    logger,
    webhooks: (opts.webhookUrl ?? []).map((url) => ({ url, secret: opts.webhookSecret })),
    data: opts.data,
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // After the handlers: whoever waits for the banner may signal at once.
  process.stdout.write(`${banner(sandbox, opts.data)}\n`);
}

const env = (name: string): string => `DELIVERY_SANDBOX_${name}`;

const program = new Command()
  .name('delivery-sandbox')
  .description('A local, stateful sandbox of the delivery-orders API.')
  .version(VERSION, '-v, --version', 'print the version')
  .helpOption('-h, --help', 'show help')
  .addHelpText(
    'after',
    "\nRun `delivery-sandbox start --help` for the server's options (port, scenario, clock, webhooks, data…).",
  );

program
  .command('start', { isDefault: true })
  .description('start the sandbox (the default command)')
  .addOption(
    new Option('-p, --port <port>', 'port to listen on; 0 = any free port')
      .default(4242)
      .argParser(parsePort)
      .env(env('PORT')),
  )
  .addOption(
    new Option('--host <host>', 'interface to listen on').default('127.0.0.1').env(env('HOST')),
  )
  .addOption(
    new Option('-s, --scenario <name|path>', 'bundled scenario name or scenario file')
      .default('default')
      .env(env('SCENARIO')),
  )
  .addOption(new Option('--seed <seed>', "override the scenario's seed").env(env('SEED')))
  .addOption(
    new Option('--clock <mode>', "override the scenario's clock mode")
      .choices(['realtime', 'manual'])
      .env(env('CLOCK')),
  )
  .addOption(
    new Option('--speed <n>', 'virtual seconds per real second (realtime clock)')
      .argParser(parseSpeed)
      .env(env('SPEED')),
  )
  .addOption(
    new Option('--admin-token <token>', 'require this bearer token on /__sandbox').env(
      env('ADMIN_TOKEN'),
    ),
  )
  .addOption(
    new Option(
      '--webhook-url <url>',
      'deliver webhooks to this URL (repeatable; comma-separated in the variable)',
    )
      .argParser(parseWebhookUrls)
      .env(env('WEBHOOK_URL')),
  )
  .addOption(
    new Option(
      '--webhook-secret <secret>',
      'signing secret for --webhook-url (default: generated from the seed)',
    )
      .argParser(parseWebhookSecret)
      .env(env('WEBHOOK_SECRET')),
  )
  .addOption(
    new Option('--data <file>', 'keep the whole state in this JSON file; a restart resumes it').env(
      env('DATA'),
    ),
  )
  .addOption(
    new Option('--log-level <level>', 'log level')
      .choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .env(env('LOG_LEVEL')),
  )
  .addOption(
    new Option(
      '--log-format <format>',
      'pretty or json (default: pretty on a terminal, json otherwise)',
    )
      .choices(['pretty', 'json'])
      .env(env('LOG_FORMAT')),
  )
  .action(start);

// Client subcommands, against a running sandbox's control plane.
const urlOption = (): Option =>
  new Option('--url <url>', 'the running sandbox').default('http://127.0.0.1:4242').env(env('URL'));
const tokenOption = (): Option =>
  new Option('--admin-token <token>', "the sandbox's admin token, if it has one").env(
    env('ADMIN_TOKEN'),
  );
const client = (opts: { url: string; adminToken?: string }): ControlClient =>
  new ControlClient(opts.url, opts.adminToken);
const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};
const json = (value: unknown): string => JSON.stringify(value, null, 2);

program
  .command('advance <duration>')
  .description(
    'advance the clock of a running sandbox (90, 90s, 10m, 1h30m), running everything due',
  )
  .addOption(urlOption())
  .addOption(tokenOption())
  .option('--json', 'print the whole answer as JSON')
  .action(async (duration: string, opts: { url: string; adminToken?: string; json?: boolean }) => {
    const result = await client(opts).advance(duration);
    if (opts.json) return print(json(result));
    print(
      `now ${result.now}; ${result.fired.length} event${result.fired.length === 1 ? '' : 's'} fired`,
    );
    for (const e of result.fired)
      print(`  ${e.created_at}  ${e.event.padEnd(21)}  ${e.data.order.order_id}`);
  });

program
  .command('trigger <order_id> [status]')
  .description(
    'move an order to its next status now, or straight to [status] (driver_assigned, picked_up, delivered)',
  )
  .addOption(urlOption())
  .addOption(tokenOption())
  .option('--json', 'print the order as JSON')
  .action(
    async (
      orderId: string,
      status: string | undefined,
      opts: { url: string; adminToken?: string; json?: boolean },
    ) => {
      const order = await client(opts).trigger(orderId, status);
      print(opts.json ? json(order) : `${order.order_id}: ${order.status}`);
    },
  );

program
  .command('cancel <order_id>')
  .description('cancel an order as the restaurant or the system')
  .addOption(
    new Option('--by <who>', 'who cancels').choices(['restaurant', 'system']).makeOptionMandatory(),
  )
  .option('--reason <reason>', 'recorded as cancellation.reason')
  .addOption(urlOption())
  .addOption(tokenOption())
  .option('--json', 'print the order as JSON')
  .action(
    async (
      orderId: string,
      opts: { by: string; reason?: string; url: string; adminToken?: string; json?: boolean },
    ) => {
      const order = await client(opts).cancel(orderId, opts.by, opts.reason);
      print(opts.json ? json(order) : `${order.order_id}: ${order.status} by ${opts.by}`);
    },
  );

program
  .command('reset')
  .description('put a running sandbox back to a fresh scenario state')
  .option('--scenario <name|path>', 'switch to this scenario')
  .option('--seed <seed>', 'use this seed')
  .addOption(urlOption())
  .addOption(tokenOption())
  .action(async (opts: { scenario?: string; seed?: string; url: string; adminToken?: string }) => {
    const r = await client(opts).reset({ scenario: opts.scenario, seed: opts.seed });
    print(`reset: scenario "${r.scenario}", seed "${r.seed}", now ${r.clock.now}`);
  });

program
  .command('deliveries')
  .description('list webhook delivery attempts, oldest first')
  .option('--order <order_id>', 'only this order')
  .option('--event <event>', 'only this event')
  .addOption(
    new Option('--status <status>', 'only this status').choices([
      'succeeded',
      'failed',
      'retrying',
    ]),
  )
  .addOption(urlOption())
  .addOption(tokenOption())
  .option('--json', 'print the attempts as JSON')
  .action(
    async (opts: {
      order?: string;
      event?: string;
      status?: string;
      url: string;
      adminToken?: string;
      json?: boolean;
    }) => {
      const { deliveries } = await client(opts).deliveries({
        order_id: opts.order,
        event: opts.event,
        status: opts.status,
      });
      print(opts.json ? json(deliveries) : formatDeliveries(deliveries));
    },
  );

program
  .command('scenarios')
  .description('list the bundled scenarios of a running sandbox')
  .addOption(urlOption())
  .addOption(tokenOption())
  .action(async (opts: { url: string; adminToken?: string }) => {
    const { scenarios } = await client(opts).scenarios();
    for (const s of scenarios)
      print(`${s.current ? '*' : ' '} ${s.name.padEnd(15)} ${s.description}`);
  });

program
  .command('validate <file>')
  .description('check a scenario file, offline')
  .action((file: string) => {
    const s = loadScenario(file);
    print(
      `ok: ${file} is scenario "${s.name}": ${s.accounts.length} account(s), ${s.drivers.count + s.drivers.list.length} driver(s), ${s.orders.length} order(s), ${s.script.length} script step(s)`,
    );
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  const message = err instanceof ScenarioError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`delivery-sandbox: ${message}\n`);
  process.exit(1);
});
