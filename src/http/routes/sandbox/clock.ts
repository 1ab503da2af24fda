import type { Router } from 'express';
import { advanceClock } from '../../../commands/advance-clock.js';
import { setClock } from '../../../commands/set-clock.js';
import type { ClockMode } from '../../../domain/scenario.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** The virtual clock: read it, switch its mode or speed, and advance it. */
export function sandboxClockRoutes(validators: RequestValidators): Router {
  const router = createRouter();

  router.get('/__sandbox/clock', (_req, res) => {
    res.json(res.locals.world.clock.state());
  });

  router.put(
    '/__sandbox/clock',
    ...jsonBody,
    validateBody(validators, 'sandboxSetClock'),
    (req, res) => {
      res.json(setClock(res.locals.world, req.body as { mode?: ClockMode; speed?: number }));
    },
  );

  router.post(
    '/__sandbox/clock/advance',
    ...jsonBody,
    validateBody(validators, 'sandboxAdvanceClock'),
    async (req, res) => {
      // The receiver has every first attempt of what fired by the time this answers.
      res.json(await advanceClock(res.locals.world, (req.body as { by: string | number }).by));
    },
  );

  return router;
}
