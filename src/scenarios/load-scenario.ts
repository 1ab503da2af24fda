import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { ErrorObject } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../json-schema.js';
import { parse as parseYaml } from 'yaml';
import { builtPath, packagePath } from '../paths.js';
import { parseDuration } from '../domain/duration.js';
import { ScenarioError } from '../errors/scenario-error.js';
import { notFound, readScenarioFile } from './read-scenario-file.js';
import { resolveScenario, type Scenario, type ScenarioFileWithDefaults } from './scenario.js';

export { ScenarioError };

let validate: ReturnType<Ajv2020['compile']> | undefined;

function validator(): ReturnType<Ajv2020['compile']> {
  if (!validate) {
    const ajv = createAjv({
      // The script's if/then rules require properties declared beside them, not inside `then`.
      strictRequired: false,
      // The schema's `default`s are written into the data it validates.
      useDefaults: true,
    });
    validate = ajv.compile(
      JSON.parse(readFileSync(packagePath('scenarios', 'schema.json'), 'utf8')) as object,
    );
  }
  return validate;
}

/** The names of the scenarios bundled in `scenarios/`. */
export function bundledScenarioNames(): string[] {
  return readdirSync(packagePath('scenarios'))
    .filter((f) => /\.(ya?ml|json)$/.test(f) && f !== 'schema.json')
    .map((f) => basename(f, extname(f)))
    .sort();
}

const BUNDLED_NAME = /^[a-z0-9-]+$/;

/** The bundled scenario file of `name` (or its prebuilt JSON), if there is one. */
function bundledFile(name: string): { path: string; prebuilt: boolean } | undefined {
  if (!BUNDLED_NAME.test(name)) return undefined;
  // A bundled scenario was validated by the build, its defaults filled in, and written as JSON
  // beside the compiled code (scripts/build-assets.mjs).
  const prebuilt = builtPath('bundled-scenarios', `${name}.json`);
  if (prebuilt && existsSync(prebuilt)) return { path: prebuilt, prebuilt: true };
  for (const ext of ['.yaml', '.yml', '.json']) {
    const path = packagePath('scenarios', name + ext);
    if (existsSync(path)) return { path, prebuilt: false };
  }
  return undefined;
}

/** Whether `name` is the name of a bundled scenario (`ci`, `default`, …). */
export function isBundledScenario(name: string): boolean {
  return bundledFile(name) !== undefined;
}

/**
 * Reads, validates and resolves a bundled scenario by name: the package's own files, read
 * synchronously. Throws a ScenarioError for a name that is not bundled.
 */
export function loadBundledScenario(name: string): Scenario {
  return resolveScenario(loadBundledScenarioFile(name));
}

function loadBundledScenarioFile(name: string): ScenarioFileWithDefaults {
  const found = bundledFile(name);
  if (!found) throw new ScenarioError(notFound(name, bundledScenarioNames()));
  const text = readFileSync(found.path, 'utf8');
  if (found.prebuilt) return JSON.parse(text) as ScenarioFileWithDefaults;
  return checkScenarioFile(
    found.path.endsWith('.json') ? JSON.parse(text) : parseYaml(text),
    found.path,
  );
}

/** Reads, validates and resolves a scenario by bundled name or path. */
export async function loadScenario(nameOrPath: string): Promise<Scenario> {
  return resolveScenario(await loadScenarioFile(nameOrPath));
}

/**
 * Reads and validates a scenario by bundled name or path (relative to the working directory,
 * read as readScenarioFile allows: a regular file of at most 1 MiB): the file, its defaults filled in.
 */
export async function loadScenarioFile(nameOrPath: string): Promise<ScenarioFileWithDefaults> {
  if (isBundledScenario(nameOrPath)) return loadBundledScenarioFile(nameOrPath);
  try {
    const { data, file } = await readScenarioFile(nameOrPath);
    return checkScenarioFile(data, file);
  } catch (err) {
    // A bare name that is neither bundled nor a file: list the bundled names.
    if (err instanceof ScenarioError && err.message === notFound(nameOrPath))
      throw new ScenarioError(notFound(nameOrPath, bundledScenarioNames()));
    throw err;
  }
}

/** Validates a scenario object against scenarios/schema.json and fills its defaults. */
export function parseScenario(data: unknown, source = 'scenario'): Scenario {
  return resolveScenario(checkScenarioFile(data, source));
}

