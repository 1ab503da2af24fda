// The digest of everything `npm run build` reads, kept beside its output (dist/.build-digest), so
// that the test suite's global setup (test/support/global-setup.ts) skips a build whose inputs have
// not changed since the last complete one, and rebuilds when any of them did.
// - `node scripts/build-digest.mjs start`, the build's first step: forgets the stamp (a build that
//   stops half way leaves none) and notes the digest of the inputs as they are now;
// - `node scripts/build-digest.mjs done`, its last step: makes that noted digest the stamp. The
//   digest is taken before building, so an edit made during the build makes the next check rebuild.
// Inputs are compared by content: a checkout or a touch that changes no byte rebuilds nothing.
import console from 'node:console';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';

/** What the build reads: the sources, the documents, the build scripts, the toolchain's lock. */
export const BUILD_INPUTS = [
  'src',
  'openapi',
  'scenarios',
  'dashboard',
  'fixtures',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
/** What a complete build leaves, checked too: a stamp says nothing of an output deleted since. */
export const BUILD_OUTPUTS = [
  'dist/cli.js',
  'dist/index.js',
  'dist/index.cjs',
  'dist/testcontainers.js',
  'dist/types/index.d.ts',
  'dist/validators/v1.cjs',
  'dist/validators/sandbox.cjs',
  'dist/dashboard/index.html',
];
const STAMP = 'dist/.build-digest';
const PENDING = 'dist/.build-digest.pending';

/** The files of `input` (a file, or every file under a folder but unit tests), sorted. */
function filesOf(root, input) {
  const full = join(root, input);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.test.ts')) // tsconfig.build.json skips them
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** The sha256 of the inputs' paths and contents. */
export function buildDigest(root = process.cwd()) {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => filesOf(root, input)))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether dist/ is the complete build of the inputs as they are now. */
export function buildIsCurrent(root = process.cwd()) {
  if (!BUILD_OUTPUTS.every((f) => existsSync(join(root, f)))) return false;
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === buildDigest(root);
}

/** The build's first step: no stamp until it completes; the digest of the inputs it starts from. */
export function startBuild(root = process.cwd()) {
  rmSync(join(root, STAMP), { force: true });
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, PENDING), buildDigest(root));
}

/** The build's last step: the digest noted at its start becomes the stamp. */
export function finishBuild(root = process.cwd()) {
  renameSync(join(root, PENDING), join(root, STAMP));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const step = { start: startBuild, done: finishBuild }[process.argv[2] ?? ''];
  if (!step) {
    console.error('usage: node scripts/build-digest.mjs start|done');
    process.exit(2);
  }
  step();
}
