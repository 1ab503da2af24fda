import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { builtPath } from '../paths.js';

/** A document's request validators as the build generated them, by operationId. */
export interface PrebuiltValidators {
  body: Record<string, ValidateFunction>;
  query: Record<string, ValidateFunction>;
}

/**
 * The validators the build generated for a document (`dist/validators/<name>.cjs`,
 * scripts/build-validators.mjs: ajv's standalone code of the same schemas, same options), or
 * undefined when running from source, where ajv compiles each on first use. Generating ajv's code
 * is most of a first request's time otherwise (~100 ms for `POST /v1/orders`, decision 19).
 * Required, not imported: the bundle does not carry them, and only a built start reads them.
 */
export function loadPrebuiltValidators(name: string): PrebuiltValidators | undefined {
  const path = builtPath('validators', `${name}.cjs`);
  if (path === undefined || !existsSync(path)) return undefined;
  return createRequire(import.meta.url)(path) as PrebuiltValidators;
}
