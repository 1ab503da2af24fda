import { createRequire } from 'node:module';
import type { Ajv2020, Options } from 'ajv/dist/2020.js';

interface AjvModules {
  Ajv2020: new (options: Options) => Ajv2020;
  addFormats: (ajv: Ajv2020) => void;
}

let modules: AjvModules | undefined;

/**
 * ajv and ajv-formats, loaded on the first `createAjv`: a built start never calls it (the request
 * validators and the bundled scenarios are checked at build time), and loading ajv's 2020 dialect
 * was ~15 ms of every start (docs/decisions/0020-start-up-work.md). Both ship CommonJS: in a bundle
 * (`require` is the bundle's) the `require` calls below are the bundler's, run here on first use;
 * from source, an ES module has no `require`, and Node's createRequire loads them.
 */
function ajvModules(): AjvModules {
  if (!modules) {
    const load: (id: string) => unknown =
      typeof require === 'function'
        ? (id) =>
            // Literal ids, so that the bundler inlines both (see above).
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            (id === 'ajv-formats' ? require('ajv-formats') : require('ajv/dist/2020.js')) as unknown
        : createRequire(import.meta.url);
    const ajv = load('ajv/dist/2020.js') as { Ajv2020: AjvModules['Ajv2020'] };
    const formats = load('ajv-formats') as { default: AjvModules['addFormats'] };
    modules = { Ajv2020: ajv.Ajv2020, addFormats: formats.default };
  }
  return modules;
}

/**
 * The one ajv set-up (JSON Schema 2020-12, the dialect of OpenAPI 3.1 and of scenarios/schema.json):
 * every error listed, strict, formats, OpenAPI's `example` keyword allowed. `options` adds what
 * one use needs (coercion and defaults for query strings, defaults for scenario files).
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const { Ajv2020, addFormats } = ajvModules();
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
