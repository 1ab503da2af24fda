import type { ErrorObject } from 'ajv';
import { parseDuration } from '../domain/duration.js';
import { closestMatch, didYouMean } from '../domain/closest-match.js';
import { IdGenerator } from '../domain/ids.js';

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
  const lines = new Map<string, Line>();
  (kept.length > 0 ? kept : errors).forEach((e, i) => {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(top level)';
    // Alternatives: the branches of one oneOf/anyOf, failing at the same place.
    const branch = /^(.*\/(?:oneOf|anyOf))\/\d+\//.exec(e.schemaPath)?.[1];
    const key = `${path} ${branch ?? i}`;
    const line = lines.get(key) ?? { path, messages: new Set<string>(), value: '' };
    line.messages.add(describeSchemaError(e));
    // The value itself is quoted once a line (a field's name is in the message already).
    if (!NAMES_A_FIELD.has(e.keyword) && isShown(e.data))
      line.value = `; got ${JSON.stringify(e.data)}`;
    if (e.keyword === 'enum' && typeof e.data === 'string')
      line.value += didYouMean(
        e.data,
        (e.params as { allowedValues: unknown[] }).allowedValues.map(String),
      );
    lines.set(key, line);
  });
  const out = [
    ...new Set(
      [...lines.values()].map((l) => `${l.path}: ${[...l.messages].join(', or ')}${l.value}`),
    ),
  ];
  return out.length > 0 ? out : ['invalid scenario'];
}

/** One line of describeSchemaErrors: a place, what is wrong there, and the value found. */
interface Line {
  path: string;
  messages: Set<string>;
  value: string;
}

/** Keywords whose message names a field, not a value. */
const NAMES_A_FIELD = new Set(['required', 'additionalProperties']);

/** A value short enough to quote in a one-line message (not an object or a long text). */
const isShown = (value: unknown): boolean =>
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (typeof value === 'string' && value.length <= 100);

/** What is wrong at one place, and the fix. */
function describeSchemaError(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const known = Object.keys(
        (e.parentSchema as { properties?: object } | undefined)?.properties ?? {},
      );
      const near = closestMatch(field, known);
      return near === undefined
        ? `unknown field "${field}"; remove it or check its spelling`
        : `unknown field "${field}"; did you mean "${near}"?`;
    }
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

/** The objects of a list that may be anything: the others become `{}`, so indexes stay. */
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.map((v: unknown) =>
        v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {},
      )
    : [];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * What the schema cannot say: unique keys and ids; accounts, order refs and drivers that must
 * exist; times that must parse. Every problem, `path: message`. The file need not have passed
 * the schema: what has the wrong shape is skipped (the schema's own lines say what is wrong with
 * it), so that one run lists the schema's problems and these together.
 */
export function checkReferences(data: unknown): string[] {
  const file = objects([data])[0]!;
  const problems: string[] = [];
  const fail = (path: string, message: string): void => {
    problems.push(`${path}: ${message}`);
  };
  const accountList = objects(file.accounts);
  const dupKey = firstDuplicate(accountList.flatMap((a) => texts(a.api_keys)));
  if (dupKey) fail('accounts', `the API key "${dupKey}" appears twice; every key must be unique`);
  const ids = accountList.flatMap((a) => texts([a.id]));
  const dupId = firstDuplicate(ids);
  if (dupId) fail('accounts', `the account id "${dupId}" appears twice; make each id unique`);
  const accounts = new Set(ids);
  const driverSection = objects([file.drivers])[0]!;
  const listed = objects(driverSection.list).flatMap((d) => texts([d.id]));
  const dupDriver = firstDuplicate(listed);
  if (dupDriver)
    fail('drivers.list', `the driver id "${dupDriver}" appears twice; make each id unique`);
  // The generated drivers' ids (up to 200 000 of them) only when a script step names a driver
  // that is not listed: a reset to a big world must not draw them all for nothing.
  let known: Set<string> | undefined;
  const drivers = (): Set<string> =>
    (known ??= new Set([...generatedDriverIds(file, driverSection), ...listed]));
  const listedIds = new Set(listed);
  const refs = new Set<string>();
  const define = (ref: string | undefined, path: string): void => {
    if (ref === undefined) return;
    if (refs.has(ref)) fail(path, `the ref "${ref}" is already used; give each order its own ref`);
    refs.add(ref);
  };
  const account = (id: string | undefined, path: string): void => {
    // Without a list of accounts (the schema says so) there is nothing to check against.
    if (id !== undefined && Array.isArray(file.accounts) && !accounts.has(id))
      fail(
        path,
        `no account "${id}"${didYouMean(id, accounts) || `; use one of ${[...accounts].join(', ')}`}`,
      );
  };
  const order = (ref: string, path: string): void => {
    if (!refs.has(ref))
      fail(
        path,
        `no order with ref "${ref}"${didYouMean(ref, refs) || `; define it with ref: ${ref} in orders or a create_order step`}`,
      );
  };
  const orders = objects(file.orders);
  const script = objects(file.script);
  orders.forEach((o, i) => {
    account(text(o.account), `orders.${i}.account`);
    define(text(o.ref), `orders.${i}.ref`);
  });
  script.forEach((s, i) => {
    if (s.do === 'create_order') define(text(s.ref), `script.${i}.ref`);
  });
  script.forEach((s, i) => {
    account(text(s.account), `script.${i}.account`);
    const target = text(s.order);
    if (
      (s.do === 'advance_order' || s.do === 'cancel_order') &&
      target !== undefined &&
      !target.startsWith('ord_')
    )
      order(target, `script.${i}.order`);
    const after = text(objects([s.after])[0]!.order);
    if (after !== undefined) order(after, `script.${i}.after.order`);
    const driver = text(s.driver);
    if (driver !== undefined && !listedIds.has(driver) && !drivers().has(driver))
      fail(
        `script.${i}.driver`,
        `no driver "${driver}"${didYouMean(driver, drivers()) || `; name one of drivers.list by its id (give it one: id: ${driver})`}`,
      );
    const at = text(s.at);
    if (at !== undefined && parseDuration(at) === undefined && Number.isNaN(Date.parse(at)))
      fail(
        `script.${i}.at`,
        `"${at}" is neither a duration from the start ("5m", "1h30m") nor an ISO time ("2026-01-01T12:05:00Z")`,
      );
    if (s.at !== undefined && s.after !== undefined)
      fail(`script.${i}`, 'give either at or after, not both');
  });
  return problems;
}

/** The most drivers a file may generate (scenarios/schema.json, drivers.count). */
const MAX_GENERATED_DRIVERS = 200_000;

/**
 * The ids of the drivers generated from the file's seed (drivers.count of them, drawn first, as
 * scenarios/seed-state.ts does), which a script step may name too. None for a count the schema
 * refuses.
 */
function generatedDriverIds(
  file: Record<string, unknown>,
  drivers: Record<string, unknown>,
): string[] {
  const seed = file.seed ?? file.name;
  const ids = new IdGenerator(String(seed), {});
  // As resolveScenario counts them: 50 unless the file lists its own drivers.
  const count = drivers.count ?? (drivers.list ? 0 : 50);
  if (
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count < 0 ||
    count > MAX_GENERATED_DRIVERS
  )
    return [];
  return Array.from({ length: count }, () => ids.next('drv'));
}
