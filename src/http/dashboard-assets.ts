import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { packagePath } from '../paths.js';

/** One built file of the dashboard, held in memory (the whole dashboard is a few dozen KB). */
export interface DashboardAsset {
  body: Buffer;
  contentType: string;
  /** Hashed names never change content, so browsers may keep them; the page itself is revalidated. */
  immutable: boolean;
}

/** Where `npm run build` writes the dashboard (scripts/build-dashboard.mjs). */
export const DASHBOARD_DIR = packagePath('dist', 'dashboard');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

let loaded: Map<string, DashboardAsset> | undefined;

/**
 * The dashboard's files by name (`index.html`, `app-<hash>.js`, …), read once per process; empty
 * when the dashboard was never built (a run from source without `npm run build`). Only the
 * extensions above are served: a source map or anything else left in the folder is not.
 */
export function dashboardAssets(): ReadonlyMap<string, DashboardAsset> {
  if (loaded) return loaded;
  const assets = new Map<string, DashboardAsset>();
  if (existsSync(DASHBOARD_DIR)) {
    for (const name of readdirSync(DASHBOARD_DIR)) {
      const ext = name.slice(name.lastIndexOf('.'));
      const contentType = TYPES[ext];
      if (!contentType) continue;
      assets.set(name, {
        body: readFileSync(`${DASHBOARD_DIR}/${name}`),
        contentType,
        immutable: name !== 'index.html',
      });
    }
  }
  // Keep an empty result from being cached: a build finishing later is then picked up.
  if (assets.size > 0) loaded = assets;
  return assets;
}
