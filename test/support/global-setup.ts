import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Builds `dist/` once before the suite, so the CLI tests run the same `dist/cli.js` that
 * `npx delivery-sandbox` runs (and never a stale build): bundled, its dependencies inlined; and
 * the browser tests the same page.
 */
export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-assets.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-validators.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' });
  // The dashboard (dist/dashboard/), which the browser tests open.
  execFileSync(process.execPath, ['scripts/build-dashboard.mjs'], { stdio: 'inherit' });
}
