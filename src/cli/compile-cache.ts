import * as nodeModule from 'node:module';

/**
 * Turns on Node's module compile cache (Node 22.1+; a no-op on Node 20, which has none): V8 keeps
 * the code it compiled from our files on disk, and the next start reads it instead of compiling the
 * bundle again (docs/decisions/0019-start-up.md). Node chooses the folder: `NODE_COMPILE_CACHE` when
 * set (the Docker image points it at a cache warmed when the image was built), else
 * `node-compile-cache` in the system's temporary folder; `NODE_DISABLE_COMPILE_CACHE=1` turns it
 * off. A cache that cannot be written (a read-only file system) costs nothing but its benefit.
 */
export function enableCompileCache(): void {
  // Not in @types/node 20, the oldest Node this package supports.
  const { enableCompileCache: enable } = nodeModule as { enableCompileCache?: () => unknown };
  enable?.();
}
