#!/usr/bin/env node
import { Command, InvalidArgumentError, Option } from 'commander';
import { createLogger, type LogFormat, type LogLevel } from './logger.js';
import { startSandbox, type Sandbox } from './sandbox.js';
import { ScenarioError } from './scenarios/load-scenario.js';
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

function banner(sandbox: Sandbox): string {
  const { scenario, context } = sandbox;
  const readOnly = scenario.accounts.flatMap((a) => a.api_keys).find((k) => k.startsWith('rk_'));
  const clock =
    context.clock.mode === 'manual'
      ? 'manual (advance it with the control plane)'
      : `realtime (${context.clock.speed}x)`;
  return [
    `delivery-sandbox ${VERSION}: scenario "${scenario.name}", seed "${scenario.seed}"`,
    `  API        ${sandbox.url}/v1`,
    `  API key    ${sandbox.apiKey}${readOnly ? `   (read-only: ${readOnly})` : ''}`,
    `  Docs       ${sandbox.url}/openapi.json`,
    `  Control    ${sandbox.url}/__sandbox   (docs: ${sandbox.url}/__sandbox/openapi.json)`,
    `  Clock      ${clock}, now ${context.clock.iso()}`,
    ...(sandbox.dataFile ? [`  Data       ${sandbox.dataFile}`] : []),
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
  process.stdout.write(`${banner(sandbox)}\n`);
}

const env = (name: string): string => `DELIVERY_SANDBOX_${name}`;

const program = new Command()
  .name('delivery-sandbox')
  .description('A local, stateful sandbox of the delivery-orders API.')
  .version(VERSION, '-v, --version', 'print the version')
  .helpOption('-h, --help', 'show help');

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

program.parseAsync(process.argv).catch((err: unknown) => {
  const message = err instanceof ScenarioError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`delivery-sandbox: ${message}\n`);
  process.exit(1);
});
