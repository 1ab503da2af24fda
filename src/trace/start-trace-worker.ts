import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RUNS_BUILT } from '../paths.js';
import type { TraceWorkerData } from './trace-protocol.js';

/**
 * The trace's worker thread (src/trace/trace-worker.ts): built, `dist/trace-worker.js` beside the
 * bundles; from source (tests, tsx), the TypeScript file through tsx's loader.
 */
export function startTraceWorker(data: TraceWorkerData): Worker {
  if (RUNS_BUILT)
    return new Worker(new URL('./trace-worker.js', import.meta.url), { workerData: data });
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/cjs$/, 'mjs'),
  ).href;
  const source = new URL('./trace-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData: data },
  );
}
