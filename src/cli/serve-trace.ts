import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { dashboardAssets, DASHBOARD_DIR } from '../http/dashboard-assets.js';

/**
 * Serves the built dashboard and one trace file, for `delivery-sandbox show-trace`: the page opens
 * `/?trace=/trace` and shows the trace read-only. Nothing but this machine's files is fetched
 * (the dashboard is built offline, decision 14); resolves with the page's URL once listening.
 */
export async function serveTrace(
  bytes: Uint8Array,
  file: string,
  at: { port: number; host: string },
): Promise<string> {
  const assets = dashboardAssets();
  const page = assets.get('index.html');
  if (!page)
    throw new Error(`the dashboard is not built (no ${DASHBOARD_DIR}); run npm run build first`);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    if (path === '/trace') {
      res.writeHead(200, {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `inline; filename="${basename(file).replace(/"/g, '')}"`,
      });
      res.end(bytes);
      return;
    }
    const asset = path === '/' ? page : assets.get(path.replace(/^\/dashboard\//, ''));
    if (!asset || (path !== '/' && !path.startsWith('/dashboard/'))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': asset.contentType }).end(asset.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return `http://${host}:${port}/?trace=/trace`;
}
