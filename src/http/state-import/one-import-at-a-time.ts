import type { RequestHandler, Response } from 'express';
import { fail } from '../../errors/service-error.js';

let running = false;
const HOLD = Symbol('import slot');

/**
 * Lets one state import (`PUT /__sandbox/state`) run at a time in the process, every sandbox
 * included: an import holds its body, the parsed state and the new world at once (hundreds of
 * megabytes for a big state), so four at once could take gigabytes. The others are answered
 * `import_in_progress` (409 with `Retry-After`) at once, before their body is read. The slot is
 * freed once the answer has gone (or the client has left) and the import's own work, handed to
 * `holdImportSlot`, has ended: a client that leaves does not end the work it started.
 */
export const oneImportAtATime: RequestHandler = (_req, res, next) => {
  if (running) throw fail('import_in_progress');
  running = true;
  let holds = 1;
  const release = (): void => {
    holds -= 1;
    if (holds === 0) running = false;
  };
  res.once('close', release);
  (res.locals as unknown as Record<symbol, unknown>)[HOLD] = (work: Promise<unknown>): void => {
    holds += 1;
    void work.then(release, release);
  };
  next();
};

/** Keeps the import slot taken until `work` ends, whether or not the client is still there. */
export function holdImportSlot<T>(res: Response, work: Promise<T>): Promise<T> {
  const hold = (res.locals as unknown as Record<symbol, unknown>)[HOLD] as
    ((work: Promise<unknown>) => void) | undefined;
  hold?.(work);
  return work;
}
