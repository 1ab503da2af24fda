import type { Request, RequestHandler } from 'express';
import { createRequire } from 'node:module';
import { Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { fail, invalidRequest } from '../../errors/service-error.js';
import { RUNS_BUILT } from '../../paths.js';
import { STATE_BODY_LIMIT_BYTES } from '../middleware/json-body.js';
import { missingBody } from '../middleware/validate.js';
import type { ImportMessage, WorkerMessage } from './import-protocol.js';

/** How long a state may take to parse, validate and come back once its body is whole. */
export const STATE_IMPORT_TIMEOUT_MS = 60_000;

/**
 * How many times its compressed size a compressed state may inflate to (past its first MiB):
 * exports compress 10 to 30 times; a decompression bomb, a thousand times and more.
 */
export const MAX_INFLATE_RATIO = 100;
const INFLATE_ALLOWANCE_BYTES = 1024 * 1024;

let live = 0;
let spawned = 0;
/** The worker kept from the last import that ended cleanly, ready for the next (unref'd: it holds no process open). */
let idle: Worker | undefined;

/**
 * The import worker threads at work now: each is ended with its import, or, when the import ended
 * cleanly (imported, or refused as malformed or invalid: the worker is then at rest), kept for the
 * next import, so that its compiled validator serves import after import.
 */
export function liveImportWorkers(): number {
  return live;
}

/** How many import workers this process has started: one serves import after import while they end cleanly. */
export function importWorkersStarted(): number {
  return spawned;
}

/**
 * The worker for an import: the one kept from the last, or a new one. A new one's file is beside
 * the bundle in `dist/` (its own entry, scripts/bundle.mjs), or, from `src/` (development and
 * tests), the TypeScript source beside this one, through tsx's loader, registered in the worker
 * first (a worker does not inherit the loader of vitest or of `--import tsx`). tsx's ES module API
 * is the `.mjs` beside the `.cjs` that require() resolves.
 */
function startWorker(): Worker {
  const worker = idle ?? spawnWorker();
  if (worker === idle) {
    idle = undefined;
    worker.removeAllListeners('exit');
    worker.ref();
  }
  live += 1;
  worker.once('exit', () => (live -= 1));
  return worker;
}

/** Ends an import's use of its worker: kept for the next import when `atRest`, else terminated. */
function releaseWorker(worker: Worker, atRest: boolean): void {
  if (!atRest || idle !== undefined) {
    void worker.terminate();
    return;
  }
  for (const event of ['message', 'error', 'messageerror', 'exit'])
    worker.removeAllListeners(event);
  live -= 1;
  idle = worker;
  worker.unref();
  worker.once('exit', () => {
    if (idle === worker) idle = undefined;
  });
}

function spawnWorker(): Worker {
  spawned += 1;
  if (RUNS_BUILT) return new Worker(new URL('./state-import-worker.js', import.meta.url));
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/cjs$/, 'mjs'),
  ).href;
  const source = new URL('./state-import-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

/** The body, decoded as its Content-Encoding says (as express.json does), or a 415. */
function decoded(req: Request): Request | Transform {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoder =
    encoding === 'gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decoder) return req.pipe(decoder);
  if (encoding === 'identity') return req;
  throw fail('unsupported_content_encoding', {
    detail: `unsupported content encoding "${encoding}"`,
  });
}

/**
 * Reads, parses and validates a state to import (`PUT /__sandbox/state`, up to
 * `STATE_BODY_LIMIT_BYTES`) in a worker thread, into `req.body`: parsing and validating 100 MB
 * takes seconds, which on the main thread would stall every other request
 * (docs/decisions/0015-state-import-off-the-loop.md). The body's chunks go to the worker as they
 * arrive; the parsed state comes back a batch of records per message, each asked for only once the
 * main thread is free. Errors are the ones express.json and the schema give: 413 past the limit,
 * 400 for JSON that does not parse (with the parser's position) or a state that does not validate;
 * and the import's own: 400 nested deeper than `MAX_STATE_DEPTH`, 413 inflated past
 * `MAX_INFLATE_RATIO` or not done `timeoutMs` after the body ended. The worker is ended on every
 * other path, the client leaving included; after a clean end it is kept for the next import.
 */
export function stateBodyReader({
  timeoutMs = STATE_IMPORT_TIMEOUT_MS,
}: { timeoutMs?: number } = {}): RequestHandler {
  return (req, res, next) => {
    const charset = /charset=([^;]+)/i.exec(req.get('content-type') ?? '')?.[1]?.trim();
    if (charset && !/^"?utf-8"?$/i.test(charset))
      throw fail('unsupported_content_type', { got: `unsupported charset "${charset}"` });
    const body = decoded(req);
    const worker = startWorker();
    const post = (message: ImportMessage): void => worker.postMessage(message);
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    /** `atRest`: the worker answered the import's end (done, malformed, invalid) and waits for another. */
    const finish = (err?: unknown, answer = true, atRest = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      body.removeAllListeners('data');
      if (body instanceof Transform) {
        // Stops inflating: what is left of the body is never read (the answer closes the connection).
        req.off('data', count);
        req.unpipe(body);
        body.destroy();
      }
      req.pause();
      releaseWorker(worker, atRest);
      if (answer) next(err);
    };
    const state: Record<string, unknown> = {};
    let received = 0;
    const count = (chunk: Buffer): void => {
      received += chunk.length;
    };
    if (body !== req) req.on('data', count);
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > STATE_BODY_LIMIT_BYTES)
        finish(fail('body_too_large', { limit: `${STATE_BODY_LIMIT_BYTES / (1024 * 1024)} MiB` }));
      else if (body !== req && bytes > MAX_INFLATE_RATIO * received + INFLATE_ALLOWANCE_BYTES)
        finish(fail('inflate_ratio_exceeded', { ratio: MAX_INFLATE_RATIO }));
      else post({ type: 'chunk', bytes: chunk });
    });
    body.on('end', () => {
      if (settled) return;
      if (bytes === 0) return finish(missingBody());
      post({ type: 'end' });
      timer = setTimeout(
        () => finish(fail('import_timed_out', { seconds: timeoutMs / 1000 })),
        timeoutMs,
      );
    });
    body.on('error', finish);
    // The client went away (before the body was whole, or while it was parsed): nobody to answer.
    res.once('close', () => finish(undefined, false));
    worker.on('error', (err) => finish(fail('import_failed', { detail: err.message })));
    worker.on('messageerror', (err) => finish(fail('import_failed', { detail: err.message })));
    worker.once('exit', () =>
      finish(fail('import_failed', { detail: 'the import worker stopped' })),
    );
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'too_deep':
          return finish(fail('json_too_deep', { limit: message.limit }));
        case 'malformed':
          return finish(fail('malformed_json', { detail: message.detail }), true, true);
        case 'invalid':
          return finish(invalidRequest(message.details), true, true);
        case 'value':
          state[message.key] = message.value;
          break;
        case 'records':
          (state[message.key] as unknown[]).push(...message.records);
          break;
        case 'done':
          req.body = state;
          return finish(undefined, true, true);
      }
      post({ type: 'more' });
    });
  };
}

/** `stateBodyReader` with its default time-out. */
export const readStateBody: RequestHandler = stateBodyReader();
