import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ScenarioError } from '../errors/scenario-error.js';

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
  try {
    return { data: json ? JSON.parse(text) : parseYaml(text), file };
  } catch (err) {
    throw new ScenarioError(
      `${file}: not valid ${json ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
}

/** The message for a scenario that is neither bundled nor a file. */
export function notFound(nameOrPath: string, bundled?: string[]): string {
  return `scenario "${nameOrPath}" not found: give a bundled name${bundled ? ` (${bundled.join(', ')})` : ''} or the path of a .yaml or .json file`;
}

function tooLarge(file: string): ScenarioError {
  return new ScenarioError(
    `${file}: larger than 1 MiB; a scenario file must be at most 1 MiB (${MAX_SCENARIO_FILE_BYTES} bytes)`,
  );
}
