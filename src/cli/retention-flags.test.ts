import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addRetentionOptions } from './retention-flags.js';

/** The `default` keywords of scenarios/schema.json's `retention`: the one statement of them. */
const schema = JSON.parse(
  readFileSync(new URL('../../scenarios/schema.json', import.meta.url), 'utf8'),
) as {
  properties: {
    retention: {
      properties: Record<string, { default: number | string; minimum?: number; maximum?: number }>;
    };
  };
};
const defaults = schema.properties.retention.properties;

const help = addRetentionOptions(new Command('start')).helpInformation().replace(/\s+/g, ' ');

describe('the retention flags', () => {
  it.each([
    ['--retain-orders <n>', String(defaults.finished_orders!.default)],
    ['--retain-events <n>', String(defaults.events!.default)],
    ['--retain-deliveries <n>', String(defaults.deliveries!.default)],
    ['--retain-attempts <n>', String(defaults.attempts!.default)],
    ['--journal-bytes <n>', `${Number(defaults.journal_bytes!.default) / 1024 / 1024} MiB`],
    ['--idempotency-ttl <duration>', String(defaults.idempotency_ttl!.default)],
    ['--retain-idempotency-keys <n>', String(defaults.idempotency_keys!.default)],
  ])("%s's help states the scenario schema's default, %s", (flag, shown) => {
    expect(help).toMatch(new RegExp(`${flag} [^(]*\\(default ${shown}\\)`));
  });

  it("refuses a count outside the schema's bounds, naming them", () => {
    const orders = defaults.finished_orders!;
    const bytes = defaults.journal_bytes!;
    const start = addRetentionOptions(
      new Command('start').exitOverride().configureOutput({ writeErr: () => {} }),
    );
    expect(() => start.parse(['--retain-orders', '0'], { from: 'user' })).toThrow(
      `expected a whole number from ${orders.minimum} to ${orders.maximum}`,
    );
    expect(() => start.parse(['--journal-bytes', '1024'], { from: 'user' })).toThrow(
      `expected a whole number from ${bytes.minimum} to ${bytes.maximum}`,
    );
  });
});
