import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';
import { createAjv } from '../json-schema.js';
import { builtPath, packagePath } from '../paths.js';
import { ScenarioError } from '../errors/scenario-error.js';
import { checkReferences, describeSchemaErrors } from './check-scenario.js';
import { checkTrouble } from './check-trouble.js';
import { notFound, parseYaml, readScenarioFile, tooDeep } from './read-scenario-file.js';
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

/**
 * The bundled scenario files read so far, by name: they are the package's own and never change
 * while it runs, so each is read and checked once (creating a named sandbox reads one every time).
 */
const bundledCache = new Map<string, ScenarioFileWithDefaults>();

function loadBundledScenarioFile(name: string): ScenarioFileWithDefaults {
  let file = bundledCache.get(name);
  if (!file) {
    const found = bundledFile(name);
    if (!found) throw new ScenarioError(notFound(name, bundledScenarioNames()));
    const text = readFileSync(found.path, 'utf8');
    file = found.prebuilt
      ? (JSON.parse(text) as ScenarioFileWithDefaults)
      : checkScenarioFile(
          found.path.endsWith('.json') ? JSON.parse(text) : parseYaml(text),
          found.path,
        );
    bundledCache.set(name, file);
  }
  // A copy: whoever gets it may change it without changing the next one.
  return structuredClone(file);
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

/**
 * Validates a copy of a scenario object (not the caller's) and fills in the schema's defaults.
 * Throws a ScenarioError listing every problem: the schema's and the references' together (or
 * only that it nests deeper than `MAX_JSON_DEPTH`).
 */
function checkScenarioFile(data: unknown, source: string): ScenarioFileWithDefaults {
  // Measured without recursion first: the copy and the schema's checks recurse.
  if (nestsDeeperThan(data, MAX_JSON_DEPTH)) throw tooDeep(source);
  const copy = copyData(data);
  const check = validator();
  const schemaProblems = check(copy) ? [] : describeSchemaErrors(check.errors ?? []);
  // Both kinds at once, so one run lists everything; a place the schema already faulted is not
  // reported twice.
  const faulted = schemaProblems.map((p) => p.slice(0, p.indexOf(': ')));
  const problems = [
    ...schemaProblems,
    ...[
      ...checkReferences(copy),
      ...(copy !== null && typeof copy === 'object'
        ? checkTrouble(copy as Record<string, unknown>)
        : []),
    ].filter((p) => {
      const path = p.slice(0, p.indexOf(': '));
      return !faulted.some((f) => path === f || path.startsWith(`${f}.`));
    }),
  ];
  if (problems.length === 1) throw new ScenarioError(`${source}: ${problems[0]}`, problems);
  if (problems.length > 1)
    throw new ScenarioError(
      `${source}: ${problems.length} problems:${problems.map((p) => `\n  ${p}`).join('')}`,
      problems,
    );
  return copy as ScenarioFileWithDefaults;
}

/** A copy of the arrays and plain objects in `value`, for ajv to write defaults into. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (value === null || typeof value !== 'object') return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyData(v)]));
}
