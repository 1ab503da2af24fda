import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { JsonDepthGauge, MAX_JSON_DEPTH } from '../domain/json-depth.js';
import { ScenarioError } from '../errors/scenario-error.js';
import type * as Yaml from 'yaml';

/**
 * Parses YAML, the package required on first use: the built CLI's bundled scenarios and documents
 * are JSON, so a start that reads no YAML file never loads it (docs/decisions/0012-fast-path.md).
 * For the synchronous readers, which run from source only (the built ones read JSON).
 */
export const parseYaml = (text: string): unknown =>
  (createRequire(import.meta.url)('yaml') as typeof Yaml).parse(text);

/**
 * Parses YAML with the package imported on first use. In the built CLI, the import is a chunk of
 * its own beside the bundle (scripts/bundle.mjs), so the CLI needs no `node_modules` to read a
 * user's YAML file (the Docker image has none). The bundle gives a CommonJS package's dynamic
 * import its names on `default`; Node from source, as named exports too.
 */
async function parseYamlFile(text: string): Promise<unknown> {
  const yaml = (await import('yaml')) as Partial<typeof Yaml> & { default?: typeof Yaml };
  return (yaml.parse ?? yaml.default!.parse)(text);
}

/** The largest scenario file read: far above any real scenario, far below a memory problem. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024;

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer (it is refused just after, by
// fstat). Windows has no such flag and no FIFOs to open this way.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads and parses a scenario file (`.json` as JSON, anything else as YAML), relative to the
 * working directory: a regular file only (no FIFO, device or directory), at most 1 MiB, without
 * blocking the event loop. Resolves with the parsed data, not yet validated, and the absolute path.
 * Throws a one-line ScenarioError naming the file.
 */
export async function readScenarioFile(path: string): Promise<{ data: unknown; file: string }> {
  const file = resolve(path);
  let handle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new ScenarioError(notFound(path));
    throw new ScenarioError(`${file}: cannot be read (${code ?? 'error'}); check its permissions`);
  }
  let text: string;
  try {
    // The checks are made on the open file itself, so the file cannot be swapped in between.
    const stat = await handle.stat();
    if (!stat.isFile())
      throw new ScenarioError(
        `${file}: not a regular file; a scenario must be a .yaml or .json file`,
      );
    if (stat.size > MAX_SCENARIO_FILE_BYTES) throw tooLarge(file);
    // One byte over the limit tells a file that grew since the check.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_SCENARIO_FILE_BYTES) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > MAX_SCENARIO_FILE_BYTES) throw tooLarge(file);
    text = buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
  const json = file.endsWith('.json');
  // Before a parser sees it: YAML's parser recurses on nested flow collections ([[[…), and runs
  // out of memory on a hundred thousand of them.
  if (!new JsonDepthGauge(MAX_JSON_DEPTH).feed(Buffer.from(text))) throw tooDeep(file);
  try {
    return { data: json ? JSON.parse(text) : await parseYamlFile(text), file };
  } catch (err) {
    throw new ScenarioError(
      `${file}: not valid ${json ? 'JSON' : 'YAML'}: ${syntaxError(err, text)}`,
    );
  }
}

/**
 * A parse error as `what (line L, column C):` then the line before, the line itself and a caret
 * under the column, so that the mistake is seen without opening the file. The yaml package gives
 * the position (linePos); JSON.parse gives an offset in its message, when it gives one.
 */
function syntaxError(err: unknown, text: string): string {
  const message = (err as Error).message;
  const yamlPos = (err as { linePos?: [{ line: number; col: number }] }).linePos?.[0];
  const offset = /at position (\d+)/.exec(message)?.[1];
  const pos = yamlPos ?? (offset === undefined ? undefined : lineAndColumn(text, Number(offset)));
  // yaml's own message ends " at line L, column C:" and its excerpt: keep only the first part.
  const what = message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/:$/, '');
  if (!pos) return what;
  const lines = text.split(/\r?\n/);
  const width = String(pos.line).length;
  const show = (n: number): string => `  ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`;
  return [
    `${what} (line ${pos.line}, column ${pos.col}):`,
    ...(pos.line > 1 ? [show(pos.line - 1)] : []),
    show(pos.line),
    `  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, pos.col - 1))}^`,
  ].join('\n');
}

/** The 1-based line and column of character `offset` of `text`. */
function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}

/** The message for a scenario that is neither bundled nor a file. */
export function notFound(nameOrPath: string, bundled?: string[]): string {
  return `scenario "${nameOrPath}" not found: give a bundled name${bundled ? ` (${bundled.join(', ')})` : ''} or the path of a .yaml or .json file`;
}

/** The error for a scenario (a file, or an object) that nests deeper than `MAX_JSON_DEPTH`. */
export function tooDeep(source: string): ScenarioError {
  return new ScenarioError(
    `${source}: nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels; no scenario needs as many, flatten it`,
  );
}

function tooLarge(file: string): ScenarioError {
  return new ScenarioError(
    `${file}: larger than 1 MiB; a scenario file must be at most 1 MiB (${MAX_SCENARIO_FILE_BYTES} bytes)`,
  );
}
