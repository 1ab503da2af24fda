import { readFileSync } from 'node:fs';
import type { ScenarioFile } from '../domain/scenario-file.generated.js';
import { packagePath } from '../paths.js';

/** A field of a scenario's `retention`. */
export type RetentionField = keyof NonNullable<ScenarioFile['retention']>;

/** A `retention` field's rule in scenarios/schema.json: its default and, for a count, its bounds. */
export interface RetentionRule {
  default: number | string;
  minimum?: number;
  maximum?: number;
}

let rules: Record<RetentionField, RetentionRule> | undefined;

/**
 * The rules of the scenario's `retention` fields, read from scenarios/schema.json (their one
 * source), so that the CLI's `--retain-*` flags state the same defaults and bounds as a file.
 *
 * @example retentionRules().finished_orders // { default: 10000, minimum: 1, maximum: 10000000, … }
 */
export function retentionRules(): Record<RetentionField, RetentionRule> {
  if (rules) return rules;
  const schema = JSON.parse(readFileSync(packagePath('scenarios', 'schema.json'), 'utf8')) as {
    properties: { retention: { properties: Record<RetentionField, RetentionRule> } };
  };
  rules = schema.properties.retention.properties;
  return rules;
}
