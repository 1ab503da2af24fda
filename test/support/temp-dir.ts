import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new folder in the system's temporary folder, named `<prefix>XXXXXX`, removed with what is in it
 * once the test that asked for it has finished (after its `afterEach` hooks, pass or fail). For
 * `--data` files and the like: a suite run leaves nothing behind in `/tmp`.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
