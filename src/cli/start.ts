// Near 270 lines: the start command is one list of options (each flag, its env variable and its help), read once into SandboxOptions; the parsing rules are in options.ts and retention-flags.ts.
import { Option, type Command } from 'commander';
import { didYouMean } from '../domain/closest-match.js';
import type { Logger } from 'pino';
import { CLI_PORT, DEFAULTS, type SandboxOptions } from '../sandbox/config.js';
import type { ClockMode } from '../domain/scenario.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '../log-levels.js';
import { addRetentionOptions, retentionFromFlags, type RetentionFlags } from './retention-flags.js';
import {
  envVar,
  parseAdminToken,
  parseAllowedHosts,
  parseClockMode,
  parseCorsOrigins,
  parseJournalSize,
  parseLocationInterval,
  parseMaxSandboxes,
  parseSandboxMaxOrders,
  parseNodeName,
  parsePort,
  parseSpeed,
  parseWebhookSecret,
  parseWebhookUrls,
} from './options.js';

/** The `start` flags as commander hands them over, the `DELIVERY_SANDBOX_*` variables applied. */
export interface StartFlags extends RetentionFlags {
  port: number;
  host: string;
  /** Unset when not given: the data file's scenario, else `default`. */
  scenario?: string;
  seed?: string;
  clock?: ClockMode;
  speed?: number;
  locationInterval?: string;
  adminToken?: string;
  logLevel: LogLevel;
  logFormat?: LogFormat;
  webhookUrl?: string[];
  webhookSecret?: string;
  data?: string;
  trace?: string;
  allowedHost?: string[];
  corsOrigin?: string[];
  journalSize?: number;
  maxSandboxes?: number;
  sandboxMaxOrders?: number;
  nodeName?: string;
}

/**
 * The flags as `startSandbox` options: each `--webhook-url` becomes an endpoint signed with
 * `--webhook-secret` (or a secret generated from the seed).
 */
export function toSandboxOptions(flags: StartFlags, logger: Logger): SandboxOptions {
  return {
    port: flags.port,
    host: flags.host,
    scenario: flags.scenario,
    seed: flags.seed,
    clock: flags.clock,
    speed: flags.speed,
    locationInterval: flags.locationInterval,
    adminToken: flags.adminToken,
    logger,
    webhooks: (flags.webhookUrl ?? []).map((url) => ({ url, secret: flags.webhookSecret })),
    data: flags.data,
    trace: flags.trace,
    allowedHosts: flags.allowedHost,
    corsOrigins: flags.corsOrigin,
    retention: retentionFromFlags(flags),
    journal: { maxEntries: flags.journalSize },
    maxSandboxes: flags.maxSandboxes,
    sandboxMaxOrders: flags.sandboxMaxOrders,
    nodeName: flags.nodeName,
  };
}

/**
 * The `start` command's action: the server itself is a chunk of its own, loaded only here
 * (src/cli/run-sandbox.ts), so the client subcommands start without loading it (decision 20).
 */
async function start(given: StartFlags, command: Command): Promise<void> {
  // The default scenario only when none was named: a --data file's own scenario resumes instead.
  const named = command.getOptionValueSource('scenario') !== 'default';
  const flags = named ? given : { ...given, scenario: undefined };
  const { runSandbox } = await import('./run-sandbox.js');
  await runSandbox(flags, (logger) => toSandboxOptions(flags, logger));
}

/**
 * Refuses words after `start`. As the default command, `start` receives any word that names no
 * command (`delivery-sandbox stat`), where commander would say "too many arguments for 'start'":
 * say the command is unknown and suggest the closest one instead.
 */
function refuseOperands(program: Command) {
  return (_hooked: Command, start: Command): void => {
    const [word] = start.args;
    if (word === undefined) return;
    if (program.args[0] === 'start')
      start.error(`error: 'start' takes options only; got the argument '${word}'`, {
        code: 'commander.excessArguments',
      });
    const names = program
      .createHelp()
      .visibleCommands(program)
      .map((c) => c.name());
    start.error(
      `error: unknown command '${word}'${didYouMean(word, names)} (run ${program.name()} --help for the commands)`,
      { code: 'commander.unknownCommand' },
    );
  };
}

/**
 * Adds the `start` command, the default one, to `program`: its options (each also a
 * `DELIVERY_SANDBOX_*` variable; defaults from src/sandbox/config.ts) and its action.
 */
