import { InvalidArgumentError, Option, type Command } from 'commander';
import { parseDuration } from '../domain/duration.js';
import type { Retention } from '../domain/retention.js';
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

/**
 * Adds the retention flags (scenario `retention`, docs/persistence.md) to `start`, each also a
 * `DELIVERY_SANDBOX_*` variable. Their defaults are the scenario's.
 */
export function addRetentionOptions(command: Command): Command {
  const count = wholeNumber(1, 10_000_000);
  return command
    .addOption(
      new Option('--retain-orders <n>', 'finished orders kept (default 10000)')
        .argParser(count)
        .env(envVar('RETAIN_ORDERS')),
    )
    .addOption(
      new Option('--retain-events <n>', 'events kept (default 20000)')
        .argParser(count)
        .env(envVar('RETAIN_EVENTS')),
    )
    .addOption(
      new Option('--retain-deliveries <n>', 'finished webhook deliveries kept (default 20000)')
        .argParser(count)
        .env(envVar('RETAIN_DELIVERIES')),
    )
    .addOption(
      new Option('--retain-attempts <n>', 'webhook attempts kept in the log (default 10000)')
        .argParser(count)
        .env(envVar('RETAIN_ATTEMPTS')),
    )
    .addOption(
      new Option('--journal-bytes <n>', '--data journal size that triggers compaction (64 MiB)')
        .argParser(wholeNumber(65_536, 17_179_869_184))
        .env(envVar('JOURNAL_BYTES')),
    )
    .addOption(
      new Option('--idempotency-ttl <duration>', 'how long idempotency keys live (default 24h)')
        .argParser(ttl)
        .env(envVar('IDEMPOTENCY_TTL')),
    )
    .addOption(
      new Option('--retain-idempotency-keys <n>', 'idempotency keys remembered (default 10000)')
        .argParser(count)
        .env(envVar('RETAIN_IDEMPOTENCY_KEYS')),
    );
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
