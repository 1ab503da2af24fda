import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadOpenApiDocument,
  operationsOf,
  type DocumentName,
} from '../src/http/openapi-document.js';
import {
  bodySchema,
  componentsSchema,
  newAjv,
  queryParams,
  querySchema,
} from '../src/http/request-validators.js';
import type { PrebuiltValidators } from '../src/http/prebuilt-validators.js';

/**
 * The request validators the build generates (dist/validators/<name>.cjs, decision 19), which a
 * built start uses instead of compiling them with ajv, against the ones ajv compiles from the same
 * schemas (what running from source does, and what the rest of the suite checks): the same
 * verdicts, the same errors, the same coercion and defaults, for every operation of both documents.
 */
const built = (name: DocumentName): PrebuiltValidators =>
  createRequire(import.meta.url)(join(import.meta.dirname, `../dist/validators/${name}.cjs`));

/** Inputs of every shape, and each property of the schema given a wrong value of each kind. */
function inputs(schema: { properties?: Record<string, unknown> } | undefined): unknown[] {
  const wrong: unknown[] = [
    null,
    'x',
    '',
    -1,
    1.5,
    'NaN',
    '2026-13-45T99:00:00Z',
    true,
    [],
    {},
    [1],
    { a: 1 },
  ];
  const out: unknown[] = [undefined, null, 0, 'x', [], {}, { unknown_field: 1 }, ...wrong];
  for (const key of Object.keys(schema?.properties ?? {})) {
    for (const value of wrong) out.push({ [key]: value });
    out.push({ [key]: '2026-11-26T13:00:00Z' }, { [key]: 'a'.repeat(600) }, { [key]: '5' });
  }
  return out;
}

describe.each(['v1', 'sandbox'] as const)('the built validators of %s', (name) => {
  const doc = loadOpenApiDocument(name);
  const ids = [...operationsOf(doc).keys()];
  const generated = built(name);

  it('validate every request body as ajv compiles it', () => {
    const ajv = newAjv(false).addSchema(componentsSchema(doc, name));
    const withBody = ids.filter((id) => bodySchema(doc, name, id));
    expect(Object.keys(generated.body).sort()).toEqual([...withBody].sort());
    for (const id of withBody) {
      const schema = bodySchema(doc, name, id)!;
      const compiled = ajv.compile(schema);
      const fn = generated.body[id]!;
      for (const input of inputs(schema)) {
        const [a, b] = [structuredClone(input), structuredClone(input)];
        expect([fn(a), fn.errors], `${id} ${JSON.stringify(input)}`).toEqual([
          compiled(b),
          compiled.errors,
        ]);
      }
    }
  });

  it('validate every query string as ajv compiles it, coercion and defaults included', () => {
    const ajv = newAjv(true).addSchema(componentsSchema(doc, name));
    expect(Object.keys(generated.query).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const schema = querySchema(queryParams(doc, id), name);
      const compiled = ajv.compile(schema);
      const fn = generated.query[id]!;
      for (const input of [
        {},
        ...inputs(schema).filter((i) => i !== null && typeof i === 'object'),
      ]) {
        const [a, b] = [structuredClone(input), structuredClone(input)];
        expect([fn(a), fn.errors, a], `${id} ${JSON.stringify(input)}`).toEqual([
          compiled(b),
          compiled.errors,
          b,
        ]);
      }
    }
  });
});
