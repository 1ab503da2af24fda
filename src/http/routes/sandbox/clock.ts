import type { Router } from 'express';
import { advanceClock } from '../../../service/advance-clock.js';
import type { SandboxContext } from '../../../service/context.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import type { WebhookControl } from '../../app-deps.js';
import { createRouter } from '../../router.js';

/** The virtual clock: read it, switch its mode or speed, and advance it. */
export function sandboxClockRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  webhooks: WebhookControl,
): Router {
  const router = createRouter();

  router.get('/__sandbox/clock', (_req, res) => {
    res.json(ctx.clock.state());
  });

  router.put(
    '/__sandbox/clock',
    ...jsonBody,
    validateBody(validators, 'sandboxSetClock'),
    (req, res) => {
      ctx.clock.configure(req.body as { mode?: 'realtime' | 'manual'; speed?: number });
      ctx.scheduler.clockChanged();
      res.json(ctx.clock.state());
    },
  );

  router.post(
    '/__sandbox/clock/advance',
    ...jsonBody,
    validateBody(validators, 'sandboxAdvanceClock'),
    async (req, res) => {
      const { by } = req.body as { by: string | number };
      // The receiver has every first attempt of what fired by the time this answers.
      res.json(await advanceClock(ctx, by, () => webhooks.settle()));
    },
  );

  return router;
}
