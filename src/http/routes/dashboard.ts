import type { Request, Response, Router } from 'express';
import { fail } from '../../errors/service-error.js';
import { dashboardAssets, DASHBOARD_DIR, type DashboardAsset } from '../dashboard-assets.js';
import { createRouter } from '../router.js';

/**
 * The page may run only its own script and style, talk only to this sandbox (HTTP and WebSocket),
 * and be framed by nobody: a page served on localhost that holds the admin token must not be a
 * way in for another site.
 */
function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ws://${host} wss://${host}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function send(req: Request, res: Response, asset: DashboardAsset): void {
  res.setHeader('Content-Type', asset.contentType);
  res.setHeader(
    'Cache-Control',
    asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  // The Host check has already accepted this name (edge/host-check.ts).
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(req.headers.host ?? ''));
  res.setHeader('Content-Length', asset.body.length);
  res.end(req.method === 'HEAD' ? undefined : asset.body);
}

/**
 * The developer dashboard: `GET /` for a browser (one whose `Accept` prefers HTML; every other
 * client keeps the JSON index, the next handler) and its hashed files under `/dashboard/`.
 */
export function dashboardRoutes(): Router {
  const router = createRouter();
  router.get('/', (req, res, next) => {
    if (req.accepts(['application/json', 'text/html']) !== 'text/html') return next();
    const page = dashboardAssets().get('index.html');
    if (!page) throw fail('dashboard_not_built', { dir: DASHBOARD_DIR });
    send(req, res, page);
  });
  router.get('/dashboard/:file', (req, res, next) => {
    const asset =
      req.params.file === 'index.html' ? undefined : dashboardAssets().get(req.params.file);
    if (!asset) return next(); // the JSON 404 of an unknown route
    send(req, res, asset);
  });
  return router;
}
