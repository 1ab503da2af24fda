import type { Router } from 'express';
import type { SandboxContext } from '../../../service/context.js';
import type { SandboxState } from '../../../store/state.js';
import type { AppDeps } from '../../app-deps.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import { worldSummary } from './world-summary.js';

/** The whole state, exported and imported as JSON, and the bundled scenarios. */
export function sandboxStateRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  state: AppDeps['state'],
): Router {
  const router = createRouter();

  router.get('/__sandbox/scenarios', (_req, res) => {
    res.json({ scenarios: state.scenarios() });
  });

  router.get('/__sandbox/state', (_req, res) => {
    res.json(state.export());
  });

  router.put(
    '/__sandbox/state',
    ...jsonBody,
    validateBody(validators, 'sandboxImportState'),
    async (req, res) => {
      await state.import(req.body as SandboxState);
      res.json(worldSummary(ctx));
    },
  );

  return router;
}
