import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import type { SandboxState } from '../../../store/state.js';
import type { AppHost } from '../../app-host.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** The whole state, exported and imported as JSON, and the bundled scenarios. */
export function sandboxStateRoutes(validators: RequestValidators, host: AppHost): Router {
  const router = createRouter();

  router.get('/__sandbox/scenarios', (_req, res) => {
    res.json({ scenarios: host.scenarios() });
  });

  router.get('/__sandbox/state', (_req, res) => {
    res.json(host.exportState());
  });

  router.put(
    '/__sandbox/state',
    ...jsonBody,
    validateBody(validators, 'sandboxImportState'),
    async (req, res) => {
      res.json(describeWorld(await host.importState(req.body as SandboxState)));
    },
  );

  return router;
}
