import { fileURLToPath } from 'node:url';

/**
 * The package's root folder, the same from `src/` (tsx, vitest) and from `dist/` (built): both sit
 * one level below it, beside `openapi/`, `scenarios/` and `fixtures/`.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** An absolute path inside the package. */
export function packagePath(...parts: string[]): string {
  return PACKAGE_ROOT + parts.join('/');
}

/** Whether this code runs built (from `dist/`, where the build wrote JSON copies of the YAML sources). */
const BUILT = import.meta.url.includes('/dist/');
/** Whether this code runs built, from `dist/` (else from `src/`, through tsx or vitest). */
export const RUNS_BUILT = BUILT;

/** A file the build wrote into `dist/` (e.g. `openapi/v1.json`), or `undefined` when running from source. */
export function builtPath(...parts: string[]): string | undefined {
  return BUILT ? packagePath('dist', ...parts) : undefined;
}
