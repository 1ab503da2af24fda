import type { Router } from 'express';
import { advanceClock } from '../../../commands/advance-clock.js';
import { setClock } from '../../../commands/set-clock.js';
import type { ClockMode } from '../../../domain/scenario.js';
import { mapInSlices } from '../../../slices.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import { sendJsonText } from '../../send-json.js';

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
      const { now, fired } = await advanceClock(
        res.locals.world,
        (req.body as { by: string | number }).by,
      );
      // The text `res.json` would send, its events serialised in slices: an advance over 10 000
      // orders fires ~28 000, and one JSON.stringify of them all held every sandbox's requests.
      const events = await mapInSlices(fired, (event) => JSON.stringify(event));
      sendJsonText(res, `{"now":${JSON.stringify(now)},"fired":[${events.join(',')}]}`);
    },
  );

  return router;
}
