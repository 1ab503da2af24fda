import { InvalidArgumentError } from 'commander';
import {
  ADMIN_TOKEN_RULE,
  ADMIN_TOKEN_SHAPE,
  SANDBOX_NAME,
  SANDBOX_NAME_RULE,
} from '../domain/api-key.js';
import { CATALOGUE } from '../errors/catalogue.js';
import { NODE_NAME_RULE, NODE_NAME_SHAPE } from '../sandbox/config.js';
import type { ClockMode } from '../domain/scenario.js';
import { checkOption, type OptionRule } from '../scenarios/start-option-rules.js';
import { checkLocationInterval } from '../scenarios/check-trouble.js';

/**
 * The argument parsers the commands share. Each takes the raw text of a flag (or of its
 * `DELIVERY_SANDBOX_*` variable) and returns the value, or throws commander's
 * InvalidArgumentError, which commander prints as one line naming the flag.
 */

/**
 * The environment variable that sets a flag.
 *
 * @example envVar('PORT') // 'DELIVERY_SANDBOX_PORT'
 */
export function envVar(name: string): string {
  return `DELIVERY_SANDBOX_${name}`;
}

/** `--port`: a whole number from 0 to 65535, where 0 asks for any free port. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535 (0 = any free port)');
  return n;
}

/**
 * Throws commander's InvalidArgumentError when the scenario schema's `rule` refuses `value` (the
 * rule `startSandbox()` and scenario files follow too).
 */
function follow<T>(rule: OptionRule, value: T): T {
  const problem = checkOption(rule, value);
  if (problem !== undefined) throw new InvalidArgumentError(problem);
  return value;
}

/** `--clock`: `realtime` or `manual`, as a scenario's `clock.mode`. */
export function parseClockMode(value: string): ClockMode {
  return follow('clockMode', value) as ClockMode;
}

/** `--speed`: virtual seconds per real second, as a scenario's `clock.speed` (above 0, at most 10000). */
export function parseSpeed(value: string): number {
  return follow('speed', value.trim() === '' ? Number.NaN : Number(value));
}

/** `--location-interval`: a duration from 1s to 10m, as a scenario's `location.update_interval`. */
export function parseLocationInterval(value: string): string {
  const problem = checkLocationInterval(value.trim());
  if (problem !== undefined) throw new InvalidArgumentError(problem);
  return value.trim();
}

/** `--journal-size`: how many `/v1` requests the request journal keeps, 1 to 100000. */
export function parseJournalSize(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 100_000)
    throw new InvalidArgumentError('expected a whole number of requests from 1 to 100000');
  return n;
}

/** `--max-sandboxes`: how many named sandboxes the server holds at once, 0 to 100000. */
export function parseMaxSandboxes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 100_000)
    throw new InvalidArgumentError('expected a whole number of sandboxes from 0 to 100000');
  return n;
}

/** `--sandbox-max-orders`: how many orders a named sandbox holds at most, 1 to 10000000. */
export function parseSandboxMaxOrders(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 10_000_000)
    throw new InvalidArgumentError('expected a whole number of orders from 1 to 10000000');
  return n;
}

/**
 * `--webhook-url`: one or more comma-separated http(s) URLs, appended to those of earlier
 * occurrences (the flag is repeatable; the variable holds a comma-separated list).
 */
export function parseWebhookUrls(value: string, previous: string[] = []): string[] {
  const urls = value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) follow('webhookUrl', url);
  return [...previous, ...urls];
}

/** `--webhook-secret`: `whsec_` followed by 8 to 100 letters, digits or underscores. */
export function parseWebhookSecret(value: string): string {
  return follow('webhookSecret', value);
}

/**
 * `--allowed-host`: one or more comma-separated Host names (`name` or `name:port`, or `*` for any),
 * appended to those of earlier occurrences.
 */
export function parseAllowedHosts(value: string, previous: string[] = []): string[] {
  const hosts = value
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (const host of hosts) {
    if (host !== '*' && !/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host))
      throw new InvalidArgumentError(
        `expected a host name such as sandbox.local or sandbox.local:8080, or * for any; got "${host}"`,
      );
  }
  return [...previous, ...hosts];
}

/**
 * `--cors-origin`: one or more comma-separated web origins (`scheme://host[:port]`, no path),
 * appended to those of earlier occurrences.
 */
export function parseCorsOrigins(value: string, previous: string[] = []): string[] {
  const origins = value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: string | undefined;
    try {
      parsed = new URL(origin).origin;
    } catch {
      parsed = undefined;
    }
    if (parsed !== origin || !/^https?:/.test(origin))
      throw new InvalidArgumentError(
        `expected a web origin such as http://localhost:5173 (scheme, host and port, no path or trailing slash); got "${origin}"`,
      );
  }
  return [...previous, ...origins];
}

/**
 * `--admin-token`: printable ASCII without spaces, which a Bearer header can carry. The message
 * does not repeat the token: it is a secret.
 */
export function parseAdminToken(value: string): string {
  if (!ADMIN_TOKEN_SHAPE.test(value))
    throw new InvalidArgumentError(
      `expected ${ADMIN_TOKEN_RULE}; check for spaces or line breaks around it`,
    );
  return value;
}

/**
 * `--sandbox`: a sandbox name (SANDBOX_NAME; `default` names the default sandbox), refused with
 * the catalogue's `invalid_sandbox_name` message before any request is sent.
 */
export function parseSandboxName(value: string): string {
  if (!SANDBOX_NAME.test(value))
    throw new InvalidArgumentError(
      CATALOGUE.invalid_sandbox_name.message({ name: value, rule: SANDBOX_NAME_RULE }),
    );
  return value;
}

/** `--node-name`: the name `GET /__sandbox/health` answers as `node` (NODE_NAME_SHAPE). */
export function parseNodeName(value: string): string {
  if (!NODE_NAME_SHAPE.test(value))
    throw new InvalidArgumentError(`expected ${NODE_NAME_RULE}; got ${JSON.stringify(value)}`);
  return value;
}
