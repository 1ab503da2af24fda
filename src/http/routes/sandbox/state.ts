import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import type { SandboxState } from '../../../store/state.js';
import type { AppHost } from '../../app-host.js';
import { stateJsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** The whole state, exported and imported as JSON, and the bundled scenarios. */
export function sandboxStateRoutes(validators: RequestValidators, host: AppHost): Router {
  const router = createRouter();

  router.get('/__sandbox/scenarios', (_req, res) => {
    res.json({ scenarios: host.scenarios() });
  });

  // Streamed a record at a time, yielding between chunks: /v1 keeps answering during an export.
  router.get('/__sandbox/state', async (_req, res) => {
    res.type('application/json; charset=utf-8');
    let gone = false;
    res.once('close', () => (gone = true));
    for await (const chunk of host.exportStateChunks()) {
      if (gone) return; // the client left: stop serialising
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });

  router.put(
    '/__sandbox/state',
    ...stateJsonBody,
    validateBody(validators, 'sandboxImportState'),
    async (req, res) => {
      res.json(describeWorld(await host.importState(req.body as SandboxState)));
    },
  );

  return router;
}
