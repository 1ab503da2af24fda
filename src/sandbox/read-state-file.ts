import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MAX_STATE_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';
import { loadOpenApiDocument } from '../http/openapi-document.js';
import { compileRequestValidators } from '../http/request-validators.js';
import { replayJournal, type ReplayResult } from '../store/journal-files.js';
import type { SandboxState } from '../store/state.js';

/**
 * The state saved in a `--data` file (its snapshot with its change journal replayed over it: a torn
 * last line, never acknowledged, is dropped and reported in `replay.discarded`), validated against the same schema as `PUT /__sandbox/state`
 * (openapi/sandbox.yaml's `SandboxState`: one source of truth, ranges included), or `undefined`
 * when there is no such file. Throws one line naming the file, the path within it and the fix:
 * a state the sandbox could not run (a clock past the date range) never gets as far as a world.
 */
export async function readStateFile(
  path: string,
): Promise<{ state: SandboxState; replay: ReplayResult } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      await checkDirectory(path);
      return undefined;
    }
    throw new Error(`${path}: cannot be read (${(err as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `${path}: not valid JSON (${(err as Error).message}); restore it from a backup or delete it to start afresh`,
    );
  }
  // Measured without recursion before anything walks it (the export writes at most this deep).
  if (nestsDeeperThan(data, MAX_STATE_DEPTH))
    throw new Error(
      `${path}: nests arrays and objects deeper than ${MAX_STATE_DEPTH} levels, which no state the sandbox writes does; restore it from a backup or delete it to start afresh`,
    );
  let replay: ReplayResult;
  try {
    replay = await replayJournal(path, data as SandboxState);
  } catch (err) {
    throw new Error(`${path}: its journal cannot be replayed (${(err as Error).message})`);
  }
  const validate = compileRequestValidators(loadOpenApiDocument('sandbox'), 'sandbox').body(
    'sandboxImportState',
  );
  const first = validate(data)[0];
  if (first) {
    const at = first.param === null || first.param === 'body' ? '(top level)' : first.param;
    // The message starts with the path already ("clock.now must be …"): say it once.
    const message = first.message.startsWith(`${at} `)
      ? first.message.slice(at.length + 1)
      : first.message;
    throw new Error(`${path}: ${at}: ${message}; fix the file or delete it to start afresh`);
  }
  return { state: data as SandboxState, replay };
}

/** A new data file's directory must exist: the sandbox creates the file, never the directories. */
async function checkDirectory(path: string): Promise<void> {
  const dir = dirname(path);
  const found = await stat(dir).catch((err: NodeJS.ErrnoException) => err);
  if (found instanceof Error)
    throw new Error(
      found.code === 'ENOENT'
        ? `${path}: the directory ${dir} does not exist; create it first (mkdir -p ${dir}) or give --data a file in an existing directory`
        : `${path}: the directory ${dir} cannot be read (${found.message})`,
    );
  if (!found.isDirectory())
    throw new Error(`${path}: ${dir} is not a directory; give --data a file in a directory`);
}
