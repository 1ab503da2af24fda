import type { Router } from 'express';
import { parseDuration } from '../../../domain/duration.js';
import type { SandboxEvent } from '../../../events/event-bus.js';
import type { SandboxContext } from '../../../service/context.js';
import { errors } from '../../../service/errors.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import { replyCommitted } from '../../reply-committed.js';
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
      const ms = parseDuration(by);
      if (ms === undefined) {
        throw errors.invalid(
          `by must be a duration such as 90, "90s", "10m" or "1h30m"; got ${JSON.stringify(by)}`,
          'by',
        );
      }
      const fired: SandboxEvent[] = [];
      const unsubscribe = ctx.bus.subscribe((event) => fired.push(event));
      try {
        // Each step's webhook attempts finish before time moves on, so retries that fall due within
        // the advance happen within it, and the receiver has every first attempt when this answers.
        await ctx.scheduler.advanceToSettling(ctx.clock.now() + ms, () => webhooks.settle());
      } finally {
        unsubscribe();
      }
      await replyCommitted(ctx, res, 200, { now: ctx.clock.iso(), fired });
    },
  );

  return router;
}
