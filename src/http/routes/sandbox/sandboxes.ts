import type { Request, Response, Router } from 'express';
import type { AppHost } from '../../app-host.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody, validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import type { SandboxDirectory, SandboxSpec, SandboxSummary } from '../../sandbox-directory.js';
import { sendPage } from '../../send-page.js';

/** A sandbox as answered: its summary and the URLs to reach it, on the Host the client used. */
function present(
  req: Request,
  s: SandboxSummary,
): SandboxSummary & { urls: Record<string, string> } {
  const host = req.get('host') ?? 'localhost';
  const base = `${req.protocol}://${host}`;
  const ws = req.protocol === 'https' ? 'wss' : 'ws';
  const path = `/__sandbox/sandboxes/${s.name}`;
  return {
    ...s,
    urls: {
      api: `${base}/v1`,
      control: `${base}${path}`,
      stream: `${ws}://${host}${path}/stream`,
      dashboard: `${base}/?sandbox=${s.name}`,
    },
  };
}

/**
 * `/__sandbox/sandboxes`: create (or replace), list, read and delete the named sandboxes, each a
 * whole world of its own (docs/sandboxes.md). Answers 404 on a host without them.
 */
export function sandboxSandboxesRoutes(validators: RequestValidators, host: AppHost): Router {
  const router = createRouter();
  // The server's sandboxes, not under a sandbox's own path (`/__sandbox/sandboxes/x/sandboxes`).
  const directory = (res: Response): SandboxDirectory | undefined =>
    res.locals.host === host ? host.sandboxes : undefined;

  router.put(
    '/__sandbox/sandboxes/:name',
    ...jsonBody,
    validateBody(validators, 'sandboxPutSandbox', { optional: true }),
    async (req, res, next) => {
      const sandboxes = directory(res);
      if (!sandboxes) return next();
      const { created, sandbox } = await sandboxes.put(
        String(req.params.name),
        req.body as SandboxSpec,
      );
      res.status(created ? 201 : 200).json(present(req, sandbox));
    },
  );

  router.get(
    '/__sandbox/sandboxes',
    validateQuery(validators, 'sandboxListSandboxes'),
    (req, res, next) => {
      const sandboxes = directory(res);
      if (!sandboxes) return next();
      sendPage(
        res,
        'sandboxes',
        sandboxes.summaries().map((s) => present(req, s)),
        (s) => s.name,
      );
    },
  );

  router.get('/__sandbox/sandboxes/:name', (req, res, next) => {
    const sandboxes = directory(res);
    if (!sandboxes) return next();
    res.json(present(req, sandboxes.describe(req.params.name)));
  });

  router.delete('/__sandbox/sandboxes/:name', async (req, res, next) => {
    const sandboxes = directory(res);
    if (!sandboxes) return next();
    await sandboxes.delete(req.params.name);
    res.status(204).end();
  });

  return router;
}
