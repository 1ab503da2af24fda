import type { Logger } from 'pino';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { BannerFacts } from './banner.js';

/** What the start line reads of a running sandbox. */
export type StartLineSandbox = Pick<
  Sandbox,
  'url' | 'keys' | 'scenario' | 'webhookEndpoints' | 'webhookSecret' | 'nodeName'
> & {
  readonly clock: Pick<Sandbox['clock'], 'now'>;
};

/** One account as the start line lists it: its first read-write and first read-only key. */
export interface StartLineAccount {
  account_id: string;
  name: string;
  api_key: string | null;
  read_only_key: string | null;
}

/**
 * The fields of the start line besides pino's own (`level`, `time`, `service`, `msg`): everything
 * a test harness in any language needs to use the sandbox it started (docs/cli.md).
 */
export interface StartLineFields {
  event: 'listening';
  version: string;
  url: string;
  api: string;
  control: string;
  dashboard: string;
  stream: string;
  scenario: string;
  seed: string;
  clock: { mode: string; speed: number; now: string };
  node: string;
  pid: number;
  accounts: StartLineAccount[];
  /** The first webhook endpoint's signing secret; null when none was given at start. */
  webhook_secret: string | null;
  webhooks: { endpoint_id: string; url: string; secret: string; events: string[] }[];
  data: string | null;
}

/** The start line's fields for `sandbox`, as listening now in process `pid`. */
export function startLineFields(
  sandbox: StartLineSandbox,
  facts: BannerFacts & { pid: number },
): StartLineFields {
  const { url, scenario } = sandbox;
  return {
    event: 'listening',
    version: facts.version,
    url,
    api: `${url}/v1`,
    control: `${url}/__sandbox`,
    dashboard: `${url}/`,
    stream: `${url.replace(/^http/, 'ws')}/__sandbox/stream`,
    scenario: scenario.name,
    seed: scenario.seed,
    clock: {
      mode: scenario.clock.mode,
      speed: scenario.clock.speed,
      now: new Date(sandbox.clock.now()).toISOString(),
    },
    node: sandbox.nodeName,
    pid: facts.pid,
    accounts: sandbox.keys.map((a) => ({
      account_id: a.account_id,
      name: a.name,
      api_key: a.api_keys.find((k) => k.startsWith('sk_')) ?? null,
      read_only_key: a.api_keys.find((k) => k.startsWith('rk_')) ?? null,
    })),
    webhook_secret: sandbox.webhookSecret ?? null,
    webhooks: sandbox.webhookEndpoints.map((e) => ({
      endpoint_id: e.endpoint_id,
      url: maskUrlCredentials(e.url),
      secret: e.secret,
      events: [...e.events],
    })),
    data: facts.dataFile ?? null,
  };
}

/**
 * Writes the start line: one pino record at `info`, `msg` "listening", through `logger` (a JSON
 * logger on stdout, at `info` whatever `--log-level` says, since the line replaces the banner).
 * It carries the test keys and webhook secrets, as the banner does (docs/security.md).
 */
export function writeStartLine(
  logger: Logger,
  sandbox: StartLineSandbox,
  facts: BannerFacts & { pid: number },
): void {
  logger.info(startLineFields(sandbox, facts), 'listening');
}
