import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/**
 * The one ajv set-up (JSON Schema 2020-12, the dialect of OpenAPI 3.1 and of scenarios/schema.json):
 * every error listed, strict, formats, OpenAPI's `example` keyword allowed. `options` adds what
 * one use needs (coercion and defaults for query strings, defaults for scenario files).
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}
