import { InvalidArgumentError, Option, type Command } from 'commander';
import { parseDuration } from '../domain/duration.js';
import type { Retention } from '../domain/retention.js';
import { retentionRules, type RetentionField } from '../scenarios/retention-rules.js';
import { envVar } from './options.js';

/** The retention flags as commander hands them over (each unset one keeps the scenario's). */
export interface RetentionFlags {
  retainOrders?: number;
  retainEvents?: number;
  retainDeliveries?: number;
  retainAttempts?: number;
  journalBytes?: number;
  idempotencyTtl?: number;
  retainIdempotencyKeys?: number;
}

/** A whole number within [min, max], or commander's one-line error naming the range. */
function wholeNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** `--idempotency-ttl`: a duration such as 24h or 90m, or seconds, above 0. */
function ttl(value: string): number {
  const ms = parseDuration(/^\d+(\.\d+)?$/.test(value) ? Number(value) : value);
  if (ms === undefined || ms <= 0)
    throw new InvalidArgumentError('expected a duration such as 24h, 90m or 3600 (seconds)');
  return ms;
}

/** The retention flags: each a scenario `retention` field, its variable, and what it keeps. */
const FLAGS: { flag: string; field: RetentionField; env: string; what: string }[] = [
  {
    flag: '--retain-orders <n>',
    field: 'finished_orders',
    env: 'RETAIN_ORDERS',
    what: 'finished orders kept',
  },
  { flag: '--retain-events <n>', field: 'events', env: 'RETAIN_EVENTS', what: 'events kept' },
  {
    flag: '--retain-deliveries <n>',
    field: 'deliveries',
    env: 'RETAIN_DELIVERIES',
    what: 'finished webhook deliveries kept',
  },
  {
    flag: '--retain-attempts <n>',
    field: 'attempts',
    env: 'RETAIN_ATTEMPTS',
    what: 'webhook attempts kept in the log',
  },
  {
    flag: '--journal-bytes <n>',
    field: 'journal_bytes',
    env: 'JOURNAL_BYTES',
    what: '--data journal size that triggers compaction',
  },
  {
    flag: '--idempotency-ttl <duration>',
    field: 'idempotency_ttl',
    env: 'IDEMPOTENCY_TTL',
    what: 'how long idempotency keys live',
  },
  {
    flag: '--retain-idempotency-keys <n>',
    field: 'idempotency_keys',
    env: 'RETAIN_IDEMPOTENCY_KEYS',
    what: 'idempotency keys remembered',
  },
];

/** A default as the help shows it: bytes in MiB where they are whole MiB. */
function shown(field: RetentionField, value: number | string): string {
  const mib = 1024 * 1024;
  return field === 'journal_bytes' && typeof value === 'number' && value % mib === 0
    ? `${value / mib} MiB`
    : String(value);
}

/**
 * Adds the retention flags (scenario `retention`, docs/persistence.md) to `start`, each also a
 * `DELIVERY_SANDBOX_*` variable. Their defaults are the scenario's: the help states those of
 * scenarios/schema.json, whose bounds the counts keep too.
 */
export function addRetentionOptions(command: Command): Command {
  const rules = retentionRules();
  for (const { flag, field, env, what } of FLAGS) {
    const rule = rules[field];
    const parse =
      field === 'idempotency_ttl' ? ttl : wholeNumber(rule.minimum ?? 1, rule.maximum ?? Infinity);
    command.addOption(
      new Option(flag, `${what} (default ${shown(field, rule.default)})`)
        .argParser(parse)
        .env(envVar(env)),
    );
  }
  return command;
}

/** The flags as `SandboxOptions.retention`. */
export function retentionFromFlags(flags: RetentionFlags): Partial<Retention> {
  return {
    finished_orders: flags.retainOrders,
    events: flags.retainEvents,
    deliveries: flags.retainDeliveries,
    attempts: flags.retainAttempts,
    journal_bytes: flags.journalBytes,
    idempotency_ttl_ms: flags.idempotencyTtl,
    idempotency_keys: flags.retainIdempotencyKeys,
  };
}
