import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import type { SandboxState } from '../../../store/state.js';
import { requireJson } from '../../middleware/json-body.js';
import { holdImportSlot, oneImportAtATime } from '../../state-import/one-import-at-a-time.js';
import { readStateBody } from '../../state-import/read-state-body.js';
import { createRouter } from '../../router.js';

/** The request's sandbox's whole state, exported and imported as JSON, and the bundled scenarios. */
export function sandboxStateRoutes(): Router {
  const router = createRouter();

  router.get('/__sandbox/scenarios', (_req, res) => {
    res.json({ scenarios: res.locals.host.scenarios() });
  });

  // Streamed a record at a time, yielding between chunks: /v1 keeps answering during an export.
  router.get('/__sandbox/state', async (_req, res) => {
    res.type('application/json; charset=utf-8');
    let gone = false;
    res.once('close', () => (gone = true));
    for await (const chunk of res.locals.host.exportStateChunks()) {
      if (gone) return; // the client left: stop serialising
      // Waits for the socket to take the chunk, or for the client to leave (no 'drain' then).
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
    }
    res.end();
  });

  router.put(
    '/__sandbox/state',
    requireJson,
    oneImportAtATime,
    // Parsed and validated in a worker thread (the schema's errors as validateBody gives them).
    readStateBody,
    async (req, res) => {
      const world = await holdImportSlot(
        res,
        res.locals.host.importState(req.body as SandboxState),
      );
      res.json(describeWorld(world));
    },
  );

  return router;
}
