import type { Router } from 'express';
import { fail } from '../../../errors/service-error.js';
import { createRouter } from '../../router.js';

/**
 * `GET /__sandbox/trace`: the request's sandbox's trace as recorded so far (docs/traces.md), a
 * gzipped JSON-lines stream; 404 `trace_not_recording` when the sandbox records none.
 */
export function sandboxTraceRoutes(): Router {
  const router = createRouter();
  router.get('/__sandbox/trace', async (req, res) => {
    const trace = res.locals.host.trace;
    if (!trace) {
      const named = /^\/__sandbox\/sandboxes\/([^/]+)\//.exec(req.originalUrl)?.[1];
      throw fail('trace_not_recording', { sandbox: named ?? 'default' });
    }
    const body = await trace.snapshot();
    res
      .status(200)
      .set('Content-Type', 'application/gzip')
      .set('Content-Disposition', 'attachment; filename="trace.jsonl.gz"')
      .send(body);
  });
  return router;
}
