import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
// @ts-expect-error: a build script, plain JavaScript without types
import { buildIsCurrent, finishBuild, startBuild } from '../../scripts/build-digest.mjs';

/**
 * Builds `dist/` once before the suite, so the CLI tests run the same `dist/cli.js` that
 * `npx delivery-sandbox` runs (and never a stale build): bundled, its dependencies inlined; and
 * the browser tests the same page. The build's steps are `npm run build`'s; it is skipped when
 * dist/ is the complete build of the inputs as they are (scripts/build-digest.mjs: the digest of
 * src/, the documents, the build scripts and the lockfile, by content, left by the last complete
 * build, this one's or `npm run build`'s): any changed byte among them builds again.
 */
export default function setup(): void {
  if ((buildIsCurrent as () => boolean)()) {
    console.log('dist/ is the build of the current sources (dist/.build-digest): not rebuilt');
    return;
  }
  (startBuild as () => void)();
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-assets.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-validators.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' });
  // The dashboard (dist/dashboard/), which the browser tests open.
  execFileSync(process.execPath, ['scripts/build-dashboard.mjs'], { stdio: 'inherit' });
  (finishBuild as () => void)();
}