/** Validates a copy of a scenario object (not the caller's) and fills in the schema's defaults. */
function checkScenarioFile(data: unknown, source: string): ScenarioFileWithDefaults {
  const copy = copyData(data);
  const check = validator();
  if (!check(copy))
    throw new ScenarioError(`${source}: ${describeSchemaError(check.errors ?? [])}`);
  const file = copy as ScenarioFileWithDefaults;
  const keys = file.accounts.flatMap((a) => a.api_keys);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup)
    throw new ScenarioError(
      `${source}: accounts: the API key "${dup}" appears twice; every key must be unique`,
    );
  const ids = file.accounts.map((a) => a.id);
  const dupId = ids.find((k, i) => ids.indexOf(k) !== i);
  if (dupId)
    throw new ScenarioError(
      `${source}: accounts: the account id "${dupId}" appears twice; make each id unique`,
    );
  checkReferences(file, source);
  return file;
}

/** A copy of the arrays and plain objects in `value`, for ajv to write defaults into. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (value === null || typeof value !== 'object') return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyData(v)]));
}

/** What the schema cannot say: accounts, order refs and driver ids that must exist, times that must parse. */
function checkReferences(file: ScenarioFileWithDefaults, source: string): void {
  const fail = (path: string, message: string): never => {
    throw new ScenarioError(`${source}: ${path}: ${message}`);
  };
  const accounts = new Set(file.accounts.map((a) => a.id));
  const driverIds = (file.drivers.list ?? []).flatMap((d) => (d.id ? [d.id] : []));
  const dupDriver = driverIds.find((d, i) => driverIds.indexOf(d) !== i);
  if (dupDriver)
    fail('drivers.list', `the driver id "${dupDriver}" appears twice; make each id unique`);
  const refs = new Set<string>();
  const define = (ref: string | undefined, path: string): void => {
    if (ref === undefined) return;
    if (refs.has(ref)) fail(path, `the ref "${ref}" is already used; give each order its own ref`);
    refs.add(ref);
  };
  file.orders.forEach((o, i) => {
    if (o.account !== undefined && !accounts.has(o.account))
      fail(
        `orders.${i}.account`,
        `no account "${o.account}"; use one of ${[...accounts].join(', ')}`,
      );
    define(o.ref, `orders.${i}.ref`);
  });
  file.script.forEach((s, i) => {
    if (s.do === 'create_order') define(s.ref, `script.${i}.ref`);
  });
  file.script.forEach((s, i) => {
    if (s.account !== undefined && !accounts.has(s.account))
      fail(
        `script.${i}.account`,
        `no account "${s.account}"; use one of ${[...accounts].join(', ')}`,
      );
    if (
      (s.do === 'advance_order' || s.do === 'cancel_order') &&
      typeof s.order === 'string' &&
      !s.order.startsWith('ord_') &&
      !refs.has(s.order)
    ) {
      fail(
        `script.${i}.order`,
        `no order with ref "${s.order}"; define it with ref: ${s.order} in orders or a create_order step`,
      );
    }
    if (s.after?.order !== undefined && !refs.has(s.after.order)) {
      fail(
        `script.${i}.after.order`,
        `no order with ref "${s.after.order}"; define it with ref: ${s.after.order} in orders or a create_order step`,
      );
    }
    if (s.at !== undefined && parseDuration(s.at) === undefined && Number.isNaN(Date.parse(s.at))) {
      fail(
        `script.${i}.at`,
        `"${s.at}" is neither a duration from the start ("5m", "1h30m") nor an ISO time ("2026-01-01T12:05:00Z")`,
      );
    }
    if (s.at !== undefined && s.after !== undefined)
      fail(`script.${i}`, 'give either at or after, not both');
  });
}

function describeSchemaError(errors: ErrorObject[]): string {
  // The deepest error is the most specific one; oneOf/anyOf wrappers only repeat it.
  const e = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (!e) return 'invalid scenario';
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(top level)';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${path}: unknown field "${String(p.additionalProperty)}"; remove it or check its spelling`;
    case 'required':
      return `${path}: "${String(p.missingProperty)}" is required; add it`;
    case 'enum':
      return `${path}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${path}: ${e.message ?? 'is invalid'}${e.parentSchema && typeof e.parentSchema === 'object' && 'description' in e.parentSchema ? ` (${String((e.parentSchema as { description: unknown }).description)})` : ''}`;
  }
}
