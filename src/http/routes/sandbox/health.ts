import type { Router } from 'express';
import { createRouter } from '../../router.js';
import type { SandboxContext } from '../../../service/context.js';

/** `GET /__sandbox/health`: used by Docker's HEALTHCHECK and by scripts waiting for start-up. */
export function healthRoutes(ctx: SandboxContext, version: string): Router {
  const router = createRouter();
  router.get('/__sandbox/health', (_req, res) => {
    res.json({
      status: 'ok',
      version,
      scenario: ctx.scenario.name,
      clock: { mode: ctx.clock.mode, speed: ctx.clock.speed, now: ctx.clock.iso() },
    });
  });
  return router;
}
