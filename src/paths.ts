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
