import type { RequestHandler } from 'express';
import { fail } from '../../errors/service-error.js';

let running = false;

/**
 * Lets one state import (`PUT /__sandbox/state`) run at a time in the process, every sandbox
 * included: an import holds its body, the parsed state and the new world at once (hundreds of
 * megabytes for a big state), so four at once could take gigabytes. The others are answered
 * `import_in_progress` (409 with `Retry-After`) at once, before their body is read. The slot is
 * freed when the answer has gone or the client has left.
 */
export const oneImportAtATime: RequestHandler = (_req, res, next) => {
  if (running) throw fail('import_in_progress');
  running = true;
  res.once('close', () => {
    running = false;
  });
  next();
};
