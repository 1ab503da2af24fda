import type { ErrorObject } from 'ajv';
import { parseDuration } from '../domain/duration.js';
import { IdGenerator } from '../domain/ids.js';
import type { ScenarioFileWithDefaults } from './scenario.js';

/**
 * The checks of a scenario file, each returning every problem found (`path: message`), not just
 * the first, so that one `validate` run lists everything to fix.
 */

/** Wrappers whose failure only repeats the failures of their branches. */
const WRAPPERS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);

/**
 * Every schema error, one line each: the most specific error at each place; the failed branches of one
 * oneOf/anyOf at one place become one line ("a, or b"); duplicates removed.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string[] {
  const specific = errors.filter((e) => !WRAPPERS.has(e.keyword));
  // A failed oneOf/anyOf branch with a deeper error below it (the branch that nearly matched)
  // is that error's summary ("must be string" beside "pickup.address is required").
  const kept = specific.filter(
    (e) =>
      !/\/(oneOf|anyOf)\//.test(e.schemaPath) ||
      !specific.some((o) => o.instancePath.startsWith(`${e.instancePath}/`)),
  );
  const lines = new Map<string, { path: string; messages: Set<string> }>();
  (kept.length > 0 ? kept : errors).forEach((e, i) => {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(top level)';
    // Alternatives: the branches of one oneOf/anyOf, failing at the same place.
    const branch = /^(.*\/(?:oneOf|anyOf))\/\d+\//.exec(e.schemaPath)?.[1];
    const key = `${path} ${branch ?? i}`;
    const line = lines.get(key) ?? { path, messages: new Set<string>() };
    line.messages.add(describeSchemaError(e));
    lines.set(key, line);
  });
  const out = [
    ...new Set([...lines.values()].map((l) => `${l.path}: ${[...l.messages].join(', or ')}`)),
  ];
  return out.length > 0 ? out : ['invalid scenario'];
}

/** What is wrong at one place, and the fix. */
function describeSchemaError(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown field "${String(p.additionalProperty)}"; remove it or check its spelling`;
    case 'required':
      return `"${String(p.missingProperty)}" is required; add it`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${e.message ?? 'is invalid'}${e.parentSchema && typeof e.parentSchema === 'object' && 'description' in e.parentSchema ? ` (${String((e.parentSchema as { description: unknown }).description)})` : ''}`;
  }
}

/** The first value of `values` that appears twice. */
const firstDuplicate = (values: readonly string[]): string | undefined =>
  values.find((v, i) => values.indexOf(v) !== i);

/**
 * What the schema cannot say: unique keys and ids; accounts, order refs and drivers that must
 * exist; times that must parse. Every problem, `path: message`.
 */
export function checkReferences(file: ScenarioFileWithDefaults): string[] {
  const problems: string[] = [];
  const fail = (path: string, message: string): void => {
    problems.push(`${path}: ${message}`);
  };
  const dupKey = firstDuplicate(file.accounts.flatMap((a) => a.api_keys));
  if (dupKey) fail('accounts', `the API key "${dupKey}" appears twice; every key must be unique`);
  const dupId = firstDuplicate(file.accounts.map((a) => a.id));
  if (dupId) fail('accounts', `the account id "${dupId}" appears twice; make each id unique`);
  const accounts = new Set(file.accounts.map((a) => a.id));
  const listed = (file.drivers.list ?? []).flatMap((d) => (d.id ? [d.id] : []));
  const dupDriver = firstDuplicate(listed);
  if (dupDriver)
    fail('drivers.list', `the driver id "${dupDriver}" appears twice; make each id unique`);
  const drivers = new Set([...generatedDriverIds(file), ...listed]);
  const refs = new Set<string>();
  const define = (ref: string | undefined, path: string): void => {
    if (ref === undefined) return;
    if (refs.has(ref)) fail(path, `the ref "${ref}" is already used; give each order its own ref`);
    refs.add(ref);
  };
  const account = (id: string | undefined, path: string): void => {
    if (id !== undefined && !accounts.has(id))
      fail(path, `no account "${id}"; use one of ${[...accounts].join(', ')}`);
  };
  const order = (ref: string, path: string): void => {
    if (!refs.has(ref))
      fail(
        path,
        `no order with ref "${ref}"; define it with ref: ${ref} in orders or a create_order step`,
      );
  };
  file.orders.forEach((o, i) => {
    account(o.account, `orders.${i}.account`);
    define(o.ref, `orders.${i}.ref`);
  });
  file.script.forEach((s, i) => {
    if (s.do === 'create_order') define(s.ref, `script.${i}.ref`);
  });
  file.script.forEach((s, i) => {
    account(s.account, `script.${i}.account`);
    if (
      (s.do === 'advance_order' || s.do === 'cancel_order') &&
      typeof s.order === 'string' &&
      !s.order.startsWith('ord_')
    )
      order(s.order, `script.${i}.order`);
    if (s.after?.order !== undefined) order(s.after.order, `script.${i}.after.order`);
    if (s.driver !== undefined && !drivers.has(s.driver))
      fail(
        `script.${i}.driver`,
        `no driver "${s.driver}"; name one of drivers.list by its id (give it one: id: ${s.driver})`,
      );
    if (s.at !== undefined && parseDuration(s.at) === undefined && Number.isNaN(Date.parse(s.at)))
      fail(
        `script.${i}.at`,
        `"${s.at}" is neither a duration from the start ("5m", "1h30m") nor an ISO time ("2026-01-01T12:05:00Z")`,
      );
    if (s.at !== undefined && s.after !== undefined)
      fail(`script.${i}`, 'give either at or after, not both');
  });
  return problems;
}

/**
 * The ids of the drivers generated from the file's seed (drivers.count of them, drawn first, as
 * scenarios/seed-state.ts does), which a script step may name too.
 */
function generatedDriverIds(file: ScenarioFileWithDefaults): string[] {
  const ids = new IdGenerator(String(file.seed ?? file.name), {});
  // As resolveScenario counts them: 50 unless the file lists its own drivers.
  const count = file.drivers.count ?? (file.drivers.list ? 0 : 50);
  return Array.from({ length: count }, () => ids.next('drv'));
}
