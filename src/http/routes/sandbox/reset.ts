import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import type { ScenarioFile } from '../../../domain/scenario-file.generated.js';
import { fail } from '../../../errors/service-error.js';
import { ScenarioError } from '../../../errors/scenario-error.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/**
 * `POST /__sandbox/reset`: the request's sandbox back to a fresh scenario state, bundled or sent
 * as an object.
 */
export function sandboxResetRoutes(validators: RequestValidators): Router {
  const router = createRouter();
  router.post(
    '/__sandbox/reset',
    ...jsonBody,
    validateBody(validators, 'sandboxReset', { optional: true }),
    async (req, res) => {
      try {
        // The schema lets through a bundled name or an object; the host reads no path from here.
        const world = await res.locals.host.reset(
          req.body as { scenario?: string | ScenarioFile; seed?: string | number },
        );
        res.json(describeWorld(world));
      } catch (err) {
        if (err instanceof ScenarioError) throw fail('invalid_scenario', { detail: err.message });
        throw err;
      }
    },
  );
  return router;
}
