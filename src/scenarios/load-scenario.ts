import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { packagePath } from '../paths.js';
import { resolveScenario, type Scenario, type ScenarioFile } from './scenario.js';

/** A scenario that cannot be used; the message is one line naming the file, the path and the fix. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
let validate: ReturnType<Ajv2020['compile']> | undefined;

function validator(): ReturnType<Ajv2020['compile']> {
  if (!validate) {
    const ajv = new Ajv2020({
      allErrors: true,
      strict: true,
      allowUnionTypes: true,
      verbose: true,
    });
    addFormats(ajv);
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

/** Finds a scenario by bundled name (`ci`) or by path (`./my-scenario.yaml`). */
export function locateScenario(nameOrPath: string): string {
  for (const ext of ['.yaml', '.yml', '.json']) {
    const bundled = packagePath('scenarios', nameOrPath + ext);
    if (/^[a-z0-9-]+$/.test(nameOrPath) && existsSync(bundled)) return bundled;
  }
  const path = resolve(nameOrPath);
  if (existsSync(path)) return path;
  throw new ScenarioError(
    `scenario "${nameOrPath}" not found: give a bundled name (${bundledScenarioNames().join(', ')}) or the path of a .yaml or .json file`,
  );
}

/** Reads, validates and resolves a scenario by bundled name or path. */
export function loadScenario(nameOrPath: string): Scenario {
  // A bundled scenario was validated by the build and written as JSON beside the compiled code.
  const prebuilt = new URL(`../bundled-scenarios/${nameOrPath}.json`, import.meta.url);
  if (/^[a-z0-9-]+$/.test(nameOrPath) && existsSync(prebuilt)) {
    return resolveScenario(JSON.parse(readFileSync(prebuilt, 'utf8')) as ScenarioFile);
  }
  const file = locateScenario(nameOrPath);
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ScenarioError(
      `${file}: not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  return parseScenario(data, file);
}

/** Validates a scenario object against scenarios/schema.json and fills its defaults. */
export function parseScenario(data: unknown, source = 'scenario'): Scenario {
  const check = validator();
  if (!check(data))
    throw new ScenarioError(`${source}: ${describeSchemaError(check.errors ?? [])}`);
  const file = data as ScenarioFile;
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
  return resolveScenario(file);
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
