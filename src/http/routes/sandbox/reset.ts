import type { Router } from 'express';
import { ScenarioError } from '../../../scenarios/load-scenario.js';
import type { SandboxContext } from '../../../service/context.js';
import { errors } from '../../../service/errors.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import type { AppDeps } from '../../app-deps.js';
import { worldSummary } from './world-summary.js';

/** `POST /__sandbox/reset`: back to a fresh scenario state. */
export function sandboxResetRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  reset: AppDeps['reset'],
): Router {
  const router = createRouter();
  router.post(
    '/__sandbox/reset',
    ...jsonBody,
    validateBody(validators, 'sandboxReset', { optional: true }),
    async (req, res) => {
      try {
        await reset(req.body as { scenario?: string; seed?: string | number });
      } catch (err) {
        if (err instanceof ScenarioError)
          throw errors.invalid(err.message, 'scenario', 'invalid_scenario');
        throw err;
      }
      res.json(worldSummary(ctx));
    },
  );
  return router;
}
