import { createRequire } from 'node:module';
import type * as TestcontainersApi from 'testcontainers';

/** The testcontainers package's API, as `import * as tc from 'testcontainers'` gives it. */
export type Testcontainers = typeof TestcontainersApi;

/** What to do when `testcontainers` is not installed: it is an optional peer dependency. */
export const MISSING_TESTCONTAINERS =
  "delivery-sandbox/testcontainers needs the 'testcontainers' package, an optional peer dependency " +
  'of delivery-sandbox that is not installed: run `npm install --save-dev testcontainers@^11` ' +
  '(or import startSandbox from delivery-sandbox to run the sandbox in the test process, without Docker)';

/**
 * Loads `testcontainers` when `delivery-sandbox/testcontainers` is imported (never by the main
 * entry), from the project that imports it: a missing package is a one-line error saying how to
 * install it, instead of a bare "Cannot find module". Any other failure (a broken install) is
 * thrown as it is.
 */
export function loadTestcontainers(require = createRequire(import.meta.url)): Testcontainers {
  try {
    return require('testcontainers') as Testcontainers;
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (code === 'MODULE_NOT_FOUND' && message?.includes("'testcontainers'"))
      throw new Error(MISSING_TESTCONTAINERS, { cause: err });
    throw err;
  }
}

/** The testcontainers API, loaded once, as this entry point is. */
export const testcontainers: Testcontainers = loadTestcontainers();