export function addStartCommand(program: Command): Command {
  return addRetentionOptions(program.command('start', { isDefault: true }))
    .description('start the sandbox (the default command)')
    .allowExcessArguments(true)
    .hook('preAction', refuseOperands(program))
    .addOption(
      new Option('-p, --port <port>', 'port to listen on; 0 = any free port')
        .default(CLI_PORT)
        .argParser(parsePort)
        .env(envVar('PORT')),
    )
    .addOption(
      new Option('--host <host>', 'interface to listen on')
        .default(DEFAULTS.host)
        .env(envVar('HOST')),
    )
    .addOption(
      new Option('-s, --scenario <name|path>', 'bundled scenario name or scenario file')
        .default(DEFAULTS.scenario)
        .env(envVar('SCENARIO')),
    )
    .addOption(new Option('--seed <seed>', "override the scenario's seed").env(envVar('SEED')))
    .addOption(
      new Option('--clock <mode>', "override the scenario's clock mode: realtime or manual")
        .argParser(parseClockMode)
        .env(envVar('CLOCK')),
    )
    .addOption(
      new Option('--speed <n>', 'virtual seconds per real second (realtime clock)')
        .argParser(parseSpeed)
        .env(envVar('SPEED')),
    )
    .addOption(
      new Option(
        '--location-interval <duration>',
        "how often drivers report their position, 1s to 10m (default: the scenario's, 10s)",
      )
        .argParser(parseLocationInterval)
        .env(envVar('LOCATION_INTERVAL')),
    )
    .addOption(
      new Option('--admin-token <token>', 'require this bearer token on /__sandbox')
        .argParser(parseAdminToken)
        .env(envVar('ADMIN_TOKEN')),
    )
    .addOption(
      new Option(
        '--webhook-url <url>',
        'deliver webhooks to this URL (repeatable; comma-separated in the variable)',
      )
        .argParser(parseWebhookUrls)
        .env(envVar('WEBHOOK_URL')),
    )
    .addOption(
      new Option(
        '--webhook-secret <secret>',
        'signing secret for --webhook-url (default: generated from the seed)',
      )
        .argParser(parseWebhookSecret)
        .env(envVar('WEBHOOK_SECRET')),
    )
    .addOption(
      new Option(
        '--data <file>',
        'keep the state in this file (a snapshot and a change journal beside it); a restart resumes it',
      ).env(envVar('DATA')),
    )
    .addOption(
      new Option(
        '--trace <file>',
        'record a trace of the run into this file (gzipped JSON lines: requests, events, webhooks, clock; docs/traces.md)',
      ).env(envVar('TRACE')),
    )
    .addOption(
      new Option(
        '--allowed-host <host>',
        'also answer this Host name (name or name:port; * = any; repeatable; comma-separated in the variable)',
      )
        .argParser(parseAllowedHosts)
        .env(envVar('ALLOWED_HOST')),
    )
    .addOption(
      new Option(
        '--cors-origin <origin>',
        'let pages from this origin call /v1 (CORS; repeatable; comma-separated in the variable)',
      )
        .argParser(parseCorsOrigins)
        .env(envVar('CORS_ORIGIN')),
    )
    .addOption(
      new Option('--journal-size <n>', 'keep the last n /v1 requests in the request journal')
        .default(DEFAULTS.journal.maxEntries)
        .argParser(parseJournalSize)
        .env(envVar('JOURNAL_SIZE')),
    )
    .addOption(
      new Option(
        '--max-sandboxes <n>',
        'hold at most n named sandboxes at once (PUT /__sandbox/sandboxes/{name})',
      )
        .default(DEFAULTS.maxSandboxes)
        .argParser(parseMaxSandboxes)
        .env(envVar('MAX_SANDBOXES')),
    )
    .addOption(
      new Option(
        '--sandbox-max-orders <n>',
        'hold at most n orders in each named sandbox (POST /v1/orders past it: 409 sandbox_full)',
      )
        .default(DEFAULTS.sandboxMaxOrders)
        .argParser(parseSandboxMaxOrders)
        .env(envVar('SANDBOX_MAX_ORDERS')),
    )
    .addOption(
      new Option(
        '--node-name <name>',
        'name of this process in GET /__sandbox/health (default: the host name)',
      )
        .argParser(parseNodeName)
        .env(envVar('NODE_NAME')),
    )
    .addOption(
      new Option('--log-level <level>', 'log level')
        .choices(LOG_LEVELS)
        .default('info')
        .env(envVar('LOG_LEVEL')),
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'pretty or json (default: pretty on a terminal, json otherwise); when given as json, stdout gets one JSON start line instead of the banner',
      )
        .choices(LOG_FORMATS)
        .env(envVar('LOG_FORMAT')),
    )
    .action(start);
}
